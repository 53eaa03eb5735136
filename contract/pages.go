package contract

import (
	"fmt"
	"net/http"
	"strings"
)

// The pages group: /wp/v2/pages, the hierarchical post type (checked against the
// running 6.1, 6.8 and 7.1): a child names its parent and menu order, its link is
// the path below its parent, its up link points at the parent, the parent filter
// finds it, an unknown parent is refused, a page cannot be its own parent, pages
// have none of the posts' sticky, format, categories and tags, and a forced delete
// moves the children up to the deleted page's parent.

func init() {
	register("pages", true, func(s *Suite, t T) {
		if !s.caps.routes["/wp/v2/pages"] {
			t.Skipf("the target has no /wp/v2/pages route")
			return
		}
		admin := s.as(s.admin())
		parent := s.create(t, nil, "/wp/v2/pages", map[string]any{"title": s.name("page parent"), "status": "publish"})
		pid := idOf(parent)
		child := s.create(t, nil, "/wp/v2/pages", map[string]any{"title": s.name("page child"), "status": "publish",
			"parent": pid, "menu_order": 2})
		cid := idOf(child)
		wantValue(t, child, "parent", float64(pid), "pages/create/parent: a child page names its parent")
		wantValue(t, child, "menu_order", float64(2), "pages/create/menu-order: a page keeps its menu_order")
		pslug, _ := parent.object()["slug"].(string)
		cslug, _ := child.object()["slug"].(string)
		link, _ := child.object()["link"].(string)
		check(t, child, pslug != "" && strings.HasSuffix(link, "/"+pslug+"/"+cslug+"/"),
			"pages/link/hierarchy: a published child's link is its path below its parent (/parent/child/)", "link %q", link)
		up, _ := at(child.object(), "_links.up.0.href")
		href, _ := up.(string)
		check(t, child, strings.HasSuffix(href, fmt.Sprintf("/wp/v2/pages/%d", pid)),
			"pages/links/up: a child page's up link points at its parent", "up %q", href)

		r := s.as(anonymous).get(t, fmt.Sprintf("/wp/v2/pages?parent=%d", pid))
		wantHeader(t, r, "X-WP-Total", "1", "pages/list/parent: the parent filter lists the page's children")
		check(t, r, len(r.list()) == 1 && idOf(&Result{json: r.list()[0]}) == cid,
			"pages/list/parent: the parent filter lists the page's children", "%d items", len(r.list()))
		for _, k := range []string{"sticky", "format", "categories", "tags"} {
			_, has := child.object()[k]
			check(t, child, !has, "pages/fields/no-post-fields: pages have no sticky, format, categories or tags", "%s present", k)
		}

		r = admin.send(t, http.MethodPost, "/wp/v2/pages", map[string]any{"title": s.name("page orphan"), "parent": 999999999})
		wantStatus(t, r, http.StatusBadRequest, "pages/create/unknown-parent: an unknown parent is refused with 400 rest_post_invalid_id")
		wantValue(t, r, "code", "rest_post_invalid_id", "pages/create/unknown-parent: an unknown parent is refused with 400 rest_post_invalid_id")
		if id := idOf(r); id > 0 {
			s.deleteLater("/wp/v2/pages", id)
		}
		r = admin.send(t, http.MethodPost, fmt.Sprintf("/wp/v2/pages/%d", pid), map[string]any{"parent": cid})
		wantValue(t, r, "parent", float64(0), "pages/update/no-loop: a page under its own child gets no parent (wp_check_post_hierarchy_for_loops)")

		r = admin.send(t, http.MethodDelete, fmt.Sprintf("/wp/v2/pages/%d?force=true", pid), nil)
		wantValue(t, r, "deleted", true, "pages/delete/force: force=true deletes the page ({deleted: true, previous})")
		r = admin.get(t, fmt.Sprintf("/wp/v2/pages/%d?context=edit", cid))
		wantValue(t, r, "parent", float64(0), "pages/delete/children-move-up: a deleted page's children move up to its parent")
	})
}
