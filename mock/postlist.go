package mock

import (
	"math"
	"net/http"
	"slices"
	"sort"
	"strings"

	"github.com/wpmock/wpmock/mock/internal/parallel"
	"github.com/wpmock/wpmock/mock/rest"
	"github.com/wpmock/wpmock/mock/store"
	"github.com/wpmock/wpmock/mock/wpfunc"
)

// Running a post query: the order of its rows, the walk of a sorted index (or the sort
// of the matches where no index has the order), the page and its sticky posts.

// less orders two posts by the query's orderby and order; ties fall back to the id in
// the same direction (or ascending, with idTieAsc), so lists are always explicitly
// ordered.
func (q *postQuery) less(a, b *store.Post) bool {
	switch q.orderby {
	case "include":
		return rank(q.includeOrder, a.ID) < rank(q.includeOrder, b.ID)
	case "include_slugs":
		return rank(q.slugOrder, a.Slug) < rank(q.slugOrder, b.Slug)
	case "relevance":
		ra, rb := q.relevance(a), q.relevance(b)
		if ra != rb {
			return ra > rb
		}
	}
	c := q.keyCompare(a, b)
	if c == 0 {
		if q.idTieAsc {
			return a.ID < b.ID
		}
		c = a.ID - b.ID
	}
	if q.order == "asc" {
		return c < 0
	}
	return c > 0
}

// sameKey is the test of a tie on the sort key of an index walk.
func (q *postQuery) sameKey() func(a, b *store.Post) bool {
	if q.orderby == "date" || q.orderby == "relevance" {
		return func(a, b *store.Post) bool { return a.Date.Equal(b.Date) }
	}
	return func(a, b *store.Post) bool { return q.keyCompare(a, b) == 0 }
}

// keyCompare compares two posts by the query's sort key alone, ascending (the date
// for relevance, whose ranks less compares first).
func (q *postQuery) keyCompare(a, b *store.Post) int {
	c := 0
	switch q.orderby {
	case "author":
		c = a.Author - b.Author
	case "id":
		c = a.ID - b.ID
	case "modified":
		c = a.Modified.Compare(b.Modified)
	case "parent":
		c = a.Parent - b.Parent
	case "menu_order":
		c = a.MenuOrder() - b.MenuOrder()
	case "slug":
		c = strings.Compare(a.Slug, b.Slug)
	case "title":
		c = strings.Compare(a.Title, b.Title)
	default:
		c = a.Date.Compare(b.Date)
	}
	return c
}

// rank is v's position in list, or len(list) when it is not there (orderby=include
// and include_slugs put unknown values last).
func rank[T comparable](list []T, v T) int {
	for i, x := range list {
		if x == v {
			return i
		}
	}
	return len(list)
}

