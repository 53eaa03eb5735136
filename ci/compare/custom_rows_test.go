package compare

import (
	"net/http"
	"os"
	"testing"

	"github.com/wpmock/wpmock/fixtures"
)

// The customized site's rows. A CI site whose line in ci/wordpress/versions switches
// the project's must-use plugin on registers a declarations file
// (ci/wordpress/site/customized.json: the post types book and guide, the taxonomies
// genre and topic, post and term meta, a read-only and a writable plugin field), and
// up.sh names it in the env file ($WPMOCK_DECLARATIONS); the mock compared with it
// serves the same declarations (the dataset's register part). Without it these rows
// are left out.

// declarations is the declarations file the compared WordPress registers, "" for none.
func declarations() string { return os.Getenv("WPMOCK_DECLARATIONS") }

// withDeclarations is the mock's dataset for the comparison: the example site, with
// the declarations the compared WordPress registers.
func withDeclarations(t *testing.T) *fixtures.Dataset {
	t.Helper()
	ds := fixtures.Example()
	if f := declarations(); f != "" {
		decl, err := fixtures.LoadFile(f)
		if err != nil {
			t.Fatalf("WPMOCK_DECLARATIONS: %v", err)
		}
		ds.Register = decl.Register
	}
	return ds
}

// customRows read the declared types and taxonomies and write their items, terms,
// meta and fields, as the administrator, an editor and anonymously.
func customRows() []row {
	if declarations() == "" {
		return nil
	}
	l := &rowList{method: http.MethodPost}
	get := l.get
	get("/wp/v2/types/book?context=edit", "admin", "a site's own type: labels, supports, caps, taxonomies",
		"rest_base", "books", "taxonomies", `["post_tag","genre","topic"]`)
	l.add(row{method: http.MethodGet, path: "/wp/v2/types/book?context=edit", as: "admin", note: "its declaration, value for value",
		same: []string{"labels", "supports", "capabilities", "taxonomies", "visibility", "has_archive", "icon", "viewable"}})
	l.add(row{method: http.MethodGet, path: "/wp/v2/types/guide?context=edit", as: "admin", note: "a hierarchical one without rest_base",
		same: []string{"labels", "supports", "capabilities", "hierarchical", "rest_base"}})
	l.add(row{method: http.MethodGet, path: "/wp/v2/taxonomies/genre?context=edit", as: "admin", note: "a site's own hierarchical taxonomy",
		same: []string{"labels", "capabilities", "types", "visibility", "rest_base", "hierarchical"}})
	l.add(row{method: http.MethodGet, path: "/wp/v2/taxonomies/topic?context=edit", as: "admin", note: "a flat one, without rest_base",
		same: []string{"labels", "capabilities", "types", "visibility", "rest_base", "show_cloud"}})
	get("/wp/v2/types", "", "core's types and the site's own")
	get("/wp/v2/taxonomies?type=book", "", "the taxonomies of a site's own type")
	get("/wp/v2/taxonomies?type=post", "", "genre is registered for posts too")
	l.add(row{method: http.MethodOptions, path: "/wp/v2/books", kind: kindOptions, note: "a site's own type's routes"})
	l.add(row{method: http.MethodOptions, path: "/wp/v2/genres", kind: kindOptions, note: "a site's own taxonomy's routes"})
	l.add(row{method: http.MethodOptions, path: "/wp/v2/guide", kind: kindOptions, note: "a hierarchical type without author"})

	// terms, with registered term meta
	l.add(row{path: "/wp/v2/genres", as: "admin", body: `{"name":"wpcompare-genre","description":"Dragons","meta":{"color":"green"}}`,
		save: "g1", note: "a term with registered meta", expect: []string{"meta.color", "green", "taxonomy", "genre"}, same: []string{"link", "meta"}})
	l.add(row{path: "/wp/v2/genres", as: "admin", body: `{"name":"wpcompare-genre child","parent":{g1}}`,
		save: "g2", note: "a child term: its link below its parent's", expect: []string{"parent", "{g1}", "meta.color", ""}, same: []string{"link"}})
	l.add(row{path: "/wp/v2/topic", as: "admin", body: `{"name":"wpcompare-topic"}`, save: "t1", note: "a flat taxonomy's term",
		same: []string{"link", "meta"}})
	l.add(row{path: "/wp/v2/genres/{g1}", as: "admin", body: `{"meta":{"color":["red"]}}`, note: "term meta of the wrong type"})

	// items, with terms, meta and plugin fields
	l.add(row{path: "/wp/v2/books", as: "editor", note: "an editor creates a book with terms, meta and a writable field",
		body: `{"title":"wpcompare-book","content":"In a hole in the ground","excerpt":"A hobbit","status":"publish","genres":[{g2}],"topic":[{t1}],"meta":{"isbn":"978-0"},"wpmock_note":"a \"q\" \\ b","reading_time":9}`,
		save: "b1", expect: []string{"genres", "[{g2}]", "topic", "[{t1}]", "meta.isbn", "978-0", "reading_time", "0", "type", "book"},
		same: []string{"link", "permalink_template", "meta", "wpmock_note", "reading_time", "comment_status", "ping_status", "guid"}})
	l.add(row{method: http.MethodGet, path: "/wp/v2/books/{b1}?context=edit&_embed", as: "admin", note: "edit context, embedded",
		same: []string{"link", "wpmock_note", "reading_time", "meta"}, expect: []string{"_embedded.wp:term[1][0].id", "{g2}", "_embedded.wp:term[2][0].id", "{t1}"}})
	l.add(row{method: http.MethodGet, path: "/wp/v2/books/{b1}?_embed", note: "view context: no edit-only field",
		same: []string{"link", "reading_time"}, expect: []string{"_embedded.wp:term[1][0].id", "{g2}"}})
	get("/wp/v2/books?genres={g2}", "", "filtered by a site's own taxonomy", "#", "1", "[0].id", "{b1}")
	get("/wp/v2/books?genres_exclude={g2}&status=publish", "admin", "excluding its term")
	get("/wp/v2/books?topic={t1}&genres={g1}&tax_relation=OR", "", "two taxonomies, OR", "#", "1")
	get("/wp/v2/genres/{g2}", "", "the term's count", "count", "1")
	get("/wp/v2/search?subtype=book&search=wpcompare-book", "", "a site's own type among the search's subtypes", "#", "1")
	l.add(row{path: "/wp/v2/books/{b1}", as: "admin", body: `{"wpmock_note":"changed","reading_time":5}`,
		note: "update a writable field; a read-only one is ignored", expect: []string{"wpmock_note", "changed", "reading_time", "0"}})
	l.add(row{path: "/wp/v2/books/{b1}", as: "admin", body: `{"meta":{"isbn":[1]}}`, note: "meta of the wrong type"})
	l.add(row{path: "/wp/v2/books", as: "contributor", body: `{"title":"wpcompare-book by a contributor","status":"publish"}`,
		note: "a contributor may not publish a post-capability type"})
	l.add(row{path: "/wp/v2/guide", as: "admin", body: `{"title":"wpcompare-guide","status":"publish"}`, save: "gd1",
		note: "a hierarchical type without author support", same: []string{"link", "permalink_template"}})
	l.add(row{path: "/wp/v2/guide", as: "admin", body: `{"title":"wpcompare-guide child","status":"publish","parent":{gd1},"menu_order":2}`,
		save: "gd2", note: "its child: the link below the parent's", expect: []string{"parent", "{gd1}", "menu_order", "2"},
		same: []string{"link", "permalink_template"}})
	l.add(row{path: "/wp/v2/posts", as: "admin", body: `{"title":"wpcompare-post in a genre","genres":[{g1}],"meta":{"wpmock_rating":4}}`,
		save: "pg", note: "a core post with the site's taxonomy, meta and field", expect: []string{"genres", "[{g1}]", "meta.wpmock_rating", "4", "reading_time", "0"}})
	l.add(row{method: http.MethodDelete, path: "/wp/v2/books/{b1}", as: "admin", note: "trash a book", expect: []string{"status", "trash"}})
	l.add(row{method: http.MethodDelete, path: "/wp/v2/books/{b1}?force=true", as: "admin", note: "delete it", expect: []string{"deleted", "true"}})
	l.add(row{method: http.MethodDelete, path: "/wp/v2/genres/{g1}?force=true", as: "admin", note: "delete a parent term: its child moves up",
		expect: []string{"deleted", "true", "previous.meta.color", "green"}})
	get("/wp/v2/genres/{g2}", "", "the child after its parent's deletion", "parent", "0")
	return l.rows
}

// customSweep lists what a customized site's rows make, for sweeping what an
// interrupted run left.
func customSweep() []namedList {
	if declarations() == "" {
		return nil
	}
	return []namedList{
		{"/wp/v2/books?status=publish,future,draft,pending,private,trash&search=wpcompare&per_page=100&context=edit", "title.raw"},
		{"/wp/v2/guide?status=publish,future,draft,pending,private,trash&search=wpcompare&per_page=100&context=edit", "title.raw"},
		{"/wp/v2/genres?search=wpcompare&per_page=100&context=edit", "name"},
		{"/wp/v2/topic?search=wpcompare&per_page=100&context=edit", "name"},
	}
}
