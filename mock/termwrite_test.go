package mock

import (
	"encoding/json"
	"net/http"
	"strconv"
	"strings"
	"testing"
)

// The expectations of these tests were checked against WordPress 6.1.9 (the
// reference site, and one with the meta plugin loaded): same requests, same answers.

// sendCase is a write request and the status (and error code and message, when set)
// it must get.
type sendCase struct {
	name, method, path, login string
	body                      any
	status                    int
	code, msg                 string
}

func runSendCases(t *testing.T, s *testSite, cases []sendCase) {
	t.Helper()
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got := s.send(t, c.method, c.path, c.login, c.body)
			if c.code == "" {
				if got.status != c.status {
					t.Errorf("%s %s: got %d, want %d\n%s", c.method, c.path, got.status, c.status, got.body)
				}
				return
			}
			got.wantError(t, c.status, c.code)
			if m, _ := got.json.(map[string]any); c.msg != "" && m["message"] != c.msg {
				t.Errorf("%s %s: message %q, want %q", c.method, c.path, m["message"], c.msg)
			}
		})
	}
}

// withoutKey is a copy of a decoded object without one key.
func withoutKey(v any, key string) map[string]any {
	out := map[string]any{}
	for k, x := range v.(map[string]any) {
		if k != key {
			out[k] = x
		}
	}
	return out
}

// TestTermLifecycle: create, read in every context, update, list, delete without and
// with force, read again, for both taxonomies.
func TestTermLifecycle(t *testing.T) {
	for _, c := range []struct {
		base, capture string
		create        map[string]any
		want          map[string]any
	}{
		{"tags", "tags_item", map[string]any{"name": "Life & Times", "description": "About <b>it</b>."},
			map[string]any{"name": "Life &amp; Times", "slug": "life-times", "taxonomy": "post_tag", "count": 0.0,
				"description": "About <b>it</b>."}},
		{"categories", "categories_item", map[string]any{"name": "Life & Times", "parent": 2},
			map[string]any{"name": "Life &amp; Times", "slug": "life-times", "taxonomy": "category", "parent": 2.0,
				"description": "", "count": 0.0}},
	} {
		t.Run(c.base, func(t *testing.T) {
			s := newTestSite(t)
			created := s.send(t, http.MethodPost, "/wp/v2/"+c.base, "editor", c.create)
			if created.status != http.StatusCreated {
				t.Fatalf("create: %d %s", created.status, created.body)
			}
			id := int(created.obj(t)["id"].(float64))
			path := "/wp/v2/" + c.base + "/" + strconv.Itoa(id)
			if loc := created.header.Get("Location"); loc != s.srv.URL+"/wp-json"+path {
				t.Errorf("Location: got %q", loc)
			}
			created.wantFields(t, c.want)
			for _, d := range shapeDiff(captured(t, c.capture+"_edit"), created.json, "_links") {
				t.Errorf("create response: %s", d)
			}
			for _, ctx := range []string{"view", "embed", "edit"} {
				got := s.get(t, path+"?context="+ctx, "editor")
				for _, d := range shapeDiff(captured(t, c.capture+"_"+ctx), got.json, "_links") {
					t.Errorf("GET context=%s: %s", ctx, d)
				}
			}
			updated := s.send(t, http.MethodPatch, path, "editor", map[string]any{"name": "Lifetime", "slug": "Life Time!"})
			updated.wantFields(t, map[string]any{"id": float64(id), "name": "Lifetime", "slug": "life-time"})
			if ids := replyIDs(s.get(t, "/wp/v2/"+c.base+"?search=lifetime", "")); len(ids) != 1 || ids[0] != id {
				t.Errorf("search after update: got %v, want [%d]", ids, id)
			}
			s.do(t, http.MethodDelete, path, "editor", nil).wantError(t, http.StatusNotImplemented, "rest_trash_not_supported")
			gone := s.do(t, http.MethodDelete, path+"?force=true", "editor", nil)
			gone.wantFields(t, map[string]any{"deleted": true, "previous.id": float64(id), "previous.slug": "life-time"})
			previous, _ := gone.obj(t)["previous"].(map[string]any)
			for _, d := range shapeDiff(withoutKey(captured(t, c.capture+"_view"), "_links"), previous) {
				t.Errorf("previous (view context, no _links): %s", d)
			}
			s.get(t, path, "").wantError(t, http.StatusNotFound, "rest_term_invalid")
		})
	}
}

