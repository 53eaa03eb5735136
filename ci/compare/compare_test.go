package compare

import (
	"fmt"
	"net/http/httptest"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/wpmock/wpmock/mock"
	"github.com/wpmock/wpmock/mock/control"
	"github.com/wpmock/wpmock/mock/rest"
)

// TestCompare sends every row of the table to a real WordPress ($WPCONTRACT_URL, with
// the admin application password in $WPCONTRACT_PASSWORD) and to the mock in-process,
// and compares the answers. It runs only with WPCOMPARE=1 (make compare).
func TestCompare(t *testing.T) {
	if os.Getenv("WPCOMPARE") != "1" {
		t.Skip("set WPCOMPARE=1 (make compare) to compare with a real WordPress")
	}
	api := os.Getenv("WPCONTRACT_URL")
	if api == "" {
		t.Skip("WPCONTRACT_URL is not set: source ci/wordpress/.run/env (make wordpress-up)")
	}
	if u := os.Getenv("WPCONTRACT_USER"); u != "admin" {
		t.Fatalf("WPCONTRACT_USER is %q: the comparison acts as the administrator \"admin\", as the mock's seed names it", u)
	}
	start := time.Now()

	wp := newTarget("WordPress", api, strings.TrimSuffix(strings.TrimRight(api, "/"), "/wp-json"))
	wp.passwords["admin"] = os.Getenv("WPCONTRACT_PASSWORD")
	if err := prepare(wp); err != nil {
		t.Fatalf("preparing WordPress: %v", err)
	}
	resolve(wp)
	if len(wp.unresolved) > 0 {
		t.Fatalf("WordPress lacks objects after preparing it: %v", wp.unresolved)
	}

	// the mock answers as the version of the WordPress it is compared with
	var version rest.Version
	if v := os.Getenv("WP_VERSION"); v != "" {
		var err error
		if version, err = rest.ParseVersion(v); err != nil {
			t.Fatalf("WP_VERSION: %v", err)
		}
	}
	m, err := mock.New(mock.Options{Control: control.Mount, Dataset: withDeclarations(t), Version: version, SiteOptions: siteOptions(t)})
	if err != nil {
		t.Fatalf("mock.New: %v", err)
	}
	t.Logf("compare: the mock answers as WordPress %s", m.Version())
	srv := httptest.NewServer(m)
	t.Cleanup(srv.Close) // after the cleanup of the write rows, registered later

	mk := newTarget("mock", srv.URL+"/wp-json", srv.URL)
	for login, pw := range m.Passwords {
		mk.passwords[login] = pw
	}
	resolve(mk)
	for name, why := range mk.unresolved {
		t.Logf("mock: {%s} unresolved (its rows fail): %s", name, why)
	}

	// The write rows make objects on both sides: whatever an earlier run left is
	// swept first, and what this run makes is deleted at the end, even after failures.
	for _, tg := range []*target{wp, mk} {
		for _, e := range sweep(tg) {
			t.Logf("sweeping %s before the write rows: %v", tg.name, e)
		}
	}
	t.Cleanup(func() {
		for _, tg := range []*target{wp, mk} {
			for _, e := range cleanup(tg) {
				t.Errorf("cleaning up %s: %v", tg.name, e)
			}
		}
	})

	var total, passed, failed, skipped int
	for _, rw := range allRows() {
		rw := rw
		total++
		skip := false
		ok := t.Run(rw.name(), func(t *testing.T) {
			if rw.mockOnly != "" {
				skip = true
				t.Skip(rw.mockOnly)
			}
			compareRow(t, &rw, wp, mk)
		})
		switch {
		case skip:
			skipped++
		case ok:
			passed++
		default:
			failed++
		}
	}
	t.Logf("compare: %d rows, %d passed, %d failed, %d skipped (%s)", total, passed, failed, skipped,
		time.Since(start).Round(time.Millisecond))
}

// compareRow sends one row to both sides and reports the differences that are not
// allowed.
func compareRow(t *testing.T, rw *row, wp, mk *target) {
	want, wantPath, err := send(wp, rw)
	if err != nil {
		t.Fatalf("%s: %v", rw.name(), err)
	}
	got, gotPath, err := send(mk, rw)
	if err != nil {
		t.Fatalf("%s: %v", rw.name(), err)
	}
	t.Logf("WordPress %s: %s; mock %s: %s", wantPath, want.summary(), gotPath, got.summary())
	var msgs []string
	diffs := compareResponses(rw, want, got)
	diffs = append(diffs, checkExpect(rw, wp, want, mk, got)...)
	diffs = append(diffs, checkSame(rw, wp, want, mk, got)...)
	for _, d := range diffs {
		if reason := allowedFor(rw.name(), d); reason != "" {
			t.Logf("allowed: %s (%s)", d, reason)
			continue
		}
		msgs = append(msgs, "\t"+d.String())
	}
	if len(msgs) > 0 {
		t.Errorf("%s %s (WordPress: %s, mock: %s), mock vs WordPress:\n%s", rw.method, describeRow(rw),
			wantPath, gotPath, strings.Join(msgs, "\n"))
	}
}

// describeRow is the request of a row for messages.
func describeRow(rw *row) string {
	s := rw.path
	if rw.site {
		s += " (under the site root)"
	}
	if rw.as != "" {
		s += " as " + rw.as
	} else {
		s += " anonymous"
	}
	for i := 0; i+1 < len(rw.header); i += 2 {
		s += fmt.Sprintf(", %s: %s", rw.header[i], rw.header[i+1])
	}
	switch {
	case rw.body != "":
		s += ", body " + rw.body
	case rw.raw != nil:
		s += fmt.Sprintf(", a %d-byte body", len(rw.raw))
	}
	return s
}

// send expands a row for one side and sends it.
func send(tg *target, rw *row) (*response, string, error) {
	path, err := tg.expand(rw.path)
	if err != nil {
		return nil, "", err
	}
	base := tg.api
	if rw.site {
		base = tg.site
	}
	header, body := rw.header, rw.raw
	if rw.body != "" {
		b, err := tg.expand(rw.body)
		if err != nil {
			return nil, path, err
		}
		body = []byte(b)
		header = append([]string{"Content-Type", "application/json"}, rw.header...)
	}
	r, err := tg.do(rw.method, base+path, rw.as, header, body)
	if err != nil {
		return nil, path, fmt.Errorf("%s %s on %s: %w", rw.method, path, tg.name, err)
	}
	tg.remember(rw, path, r)
	return r, path, nil
}
