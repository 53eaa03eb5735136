package compare

import (
	"net/http"
	"os"

	"github.com/wpmock/wpmock/mock/rest"
)

// The menus rows (issue 35): /wp/v2/menu-locations (none: the reference sites run a
// block theme, Twenty Twenty-Three, which registers no locations, and the mock's
// example site registers none either), a menu made, refused and read, items of every
// kind in it (a custom link, a page, a category, the posts' archive, a post with its
// link attributes, nested and ordered), their refusals and reads in every context and
// role, updates, and the deletes: an item, then the menu with the rest of its items.
func menuRows() []row {
	l := &rowList{method: http.MethodPost}
	add, get := l.add, l.get
	const (
		menus     = "/wp/v2/menus"
		items     = "/wp/v2/menu-items"
		locations = "/wp/v2/menu-locations"
	)
	for _, p := range []string{menus, items, locations} {
		add(row{method: http.MethodOptions, path: p, kind: kindOptions})
	}
	add(row{method: http.MethodOptions, path: locations + "/primary", kind: kindOptions})
	get(locations, "admin", "no locations registered", "#", "0")
	get(locations+"?context=edit", "admin", "edit context")
	get(locations+"/primary", "admin", "a location the theme does not register")
	for _, as := range []string{"editor", "author", ""} {
		get(locations, as, "needs edit_theme_options")
	}

	// A menu.
	add(row{path: menus, as: "admin", body: `{"name":"wpcompare-menu","description":"wpcompare's menu","auto_add":true}`,
		save: "menu", note: "create", expect: []string{"auto_add", "true", "locations", "[]", "slug", "wpcompare-menu"},
		same: []string{"name", "description", "locations", "auto_add", "meta"}})
	add(row{path: menus, as: "admin", body: `{"name":"wpcompare-menu"}`, note: "a name another menu has"})
	add(row{path: menus, as: "admin", body: `{"name":"wpcompare-menu 2","locations":["primary"]}`, note: "an unregistered location"})
	add(row{path: menus, as: "admin", body: `{"name":"wpcompare-menu 3","parent":1}`, note: "menus are flat"})
	add(row{path: menus, as: "admin", body: `{"name":""}`, note: "an empty name"})
	add(row{path: menus, as: "editor", body: `{"name":"wpcompare-menu 4"}`, note: "needs edit_theme_options"})

	// Its items, of every kind.
	add(row{path: "/wp/v2/pages", as: "admin", body: `{"title":"wpcompare-menu page","status":"publish"}`, save: "mpage",
		note: "a page for the menu"})
	add(row{path: items, as: "admin", body: `{"title":"wpcompare-home","url":"https://example.com/","menus":{menu}}`, save: "mi1",
		note: "a custom link", expect: []string{"type", "custom", "object", "custom", "object_id", "{mi1}", "menu_order", "1", "menus", "{menu}"},
		same: []string{"title", "url", "type_label", "classes", "xfn", "invalid", "status", "parent"}})
	add(row{path: items, as: "admin", body: `{"type":"post_type","object_id":{mpage},"menus":{menu},"menu_order":2,"parent":{mi1}}`,
		save: "mi2", note: "a page, below the link",
		expect: []string{"object", "page", "object_id", "{mpage}", "parent", "{mi1}", "menu_order", "2"},
		same:   []string{"title", "type_label", "description", "attr_title", "invalid"}})
	add(row{path: items, as: "admin", body: `{"type":"taxonomy","object_id":{category},"menus":{menu},"menu_order":3}`,
		note: "a category", expect: []string{"object", "category", "object_id", "{category}"}, same: []string{"title", "type_label", "invalid"}})
	add(row{path: items, as: "admin", body: `{"type":"post_type_archive","object":"post","menus":{menu},"menu_order":4}`,
		note: "the posts' archive", expect: []string{"object_id", "0"}, same: []string{"title", "type_label", "invalid"}})
	add(row{path: items, as: "admin", note: "a post with its link's attributes",
		body: `{"type":"post_type","object_id":{post},"menus":{menu},"menu_order":5,"classes":"one two","xfn":["me"],"target":"_blank","attr_title":"wpcompare <b>tip</b>","description":"wpcompare description","status":"draft"}`,
		same: []string{"title", "classes", "xfn", "target", "attr_title", "description", "status", "type_label"}})
	add(row{path: items, as: "admin", body: `{"menus":{menu}}`, note: "a custom link without title and URL"})
	add(row{path: items, as: "admin", body: `{"title":"wpcompare-x","menus":{menu}}`, note: "a custom link without URL"})
	add(row{path: items, as: "admin", body: `{"type":"taxonomy","object_id":999999,"menus":{menu}}`, note: "an unknown term"})
	add(row{path: items, as: "admin", body: `{"type":"post_type","object_id":999999,"menus":{menu}}`, note: "an unknown post"})
	add(row{path: items, as: "admin", body: `{"type":"post_type_archive","object":"nothing","menus":{menu}}`, note: "an unknown type"})
	add(row{path: items, as: "admin", body: `{"title":"wpcompare-x","url":"https://example.com/","menus":999999}`, note: "an unknown menu"})
	add(row{path: items, as: "admin", body: `{"title":"wpcompare-x","url":"https://example.com/","target":"_top"}`, note: "a target outside the enum"})
	add(row{path: items, as: "editor", body: `{"title":"wpcompare-x","url":"https://example.com/","menus":{menu}}`, note: "needs edit_theme_options"})

	// Reads.
	// the page joined the menu when it was published (auto_add), first, at menu_order 0
	get(items+"?menus={menu}", "admin", "the menu's items by menu_order", "#", "5", "[0].object_id", "{mpage}",
		"[0].menu_order", "0", "[1].id", "{mi1}", "[2].id", "{mi2}")
	get(items+"?menus={menu}&status=publish,draft&context=edit", "admin", "drafts too", "#", "6")
	get(items+"?menus={menu}&orderby=id&order=desc&per_page=2", "admin", "another order, a page of two", "#", "2")
	get(items+"?menus={menu}&menu_order=3", "admin", "by menu_order", "#", "1")
	for _, ctx := range []string{"view", "embed", "edit"} {
		get(items+"/{mi2}?context="+ctx, "admin", "a page item in "+ctx, "parent", "{mi1}")
		get(menus+"/{menu}?context="+ctx, "admin", "the menu in "+ctx)
	}
	get(items+"/{mi2}?_embed", "admin", "embedding the page and the menu")
	get(menus+"?_embed", "admin", "the menus")
	get(menus+"?post={mi2}", "admin", "the item's menu")
	for _, as := range []string{"editor", "author", "contributor", "subscriber", ""} {
		get(items+"?menus={menu}", as, "read access")
		get(items+"/{mi1}", as, "read access")
		get(menus+"/{menu}", as, "read access")
		get(menus, as, "read access")
	}
	get(items+"/{mi1}?context=edit", "editor", "edit context needs edit_theme_options")
	get(menus+"?context=edit", "editor", "edit context needs edit_theme_options")
	get(items+"/999999", "admin", "an unknown item")
	get(menus+"/999999", "admin", "an unknown menu")
	get(items+"/{post}", "admin", "a post is no menu item")

	// Updates.
	add(row{path: items + "/{mi1}", as: "admin", body: `{"title":"wpcompare-home renamed"}`, note: "retitle a link",
		expect: []string{"title.raw", "wpcompare-home renamed", "menu_order", "1", "url", "https://example.com/"}})
	add(row{path: items + "/{mi2}", as: "admin", body: `{"title":"wpcompare-menu page"}`, note: "the page's own title is no title of the item",
		same: []string{"title"}})
	selfParent := []string{"parent", "0"} // 6.2 resets it
	if v, _ := rest.ParseVersion(os.Getenv("WP_VERSION")); v != 0 && v < rest.V62 {
		selfParent = []string{"parent", "{mi2}"}
	}
	add(row{path: items + "/{mi2}", as: "admin", body: `{"parent":{mi2},"status":"draft"}`, note: "its own parent, a draft",
		expect: append(selfParent, "status", "draft")})
	add(row{path: menus + "/{menu}", as: "admin", body: `{"name":"wpcompare-menu renamed","slug":"kept-out","auto_add":false}`,
		note:   "rename: the slug follows the name, the description goes",
		expect: []string{"slug", "wpcompare-menu-renamed", "description", "", "auto_add", "false"}})
	add(row{method: http.MethodPut, path: menus + "/{menu}", as: "admin", body: `{"locations":["primary"]}`, note: "an unregistered location"})

	// Deletes.
	add(row{method: http.MethodDelete, path: items + "/{mi1}", as: "admin", note: "no trash for items"})
	add(row{method: http.MethodDelete, path: items + "/{mi1}?force=true", as: "admin", note: "delete an item",
		expect: []string{"deleted", "true", "previous.id", "{mi1}"}})
	add(row{method: http.MethodDelete, path: menus + "/{menu}", as: "admin", note: "no trash for menus"})
	add(row{method: http.MethodDelete, path: menus + "/{menu}?force=true", as: "editor", note: "needs edit_theme_options"})
	add(row{method: http.MethodDelete, path: menus + "/{menu}?force=true", as: "admin", note: "delete the menu",
		expect: []string{"deleted", "true", "previous.id", "{menu}"}})
	get(items+"/{mi2}", "admin", "its items went with it")
	return l.rows
}
