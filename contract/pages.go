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
		check(t, child, pslug != "" && pathEnds(link, pslug, cslug),
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
		t.Run("tree", func(t T) { pageTreeRules(s, t) })
		t.Run("drafts and defaults", func(t T) { pageDraftRules(s, t) })
		t.Run("roles", func(t T) { pageRoleRules(s, t) })
		t.Run("hierarchy", func(t T) { pageHierarchyRules(s, t) })
		t.Run("visibility", func(t T) { pageVisibilityRules(s, t) })
		t.Run("depth", func(t T) { pageDepthRules(s, t) })
		t.Run("headers and errors", func(t T) {
			page := s.create(t, nil, "/wp/v2/pages", map[string]any{"title": s.name("headers"), "status": "publish"})
			itemHeaderRules(s, t, "pages", fmt.Sprintf("/wp/v2/pages/%d", idOf(page)), textAt(page, "link"), "rest_post_invalid_id",
				[]string{"per_page=0", "context=foo", "parent=abc", "menu_order=x", "orderby=sticky", "status=foo"})
		})
	})
}

// pageTreeRules: a parent with three children (menu orders 2, 1, 3): the children's
// order by menu_order both ways, the menu_order and parent_exclude filters, the up
// embed, and the trash of a page (a second delete answers 410).
func pageTreeRules(s *Suite, t T) {
	admin, anon := s.as(s.admin()), s.as(anonymous)
	word := s.name("tree")
	parent := s.create(t, nil, "/wp/v2/pages", map[string]any{"title": word + " parent", "status": "publish"})
	pid := idOf(parent)
	var kids idList
	for _, order := range []int{2, 1, 3} {
		kids = append(kids, idOf(s.create(t, nil, "/wp/v2/pages", map[string]any{"title": fmt.Sprintf("%s child %d", word, order),
			"status": "publish", "parent": pid, "menu_order": order})))
	}
	byOrder := fmt.Sprint(idList{kids[1], kids[0], kids[2]})
	r := anon.get(t, fmt.Sprintf("/wp/v2/pages?parent=%d&orderby=menu_order&order=asc", pid))
	check(t, r, fmt.Sprint(resultIDs(r)) == byOrder, "pages/list/menu-order: orderby=menu_order lists the children by their menu order (asc)",
		"ids %v, want %s", resultIDs(r), byOrder)
	r = anon.get(t, fmt.Sprintf("/wp/v2/pages?parent=%d&orderby=menu_order&order=desc", pid))
	desc := fmt.Sprint(idList{kids[2], kids[0], kids[1]})
	check(t, r, fmt.Sprint(resultIDs(r)) == desc, "pages/list/menu-order: orderby=menu_order lists the children by their menu order (desc)",
		"ids %v, want %s", resultIDs(r), desc)
	r = anon.get(t, fmt.Sprintf("/wp/v2/pages?parent=%d&menu_order=3", pid))
	check(t, r, fmt.Sprint(resultIDs(r)) == fmt.Sprint(idList{kids[2]}), "pages/list/menu-order-filter: menu_order= keeps the pages of that menu order",
		"ids %v", resultIDs(r))
	r = anon.get(t, fmt.Sprintf("/wp/v2/pages?search=%s&parent_exclude=%d&_fields=id", word, pid))
	check(t, r, fmt.Sprint(resultIDs(r)) == fmt.Sprint(idList{pid}), "pages/list/parent-exclude: parent_exclude= leaves out the children of that parent",
		"ids %v, want [%d]", resultIDs(r), pid)
	e := anon.get(t, fmt.Sprintf("/wp/v2/pages/%d?_embed=up", kids[0]))
	wantValue(t, e, "_embedded.up.0.id", float64(pid), "pages/embed/up: _embed=up embeds the parent page")

	item := fmt.Sprintf("/wp/v2/pages/%d", kids[2])
	r = admin.send(t, http.MethodDelete, item, nil)
	wantValue(t, r, "status", "trash", "pages/delete/trash: a delete without force trashes the page")
	wantError(t, admin.send(t, http.MethodDelete, item, nil), http.StatusGone, "rest_already_trashed",
		"pages/delete/already-trashed: deleting a trashed page without force answers 410 rest_already_trashed")
}

