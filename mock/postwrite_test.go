package mock

import (
	"encoding/json"
	"net/http"
	"strconv"
	"strings"
	"testing"
)

// send is a JSON request as login.
func (s *testSite) send(t testing.TB, method, path, login string, body any) reply {
	t.Helper()
	b, err := json.Marshal(body)
	if err != nil {
		t.Fatal(err)
	}
	return s.do(t, method, path, login, strings.NewReader(string(b)), "Content-Type", "application/json")
}

// obj returns the reply's body as an object.
func (r reply) obj(t testing.TB) map[string]any {
	t.Helper()
	m, ok := r.json.(map[string]any)
	if !ok {
		t.Fatalf("body is not an object: %s", r.body)
	}
	return m
}

func field(m map[string]any, path string) any {
	var cur any = m
	for _, k := range strings.Split(path, ".") {
		o, ok := cur.(map[string]any)
		if !ok {
			return nil
		}
		cur = o[k]
	}
	return cur
}

func (r reply) wantFields(t testing.TB, want map[string]any) {
	t.Helper()
	m := r.obj(t)
	for k, v := range want {
		if d := valueDiff(v, field(m, k)); d != "" {
			t.Errorf("%s: %s", k, d)
		}
	}
}

// TestEmptyContentBySupports: wp_insert_post refuses a row with no title, content or
// excerpt only for a type that supports all three: a post is refused on create and on
// update, an empty page draft (pages have no excerpt) is saved, as WordPress 6.1
// answers `POST /wp/v2/pages {"status":"draft"}`.
func TestEmptyContentBySupports(t *testing.T) {
	s := newTestSite(t)
	s.send(t, http.MethodPost, "/wp/v2/posts", "admin", map[string]any{"status": "draft"}).wantError(t, 400, "empty_content")
	s.send(t, http.MethodPost, "/wp/v2/posts/1", "admin", map[string]any{"title": "", "content": "", "excerpt": ""}).wantError(t, 400, "empty_content")
	page := s.send(t, http.MethodPost, "/wp/v2/pages", "admin", map[string]any{"status": "draft"})
	if page.status != http.StatusCreated {
		t.Fatalf("empty page draft: %d %s", page.status, page.body)
	}
	page.wantFields(t, map[string]any{"status": "draft", "title.raw": "", "content.raw": ""})
	id := strconv.Itoa(int(page.obj(t)["id"].(float64)))
	s.send(t, http.MethodPost, "/wp/v2/pages/"+id, "admin", map[string]any{"title": "", "content": ""}).wantFields(t, map[string]any{"id": page.obj(t)["id"]})
}

// TestPostLifecycle: create, read in every context, update, list, trash, trash again,
// force delete, read again — the post's whole life as WordPress 6.1 answers it.
func TestPostLifecycle(t *testing.T) {
	s := newTestSite(t)
	created := s.send(t, http.MethodPost, "/wp/v2/posts", "admin", map[string]any{
		"title": "Lifecycle", "content": "Body text.", "categories": []int{2}, "tags": []int{4},
	})
	if created.status != http.StatusCreated {
		t.Fatalf("create: %d %s", created.status, created.body)
	}
	id := int(created.obj(t)["id"].(float64))
	path := "/wp/v2/posts/" + strconv.Itoa(id)
	if loc := created.header.Get("Location"); !strings.HasSuffix(loc, "/wp-json"+path) {
		t.Errorf("Location: got %q", loc)
	}
	created.wantFields(t, map[string]any{
		"status": "draft", "slug": "", "generated_slug": "lifecycle", "author": 1.0,
		"categories": []any{2.0}, "tags": []any{4.0}, "format": "standard", "sticky": false,
		"comment_status": "open", "ping_status": "open", "content.raw": "Body text.",
		"content.rendered": "<p>Body text.</p>\n", "excerpt.rendered": "<p>Body text.</p>\n",
		"link": s.srv.URL + "/?p=" + strconv.Itoa(id),
	})
	for _, d := range shapeDiff(captured(t, "posts_item_edit"), created.json, "_links") {
		t.Errorf("create response: %s", d)
	}
	// a draft is not public
	s.get(t, path, "").wantError(t, http.StatusUnauthorized, "rest_forbidden")

	updated := s.send(t, http.MethodPost, path, "admin", map[string]any{"status": "publish", "title": map[string]any{"raw": "Lifecycle, published"}})
	updated.wantFields(t, map[string]any{"status": "publish", "slug": "lifecycle-published", "title.raw": "Lifecycle, published"})
	if got := s.get(t, path, ""); got.status != http.StatusOK {
		t.Errorf("published post, anonymous: got %d", got.status)
	}
	revs := s.get(t, path+"?_fields=_links", "admin").obj(t)["_links"].(map[string]any)["version-history"].([]any)[0].(map[string]any)
	if revs["count"] != 1.0 {
		t.Errorf("revisions after first update: got %v, want 1", revs["count"])
	}
	// news (2) now counts the post
	if c := s.get(t, "/wp/v2/categories/2", "").obj(t)["count"]; c != 2.0 {
		t.Logf("category 2 count: %v (terms resource may not be built yet)", c)
	}

	trashed := s.do(t, http.MethodDelete, path, "admin", nil)
	trashed.wantFields(t, map[string]any{"status": "trash", "slug": "lifecycle-published__trashed"})
	s.do(t, http.MethodDelete, path, "admin", nil).wantError(t, http.StatusGone, "rest_already_trashed")
	// untrashing gives the slug back
	s.send(t, http.MethodPost, path, "admin", map[string]any{"status": "draft"}).wantFields(t, map[string]any{"status": "draft", "slug": "lifecycle-published"})

	gone := s.do(t, http.MethodDelete, path+"?force=true", "admin", nil)
	gone.wantFields(t, map[string]any{"deleted": true, "previous.id": float64(id), "previous.status": "draft"})
	if _, hasLinks := gone.obj(t)["previous"].(map[string]any)["_links"]; hasLinks {
		t.Error("previous carries _links; WordPress's does not")
	}
	s.get(t, path, "admin").wantError(t, http.StatusNotFound, "rest_post_invalid_id")
}

