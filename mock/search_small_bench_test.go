package mock

import (
	"net/http"
	"net/http/httptest"
	"testing"
)

// BenchmarkSearchDefaultSite measures a search on the site wpmock serves by default
// (50 generated posts), where what a search does once per query, not per post, shows.
func BenchmarkSearchDefaultSite(b *testing.B) {
	m, err := New(Options{Seed: 1})
	if err != nil {
		b.Fatal(err)
	}
	serveBench(b, m, httptest.NewRequest(http.MethodGet, "/wp-json/wp/v2/posts?search=coffee", nil))
}
