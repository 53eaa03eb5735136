package control

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/wpmock/wpmock/fixtures"
	"github.com/wpmock/wpmock/mock"
)

// named is the test site's named site name: the same server, under /sites/<name>.
// postTitles lists the titles of the site's posts as admin sees them (drafts too).
func (s *testSite) postTitles(t testing.TB) string {
	t.Helper()
	r := s.get(t, "/wp/v2/posts?context=edit&status=publish,draft&per_page=100&_fields=title", "admin")
	if r.status != http.StatusOK {
		t.Fatalf("posts: %d %s", r.status, r.body)
	}
	var titles []string
	for _, p := range r.json.([]any) {
		titles = append(titles, p.(map[string]any)["title"].(map[string]any)["raw"].(string))
	}
	return strings.Join(titles, "|")
}

// TestNamedSitesAreIsolated: a write in one named site is seen in it alone, with the
// same users and passwords everywhere, and links carrying the site's base.
func TestNamedSitesAreIsolated(t *testing.T) {
	s := newTestSite(t)
	a, b := s.named("a"), s.named("worker-2")
	start := s.postTitles(t)
	created := a.send(t, http.MethodPost, "/wp/v2/posts", "editor", map[string]any{"title": "Only in a", "status": "publish"})
	if created.status != http.StatusCreated {
		t.Fatalf("create in a: %d %s", created.status, created.body)
	}
	post := created.obj(t)
	if got := a.postTitles(t); got != "Only in a|"+start {
		t.Errorf("a's posts: got %s, want the new one first, then %s", got, start)
	}
	for site, c := range map[string]*testSite{"worker-2": b, "default": s} {
		if got := c.postTitles(t); got != start {
			t.Errorf("%s's posts: got %s, want %s", site, got, start)
		}
		c.get(t, fmt.Sprintf("/wp/v2/posts/%d", created.id(t)), "").wantError(t, http.StatusNotFound, "rest_post_invalid_id")
	}
	self := post["_links"].(map[string]any)["self"].([]any)[0].(map[string]any)["href"].(string)
	if want := a.srv.URL + "/wp-json/wp/v2/posts/"; !strings.HasPrefix(self, want) {
		t.Errorf("self link: got %s, want it under %s", self, want)
	}
	if link := post["link"].(string); !strings.HasPrefix(link, a.srv.URL+"/") {
		t.Errorf("link: got %s, want it under %s", link, a.srv.URL)
	}
	// ?rest_route= under the site's base, the index's url, the discovery header
	res, err := http.Get(fmt.Sprintf("%s/?rest_route=/wp/v2/posts/%d", a.srv.URL, created.id(t)))
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if res.StatusCode != http.StatusOK {
		t.Errorf("?rest_route= in a: got %d, want 200", res.StatusCode)
	}
	if url := a.get(t, "/", "").obj(t)["url"]; url != a.srv.URL {
		t.Errorf("a's index url: got %v, want %s", url, a.srv.URL)
	}
	res, err = http.Head(a.srv.URL + "/")
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if got, want := res.Header.Get("Link"), "<"+a.srv.URL+"/wp-json/>"; !strings.HasPrefix(got, want) {
		t.Errorf("a's front page Link: got %s, want %s...", got, want)
	}
	// an upload is served under the site's base, and in that site only
	up := a.upload(t, "admin", "pixel.png", testPNG(t))
	src := up.obj(t)["source_url"].(string)
	if !strings.HasPrefix(src, a.srv.URL+"/wp-content/uploads/") {
		t.Fatalf("source_url: got %s, want it under %s", src, a.srv.URL)
	}
	if code, _, _ := s.fetch(t, src); code != http.StatusOK {
		t.Errorf("GET %s: %d", src, code)
	}
	if code, _, _ := s.fetch(t, strings.Replace(src, "/sites/a/", "/sites/worker-2/", 1)); code != http.StatusNotFound {
		t.Errorf("a's upload in worker-2: got %d, want 404", code)
	}
}

// TestNamedSiteReset: a named site's reset puts it back alone.
func TestNamedSiteReset(t *testing.T) {
	s := newTestSite(t)
	a, b := s.named("a"), s.named("b")
	start := s.postTitles(t)
	for _, c := range []*testSite{a, b} {
		c.send(t, http.MethodPost, "/wp/v2/posts", "admin", map[string]any{"title": "Written", "status": "draft"})
	}
	if r := a.send(t, http.MethodPost, "/wpmock/v1/reset", "admin", nil); r.status != http.StatusOK {
		t.Fatalf("a's reset: %d %s", r.status, r.body)
	}
	if got := a.postTitles(t); got != start {
		t.Errorf("a after its reset: got %s, want %s", got, start)
	}
	if got := b.postTitles(t); got != "Written|"+start {
		t.Errorf("b after a's reset: got %s, want its write kept", got)
	}
	a.send(t, http.MethodPost, "/wpmock/v1/reset", "editor", nil).wantError(t, http.StatusForbidden, "rest_forbidden")
	a.send(t, http.MethodPost, "/wpmock/v1/reset", "", nil).wantError(t, http.StatusUnauthorized, "rest_forbidden")
}

