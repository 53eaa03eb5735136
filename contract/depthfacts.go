package contract

import (
	"fmt"
	"net/http"
	"slices"
	"strings"
)

// The facts group's rules on what WordPress publishes only through its answers:
// permalinks (permalink_structure, category_base and tag_base are in no index and no
// /settings: the links of the items and the posts' permalink_template show them), the
// roles' capabilities (a user's, in the edit context) and what each role may do with
// them (the capabilities /types and /taxonomies name), and menus kept as written.

// permalinkFacts reads the site's structure from a post's permalink_template (plain
// when it is the ?p= link, get_sample_permalink) and checks every kind of link
// against it and the index's home.
func permalinkFacts(s *Suite, t T) {
	admin, anon := s.as(s.admin()), s.as(anonymous)
	home := textAt(anon.get(t, "/"), "home")
	post := idOf(s.create(t, nil, "/wp/v2/posts", map[string]any{"title": s.name("permalink post"), "status": "publish"}))
	pr := admin.get(t, fmt.Sprintf("/wp/v2/posts/%d?context=edit", post))
	tmpl := textAt(pr, "permalink_template")
	page := s.create(t, nil, "/wp/v2/pages", map[string]any{"title": s.name("permalink page"), "status": "publish"})
	parent := s.create(t, nil, "/wp/v2/categories", map[string]any{"name": s.name("permalink parent")})
	child := s.create(t, nil, "/wp/v2/categories", map[string]any{"name": s.name("permalink child"), "parent": idOf(parent)})
	tag1 := s.create(t, nil, "/wp/v2/tags", map[string]any{"name": s.name("permalink tag one")})
	tag2 := s.create(t, nil, "/wp/v2/tags", map[string]any{"name": s.name("permalink tag two")})
	items := []*Result{pr, page, parent, child, tag1, tag2}

	note := fmt.Sprintf("(site fact: home %q from the index; permalink_template %q of a post, permalink_structure being published nowhere)", home, tmpl)
	var off []string
	for _, r := range items {
		if l := textAt(r, "link"); !strings.HasPrefix(l, home+"/") {
			off = append(off, fmt.Sprintf("%s %s", r.Path, l))
		}
	}
	check(t, pr, home != "" && len(off) == 0, "facts/permalinks/home: the links of posts, pages, categories and tags are below the index's home "+note, "%v", off)

	plain := strings.HasPrefix(tmpl, home+"/?p=")
	const structRule = "facts/permalinks/structure: one permalink structure for every link: with plain permalinks posts, pages, categories and tags link ?p=, ?page_id=, ?cat= and ?tag=; else none has a query, each ends with a slash exactly when the post's does, and names its slug"
	if plain {
		want := []string{fmt.Sprintf("%s/?p=%d", home, post), fmt.Sprintf("%s/?page_id=%d", home, idOf(page)),
			fmt.Sprintf("%s/?cat=%d", home, idOf(parent)), fmt.Sprintf("%s/?tag=%s", home, textAt(tag1, "slug"))}
		got := []string{textAt(pr, "link"), textAt(page, "link"), textAt(parent, "link"), textAt(tag1, "link")}
		check(t, pr, slices.Equal(got, want), structRule+" "+note, "links %v, want %v", got, want)
		skipRule(t, "facts/permalinks/term-base: a child category's link is its parent's with its slug added, and a tag's is another tag's with its slug for the other's",
			"the site has plain permalinks "+note+": terms link by query, with no base")
		return
	}
	slash := strings.HasSuffix(textAt(pr, "link"), "/")
	var wrong []string
	for _, r := range items {
		l := textAt(r, "link")
		// a post's link names its slug only where the structure has %postname% (not /archives/%post_id%)
		named := r != pr || strings.Contains(tmpl, "%postname%")
		if strings.Contains(l, "?") || strings.HasSuffix(l, "/") != slash || named && !strings.Contains(l, "/"+textAt(r, "slug")) {
			wrong = append(wrong, r.Path+" "+l)
		}
	}
	check(t, pr, len(wrong) == 0, structRule+" "+note, "links %v (the post's %q)", wrong, textAt(pr, "link"))
	termBases(t, parent, child, tag1, tag2, note)
}