func TestTermWriteRules(t *testing.T) {
	s := newTestSite(t)
	const parentInvalid, notHierarchical = "Parent term does not exist.", "Cannot set parent term, taxonomy is not hierarchical."
	runSendCases(t, s, []sendCase{
		// create: validation (400) first, then permission, then the rules
		{"no name", "POST", "/wp/v2/tags", "", map[string]any{}, 400, "rest_missing_callback_param", "Missing parameter(s): name"},
		{"name not a string", "POST", "/wp/v2/tags", "admin", map[string]any{"name": 5}, 400, "rest_invalid_param", ""},
		{"anonymous", "POST", "/wp/v2/tags", "", map[string]any{"name": "x"}, 401, "rest_cannot_create", msgCannotCreateTerm},
		{"subscriber", "POST", "/wp/v2/tags", "subscriber", map[string]any{"name": "x"}, 403, "rest_cannot_create", ""},
		{"contributor category", "POST", "/wp/v2/categories", "contributor", map[string]any{"name": "x"}, 403, "rest_cannot_create", ""},
		{"contributor tag (assign_terms)", "POST", "/wp/v2/tags", "contributor", map[string]any{"name": "By contributor"}, 201, "", ""},
		{"duplicate tag", "POST", "/wp/v2/tags", "admin", map[string]any{"name": "go"}, 400, "term_exists", msgTermExists},
		{"duplicate sibling category", "POST", "/wp/v2/categories", "admin", map[string]any{"name": "Releases", "parent": 2}, 400, "term_exists", msgTermExistsParent},
		{"blank name", "POST", "/wp/v2/tags", "admin", map[string]any{"name": "   "}, 500, "empty_term_name", msgEmptyTermName},
		{"name of tags only", "POST", "/wp/v2/tags", "admin", map[string]any{"name": "<b></b>"}, 500, "empty_term_name", ""},
		{"parent on a tag", "POST", "/wp/v2/tags", "admin", map[string]any{"name": "x", "parent": 0}, 400, "rest_taxonomy_not_hierarchical", notHierarchical},
		{"null parent on a tag", "POST", "/wp/v2/tags", "admin", map[string]any{"name": "Null parent", "parent": nil}, 201, "", ""},
		{"unknown parent", "POST", "/wp/v2/categories", "admin", map[string]any{"name": "x", "parent": 999}, 400, "rest_term_invalid", parentInvalid},
		{"tag as parent", "POST", "/wp/v2/categories", "admin", map[string]any{"name": "x", "parent": 4}, 400, "rest_term_invalid", parentInvalid},
		{"negative parent", "POST", "/wp/v2/categories", "admin", map[string]any{"name": "x", "parent": -1}, 400, "rest_term_invalid", parentInvalid},
		{"parent 0", "POST", "/wp/v2/categories", "admin", map[string]any{"name": "Top", "parent": 0}, 201, "", ""},
		{"meta not an object", "POST", "/wp/v2/tags", "admin", map[string]any{"name": "x", "meta": "no"}, 400, "rest_invalid_param", ""},
		{"meta as a list", "POST", "/wp/v2/tags", "admin", map[string]any{"name": "Meta list", "meta": []any{}}, 201, "", ""},
		// update
		{"update anonymous", "POST", "/wp/v2/tags/4", "", map[string]any{"name": "x"}, 401, "rest_cannot_update", msgCannotUpdateTerm},
		{"update author", "PUT", "/wp/v2/tags/4", "author", map[string]any{"name": "x"}, 403, "rest_cannot_update", ""},
		{"update unknown", "PATCH", "/wp/v2/tags/999", "admin", map[string]any{"name": "x"}, 404, "rest_term_invalid", "Term does not exist."},
		{"update a category as a tag", "POST", "/wp/v2/tags/1", "admin", map[string]any{"name": "x"}, 404, "rest_term_invalid", ""},
		{"update slug taken", "POST", "/wp/v2/tags/5", "admin", map[string]any{"slug": "go"}, 500, "duplicate_term_slug", "The slug &#8220;go&#8221; is already in use by another term."},
		{"update empty name", "POST", "/wp/v2/tags/5", "admin", map[string]any{"name": ""}, 500, "empty_term_name", ""},
		{"update null name", "POST", "/wp/v2/tags/5", "admin", map[string]any{"name": nil}, 500, "empty_term_name", ""},
		{"update tag parent", "POST", "/wp/v2/tags/5", "admin", map[string]any{"parent": 1}, 400, "rest_taxonomy_not_hierarchical", ""},
		{"update unknown parent", "POST", "/wp/v2/categories/3", "admin", map[string]any{"parent": 999}, 400, "rest_term_invalid", parentInvalid},
		{"update nothing", "POST", "/wp/v2/categories/3", "editor", map[string]any{}, 200, "", ""},
		// delete
		{"delete without force", "DELETE", "/wp/v2/tags/5", "admin", nil, 501, "rest_trash_not_supported", msgTermTrash},
		{"delete force=false", "DELETE", "/wp/v2/tags/5?force=false", "admin", nil, 501, "rest_trash_not_supported", ""},
		{"delete force=yes", "DELETE", "/wp/v2/tags/5?force=yes", "admin", nil, 400, "rest_invalid_param", ""},
		{"delete anonymous", "DELETE", "/wp/v2/tags/5?force=true", "", nil, 401, "rest_cannot_delete", msgCannotDeleteTerm},
		{"delete contributor", "DELETE", "/wp/v2/tags/5?force=true", "contributor", nil, 403, "rest_cannot_delete", ""},
		{"delete the default category", "DELETE", "/wp/v2/categories/1?force=true", "admin", nil, 403, "rest_cannot_delete", msgCannotDeleteTerm},
		{"delete unknown", "DELETE", "/wp/v2/categories/999?force=true", "admin", nil, 404, "rest_term_invalid", ""},
	})
	// the bodies WordPress gives, to the byte
	for _, c := range []struct {
		method, path string
		body         any
		want         string
	}{
		{"POST", "/wp/v2/tags", map[string]any{"name": "Go"},
			`{"code":"term_exists","message":"A term with the name provided already exists in this taxonomy.","data":{"status":400,"term_id":4},"additional_data":[4,4]}`},
		{"POST", "/wp/v2/categories", map[string]any{"name": "releases", "parent": 2},
			`{"code":"term_exists","message":"A term with the name provided already exists with this parent.","data":{"status":400,"term_id":3},"additional_data":[3,3]}`},
		{"POST", "/wp/v2/tags", map[string]any{"name": " "}, `{"code":"empty_term_name","message":"A name is required for this term.","data":null}`},
		{"POST", "/wp/v2/tags/5", map[string]any{"slug": "go"},
			`{"code":"duplicate_term_slug","message":"The slug &#8220;go&#8221; is already in use by another term.","data":null}`},
		{"DELETE", "/wp/v2/categories/2", nil,
			`{"code":"rest_trash_not_supported","message":"Terms do not support trashing. Set 'force=true' to delete.","data":{"status":501}}`},
	} {
		got := s.send(t, c.method, c.path, "admin", c.body)
		if d := exactDiff(orderedJSON(t, []byte(c.want), ""), orderedJSON(t, got.body, s.srv.URL)); d != "" {
			t.Errorf("%s %s:%s", c.method, c.path, d)
		}
	}
	// the default category is not deletable, so admin is not offered DELETE
	if allow := s.get(t, "/wp/v2/categories/1", "admin").header.Get("Allow"); allow != "GET, POST, PUT, PATCH" {
		t.Errorf("categories/1 Allow: got %q", allow)
	}
}

