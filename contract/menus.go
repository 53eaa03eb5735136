package contract

import (
	"fmt"
	"net/http"
)

// The menus group: /wp/v2/menus, /wp/v2/menu-items and /wp/v2/menu-locations (the
// classic menus controllers, checked against the running 6.1, 6.8 and 7.1), walked as
// a theme's header is built: a menu, a custom link and a page below it, read back in
// order as contributors may, refused to subscribers and visitors, deleted with its
// items. Menus are written with edit_theme_options, which the configured user must
// have (an administrator does); without it the group is skipped.

func init() {
	register("menus", true, func(s *Suite, t T) {
		if !s.caps.routes["/wp/v2/menus"] || !s.caps.routes["/wp/v2/menu-items"] {
			t.Skipf("the target has no /wp/v2/menus and /wp/v2/menu-items routes")
			return
		}
		admin, anon := s.as(s.admin()), s.as(anonymous)
		me := admin.get(t, "/wp/v2/users/me?context=edit")
		if caps, _ := me.object()["capabilities"].(map[string]any); caps["edit_theme_options"] != true {
			t.Skipf("the configured user %s lacks edit_theme_options, which writing menus needs", s.cfg.User)
			return
		}
		editor, subscriber := s.as(s.accountFor(t, "editor")), s.as(s.accountFor(t, "subscriber"))

		menu := s.create(t, nil, "/wp/v2/menus", map[string]any{"name": s.name("menu"), "auto_add": true})
		id := idOf(menu)
		wantValue(t, menu, "auto_add", true, "menus/create: a new menu answers its auto_add and its locations (none given: [])")
		wantValue(t, menu, "locations", []any{}, "menus/create: a new menu answers its auto_add and its locations (none given: [])")
		wantError(t, admin.send(t, http.MethodPost, "/wp/v2/menus", map[string]any{"name": s.name("menu")}), http.StatusBadRequest, "menu_exists",
			"menus/name-taken: a menu named as another is refused: 400 menu_exists")

		link := s.create(t, nil, "/wp/v2/menu-items", map[string]any{"title": s.name("home"), "url": "https://example.com/", "menus": id})
		lid := idOf(link)
		const custom = "menus/items/custom: a custom link is type custom, object custom, its object_id its own id, its url as given"
		wantValue(t, link, "type", "custom", custom)
		wantValue(t, link, "object", "custom", custom)
		wantValue(t, link, "object_id", float64(lid), custom)
		wantValue(t, link, "url", "https://example.com/", custom)
		wantError(t, admin.send(t, http.MethodPost, "/wp/v2/menu-items", map[string]any{"title": s.name("x"), "menus": id}),
			http.StatusBadRequest, "rest_url_required", "menus/items/url-required: a custom link without a URL: 400 rest_url_required")

		page := s.create(t, nil, "/wp/v2/pages", map[string]any{"title": s.name("menu page"), "status": "publish"})
		item := s.create(t, nil, "/wp/v2/menu-items", map[string]any{"type": "post_type", "object_id": idOf(page), "menus": id,
			"parent": lid, "menu_order": 5})
		const linked = "menus/items/page: a page's item takes the page's title, link and type label (Page), below its parent item"
		wantValue(t, item, "object", "page", linked)
		wantValue(t, item, "type_label", "Page", linked)
		wantValue(t, item, "url", textAt(page, "link"), linked)
		wantValue(t, item, "title.raw", textAt(page, "title.raw"), linked)
		wantValue(t, item, "parent", float64(lid), linked)

		// the page joined the menu when it was published (auto_add), after the link
		list := editor.get(t, fmt.Sprintf("/wp/v2/menu-items?menus=%d", id))
		ids := resultIDs(list)
		check(t, list, len(ids) == 3 && ids[0] == lid && ids[2] == idOf(item),
			"menus/items/order: ?menus= lists the menu's items by menu_order (the link, the page auto_add added, the item at 5), to an editor too", "ids %v", ids)
		menuReadAccess(s, t, id, subscriber, anon, editor)

		del := admin.do(t, http.MethodDelete, fmt.Sprintf("/wp/v2/menus/%d?force=true", id), nil)
		wantStatus(t, del, http.StatusOK, "menus/delete: a menu is deleted with force=true, and its items with it")
		wantError(t, admin.get(t, fmt.Sprintf("/wp/v2/menu-items/%d", idOf(item))), http.StatusNotFound, "rest_post_invalid_id",
			"menus/delete: a menu is deleted with force=true, and its items with it")
	})
}

// menuReadAccess checks who may read menus, their items and the locations: only users
// with edit_theme_options, unless the site opens them all to anyone (6.8's
// rest_menu_read_access filter, read as a fact of the site: see menusOpen).
func menuReadAccess(s *Suite, t T, menu int, subscriber, anon, editor *client) {
	t.Helper()
	open, note := s.menusOpen(t)
	for _, c := range []struct {
		as          *client
		path        string
		refusal     int
		closed, opn string
	}{
		{subscriber, fmt.Sprintf("/wp/v2/menus/%d", menu), http.StatusForbidden,
			"menus/read-access/subscriber: a subscriber may not read menus: 403 rest_cannot_view",
			"menus/read-access/subscriber: on a site whose menus are open, a subscriber reads them: 200"},
		{anon, fmt.Sprintf("/wp/v2/menu-items?menus=%d", menu), http.StatusUnauthorized,
			"menus/read-access/anonymous: a visitor may not read menu items: 401 rest_cannot_view",
			"menus/read-access/anonymous: on a site whose menus are open, a visitor reads menu items: 200"},
		{editor, "/wp/v2/menu-locations", http.StatusForbidden,
			"menus/locations/permission: the menu locations need edit_theme_options: 403 rest_cannot_view to an editor",
			"menus/locations/permission: on a site whose menus are open, an editor reads the menu locations: 200"},
	} {
		r := c.as.get(t, c.path)
		if open {
			wantStatus(t, r, http.StatusOK, c.opn+" "+note)
		} else {
			wantError(t, r, c.refusal, "rest_cannot_view", c.closed+" "+note)
		}
	}
}