// listPosts runs a collection query: the date index is walked in order for the
// default sort (no per-request sorting), other orders sort only the matches. Items the
// caller may not read are dropped after paging, as WordPress does, while X-WP-Total
// counts them.
func (m *Mock) listPosts(r *rest.Request, q *postQuery, collection string, render func(*store.Post) any) (*rest.Response, *rest.Error) {
	tx := txOf(r)
	start := queryStart(q.page, q.perPage, q.offset, q.hasOffset)
	var window []*store.Post
	total := 0
	if q.orderby == "relevance" {
		window, total = q.relevanceWindow(tx, start)
	} else if index, natural, ofStatus, ok := q.sortedIndex(tx); ok {
		n := len(index)
		at := func(i int) *store.Post {
			if q.order != natural {
				return index[n-1-i]
			}
			return index[i]
		}
		all := ofStatus && q.statusOnly() // nothing else to filter
		keep := func(p *store.Post) bool { return true }
		if !all {
			// an index of the one status asked holds only posts of it: the clauses are
			// all that is left to check (a search reads every post)
			where := q.where()
			keep = func(p *store.Post) bool {
				if ofStatus {
					return matchesAll(where, p)
				}
				return q.matches(p)
			}
		}
		first := -1 // the walk's position of the window's first post
		if all {
			total = n
			first = start
			for i := start; i < n && len(window) < q.perPage; i++ {
				window = append(window, at(i))
			}
		} else {
			window, total, first = filteredWindow(n, at, keep, start, q.perPage)
		}
		switch {
		case !q.idTieAsc || q.order != "desc" || len(window) == 0:
		case all:
			window = tiesAscendingAll(at, n, start, len(window), q.keyCompare)
		default:
			window = tiesAscending(at, n, first, start, len(window), keep, q.sameKey())
		}
	} else {
		var hits []*store.Post
		for _, p := range tx.PostsByID(q.typ) {
			if q.matches(p) {
				hits = append(hits, p)
			}
		}
		sort.SliceStable(hits, func(i, j int) bool { return q.less(hits[i], hits[j]) })
		total = len(hits)
		if start < len(hits) {
			end := min(start+q.perPage, len(hits))
			window = hits[start:end]
		}
	}
	if q.nothing {
		window, total = nil, 0
	}
	if len(window) == 0 && q.hasOffset {
		// found_posts stays 0 when the LIMIT finds no row, and get_items' recount
		// (without paged, with the offset) finds none either
		total = 0
	}
	if q.stickyFirst && q.page <= 1 {
		window = stickiesFirst(tx, q, window)
	}
	maxPages := (total + q.perPage - 1) / q.perPage
	if q.page > maxPages && total > 0 {
		return nil, rest.Errorf(http.StatusBadRequest, codeInvalidPageNumber, "The page number requested is larger than the number of pages available.")
	}
	items := make([]any, 0, len(window))
	for _, p := range window {
		if r.Context() == rest.Edit {
			if !canEditPost(r, p, tx.Post) {
				continue
			}
		} else if !canReadPost(r, p, tx.Post) {
			continue
		}
		items = append(items, render(p))
	}
	resp := rest.OK(items)
	r.Paginate(resp, collection, total, q.page, q.perPage)
	return resp, nil
}

// filteredWindow walks an index of n posts (at) for the ones keep lets through: their
// number, the window of up to size of them from the start-th, and the walk's position
// of the window's first post (-1: none). A long index is counted on every core, a
// run of it at a time; then only the runs from the one the window starts in are
// walked again for it. keep must be safe to call from several goroutines.
func filteredWindow(n int, at func(int) *store.Post, keep func(*store.Post) bool, start, size int) (window []*store.Post, total, first int) {
	first = -1
	from, before := 0, 0 // where to walk from, and how many kept posts come before it
	counted := false     // total is known: the walk may stop at the window's end
	if walkInParallel(n) {
		counted = true
		run := walkRun(n)
		counts := make([]int, (n+run-1)/run)
		parallel.Runs(n, run, func(lo, hi int) {
			k := 0
			for i := lo; i < hi; i++ {
				if keep(at(i)) {
					k++
				}
			}
			counts[lo/run] = k
		})
		for _, k := range counts {
			total += k
		}
		for c, k := range counts {
			if before+k > start {
				break
			}
			before += k
			from = (c + 1) * run
		}
	}
	kept := before
	for i := from; i < n; i++ {
		p := at(i)
		if !keep(p) {
			continue
		}
		if kept >= start && len(window) < size {
			if len(window) == 0 {
				first = i
			}
			window = append(window, p)
		}
		kept++
		if counted && len(window) == size {
			break
		}
	}
	if !counted {
		total = kept
	}
	return window, total, first
}

// tiesAscending is the window of size posts from the start-th kept post of a walk in
// a descending order (at, over n posts; first is the walk's position of the window's
// first post), with the posts of one sort key by ascending id (idTieAsc) instead of
// the walk's descending id. Only the runs of equal keys the window touches are read:
// the posts before them are counted by the walk already, and the order within a run
// changes nothing outside it.
func tiesAscending(at func(int) *store.Post, n, first, start, size int, keep func(*store.Post) bool, same func(a, b *store.Post) bool) []*store.Post {
	// the window's runs are in positions [from, to): back from the first post while
	// its key lasts, on from it until size kept posts and the last one's key are past
	from := first
	for from > 0 && same(at(from-1), at(first)) {
		from--
	}
	var kept []*store.Post
	before := 0 // kept posts in [from, first)
	for i := from; i < n; i++ {
		p := at(i)
		if len(kept) >= before+size && !same(p, kept[len(kept)-1]) {
			break
		}
		if keep(p) {
			kept = append(kept, p)
			if i < first {
				before++
			}
		}
	}
	// each run backwards: ascending id
	for lo := 0; lo < len(kept); {
		hi := lo + 1
		for hi < len(kept) && same(kept[hi], kept[lo]) {
			hi++
		}
		slices.Reverse(kept[lo:hi])
		lo = hi
	}
	// the window starts where the walk's did: start - before kept posts precede from
	skip := before
	return kept[skip:min(skip+size, len(kept))]
}

