package mock

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

// Tests of the global behaviour every route shares, checked against what WordPress
// 6.1 answered (captures in testdata/wordpress and ci/wordpress).

func TestFieldsParam(t *testing.T) {
	s := newTestSite(t)
	got := s.get(t, "/wp/v2/posts?_fields=id,title.rendered&include=1", "")
	if d := valueDiff(mustJSON(`[{"id":1,"title":{"rendered":"Hello world!"}}]`), got.json); d != "" {
		t.Error(d)
	}
	// id is computed for every item but only printed when asked for
	got = s.get(t, "/wp/v2/posts/1?_fields=slug", "")
	if d := valueDiff(mustJSON(`{"slug":"hello-world"}`), got.json); d != "" {
		t.Error(d)
	}
	// links only when asked for
	got = s.get(t, "/wp/v2/posts/1?_fields=id,_links", "")
	if m := got.json.(map[string]any); m["_links"] == nil || len(m) != 2 {
		t.Errorf("_fields=id,_links: got keys %v", sortedKeys(m))
	}
}

func TestEnvelope(t *testing.T) {
	s := newTestSite(t)
	got := s.get(t, "/wp/v2/posts?_envelope&include=1", "")
	if got.status != http.StatusOK || got.header.Get("X-WP-Total") != "" {
		t.Fatalf("envelope: status %d, X-WP-Total header %q; want 200 and no header", got.status, got.header.Get("X-WP-Total"))
	}
	for _, d := range shapeDiff(captured(t, "posts_envelope"), got.json, "headers") {
		t.Error(d)
	}
	env := got.json.(map[string]any)
	headers := env["headers"].(map[string]any)
	for _, h := range []string{"X-WP-Total", "X-WP-TotalPages", "Allow"} {
		if headers[h] == nil {
			t.Errorf("envelope headers: missing %s in %v", h, headers)
		}
	}
	if env["status"] != float64(200) {
		t.Errorf("envelope status: got %v, want 200", env["status"])
	}
	// errors are enveloped too, with the real status inside
	got = s.get(t, "/wp/v2/posts/999999?_envelope", "")
	if got.status != http.StatusOK || got.json.(map[string]any)["status"] != float64(404) {
		t.Errorf("enveloped error: got %d %s", got.status, got.body)
	}
}

func TestJSONP(t *testing.T) {
	s := newTestSite(t)
	got := s.get(t, "/wp/v2/posts?_jsonp=cb", "")
	if ct := got.header.Get("Content-Type"); ct != "application/javascript; charset=UTF-8" {
		t.Errorf("content type: got %q", ct)
	}
	if !strings.HasPrefix(string(got.body), "/**/cb([") || !strings.HasSuffix(string(got.body), "])") {
		t.Errorf("body: got %.80s", got.body)
	}
	got = s.get(t, "/wp/v2/posts?_jsonp=bad-name!", "")
	if got.status != http.StatusBadRequest || string(got.body) != `{"code":"rest_callback_invalid","message":"Invalid JSONP callback function."}` {
		t.Errorf("bad callback: got %d %s", got.status, got.body)
	}
}

func TestHeadersAndCORS(t *testing.T) {
	s := newTestSite(t)
	head := s.do(t, http.MethodHead, "/wp/v2/posts", "", nil)
	if head.status != http.StatusOK || len(head.body) != 0 || head.header.Get("X-WP-Total") == "" {
		t.Errorf("HEAD: got %d, body %d bytes, X-WP-Total %q", head.status, len(head.body), head.header.Get("X-WP-Total"))
	}
	got := s.do(t, http.MethodGet, "/wp/v2/posts", "", nil, "Origin", "http://example.com")
	want := map[string]string{
		"Access-Control-Allow-Origin":      "http://example.com",
		"Access-Control-Allow-Methods":     "OPTIONS, GET, POST, PUT, PATCH, DELETE",
		"Access-Control-Allow-Credentials": "true",
		"Access-Control-Expose-Headers":    "X-WP-Total, X-WP-TotalPages, Link",
		"Access-Control-Allow-Headers":     "Authorization, X-WP-Nonce, Content-Disposition, Content-MD5, Content-Type",
		"Vary":                             "Origin",
		"Content-Type":                     "application/json; charset=UTF-8",
		"X-Robots-Tag":                     "noindex",
		"X-Content-Type-Options":           "nosniff",
		"Allow":                            "GET",
	}
	for k, v := range want {
		if g := got.header.Get(k); g != v {
			t.Errorf("%s: got %q, want %q", k, g, v)
		}
	}
	// WordPress spells its pagination headers X-WP-*; so does the mock, on the wire
	// (Go's client would canonicalise them, so look at the handler's header map)
	rec := httptest.NewRecorder()
	s.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/wp-json/wp/v2/posts", nil))
	for _, h := range []string{"X-WP-Total", "X-WP-TotalPages"} {
		if _, ok := rec.Header()[h]; !ok {
			t.Errorf("%s not sent with WordPress's spelling: %v", h, rec.Header())
		}
	}
	// a single post sends its permalink instead of the API root link
	item := s.get(t, "/wp/v2/posts/1", "")
	if l := item.header.Get("Link"); !strings.HasSuffix(l, `/hello-world/>; rel="alternate"; type=text/html`) {
		t.Errorf("item Link: got %q", l)
	}
	list := s.get(t, "/wp/v2/posts?per_page=1&page=2", "")
	if l := list.header.Get("Link"); !strings.Contains(l, `?per_page=1&page=1>; rel="prev"`) || !strings.Contains(l, `?per_page=1&page=3>; rel="next"`) {
		t.Errorf("paged Link: got %q", l)
	}
}

