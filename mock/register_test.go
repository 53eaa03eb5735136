package mock

import (
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/wpmock/wpmock/fixtures"
	"github.com/wpmock/wpmock/mock/prose"
	"github.com/wpmock/wpmock/mock/store"
)

// customizedSite is the example site with the CI site's declarations
// (ci/wordpress/site/customized.json: the post types book and guide, the taxonomies
// genre and topic, meta and plugin fields) and items of its own: two genres, a topic,
// two books and two guides.
func customizedSite(t testing.TB) *testSite {
	t.Helper()
	b, err := os.ReadFile("../ci/wordpress/site/customized.json")
	if err != nil {
		t.Fatal(err)
	}
	decl, err := fixtures.Decode(b, "customized.json")
	if err != nil {
		t.Fatal(err)
	}
	ds := fixtures.Example()
	ds.Register = decl.Register
	next := 0
	for _, x := range ds.Terms {
		next = max(next, x.ID+1)
	}
	fiction, mystery, tips := next, next+1, next+2
	ds.Terms = append(ds.Terms,
		fixtures.Term{ID: fiction, Taxonomy: "genre", Name: "Fiction", Slug: "fiction",
			Meta: fixtures.Args{{Key: "color", Value: "blue"}}},
		fixtures.Term{ID: mystery, Taxonomy: "genre", Name: "Mystery", Slug: "mystery", Parent: fiction},
		fixtures.Term{ID: tips, Taxonomy: "topic", Name: "Tips", Slug: "tips"})
	id := 0
	for _, p := range ds.Posts {
		id = max(id, p.ID+1)
	}
	at := ds.Posts[0].Date
	ds.Posts = append(ds.Posts,
		fixtures.Post{ID: id, Type: "book", Status: "publish", Author: 1, Date: at, Slug: "the-hound", Title: "The Hound",
			Content: prose.Plain("<p>A dog on the moor.</p>"), Terms: map[string][]int{"genre": {mystery}, "topic": {tips}},
			Fields: fixtures.Args{{Key: "reading_time", Value: 7}, {Key: "wpmock_note", Value: "keep"}}},
		fixtures.Post{ID: id + 1, Type: "book", Status: "draft", Author: 1, Date: at, Slug: "", Title: "Draft book"},
		fixtures.Post{ID: id + 2, Type: "guide", Status: "publish", Author: 1, Date: at, Slug: "start", Title: "Start"},
		fixtures.Post{ID: id + 3, Type: "guide", Status: "publish", Author: 1, Date: at, Slug: "install", Title: "Install", Parent: id + 2, MenuOrder: 2})
	return newTestSiteWith(t, ds)
}

