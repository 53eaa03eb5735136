package mock

import (
	"net/http"
	"strings"
	"testing"

	"github.com/wpmock/wpmock/mock/store"
)

// TestTermShapes pins the field set of tags and categories in every context, item and
// list, to WordPress 6.1's (captures of a tag without posts and of category 1).
func TestTermShapes(t *testing.T) {
	runShapeCases(t, []shapeCase{
		{name: "tag item view", path: "/wp/v2/tags/4", capture: "tags_item_view"},
		{name: "tag item embed", path: "/wp/v2/tags/4?context=embed", login: "admin", capture: "tags_item_embed"},
		{name: "tag item edit", path: "/wp/v2/tags/4?context=edit", login: "admin", capture: "tags_item_edit"},
		{name: "tag list view", path: "/wp/v2/tags?include=4", capture: "tags_list_view"},
		{name: "tag list embed", path: "/wp/v2/tags?include=4&context=embed", login: "admin", capture: "tags_list_embed"},
		{name: "tag list edit", path: "/wp/v2/tags?include=4&context=edit", login: "admin", capture: "tags_list_edit"},
		{name: "category item view", path: "/wp/v2/categories/1", capture: "categories_item_view"},
		{name: "category item embed", path: "/wp/v2/categories/1?context=embed", login: "admin", capture: "categories_item_embed"},
		{name: "category item edit", path: "/wp/v2/categories/1?context=edit", login: "admin", capture: "categories_item_edit"},
		{name: "category list view", path: "/wp/v2/categories?include=1", capture: "categories_list_view"},
		{name: "category list embed", path: "/wp/v2/categories?include=1&context=embed", login: "admin", capture: "categories_list_embed"},
		{name: "category list edit", path: "/wp/v2/categories?include=1&context=edit", login: "admin", capture: "categories_list_edit"},
	})
}

// TestTermValues compares category 1, which a fresh WordPress has too, with the
// capture value by value (the site URL swapped; its count is the seed's).
func TestTermValues(t *testing.T) {
	s := newTestSite(t)
	got := s.get(t, "/wp/v2/categories/1", "")
	// the bytes WordPress sends: json_encode escapes every slash
	body := strings.ReplaceAll(string(got.body), strings.ReplaceAll(s.srv.URL, "/", `\/`), `http:\/\/127.0.0.1:8081`)
	body = strings.Replace(body, `"count":2`, `"count":1`, 1)
	want := `{"id":1,"count":1,"description":"","link":"http:\/\/127.0.0.1:8081\/category\/uncategorized\/","name":"Uncategorized",` +
		`"slug":"uncategorized","taxonomy":"category","parent":0,"meta":[],"_links":{` +
		`"self":[{"href":"http:\/\/127.0.0.1:8081\/wp-json\/wp\/v2\/categories\/1"}],` +
		`"collection":[{"href":"http:\/\/127.0.0.1:8081\/wp-json\/wp\/v2\/categories"}],` +
		`"about":[{"href":"http:\/\/127.0.0.1:8081\/wp-json\/wp\/v2\/taxonomies\/category"}],` +
		`"wp:post_type":[{"href":"http:\/\/127.0.0.1:8081\/wp-json\/wp\/v2\/posts?categories=1"}],` +
		`"curies":[{"name":"wp","href":"https:\/\/api.w.org\/{rel}","templated":true}]}}`
	if body != want {
		t.Errorf("categories/1:\ngot  %s\nwant %s", body, want)
	}
	// a child category: hierarchical link, embeddable "up" link to its parent
	child := s.get(t, "/wp/v2/categories/3?_fields=link,_links.up", "").json.(map[string]any)
	if link := child["link"]; link != s.srv.URL+"/category/news/releases/" {
		t.Errorf("categories/3 link: got %v", link)
	}
	// a single item's links come whole, even for _fields=_links.up (WordPress adds
	// them after the filter; 6.1 and 7.1 alike)
	up := []any{map[string]any{"embeddable": true, "href": s.srv.URL + "/wp-json/wp/v2/categories/2"}}
	links, _ := child["_links"].(map[string]any)
	if d := valueDiff(up, links["up"]); d != "" || links["self"] == nil {
		t.Errorf("categories/3 links for _fields=_links.up: %s (self %v)", d, links["self"])
	}
	tag := s.get(t, "/wp/v2/tags/4?_fields=link,_links.wp:post_type", "").json.(map[string]any)
	if tag["link"] != s.srv.URL+"/tag/go/" {
		t.Errorf("tags/4 link: got %v", tag["link"])
	}
	if !strings.Contains(string(s.get(t, "/wp/v2/tags/4", "").body), `"wp:post_type":[{"href":"`+strings.ReplaceAll(s.srv.URL+"/wp-json/wp/v2/posts?tags=4", "/", `\/`)+`"}]`) {
		t.Errorf("tags/4: wp:post_type link missing")
	}
}

