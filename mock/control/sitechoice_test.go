package control

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"

	"github.com/wpmock/wpmock/mock/webhook"
)

// TestSiteChosenByHeaderOrCookie: a request to the plain URL naming a site in
// X-WPMock-Site or the wpmock_site cookie is answered by that named site, as under
// /sites/<name>/; the path wins over both, the header over the cookie, and a bad
// name gets the path's 400.
func TestSiteChosenByHeaderOrCookie(t *testing.T) {
	s := newTestSite(t)
	a := s.named("a")
	if c := a.send(t, http.MethodPost, "/wp/v2/posts", "editor", map[string]any{"title": "Only in a", "status": "publish"}); c.status != http.StatusCreated {
		t.Fatalf("create in a: %d %s", c.status, c.body)
	}
	const search = "/wp/v2/posts?search=Only+in+a&_fields=id"
	tests := []struct {
		name   string
		site   *testSite // the URL asked: the plain one, or under /sites/<name>/
		header []string
		want   int    // posts found: 1 in a, 0 elsewhere
		code   string // an error's code instead
	}{
		{"no header, no cookie: the default site", s, nil, 0, ""},
		{"header", s, []string{HeaderSite, "a"}, 1, ""},
		{"header in lower case", s, []string{"x-wpmock-site", "a"}, 1, ""},
		{"cookie", s, []string{"Cookie", CookieSite + "=a"}, 1, ""},
		{"cookie among others", s, []string{"Cookie", "theme=dark; " + CookieSite + "=a; session=xyz"}, 1, ""},
		{"a cookie whose name only ends like it", s, []string{"Cookie", "not_" + CookieSite + "=a"}, 0, ""},
		{"header over cookie", s, []string{HeaderSite, "b", "Cookie", CookieSite + "=a"}, 0, ""},
		{"cookie when the header is empty", s, []string{HeaderSite, "", "Cookie", CookieSite + "=a"}, 1, ""},
		{"path over header", s.named("b"), []string{HeaderSite, "a"}, 0, ""},
		{"path over cookie", a, []string{"Cookie", CookieSite + "=b"}, 1, ""},
		{"empty cookie: the default site", s, []string{"Cookie", CookieSite + "="}, 0, ""},
		{"bad name in the header", s, []string{HeaderSite, "a b"}, 0, codeSiteName},
		{"name too long in the header", s, []string{HeaderSite, strings.Repeat("x", 65)}, 0, codeSiteName},
		{"bad name in the cookie", s, []string{"Cookie", CookieSite + "=..%2F"}, 0, codeSiteName},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := tt.site.do(t, http.MethodGet, search, "", nil, tt.header...)
			if tt.code != "" {
				r.wantError(t, http.StatusBadRequest, tt.code)
				if msg, _ := r.obj(t)["message"].(string); !strings.Contains(msg, "1 to 64 letters") {
					t.Errorf("message: got %q, want the rule for a name", msg)
				}
				return
			}
			if r.status != http.StatusOK {
				t.Fatalf("got %d, want 200: %s", r.status, r.body)
			}
			if got := len(r.json.([]any)); got != tt.want {
				t.Errorf("posts found: got %d, want %d", got, tt.want)
			}
		})
	}
	// made on first use by the header, as by its path
	if r := s.do(t, http.MethodGet, "/wp/v2/posts?_fields=id", "", nil, HeaderSite, "made-by-header"); r.status != http.StatusOK {
		t.Fatalf("first request naming made-by-header: %d %s", r.status, r.body)
	}
	if got := string(s.get(t, "/wpmock/v1/sites", "admin").body); !strings.Contains(got, `"name":"made-by-header"`) {
		t.Errorf("sites alive: got %s, want made-by-header among them", got)
	}
}

