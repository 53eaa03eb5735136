package mock

import (
	"fmt"
	"net/http/httptest"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/wpmock/wpmock/fixtures"
	"github.com/wpmock/wpmock/mock/prose"
	"github.com/wpmock/wpmock/mock/rest"
	"github.com/wpmock/wpmock/mock/store"
	"github.com/wpmock/wpmock/mock/wp"
)

// TestSearchMatchesReference: the post searches (ids, order, X-WP-Total) are what a
// plain reading of WP_Query's search gives: strings.Contains of the lowered columns,
// every term (a "-" one absent), no protected post for visitors, newest first or by
// relevance. The site holds generated posts and odd ones (cases, accents, the runes
// that lower to ASCII, words run together, protected posts, drafts), some of them
// changed after they were stored, and is asked as a visitor and as the admin, with
// search_columns (6.8), on first and later pages; with terms that run across the
// pieces generated content is kept in; with the lists counted on every core.
func TestSearchMatchesReference(t *testing.T) {
	// the lists are walked on every core from 16 posts on, a run of 4 at a time
	// (filteredWindow), so that windows start and end in every run
	defer func(n int) { store.ParallelWalk = n }(store.ParallelWalk)
	store.ParallelWalk = 16
	m, err := New(Options{Dataset: fixtures.Example(), Clock: fixedClock, Version: rest.V68})
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(m)
	defer srv.Close()
	s := &testSite{Mock: m, srv: srv}
	gen, err := fixtures.Generate(3, fixtures.Size{Posts: 300})
	if err != nil {
		t.Fatal(err)
	}
	odd := []string{"THE END", "tHe", "Thé café", "\u0130stanbul", "\u212Aelvin", "bathe", "t he", "Nation-wide", "ATİON",
		"other wise", "", "The art of the thing", "e t", "théâtre"}
	base := time.Date(2021, 1, 1, 0, 0, 0, 0, time.UTC)
	m.store.Write(func(tx *store.Tx) {
		for i, p := range gen.Posts {
			if p.Type != "post" {
				continue
			}
			st := []string{"publish", "publish", "publish", "draft", "private"}[i%5]
			title, excerpt := p.Title, p.Excerpt
			if i%3 == 0 {
				title = odd[i%len(odd)] + " " + title
			}
			if i%7 == 0 {
				excerpt = odd[(i/7)%len(odd)]
			}
			d := base.Add(time.Duration(i%50) * time.Hour) // ties: the id decides
			np := &store.Post{Type: "post", Status: st, Author: 1, Date: d, DateGMT: d, Modified: d, ModifiedGMT: d,
				Slug: fmt.Sprintf("ref-%d", i), Title: title, Excerpt: excerpt, Content: p.Content,
				CommentStatus: "open", PingStatus: "open", Terms: []store.TermSet{{Taxonomy: "category", IDs: []int{1}}}}
			if i%11 == 0 {
				np.Password = "secret"
			}
			tx.InsertPost(np)
			if i%13 == 0 { // a write after the insert: the row's copy must search as its new text
				tx.ChangePost(np.ID, func(p *store.Post) {
					p.Content = prose.Plain(odd[(i/13)%len(odd)] + " " + p.Content.String()[:p.Content.Len()/2])
				})
			}
		}
	})
	type query struct {
		search, login, status, columns, orderby, order string
		page, perPage                                  int
	}
	var queries []query
	for _, term := range []string{"the", "THE", "thé", "the art", "-the", "\"e t\"", "ing", "tion", "k", "kelvin",
		"i̇stanbul", "istanbul", "nation", "zz", "wise", "the -art", "théâtre", "thing art", "art \"of the\"",
		// across the pieces a generated post's content is made of (mock/prose): the
		// end of one sentence and the start of the next, and block markup
		"\". th\"", "\"</p>\n\n<!-- wp:heading -->\n<h2>\"", "-->\n\n<!--", "\"</strong> \"", "</em></p>"} {
		for _, login := range []string{"", "admin"} {
			queries = append(queries, query{search: term, login: login, page: 1, perPage: 10})
		}
		queries = append(queries,
			query{search: term, login: "admin", status: "draft", page: 1, perPage: 10},
			query{search: term, login: "admin", status: "any", page: 2, perPage: 7},
			query{search: term, page: 2, perPage: 10},
			query{search: term, page: 3, perPage: 5, orderby: "relevance"},
			// by relevance: the ranks' runs, pages that span two ranks, posts of one
			// date (the id decides), drafts and every status for the admin, oldest first
			query{search: term, page: 1, perPage: 10, orderby: "relevance"},
			query{search: term, page: 2, perPage: 7, orderby: "relevance"},
			query{search: term, login: "admin", page: 2, perPage: 9, orderby: "relevance"},
			query{search: term, login: "admin", status: "draft", page: 1, perPage: 4, orderby: "relevance"},
			query{search: term, login: "admin", status: "any", page: 3, perPage: 6, orderby: "relevance"},
			query{search: term, page: 2, perPage: 8, orderby: "relevance", order: "asc"},
			query{search: term, login: "admin", status: "any", page: 1, perPage: 100, orderby: "relevance", order: "asc"},
			query{search: term, login: "admin", columns: "post_title", page: 1, perPage: 5, orderby: "relevance"},
			query{search: term, login: "admin", columns: "post_title", page: 1, perPage: 20},
			query{search: term, columns: "post_excerpt,post_content", page: 2, perPage: 10},
		)
	}
	for _, q := range queries {
		v := url.Values{"search": {q.search}, "page": {strconv.Itoa(q.page)}, "per_page": {strconv.Itoa(q.perPage)}}
		if q.status != "" {
			v.Set("status", q.status)
		}
		if q.columns != "" {
			v.Set("search_columns", q.columns)
		}
		if q.orderby != "" {
			v.Set("orderby", q.orderby)
		}
		if q.order != "" {
			v.Set("order", q.order)
		}
		path := "/wp/v2/posts?" + v.Encode()
		got := s.get(t, path, q.login)
		// the reference
		statuses := map[string]bool{"publish": true}
		switch q.status {
		case "draft":
			statuses = map[string]bool{"draft": true}
		case "any":
			statuses = map[string]bool{"publish": true, "future": true, "draft": true, "pending": true, "private": true}
		}
		cols := []string{"post_title", "post_excerpt", "post_content"}
		if q.columns != "" {
			cols = strings.Split(q.columns, ",")
		}
		search := wp.ParseSearch(strings.TrimSpace(q.search))
		var hits []*store.Post
		rel := map[int]int{}
		m.store.Read(func(tx *store.Tx) {
			for _, p := range tx.PostsByID("post") {
				if !statuses[p.Status] || q.login == "" && p.Password != "" {
					continue
				}
				text := map[string]string{"post_title": p.Title, "post_excerpt": p.Excerpt, "post_content": p.Content.String()}
				ok := true
				for _, term := range search.Terms {
					found := false
					for _, c := range cols {
						found = found || strings.Contains(strings.ToLower(text[c]), term.Text)
					}
					ok = ok && found != term.Exclude
				}
				if !ok {
					continue
				}
				hits = append(hits, p)
				rel[p.ID] = store.Rank(search.Order(), func(column, s string) bool { return strings.Contains(strings.ToLower(text[column]), s) })
			}
		})
		slices.SortFunc(hits, func(a, b *store.Post) int {
			if q.orderby == "relevance" && rel[a.ID] != rel[b.ID] {
				return rel[b.ID] - rel[a.ID]
			}
			if c := b.Date.Compare(a.Date); c != 0 {
				if q.order == "asc" {
					return -c
				}
				return c
			}
			if q.orderby == "relevance" {
				return a.ID - b.ID // MySQL sorts by the rank itself: ties by ascending id
			}
			return b.ID - a.ID
		})
		want := []int{}
		for i := (q.page - 1) * q.perPage; i < len(hits) && i < q.page*q.perPage; i++ {
			want = append(want, hits[i].ID)
		}
		if len(want) == 0 && len(hits) > 0 {
			if got.status != 400 {
				t.Errorf("GET %s as %q: status %d, want 400 (past the last page)", path, q.login, got.status)
			}
			continue
		}
		if ids := replyIDs(got); !slices.Equal(ids, want) || got.header.Get("X-WP-Total") != strconv.Itoa(len(hits)) {
			t.Errorf("GET %s as %q: ids %v, total %s; want %v, %d (status %d %.200s)", path, q.login, ids, got.header.Get("X-WP-Total"), want, len(hits), got.status, got.body)
		}
	}
}
