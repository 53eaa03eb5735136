package compare

import (
	"net/http"
	"os"

	"github.com/wpmock/wpmock/mock/rest"
)

// The rows of what later WordPress releases changed in posts and revisions (the
// reference's §18): arguments and fields a release added, checked side by side in
// every version. A version without the argument ignores it on both sides (lists are
// then reduced to ids: posts made in the same second tie, and WordPress's order of
// ties is MySQL's); the values a release brings are expected only from that release
// on (since), and those it took away only before it (until). The rows make their own
// objects, named with the prefix, after the other write rows.

// comparedVersion is the version of the WordPress compared with ($WP_VERSION; 6.1
// when unset), which decides the expectations of since.
func comparedVersion() rest.Version {
	v, err := rest.ParseVersion(os.Getenv("WP_VERSION"))
	if err != nil {
		return rest.V61
	}
	return v
}

// since returns the expectations (path, value pairs) when the compared version is v
// or later, else none.
func since(v rest.Version, pairs ...string) []string {
	if (rest.Span{Since: v}).In(comparedVersion()) {
		return pairs
	}
	return nil
}

// until returns the expectations when the compared version is before v, else none.
func until(v rest.Version, pairs ...string) []string {
	if (rest.Span{Until: v}).In(comparedVersion()) {
		return pairs
	}
	return nil
}