// TestSitesRoutes: the list, the delete, the names refused, and the routes a named
// site does not have.
func TestSitesRoutes(t *testing.T) {
	s := newTestSite(t)
	s.named("b").get(t, "/", "")
	s.named("a").get(t, "/", "")
	list := s.get(t, "/wpmock/v1/sites", "admin")
	want := fmt.Sprintf(`[{"name":"a","rest":"%[1]s/sites/a/wp-json/","url":"%[1]s/sites/a"},{"name":"b","rest":"%[1]s/sites/b/wp-json/","url":"%[1]s/sites/b"}]`, s.srv.URL)
	if got, _ := json.Marshal(list.json); string(got) != want {
		t.Errorf("sites: got %s, want %s", got, want)
	}
	s.get(t, "/wpmock/v1/sites", "editor").wantError(t, http.StatusForbidden, "rest_forbidden")
	s.do(t, http.MethodDelete, "/wpmock/v1/sites/a", "", nil).wantError(t, http.StatusUnauthorized, "rest_forbidden")
	// a deleted site is made again, from the start, by its next request
	a := s.named("a")
	start := a.postTitles(t)
	a.send(t, http.MethodPost, "/wp/v2/posts", "admin", map[string]any{"title": "Gone with the site"})
	if r := s.do(t, http.MethodDelete, "/wpmock/v1/sites/a", "admin", nil); r.status != http.StatusOK || r.obj(t)["deleted"] != true {
		t.Errorf("DELETE sites/a: %d %s", r.status, r.body)
	}
	s.do(t, http.MethodDelete, "/wpmock/v1/sites/a", "admin", nil).wantError(t, http.StatusNotFound, codeSiteNotFound)
	if got := a.postTitles(t); got != start {
		t.Errorf("a made again: got %s, want %s", got, start)
	}
	for _, path := range []string{"/sites/", "/sites/a.b/wp-json/", "/sites/" + strings.Repeat("x", 65) + "/wp-json/"} {
		res, err := http.Get(s.srv.URL + path)
		if err != nil {
			t.Fatal(err)
		}
		var e struct {
			Code string
			Data struct{ Status int }
		}
		json.NewDecoder(res.Body).Decode(&e)
		res.Body.Close()
		if res.StatusCode != http.StatusBadRequest || e.Code != codeSiteName || e.Data.Status != http.StatusBadRequest {
			t.Errorf("GET %s: got %d %+v, want 400 %s in the envelope", path, res.StatusCode, e, codeSiteName)
		}
	}
	// the named sites have their own wpmock/v1, but not the list of sites
	s.named("a").get(t, "/wpmock/v1/sites", "admin").wantError(t, http.StatusNotFound, "rest_no_route")
}

// TestSitesLimit: past MaxSites the least recently used site ends.
func TestSitesLimit(t *testing.T) {
	m, err := newMock(mock.Options{Dataset: fixtures.Example(), Clock: fixedClock}, Options{MaxSites: 2})
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(m)
	t.Cleanup(srv.Close)
	s := &testSite{Mock: m, srv: srv}
	start := s.postTitles(t)
	s.named("a").send(t, http.MethodPost, "/wp/v2/posts", "admin", map[string]any{"title": "Kept in a"})
	s.named("b").get(t, "/", "")
	s.named("a").get(t, "/", "") // a is used after b
	s.named("c").get(t, "/", "") // b ends
	var names []string
	for _, x := range s.get(t, "/wpmock/v1/sites", "admin").json.([]any) {
		names = append(names, x.(map[string]any)["name"].(string))
	}
	if got := strings.Join(names, ","); got != "a,c" {
		t.Errorf("sites alive: got %s, want a,c", got)
	}
	if got := s.named("a").postTitles(t); got != "Kept in a|"+start {
		t.Errorf("a: got %s, want its write kept", got)
	}
}

// BenchmarkNamedSite measures what making a named site costs against the default
// site's start-up (New), both in each iteration of the same run: site/startup is the
// ratio. A named site reuses what New made once (the dataset, generated or read, and the
// OpenAPI examples) and builds a store and a REST server of its own.
func BenchmarkNamedSite(b *testing.B) {
	for _, c := range []struct {
		name string
		opts func() mock.Options
	}{
		{"generated", func() mock.Options { return mock.Options{Seed: 1, Clock: fixedClock} }},
		{"example", func() mock.Options { return mock.Options{Dataset: fixtures.Example(), Clock: fixedClock} }},
	} {
		b.Run(c.name, func(b *testing.B) {
			var startup, named time.Duration
			n := 0
			for b.Loop() {
				t0 := time.Now()
				_, ctl, err := newMockSite(c.opts(), Options{})
				if err != nil {
					b.Fatal(err)
				}
				t1 := time.Now()
				ctl.sites.get("w")
				named += time.Since(t1)
				startup += t1.Sub(t0)
				n++
			}
			b.ReportMetric(float64(startup.Microseconds())/float64(n), "startup-µs/op")
			b.ReportMetric(float64(named.Microseconds())/float64(n), "site-µs/op")
			b.ReportMetric(float64(named)/float64(startup), "site/startup")
		})
	}
}
