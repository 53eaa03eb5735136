package mock

import (
	"net/http"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/wpmock/wpmock/mock/prose"
	"github.com/wpmock/wpmock/mock/rest"
	"github.com/wpmock/wpmock/mock/store"
	"github.com/wpmock/wpmock/mock/wp"
)

// captureRevisionSite is a test site holding, as revision 5 of post 1, the revision of
// the revision captures (post 5 and the seeded revision make way for it).
func captureRevisionSite(t *testing.T) *testSite {
	t.Helper()
	s := newTestSite(t)
	d := time.Date(2026, 11, 21, 10, 55, 17, 0, time.UTC)
	content := "<!-- wp:paragraph -->\n<p>Welcome to WordPress. This is your first post, edited once by the wpmock capture.</p>\n<!-- /wp:paragraph -->"
	s.store.Write(func(tx *store.Tx) {
		tx.DeletePost(wp.RevisionsOf(tx, 1)[0].ID)
		tx.DeletePost(5)
		rev := &store.Post{ID: 5, Type: "revision", Status: "inherit", Author: 1, Parent: 1, Date: d, DateGMT: d,
			Modified: d, ModifiedGMT: d, Slug: "1-revision-v1", Title: "Hello world!",
			Content: prose.Plain(content), CommentStatus: "closed", PingStatus: "closed"}
		rev.SetExtra(store.Extra{GUID: "/?p=5"})
		tx.InsertPost(rev)
	})
	return s
}

// TestRevisionResponses pins revisions to WordPress 6.1 exactly, key order included:
// the captured revision rebuilt in the mock comes back as captured, in every context.
func TestRevisionResponses(t *testing.T) {
	s := captureRevisionSite(t)
	for _, c := range []struct{ path, capture string }{
		{"/wp/v2/posts/1/revisions", "revisions_list"},
		{"/wp/v2/posts/1/revisions/5", "revisions_item_view"},
		{"/wp/v2/posts/1/revisions/5?context=embed", "revisions_item_embed"},
		{"/wp/v2/posts/1/revisions/5?context=edit", "revisions_item_edit"},
	} {
		r := s.get(t, c.path, "admin")
		if r.status != http.StatusOK {
			t.Fatalf("GET %s: status %d\n%s", c.path, r.status, r.body)
		}
		compareExact(t, c.path, capturedOrdered(t, c.capture), orderedJSON(t, r.body, s.srv.URL))
		// no alternate link: the route keeps the API's own Link header
		if got, want := r.header.Get("Link"), "<"+s.srv.URL+`/wp-json/>; rel="https://api.w.org/"`; got != want {
			t.Errorf("GET %s: Link %s, want %s", c.path, got, want)
		}
	}
	r := s.get(t, "/wp/v2/posts/1/revisions", "admin")
	if r.header.Get("X-WP-Total") != "1" || r.header.Get("X-WP-TotalPages") != "1" {
		t.Errorf("list headers: got total %s, pages %s, want 1, 1", r.header.Get("X-WP-Total"), r.header.Get("X-WP-TotalPages"))
	}
}

// TestRevisionSchema pins the OPTIONS documents of both routes: the schema keeps the
// parent's content and excerpt parts (block_version, protected) that a revision never
// outputs.
func TestRevisionSchema(t *testing.T) {
	compareOptions(t, "/wp/v2/posts/1/revisions", "options_posts_1_revisions")
	compareOptions(t, "/wp/v2/posts/1/revisions/8", "options_posts_1_revisions_rid")
}

// revisionSite is a test site where post 3 (published, by the author) was edited three
// times as the admin, saving revisions 10, 11 and 12; 12 shares 11's date, so "date ID"
// order shows.
func revisionSite(t *testing.T) *testSite {
	t.Helper()
	s := newTestSite(t)
	s.store.Write(func(tx *store.Tx) {
		r := &rest.Request{Tx: tx, Caller: wp.NewCaller(tx, tx.User(1))}
		p := tx.Post(3)
		d := p.Date
		for i, edit := range []struct{ content, excerpt string }{
			{"v2 apple", ""}, {"v3 apple banana", "ex 3"}, {"v4 cherry", "ex 3"},
		} {
			p.Content, p.Excerpt = prose.Plain(edit.content), edit.excerpt
			p.Modified = d.Add(time.Duration(min(i, 1)+1) * time.Hour)
			p.ModifiedGMT = p.Modified
			if rv := s.saveRevision(r, p); rv == nil || rv.ID != 10+i {
				t.Fatalf("edit %d: got revision %+v, want id %d", i, rv, 10+i)
			}
		}
	})
	return s
}

