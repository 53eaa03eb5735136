package store

import (
	"slices"
	"sort"

	"github.com/wpmock/wpmock/mock/internal/parallel"
)

// Running a post query: the walk of a sorted index (or the sort of the matches where
// no index has the order), and the window.

// QueryPosts runs a query: the window of q.Size posts from the q.Start-th, and the
// number of posts the query lists. The date index is walked in order for the default
// sort (no per-request sorting), other orders walk their index or sort only the
// matches; a long index is counted on every core.
func (tx *Tx) QueryPosts(q *PostQuery) (window []*Post, total int) {
	start := q.Start
	if q.OrderBy == "relevance" {
		return q.relevanceWindow(tx, start)
	}
	index, natural, ofStatus, ok := q.sortedIndex(tx)
	if !ok {
		var hits []*Post
		for _, p := range tx.PostsByID(q.Type) {
			if q.Matches(p) {
				hits = append(hits, p)
			}
		}
		sort.SliceStable(hits, func(i, j int) bool { return q.Less(hits[i], hits[j]) })
		total = len(hits)
		if start < len(hits) {
			end := min(start+q.Size, len(hits))
			window = hits[start:end]
		}
		return window, total
	}
	n := len(index)
	at := func(i int) *Post {
		if q.Order != natural {
			return index[n-1-i]
		}
		return index[i]
	}
	all := ofStatus && q.statusOnly() // nothing else to filter
	keep := func(p *Post) bool { return true }
	if !all {
		// an index of the one status asked holds only posts of it: the clauses are
		// all that is left to check (a search reads every post)
		where := q.where()
		keep = func(p *Post) bool {
			if ofStatus {
				return matchesAll(where, p)
			}
			return q.Matches(p)
		}
	}
	first := -1 // the walk's position of the window's first post
	if all {
		total = n
		first = start
		if start < n {
			window = make([]*Post, 0, min(q.Size, n-start))
		}
		for i := start; i < n && len(window) < q.Size; i++ {
			window = append(window, at(i))
		}
	} else {
		window, total, first = filteredWindow(n, at, keep, start, q.Size)
	}
	switch {
	case !q.IDTieAsc || len(window) == 0:
	case q.TieBy != "": // each run of ties in the order of the column, whatever the order
		window = tiesOrdered(at, n, first, start, len(window), keep, q.sameKey(), func(run []*Post) {
			slices.SortFunc(run, q.tieCompare)
		})
	case q.Order != "desc":
	case all:
		window = tiesAscendingAll(at, n, start, len(window), q.keyCompare)
	default:
		window = tiesOrdered(at, n, first, start, len(window), keep, q.sameKey(), slices.Reverse)
	}
	return window, total
}

// filteredWindow walks an index of n posts (at) for the ones keep lets through: their
// number, the window of up to size of them from the start-th, and the walk's position
// of the window's first post (-1: none). A long index is counted on every core, a
// run of it at a time; then only the runs from the one the window starts in are
// walked again for it. keep must be safe to call from several goroutines.
func filteredWindow(n int, at func(int) *Post, keep func(*Post) bool, start, size int) (window []*Post, total, first int) {
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
	window = make([]*Post, 0, min(size, n)) // the window is returned: one allocation, not one per doubling
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

// tiesOrdered is the window of size posts from the start-th kept post of a walk (at,
// over n posts; first is the walk's position of the window's first post), with the
// posts of one sort key put in order by order: reversed, by ascending id (IDTieAsc)
// instead of a descending walk's descending id, or sorted by TieBy's column. Only the
// runs of equal keys the window touches are read: the posts before them are counted
// by the walk already, and the order within a run changes nothing outside it.
func tiesOrdered(at func(int) *Post, n, first, start, size int, keep func(*Post) bool, same func(a, b *Post) bool, order func([]*Post)) []*Post {
	// the window's runs are in positions [from, to): back from the first post while
	// its key lasts, on from it until size kept posts and the last one's key are past
	from := first
	for from > 0 && same(at(from-1), at(first)) {
		from--
	}
	var kept []*Post
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
	// each run in the ties' order
	for lo := 0; lo < len(kept); {
		hi := lo + 1
		for hi < len(kept) && same(kept[hi], kept[lo]) {
			hi++
		}
		order(kept[lo:hi])
		lo = hi
	}
	// the window starts where the walk's did: start - before kept posts precede from
	skip := before
	return kept[skip:min(skip+size, len(kept))]
}

// tiesAscendingAll is tiesOrdered by ascending id for a walk that keeps every post (of n, keys
// descending by cmp): each run's bounds are found by binary search, so a page deep in
// a long run (one author's thousands of posts) costs log n, not the run.
func tiesAscendingAll(at func(int) *Post, n, start, size int, cmp func(a, b *Post) int) []*Post {
	out := make([]*Post, 0, size)
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
func (q *PostQuery) sortedIndex(tx *Tx) (index []*Post, natural string, ofStatus, ok bool) {
	switch {
	case q.OrderBy == "date":
		if st, only := q.singleStatus(); only {
			return tx.PostsByStatus(q.Type, st), "desc", true, true
		}
		return tx.PostsByDate(q.Type), "desc", false, true
	case q.OrderBy == "id":
		return tx.PostsByID(q.Type), "asc", false, true // every status
	}
	st, only := q.singleStatus()
	if !only {
		return nil, "", false, false
	}
	list, ok := tx.PostsOrdered(q.Type, st, q.OrderBy)
	return list, "asc", true, ok
}