// TestSiteDeclarations: a dataset's own post types, taxonomies, meta and plugin
// fields are served as core's are, as WordPress answers them (checked against the CI
// site's captures): routes under each rest_base, links under each rewrite slug, the
// meta keys and fields in their contexts, the taxonomy filters, writes of each.
func TestSiteDeclarations(t *testing.T) {
	s := customizedSite(t)
	ok := func(r reply, status int) map[string]any {
		t.Helper()
		if r.status != status {
			t.Fatalf("status %d, want %d: %.300s", r.status, status, r.body)
		}
		if m, isObj := r.json.(map[string]any); isObj {
			return m
		}
		return nil
	}
	list := func(path, login string) []any {
		t.Helper()
		r := s.get(t, path, login)
		l, _ := r.json.([]any)
		if r.status != 200 {
			t.Fatalf("%s: %d %.300s", path, r.status, r.body)
		}
		return l
	}
	books := list("/wp/v2/books", "")
	if len(books) != 1 {
		t.Fatalf("anonymous /books: %d items, want the one published", len(books))
	}
	hound := books[0].(map[string]any)
	if !strings.HasSuffix(hound["link"].(string), "/books/the-hound/") || hound["type"] != "book" {
		t.Errorf("a book's link and type: %v %v", hound["link"], hound["type"])
	}
	if hound["reading_time"] != 7.0 || hound["wpmock_note"] != nil {
		t.Errorf("plugin fields in view context: reading_time %v, wpmock_note %v (edit only)", hound["reading_time"], hound["wpmock_note"])
	}
	if m, _ := hound["meta"].(map[string]any); m == nil || m["isbn"] != "" {
		t.Errorf("registered meta: %v", hound["meta"])
	}
	edit := ok(s.get(t, "/wp/v2/books/"+idOf(hound)+"?context=edit", "admin"), 200)
	if edit["wpmock_note"] != "keep" || edit["permalink_template"] == nil ||
		!strings.HasSuffix(edit["permalink_template"].(string), "/books/%pagename%/") {
		t.Errorf("edit context: wpmock_note %v, permalink_template %v", edit["wpmock_note"], edit["permalink_template"])
	}
	genres := list("/wp/v2/genres?slug=mystery", "")
	mid := idOf(genres[0].(map[string]any))
	if got := list("/wp/v2/books?genres="+mid, ""); len(got) != 1 {
		t.Errorf("/books?genres=%s: %d items", mid, len(got))
	}
	fiction := list("/wp/v2/genres?slug=fiction", "")[0].(map[string]any)
	if m, _ := fiction["meta"].(map[string]any); m == nil || m["color"] != "blue" {
		t.Errorf("term meta: %v", fiction["meta"])
	}
	// an editor creates a book with its terms, meta and writable field
	created := ok(s.send(t, "POST", "/wp/v2/books", "editor", map[string]any{"title": "New book", "status": "publish",
		"genres": []any{mid}, "meta": map[string]any{"isbn": "978-1"}, "wpmock_note": "noted", "reading_time": 99}), 201)
	if created["wpmock_note"] != "noted" || created["reading_time"] != 0.0 || created["meta"].(map[string]any)["isbn"] != "978-1" ||
		created["comment_status"] != "open" || created["ping_status"] != "closed" {
		t.Errorf("created: note %v, reading_time %v (read-only: its default), meta %v, comments %v/%v",
			created["wpmock_note"], created["reading_time"], created["meta"], created["comment_status"], created["ping_status"])
	}
	s.send(t, "POST", "/wp/v2/books", "editor", map[string]any{"title": "x", "meta": map[string]any{"isbn": []any{1}}}).
		wantError(t, 400, "rest_invalid_type")
	// a hierarchical type: children below their parent's slug
	guides := list("/wp/v2/guide?orderby=id&order=asc", "")
	if len(guides) != 2 || !strings.HasSuffix(guides[1].(map[string]any)["link"].(string), "/guides/start/install/") {
		t.Errorf("/guide: %d items, the child's link %v", len(guides), guides)
	}
	if _, has := guides[0].(map[string]any)["author"]; has {
		t.Error("a guide (no author support) has an author field")
	}
	typ := ok(s.get(t, "/wp/v2/types/book?context=edit", "admin"), 200)
	if valueDiff([]any{"post_tag", "genre", "topic"}, typ["taxonomies"]) != "" || typ["rest_base"] != "books" {
		t.Errorf("/types/book: taxonomies %v, rest_base %v", typ["taxonomies"], typ["rest_base"])
	}
	post := ok(s.get(t, "/wp/v2/posts/1?context=edit", "admin"), 200)
	if _, has := post["genres"]; !has || post["reading_time"] != 0.0 {
		t.Errorf("a post gets the genres field (genre is registered for post) and reading_time's default: %v %v", post["genres"], post["reading_time"])
	}
	// the dataset keeps what was written
	out := s.Mock.Dataset()
	found := false
	for _, p := range out.Posts {
		if p.Title == "New book" {
			found = p.Terms["genre"] != nil && p.Fields != nil
		}
	}
	if !found || out.Register == nil {
		t.Errorf("the export lost the new book's terms or fields, or the declarations")
	}
}

// TestNamedSiteDeclarations: a named site (a test worker's) serves the declarations
// of the site it was made from.
func TestNamedSiteDeclarations(t *testing.T) {
	s := customizedSite(t)
	r := s.named("w1").get(t, "/wp/v2/books", "")
	if list, _ := r.json.([]any); r.status != 200 || len(list) != 1 {
		t.Fatalf("/sites/w1/.../books: %d %.200s", r.status, r.body)
	}
}

func idOf(m map[string]any) string { return strconv.Itoa(int(m["id"].(float64))) }

// BenchmarkMetaField reads the registered meta of a book and of a post as their
// render does on a cache miss (after a write): the site's keys and core's.
func BenchmarkMetaField(b *testing.B) {
	s := customizedSite(b)
	s.Mock.store.Read(func(tx *store.Tx) {
		book := tx.PostsByStatus("book", "publish")[0]
		b.ReportAllocs()
		b.ResetTimer()
		for range b.N {
			s.metaField(tx, "view", book.ID, "book")
			s.metaField(tx, "view", 1, "post")
		}
	})
}