func TestTermErrors(t *testing.T) {
	s := newTestSite(t)
	for _, c := range []struct {
		path, login string
		status      int
		code        string
	}{
		{"/wp/v2/tags/abc", "", http.StatusNotFound, "rest_no_route"},
		{"/wp/v2/tags/999999", "", http.StatusNotFound, "rest_term_invalid"},
		{"/wp/v2/tags/0", "", http.StatusNotFound, "rest_term_invalid"},
		{"/wp/v2/tags/1", "", http.StatusNotFound, "rest_term_invalid"},       // a category
		{"/wp/v2/categories/4", "", http.StatusNotFound, "rest_term_invalid"}, // a tag
		{"/wp/v2/tags?context=edit", "", http.StatusUnauthorized, "rest_forbidden_context"},
		{"/wp/v2/categories?context=edit", "author", http.StatusForbidden, "rest_forbidden_context"},
		{"/wp/v2/categories/1?context=edit", "", http.StatusUnauthorized, "rest_forbidden_context"},
		{"/wp/v2/tags/4?context=edit", "subscriber", http.StatusForbidden, "rest_forbidden_context"},
		// post filter: unknown post 400; a post the caller may not read, a revision (8)
		// or an attachment (9), whose types have no tags or categories: 401/403
		{"/wp/v2/tags?post=999", "", http.StatusBadRequest, "rest_post_invalid_id"},
		{"/wp/v2/tags?post=-1", "admin", http.StatusBadRequest, "rest_post_invalid_id"},
		{"/wp/v2/categories?post=4", "", http.StatusUnauthorized, "rest_forbidden_context"},
		{"/wp/v2/categories?post=6", "author", http.StatusForbidden, "rest_forbidden_context"},
		{"/wp/v2/categories?post=8", "admin", http.StatusForbidden, "rest_forbidden_context"},
		{"/wp/v2/tags?post=9", "admin", http.StatusForbidden, "rest_forbidden_context"},
		// the edit context is checked before the post
		{"/wp/v2/categories?post=999&context=edit", "", http.StatusUnauthorized, "rest_forbidden_context"},
		// validation (400) before permissions
		{"/wp/v2/tags?context=edit&per_page=0", "", http.StatusBadRequest, "rest_invalid_param"},
		{"/wp/v2/tags?hide_empty=maybe", "", http.StatusBadRequest, "rest_invalid_param"},
		{"/wp/v2/tags?orderby=parent", "", http.StatusBadRequest, "rest_invalid_param"},
		{"/wp/v2/categories?parent=x", "", http.StatusBadRequest, "rest_invalid_param"},
		{"/wp/v2/tags?offset=x", "", http.StatusBadRequest, "rest_invalid_param"},
		{"/wp/v2/tags?post=x", "", http.StatusBadRequest, "rest_invalid_param"},
	} {
		s.get(t, c.path, c.login).wantError(t, c.status, c.code)
	}
	msgs := map[string]string{
		"/wp/v2/tags?context=edit":             "Sorry, you are not allowed to edit terms in this taxonomy.",
		"/wp/v2/categories/1?context=edit":     "Sorry, you are not allowed to edit this term.",
		"/wp/v2/categories?post=4":             "Sorry, you are not allowed to view terms for this post.",
		"/wp/v2/categories?post=999":           "Invalid post ID.",
		"/wp/v2/tags/999999":                   "Term does not exist.",
		"/wp/v2/categories/999999?context=foo": "Invalid parameter(s): context",
	}
	for path, msg := range msgs {
		obj, _ := s.get(t, path, "").json.(map[string]any)
		if obj["message"] != msg {
			t.Errorf("GET %s: got message %v, want %q", path, obj["message"], msg)
		}
	}
	if d := valueDiff(captured(t, "err_tags_999999"), s.get(t, "/wp/v2/tags/999999", "").json); d != "" {
		t.Errorf("tags/999999: %s", d)
	}
}