// TestRevisionList checks the list against what WordPress 6.1 answered for the same
// requests: newest first with ties by id, every revision without per_page (offset and
// page then only take part in the range checks), include order, ties of other orders
// by ascending id.
func TestRevisionList(t *testing.T) {
	s := revisionSite(t)
	const p = "/wp/v2/posts/3/revisions"
	runListCases(t, s, []listCase{
		{p, "admin", []int{12, 11, 10}, 3},
		{p, "author", []int{12, 11, 10}, 3},
		{p + "?order=asc", "admin", []int{10, 11, 12}, 3},
		{p + "?per_page=1", "admin", []int{12}, 3},
		{p + "?per_page=1&page=2", "admin", []int{11}, 3},
		{p + "?offset=1", "admin", []int{12, 11, 10}, 3},
		{p + "?per_page=2&offset=1", "admin", []int{11, 10}, 3},
		{p + "?per_page=1&page=5&offset=1", "admin", []int{11}, 3},
		{p + "?include=11,10&orderby=include", "admin", []int{11, 10}, 2},
		{p + "?include=12345", "admin", []int{}, 0},
		{p + "?exclude=11", "admin", []int{12, 10}, 2},
		{p + "?search=apple", "admin", []int{11, 10}, 2},
		{p + "?search=banana", "admin", []int{11}, 1},
		{p + "?search=apple&orderby=relevance", "admin", []int{11, 10}, 2},
		{p + "?orderby=id", "admin", []int{12, 11, 10}, 3},
		{p + "?orderby=slug", "admin", []int{10, 11, 12}, 3},
		{p + "?orderby=title&order=asc", "admin", []int{10, 11, 12}, 3},
		{p + "?orderby=include_slugs", "admin", []int{10, 11, 12}, 3},
		{"/wp/v2/posts/2/revisions", "admin", []int{}, 0},
	})
	site := s.srv.URL + "/wp-json" + p
	for _, c := range []struct{ path, pages, link string }{
		{p, "1", ""},
		{p + "?per_page=1", "3", "<" + site + `?per_page=1&page=2>; rel="next"`},
		{p + "?per_page=1&page=2", "3", "<" + site + `?per_page=1&page=1>; rel="prev", <` + site + `?per_page=1&page=3>; rel="next"`},
		{p + "?per_page=1&page=5&offset=1", "3", "<" + site + `?per_page=1&page=3&offset=1>; rel="prev"`},
		{p + "?include=12345", "0", ""},
		{"/wp/v2/posts/2/revisions", "0", ""},
	} {
		r := s.get(t, c.path, "admin")
		if got := r.header.Get("X-WP-TotalPages"); got != c.pages {
			t.Errorf("GET %s: X-WP-TotalPages %s, want %s", c.path, got, c.pages)
		}
		if got := r.header.Get("Link"); c.link != "" && got != c.link {
			t.Errorf("GET %s: Link %s, want %s", c.path, got, c.link)
		}
	}
	// links: only the parent, and only when the parent field is in the response
	r := s.get(t, p+"/10?_fields=id,_links", "admin")
	if d := valueDiff(map[string]any{"id": 10.0}, r.json); d != "" {
		t.Errorf("_fields=id,_links: %s", d)
	}
	r = s.get(t, p+"/10?_fields=parent,_links", "admin")
	if got := jsonAt(r.json, "_links"); valueDiff(map[string]any{"parent": []any{map[string]any{
		"href": s.srv.URL + "/wp-json/wp/v2/posts/3"}}}, got) != "" {
		t.Errorf("_fields=parent,_links: got links %v", got)
	}
	// 6.1 returns a revision under any parent the caller may edit
	r = s.get(t, p+"/8", "admin")
	if r.status != http.StatusOK || jsonAt(r.json, "parent") != 1.0 {
		t.Errorf("revision 8 under post 3: got %d %s, want 200 with parent 1", r.status, r.body)
	}
}

