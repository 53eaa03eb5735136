package compare

import (
	"net/http"
	"slices"
)

// kind says how a row's successful body is compared.
type kind int

const (
	kindShape   kind = iota // keys and JSON types, recursively (errors: code, data keys, params)
	kindIndex               // /wp-json/ and /wp-json/wp/v2: top-level keys, namespaces has wp/v2
	kindOptions             // OPTIONS: namespace, methods, endpoints' methods and args, schema properties
	kindJSONP               // _jsonp: the /**/cb(...) wrapper, then the shape of what it wraps
)

// row is one request sent to both sides.
type row struct {
	method string
	// path is a template under the REST root (under the site root when site is set);
	// {post}, {tag}, ... are the placeholders resolve fills per side.
	path string
	site bool
	// as is the login the request authenticates as; "" is anonymous.
	as     string
	header []string // request headers, name then value
	kind   kind
	jsonp  string // the callback of a kindJSONP row
	// free are paths (key-name suffixes, see shapeDiff) of objects whose keys are data.
	free []string
	// headers are response headers compared exactly besides Allow and Content-Type.
	headers []string
	// mockOnly, when set, says why the row has no WordPress counterpart; it is skipped.
	mockOnly string
	note     string

	// The write rows' fields (write_rows_test.go); read rows leave them empty.
	// body is a JSON template, its {placeholders} filled per side, sent as
	// application/json (unless header names another Content-Type).
	body string
	// raw is a body sent as it is, with the row's headers (uploads).
	raw []byte
	// save names the placeholder that takes, per side, the answer's "id" (a list's:
	// its first item's), or its "uuid" for application passwords.
	save string
	// savePassword is a login that takes the answer's application "password", so that
	// later rows can act as it.
	savePassword string
	// same are value paths (dotted keys) whose values must be equal on both sides, keys
	// in the same order, each side's site URL aside; ignore are globs over the dotted
	// paths inside them that are left out (values that are data, such as the size of a
	// file an encoder wrote).
	same   []string
	ignore []string
	// expect are pairs of a value path ("author", "previous.status", "[0].id"; "#" is
	// the length of a list) and a template: on each side, the value must be the
	// template expanded there. Ids differ between the sites; this is how rows check
	// that they point at the same object.
	expect []string
}

// rowList collects a table's rows in order; add gives a row without a method the
// list's default one.
type rowList struct {
	rows   []row
	method string
}

func (l *rowList) add(r row) {
	if r.method == "" {
		r.method = l.method
	}
	l.rows = append(l.rows, r)
}

// get adds a GET row as the login with its expectations (value path, template pairs).
func (l *rowList) get(path, as, note string, expect ...string) {
	l.add(row{method: http.MethodGet, path: path, as: as, note: note, expect: expect})
}

// getJoined is get with the expectations in several lists (some given per version).
func (l *rowList) getJoined(path, as, note string, expect ...[]string) {
	l.get(path, as, note, slices.Concat(expect...)...)
}

// name is the subtest name: method, path template, who, and the note.
func (rw *row) name() string {
	n := rw.method + " " + rw.path
	if rw.site {
		n += " (site root)"
	}
	if rw.as != "" {
		n += " as " + rw.as
	}
	if rw.note != "" {
		n += " (" + rw.note + ")"
	}
	return n
}

// allowance is one known, accepted difference: rows is a glob (* is any run of
// characters) over row names, paths are globs over the differences' paths.
type allowance struct {
	rows   string
	paths  []string
	reason string
}

// allowed are the differences the comparison accepts. Keep this short: every entry
// hides something a client could see.
var allowed = []allowance{
	{"GET /*", []string{"namespaces[*]"},
		"WordPress also registers oembed/1.0, wp-site-health/v1 and wp-block-editor/v1; the mock serves wp/v2 only (wp/v2 itself must be on both)"},
	{"GET /wp/v2/posts/{post}?_embed*", []string{"_embedded.replies*"},
		"WordPress's post 1 has the install's sample comment, which the mock's example dataset lacks (comment_rows_test.go compares the replies of posts the rows make)"},
}

// allowedFor returns the reason a difference is accepted, "" if it is not.
func allowedFor(rowName string, d difference) string {
	for _, a := range allowed {
		if !glob(a.rows, rowName) {
			continue
		}
		for _, p := range a.paths {
			if glob(p, d.path) {
				return a.reason
			}
		}
	}
	return ""
}