// TestTermSlugs follows wp_insert_term's duplicate rules and wp_unique_term_slug
// through a sequence of writes; each step sees the terms the earlier ones made.
func TestTermSlugs(t *testing.T) {
	s := newTestSite(t)
	for _, c := range []struct {
		method, path string
		body         map[string]any
		status       int
		slug         string // or the error code
		parent       int
	}{
		// a taken name passes with a slug nobody in the taxonomy has
		{"POST", "/wp/v2/tags", map[string]any{"name": "GO", "slug": "go-lang"}, 201, "go-lang", 0},
		// not with the slug of another tag: the name match (4) is reported
		{"POST", "/wp/v2/tags", map[string]any{"name": "Go", "slug": "wordpress"}, 400, "term_exists", 0},
		// a new name with a taken slug gets -2
		{"POST", "/wp/v2/tags", map[string]any{"name": "Golang", "slug": "go"}, 201, "go-2", 0},
		// slugs only clash within a taxonomy...
		{"POST", "/wp/v2/tags", map[string]any{"name": "News"}, 201, "news", 0},
		{"POST", "/wp/v2/categories", map[string]any{"name": "Go"}, 201, "go", 0},
		// ...but the numbers count every taxonomy's slugs
		{"POST", "/wp/v2/tags", map[string]any{"name": "Go again", "slug": "go"}, 201, "go-3", 0},
		// the same name elsewhere in the tree is fine; a slug taken under a parent
		// first tries the parent's slug
		{"POST", "/wp/v2/categories", map[string]any{"name": "Releases"}, 201, "releases-2", 0},
		{"POST", "/wp/v2/categories", map[string]any{"name": "Other", "parent": 2, "slug": "releases"}, 201, "releases-news", 2},
		{"POST", "/wp/v2/categories", map[string]any{"name": "Deep", "parent": 3, "slug": "news"}, 201, "news-releases", 3},
		// a sibling with the name in another case, and the same slug: taken
		{"POST", "/wp/v2/categories", map[string]any{"name": "RELEASES", "parent": 2, "slug": "releases"}, 400, "term_exists", 0},
		// update: a taken slug is refused unless the parent changes or the slug is
		// generated; a parent that would make a loop becomes 0
		{"POST", "/wp/v2/categories/3", map[string]any{"slug": "news"}, 500, "duplicate_term_slug", 0},
		{"POST", "/wp/v2/categories/3", map[string]any{"slug": "news", "parent": 0}, 200, "news-2", 0},
		{"POST", "/wp/v2/categories/3", map[string]any{"slug": ""}, 200, "releases", 0},
		// a generated slug that is taken is made unique; the numbers skip the term's
		// own old slug too, as WordPress's query does
		{"POST", "/wp/v2/categories/11", map[string]any{"slug": ""}, 200, "releases-3", 0},
		{"POST", "/wp/v2/categories/2", map[string]any{"parent": 2}, 200, "news", 0},
		{"POST", "/wp/v2/categories/3", map[string]any{"parent": 2}, 200, "releases", 2},
		{"POST", "/wp/v2/categories/2", map[string]any{"parent": 3}, 200, "news", 0},
		{"POST", "/wp/v2/categories/2", map[string]any{"name": "Go"}, 200, "news", 0}, // names may repeat on update
		{"POST", "/wp/v2/categories/2", map[string]any{"description": nil, "parent": nil}, 200, "news", 0},
	} {
		got := s.send(t, c.method, c.path, "admin", c.body)
		if got.status != c.status {
			t.Errorf("%s %s %v: got %d, want %d\n%s", c.method, c.path, c.body, got.status, c.status, got.body)
			continue
		}
		if c.status >= 400 {
			got.wantError(t, c.status, c.slug)
			continue
		}
		want := map[string]any{"slug": c.slug}
		if strings.Contains(c.path, "categories") {
			want["parent"] = float64(c.parent)
		}
		got.wantFields(t, want)
	}
}