// profileRows are the posts and revisions rows of the later releases.
func profileRows() []row {
	l := &rowList{method: http.MethodPost}
	add := l.add
	const posts = "/wp/v2/posts"
	get := l.getJoined

	// A post with a format, footnotes and its own excerpt; one whose excerpt is made
	// from its content; a private one; a protected one.
	add(row{path: posts, as: "admin", save: "pa", note: "format and footnotes",
		body: `{"title":"wpcompare-profile zebra","content":"<p>wpcompare-profile quokka</p>","excerpt":"wpcompare-profile",` +
			`"status":"publish","format":"aside","meta":{"footnotes":"[{\"id\":\"n1\",\"content\":\"A note.\"}]"}}`,
		expect: append(append([]string{"format", "aside"},
			since(rest.V63, "meta.footnotes", `[{"id":"n1","content":"A note."}]`)...),
			since(rest.V66, "class_list", `["post-{pa}","post","type-post","status-publish","format-aside","hentry",`+
				`"category-uncategorized","post_format-post-format-aside"]`)...)})
	add(row{path: posts, as: "admin", save: "pb", note: "an excerpt made from the content",
		body: `{"title":"wpcompare-profile words","content":"<p>one two three four five</p>","status":"publish"}`})
	add(row{path: posts, as: "admin", save: "pc", note: "private",
		body: `{"title":"wpcompare-profile private","status":"private"}`,
		expect: append(until(rest.V67, "title.rendered", "Private: wpcompare-profile private"),
			since(rest.V67, "title.rendered", "wpcompare-profile private")...)})
	add(row{path: posts, as: "admin", save: "pp", note: "protected",
		body:   `{"title":"wpcompare-profile protected","content":"<p>Secret words.</p>","password":"wpc-pw","status":"publish"}`,
		expect: since(rest.V66, "class_list[5]", "post-password-required")})

	// class_list (6.6) and meta (6.3) as read.
	get(posts+"/{pa}", "", "class_list and footnotes", since(rest.V63, "meta.footnotes", `[{"id":"n1","content":"A note."}]`),
		since(rest.V66, "class_list[4]", "format-aside"))
	get(posts+"/{release}?_fields=class_list", "", "sticky, tag, featured image", since(rest.V66, "class_list[5]", "has-post-thumbnail"))
	get(posts+"/{pp}?context=edit&_fields=class_list", "admin", "protected, even in edit context",
		since(rest.V66, "class_list[5]", "post-password-required"))
	add(row{path: posts + "/{pa}", as: "admin", body: `{"meta":{"footnotes":5}}`, note: "footnotes not a string"})
	add(row{path: posts + "/{pa}", as: "admin", body: `{"meta":{"footnotes":null}}`, note: "footnotes deleted",
		expect: since(rest.V63, "meta.footnotes", "")})

	// excerpt_length (6.6): declared on the item route, read from any route.
	get(posts+"/{pb}?excerpt_length=2&_fields=excerpt", "", "two words",
		since(rest.V66, "excerpt.rendered", "<p>one two [&hellip;]</p>\n"))
	get(posts+"/{pb}?excerpt_length=-1&_fields=excerpt", "", "negative",
		since(rest.V66, "excerpt.rendered", "<p>one two three four [&hellip;]</p>\n"))
	get(posts+"/{pb}?excerpt_length=0&_fields=excerpt", "", "zero",
		since(rest.V66, "excerpt.rendered", "<p> [&hellip;]</p>\n"))
	get(posts+"/{pb}?excerpt_length=abc", "", "not an integer")
	get(posts+"?include={pb}&excerpt_length=3&_fields=excerpt", "", "on the list, undeclared",
		since(rest.V66, "[0].excerpt.rendered", "<p>one two three [&hellip;]</p>\n"))
	get(posts+"/{pa}?excerpt_length=1&_fields=excerpt", "", "a stored excerpt is not cut",
		[]string{"excerpt.rendered", "<p>wpcompare-profile</p>\n"})

	// search_columns (6.2), search_semantics (6.7).
	get(posts+"?search=zebra&search_columns=post_content&_fields=id", "", "title word, content column", since(rest.V62, "#", "0"))
	get(posts+"?search=quokka&search_columns=post_content&_fields=id", "", "content word, content column",
		since(rest.V62, "#", "1", "[0].id", "{pa}"))
	get(posts+"?search=quokka&search_columns[]=post_title&search_columns[]=post_excerpt&_fields=id", "", "content word, other columns",
		since(rest.V62, "#", "0"))
	get(posts+"?search=zebra&search_columns=post_name&_fields=id", "", "unknown column")
	get(posts+"?search=wpcompare-profile&search_semantics=exact&_fields=id", "", "a whole excerpt",
		since(rest.V67, "#", "1", "[0].id", "{pa}"))
	get(posts+"?search=wpcompare-profile%20zebra&search_semantics=exact&_fields=id", "", "two terms, each a whole column",
		since(rest.V67, "#", "0"))
	get(posts+"?search=wpcompare-profile&search_semantics=exact&orderby=relevance&_fields=id", "", "with relevance: SQL WordPress refuses",
		since(rest.V67, "#", "0"))
	get(posts+"?search=wpcompare&search_semantics=fuzzy&_fields=id", "", "unknown semantics")

	// format (6.7).
	get(posts+"?format=aside&_fields=id", "", "aside", since(rest.V67, "#", "1", "[0].id", "{pa}"))
	// (a visitor's search leaves the protected post out)
	get(posts+"?format=standard&search=wpcompare-profile&_fields=id", "", "standard: no format",
		since(rest.V67, "#", "1", "[0].id", "{pb}"))
	get(posts+"?format[]=aside&format[]=standard&search=wpcompare-profile&_fields=id", "", "either", since(rest.V67, "#", "2"))
	get(posts+"?format[]=aside&format[]=aside&_fields=id", "", "duplicates")
	get(posts+"?format=nope&_fields=id", "", "unknown format")

	// ignore_sticky (6.8): the sticky release post first on the home page's first page.
	get(posts+"?ignore_sticky=false&_fields=id,sticky", "", "sticky first", since(rest.V68, "[0].id", "{release}"))
	get(posts+"?ignore_sticky=false&per_page=1&_fields=id", "", "one more than per_page",
		since(rest.V68, "#", "2", "[0].id", "{release}"))
	get(posts+"?ignore_sticky=false&per_page=1&page=2&_fields=id", "", "not on page 2", since(rest.V68, "#", "1", "[0].id", "{pb}"))
	get(posts+"?ignore_sticky=false&offset=1&per_page=1&_fields=id", "", "offset, page 1", since(rest.V68, "#", "2", "[0].id", "{release}"))
	get(posts+"?ignore_sticky=false&author={admin}&_fields=id", "", "fetched whatever the author", since(rest.V68, "[0].id", "{release}"))
	get(posts+"?ignore_sticky=false&tags_exclude={tag}&_fields=id", "", "fetched though its tag is excluded",
		since(rest.V68, "[0].id", "{release}"))
	notFirst := []string{"[0].sticky", "false"}
	get(posts+"?ignore_sticky=false&exclude={release}&_fields=id,sticky", "", "excluded", notFirst)
	get(posts+"?ignore_sticky=false&sticky=false&_fields=id,sticky", "", "sticky=false", notFirst)
	get(posts+"?ignore_sticky=false&search=wpcompare&_fields=id,sticky", "", "a search is not the home page", notFirst)
	get(posts+"?ignore_sticky=false&categories={category}&_fields=id,sticky", "", "a category archive", notFirst)
	get(posts+"?ignore_sticky=false&format=standard&_fields=id,sticky", "", "a format archive", notFirst)
	get(posts+"?ignore_sticky=false&include={pb},{release}&_fields=id", "", "include keeps its order",
		since(rest.V68, "[0].id", "{pb}"))
	get(posts+"?ignore_sticky=false&status=draft&_fields=id,sticky", "admin", "a draft list gets the published sticky post",
		since(rest.V68, "[0].sticky", "true"))
	get(posts+"?ignore_sticky=maybe&_fields=id", "", "not a boolean")

	// password (6.7: the permission check reads the query string only).
	add(row{method: http.MethodGet, path: posts + "/{pp}", body: `{"password":"nope"}`, note: "a wrong password in the body"})
	add(row{method: http.MethodGet, path: posts + "/{pp}?_fields=content", body: `{"password":"wpc-pw"}`, note: "the password in the body",
		expect: []string{"content.rendered", "<p>Secret words.</p>\n"}})
	get(posts+"/{pp}?password=nope", "", "a wrong password in the query")

	// Revisions: meta (6.4) copied from the post, a footnotes-only change makes one
	// (6.4), a revision under another parent (6.5). The refused footnotes above made
	// the first revision in 6.1, which ignores footnotes, and none from 6.4, where
	// update_item returns before wp_after_insert_post; its null made one there.
	revs := posts + "/{pa}/revisions"
	add(row{path: posts + "/{pa}", as: "admin", body: `{"meta":{"footnotes":"[]"}}`, note: "footnotes set"})
	add(row{path: posts + "/{pa}", as: "admin", body: `{"meta":{"footnotes":"[{\"id\":\"n2\",\"content\":\"B.\"}]"}}`,
		note: "footnotes changed"})
	add(row{method: http.MethodGet, path: revs, as: "admin", save: "rva", note: "one for each footnotes change",
		expect: append(append(until(rest.V64, "#", "1"), since(rest.V64, "#", "3")...),
			since(rest.V64, "[0].meta.footnotes", `[{"id":"n2","content":"B."}]`, "[1].meta.footnotes", "[]",
				"[2].meta.footnotes", "")...)})
	get(posts+"/{pb}/revisions/{rva}", "admin", "a revision of another post", until(rest.V65, "id", "{rva}"))
	get(revs+"/{rva}", "admin", "", since(rest.V64, "meta.footnotes", `[{"id":"n2","content":"B."}]`))

	// Sticky by an author (who may publish but not edit others' posts).
	add(row{path: posts, as: "author", save: "pau", note: "an author's post",
		body: `{"title":"wpcompare-profile by author","status":"publish"}`})
	add(row{path: posts + "/{pau}", as: "author", body: `{"sticky":false}`, note: "stickiness unchanged"})
	add(row{path: posts + "/{pau}", as: "author", body: `{"sticky":true}`, note: "made sticky"})

	// The featured image of a published post, attached to a draft (7.0 links it only for
	// those who may read it).
	add(row{path: posts, as: "admin", save: "pd", note: "a draft to attach an image to",
		body: `{"title":"wpcompare-profile draft parent","status":"draft"}`})
	png, err := sampleImage()
	if err != nil {
		panic(err)
	}
	add(row{path: "/wp/v2/media?post={pd}", as: "admin", header: uploadPNG("wpcompare-profile.png"), raw: png, save: "pm",
		note: "attached to the draft"})
	add(row{path: posts, as: "admin", save: "pf", note: "featuring it",
		body: `{"title":"wpcompare-profile featuring","status":"publish","featured_media":{pm}}`})
	get(posts+"/{pf}", "", "featured image of a draft, anonymous",
		until(rest.V70, "_links.wp:featuredmedia[0].embeddable", "true"),
		since(rest.V70, "_links.wp:featuredmedia", "(absent)"))
	get(posts+"/{pf}", "admin", "featured image of a draft, admin", []string{"_links.wp:featuredmedia[0].embeddable", "true"})

	for _, p := range []string{"pa", "pb", "pc", "pp", "pau", "pf", "pd"} {
		add(row{method: http.MethodDelete, path: posts + "/{" + p + "}?force=true", as: "admin", note: "the profile rows' post"})
	}
	add(row{method: http.MethodDelete, path: "/wp/v2/media/{pm}?force=true", as: "admin", note: "the profile rows' image"})
	return l.rows
}
