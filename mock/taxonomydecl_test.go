package mock

import (
	"net/http"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/wpmock/wpmock/mock/rest"
	"github.com/wpmock/wpmock/mock/wp"
)

// declareTaxonomy registers a taxonomy on core's site for the test's duration, as
// register_taxonomy(name, types, args) does (the core registry is package state: the
// mock's tests do not run in parallel).
func declareTaxonomy(t *testing.T, name string, types []string, args rest.Object) {
	t.Helper()
	saved := wp.Core
	g := wp.NewRegistry()
	if err := g.RegisterTaxonomy(name, types, append(rest.Object{{Key: "show_in_rest", Value: true}}, args...)); err != nil {
		t.Fatal(err)
	}
	wp.Core = g
	t.Cleanup(func() { wp.Core = saved })
}

// TestTaxonomyIsADeclaration: a taxonomy the mock does not ship, declared as category
// and post_tag are (registered with register_taxonomy's arguments),
// gets what core's taxonomies get with no other code: its routes and term CRUD, the
// post field and its filters (include_children too, hierarchical as it is), links
// (wp:term, the action-assign-/action-create- links), the embed, counts, term links
// under its rewrite slug, the search route's subtype, /taxonomies and /types, OPTIONS,
// and deletion's reparenting.
func TestTaxonomyIsADeclaration(t *testing.T) {
	declareTaxonomy(t, "genre", []string{"post"}, rest.Object{{Key: "hierarchical", Value: true},
		{Key: "rest_base", Value: "genres"}, {Key: "rewrite", Value: rest.Object{{Key: "hierarchical", Value: true}}}})
	s := newTestSite(t)
	ok := func(r reply, status int) map[string]any {
		t.Helper()
		if r.status != status {
			t.Fatalf("status %d, want %d: %s", r.status, status, r.body)
		}
		return r.obj(t)
	}
	idOf := func(m map[string]any) string { return strconv.Itoa(int(m["id"].(float64))) }

	if _, found := ok(s.get(t, "/wp/v2/taxonomies?type=post", ""), 200)["genre"]; !found {
		t.Error("/taxonomies?type=post does not list genre")
	}
	if txs := ok(s.get(t, "/wp/v2/types/post", ""), 200)["taxonomies"]; valueDiff([]any{"category", "post_tag", "genre"}, txs) != "" {
		t.Errorf("/types/post taxonomies: %v", txs)
	}

	jazz := ok(s.send(t, http.MethodPost, "/wp/v2/genres", "admin", map[string]any{"name": "Jazz"}), 201)
	bebop := ok(s.send(t, http.MethodPost, "/wp/v2/genres", "admin", map[string]any{"name": "Bebop", "parent": jazz["id"]}), 201)
	if !strings.HasSuffix(bebop["link"].(string), "/genre/jazz/bebop/") || bebop["taxonomy"] != "genre" {
		t.Errorf("a child genre: link %v, taxonomy %v", bebop["link"], bebop["taxonomy"])
	}
	s.send(t, http.MethodPost, "/wp/v2/genres", "author", map[string]any{"name": "Swing"}).wantError(t, 403, "rest_cannot_create")

	post := ok(s.send(t, http.MethodPost, "/wp/v2/posts", "admin",
		map[string]any{"title": "Genre post", "status": "publish", "genres": []any{bebop["id"]}}), 201)
	pid := idOf(post)
	if valueDiff([]any{bebop["id"]}, post["genres"]) != "" || valueDiff([]any{1.0}, post["categories"]) != "" {
		t.Errorf("the new post: genres %v, categories %v", post["genres"], post["categories"])
	}
	if n := ok(s.get(t, "/wp/v2/genres/"+idOf(bebop), ""), 200)["count"]; n != 1.0 {
		t.Errorf("bebop's count: %v, want 1", n)
	}
	ids := func(path string) []string {
		t.Helper()
		r := s.get(t, path, "")
		list, _ := r.json.([]any)
		if r.status != 200 || list == nil {
			t.Fatalf("%s: %d %s", path, r.status, r.body)
		}
		var out []string
		for _, x := range list {
			out = append(out, idOf(x.(map[string]any)))
		}
		return out
	}
	for path, want := range map[string]bool{
		"/wp/v2/posts?genres=" + idOf(bebop):                                                   true,
		"/wp/v2/posts?genres=" + idOf(jazz):                                                    false,
		"/wp/v2/posts?genres[terms]=" + idOf(jazz) + "&genres[include_children]=true":          true,
		"/wp/v2/posts?genres_exclude=" + idOf(bebop) + "&per_page=100":                         false,
		"/wp/v2/posts?genres=" + idOf(bebop) + "&categories=1&tax_relation=AND":                true,
		"/wp/v2/posts?genres=" + idOf(jazz) + "&categories=99999&tax_relation=OR":              false,
		"/wp/v2/posts?genres=" + idOf(bebop) + "&tags=99999&tax_relation=OR&_fields=id,genres": true,
	} {
		if got := slices.Contains(ids(path), pid); got != want {
			t.Errorf("%s: the post listed %v, want %v", path, got, want)
		}
	}
	if got := ids("/wp/v2/genres?post=" + pid); valueDiff([]string{idOf(bebop)}, got) != "" {
		t.Errorf("/genres?post=: %v", got)
	}

	edit := ok(s.get(t, "/wp/v2/posts/"+pid+"?context=edit&_embed=wp:term", "admin"), 200)
	links := edit["_links"].(map[string]any)
	var termLinks []string
	for _, l := range links["wp:term"].([]any) {
		termLinks = append(termLinks, l.(map[string]any)["taxonomy"].(string))
	}
	if valueDiff([]string{"category", "post_tag", "genre"}, termLinks) != "" {
		t.Errorf("wp:term links: %v", termLinks)
	}
	for _, rel := range []string{"wp:action-assign-genres", "wp:action-create-genres"} {
		if links[rel] == nil {
			t.Errorf("no %s link in edit context", rel)
		}
	}
	embedded := field(edit, "_embedded.wp:term").([]any)
	if len(embedded) != 3 || valueDiff(bebop["id"], embedded[2].([]any)[0].(map[string]any)["id"]) != "" {
		t.Errorf("_embedded wp:term: %v", embedded)
	}

	if got := ids("/wp/v2/search?type=term&subtype=genre&search=bebop"); valueDiff([]string{idOf(bebop)}, got) != "" {
		t.Errorf("search for the genre: %v", got)
	}

	opts := ok(s.do(t, http.MethodOptions, "/wp/v2/posts", "", nil), 200)
	args := field(opts, "endpoints").([]any)[0].(map[string]any)["args"].(map[string]any)
	for _, arg := range []string{"genres", "genres_exclude"} {
		if args[arg] == nil {
			t.Errorf("OPTIONS /posts has no %s argument", arg)
		}
	}

	ok(s.do(t, http.MethodDelete, "/wp/v2/genres/"+idOf(jazz)+"?force=true", "admin", nil), 200)
	if p := ok(s.get(t, "/wp/v2/genres/"+idOf(bebop), ""), 200)["parent"]; p != 0.0 {
		t.Errorf("after its parent's delete, bebop's parent is %v, want 0", p)
	}
	ok(s.do(t, http.MethodDelete, "/wp/v2/genres/"+idOf(bebop)+"?force=true", "admin", nil), 200)
	if g := ok(s.get(t, "/wp/v2/posts/"+pid, ""), 200)["genres"]; valueDiff([]any{}, g) != "" {
		t.Errorf("after its term's delete, the post's genres are %v", g)
	}
}
