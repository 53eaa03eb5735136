package mock

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"
)

// The /wp/v2/search route (search.go), on the example dataset: published posts 1, 2, 3
// and 5 (password-protected), a draft, a private and a pending post; categories
// Uncategorized, News, Releases and tags Go, WordPress.

// searchIDs lists the ids (as JSON text) and subtypes of a search answer, in order.
func searchIDs(t *testing.T, r reply) []string {
	t.Helper()
	list, ok := r.json.([]any)
	if !ok {
		t.Fatalf("not a list: %d %s", r.status, r.body)
	}
	var out []string
	for _, it := range list {
		m := it.(map[string]any)
		id, _ := json.Marshal(m["id"])
		s := string(id)
		if st, ok := m["subtype"]; ok {
			s += "/" + st.(string)
		} else {
			s += "/" + m["type"].(string)
		}
		out = append(out, s)
	}
	return out
}

func TestSearchResults(t *testing.T) {
	s := newTestSite(t)
	for _, c := range []struct {
		path, login string
		want        string // ids/subtype, comma-separated
		total       string
	}{
		// published posts only, newest first; the protected post 5 too (no search)
		{"/wp/v2/search", "", "5/post,3/post,2/post,1/post", "4"},
		// private, draft and pending posts are never found, even by an administrator
		{"/wp/v2/search", "admin", "5/post,3/post,2/post,1/post", "4"},
		{"/wp/v2/search?per_page=2&page=2", "", "2/post,1/post", "4"},
		{"/wp/v2/search?exclude=3,5", "", "2/post,1/post", "2"},
		{"/wp/v2/search?include=1,3,6&exclude=3", "", "3/post,1/post", "2"},
		// every content has "wpmock": by date (relevance ties)
		{"/wp/v2/search?search=wpmock", "", "3/post,2/post,1/post", "3"},
		{"/wp/v2/search?search=release", "", "2/post", "1"},
		// a visitor's search leaves out password-protected posts; a logged-in one's does not
		{"/wp/v2/search?search=members", "", "", "0"},
		{"/wp/v2/search?search=members", "subscriber", "5/post", "1"},
		{"/wp/v2/search?search=internal", "admin", "", "0"},
		// a subtype of another handler leaves the post types empty: WP_Query's "post"
		{"/wp/v2/search?subtype=category", "", "5/post,3/post,2/post,1/post", "4"},
		// terms by name, both taxonomies, hide_empty false
		{"/wp/v2/search?type=term", "", "4/post_tag,2/category,3/category,1/category,5/post_tag", "5"},
		{"/wp/v2/search?type=term&subtype=category", "", "2/category,3/category,1/category", "3"},
		{"/wp/v2/search?type=term&search=RE", "", "3/category,5/post_tag", "2"},
		{"/wp/v2/search?type=term&include=1,4&exclude=4", "", "4/post_tag,1/category", "2"},
		{"/wp/v2/search?type=term&per_page=2&page=3", "", "5/post_tag", "5"},
		// no post has a format: no post-format term, no result
		{"/wp/v2/search?type=post-format", "", "", "0"},
		// past the last page with nothing found: no error (the totals are 0)
		{"/wp/v2/search?type=post-format&page=3", "", "", "0"},
		{"/wp/v2/search?page=9", "", "", "0"},
	} {
		r := s.get(t, c.path, c.login)
		if r.status != http.StatusOK {
			t.Errorf("GET %s as %q: %d %s", c.path, c.login, r.status, r.body)
			continue
		}
		if got := strings.Join(searchIDs(t, r), ","); got != c.want {
			t.Errorf("GET %s as %q: got %q, want %q", c.path, c.login, got, c.want)
		}
		if got := r.header.Get("X-WP-Total"); got != c.total {
			t.Errorf("GET %s as %q: X-WP-Total %s, want %s", c.path, c.login, got, c.total)
		}
	}
}

// TestSearchRelevance: a search puts the posts with the phrase in the title first,
// then those with every word in the title, then the rest, each by date.
func TestSearchRelevance(t *testing.T) {
	s := newTestSite(t)
	for _, body := range []string{
		`{"title":"Old wpmock site notes","status":"publish","date":"2020-01-01T00:00:00"}`,
		`{"title":"Site of wpmock","status":"publish","date":"2019-01-01T00:00:00"}`,
	} {
		if r := s.do(t, http.MethodPost, "/wp/v2/posts", "admin", strings.NewReader(body), "Content-Type", "application/json"); r.status != http.StatusCreated {
			t.Fatalf("creating a post: %d %s", r.status, r.body)
		}
	}
	r := s.get(t, "/wp/v2/search?search=wpmock+site&_fields=title", "")
	var titles []string
	for _, it := range r.json.([]any) {
		titles = append(titles, it.(map[string]any)["title"].(string))
	}
	want := "Old wpmock site notes|Site of wpmock|Writing a plugin in an afternoon|Release notes for version 2.0|Hello world!"
	if got := strings.Join(titles, "|"); got != want {
		t.Errorf("search order: got %s, want %s", got, want)
	}
}