// resource describes the read routes of one resource for the generated rows.
type resource struct {
	base string // collection route
	item string // item path segment: a placeholder or a slug
	// filter narrows the collection to the compared item, so that the first elements
	// of both lists are the same object ("" for collections keyed by slug).
	filter string
	// as reads everything as this login (revisions have no anonymous reads).
	as   string
	free []string
	// unknown is an item path segment that names nothing.
	unknown string
}

// Free paths, one per kind of object whose keys are data.
var (
	freeUser  = []string{"capabilities", "extra_capabilities"} // capability => true maps, per role
	freeMedia = []string{"media_details.sizes"}                // one entry per generated image size
)

var resources = []resource{
	{base: "/wp/v2/posts", item: "{post}", filter: "include={post}", unknown: "999999"},
	{base: "/wp/v2/media", item: "{media}", filter: "include={media}", free: freeMedia, unknown: "999999"},
	{base: "/wp/v2/users", item: "{admin}", filter: "include={admin}", free: freeUser, unknown: "999999"},
	{base: "/wp/v2/tags", item: "{tag}", filter: "include={tag}", unknown: "999999"},
	{base: "/wp/v2/categories", item: "{category}", filter: "include={category}", unknown: "999999"},
	{base: "/wp/v2/posts/{post}/revisions", item: "{revision}", as: "admin", unknown: "999999"},
	{base: "/wp/v2/types", item: "post", unknown: "nope"},
	{base: "/wp/v2/taxonomies", item: "category", unknown: "nope"},
	{base: "/wp/v2/statuses", item: "publish", unknown: "nope"},
}