// pageDraftRules: a page needs no title, content or excerpt (pages have no excerpt,
// so wp_insert_post's empty-content rule does not apply), is closed to comments and
// pings, has menu order 0 and the default template, and a draft's link is the plain
// ?page_id= form (no path before it is published).
func pageDraftRules(s *Suite, t T) {
	r := s.as(s.admin()).send(t, http.MethodPost, "/wp/v2/pages", map[string]any{"status": "draft"})
	if r.Status == http.StatusCreated {
		s.deleteLater("/wp/v2/pages", idOf(r))
	}
	if !wantStatus(t, r, http.StatusCreated, "pages/create/empty-draft: a page without title, content or excerpt is created (201): pages do not support excerpts") {
		return
	}
	for path, want := range map[string]any{"comment_status": "closed", "ping_status": "closed", "menu_order": 0.0, "template": ""} {
		wantValue(t, r, path, want, "pages/create/defaults: a new page is closed to comments and pings, with menu order 0 and the default template ("+path+")")
	}
	home := textAt(s.as(anonymous).get(t, "/"), "home")
	wantValue(t, r, "link", fmt.Sprintf("%s/?page_id=%d", strings.TrimSuffix(home, "/"), idOf(r)),
		"pages/link/draft: a draft page's link is the plain form, <home>/?page_id=<id>")
}

// pageRoleRules: pages take the page capabilities (edit_pages, edit_others_pages):
// authors and contributors, who have edit_posts but not edit_pages, may not create a
// page, list drafts, read another's page in the edit context or change it; an editor
// may do all of it.
func pageRoleRules(s *Suite, t T) {
	page := s.create(t, nil, "/wp/v2/pages", map[string]any{"title": s.name("role page"), "status": "publish"})
	item := fmt.Sprintf("/wp/v2/pages/%d", idOf(page))
	for _, role := range []string{"author", "contributor"} {
		as := s.as(s.accountFor(t, role))
		r := as.send(t, http.MethodPost, "/wp/v2/pages", map[string]any{"title": s.name("page by " + role)})
		if r.Status == http.StatusCreated {
			s.deleteLater("/wp/v2/pages", idOf(r))
		}
		wantError(t, r, http.StatusForbidden, "rest_cannot_create", "pages/roles/create: without edit_pages (authors, contributors) a page create is refused with 403 rest_cannot_create")
		r = as.get(t, "/wp/v2/pages?status=draft")
		if wantError(t, r, http.StatusBadRequest, "rest_invalid_param", "pages/roles/drafts: without edit_pages, status=draft is refused: 400 rest_invalid_param (rest_forbidden_status)") {
			wantValue(t, r, "data.details.status.code", "rest_forbidden_status", "pages/roles/drafts: without edit_pages, status=draft is refused: 400 rest_invalid_param (rest_forbidden_status)")
		}
		wantError(t, as.get(t, item+"?context=edit"), http.StatusForbidden, "rest_forbidden_context",
			"pages/roles/edit-context: without edit_pages, another's page in the edit context is refused with 403 rest_forbidden_context")
		wantError(t, as.send(t, http.MethodPost, item, map[string]any{"menu_order": 4}), http.StatusForbidden, "rest_cannot_edit",
			"pages/roles/update: without edit_others_pages, another's page may not be changed: 403 rest_cannot_edit")
	}
	editor := s.as(s.accountFor(t, "editor"))
	r := editor.send(t, http.MethodPost, "/wp/v2/pages", map[string]any{"title": s.name("page by editor"), "status": "draft"})
	if r.Status == http.StatusCreated {
		s.deleteLater("/wp/v2/pages", idOf(r))
	}
	wantStatus(t, r, http.StatusCreated, "pages/roles/editor: an editor creates, reads in the edit context and changes others' pages")
	wantStatus(t, editor.get(t, item+"?context=edit"), http.StatusOK, "pages/roles/editor: an editor creates, reads in the edit context and changes others' pages")
	r = editor.send(t, http.MethodPost, item, map[string]any{"menu_order": 4})
	wantValue(t, r, "menu_order", 4.0, "pages/roles/editor: an editor creates, reads in the edit context and changes others' pages")
}