// tiesAscendingAll is tiesAscending for a walk that keeps every post (of n, keys
// descending by cmp): each run's bounds are found by binary search, so a page deep in
// a long run (one author's thousands of posts) costs log n, not the run.
func tiesAscendingAll(at func(int) *store.Post, n, start, size int, cmp func(a, b *store.Post) int) []*store.Post {
	out := make([]*store.Post, 0, size)
	from, to := 0, 0 // the run [from, to) of the last post
	for i := start; i < n && len(out) < size; i++ {
		if i >= to {
			k := at(i)
			from = sort.Search(i, func(p int) bool { return cmp(at(p), k) <= 0 })
			to = i + sort.Search(n-i, func(j int) bool { return cmp(at(i+j), k) < 0 })
		}
		out = append(out, at(from+to-1-i))
	}
	return out
}

// sortedIndex is the store's index that lists the posts in the query's order, and the
// direction the index runs in ("desc" for the date, newest first; "asc" for the
// others), so a list walks it instead of sorting; with one status asked, every index
// but the id's holds posts of that status only; false where no index has the order
// (relevance, include, parent), or where the orderings other than date and id are
// asked of several statuses (they are indexed per status). ofStatus says the index
// holds the query's one status only.
func (q *postQuery) sortedIndex(tx *store.Tx) (index []*store.Post, natural string, ofStatus, ok bool) {
	switch {
	case q.orderby == "date":
		if st, only := q.singleStatus(); only {
			return tx.PostsByStatus(q.typ, st), "desc", true, true
		}
		return tx.PostsByDate(q.typ), "desc", false, true
	case q.orderby == "id":
		return tx.PostsByID(q.typ), "asc", false, true // every status
	}
	st, only := q.singleStatus()
	if !only {
		return nil, "", false, false
	}
	list, ok := tx.PostsOrdered(q.typ, st, q.orderby)
	return list, "asc", true, ok
}

// stickiesFirst is WP_Query's sticky posts on the first page of the home page: the
// sticky posts among the rows move to the top in their order, then the published
// sticky posts the rows lack, newest first, are put after them, whatever else the
// query asked (author, status, dates, excluded terms) but for excluded ids (exclude,
// and sticky=false, which excludes them all). X-WP-Total still counts the query's
// rows only, and the page may hold more than per_page items.
func stickiesFirst(tx *store.Tx, q *postQuery, window []*store.Post) []*store.Post {
	var stickies, others []*store.Post
	found := map[int]bool{}
	for _, p := range window {
		if p.Sticky {
			stickies, found[p.ID] = append(stickies, p), true
		} else {
			others = append(others, p)
		}
	}
	if q.sticky == nil || *q.sticky {
		for _, p := range tx.PostsByStatus(q.typ, "publish") { // newest first
			if p.Sticky && !found[p.ID] && !q.exclude[p.ID] {
				stickies = append(stickies, p)
			}
		}
	}
	return append(stickies, others...)
}

// queryStart is the first row of WP_Query's LIMIT: absint(offset) when an offset is
// given, else absint((paged - 1) * posts_per_page) with paged 0 read as 1, in PHP's
// arithmetic (an overflowing product wraps, see wpfunc.MulInt). A start PHP cannot
// print as an integer makes the LIMIT an SQL error: no rows, so math.MaxInt.
func queryStart(page, perPage, offset int, hasOffset bool) int {
	n := offset
	if !hasOffset {
		n = wpfunc.MulInt(max(page, 1)-1, perPage)
	}
	start, ok := wpfunc.Absint(n)
	if !ok {
		return math.MaxInt
	}
	return start
}
