package mock

import (
	"fmt"
	"net/http"
	"strings"
	"testing"
)

// TestPageRules: what the page type's declaration gives /wp/v2/pages, as WordPress 6.1
// answers (ci/compare/page_rows_test.go checks the same against running WordPress):
// the hierarchy in links and filters, no loops, siblings' slugs, page capabilities,
// and children moving up when their parent is deleted.
func TestPageRules(t *testing.T) {
	s := newTestSite(t)
	create := func(login string, body map[string]any) reply {
		t.Helper()
		return s.send(t, http.MethodPost, "/wp/v2/pages", login, body)
	}
	top := create("admin", map[string]any{"title": "Top", "status": "publish"})
	if top.status != http.StatusCreated {
		t.Fatalf("create: %d %s", top.status, top.body)
	}
	top.wantFields(t, map[string]any{"parent": 0.0, "menu_order": 0.0, "comment_status": "closed", "ping_status": "closed"})
	for _, k := range []string{"sticky", "format", "categories", "tags"} {
		if _, ok := top.obj(t)[k]; ok {
			t.Errorf("a page has %q", k)
		}
	}
	tid := top.id(t)
	kid := create("admin", map[string]any{"title": "Kid", "status": "publish", "parent": tid, "menu_order": 3})
	kid.wantFields(t, map[string]any{"parent": float64(tid), "menu_order": 3.0,
		"link": s.srv.URL + "/top/kid/", "guid.raw": s.srv.URL + "/top/kid/", "permalink_template": s.srv.URL + "/top/%pagename%/"})
	kidID := kid.id(t)
	if up := field(kid.obj(t), "_links.up"); !strings.Contains(fmt.Sprint(up), fmt.Sprintf("/wp/v2/pages/%d", tid)) {
		t.Errorf("up link: %v", up)
	}
	twin := create("admin", map[string]any{"title": "Kid", "status": "publish", "parent": tid})
	twin.wantFields(t, map[string]any{"slug": "kid-2"})
	other := create("admin", map[string]any{"title": "Kid", "status": "publish"})
	other.wantFields(t, map[string]any{"slug": "kid"}) // another parent: the slug is free
	numeric := create("admin", map[string]any{"title": "Year", "status": "publish", "slug": "2024"})
	numeric.wantFields(t, map[string]any{"slug": "2024-2"})
	draft := create("admin", map[string]any{"title": "Draft kid", "parent": kidID})
	draft.wantFields(t, map[string]any{"link": s.srv.URL + fmt.Sprintf("/?page_id=%d", draft.id(t)),
		"permalink_template": s.srv.URL + "/top/kid/%pagename%/", "generated_slug": "draft-kid"})

	create("admin", map[string]any{"title": "Orphan", "parent": 999999}).wantError(t, http.StatusBadRequest, "rest_post_invalid_id")
	s.send(t, http.MethodPost, fmt.Sprintf("/wp/v2/pages/%d", tid), "admin", map[string]any{"parent": kidID}).
		wantFields(t, map[string]any{"parent": 0.0}) // under its own child: a loop
	s.send(t, http.MethodPost, fmt.Sprintf("/wp/v2/pages/%d", tid), "admin", map[string]any{"parent": tid}).
		wantFields(t, map[string]any{"parent": 0.0})

	l := s.get(t, fmt.Sprintf("/wp/v2/pages?parent=%d&orderby=menu_order&order=asc", tid), "")
	if got := l.header.Get("X-WP-Total"); got != "2" {
		t.Errorf("children: X-WP-Total %s, want 2\n%s", got, l.body)
	}
	if list, _ := l.json.([]any); len(list) != 2 || list[1].(map[string]any)["id"] != float64(kidID) {
		t.Errorf("children by menu_order: %s", l.body)
	}
	l = s.get(t, fmt.Sprintf("/wp/v2/pages?parent=%d&menu_order=3", tid), "")
	if list, _ := l.json.([]any); len(list) != 1 {
		t.Errorf("menu_order filter: %s", l.body)
	}
	// filters pages do not declare are ignored, as WordPress ignores unknown parameters
	if a, b := s.get(t, "/wp/v2/pages?sticky=true", ""), s.get(t, "/wp/v2/pages", ""); a.header.Get("X-WP-Total") != b.header.Get("X-WP-Total") {
		t.Errorf("sticky filtered pages: %s vs %s", a.header.Get("X-WP-Total"), b.header.Get("X-WP-Total"))
	}

	// page capabilities: authors and contributors have edit_posts, not edit_pages
	for _, login := range []string{"author", "contributor", "subscriber"} {
		create(login, map[string]any{"title": "Mine"}).wantError(t, http.StatusForbidden, "rest_cannot_create")
	}
	create("editor", map[string]any{"title": "Editor's", "status": "publish"}).wantFields(t, map[string]any{"status": "publish"})
	s.get(t, fmt.Sprintf("/wp/v2/pages/%d?context=edit", draft.id(t)), "author").wantError(t, http.StatusForbidden, "rest_forbidden_context")

	// a forced delete moves the children up to the deleted page's parent
	s.send(t, http.MethodDelete, fmt.Sprintf("/wp/v2/pages/%d?force=true", kidID), "admin", nil).wantFields(t, map[string]any{"deleted": true})
	s.get(t, fmt.Sprintf("/wp/v2/pages/%d?context=edit", draft.id(t)), "admin").wantFields(t, map[string]any{"parent": float64(tid)})
}