// pageHierarchyRules: two parents, three children and a grandchild. A slug is unique
// among a page's siblings only (wp_unique_post_slug for hierarchical types); a
// grandchild's link is its whole path, and follows its ancestors' slugs; the parent
// filter takes several parents and orderby=parent orders by the parent's id; a parent
// may be any post, even of another type (the link goes below it); a page's parent
// must be an integer; a trashed parent keeps its children, whose links take its
// __trashed slug.
func pageHierarchyRules(s *Suite, t T) {
	admin, anon := s.as(s.admin()), s.as(anonymous)
	word := s.name("hier")
	mk := func(title string, parent int) *Result {
		return s.create(t, nil, "/wp/v2/pages", map[string]any{"title": title, "status": "publish", "parent": parent})
	}
	a, b := mk(word+" a", 0), mk(word+" b", 0)
	aid, bid := idOf(a), idOf(b)
	same := s.name("same")
	c3 := mk(same, bid) // first, so that the order of creation is not the parents' order
	c1, c2 := mk(same, aid), mk(same, aid)
	wantValue(t, c1, "slug", same, "pages/slug/siblings: a page keeps its slug when no sibling has it")
	wantValue(t, c2, "slug", same+"-2", "pages/slug/siblings: a sibling's slug is taken: -2 is added")
	wantValue(t, c3, "slug", same, "pages/slug/other-parent: a page under another parent may have the same slug")
	g := mk(word+" grand", idOf(c1))
	aslug, gslug := textAt(a, "slug"), textAt(g, "slug")
	check(t, g, pathEnds(textAt(g, "link"), aslug, same, gslug),
		"pages/link/grandchild: a grandchild's link is its whole path (/grandparent/parent/page/)", "link %q", textAt(g, "link"))
	renamed := s.name("renamed")
	admin.send(t, http.MethodPost, fmt.Sprintf("/wp/v2/pages/%d", aid), map[string]any{"slug": renamed})
	gl := textAt(anon.get(t, fmt.Sprintf("/wp/v2/pages/%d", idOf(g))), "link")
	check(t, g, pathEnds(gl, renamed, same, gslug),
		"pages/link/follows-ancestors: a page's link follows a new slug of an ancestor", "link %q", gl)

	both := fmt.Sprintf("/wp/v2/pages?parent=%d,%d", aid, bid)
	wantIDSet(t, anon.get(t, both), []int{idOf(c1), idOf(c2), idOf(c3)}, "pages/list/parents: parent= takes several parents")
	asc := anon.get(t, both+"&orderby=parent&order=asc")
	desc := anon.get(t, both+"&orderby=parent&order=desc")
	parents := func(r *Result) string {
		var out []string
		for _, it := range r.list() {
			v, _ := at(it, "parent")
			out = append(out, fmt.Sprint(v))
		}
		return strings.Join(out, ",")
	}
	wantAsc := fmt.Sprintf("%d,%d,%d", aid, aid, bid)
	wantDesc := fmt.Sprintf("%d,%d,%d", bid, aid, aid)
	check(t, asc, parents(asc) == wantAsc, "pages/list/orderby-parent: orderby=parent orders by the parent's id (asc)", "parents %s, want %s", parents(asc), wantAsc)
	check(t, desc, parents(desc) == wantDesc, "pages/list/orderby-parent: orderby=parent orders by the parent's id (desc)", "parents %s, want %s", parents(desc), wantDesc)
	r := anon.get(t, "/wp/v2/pages?parent=abc")
	if wantError(t, r, http.StatusBadRequest, "rest_invalid_param", "pages/list/parent-invalid: parent=abc is refused: 400 rest_invalid_param (rest_invalid_type)") {
		wantValue(t, r, "data.details.parent.code", "rest_invalid_type", "pages/list/parent-invalid: parent=abc is refused: 400 rest_invalid_param (rest_invalid_type)")
	}
	wantError(t, admin.send(t, http.MethodPost, fmt.Sprintf("/wp/v2/pages/%d", bid), map[string]any{"menu_order": "abc"}), http.StatusBadRequest, "rest_invalid_param",
		"pages/update/menu-order-invalid: a menu_order that is not an integer is refused with 400 rest_invalid_param")
	wantValue(t, admin.send(t, http.MethodPost, fmt.Sprintf("/wp/v2/pages/%d", bid), map[string]any{"menu_order": -3}), "menu_order", -3.0,
		"pages/update/menu-order-negative: a negative menu_order is kept")

	post := s.create(t, nil, "/wp/v2/posts", map[string]any{"title": word + " post parent", "status": "publish"})
	r = admin.send(t, http.MethodPost, fmt.Sprintf("/wp/v2/pages/%d", bid), map[string]any{"parent": idOf(post)})
	wantValue(t, r, "parent", float64(idOf(post)), "pages/update/parent-any-type: a page's parent may be a post of another type")
	check(t, r, pathEnds(textAt(r, "link"), textAt(post, "slug"), textAt(b, "slug")),
		"pages/update/parent-any-type: the link goes below that post", "link %q", textAt(r, "link"))
	wantValue(t, admin.send(t, http.MethodPost, fmt.Sprintf("/wp/v2/pages/%d", bid), map[string]any{"parent": bid}), "parent", 0.0,
		"pages/update/parent-self: a page made its own parent gets none")

	admin.send(t, http.MethodDelete, fmt.Sprintf("/wp/v2/pages/%d", aid), nil)
	kid := admin.get(t, fmt.Sprintf("/wp/v2/pages/%d?context=edit", idOf(c1)))
	wantValue(t, kid, "parent", float64(aid), "pages/delete/trash-keeps-children: trashing a page leaves its children under it")
	check(t, kid, pathEnds(textAt(kid, "link"), renamed+"__trashed", same),
		"pages/delete/trash-keeps-children: their links take the trashed page's __trashed slug", "link %q", textAt(kid, "link"))
}