// termBases: the category base and the tag base are read from one term's link (the
// path between the home and its slug); a child category's link is its parent's with
// its own slug added (hierarchical rewrite), a second tag's the first's with its slug.
func termBases(t T, parent, child, tag1, tag2 *Result, note string) {
	t.Helper()
	const rule = "facts/permalinks/term-base: a child category's link is its parent's with its slug added, and a tag's is another tag's with its slug for the other's"
	pl, cl := textAt(parent, "link"), textAt(child, "link")
	slash := ""
	if strings.HasSuffix(pl, "/") {
		slash = "/"
	}
	wantChild := strings.TrimSuffix(pl, "/") + "/" + textAt(child, "slug") + slash
	base := strings.TrimSuffix(strings.TrimSuffix(pl, "/"), textAt(parent, "slug"))
	check(t, child, cl == wantChild, fmt.Sprintf("%s (category base read from a category's link: %q) %s", rule, base, note), "child link %q, want %q", cl, wantChild)
	t1, t2 := textAt(tag1, "link"), textAt(tag2, "link")
	wantTag := strings.Replace(t1, "/"+textAt(tag1, "slug"), "/"+textAt(tag2, "slug"), 1)
	tagBase := strings.TrimSuffix(strings.TrimSuffix(t1, "/"), textAt(tag1, "slug"))
	check(t, tag2, t2 == wantTag, fmt.Sprintf("%s (tag base read from a tag's link: %q) %s", rule, tagBase, note), "tag link %q, want %q", t2, wantTag)
}

// roleNames are the roles the facts group acts as (the accounts the suite makes).
var roleNames = []string{"editor", "author", "contributor", "subscriber"}

// roleFacts: a user of each role shows it in the edit context (roles, the role among
// its capabilities and as its extra capability: WP_User::get_role_caps), and may do
// exactly what the capabilities it shows allow: create and publish posts (the
// capabilities /types/post names), create categories (/taxonomies/category's
// manage_terms).
func roleFacts(s *Suite, t T) {
	admin := s.as(s.admin())
	d := s.site(t)
	pt, tx := d.types["post"], d.taxes["category"]
	for _, role := range roleNames {
		acc := s.accountFor(t, role)
		from := fmt.Sprintf("/wp/v2/users/%d?context=edit", acc.id)
		u := admin.get(t, from)
		caps, _ := u.object()["capabilities"].(map[string]any)
		extra, _ := u.object()["extra_capabilities"].(map[string]any)
		check(t, u, fmt.Sprint(u.object()["roles"]) == "["+role+"]" && caps[role] == true && len(extra) == 1 && extra[role] == true,
			"facts/roles/capabilities: a user made with a role shows it in the edit context: roles [role], the role true among its capabilities and as its one extra capability (site fact from "+from+")",
			"roles %v, capabilities[%s] %v, extra_capabilities %v", u.object()["roles"], role, caps[role], extra)
		if pt == nil || len(pt.caps) == 0 {
			skipRule(t, "facts/roles/may-publish: a role creates a post exactly when it has the create_posts /types/post names, and publishes it exactly when it has publish_posts",
				"/wp/v2/types/post names no capabilities (read without the edit context)")
		} else {
			mayPublish(s, t, acc, caps, pt.caps, from)
		}
		if tx == nil || tx.caps["manage_terms"] == "" {
			skipRule(t, "facts/roles/may-manage-terms: a role creates a category exactly when it has the manage_terms capability /taxonomies/category names",
				"/wp/v2/taxonomies/category names no manage_terms (read without the edit context)")
			continue
		}
		manage := tx.caps["manage_terms"]
		r := s.as(acc).send(t, http.MethodPost, "/wp/v2/categories", map[string]any{"name": s.name("category by " + role)})
		if r.Status == http.StatusCreated {
			s.deleteLater("/wp/v2/categories", idOf(r))
		}
		rule := fmt.Sprintf("facts/roles/may-manage-terms: a role creates a category exactly when it has the manage_terms capability /taxonomies/category names (site fact: %s, %s has it: %v, from %s)",
			manage, role, caps[manage] == true, from)
		if caps[manage] == true {
			check(t, r, r.Status == http.StatusCreated, rule, "%d %s, want 201", r.Status, r.code())
		} else {
			wantError(t, r, http.StatusForbidden, "rest_cannot_create", rule)
		}
	}
}

