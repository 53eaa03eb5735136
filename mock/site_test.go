package mock

import (
	"encoding/json"
	"fmt"
	"io"
	"maps"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/wpmock/wpmock/fixtures"
	"github.com/wpmock/wpmock/jsonshape"
	"github.com/wpmock/wpmock/mock/internal/sitetest"
)

// Shared test helpers: a seeded site behind httptest, requests as each seeded user,
// and a comparison of JSON shapes against responses captured from real WordPress 6.1
// (testdata/wordpress, taken with ci/wordpress).

// fixedClock is the clock of test sites.
func fixedClock() time.Time { return time.Date(2025, 6, 1, 12, 0, 0, 0, time.UTC) }

type testSite struct {
	*Mock
	srv *httptest.Server
}

func newTestSite(t testing.TB) *testSite {
	t.Helper()
	return newTestSiteWith(t, fixtures.Example())
}

// newTestSiteWith is a test site starting from ds.
func newTestSiteWith(t testing.TB, ds *fixtures.Dataset) *testSite {
	t.Helper()
	m, err := New(Options{Dataset: ds, Clock: fixedClock, Control: TestControl})
	if err != nil {
		t.Fatalf("New: %v", err)
	}
	srv := httptest.NewServer(m)
	t.Cleanup(srv.Close)
	return &testSite{Mock: m, srv: srv}
}

// reply is a decoded response.
type reply struct {
	status int
	header http.Header
	body   []byte
	json   any
}

// do sends a request as login ("" for anonymous) to a path under /wp-json.
func (s *testSite) do(t testing.TB, method, path, login string, body io.Reader, header ...string) reply {
	t.Helper()
	r := sitetest.Do(t, method, s.srv.URL+"/wp-json"+path, login, s.Passwords[login], body, header...)
	return reply{status: r.Status, header: r.Header, body: r.Body, json: r.JSON}
}

func (s *testSite) get(t testing.TB, path, login string) reply {
	t.Helper()
	return s.do(t, http.MethodGet, path, login, nil)
}

// errorCode returns the "code" of an error body.
func (r reply) errorCode() string {
	if m, ok := r.json.(map[string]any); ok {
		c, _ := m["code"].(string)
		return c
	}
	return ""
}

// wantError checks status and code of an error response.
func (r reply) wantError(t testing.TB, status int, code string) {
	t.Helper()
	if r.status != status || r.errorCode() != code {
		t.Errorf("got %d %s, want %d %s\n%s", r.status, r.errorCode(), status, code, r.body)
	}
}

// captured loads a response body captured from real WordPress.
func captured(t testing.TB, name string) any {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", "wordpress", name+".json"))
	if err != nil {
		t.Fatal(err)
	}
	var v any
	if err := json.Unmarshal(b, &v); err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	return v
}

// shapeDiff compares two JSON values by shape (jsonshape.Compare): the same keys
// (recursively) and the same JSON types; values themselves may differ. Lists compare
// their first elements. Keys listed in free (dotted paths, "*" for any key at that
// level) are not descended into, for objects whose keys are data (media sizes,
// capabilities, routes).
func shapeDiff(want, got any, free ...string) []string {
	var diffs []string
	for _, d := range jsonshape.Compare(want, got, jsonshape.Options{Free: func(path string) bool {
		return slices.ContainsFunc(free, func(f string) bool { return matchPath(f, path) })
	}}) {
		switch d.Kind {
		case jsonshape.Missing:
			diffs = append(diffs, fmt.Sprintf("%s: missing key %q", orRoot(d.Path), d.Key))
		case jsonshape.Unexpected:
			diffs = append(diffs, fmt.Sprintf("%s: unexpected key %q", orRoot(d.Path), d.Key))
		default:
			diffs = append(diffs, fmt.Sprintf("%s: got %s, want %s", orRoot(d.Path), jsonType(d.Got), jsonType(d.Want)))
		}
	}
	return diffs
}

func matchPath(pattern, path string) bool {
	pp, sp := strings.Split(pattern, "."), strings.Split(path, ".")
	if len(pp) != len(sp) {
		return false
	}
	for i := range pp {
		if pp[i] != "*" && pp[i] != sp[i] {
			return false
		}
	}
	return true
}

func orRoot(p string) string {
	if p == "" {
		return "(root)"
	}
	return p
}

func sortedKeys(m map[string]any) []string { return slices.Sorted(maps.Keys(m)) }

// jsonType names the JSON type of a decoded value (jsonshape.Type).
var jsonType = jsonshape.Type

// shapeCase is one row of a shape table: a request to the mock and the captured
// WordPress response it must look like.
type shapeCase struct {
	name, path, login, capture string
	free                       []string
}

func runShapeCases(t *testing.T, cases []shapeCase) {
	s := newTestSite(t)
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got := s.get(t, c.path, c.login)
			if got.status != http.StatusOK {
				t.Fatalf("GET %s: status %d\n%s", c.path, got.status, got.body)
			}
			for _, d := range shapeDiff(captured(t, c.capture), got.json, c.free...) {
				t.Errorf("GET %s vs WordPress %s: %s", c.path, c.capture, d)
			}
		})
	}
}

// valueDiff compares two JSON values exactly; "" when equal.
func valueDiff(want, got any) string {
	w, _ := json.Marshal(want)
	g, _ := json.Marshal(got)
	if string(w) != string(g) {
		return fmt.Sprintf("got %s, want %s", g, w)
	}
	return ""
}

func mustJSON(s string) any {
	var v any
	if err := json.Unmarshal([]byte(s), &v); err != nil {
		panic(err)
	}
	return v
}