// pageVisibilityRules: a private page is refused to visitors (401 rest_forbidden)
// and left out of their lists; a password-protected page shows its title but not its
// content or excerpt; pages are closed to comments by default; a page's links are a
// post type's (replies, version-history, wp:attachment), with up for a child and no
// wp:term (pages have no taxonomies).
func pageVisibilityRules(s *Suite, t T) {
	admin, anon := s.as(s.admin()), s.as(anonymous)
	word := s.name("vis")
	priv := s.create(t, nil, "/wp/v2/pages", map[string]any{"title": word + " private", "status": "private"})
	wantError(t, anon.get(t, fmt.Sprintf("/wp/v2/pages/%d", idOf(priv))), http.StatusUnauthorized, "rest_forbidden",
		"pages/private/anonymous: a private page is refused to visitors (401 rest_forbidden)")
	wantIDs(t, anon.get(t, "/wp/v2/pages?search="+word), nil, "pages/private/not-listed: a private page is not in a visitor's list")
	wantIDs(t, admin.get(t, "/wp/v2/pages?status=private&search="+word), []int{idOf(priv)}, "pages/private/listed-to-editors: status=private lists it to an editor")

	prot := s.create(t, nil, "/wp/v2/pages", map[string]any{"title": word + " protected", "status": "publish", "password": "pw",
		"content": "secret words", "parent": idOf(priv)})
	r := anon.get(t, fmt.Sprintf("/wp/v2/pages/%d", idOf(prot)))
	wantValue(t, r, "title.rendered", word+" protected", "pages/password/title-shown: a protected page's title is shown")
	wantValue(t, r, "content", map[string]any{"rendered": "", "protected": true}, "pages/password/content-hidden: its content is hidden: {rendered: \"\", protected: true}")
	wantValue(t, r, "excerpt", map[string]any{"rendered": "", "protected": true}, "pages/password/content-hidden: its excerpt too")
	wantValue(t, anon.get(t, fmt.Sprintf("/wp/v2/pages/%d?password=pw", idOf(prot))), "content.rendered", "<p>secret words</p>\n",
		"pages/password/with-password: with ?password= the content is shown")
	s.wantExactKeys(t, r, "_links", strings.Fields("self collection about author replies version-history up wp:attachment curies"),
		"pages/links/keys: a child page's links to a visitor: self, collection, about, author, replies, version-history, up, wp:attachment, curies (no wp:term)")
	pageTermLinks(s, t, r, idOf(prot))
	wantValue(t, r, "_links.up.0.embeddable", true, "pages/links/up: a child page's up link is embeddable")

	c := admin.send(t, http.MethodPost, "/wp/v2/comments", map[string]any{"post": idOf(prot), "content": "hello"})
	if c.Status == http.StatusCreated {
		s.deleteLater("/wp/v2/comments", idOf(c))
	}
	wantError(t, c, http.StatusForbidden, "rest_comment_closed", "pages/comments/closed-by-default: pages are closed to comments by default: 403 rest_comment_closed")
}