// mayPublish: a published post asked for by acc is created exactly when its role has
// the type's create_posts, and published exactly when it has publish_posts
// (WP_REST_Posts_Controller: rest_cannot_create, then rest_cannot_publish).
func mayPublish(s *Suite, t T, acc *account, caps map[string]any, typeCaps map[string]string, from string) {
	t.Helper()
	create, publish := orDefault(typeCaps["create_posts"], "edit_posts"), orDefault(typeCaps["publish_posts"], "publish_posts")
	rule := fmt.Sprintf("facts/roles/may-publish: a role creates a post exactly when it has the create_posts /types/post names, and publishes it exactly when it has publish_posts "+
		"(site fact: %s=%v, %s=%v for %s, from %s and /wp/v2/types/post)", create, caps[create] == true, publish, caps[publish] == true, acc.name, from)
	r := s.as(acc).send(t, http.MethodPost, "/wp/v2/posts", map[string]any{"title": s.name("published by " + acc.name), "status": "publish"})
	if r.Status == http.StatusCreated {
		s.deleteLater("/wp/v2/posts", idOf(r))
	}
	switch {
	case caps[create] != true:
		wantError(t, r, http.StatusForbidden, "rest_cannot_create", rule)
	case caps[publish] != true:
		wantError(t, r, http.StatusForbidden, "rest_cannot_publish", rule)
	default:
		check(t, r, r.Status == http.StatusCreated && textAt(r, "status") == "publish", rule, "%d %s status %q, want 201 publish", r.Status, r.code(), textAt(r, "status"))
	}
}

// menuFacts: a menu's items keep the menu_order and parent written to them across
// later writes (wp_update_nav_menu_item stores what it is given), the list follows
// menu_order, and a visitor reads a menu and an item as the site opens menus.
func menuFacts(s *Suite, t T) {
	if !s.caps.routes["/wp/v2/menus"] || !s.caps.routes["/wp/v2/menu-items"] {
		skipRule(t, "facts/menus/order-kept: menu items keep the menu_order written", "the index lists no /wp/v2/menus and /wp/v2/menu-items routes")
		return
	}
	admin, anon := s.as(s.admin()), s.as(anonymous)
	menu := idOf(s.create(t, nil, "/wp/v2/menus", map[string]any{"name": s.name("facts menu")}))
	var ids idList
	for i, name := range []string{"a", "b", "c"} {
		ids = append(ids, idOf(s.create(t, nil, "/wp/v2/menu-items", map[string]any{"title": s.name("item " + name),
			"url": "https://example.com/" + name, "menus": menu, "menu_order": i + 1})))
	}
	item := func(id int) string { return fmt.Sprintf("/wp/v2/menu-items/%d", id) }
	admin.send(t, http.MethodPost, item(ids[0]), map[string]any{"menu_order": 5})
	admin.send(t, http.MethodPost, item(ids[2]), map[string]any{"parent": ids[1]})
	admin.send(t, http.MethodPost, item(ids[1]), map[string]any{"title": s.name("item b renamed")})
	admin.send(t, http.MethodPost, item(ids[2]), map[string]any{"title": s.name("item c renamed")})
	l := admin.get(t, fmt.Sprintf("/wp/v2/menu-items?menus=%d", menu))
	order, parents := map[int]any{}, map[int]any{}
	for _, it := range l.list() {
		m, _ := it.(map[string]any)
		id, _ := m["id"].(float64)
		order[int(id)], parents[int(id)] = m["menu_order"], m["parent"]
	}
	want := idList{ids[1], ids[2], ids[0]}
	check(t, l, fmt.Sprint(resultIDs(l)) == fmt.Sprint(want) && order[ids[0]] == 5.0 && order[ids[1]] == 2.0 && order[ids[2]] == 3.0,
		"facts/menus/order-kept: menu items keep the menu_order written (one moved to 5, the others renamed since) and the menu lists them by it",
		"ids %v, menu_order %v, want ids %v with 5, 2 and 3", resultIDs(l), order, want)
	check(t, l, parents[ids[2]] == float64(ids[1]) && parents[ids[1]] == 0.0 && parents[ids[0]] == 0.0,
		"facts/menus/parent-kept: a menu item keeps the parent written to it after a later write that names no parent, and the others stay top-level",
		"parents %v, want %d under %d", parents, ids[2], ids[1])

	open, note := s.menusOpen(t)
	for _, p := range []string{fmt.Sprintf("/wp/v2/menus/%d", menu), item(ids[0])} {
		r := anon.get(t, p)
		rule := "facts/menus/read-access: a visitor reads a single menu and menu item exactly as the site opens menus " + note
		if open {
			check(t, r, r.Status == http.StatusOK && idOf(r) > 0, rule, "%d %s, want 200", r.Status, r.code())
		} else {
			wantError(t, r, http.StatusUnauthorized, "rest_cannot_view", rule)
		}
	}
}