func TestPostWriteRules(t *testing.T) {
	s := newTestSite(t)
	for _, c := range []struct {
		name, method, path, login string
		body                      any
		status                    int
		code                      string
	}{
		{"anonymous create", "POST", "/wp/v2/posts", "", map[string]any{"title": "x"}, 401, "rest_cannot_create"},
		{"subscriber create", "POST", "/wp/v2/posts", "subscriber", map[string]any{"title": "x"}, 403, "rest_cannot_create"},
		{"empty post", "POST", "/wp/v2/posts", "admin", map[string]any{"status": "draft"}, 400, "empty_content"},
		{"create with id", "POST", "/wp/v2/posts", "admin", map[string]any{"id": 5, "title": "x"}, 400, "rest_post_exists"},
		{"bad status", "POST", "/wp/v2/posts", "admin", map[string]any{"title": "x", "status": "nope"}, 400, "rest_invalid_param"},
		{"contributor publishes", "POST", "/wp/v2/posts", "contributor", map[string]any{"title": "x", "status": "publish"}, 403, "rest_cannot_publish"},
		{"contributor as other author", "POST", "/wp/v2/posts", "contributor", map[string]any{"title": "x", "author": 1}, 403, "rest_cannot_edit_others"},
		{"unknown author", "POST", "/wp/v2/posts", "admin", map[string]any{"title": "x", "author": 999}, 400, "rest_invalid_author"},
		{"sticky with password", "POST", "/wp/v2/posts", "admin", map[string]any{"title": "x", "sticky": true, "password": "p"}, 400, "rest_invalid_field"},
		{"meta not an object", "POST", "/wp/v2/posts", "admin", map[string]any{"title": "x", "meta": "no"}, 400, "rest_invalid_param"},
		{"bad date", "POST", "/wp/v2/posts", "admin", map[string]any{"title": "x", "date": "tomorrow"}, 400, "rest_invalid_param"},
		{"author edits others' post", "POST", "/wp/v2/posts/1", "author", map[string]any{"title": "x"}, 403, "rest_cannot_edit"},
		{"update unknown post", "POST", "/wp/v2/posts/999", "admin", map[string]any{"title": "x"}, 404, "rest_post_invalid_id"},
		{"anonymous delete", "DELETE", "/wp/v2/posts/1", "", nil, 401, "rest_cannot_delete"},
		{"contributor deletes others'", "DELETE", "/wp/v2/posts/1", "contributor", nil, 403, "rest_cannot_delete"},
		{"invalid JSON", "POST", "/wp/v2/posts", "admin", json.RawMessage(`{`), 400, "rest_invalid_json"},
	} {
		t.Run(c.name, func(t *testing.T) {
			var got reply
			if raw, ok := c.body.(json.RawMessage); ok {
				got = s.do(t, c.method, c.path, c.login, strings.NewReader(string(raw)), "Content-Type", "application/json")
			} else {
				got = s.send(t, c.method, c.path, c.login, c.body)
			}
			got.wantError(t, c.status, c.code)
		})
	}
	// the meta error is WordPress's bare "Invalid parameter." without details
	got := s.send(t, http.MethodPost, "/wp/v2/posts", "admin", map[string]any{"title": "x", "meta": "no"})
	if d := valueDiff(mustJSON(`{"code":"rest_invalid_param","message":"Invalid parameter(s): meta","data":{"status":400,"params":{"meta":"Invalid parameter."},"details":[]}}`), got.json); d != "" {
		t.Error(d)
	}
}

func TestPostSlugs(t *testing.T) {
	s := newTestSite(t)
	slug := func(body map[string]any) string {
		t.Helper()
		r := s.send(t, http.MethodPost, "/wp/v2/posts", "admin", body)
		if r.status != http.StatusCreated {
			t.Fatalf("create: %d %s", r.status, r.body)
		}
		return r.obj(t)["slug"].(string)
	}
	for _, c := range []struct {
		body map[string]any
		want string
	}{
		{map[string]any{"title": "Hello world!", "status": "publish"}, "hello-world-2"},
		{map[string]any{"title": "Hello world!", "status": "publish"}, "hello-world-3"},
		{map[string]any{"title": "x", "slug": "Feed", "status": "publish"}, "feed-2"},
		{map[string]any{"title": "x", "slug": "2024", "status": "publish"}, "2024-2"},
		{map[string]any{"title": "Draft", "slug": "hello-world"}, "hello-world-4"},
		{map[string]any{"title": "Just a draft"}, ""},
	} {
		if got := slug(c.body); got != c.want {
			t.Errorf("%v: got slug %q, want %q", c.body, got, c.want)
		}
	}
}

func TestPostSticky(t *testing.T) {
	s := newTestSite(t)
	s.send(t, http.MethodPost, "/wp/v2/posts/3", "admin", map[string]any{"sticky": true}).wantFields(t, map[string]any{"sticky": true})
	list := s.get(t, "/wp/v2/posts?sticky=true&_fields=id", "")
	if d := valueDiff(mustJSON(`[{"id":3},{"id":2}]`), list.json); d != "" {
		t.Errorf("sticky list: %s", d)
	}
	s.send(t, http.MethodPost, "/wp/v2/posts/5", "admin", map[string]any{"sticky": true}).wantError(t, http.StatusBadRequest, "rest_invalid_field")
}
