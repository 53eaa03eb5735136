package mock

import (
	"bytes"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/wpmock/wpmock/fixtures"
)

// clonedExample is the example dataset as a cloned site: a site URL, two recorded
// answers to the same route (anonymous and admin), and the site's rendering of post 1.
func clonedExample() *fixtures.Dataset {
	ds := fixtures.Example()
	ds.Site = &fixtures.Site{URL: "https://site.example", Name: "Site", Description: "Cloned", WordPress: "6.1.9", User: "admin"}
	ds.Recorded = []fixtures.Recording{
		{Route: "/wp/v2/posts?per_page=1&_embed", Status: 200, Body: `[{"from":"the site"}]`,
			Header: http.Header{"X-Wp-Total": {"7"}, "Content-Type": {"application/json; charset=UTF-8"}, "Vary": {"Accept-Encoding"}, "X-Powered-By": {"PHP/8.2"}}},
		{Route: "/wp/v2/posts?per_page=1&_embed", User: "admin", Status: 200, Body: `[{"from":"the site, as admin"}]`,
			Header: http.Header{"Content-Type": {"application/json; charset=UTF-8"}, "X-Powered-By": {"PHP/8.2"}}},
		{Route: "/wp/v2/posts/999", Status: 404, Body: `{"code":"rest_post_invalid_id"}`, Header: http.Header{"X-Powered-By": {"PHP/8.2"}}},
	}
	for i := range ds.Posts {
		if ds.Posts[i].ID == 1 {
			title, content := "Hello from the site", "<p>As the site rendered it</p>\n"
			ds.Posts[i].Rendered = &fixtures.Rendered{Title: &title, Content: &content}
		}
	}
	return ds
}

