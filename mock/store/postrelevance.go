package store

import (
	"slices"
	"sync"

	"github.com/wpmock/wpmock/mock/internal/parallel"
)

// A list ordered by relevance (WP_Query::parse_search_order: the rank of the title's
// match first, then the date) without a sort of the matches: the date index is walked
// once in the asked order, each match's rank computed once, so the posts of one rank
// come in date order already and the list is those runs one after the other, the
// highest rank first. The walk counts the matches of each rank (X-WP-Total is their
// sum) and notes every post's rank, a byte each; the page is then read from the ranks
// it spans, and only there.

// RelevanceRanks is the number of ranks of the relevance order (parse_search_order's
// six cases), 0 to RelevanceRanks-1.
const RelevanceRanks = 6

// notKept marks, in a walk's ranks, a post the query does not list.
const notKept = 0xFF

// rankBufs recycles the walks' ranks: a byte per post of the index walked.
var rankBufs sync.Pool

// relevanceWindow is the window of q.Size posts from the start-th of the list by
// relevance, and the number of posts in the list. Posts of one rank and one date come
// by ascending id, as MySQL's filesort leaves them (IDTieAsc), whatever the order.
func (q *PostQuery) relevanceWindow(tx *Tx, start int) (window []*Post, total int) {
	index, ofStatus := tx.PostsByDate(q.Type), false // newest first, ties by descending id
	if st, only := q.singleStatus(); only {
		index, ofStatus = tx.PostsByStatus(q.Type, st), true
	}
	n := len(index)
	at := func(i int) *Post { return index[i] }
	if q.Order == "asc" {
		at = func(i int) *Post { return index[n-1-i] }
	}
	where := q.where()
	keep := func(p *Post) bool {
		if ofStatus { // the index holds the query's one status only
			return matchesAll(where, p)
		}
		return q.Matches(p)
	}
	rankOf := q.relevanceRanker()

	var ranks []uint8
	if b, ok := rankBufs.Get().(*[]uint8); ok && cap(*b) >= n {
		ranks = (*b)[:n]
	} else {
		ranks = make([]uint8, n)
	}
	defer func() { rankBufs.Put(&ranks) }()
	count := q.rankAll(ranks, at, keep)
	for _, c := range count {
		total += c
	}
	return q.relevancePage(ranks, count, start, at, keep, rankOf), total
}

// rankAll writes each post's rank in the walk (notKept for one the query does not
// list), on every core for a large index, and counts the posts of each rank.
func (q *PostQuery) rankAll(ranks []uint8, at func(int) *Post, keep func(*Post) bool) (count [RelevanceRanks]int) {
	n := len(ranks)
	rankRun := func(lo, hi int) (count [RelevanceRanks]int) {
		rankOf := q.relevanceRanker() // a run's own, for the runs go on every core
		for i := lo; i < hi; i++ {
			p := at(i)
			if !keep(p) {
				ranks[i] = notKept
				continue
			}
			r := rankOf(p)
			ranks[i] = uint8(r)
			count[r]++
		}
		return count
	}
	if walkInParallel(n) { // each run writes its own ranks, and adds its counts
		var mu sync.Mutex
		parallel.Runs(n, walkRun(n), func(lo, hi int) {
			c := rankRun(lo, hi)
			mu.Lock()
			for r := range count {
				count[r] += c[r]
			}
			mu.Unlock()
		})
	} else {
		count = rankRun(0, n)
	}
	return count
}

// relevancePage takes the window of q.Size posts from the start-th, rank by rank from
// the highest (count: the posts of each), each rank's posts in the walk's order, ties
// of one date by ascending id where MySQL's filesort leaves them so.
func (q *PostQuery) relevancePage(ranks []uint8, count [RelevanceRanks]int, start int, at func(int) *Post,
	keep func(*Post) bool, rankOf func(*Post) int) (window []*Post) {
	n := len(ranks)
	before := 0 // posts of the higher ranks
	for r := RelevanceRanks - 1; r >= 0 && len(window) < q.Size; r-- {
		lo := max(start-before, 0) // the rank's first post in the window, counted in the rank
		before += count[r]
		if lo >= count[r] {
			continue
		}
		size := min(q.Size-len(window), count[r]-lo)
		first, seen := -1, 0 // the walk's position of the rank's lo-th post
		var part []*Post
		for i := 0; i < n && len(part) < size; i++ {
			if ranks[i] != uint8(r) {
				continue
			}
			if seen >= lo {
				if first < 0 {
					first = i
				}
				part = append(part, at(i))
			}
			seen++
		}
		if q.IDTieAsc && q.Order == "desc" {
			rank := r
			part = tiesOrdered(at, n, first, lo, size, func(p *Post) bool {
				return keep(p) && rankOf(p) == rank
			}, q.sameKey(), slices.Reverse)
		}
		window = append(window, part...)
	}
	return window
}
