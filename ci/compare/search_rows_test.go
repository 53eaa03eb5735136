package compare

import "net/http"

// The search rows: /wp/v2/search with each handler (posts, terms, post formats), its
// subtypes, contexts, _fields, _embed, paging and bad arguments. What a search finds is
// the site's content, which differs between the two sides, so the rows first make
// objects of their own whose names share a word nothing else has (searchWord), and
// search for it: both sides then find the same objects, in the same order, which expect
// checks by id.

// searchWord is in the title or name of every object the search rows make.
const searchWord = prefix + "srch"

// searchRows are the rows that make the objects, then the searches.
func searchRows() []row {
	l := &rowList{method: http.MethodGet}
	add := l.add
	const search = "/wp/v2/search"
	q := search + "?search=" + searchWord

	// Two published posts (dates apart, so that the order does not rest on ties), the
	// newer with a format, and a private one no search finds; a tag and a category.
	add(row{method: http.MethodPost, path: "/wp/v2/posts", as: "admin", save: "sp1", note: "a post for the search rows",
		body: `{"title":"` + searchWord + ` older","status":"publish","date":"2021-03-01T10:00:00"}`})
	add(row{method: http.MethodPost, path: "/wp/v2/posts", as: "admin", save: "sp2", note: "an aside for the search rows",
		body: `{"title":"` + searchWord + ` newer","status":"publish","format":"aside","date":"2022-03-01T10:00:00"}`})
	add(row{method: http.MethodPost, path: "/wp/v2/posts", as: "admin", save: "sp3", note: "a private post for the search rows",
		body: `{"title":"` + searchWord + ` private","status":"private"}`})
	add(row{method: http.MethodPost, path: "/wp/v2/tags", as: "admin", save: "stag", note: "a tag for the search rows",
		body: `{"name":"` + searchWord + ` tag"}`})
	add(row{method: http.MethodPost, path: "/wp/v2/categories", as: "admin", save: "scat", note: "a category for the search rows",
		body: `{"name":"` + searchWord + ` cat"}`})

	// Posts: published only (the private post neither for visitors nor for admin),
	// the phrase in both titles, so by date.
	both := []string{"#", "2", "[0].id", "{sp2}", "[1].id", "{sp1}", "[0].type", "post", "[0].subtype", "post"}
	totals := []string{"X-WP-Total", "X-WP-TotalPages"}
	add(row{path: q, expect: both, headers: totals})
	add(row{path: q, as: "admin", expect: both, headers: totals, note: "private posts are not found"})
	add(row{path: q + "&type=post&subtype=post", expect: both, headers: totals})
	add(row{path: q + "&subtype=post,any", expect: both, note: "any wins"})
	add(row{path: q + "&context=embed", expect: both})
	add(row{path: q + "&context=view&_fields=id,title", expect: []string{"#", "2", "[0].id", "{sp2}", "[0].title", searchWord + " newer"}})
	add(row{path: q + "&_embed", expect: []string{"#", "2", "[0]._embedded.self[0].id", "{sp2}"}})
	add(row{path: q + "&per_page=1&page=2", expect: []string{"#", "1", "[0].id", "{sp1}"}, headers: totals, note: "last page"})
	add(row{path: q + "&per_page=1", expect: []string{"#", "1", "[0].id", "{sp2}"}, headers: totals, note: "first page"})
	add(row{path: q + "&page=3", expect: []string{"#", "0"}, headers: totals, note: "past the last page"})
	add(row{path: q + "&exclude={sp2}", expect: []string{"#", "1", "[0].id", "{sp1}"}, headers: totals})
	add(row{path: search + "?include={sp1},{sp3}", expect: []string{"#", "1", "[0].id", "{sp1}"}, headers: totals})

	// Terms: the type is the taxonomy, no subtype; by name.
	add(row{path: q + "&type=term", expect: []string{"#", "2", "[0].id", "{scat}", "[0].type", "category", "[1].id", "{stag}",
		"[1].type", "post_tag", "[0].subtype", "(absent)"}, headers: totals})
	add(row{path: q + "&type=term&subtype=post_tag", expect: []string{"#", "1", "[0].id", "{stag}"}, headers: totals})
	add(row{path: q + "&type=term&context=embed&_embed", expect: []string{"#", "2", "[1]._embedded.self[0].id", "{stag}"}})
	add(row{path: q + "&type=term&page=2", note: "past the last page"})

	// Post formats: the aside the rows made has its term on both sides.
	add(row{path: search + "?type=post-format&search=aside", expect: []string{"#", "1", "[0].id", "aside", "[0].title", "Aside",
		"[0].type", "post-format"}, headers: totals})

	// Bad arguments.
	for _, bad := range []string{"type=foo", "subtype=foo", "type=foo&subtype=post", "context=edit", "per_page=0",
		"include=abc", "page=0"} {
		add(row{path: search + "?" + bad, note: "invalid param"})
	}
	add(row{method: http.MethodOptions, path: search, kind: kindOptions})
	add(row{method: http.MethodPost, path: search, note: "wrong method"})
	return l.rows
}
