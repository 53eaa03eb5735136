package graphql_test

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/wpmock/wpmock/fixtures"
	"github.com/wpmock/wpmock/mock"
)

// BenchmarkPageQuery: a typical page query (a post by URI with its author, terms,
// featured image, the primary menu and the site's title) against the REST calls it
// replaces (the post by slug with _embed for author, terms and featured media, the
// menu's items, the index for the site's name), side by side in one run.
func BenchmarkPageQuery(b *testing.B) {
	m := site(b)
	body := op(pageQuery, map[string]any{"uri": "/leaves-of-grass-revisited/"})
	b.Run("graphql", func(b *testing.B) {
		for b.Loop() {
			if w := post(m, body, true); w.Code != http.StatusOK {
				b.Fatal(w.Code, w.Body)
			}
		}
	})
	calls := []string{"/wp-json/wp/v2/posts?slug=leaves-of-grass-revisited&_embed=author,wp:term,wp:featuredmedia",
		"/wp-json/wp/v2/menu-items?menus=" + primaryMenu(b, m) + "&per_page=100", "/wp-json/"}
	b.Run("rest", func(b *testing.B) {
		for b.Loop() {
			for _, u := range calls {
				r := httptest.NewRequest(http.MethodGet, u, nil)
				r.SetBasicAuth("admin", "test PASS word 1234 abcd efgh") // menu items need edit_theme_options
				w := httptest.NewRecorder()
				m.ServeHTTP(w, r)
				if w.Code != http.StatusOK {
					b.Fatal(u, w.Code, w.Body)
				}
			}
		}
	})
}

func primaryMenu(b *testing.B, m http.Handler) string {
	w := post(m, op(`{ menu(id: "PRIMARY", idType: LOCATION) { databaseId } }`, nil), true)
	var s string
	for _, c := range w.Body.String() {
		if c >= '0' && c <= '9' {
			s += string(c)
		}
	}
	if s == "" {
		b.Fatal(w.Body)
	}
	return s
}

// BenchmarkConnection: a page of ten posts from a site of 20,000, from the start,
// after a cursor in the middle and before one (last: 10), and a page of contentNodes
// (posts and pages merged) after a cursor: WPGraphQL seeks by the cursor's post, so a
// page should cost about as much wherever it starts.
func BenchmarkConnection(b *testing.B) {
	m, err := mock.New(mock.Options{Seed: 1, Clock: fixedClock, AdminAppPassword: "test PASS word 1234 abcd efgh",
		Size: fixtures.Size{Posts: 20000, Users: 10, Terms: 30, Media: 20, Pages: 200, Comments: 40}})
	if err != nil {
		b.Fatal(err)
	}
	// the cursor of the 10,000th post
	w := post(m, op(`{ posts(first: 100) { pageInfo { endCursor } } }`, nil), false)
	var page struct {
		Data struct {
			Posts struct{ PageInfo struct{ EndCursor string } }
		}
	}
	if err := json.Unmarshal(w.Body.Bytes(), &page); err != nil || page.Data.Posts.PageInfo.EndCursor == "" {
		b.Fatal(err, w.Body)
	}
	var mid string
	for i := 0; i < 100 && mid == ""; i++ { // walk on to the middle, a page of 100 at a time
		w = post(m, op(`query($a: String) { posts(first: 100, after: $a) { pageInfo { endCursor } } }`, map[string]any{"a": page.Data.Posts.PageInfo.EndCursor}), false)
		json.Unmarshal(w.Body.Bytes(), &page)
		if i == 98 {
			mid = page.Data.Posts.PageInfo.EndCursor
		}
	}
	nodes := `pageInfo { hasNextPage hasPreviousPage startCursor endCursor } nodes { databaseId ... on NodeWithTitle { title } }`
	for _, tc := range []struct{ name, query string }{
		{"first", `{ posts(first: 10) { ` + nodes + ` } }`},
		{"after-middle", `query($c: String) { posts(first: 10, after: $c) { ` + nodes + ` } }`},
		{"before-middle", `query($c: String) { posts(last: 10, before: $c) { ` + nodes + ` } }`},
		{"content-nodes-after-middle", `query($c: String) { contentNodes(first: 10, after: $c, where: {contentTypes: [POST, PAGE]}) { ` + nodes + ` } }`},
	} {
		body := op(tc.query, map[string]any{"c": mid})
		b.Run(tc.name, func(b *testing.B) {
			for b.Loop() {
				if w := post(m, body, false); w.Code != http.StatusOK || strings.Contains(w.Body.String(), `"errors"`) {
					b.Fatal(w.Code, w.Body)
				}
			}
		})
	}
}
