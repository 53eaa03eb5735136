package mock

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/wpmock/wpmock/fixtures"
	"github.com/wpmock/wpmock/mock/prose"
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
				Content: prose.Plain("<p>Body</p>"), CommentStatus: "open", PingStatus: "open", Terms: []store.TermSet{{Taxonomy: "category", IDs: []int{1 + i%3}}}})
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
			b.ResetTimer()
			serveBench(b, m, httptest.NewRequest(http.MethodGet, "/wp-json/wp/v2/posts"+q, nil))
		})
	}
}

// BenchmarkPages measures the pages make bench-http drives, on the default generated
// site, for profiling (-cpuprofile) what the HTTP harness measures end to end.
func BenchmarkPages(b *testing.B) {
	m, err := New(Options{Seed: 1, Clock: fixedClock, AdminAppPassword: "bnch MARK pass w0rd 1234 abcd"})
	if err != nil {
		b.Fatal(err)
	}
	first := m.StartupDataset().Posts[0].ID
	for _, c := range []struct {
		name, path string
		admin      bool
	}{
		{"posts", "/wp-json/wp/v2/posts", false},
		{"posts_embed", "/wp-json/wp/v2/posts?_embed", false},
		{"posts_edit", "/wp-json/wp/v2/posts?context=edit", true},
		{"single", fmt.Sprintf("/wp-json/wp/v2/posts/%d", first), false},
		{"tags", "/wp-json/wp/v2/tags", false},
	} {
		b.Run(c.name, func(b *testing.B) {
			req := httptest.NewRequest(http.MethodGet, c.path, nil)
			if c.admin {
				req.SetBasicAuth("admin", "bnch MARK pass w0rd 1234 abcd")
			}
			serveBench(b, m, req)
		})
	}
}

// serveBench serves req b.N times, each answer expected to be 200.
func serveBench(b *testing.B, m *Mock, req *http.Request) {
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		rec := httptest.NewRecorder()
		m.ServeHTTP(rec, req)
		if rec.Code != http.StatusOK {
			b.Fatalf("status %d: %s", rec.Code, rec.Body)
		}
	}
}
