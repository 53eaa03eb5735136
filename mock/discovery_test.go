package mock

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

// TestFrontPageForDiscovery: GET and HEAD / answer 200 with WordPress's Link header to
// the REST root (what WPAPI.discover reads), the page lists the latest posts, and the
// other paths keep answering as before.
func TestFrontPageForDiscovery(t *testing.T) {
	m, err := New(Options{Seed: 1, Clock: fixedClock})
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		method, path string
		status       int
		link, body   string
	}{
		{http.MethodGet, "/", 200, `<http://example.com/wp-json/>; rel="https://api.w.org/"`, "<li><a href=\"http://example.com/"},
		{http.MethodHead, "/", 200, `<http://example.com/wp-json/>; rel="https://api.w.org/"`, ""},
		{http.MethodGet, "/index.php", 200, `<http://example.com/wp-json/>; rel="https://api.w.org/"`, "<h1>wpmock</h1>"},
		{http.MethodPost, "/", 404, "", ""},
		{http.MethodGet, "/nothing-here", 404, "", ""},
		{http.MethodGet, "/?rest_route=/wp/v2/posts/999999", 404, `<http://example.com/wp-json/>; rel="https://api.w.org/"`, `"rest_post_invalid_id"`},
	} {
		rec := httptest.NewRecorder()
		m.ServeHTTP(rec, httptest.NewRequest(c.method, c.path, nil))
		if rec.Code != c.status || rec.Header().Get("Link") != c.link || !strings.Contains(rec.Body.String(), c.body) {
			t.Errorf("%s %s: %d, Link %q, body %.120q; want %d, Link %q, a body with %q", c.method, c.path, rec.Code, rec.Header().Get("Link"), rec.Body.String(), c.status, c.link, c.body)
		}
		if c.method == http.MethodHead && rec.Body.Len() > 0 {
			t.Errorf("HEAD /: a body of %d bytes", rec.Body.Len())
		}
	}
}
