package compare

import (
	"net/http"
	"slices"

	"github.com/wpmock/wpmock/fixtures"
)

// The registered meta and REST fields of every shape (ci/wordpress/site/meta-shapes.json:
// the customized site's declarations, with meta keys of each type on posts, categories,
// users and comments: formats, bounds, enums, arrays of scalars and of objects, objects
// with additionalProperties false or a schema, single false with and without a default,
// a renamed key, protected keys with and without an auth_callback; and a REST field on
// users, comments and categories). The rows write every shape and read it back, in each
// context, with WordPress's refusals; they run when the compared site registers that
// file (WP_DECLARATIONS=site/meta-shapes.json), and are left out otherwise.

// metaShapes says whether the compared site registers meta-shapes.json's keys.
func metaShapes() bool {
	f := declarations()
	if f == "" {
		return false
	}
	ds, err := fixtures.LoadFile(f)
	if err != nil || ds.Register == nil {
		return false
	}
	return slices.ContainsFunc(ds.Register.Meta, func(a fixtures.Args) bool { return a.String("meta_key") == "m_objs" })
}

// metaRows write and read the meta shapes as the administrator and anonymously.
func metaRows() []row {
	if !metaShapes() {
		return nil
	}
	l := &rowList{method: http.MethodPost}
	write := func(path, body, note string, same ...string) {
		l.add(row{path: path, as: "admin", body: body, note: note, same: same})
	}
	l.add(row{path: "/wp/v2/users", as: "admin", save: "mu", note: "user meta and field",
		body: `{"username":"wpcompare-meta-user","email":"wpcompare-meta@example.com","password":"pw-123456","roles":["author"],` +
			`"meta":{"u_pref":{"theme":"dark","size":3},"u_nicks":["a","b"],"u_private":"secret"},"u_field":{"k":"v"}}`,
		same: []string{"meta", "u_field"}})
	l.add(row{method: http.MethodGet, path: "/wp/v2/users/{mu}", note: "view: no edit-only key", same: []string{"meta", "u_field"}})
	l.add(row{method: http.MethodGet, path: "/wp/v2/users/{mu}?context=embed", note: "embed: the field, no meta", same: []string{"u_field"}})
	write("/wp/v2/users/{mu}", `{"u_field":{"k":"w"},"meta":{"u_pref":{"theme":"blue"}}}`, "a meta refusal before the fields", "message", "data")
	l.add(row{method: http.MethodGet, path: "/wp/v2/users/{mu}?context=edit", as: "admin", note: "the field unchanged", same: []string{"meta", "u_field"}})
	l.add(row{path: "/wp/v2/posts", as: "admin", body: `{"title":"wpcompare-meta by the user","status":"publish","author":{mu}}`, save: "mp2",
		note: "a post by the user"})
	l.add(row{method: http.MethodGet, path: "/wp/v2/posts/{mp2}?_embed", note: "the author embedded with its field (embed context)",
		same: []string{"_embedded.author[0].u_field"}})
	l.add(row{path: "/wp/v2/posts", as: "admin", body: `{"title":"wpcompare-meta","status":"publish"}`, save: "mp",
		note: "every registered key's default", same: []string{"meta"}})
	write("/wp/v2/posts/{mp}", `{"meta":{"m_str":"s","m_int":5,"m_num":1.5,"m_bool":true,"m_tags":["a","b"],"m_obj":{"b":2,"a":"x"},`+
		`"m_free":{"q":1,"r":2},"m_multi":["one","two","one"],"m_multi_def":[1,2],"m_email":"a@b.co","m_color":"#abc","m_enum":"y",`+
		`"_m_prot":"p","renamed":"n","m_objs":[{"x":1.5,"y":"s"},{"x":2}],"m_all":9}}`, "every shape written, objects in the order sent", "meta")
	l.add(row{method: http.MethodGet, path: "/wp/v2/posts/{mp}", note: "view context", same: []string{"meta"}})
	l.add(row{method: http.MethodGet, path: "/wp/v2/posts/{mp}?context=embed", note: "no meta in embed"})
	write("/wp/v2/posts/{mp}", `{"meta":{"m_multi":["two","three"]}}`, "single false: the list replaces the rows", "meta.m_multi")
	write("/wp/v2/posts/{mp}", `{"meta":{"m_multi":["two","two"]}}`, "a value stored once, sent twice", "meta.m_multi")
	write("/wp/v2/posts/{mp}", `{"meta":{"m_multi":[],"m_str":null,"m_int":null}}`, "[] and null delete: defaults again", "meta")
	write("/wp/v2/posts/{mp}", `{"meta":{"m_int":"7","m_bool":"false","m_num":"2"}}`, "strings cast by the schema", "meta")
	for _, bad := range []struct{ body, note string }{
		{`{"meta":{"m_int":11}}`, "out of bounds"},
		{`{"meta":{"m_int":"x"}}`, "not an integer"},
		{`{"meta":{"m_tags":["a","a"]}}`, "uniqueItems"},
		{`{"meta":{"m_tags":["a","b","c","d"]}}`, "maxItems"},
		{`{"meta":{"m_obj":{"c":1}}}`, "additionalProperties false by default"},
		{`{"meta":{"m_free":{"c":"x"}}}`, "additionalProperties as a schema"},
		{`{"meta":{"m_objs":[{"y":"s"}]}}`, "a required property (version 4)"},
		{`{"meta":{"m_email":"nope"}}`, "format email"},
		{`{"meta":{"m_color":"#ggg"}}`, "format hex-color"},
		{`{"meta":{"m_enum":"z"}}`, "enum"},
		{`{"meta":{"_m_locked":"z"}}`, "a protected key without auth_callback"},
		{`{"meta":{"_m_locked":null}}`, "deleting it"},
		{`{"meta":{"m_multi":["a",null]}}`, "a null among many values"},
		{`{"meta":"x"}`, "meta not an object"},
	} {
		write("/wp/v2/posts/{mp}", bad.body, bad.note, "message", "data")
	}
	l.add(row{method: http.MethodGet, path: "/wp/v2/posts/{mp}?context=edit", as: "admin", note: "after the refusals", same: []string{"meta"}})

	l.add(row{path: "/wp/v2/categories", as: "admin", body: `{"name":"wpcompare-meta-cat","meta":{"t_color":"red","t_list":[3,3,4]},"t_field":5}`,
		save: "mc", note: "term meta, one and many values; an edit-only term field", same: []string{"meta", "t_field"}})
	l.add(row{method: http.MethodGet, path: "/wp/v2/categories/{mc}", note: "view: no edit-only field", same: []string{"meta"}})
	write("/wp/v2/categories/{mc}", `{"meta":{"t_list":["x"]}}`, "a term meta item of the wrong type", "message", "data")
	l.add(row{path: "/wp/v2/comments", as: "admin", body: `{"post":{mp},"content":"wpcompare meta comment","meta":{"c_flags":[true,false]},"c_field":"w"}`,
		save: "mcm", note: "comment meta with a default; a read-only field ignored", same: []string{"meta", "c_field"}})
	write("/wp/v2/comments/{mcm}", `{"meta":{"c_rating":"x"}}`, "comment meta of the wrong type", "message", "data")
	for _, p := range []string{"/wp/v2/posts", "/wp/v2/categories", "/wp/v2/users", "/wp/v2/comments"} {
		l.add(row{method: http.MethodOptions, path: p, kind: kindOptions, note: "the meta and field schemas"})
	}
	l.add(row{method: http.MethodDelete, path: "/wp/v2/comments/{mcm}?force=true", as: "admin", note: "clean up"})
	l.add(row{method: http.MethodDelete, path: "/wp/v2/posts/{mp2}?force=true", as: "admin", note: "clean up"})
	l.add(row{method: http.MethodDelete, path: "/wp/v2/users/{mu}?force=true&reassign=1", as: "admin", note: "clean up"})
	l.add(row{method: http.MethodDelete, path: "/wp/v2/categories/{mc}?force=true", as: "admin", note: "clean up"})
	l.add(row{method: http.MethodDelete, path: "/wp/v2/posts/{mp}?force=true", as: "admin", note: "clean up"})
	return l.rows
}