func TestRouting(t *testing.T) {
	s := newTestSite(t)
	base := s.get(t, "/wp/v2/posts", "")
	for _, u := range []string{"/?rest_route=/wp/v2/posts", "/index.php?rest_route=/wp/v2/posts", "/wp-json/wp/v2/posts/", "/wp-json/WP/V2/POSTS"} {
		resp, err := http.Get(s.srv.URL + u)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != http.StatusOK || resp.Header.Get("X-WP-Total") != base.header.Get("X-WP-Total") {
			t.Errorf("GET %s: got %d total %q, want 200 total %q", u, resp.StatusCode, resp.Header.Get("X-WP-Total"), base.header.Get("X-WP-Total"))
		}
	}
	s.do(t, http.MethodPut, "/wp/v2/posts", "", nil).wantError(t, http.StatusNotFound, "rest_no_route")
	s.get(t, "/wp/v2/posts?_method=PUT", "").wantError(t, http.StatusNotFound, "rest_no_route")
	over := s.do(t, http.MethodPost, "/wp/v2/posts", "", nil, "X-HTTP-Method-Override", "GET")
	if over.status != http.StatusOK {
		t.Errorf("X-HTTP-Method-Override GET: got %d", over.status)
	}
	opt := s.do(t, http.MethodOptions, "/wp/v2/nope", "", nil)
	if opt.status != http.StatusOK || string(opt.body) != "[]" || opt.header.Get("Allow") != "" {
		t.Errorf("OPTIONS unknown path: got %d %s Allow=%q, want 200 [] and no Allow", opt.status, opt.body, opt.header.Get("Allow"))
	}
}

func TestIndex(t *testing.T) {
	s := newTestSite(t)
	got := s.get(t, "/", "")
	for _, d := range shapeDiff(captured(t, "root"), got.json, "routes", "namespaces") {
		t.Error(d)
	}
	ns := s.get(t, "/wp/v2", "")
	for _, d := range shapeDiff(captured(t, "wp_v2"), ns.json, "routes") {
		t.Error(d)
	}
	routes := ns.json.(map[string]any)["routes"].(map[string]any)
	if routes["/wp/v2/posts/(?P<id>[\\d]+)"] == nil {
		t.Errorf("namespace index lacks the posts item route: %v", sortedKeys(routes))
	}
	s.get(t, "/wp/v2?namespace=nope", "").wantError(t, http.StatusNotFound, "rest_invalid_namespace")
	s.get(t, "/wp/v3", "").wantError(t, http.StatusNotFound, "rest_no_route")
}

func TestAllowHeaderFollowsCaller(t *testing.T) {
	s := newTestSite(t)
	if a := s.get(t, "/wp/v2/posts/1", "").header.Get("Allow"); a != "GET" {
		t.Errorf("anonymous Allow: got %q, want GET", a)
	}
}

// TestWrongCredentialsAreAnonymous: WordPress 6.1 runs a request with a wrong
// application password or an unknown user as anonymous (checked on the running site),
// and refuses a nonce without a logged-in user.
func TestWrongCredentialsAreAnonymous(t *testing.T) {
	s := newTestSite(t)
	req := func(user, pass, path string, header ...string) reply {
		r, _ := http.NewRequest(http.MethodGet, s.srv.URL+"/wp-json"+path, nil)
		if user != "" {
			r.SetBasicAuth(user, pass)
		}
		for i := 0; i+1 < len(header); i += 2 {
			r.Header.Set(header[i], header[i+1])
		}
		resp, err := http.DefaultClient.Do(r)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		var body map[string]any
		_ = json.NewDecoder(resp.Body).Decode(&body)
		code, _ := body["code"].(string)
		return reply{status: resp.StatusCode, json: body, body: []byte(code)}
	}
	for _, c := range []struct{ user, pass string }{{"admin", "wrong"}, {"nobody", "x"}, {"nobody@example.com", "x"}} {
		if got := req(c.user, c.pass, "/wp/v2/posts"); got.status != http.StatusOK {
			t.Errorf("%s with a wrong password, public read: got %d, want 200", c.user, got.status)
		}
		if got := req(c.user, c.pass, "/wp/v2/users/me"); got.status != http.StatusUnauthorized || string(got.body) != "rest_not_logged_in" {
			t.Errorf("%s with a wrong password, /users/me: got %d %s, want 401 rest_not_logged_in", c.user, got.status, got.body)
		}
	}
	// spaces in an application password do not matter
	if got := req("admin", strings.ReplaceAll(s.Passwords["admin"], " ", ""), "/wp/v2/users/me"); got.status != http.StatusOK {
		t.Errorf("password without spaces: got %d, want 200", got.status)
	}
	if got := req("", "", "/wp/v2/posts", "X-WP-Nonce", "garbage"); got.status != http.StatusForbidden || string(got.body) != "rest_cookie_invalid_nonce" {
		t.Errorf("nonce without a user: got %d %s, want 403 rest_cookie_invalid_nonce", got.status, got.body)
	}
	if got := req("admin", s.Passwords["admin"], "/wp/v2/posts", "X-WP-Nonce", "garbage"); got.status != http.StatusOK {
		t.Errorf("nonce with an application password: got %d, want 200", got.status)
	}
}
