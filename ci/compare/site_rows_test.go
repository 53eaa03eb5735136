package compare

import (
	"net/http"

	"github.com/wpmock/wpmock/fixtures"
)

// The rows of a site's other registrations: its plugin routes (register_rest_route),
// a type and a taxonomy in another namespace (rest_namespace), its post statuses and
// settings. They run when the declarations the compared WordPress registers
// ($WPMOCK_DECLARATIONS) declare them, with the names the rows ask for: a route
// acme/v1/items with a required integer count (1 to 10), an enum kind, a pattern code
// and an email mail, a POST-only acme/v1/items/(?P<id>\d+); the type gadget and the
// taxonomy maker in acme/v1; the status archived; the setting acme_color.

// declared is the compared site's register part, nil without declarations (or with
// a file withDeclarations refuses).
func declared() *fixtures.Register {
	if declarations() == "" {
		return nil
	}
	decl, err := fixtures.LoadFile(declarations())
	if err != nil {
		return nil
	}
	return decl.Register
}

// siteRows are the rows of what declared registers beyond types, taxonomies, meta
// and fields.
func siteRows(r *fixtures.Register) []row {
	if r == nil {
		return nil
	}
	l := &rowList{method: http.MethodGet}
	has := func(list []fixtures.Args, key, name string) bool {
		for _, a := range list {
			if a.String(key) == name {
				return true
			}
		}
		return false
	}
	if has(r.RestRoutes, "route", "/items") {
		l.get("/acme/v1", "", "a plugin's namespace index")
		l.get("/acme/v1/items?count=3", "", "a plugin route: its answer")
		l.get("/acme/v1/items", "", "rest_missing_callback_param")
		l.get("/acme/v1/items?count=11", "", "rest_out_of_bounds in details")
		l.get("/acme/v1/items?count=x", "", "rest_invalid_type in details")
		l.get("/acme/v1/items?count=1&kind=c", "", "rest_not_in_enum in details")
		l.get("/acme/v1/items?count=1&code=abc", "", "rest_invalid_pattern in details")
		l.get("/acme/v1/items?count=1&mail=nope", "", "rest_invalid_email in details")
		l.get("/acme/v1/items/5", "", "a POST-only route asked with GET: rest_no_route")
		l.add(row{method: http.MethodOptions, path: "/acme/v1/items", kind: kindOptions, note: "a plugin route's args in the order given"})
		l.add(row{method: http.MethodOptions, path: "/acme/v1/items/5", kind: kindOptions, note: "a path parameter, POST only"})
	}
	if has(r.PostTypes, "name", "gadget") {
		// the compared sites' content differs: the lists are asked for what neither has
		l.get("/acme/v1/gadgets?search=wpcompare-none", "", "a type in another namespace: its list and headers")
		l.get("/acme/v1/gadgets?context=embed&search=wpcompare-none", "", "its embed context")
		l.get("/acme/v1/gadgets/999999", "", "its rest_post_invalid_id")
		l.get("/wp/v2/gadgets", "", "not in wp/v2")
		l.add(row{method: http.MethodOptions, path: "/acme/v1/gadgets", kind: kindOptions, note: "its routes in acme/v1"})
	}
	if has(r.Taxonomies, "name", "maker") {
		l.get("/acme/v1/makers?search=wpcompare-none", "", "a taxonomy in another namespace")
		l.add(row{method: http.MethodOptions, path: "/acme/v1/makers", kind: kindOptions, note: "its routes in acme/v1"})
	}
	if has(r.PostStatuses, "name", "archived") {
		l.get("/wp/v2/statuses", "", "a protected status is not listed anonymously")
		l.get("/wp/v2/statuses?context=edit", "editor", "the site's status after core's, before trash")
		l.get("/wp/v2/statuses/archived", "", "rest_cannot_read_status")
		l.get("/wp/v2/posts?status=archived", "", "rest_forbidden_status")
	}
	if has(r.Settings, "option_name", "acme_color") {
		l.get("/wp/v2/settings", "admin", "the site's settings first")
		l.add(row{method: http.MethodOptions, path: "/wp/v2/settings", as: "admin", kind: kindOptions, note: "the site's settings' schema"})
	}
	return l.rows
}