// rows is the request table.
func rows() []row {
	l := &rowList{method: http.MethodGet}
	add := l.add

	// Indexes.
	add(row{path: "/", kind: kindIndex})
	add(row{path: "/wp/v2", kind: kindIndex})

	// Every read route in view (anonymous), embed and edit (admin), list and item;
	// OPTIONS on both routes; the resource's own error cases.
	for _, res := range resources {
		viewer, editor := res.as, "admin"
		item := res.base + "/" + res.item
		// The default context, on the same object both sides have (a site's lists hold
		// whatever else was made there, so their first elements need not match).
		if res.filter != "" {
			add(row{path: res.base + "?" + res.filter, as: viewer, free: res.free})
			add(row{path: res.base + "?_fields=id", as: viewer, note: "headers of the whole list"})
		} else {
			add(row{path: res.base, as: viewer, free: res.free})
		}
		for _, c := range []struct{ ctx, as string }{{"view", viewer}, {"embed", editor}, {"edit", editor}} {
			list := res.base + "?context=" + c.ctx
			if res.filter != "" {
				list = res.base + "?" + res.filter + "&context=" + c.ctx
			}
			add(row{path: list, as: c.as, free: res.free})
			add(row{path: item + "?context=" + c.ctx, as: c.as, free: res.free})
		}
		add(row{method: http.MethodOptions, path: res.base, kind: kindOptions})
		add(row{method: http.MethodOptions, path: item, kind: kindOptions})
		add(row{path: res.base + "/" + res.unknown, as: res.as, note: "unknown id"})
		if res.as == "" {
			add(row{path: res.base + "?context=edit", note: "edit context anonymous"})
			add(row{path: item + "?context=edit", note: "edit context anonymous"})
		}
		add(row{path: res.base + "?context=foo", as: res.as, note: "invalid context"})
	}
	add(row{path: "/wp/v2/posts/{release}", note: "sticky, tags, featured image"})
	add(row{path: "/wp/v2/posts/{release}?context=edit", as: "admin", note: "sticky, tags, featured image"})
	add(row{path: "/wp/v2/types/attachment"})
	add(row{path: "/wp/v2/taxonomies?type=post"})
	add(row{path: "/wp/v2/statuses", as: "admin", note: "all statuses"})
	add(row{method: http.MethodOptions, path: "/wp/v2/users/me", kind: kindOptions})
	add(row{method: http.MethodOptions, path: "/wp/v2/posts", as: "admin", kind: kindOptions, note: "Allow as admin"})
	add(row{method: http.MethodOptions, path: "/wp/v2/nope", kind: kindOptions, note: "unknown route"})

	// Errors of the engine and of the paged collections.
	add(row{path: "/wp/v2/nope", note: "unknown route"})
	add(row{path: "/wp/v2/posts/abc", note: "id not numeric"})
	add(row{path: "/wp/v2/posts/0", note: "id 0"})
	for _, base := range []string{"/wp/v2/posts", "/wp/v2/media", "/wp/v2/users", "/wp/v2/tags", "/wp/v2/categories"} {
		add(row{method: http.MethodPut, path: base, note: "wrong method"})
		add(row{path: base + "?per_page=101", note: "invalid param"})
		add(row{path: base + "?page=999", note: "past the last page"})
	}
	for _, q := range []string{"per_page=abc", "order=ASC", "orderby=relevance", "orderby=include",
		"after=notadate", "include=a,b", "status=draft", "page=0", "categories=x"} {
		add(row{path: "/wp/v2/posts?" + q, note: "invalid param"})
	}
	add(row{path: "/wp/v2/posts/999999/revisions", as: "admin", note: "unknown parent"})
	add(row{path: "/wp/v2/posts/{post}/revisions", note: "anonymous"})
	add(row{path: "/wp/v2/posts/{draft}", note: "draft anonymous"})
	add(row{path: "/wp/v2/users/me", note: "anonymous"})

	// Pagination headers (bodies reduced to ids: which items fall on a page is data).
	add(row{path: "/wp/v2/posts?per_page=1&_fields=id", note: "first page"})
	add(row{path: "/wp/v2/posts?per_page=1&page=2&_fields=id", note: "middle page"})
	add(row{path: "/wp/v2/users?per_page=1&page=2&_fields=id", note: "middle page"})
	add(row{path: "/wp/v2/tags?per_page=1&page=2&_fields=id", note: "last page"})

	// Global parameters and transport.
	add(row{path: "/wp/v2/posts?include={post}&_fields=id,title.rendered"})
	add(row{path: "/wp/v2/posts/{post}?_fields=id,title.rendered"})
	add(row{path: "/wp/v2/posts/{post}?_embed"})
	add(row{path: "/wp/v2/posts/{release}?_embed=author,wp:featuredmedia"})
	add(row{path: "/wp/v2/posts?include={post}&_envelope"})
	add(row{path: "/wp/v2/posts/999999?_envelope", note: "error in an envelope"})
	add(row{path: "/wp/v2/posts?include={post}&_jsonp=cb", kind: kindJSONP, jsonp: "cb"})
	add(row{path: "/wp/v2/posts?_jsonp=bad-name!", note: "invalid callback"})
	add(row{method: http.MethodHead, path: "/wp/v2/posts"})
	add(row{method: http.MethodHead, path: "/wp/v2/posts/{post}"})
	add(row{method: http.MethodHead, path: "/wp/v2/nope"})
	add(row{path: "/?rest_route=/", site: true, kind: kindIndex})
	add(row{path: "/?rest_route=/wp/v2/posts&include={post}", site: true})
	add(row{path: "/?rest_route=/wp/v2/posts/{post}", site: true})
	add(row{path: "/index.php?rest_route=/wp/v2/posts&include={post}", site: true})
	add(row{path: "/?rest_route=/wp/v2/nope", site: true})
	add(row{path: "/wp/v2/posts/{post}/", note: "trailing slash"})
	add(row{path: "/WP/V2/POSTS/{post}", note: "route case"})
	cors := []string{"Access-Control-Allow-Origin", "Access-Control-Allow-Methods", "Access-Control-Allow-Credentials"}
	add(row{path: "/wp/v2/posts?include={post}", header: []string{"Origin", "http://example.com"}, headers: cors, note: "CORS"})
	add(row{path: "/wp/v2/posts/999999", header: []string{"Origin", "http://example.com"}, headers: cors, note: "CORS on an error"})
	add(row{method: http.MethodOptions, path: "/wp/v2/posts", kind: kindOptions, headers: cors, note: "CORS preflight",
		header: []string{"Origin", "http://example.com", "Access-Control-Request-Method", "POST"}})

	// What each role may read.
	for _, l := range logins {
		add(row{path: "/wp/v2/posts/{draft}", as: l, note: "a draft by author"})
		add(row{path: "/wp/v2/posts?context=edit&include={post}", as: l})
		add(row{path: "/wp/v2/users?include={admin}", as: l, free: freeUser})
		add(row{path: "/wp/v2/users?context=edit&include={admin}", as: l, free: freeUser})
		add(row{path: "/wp/v2/users/me", as: l, free: freeUser})
	}

	// Post meta: WordPress core has no /posts/<id>/meta route (the spec's meta
	// endpoints come from a 2016 plugin), so there is nothing to compare with.
	const noMeta = "WordPress core has no /posts/<id>/meta route"
	add(row{path: "/wp/v2/posts/{release}/meta", as: "admin", mockOnly: noMeta})
	add(row{method: http.MethodOptions, path: "/wp/v2/posts/{release}/meta", kind: kindOptions, mockOnly: noMeta})
	return l.rows
}