func TestRevisionErrors(t *testing.T) {
	s := revisionSite(t)
	const p = "/wp/v2/posts/3/revisions"
	cannot := "Sorry, you are not allowed to view revisions of this post."
	runErrorCases(t, s, []errorCase{
		{p, "", http.StatusUnauthorized, "rest_cannot_read", cannot},
		{p + "?context=edit", "", http.StatusUnauthorized, "rest_cannot_read", cannot},
		{p, "contributor", http.StatusForbidden, "rest_cannot_read", cannot},
		{p, "subscriber", http.StatusForbidden, "rest_cannot_read", cannot},
		{"/wp/v2/posts/1/revisions", "author", http.StatusForbidden, "rest_cannot_read", cannot},
		{"/wp/v2/posts/1/revisions/8", "", http.StatusUnauthorized, "rest_cannot_read", cannot},
		{p + "/999", "", http.StatusUnauthorized, "rest_cannot_read", cannot},
		{"/wp/v2/posts/999/revisions", "", http.StatusNotFound, "rest_post_invalid_parent", "Invalid post parent ID."},
		{"/wp/v2/posts/0/revisions", "admin", http.StatusNotFound, "rest_post_invalid_parent", ""},
		{"/wp/v2/posts/9/revisions", "admin", http.StatusNotFound, "rest_post_invalid_parent", ""}, // an attachment
		{"/wp/v2/posts/8/revisions", "admin", http.StatusNotFound, "rest_post_invalid_parent", ""}, // a revision
		{"/wp/v2/posts/999/revisions/8", "", http.StatusNotFound, "rest_post_invalid_parent", ""},
		{"/wp/v2/posts/abc/revisions", "", http.StatusNotFound, "rest_no_route", ""},
		{p + "/1", "admin", http.StatusNotFound, "rest_post_invalid_id", "Invalid revision ID."},
		{p + "/9", "admin", http.StatusNotFound, "rest_post_invalid_id", ""},
		{p + "/0", "admin", http.StatusNotFound, "rest_post_invalid_id", ""},
		{p + "/999", "admin", http.StatusNotFound, "rest_post_invalid_id", ""},
		{p + "?page=2", "admin", http.StatusBadRequest, "rest_revision_invalid_page_number", "The page number requested is larger than the number of pages available."},
		{p + "?per_page=1&page=4", "admin", http.StatusBadRequest, "rest_revision_invalid_page_number", ""},
		{p + "?offset=3", "admin", http.StatusBadRequest, "rest_revision_invalid_offset_number", "The offset number requested is larger than or equal to the number of available revisions."},
		{p + "?include=10&page=2", "admin", http.StatusBadRequest, "rest_revision_invalid_page_number", ""},
		{p + "?orderby=relevance", "admin", http.StatusBadRequest, "rest_no_search_term_defined", ""},
		{p + "?orderby=include", "admin", http.StatusBadRequest, "rest_orderby_include_missing_include", ""},
		{p + "?orderby=author", "admin", http.StatusBadRequest, "rest_invalid_param", ""},
		{p + "?per_page=0", "admin", http.StatusBadRequest, "rest_invalid_param", ""},
		{p + "?context=foo", "admin", http.StatusBadRequest, "rest_invalid_param", ""},
	})
	r := s.get(t, "/wp/v2/posts/999/revisions", "admin")
	if a := r.header.Get("Allow"); a != "" {
		t.Errorf("invalid parent: got Allow %q, want none", a)
	}
}

// TestSaveRevision checks wp_save_post_revision's rules: a post without revisions gets
// one on any update; afterwards only a change of title, content or excerpt (beyond
// whitespace) makes one; attachments and auto-drafts never get any.
func TestSaveRevision(t *testing.T) {
	s := newTestSite(t)
	s.store.Write(func(tx *store.Tx) {
		r := &rest.Request{Tx: tx, Caller: wp.NewCaller(tx, tx.User(2))}
		p := tx.Post(6) // "Internal memo", private, no revisions
		p.Modified = p.Modified.Add(time.Hour)
		p.ModifiedGMT = p.Modified
		rv := s.saveRevision(r, p)
		if rv == nil {
			t.Fatal("first update: no revision")
		}
		want := store.Post{ID: rv.ID, Type: "revision", Status: "inherit", Author: 2, Parent: 6, Date: p.Modified,
			DateGMT: p.Modified, Modified: fixedClock(), ModifiedGMT: fixedClock(), Slug: "6-revision-v1",
			Title: p.Title, Content: p.Content, CommentStatus: "closed", PingStatus: "closed"}
		want.Grams, want.Sieves = store.GramsOf(&want), store.SievesOf(&want) // what the store derives from the text, for searches
		if d := valueDiff(want, *rv); d != "" {
			t.Errorf("revision: %s", d)
		}
		if d := valueDiff(store.Extra{GUID: "/?p=" + strconv.Itoa(rv.ID)}, rv.Extra()); d != "" {
			t.Errorf("revision's extra fields: %s", d)
		}
		p.Content = prose.Plain("  " + p.Content.String() + "\r\n\r\n")
		if rv := s.saveRevision(r, p); rv != nil {
			t.Errorf("whitespace-only change: got revision %d", rv.ID)
		}
		p.Excerpt = "new"
		if rv := s.saveRevision(r, p); rv == nil {
			t.Error("excerpt change: no revision")
		}
		if n := len(wp.RevisionsOf(tx, 6)); n != 2 {
			t.Errorf("got %d revisions, want 2", n)
		}
		if rv := s.saveRevision(r, tx.PostsByID("attachment")[0]); rv != nil {
			t.Errorf("attachment: got revision %d", rv.ID)
		}
		draft := tx.Post(4)
		draft.Status = "auto-draft"
		if rv := s.saveRevision(r, draft); rv != nil {
			t.Errorf("auto-draft: got revision %d", rv.ID)
		}
	})
}

