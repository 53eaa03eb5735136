package compare

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"strings"
	"testing"

	"github.com/wpmock/wpmock/mock"
	"github.com/wpmock/wpmock/mock/control"
	"github.com/wpmock/wpmock/mock/rest"
)

// The two sides of the catalogue and the permission matrix, and what they share with
// TestCompare: a prepared WordPress from the environment (make wordpress-up) and the
// mock in-process, answering as that WordPress's version.

// sides are the targets a side-by-side test sends its requests to. wp is nil when the
// test runs against the mock alone (make test, no WordPress).
type sides struct {
	wp, mk *target
	mock   *mock.Mock
}

// wordpressSide is the real WordPress named by the environment, prepared and resolved,
// or nil (with the reason) when the environment names none. A test that needs one
// skips with that reason.
//
// prepare runs only on a site that lacks the prepared objects: it replaces the role
// users' application passwords, which would cut off a TestCompare running at the same
// time. Each role user gets one more application password of its own instead, deleted
// when the test ends.
func wordpressSide(t *testing.T) (*target, string) {
	t.Helper()
	if os.Getenv("WPCOMPARE") != "1" {
		return nil, "set WPCOMPARE=1 (make catalogue) to compare with a real WordPress"
	}
	api := os.Getenv("WPCONTRACT_URL")
	if api == "" {
		return nil, "WPCONTRACT_URL is not set: source ci/wordpress/.run/env (make wordpress-up)"
	}
	if u := os.Getenv("WPCONTRACT_USER"); u != "admin" {
		t.Fatalf("WPCONTRACT_USER is %q: the comparison acts as the administrator \"admin\", as the mock's seed names it", u)
	}
	wp := newTarget("WordPress", api, strings.TrimSuffix(strings.TrimRight(api, "/"), "/wp-json"))
	wp.passwords["admin"] = os.Getenv("WPCONTRACT_PASSWORD")
	resolve(wp)
	if len(wp.unresolved) > 0 {
		if err := prepare(wp); err != nil {
			t.Fatalf("preparing WordPress: %v", err)
		}
		clear(wp.unresolved)
		resolve(wp)
		if len(wp.unresolved) > 0 {
			t.Fatalf("WordPress lacks objects after preparing it: %v", wp.unresolved)
		}
	}
	for _, u := range roleUsers {
		ap := "/wp/v2/users/" + wp.ids[u.login] + "/application-passwords"
		r, err := wp.want2xx(http.MethodPost, ap, "admin", map[string]any{"name": "wpside-" + randomHex(4)})
		if err != nil {
			t.Fatal(err)
		}
		m, _ := r.json.(map[string]any)
		pw, _ := m["password"].(string)
		uuid, _ := m["uuid"].(string)
		if pw == "" || uuid == "" {
			t.Fatalf("POST %s on WordPress: no password in the answer", ap)
		}
		wp.passwords[u.login] = pw
		t.Cleanup(func() {
			if r, err := wp.call(http.MethodDelete, ap+"/"+uuid, "admin", nil); err != nil || r.status != http.StatusOK {
				t.Errorf("deleting the application password of %s on WordPress: %v %v", u.login, err, r)
			}
		})
	}
	return wp, ""
}

// mockSide serves the example dataset in-process, answering as WordPress version (""
// is the mock's default), and resolves its placeholders.
func mockSide(t *testing.T, version string) (*target, *mock.Mock) {
	t.Helper()
	var v rest.Version
	if version != "" {
		var err error
		if v, err = rest.ParseVersion(version); err != nil {
			t.Fatalf("WP_VERSION: %v", err)
		}
	}
	m, err := mock.New(mock.Options{Control: control.Mount, Dataset: withDeclarations(t), Version: v, SiteOptions: siteOptions(t)})
	if err != nil {
		t.Fatalf("mock.New: %v", err)
	}
	srv := httptest.NewServer(m)
	t.Cleanup(srv.Close)
	mk := newTarget("mock", srv.URL+"/wp-json", srv.URL)
	for login, pw := range m.Passwords {
		mk.passwords[login] = pw
	}
	resolve(mk)
	if len(mk.unresolved) > 0 {
		t.Fatalf("the mock lacks objects of its example dataset: %v", mk.unresolved)
	}
	return mk, m
}

// openSides is both sides: WordPress when the environment names one (else wp is nil
// and, with needWordPress, the test is skipped), and the mock as its version.
func openSides(t *testing.T, needWordPress bool) *sides {
	t.Helper()
	wp, why := wordpressSide(t)
	if wp == nil && needWordPress {
		t.Skip(why)
	}
	version := ""
	if wp != nil {
		version = os.Getenv("WP_VERSION")
	}
	mk, m := mockSide(t, version)
	return &sides{wp: wp, mk: mk, mock: m}
}

// each lists the sides that are there: WordPress (when compared with) and the mock.
func (s *sides) each() []*target {
	if s.wp == nil {
		return []*target{s.mk}
	}
	return []*target{s.wp, s.mk}
}

// snapshot is the mock's whole dataset as GET /wpmock/v1/dataset answers it to admin.
func snapshot(mk *target) ([]byte, error) {
	r, err := mk.do(http.MethodGet, mk.api+"/wpmock/v1/dataset", "admin", nil, nil)
	if err != nil {
		return nil, err
	}
	if r.status != http.StatusOK {
		return nil, fmt.Errorf("GET /wpmock/v1/dataset: %s", r.summary())
	}
	return r.body, nil
}

// firstDifference is where two snapshots part, with some context, for messages.
func firstDifference(a, b []byte) string {
	i := 0
	for i < len(a) && i < len(b) && a[i] == b[i] {
		i++
	}
	from := max(0, i-80)
	cut := func(s []byte) string { return string(s[from:min(len(s), i+80)]) }
	return fmt.Sprintf("at byte %d: before …%s…, after …%s…", i, cut(a), cut(b))
}

// sweepPrefix deletes, as admin, whatever on this side carries prefix p in its name:
// posts in any status, media, users, tags and categories. Only what an earlier run
// of the same test made carries its prefix.
func sweepPrefix(tg *target, p string) []error {
	search := url.QueryEscape(strings.TrimSuffix(p, "-"))
	lists := []namedList{
		{"/wp/v2/posts?status=publish,future,draft,pending,private,trash&per_page=100&context=edit&search=" + search, "title.raw"},
		{"/wp/v2/pages?status=publish,future,draft,pending,private,trash&per_page=100&context=edit&search=" + search, "title.raw"},
		{"/wp/v2/media?per_page=100&context=edit&search=" + search, "title.raw"},
		{"/wp/v2/users?per_page=100&context=edit&search=" + search, "username"},
		{"/wp/v2/tags?per_page=100&context=edit&hide_empty=false&search=" + search, "name"},
		{"/wp/v2/categories?per_page=100&context=edit&hide_empty=false&search=" + search, "name"},
	}
	return deleteNamed(tg, lists, p)
}
