package compare

import "net/http"

// The pages rows: /wp/v2/pages as WordPress serves it, a hierarchical type with
// page-attributes and the page capabilities. The rows make a small tree (a parent, two
// children, a grandchild) and check its links, filters, orderings, the up link and its
// embed, each role's rights, the parent rules (unknown parent, a loop) and what a
// forced delete does to the children.
func pageRows() []row {
	l := &rowList{method: http.MethodPost}
	add, get := l.add, l.get
	const pages = "/wp/v2/pages"

	add(row{method: http.MethodOptions, path: pages, kind: kindOptions})
	add(row{method: http.MethodOptions, path: pages + "/1", kind: kindOptions})
	get("/wp/v2/types/page?context=edit", "admin", "the page type")
	get("/wp/v2/types?context=edit", "author", "types an author may edit")

	// The tree, as admin.
	add(row{path: pages, as: "admin", save: "pg1", note: "a parent page",
		body:   `{"title":"wpcompare-page parent","status":"publish","content":"<p>Parent.</p>","slug":"wpcompare-parent"}`,
		expect: []string{"parent", "0", "menu_order", "0", "comment_status", "closed", "ping_status", "closed", "type", "page"},
		same:   []string{"link", "guid", "permalink_template", "generated_slug"}})
	add(row{path: pages, as: "admin", save: "pg2", note: "a child page",
		body:   `{"title":"wpcompare-page child b","status":"publish","parent":{pg1},"menu_order":2,"slug":"wpcompare-child"}`,
		expect: []string{"parent", "{pg1}", "menu_order", "2"},
		same:   []string{"link", "guid", "permalink_template"}})
	add(row{path: pages, as: "admin", save: "pg3", note: "a second child page",
		body:   `{"title":"wpcompare-page child a","status":"publish","parent":{pg1},"menu_order":1}`,
		expect: []string{"parent", "{pg1}", "menu_order", "1"}, same: []string{"link", "slug"}})
	add(row{path: pages, as: "admin", save: "pg4", note: "a grandchild draft",
		body:   `{"title":"wpcompare-page grandchild","parent":{pg2}}`,
		expect: []string{"parent", "{pg2}", "status", "draft"},
		same:   []string{"permalink_template", "generated_slug", "comment_status", "ping_status"}})
	add(row{path: pages, as: "admin", note: "a child with its sibling's slug",
		body: `{"title":"wpcompare-page twin","status":"publish","parent":{pg1},"slug":"wpcompare-child"}`, save: "pg5",
		same: []string{"slug", "link"}})
	add(row{path: pages, as: "admin", note: "a numeric slug", body: `{"title":"wpcompare-page numeric","status":"publish","slug":"2024"}`,
		save: "pg6", same: []string{"slug"}})
	add(row{path: pages, as: "admin", note: "an empty draft (a page has no excerpt: wp_insert_post saves it)",
		body: `{"status":"draft"}`, save: "pg9", expect: []string{"status", "draft", "title.raw", ""}})
	add(row{path: "/wp/v2/posts", as: "admin", note: "an empty post draft (refused: empty_content)", body: `{"status":"draft"}`})
	add(row{path: pages, as: "admin", note: "an unknown parent", body: `{"title":"wpcompare-page orphan","parent":999999}`})
	add(row{path: pages, as: "admin", note: "a post as the parent",
		body: `{"title":"wpcompare-page under a post","parent":{post}}`, save: "pg7", expect: []string{"parent", "{post}"}})
	add(row{path: pages + "/{pg1}", as: "admin", note: "its own parent", body: `{"parent":{pg1}}`, expect: []string{"parent", "0"}})
	add(row{path: pages + "/{pg1}", as: "admin", note: "a loop through its child", body: `{"parent":{pg2}}`, expect: []string{"parent", "0"}})
	add(row{path: pages + "/{pg1}", as: "admin", note: "fields a page does not have",
		body: `{"sticky":true,"format":"aside","categories":[1],"excerpt":"wpcompare excerpt"}`, expect: []string{"excerpt.raw", "wpcompare excerpt"}})

	// Reading it.
	get(pages+"/{pg2}", "", "a child page", "parent", "{pg1}")
	get(pages+"/{pg2}?_embed=up", "", "a child page with its parent embedded", "_embedded.up.[0].id", "{pg1}")
	get(pages+"/{pg4}?context=edit", "admin", "a grandchild draft", "parent", "{pg2}")
	get(pages+"/{pg4}?context=embed", "admin", "a draft in embed context")
	get(pages+"/{pg4}", "", "a draft, anonymous")
	get(pages+"?parent={pg1}&orderby=menu_order&order=asc", "", "children by menu order",
		"#", "3", "[0].id", "{pg5}", "[1].id", "{pg3}", "[2].id", "{pg2}")
	get(pages+"?parent={pg1}&orderby=menu_order&order=desc&_fields=id,menu_order", "", "children by menu order, descending",
		"[0].id", "{pg2}")
	get(pages+"?parent={pg1}&menu_order=2", "", "menu order filter", "#", "1", "[0].id", "{pg2}")
	get(pages+"?parent={pg1},{pg2}&status=publish,draft&orderby=id&order=asc", "admin", "two parents",
		"#", "4", "[0].id", "{pg2}")
	get(pages+"?parent_exclude=0&search=wpcompare-page&orderby=id&order=asc&status=publish,draft", "admin", "parent_exclude",
		"#", "5")
	get(pages+"?search=wpcompare-page&orderby=menu_order", "", "menu order over the whole list")
	get(pages+"?orderby=menu_order&order=sideways", "", "a bad order")
	get(pages+"?menu_order=abc", "", "a bad menu order")
	get(pages+"?parent=abc", "", "a bad parent")
	get(pages+"?sticky=true&search=wpcompare-page", "", "sticky, which pages do not declare")
	get(pages+"?categories=1&search=wpcompare-page", "", "categories, which pages do not declare")
	get(pages+"?orderby=title&search=wpcompare-page&_fields=id,title,parent,menu_order,link", "", "_fields")
	get(pages+"/{pg2}/revisions", "admin", "revisions of a page", "#", "0")
	add(row{path: pages + "/{pg2}", as: "admin", body: `{"content":"<p>Child, revised.</p>"}`, note: "a revision"})
	get(pages+"/{pg2}/revisions?context=edit", "admin", "one revision", "#", "1", "[0].parent", "{pg2}")
	get(pages+"/{pg2}/revisions", "author", "revisions, as an author")

	// Each role.
	for _, login := range roleLogins {
		key := roleKey(login)
		add(row{path: pages, as: login, note: "create as " + key, save: "pgr" + key,
			body: `{"title":"wpcompare-page by ` + key + `"}`})
		add(row{path: pages, as: login, note: "publish as " + key,
			body: `{"title":"wpcompare-page published by ` + key + `","status":"publish"}`, save: "pgp" + key})
		add(row{path: pages + "/{pg2}", as: login, note: "edit another's page as " + key, body: `{"menu_order":5}`})
		get(pages+"/{pg4}?context=edit", login, "a draft in edit context as "+key)
		get(pages+"?status=draft&search=wpcompare-page", login, "drafts as "+key)
		add(row{method: http.MethodDelete, path: pages + "/{pg6}", as: login, note: "trash another's page as " + key})
	}
	add(row{method: http.MethodDelete, path: pages + "/{pgreditor}?force=true", as: "admin", note: "the editor's page"})
	add(row{method: http.MethodDelete, path: pages + "/{pgpeditor}?force=true", as: "admin", note: "the editor's published page"})

	// Deleting.
	add(row{method: http.MethodDelete, path: pages + "/{pg2}", as: "admin", note: "trash a parent",
		expect: []string{"status", "trash"}, same: []string{"slug"}})
	get(pages+"/{pg4}?context=edit", "admin", "a child of a trashed page", "parent", "{pg2}")
	add(row{method: http.MethodDelete, path: pages + "/{pg2}", as: "admin", note: "trash again"})
	add(row{method: http.MethodDelete, path: pages + "/{pg2}?force=true", as: "admin", note: "force a parent",
		expect: []string{"deleted", "true", "previous.parent", "{pg1}"}})
	get(pages+"/{pg4}?context=edit", "admin", "the grandchild moved up", "parent", "{pg1}")
	add(row{method: http.MethodDelete, path: pages + "/{pg1}?force=true", as: "admin", note: "force the top page"})
	get(pages+"/{pg4}?context=edit", "admin", "moved up to the top", "parent", "0")
	get(pages+"/{pg3}", "", "a published child moved up", "parent", "0")

	// A deleted user's pages go to the trash (wp_delete_post trashes posts and pages).
	add(row{path: "/wp/v2/users", as: "admin", save: "pgu", note: "a page owner",
		body: `{"username":"wpcompare-pageowner","email":"wpcompare-pageowner@example.com","password":"wpcompare-Secret-9","roles":["editor"]}`})
	add(row{path: pages, as: "admin", save: "pg8", note: "a page by the page owner",
		body: `{"title":"wpcompare-page owned","status":"publish","author":{pgu}}`, expect: []string{"author", "{pgu}"}})
	add(row{method: http.MethodDelete, path: "/wp/v2/users/{pgu}?force=true&reassign=false", as: "admin", note: "the page owner, without reassigning"})
	get(pages+"/{pg8}?context=edit", "admin", "a deleted user's page is trashed", "status", "trash")
	for _, id := range []string{"pg3", "pg4", "pg5", "pg6", "pg7", "pg8", "pg9"} {
		add(row{method: http.MethodDelete, path: pages + "/{" + id + "}?force=true", as: "admin", note: "cleanup " + id})
	}
	return l.rows
}
