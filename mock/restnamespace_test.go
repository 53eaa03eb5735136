package mock

import (
	"encoding/json"
	"net/http"
	"strconv"
	"strings"
	"testing"

	"github.com/wpmock/wpmock/fixtures"
)

// acmeTypes are a post type and a taxonomy in another REST namespace (rest_namespace
// acme/v1), as the checks against WordPress 7.1 registered them.
const acmeTypes = `{
 "post_types": [{"name": "gadget", "public": true, "show_in_rest": true, "rest_namespace": "acme/v1",
  "rest_base": "gadgets", "supports": ["title", "editor", "revisions", "author"]}],
 "taxonomies": [{"name": "maker", "object_type": ["gadget", "post"], "public": true, "show_in_rest": true,
  "rest_namespace": "acme/v1", "rest_base": "makers", "hierarchical": true}]
}`

// acmeSite is the example site with acmeTypes, a maker term and a gadget in it with
// one revision; it returns the gadget's and the term's ids.
func acmeSite(t *testing.T, register string) (s *testSite, gadget, maker int) {
	t.Helper()
	ds := fixtures.Example()
	var reg fixtures.Register
	decodeInto(t, register, &reg)
	ds.Register = &reg
	next := ds.NextIDs()
	maker, gadget = next.Terms, next.Posts
	at := ds.Posts[0].Date
	ds.Terms = append(ds.Terms, fixtures.Term{ID: maker, Taxonomy: "maker", Name: "Zeta", Slug: "zeta"})
	ds.Posts = append(ds.Posts,
		fixtures.Post{ID: gadget, Type: "gadget", Status: "publish", Author: 1, Date: at, Slug: "widget", Title: "Widget",
			Terms: map[string][]int{"maker": {maker}}},
		fixtures.Post{ID: gadget + 1, Type: "revision", Status: "inherit", Author: 1, Date: at, Parent: gadget, Title: "Widget"})
	if err := ds.Validate(); err != nil {
		t.Fatal(err)
	}
	return newTestSiteWith(t, ds), gadget, maker
}

