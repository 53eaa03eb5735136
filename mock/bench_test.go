package mock

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/wpmock/wpmock/fixtures"
	"github.com/wpmock/wpmock/mock/store"
)

// benchSite is a site with n extra published posts.
func benchSite(b *testing.B, n int) *Mock {
	b.Helper()
	m, err := New(Options{Dataset: fixtures.Example(), Clock: fixedClock})
	if err != nil {
		b.Fatal(err)
	}
	base := time.Date(2020, 1, 1, 0, 0, 0, 0, time.UTC)
	m.store.Write(func(tx *store.Tx) {
		for i := 0; i < n; i++ {
			d := base.Add(time.Duration(i) * time.Hour)
			tx.InsertPost(&store.Post{Type: "post", Status: "publish", Author: 1 + i%3, Date: d, DateGMT: d,
				Modified: d, ModifiedGMT: d, Title: fmt.Sprintf("Post %d", i), Slug: fmt.Sprintf("post-%d", i),
				Content: "<p>Body</p>", CommentStatus: "open", PingStatus: "open", Categories: []int{1 + i%3}})
		}
	})
	return m
}

// BenchmarkPostsList measures one page of the default posts list over 10,000 posts:
// the whole request, from routing to the encoded body.
func BenchmarkPostsList(b *testing.B) {
	for _, q := range []string{"", "?page=50", "?categories=2", "?orderby=title&order=asc", "?search=Post+99"} {
		b.Run(q, func(b *testing.B) {
			m := benchSite(b, 10000)
			req := httptest.NewRequest(http.MethodGet, "/wp-json/wp/v2/posts"+q, nil)
			b.ReportAllocs()
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				rec := httptest.NewRecorder()
				m.ServeHTTP(rec, req)
				if rec.Code != http.StatusOK {
					b.Fatalf("status %d: %s", rec.Code, rec.Body)
				}
			}
		})
	}
}
