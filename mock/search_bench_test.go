package mock

import (
	"net/http"
	"net/http/httptest"
	"testing"
)

// BenchmarkSearch100k measures the post searches make bench-scale times, on the site
// wpmock -posts 100000 generates: the first page and the second of ?search=the (by
// date, every published post scanned and counted), a rarer word, words of two letters
// (no trigram rules a post out), and by relevance.
func BenchmarkSearch100k(b *testing.B) {
	m, err := New(Options{Seed: 1, Size: large})
	if err != nil {
		b.Fatal(err)
	}
	for _, c := range []struct{ name, query string }{
		{"the", "search=the"},
		{"the_page2", "search=the&page=2"},
		{"rare", "search=zzyzx"},
		{"two_letters", "search=zz"},
		{"ai", "search=ai"}, {"js", "search=js"}, {"go", "search=go"},
		{"two_words", "search=the+art"},
		{"relevance", "search=the&orderby=relevance"},
		{"relevance_two_words", "search=lorem+art&orderby=relevance"},
	} {
		b.Run(c.name, func(b *testing.B) {
			serveBench(b, m, httptest.NewRequest(http.MethodGet, "/wp-json/wp/v2/posts?"+c.query, nil))
		})
	}
}

// BenchmarkSearchDefaultSite measures a search on the site wpmock serves by default
// (50 generated posts), where what a search does once per query, not per post, shows.
func BenchmarkSearchDefaultSite(b *testing.B) {
	m, err := New(Options{Seed: 1})
	if err != nil {
		b.Fatal(err)
	}
	serveBench(b, m, httptest.NewRequest(http.MethodGet, "/wp-json/wp/v2/posts?search=coffee", nil))
}