// itemHeaderRules checks an item's headers and a collection's refusals: the Allow
// header for the administrator and for a visitor, the item's Link header (its HTML
// page as rel="alternate" where it has one, else the API root), the 404 of an unknown
// id, and 400 rest_invalid_param for each bad query of the collection.
func itemHeaderRules(s *Suite, t T, group, item, alternate, notFound string, badQueries []string) {
	admin, anon := s.as(s.admin()), s.as(anonymous)
	r := admin.get(t, item)
	wantHeader(t, r, "Allow", "GET, POST, PUT, PATCH, DELETE", group+"/headers/allow: Allow is GET, POST, PUT, PATCH, DELETE for the administrator, GET for a visitor")
	wantHeader(t, anon.get(t, item), "Allow", "GET", group+"/headers/allow: Allow is GET, POST, PUT, PATCH, DELETE for the administrator, GET for a visitor")
	links := linkRels(r.Header.Get("Link"))
	if alternate != "" {
		check(t, r, links["alternate"] == alternate && strings.Contains(r.Header.Get("Link"), "type=text/html"),
			group+"/headers/alternate: an item's Link header names its page: <link>; rel=\"alternate\"; type=text/html", "Link %q", r.Header.Get("Link"))
	} else {
		_, has := links["alternate"]
		check(t, r, !has && links["https://api.w.org/"] == s.url("/"),
			group+"/headers/api-root: an item without a page of its own has the API root as its Link header, no alternate", "Link %q", r.Header.Get("Link"))
	}
	base, _, _ := strings.Cut(item, "?")
	collection := base[:strings.LastIndex(base, "/")]
	wantError(t, anon.get(t, collection+"/999999999"), http.StatusNotFound, notFound, group+"/errors/unknown-id: an unknown id answers 404 "+notFound)
	for _, q := range badQueries {
		wantError(t, admin.get(t, collection+"?"+q), http.StatusBadRequest, "rest_invalid_param", group+"/errors/invalid-param: a bad query ("+q+") answers 400 rest_invalid_param")
	}
}

// pathEnds reports whether a page's link ends with the path of slugs, with or without
// the trailing slash the site's permalink structure decides (user_trailingslashit).
func pathEnds(link string, slugs ...string) bool {
	return strings.HasSuffix(strings.TrimSuffix(link, "/"), "/"+strings.Join(slugs, "/"))
}

// pageTermLinks checks a page's wp:term links: core registers no taxonomy on pages, so
// none; a site that registers one (register_taxonomy(..., 'page')) gives pages one link
// per taxonomy, as posts have (read from the site's /taxonomies: see site.go). One rule
// either way, so it is shown on sites that differ in the fact.
func pageTermLinks(s *Suite, t T, r *Result, page int) {
	t.Helper()
	taxes := s.declaredTaxonomies(t, "page")
	if len(taxes) == 0 {
		wantNoKeys(t, r, "_links", []string{"wp:term"}, "pages/links/no-terms: pages have no taxonomies: no wp:term link"+s.pageTaxNote(t, nil))
		return
	}
	wantValue(t, r, "_links.wp:term", s.termLinks(t, "page", page),
		"pages/links/no-terms: pages link no terms but those of the taxonomies the site registers on pages: one wp:term link each"+s.pageTaxNote(t, taxes))
}

// pageTaxNote names the fact pageTermLinks used: which taxonomies apply to pages.
func (s *Suite) pageTaxNote(t T, taxes []*siteTaxonomy) string {
	t.Helper()
	if s.cfg.Strict {
		return ""
	}
	slugs := []string{}
	for _, tx := range taxes {
		slugs = append(slugs, tx.slug)
	}
	return " " + factNote("taxonomies of page", slugs, "/wp/v2/types and /wp/v2/taxonomies")
}