// TestTermDeleteEffects: deleting a term takes it off its posts (a post left without
// categories falls back to the default one), moves a category's children up to its
// parent, and keeps the counts right.
func TestTermDeleteEffects(t *testing.T) {
	s := newTestSite(t)
	s.do(t, http.MethodDelete, "/wp/v2/categories/2?force=1", "admin", nil).wantFields(t, map[string]any{"deleted": true})
	s.do(t, http.MethodDelete, "/wp/v2/tags/4?force=true", "admin", nil).wantFields(t, map[string]any{"deleted": true})
	for _, c := range []struct {
		path string
		want map[string]any
	}{
		// post 2 had categories 2 and 3, post 3 and the private post 6 only 2
		{"/wp/v2/posts/2", map[string]any{"categories": []any{3.0}, "tags": []any{}}},
		{"/wp/v2/posts/3", map[string]any{"categories": []any{1.0}, "tags": []any{5.0}}},
		{"/wp/v2/posts/6", map[string]any{"categories": []any{1.0}, "tags": []any{}}},
		// Releases (child of 2) is now top level; counts published posts only
		{"/wp/v2/categories/3", map[string]any{"parent": 0.0, "count": 1.0, "link": s.srv.URL + "/category/releases/"}},
		{"/wp/v2/categories/1", map[string]any{"count": 3.0}},
		{"/wp/v2/tags/5", map[string]any{"count": 1.0}},
	} {
		s.get(t, c.path+"?context=edit", "admin").wantFields(t, c.want)
	}
	runListCases(t, s, []listCase{
		{"/wp/v2/categories", "", []int{3, 1}, 2},
		{"/wp/v2/categories?post=3", "", []int{1}, 1},
		{"/wp/v2/posts?categories=1&_fields=id", "", []int{5, 3, 1}, 3},
	})
	if _, ok := s.get(t, "/wp/v2/categories/3", "").obj(t)["_links"].(map[string]any)["up"]; ok {
		t.Error("categories/3 still links up to the deleted parent")
	}
}

// TestTermWriteOptions compares OPTIONS with WordPress's: every endpoint's arguments
// (the item routes were captured on tag 31 and category 1).
func TestTermWriteOptions(t *testing.T) {
	s := newTestSite(t)
	for path, capture := range map[string]string{
		"/wp/v2/tags": "options_tags", "/wp/v2/categories": "options_categories",
		"/wp/v2/tags/4": "options_tags_id", "/wp/v2/categories/1": "options_categories_id",
	} {
		var got map[string]any
		if err := json.Unmarshal(s.do(t, http.MethodOptions, path, "", nil).body, &got); err != nil {
			t.Fatal(err)
		}
		want := captured(t, capture).(map[string]any)
		for _, key := range []string{"methods", "endpoints", "schema"} {
			if d := valueDiff(want[key], got[key]); d != "" {
				t.Errorf("OPTIONS %s %s: %s", path, key, d)
			}
		}
	}
}
