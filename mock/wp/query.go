package wp

import (
	"math"
	"slices"
	"sort"

	"github.com/wpmock/wpmock/mock/store"
	"github.com/wpmock/wpmock/mock/wpfunc"
)

// WP_Query's PHP around the SQL it writes: the search split into terms, the LIMIT's
// first row from paged and offset, found_posts, and the sticky posts of the home
// page. The SQL itself (WHERE, ORDER BY, LIMIT) runs in the store (store.PostQuery).

// PostQuery is a WP_Query of posts: the store's query with the page asked and what
// WP_Query does after its SQL.
type PostQuery struct {
	store.PostQuery
	// Page (paged) and PerPage (posts_per_page) make the window, unless HasOffset:
	// then Offset is its first row.
	Page, PerPage, Offset int
	HasOffset             bool
	// StickyFirst (the home page, ignore_sticky_posts off) moves the sticky posts to
	// the top of the first page.
	StickyFirst bool
	// Nothing: WordPress's SQL for the query is refused, so no rows and no total.
	Nothing bool
}

// QueryPosts runs q as WP_Query::get_posts does: the window of the page and the
// number of posts the query lists (found_posts).
func QueryPosts(tx *store.Tx, q *PostQuery) (window []*store.Post, total int) {
	q.Start, q.Size = QueryStart(q.Page, q.PerPage, q.Offset, q.HasOffset), q.PerPage
	if !q.Nothing {
		window, total = tx.QueryPosts(&q.PostQuery)
	}
	if len(window) == 0 && q.HasOffset {
		// found_posts stays 0 when the LIMIT finds no row, and get_items' recount
		// (without paged, with the offset) finds none either
		total = 0
	}
	if q.StickyFirst && q.Page <= 1 {
		window = stickiesFirst(tx, q, window)
	}
	return window, total
}

// stickiesFirst is WP_Query's sticky posts on the first page of the home page: the
// sticky posts among the rows move to the top in their order, then the published
// sticky posts the rows lack, newest first, are put after them, whatever else the
// query asked (author, status, dates, excluded terms) but for excluded ids (exclude,
// and sticky=false, which excludes them all). X-WP-Total still counts the query's
// rows only, and the page may hold more than per_page items.
func stickiesFirst(tx *store.Tx, q *PostQuery, window []*store.Post) []*store.Post {
	var stickies, others []*store.Post
	found := map[int]bool{}
	for _, p := range window {
		if p.Sticky {
			stickies, found[p.ID] = append(stickies, p), true
		} else {
			others = append(others, p)
		}
	}
	if q.Sticky == nil || *q.Sticky {
		for _, p := range tx.PostsByStatus(q.Type, "publish") { // newest first
			if p.Sticky && !found[p.ID] && !q.Exclude[p.ID] {
				stickies = append(stickies, p)
			}
		}
	}
	return append(stickies, others...)
}

// QueryStart is the first row of WP_Query's LIMIT: absint(offset) when an offset is
// given, else absint((paged - 1) * posts_per_page) with paged 0 read as 1, in PHP's
// arithmetic (an overflowing product wraps, see wpfunc.MulInt). A start PHP cannot
// print as an integer makes the LIMIT an SQL error: no rows, so math.MaxInt.
func QueryStart(page, perPage, offset int, hasOffset bool) int {
	if hasOffset {
		return LimitStart(offset)
	}
	return LimitStart(wpfunc.MulInt(max(page, 1)-1, perPage))
}

// LimitStart is the first row of a LIMIT of absint(n), as WP_Query, WP_Comment_Query
// and WP_Term_Query take an offset; an n absint cannot make an integer of makes the
// LIMIT an SQL error: no rows, so math.MaxInt.
func LimitStart(n int) int {
	start, ok := wpfunc.Absint(n)
	if !ok {
		return math.MaxInt
	}
	return start
}

// QueryPublished is WP_Query of the published posts of several types (the search
// handler's: post_type an array, ignore_sticky_posts) with q's search, post__in and
// post__not_in: the window from start and the number of posts found. A search or
// post__in sorts the hits (by q's order); otherwise the types' date indexes are
// merged, newest first.
func QueryPublished(tx *store.Tx, q *store.PostQuery, types []string, start, perPage int) ([]*store.Post, int) {
	var window []*store.Post
	total := 0
	if q.Include != nil || len(q.Search) > 0 {
		// few candidates (the included ids), or a search, which scans anyway: sort the
		// hits only
		var hits []*store.Post
		add := func(p *store.Post) {
			if p != nil && slices.Contains(types, p.Type) && q.Matches(p) {
				hits = append(hits, p)
			}
		}
		if q.Include != nil {
			for id := range q.Include {
				add(tx.Post(id))
			}
		} else {
			for _, typ := range types {
				for _, p := range tx.PostsByStatus(typ, "publish") {
					add(p)
				}
			}
		}
		sort.Slice(hits, func(i, j int) bool { return q.Less(hits[i], hits[j]) })
		total = len(hits)
		if start < len(hits) {
			window = hits[start:min(start+perPage, len(hits))]
		}
	} else {
		window, total = mergeNewest(tx, types, q.Exclude, start, perPage)
	}
	return window, total
}

// mergeNewest pages through the published posts of the types, newest first, merging
// the types' date indexes as it goes (no sort, no copy), leaving out excluded ids; the
// total is the indexes' lengths less the excluded posts they hold.
func mergeNewest(tx *store.Tx, types []string, exclude map[int]bool, start, perPage int) ([]*store.Post, int) {
	lists := make([][]*store.Post, 0, len(types))
	total := 0
	seen := map[string]bool{}
	for _, typ := range types {
		if seen[typ] {
			continue
		}
		seen[typ] = true
		l := tx.PostsByStatus(typ, "publish")
		lists = append(lists, l)
		total += len(l)
	}
	for id := range exclude {
		if p := tx.Post(id); p != nil && p.Status == "publish" && seen[p.Type] {
			total--
		}
	}
	var window []*store.Post
	at := make([]int, len(lists))
	for n := 0; n < start+perPage; {
		best := -1
		for i, l := range lists {
			if at[i] < len(l) && (best < 0 || newerThan(l[at[i]], lists[best][at[best]])) {
				best = i
			}
		}
		if best < 0 {
			break
		}
		p := lists[best][at[best]]
		at[best]++
		if exclude[p.ID] {
			continue
		}
		if n >= start {
			window = append(window, p)
		}
		n++
	}
	return window, total
}

// newerThan is the date indexes' order: later date first, then higher id.
func newerThan(a, b *store.Post) bool {
	if c := a.Date.Compare(b.Date); c != 0 {
		return c > 0
	}
	return a.ID > b.ID
}
