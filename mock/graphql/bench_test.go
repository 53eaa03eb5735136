package graphql_test

import (
	"net/http"
	"net/http/httptest"
	"testing"
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