// TestSiteChosenLinksStayOnPlainURL: what a named site answers to the plain URL links
// to the plain URL (Location, _links, link, source_url, the index's url, the
// discovery header), and its uploads are served there to a request naming the site.
func TestSiteChosenLinksStayOnPlainURL(t *testing.T) {
	s := newTestSite(t)
	hdr := []string{HeaderSite, "a", "Content-Type", "application/json"}
	c := s.do(t, http.MethodPost, "/wp/v2/posts", "editor", strings.NewReader(`{"title":"In a","status":"publish"}`), hdr...)
	if c.status != http.StatusCreated {
		t.Fatalf("create: %d %s", c.status, c.body)
	}
	post := c.obj(t)
	id := c.id(t)
	self := post["_links"].(map[string]any)["self"].([]any)[0].(map[string]any)["href"].(string)
	up := s.do(t, http.MethodPost, "/wp/v2/media", "admin", strings.NewReader(string(testPNG(t))),
		HeaderSite, "a", "Content-Type", "image/png", "Content-Disposition", `attachment; filename="pixel.png"`)
	if up.status != http.StatusCreated {
		t.Fatalf("upload: %d %s", up.status, up.body)
	}
	src := up.obj(t)["source_url"].(string)
	index := s.do(t, http.MethodGet, "/", "", nil, HeaderSite, "a")
	for _, tt := range []struct{ what, got, want string }{
		{"Location", c.header.Get("Location"), s.srv.URL + "/wp-json/wp/v2/posts/"},
		{"self link", self, s.srv.URL + "/wp-json/wp/v2/posts/"},
		{"link", post["link"].(string), s.srv.URL + "/"},
		{"source_url", src, s.srv.URL + "/wp-content/uploads/"},
		{"index url", index.obj(t)["url"].(string), s.srv.URL},
		{"discovery Link", index.header.Get("Link"), "<" + s.srv.URL + "/wp-json/>"},
	} {
		if !strings.HasPrefix(tt.got, tt.want) || strings.Contains(tt.got, SitesPrefix) {
			t.Errorf("%s: got %s, want it under %s, not under %s", tt.what, tt.got, tt.want, SitesPrefix)
		}
	}
	// the same post under /sites/a/ carries that base
	if link := s.named("a").get(t, "/wp/v2/posts/"+strconv.Itoa(id), "").obj(t)["link"].(string); !strings.HasPrefix(link, s.srv.URL+"/sites/a/") {
		t.Errorf("link under /sites/a/: got %s", link)
	}
	// the upload is the site's: served to a request naming it, not to the default site
	for _, tt := range []struct {
		header []string
		want   int
	}{{[]string{HeaderSite, "a"}, http.StatusOK}, {[]string{"Cookie", CookieSite + "=a"}, http.StatusOK}, {nil, http.StatusNotFound}} {
		req, _ := http.NewRequest(http.MethodGet, src, nil)
		for i := 0; i+1 < len(tt.header); i += 2 {
			req.Header.Set(tt.header[i], tt.header[i+1])
		}
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		if res.StatusCode != tt.want {
			t.Errorf("GET %s with %v: got %d, want %d", src, tt.header, res.StatusCode, tt.want)
		}
	}
	// the request log names the site that answered
	var logged struct{ Requests []struct{ URI, Site string } }
	if err := json.Unmarshal(s.named("a").get(t, "/wpmock/v1/requests", "admin").body, &logged); err != nil {
		t.Fatal(err)
	}
	if len(logged.Requests) == 0 || logged.Requests[0].Site != "a" || logged.Requests[0].URI != "/sites/a/wp-json/wp/v2/posts" {
		t.Errorf("a's request log: got %+v, want the POST naming a by header first, under /sites/a", logged.Requests)
	}
}

// TestSiteHeaderInPreflight: a browser may send X-WPMock-Site from a page on another
// origin: the preflight asking for it allows it.
func TestSiteHeaderInPreflight(t *testing.T) {
	s := newTestSite(t)
	for _, site := range []*testSite{s, s.named("a")} {
		r := site.do(t, http.MethodOptions, "/wp/v2/posts", "", nil,
			"Origin", "http://app.test", "Access-Control-Request-Method", "GET", "Access-Control-Request-Headers", "x-wpmock-site")
		if got := r.header.Get("Access-Control-Allow-Headers"); !strings.Contains(got, ", "+HeaderSite) {
			t.Errorf("preflight asking for %s: Access-Control-Allow-Headers %q", HeaderSite, got)
		}
	}
}

// TestChosenSiteCostsNothing: a request naming no site allocates nothing to find out,
// even with cookies of its own.
func TestChosenSiteCostsNothing(t *testing.T) {
	for _, cookie := range []string{"", "theme=dark; session=abc"} {
		r := httptest.NewRequest(http.MethodGet, "/wp-json/wp/v2/posts", nil)
		if cookie != "" {
			r.Header.Set("Cookie", cookie)
		}
		if n := testing.AllocsPerRun(100, func() { chosenSite(r) }); n != 0 {
			t.Errorf("chosenSite with cookie %q: %v allocations, want 0", cookie, n)
		}
	}
}

// TestNamedSiteWebhookNamesIt: a named site's change reaches the receivers with its
// name in X-WPMock-Site, however the request named the site, so that a frontend can
// revalidate that site's pages alone; the default site's carries none.
func TestNamedSiteWebhookNamesIt(t *testing.T) {
	srv, got := receiver(t, nil)
	s := hookedSite(t, webhook.Target{URL: srv.URL})
	for _, tt := range []struct {
		name   string
		site   *testSite
		header []string
		want   string // X-WPMock-Site of the delivery
		home   string // the change's site
	}{
		{"by header", s, []string{HeaderSite, "a"}, "a", "http://wp.example"},
		{"by cookie", s, []string{"Cookie", CookieSite + "=b"}, "b", "http://wp.example"},
		{"by path", s.named("a"), nil, "a", "http://wp.example/sites/a"},
		{"the default site", s, nil, "", "http://wp.example"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			r := tt.site.do(t, http.MethodPost, "/wp/v2/posts", "admin", strings.NewReader(`{"title":"Hooked","status":"publish"}`),
				append([]string{"Content-Type", "application/json"}, tt.header...)...)
			if r.status != http.StatusCreated {
				t.Fatalf("create: %d %s", r.status, r.body)
			}
			d := next(t, got)
			if h, ok := d.header[http.CanonicalHeaderKey(HeaderSite)]; tt.want == "" && ok || tt.want != "" && d.header.Get(HeaderSite) != tt.want {
				t.Errorf("%s: got %q, want %q", HeaderSite, h, tt.want)
			}
			var body struct{ Site string }
			if err := json.Unmarshal(d.body, &body); err != nil || body.Site != tt.home {
				t.Errorf("site: got %q (%v), want %s", body.Site, err, tt.home)
			}
		})
	}
}