// TestTermList checks the list semantics on the seeded terms: categories 1
// Uncategorized (2 posts), 2 News (2, "Company news."), 3 Releases (1, parent 2); tags
// 4 Go (2) and 5 WordPress (1). Posts: 2 in categories 2, 3 with tag 4; 3 in category 2
// with tags 4, 5; 4 a draft, 6 private.
func TestTermList(t *testing.T) {
	s := newTestSite(t)
	runListCases(t, s, []listCase{
		{"/wp/v2/categories", "", []int{2, 3, 1}, 3},
		{"/wp/v2/categories?order=desc", "", []int{1, 3, 2}, 3},
		{"/wp/v2/categories?orderby=id", "", []int{1, 2, 3}, 3},
		{"/wp/v2/categories?orderby=id&order=desc", "", []int{3, 2, 1}, 3},
		{"/wp/v2/categories?orderby=slug", "", []int{2, 3, 1}, 3},
		{"/wp/v2/categories?orderby=count", "", []int{3, 1, 2}, 3},
		{"/wp/v2/categories?orderby=count&order=desc", "", []int{1, 2, 3}, 3}, // ties by ascending id
		{"/wp/v2/categories?orderby=description", "", []int{1, 3, 2}, 3},
		{"/wp/v2/categories?orderby=term_group&order=desc", "", []int{1, 2, 3}, 3},
		{"/wp/v2/categories?orderby=include_slugs&order=desc", "", []int{1, 3, 2}, 3}, // name without slug
		{"/wp/v2/categories?context=edit", "editor", []int{2, 3, 1}, 3},
		{"/wp/v2/categories?context=embed", "", []int{2, 3, 1}, 3},
		// include / exclude (ignored with include) / orderby=include (name without include)
		{"/wp/v2/categories?include=3,1&orderby=include", "", []int{3, 1}, 2},
		{"/wp/v2/categories?include=3,1&orderby=include&order=desc", "", []int{1, 3}, 2},
		{"/wp/v2/categories?include=1,2&exclude=1", "", []int{2, 1}, 2},
		{"/wp/v2/categories?exclude=1", "", []int{2, 3}, 2},
		{"/wp/v2/categories?orderby=include", "", []int{2, 3, 1}, 3},
		// parent: 0 = top level; a parent without children gives nothing
		{"/wp/v2/categories?parent=0", "", []int{2, 1}, 2},
		{"/wp/v2/categories?parent=2", "", []int{3}, 1},
		{"/wp/v2/categories?parent=3", "", []int{}, 0},
		{"/wp/v2/tags?parent=2", "", []int{4, 5}, 2},          // not a tags parameter: ignored
		{"/wp/v2/categories?offset=2", "", []int{2, 3, 1}, 3}, // not a categories parameter
		// post: the post's terms, if the caller may read the post
		{"/wp/v2/categories?post=2", "", []int{2, 3}, 2},
		{"/wp/v2/tags?post=3", "", []int{4, 5}, 2},
		{"/wp/v2/tags?post=1", "", []int{}, 0},
		{"/wp/v2/categories?post=4", "author", []int{1}, 1},
		{"/wp/v2/categories?post=6", "editor", []int{2}, 1},
		{"/wp/v2/tags?post=0", "", []int{4, 5}, 2}, // empty: no filter
		// search in name and slug, slug (sanitised) and include_slugs
		{"/wp/v2/categories?search=REL", "", []int{3}, 1},
		{"/wp/v2/categories?search=uncat", "", []int{1}, 1},
		{"/wp/v2/categories?slug=News,releases&orderby=include_slugs", "", []int{2, 3}, 2},
		{"/wp/v2/categories?slug=releases,news&orderby=include_slugs", "", []int{3, 2}, 2},
		{"/wp/v2/categories?slug=releases,news&orderby=include_slugs&order=desc", "", []int{2, 3}, 2},
		// paging: past the end is an empty page; tags take an offset (absint)
		{"/wp/v2/categories?per_page=1&page=2", "", []int{3}, 3},
		{"/wp/v2/categories?page=999", "", []int{}, 3},
		{"/wp/v2/tags?offset=1", "", []int{5}, 2},
		{"/wp/v2/tags?offset=-1", "", []int{5}, 2},
		{"/wp/v2/tags?offset=5", "", []int{}, 2},
	})
}