// TestSearchPostFormats: a format is found once a post has had it (its term stays when
// the post changes format), by its slug or its name.
func TestSearchPostFormats(t *testing.T) {
	s := newTestSite(t)
	r := s.do(t, http.MethodPost, "/wp/v2/posts/1", "admin", strings.NewReader(`{"format":"aside"}`), "Content-Type", "application/json")
	if r.status != http.StatusOK {
		t.Fatalf("setting a format: %d %s", r.status, r.body)
	}
	r = s.do(t, http.MethodPost, "/wp/v2/posts/1", "admin", strings.NewReader(`{"format":"video"}`), "Content-Type", "application/json")
	if r.status != http.StatusOK {
		t.Fatalf("setting a format: %d %s", r.status, r.body)
	}
	for path, want := range map[string]string{
		"/wp/v2/search?type=post-format":                   `"aside"/post-format,"video"/post-format`,
		"/wp/v2/search?type=post-format&search=VID":        `"video"/post-format`,
		"/wp/v2/search?type=post-format&per_page=1&page=2": `"video"/post-format`,
	} {
		if got := strings.Join(searchIDs(t, s.get(t, path, "")), ","); got != want {
			t.Errorf("GET %s: got %s, want %s", path, got, want)
		}
	}
	got := orderedJSON(t, s.get(t, "/wp/v2/search?type=post-format&per_page=1", "").body, s.srv.URL)
	want := orderedJSON(t, []byte(`[{"id":"aside","title":"Aside","url":"`+captureSite+`/type/aside/","type":"post-format",`+
		`"_links":{"collection":[{"href":"`+captureSite+`/wp-json/wp/v2/search"}]}}]`), "")
	if d := exactDiff(want, got); d != "" {
		t.Errorf("post-format item: %s", d)
	}
}

// TestSearchItems pins a post's and a term's result as WordPress 6.1 prints them: the
// term handler's type is the taxonomy and it has no subtype.
func TestSearchItems(t *testing.T) {
	s := newTestSite(t)
	for _, c := range []struct{ path, want string }{
		{"/wp/v2/search?include=2", `[{"id":2,"title":"Release notes for version 2.0","url":"` + captureSite +
			`/release-notes-for-version-2-0/","type":"post","subtype":"post","_links":{"self":[{"embeddable":true,"href":"` +
			captureSite + `/wp-json/wp/v2/posts/2"}],"about":[{"href":"` + captureSite + `/wp-json/wp/v2/types/post"}],` +
			`"collection":[{"href":"` + captureSite + `/wp-json/wp/v2/search"}]}}]`},
		{"/wp/v2/search?type=term&include=3&context=embed", `[{"id":3,"title":"Releases","url":"` + captureSite +
			`/category/news/releases/","type":"category","_links":{"self":[{"embeddable":true,"href":"` +
			captureSite + `/wp-json/wp/v2/categories/3"}],"about":[{"href":"` + captureSite + `/wp-json/wp/v2/taxonomies/category"}],` +
			`"collection":[{"href":"` + captureSite + `/wp-json/wp/v2/search"}]}}]`},
		{"/wp/v2/search?include=2&_fields=id,subtype", `[{"id":2,"subtype":"post"}]`},
		{"/wp/v2/search?type=term&include=4&_fields=subtype", `[[]]`},
	} {
		got := orderedJSON(t, s.get(t, c.path, "").body, s.srv.URL)
		if d := exactDiff(orderedJSON(t, []byte(c.want), ""), got); d != "" {
			t.Errorf("GET %s: %s", c.path, d)
		}
	}
	// _embed follows the self links: the post and the term in the embed context
	r := s.get(t, "/wp/v2/search?include=2&_embed", "")
	list, _ := r.json.([]any)
	if len(list) != 1 {
		t.Fatalf("_embed: %s", r.body)
	}
	emb, _ := list[0].(map[string]any)["_embedded"].(map[string]any)
	self, _ := emb["self"].([]any)
	if len(self) != 1 || self[0].(map[string]any)["slug"] != "release-notes-for-version-2-0" {
		t.Errorf("_embed: self is %v", emb["self"])
	}
}

func TestSearchErrors(t *testing.T) {
	s := newTestSite(t)
	runErrorCases(t, s, []errorCase{
		{"/wp/v2/search?type=foo", "", http.StatusBadRequest, "rest_invalid_param", "Invalid parameter(s): type"},
		{"/wp/v2/search?subtype=foo", "", http.StatusBadRequest, "rest_invalid_param", "Invalid parameter(s): subtype"},
		{"/wp/v2/search?type=foo&subtype=post", "", http.StatusBadRequest, "rest_invalid_param", "Invalid parameter(s): type, subtype"},
		{"/wp/v2/search?context=edit", "admin", http.StatusBadRequest, "rest_invalid_param", "Invalid parameter(s): context"},
		{"/wp/v2/search?per_page=0", "", http.StatusBadRequest, "rest_invalid_param", "Invalid parameter(s): per_page"},
		{"/wp/v2/search?include=abc", "", http.StatusBadRequest, "rest_invalid_param", "Invalid parameter(s): include"},
		{"/wp/v2/search?type=term&page=2", "", http.StatusBadRequest, "rest_search_invalid_page_number",
			"The page number requested is larger than the number of pages available."},
	})
	r := s.get(t, "/wp/v2/search?type=foo&subtype=post", "")
	details := r.json.(map[string]any)["data"].(map[string]any)["details"].(map[string]any)
	if d, _ := details["subtype"].(map[string]any); d["code"] != "rest_search_invalid_type" || d["message"] != "Invalid type parameter." {
		t.Errorf("subtype detail: %v", details["subtype"])
	}
	// the prev link of an empty result past its end is page-1, not clamped
	r = s.get(t, "/wp/v2/search?type=post-format&page=3", "")
	if link := r.header.Get("Link"); !strings.Contains(link, "page=2>; rel=\"prev\"") {
		t.Errorf("prev link %q, want page=2", link)
	}
}