// TestRevisionDelete: WordPress 6.1's map_meta_cap refuses delete_post on a revision to
// everyone, so after the parent checks every DELETE ends in "…this revision." (as the
// reference site answers, administrators included).
func TestRevisionDelete(t *testing.T) {
	s := revisionSite(t)
	const p = "/wp/v2/posts/3/revisions"
	for _, c := range []struct {
		path, login string
		status      int
		code, msg   string
	}{
		{p + "/10?force=true", "", 401, "rest_cannot_delete", msgCannotDeleteRevisions},
		{p + "/10?force=true", "contributor", 403, "rest_cannot_delete", msgCannotDeleteRevisions},
		{"/wp/v2/posts/1/revisions/8?force=true", "author", 403, "rest_cannot_delete", msgCannotDeleteRevisions},
		{p + "/10?force=true", "author", 403, "rest_cannot_delete", msgCannotDeleteRevision},
		{p + "/8?force=true", "author", 403, "rest_cannot_delete", msgCannotDeleteRevision},
		{p + "/10?force=true", "admin", 403, "rest_cannot_delete", msgCannotDeleteRevision},
		{p + "/10", "admin", 403, "rest_cannot_delete", msgCannotDeleteRevision},
		{p + "/999?force=true", "author", 404, "rest_post_invalid_id", "Invalid revision ID."},
		{p + "/1", "admin", 404, "rest_post_invalid_id", ""},
		{"/wp/v2/posts/999/revisions/10?force=true", "admin", 404, "rest_post_invalid_parent", "Invalid post parent ID."},
		{"/wp/v2/posts/10/revisions/11?force=true", "admin", 404, "rest_post_invalid_parent", ""},
		{p + "/10?force=abc", "admin", 400, "rest_invalid_param", "Invalid parameter(s): force"},
	} {
		r := s.do(t, http.MethodDelete, c.path, c.login, nil)
		r.wantError(t, c.status, c.code)
		if m, _ := r.json.(map[string]any); c.msg != "" && m["message"] != c.msg {
			t.Errorf("DELETE %s as %q: message %q, want %q", c.path, c.login, m["message"], c.msg)
		}
	}
	if a := s.get(t, p+"/10", "admin").header.Get("Allow"); a != "GET" {
		t.Errorf("Allow: got %q, want GET", a)
	}
	if n := len(listIDs(t, s.get(t, p, "admin"))); n != 3 {
		t.Errorf("after the refusals: %d revisions, want 3", n)
	}
}

// TestRevisionDeleteGranted: the controller's delete_item, as a site whose
// map_meta_cap filter grants delete_post on revisions reaches it: no trash, and
// "previous" in the request's context (view by default) without links.
func TestRevisionDeleteGranted(t *testing.T) {
	s := revisionSite(t)
	for _, rt := range s.Server().Routes() {
		if strings.HasSuffix(rt.Pattern, `/revisions/(?P<id>[\d]+)`) {
			for _, e := range rt.Endpoints {
				if e.Methods[0] == http.MethodDelete {
					e.Permission = nil
				}
			}
		}
	}
	const p = "/wp/v2/posts/3/revisions"
	r := s.do(t, http.MethodDelete, p+"/10", "admin", nil)
	r.wantError(t, http.StatusNotImplemented, "rest_trash_not_supported")
	r.wantFields(t, map[string]any{"message": msgRevisionTrash})

	r = s.do(t, http.MethodDelete, p+"/10?force=true", "admin", nil)
	r.wantFields(t, map[string]any{"deleted": true, "previous.id": 10.0, "previous.parent": 3.0})
	want := captured(t, "revisions_item_view").(map[string]any)
	delete(want, "_links")
	for _, d := range shapeDiff(want, r.obj(t)["previous"]) {
		t.Errorf("previous vs a view-context revision: %s", d)
	}
	r = s.do(t, http.MethodDelete, p+"/11?force=true&context=edit", "admin", nil)
	if field(r.obj(t), "previous.content.raw") == nil {
		t.Errorf("context=edit: previous has no content.raw\n%s", r.body)
	}
	if got := listIDs(t, s.get(t, p, "admin")); len(got) != 1 || got[0] != 12 {
		t.Errorf("revisions left: got %v, want [12]", got)
	}
	s.get(t, p+"/10", "admin").wantError(t, http.StatusNotFound, "rest_post_invalid_id")
}