// TestTermHideEmpty: empty terms are hidden, except an empty category with a
// non-empty descendant, which the list keeps but X-WP-Total (wp_count_terms) does not
// count, as WordPress does.
func TestTermHideEmpty(t *testing.T) {
	s := newTestSite(t)
	s.store.Write(func(tx *store.Tx) {
		tx.InsertTerm(&store.Term{ID: 6, Taxonomy: "post_tag", Name: "Empty", Slug: "empty"})
		tx.InsertTerm(&store.Term{ID: 7, Taxonomy: "category", Name: "Parent", Slug: "parent"})
		tx.InsertTerm(&store.Term{ID: 8, Taxonomy: "category", Name: "Child", Slug: "child", Parent: 7, Count: 1})
		tx.InsertTerm(&store.Term{ID: 9, Taxonomy: "category", Name: "Lonely", Slug: "lonely"})
	})
	runListCases(t, s, []listCase{
		{"/wp/v2/tags", "", []int{6, 4, 5}, 3},
		{"/wp/v2/tags?hide_empty=true", "", []int{4, 5}, 2},
		{"/wp/v2/tags?hide_empty=1&post=3", "", []int{4, 5}, 2},
		{"/wp/v2/categories", "", []int{8, 9, 2, 7, 3, 1}, 6},
		{"/wp/v2/categories?hide_empty=true", "", []int{8, 2, 7, 3, 1}, 4},
		{"/wp/v2/categories?hide_empty=true&parent=0", "", []int{2, 7, 1}, 2},
	})
}

// TestTermPagingHeaders pins X-WP-TotalPages and the Link header.
func TestTermPagingHeaders(t *testing.T) {
	s := newTestSite(t)
	base := s.srv.URL + "/wp-json/wp/v2/"
	for _, c := range []struct {
		path, pages, link string
	}{
		{"/wp/v2/tags?page=999", "1", "<" + base + "tags?page=1>; rel=\"prev\""},
		{"/wp/v2/categories?per_page=1", "3", "<" + base + "categories?per_page=1&page=2>; rel=\"next\""},
		{"/wp/v2/categories?per_page=1&page=2", "3", "<" + base + "categories?per_page=1&page=1>; rel=\"prev\", <" + base + "categories?per_page=1&page=3>; rel=\"next\""},
		{"/wp/v2/tags?offset=1", "1", "<" + base + "tags?offset=1&page=1>; rel=\"prev\""},
		{"/wp/v2/categories?parent=3", "0", ""},
	} {
		got := s.get(t, c.path, "")
		if p := got.header.Get("X-WP-TotalPages"); p != c.pages {
			t.Errorf("GET %s: got X-WP-TotalPages %s, want %s", c.path, p, c.pages)
		}
		if l := got.header.Get("Link"); l != c.link && !(c.link == "" && strings.Contains(l, `rel="https://api.w.org/"`)) {
			t.Errorf("GET %s: got Link %s, want %s", c.path, l, c.link)
		}
	}
	got := s.get(t, "/wp/v2/tags?page=999", "")
	if string(got.body) != "[]" || got.header.Get("X-WP-Total") != "2" {
		t.Errorf("tags?page=999: got %s with X-WP-Total %s, want [] and 2", got.body, got.header.Get("X-WP-Total"))
	}
}

// TestTermOptions compares OPTIONS with WordPress's: the item schema and the GET
// endpoint's arguments (offset for tags, parent for categories).
func TestTermOptions(t *testing.T) {
	s := newTestSite(t)
	checkOptions(t, s, "/wp/v2/tags", "options_tags")
	checkOptions(t, s, "/wp/v2/categories", "options_categories")
}