// TestRestNamespace: a post type and a taxonomy with their own rest_namespace are
// served there and nowhere else, every route of theirs (collection, item, revisions,
// autosaves, filters, paging, errors, OPTIONS, _embed, context=embed), and every link
// to them points there, as WordPress 7.1 answers (the hrefs below are its own, the
// host aside).
func TestRestNamespace(t *testing.T) {
	s, gadget, maker := acmeSite(t, acmeTypes)
	g, m := strconv.Itoa(gadget), strconv.Itoa(maker)
	host := s.srv.URL + "/wp-json"
	links := func(path, login string) map[string][]map[string]any {
		t.Helper()
		r := s.get(t, path, login)
		if r.status != 200 {
			t.Fatalf("%s: %d %.300s", path, r.status, r.body)
		}
		var item struct {
			Links map[string][]map[string]any `json:"_links"`
		}
		body := r.body
		if strings.HasPrefix(string(body), "[") {
			var list []json.RawMessage
			if err := json.Unmarshal(body, &list); err != nil || len(list) == 0 {
				t.Fatalf("%s: %s", path, body)
			}
			body = list[0]
		}
		if err := json.Unmarshal(body, &item); err != nil {
			t.Fatal(err)
		}
		return item.Links
	}
	href := func(ls map[string][]map[string]any, rel string, i int) string {
		if len(ls[rel]) <= i {
			return ""
		}
		h, _ := ls[rel][i]["href"].(string)
		return strings.TrimPrefix(h, host)
	}
	item := links("/acme/v1/gadgets/"+g, "")
	for _, c := range []struct{ rel, want string }{
		{"self", "/acme/v1/gadgets/" + g}, {"collection", "/acme/v1/gadgets"}, {"about", "/wp/v2/types/gadget"},
		{"version-history", "/acme/v1/gadgets/" + g + "/revisions"},
		{"predecessor-version", "/acme/v1/gadgets/" + g + "/revisions/" + strconv.Itoa(gadget+1)},
		{"wp:term", "/acme/v1/makers?post=" + g},
	} {
		if got := href(item, c.rel, 0); got != c.want {
			t.Errorf("gadget %s: got %q, want %q", c.rel, got, c.want)
		}
	}
	term := links("/acme/v1/makers/"+m, "")
	for i, want := range []string{"/acme/v1/gadgets?makers=" + m, "/wp/v2/posts?makers=" + m} {
		if got := href(term, "wp:post_type", i); got != want {
			t.Errorf("maker wp:post_type[%d]: got %q, want %q", i, got, want)
		}
	}
	if got := href(term, "collection", 0); got != "/acme/v1/makers" {
		t.Errorf("maker collection: got %q", got)
	}
	if got := href(links("/wp/v2/types/gadget", ""), "wp:items", 0); got != "/acme/v1/gadgets" {
		t.Errorf("/types/gadget wp:items: got %q", got)
	}
	if got := href(links("/wp/v2/taxonomies/maker", ""), "wp:items", 0); got != "/acme/v1/makers" {
		t.Errorf("/taxonomies/maker wp:items: got %q", got)
	}
	if got := href(links("/wp/v2/search?search=Widget", ""), "self", 0); got != "/acme/v1/gadgets/"+g {
		t.Errorf("search self: got %q", got)
	}
	if got := href(links("/acme/v1/gadgets/"+g+"/revisions", "admin"), "parent", 0); got != "/acme/v1/gadgets/"+g {
		t.Errorf("revision parent: got %q", got)
	}

	// the routes: there, and not in wp/v2
	for _, c := range []struct {
		method, path string
		status       int
		code         string
	}{
		{"GET", "/wp/v2/gadgets", 404, "rest_no_route"},
		{"GET", "/wp/v2/makers", 404, "rest_no_route"},
		{"GET", "/acme/v1/gadgets/999", 404, "rest_post_invalid_id"},
		{"GET", "/acme/v1/makers/999", 404, "rest_term_invalid"},
		{"GET", "/acme/v1/gadgets?makers=" + m, 200, ""},
		{"GET", "/acme/v1/gadgets?context=embed", 200, ""},
		{"GET", "/acme/v1/gadgets/" + g + "/autosaves", 401, "rest_cannot_read"},
	} {
		r := s.do(t, c.method, c.path, "", nil)
		if r.status != c.status || r.errorCode() != c.code {
			t.Errorf("%s %s: got %d %s, want %d %s", c.method, c.path, r.status, r.errorCode(), c.status, c.code)
		}
	}
	r := s.get(t, "/acme/v1/gadgets?per_page=1&_embed=wp:term", "")
	if r.header.Get("X-WP-Total") != "1" || !strings.Contains(string(r.body), `"wp:term":[[{"id":`+m) {
		t.Errorf("list with _embed: total %q, body %.400s", r.header.Get("X-WP-Total"), r.body)
	}
	opts := s.do(t, http.MethodOptions, "/acme/v1/gadgets", "", nil)
	if !strings.HasPrefix(string(opts.body), `{"namespace":"acme\/v1","methods":["GET","POST"]`) {
		t.Errorf("OPTIONS: %.200s", opts.body)
	}
	nsIndex := s.get(t, "/acme/v1", "")
	var idx struct {
		Routes map[string]any `json:"routes"`
	}
	json.Unmarshal(nsIndex.body, &idx)
	for _, p := range []string{"/acme/v1/gadgets", `/acme/v1/gadgets/(?P<id>[\d]+)`, `/acme/v1/gadgets/(?P<parent>[\d]+)/revisions`,
		`/acme/v1/gadgets/(?P<parent>[\d]+)/revisions/(?P<id>[\d]+)`, `/acme/v1/gadgets/(?P<id>[\d]+)/autosaves`,
		`/acme/v1/gadgets/(?P<parent>[\d]+)/autosaves/(?P<id>[\d]+)`, "/acme/v1/makers", `/acme/v1/makers/(?P<id>[\d]+)`} {
		if idx.Routes[p] == nil {
			t.Errorf("/acme/v1 index: no route %s", p)
		}
	}
}