// TestReplayRecordedAnswers: a cloned site answers its recorded GETs with the site's
// bytes, by caller and in any spelling of the query, until a write goes through; a
// reset brings the recordings back; the rest is the mock's, with the site's URL.
func TestReplayRecordedAnswers(t *testing.T) {
	s := newTestSiteWith(t, clonedExample())
	check := func(path, login, want string) {
		t.Helper()
		r := s.get(t, path, login)
		if string(r.body) != want {
			t.Errorf("GET %s as %q: got %d %.80s, want %s", path, login, r.status, r.body, want)
		}
	}
	anon, admin := `[{"from":"the site"}]`, `[{"from":"the site, as admin"}]`
	check("/wp/v2/posts?per_page=1&_embed", "", anon)
	check("/wp/v2/posts?_embed=&per_page=1", "", anon)
	check("/wp/v2/posts?per_page=1&_embed", "admin", admin)
	check("/wp/v2/posts/999", "", `{"code":"rest_post_invalid_id"}`)
	r := s.get(t, "/wp/v2/posts?per_page=1&_embed", "")
	if r.header.Get("X-WP-Total") != "7" || r.header.Get("Vary") != "Accept-Encoding" || r.header.Get("X-Robots-Tag") != "" {
		t.Errorf("recorded header not sent as recorded: %v", r.header)
	}
	// the rest_route form asks the same
	resp, err := http.Get(s.srv.URL + "/?rest_route=/wp/v2/posts&per_page=1&_embed")
	if err == nil {
		var b bytes.Buffer
		b.ReadFrom(resp.Body)
		resp.Body.Close()
		if b.String() != anon {
			t.Errorf("?rest_route= form: got %.80s", b.String())
		}
	}
	// another origin gets WordPress's CORS fields on top
	r = s.do(t, http.MethodGet, "/wp/v2/posts?per_page=1&_embed", "", nil, "Origin", "https://app.example")
	if r.header.Get("Access-Control-Allow-Origin") != "https://app.example" || !strings.Contains(strings.Join(r.header.Values("Vary"), ","), "Origin") {
		t.Errorf("no CORS fields on a replayed answer: %v", r.header)
	}
	// not recorded: the mock's answer, with the cloned site's URL and rendering
	r = s.get(t, "/wp/v2/posts/1", "")
	p := r.obj(t)
	if link, _ := p["link"].(string); !strings.HasPrefix(link, "https://site.example/") {
		t.Errorf("link %q is not on the cloned site's URL", link)
	}
	if r.header.Get("X-Powered-By") != "PHP/8.2" || r.header.Get("Content-Type") != "application/json; charset=UTF-8" {
		t.Errorf("the site's server fields are missing from the mock's answer: %v", r.header)
	}
	if got := p["content"].(map[string]any)["rendered"]; got != "<p>As the site rendered it</p>\n" {
		t.Errorf("content.rendered %q, want the site's", got)
	}
	if got := p["title"].(map[string]any)["rendered"]; got != "Hello from the site" {
		t.Errorf("title.rendered %q, want the site's", got)
	}
	if name := s.get(t, "/", "").obj(t)["name"]; name != "Site" {
		t.Errorf("index name %v, want the cloned site's", name)
	}
	exported := exportOfSite(t, s)
	if exported.Site == nil || len(exported.Recorded) != 3 {
		t.Errorf("export of the unchanged clone: site %v, %d recordings, want both", exported.Site, len(exported.Recorded))
	}

	// a refused write changes nothing: still replayed
	s.send(t, http.MethodPost, "/wp/v2/posts/1", "admin", map[string]any{"status": "nonsense"})
	check("/wp/v2/posts?per_page=1&_embed", "", anon)

	// a write that goes through: the mock answers, and renders the changed post itself
	if r := s.send(t, http.MethodPost, "/wp/v2/posts/1", "admin", map[string]any{"content": "Changed"}); r.status != 200 {
		t.Fatalf("update: %d %s", r.status, r.body)
	}
	if r := s.get(t, "/wp/v2/posts?per_page=1&_embed", ""); string(r.body) == anon || r.status != 200 {
		t.Errorf("after a write, the recorded answer is still replayed: %d %.80s", r.status, r.body)
	}
	p = s.get(t, "/wp/v2/posts/1", "").obj(t)
	if got := p["content"].(map[string]any)["rendered"]; got != "<p>Changed</p>\n" {
		t.Errorf("content.rendered of the changed post %q, want the mock's", got)
	}
	exported = exportOfSite(t, s)
	if exported.Site == nil || len(exported.Recorded) != 0 {
		t.Errorf("export after a write: site %v, %d recordings, want the site and none", exported.Site, len(exported.Recorded))
	}
	for _, x := range exported.Posts {
		if x.ID == 1 && x.Rendered != nil {
			t.Errorf("the changed post is exported with the site's rendering: %+v", x.Rendered)
		}
	}

	// a reset brings the recorded site back
	if r := s.send(t, http.MethodPost, "/wpmock/v1/reset", "admin", nil); r.status != 200 {
		t.Fatalf("reset: %d %s", r.status, r.body)
	}
	check("/wp/v2/posts?per_page=1&_embed", "", anon)
}

// TestReplayOffUnderAnotherURL: served under another site URL, a clone answers every
// request itself, with that URL in links (the recordings link to the site).
func TestReplayOffUnderAnotherURL(t *testing.T) {
	m, err := New(Options{Dataset: clonedExample(), Clock: fixedClock, SiteURL: "http://localhost:9000"})
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(m)
	defer srv.Close()
	s := &testSite{Mock: m, srv: srv}
	r := s.get(t, "/wp/v2/posts?per_page=1&_embed", "")
	if strings.Contains(string(r.body), "the site") || !strings.Contains(string(r.body), `http:\/\/localhost:9000\/`) {
		t.Errorf("under another URL: %.200s", r.body)
	}
}

func exportOfSite(t *testing.T, s *testSite) *fixtures.Dataset {
	t.Helper()
	r := s.get(t, "/wpmock/v1/dataset", "admin")
	ds, err := fixtures.Decode(r.body, "export")
	if err != nil {
		t.Fatalf("export: %v\n%.200s", err, r.body)
	}
	return ds
}
