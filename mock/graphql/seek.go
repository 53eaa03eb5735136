package graphql

import (
	"sort"

	"github.com/wpmock/wpmock/mock/store"
)

// Paging a post connection by seeking its cursors, as WPGraphQL's PostObjectCursor
// does: after and before name a post, and WP_Query asks for the rows on one side of
// that post's date and id (LIMIT first+1), not for every row to find the cursor in.
// In the date order (the default, and orderby DATE) each type's date index (the
// store's, newest first, ties by the higher id) is already the connection's order:
// the cursor is found in it by binary search and the walk reads from there only as
// many posts as the page needs (one more, for hasNextPage/hasPreviousPage), merging
// the types of a contentNodes connection as it goes. Nothing is copied or sorted. Any
// other order (search relevance, in, title, ...) lists the matches (queryPosts) and
// cuts the window from them; both give the same page (TestSeekIsCut).

// listAndCut turns seeking off (tests: the seek's pages are the list's).
var listAndCut bool

// lane is one type's posts in the connection's order: q's index walked forwards
// (the index's own order, newest first) or backwards (ascending).
type lane struct {
	q     *store.PostQuery
	index []*store.Post
	asc   bool
}

func (l *lane) len() int { return len(l.index) }

// at is the i-th post of the lane in the connection's order.
func (l *lane) at(i int) *store.Post {
	if l.asc {
		return l.index[len(l.index)-1-i]
	}
	return l.index[i]
}

// seekLanes are the lanes of a post connection in the date order, or false when the
// query lists another order (the caller lists and cuts instead).
func (c *call) seekLanes(cts []*contentType, where map[string]any, clauses []store.TaxClause) ([]*lane, bool) {
	var out []*lane
	for _, ct := range c.typesAsked(cts, where) {
		q := c.postQuery(ct, where)
		if q == nil {
			continue
		}
		if q.OrderBy != "date" {
			return nil, false
		}
		q.Tax = append(q.Tax, clauses...)
		l := &lane{q: q, index: c.Tx.PostsByDate(ct.pt.Slug), asc: q.Order == "asc"}
		if len(q.Statuses) == 1 { // one status: its own index, newest first too
			for st := range q.Statuses {
				l.index = c.Tx.PostsByStatus(ct.pt.Slug, st)
			}
		}
		out = append(out, l)
	}
	return out, true
}

// postsConnection is the connection of the posts of cts that where lists (and the
// connection's own clauses), the caller may read, as the page arguments cut it.
func (c *call) postsConnection(cts []*contentType, where, args map[string]any, clauses ...store.TaxClause) (*conn, error) {
	lanes, ok := c.seekLanes(cts, where, clauses)
	if !ok || len(lanes) == 0 || listAndCut {
		list, err := c.queryPosts(cts, where, clauses...)
		if err != nil {
			return nil, err
		}
		return postConnection(list, args)
	}
	n, backward, err := amount(args)
	if err != nil {
		return nil, err
	}
	after, _ := args["after"].(string)
	before, _ := args["before"].(string)
	from, to := c.cursorPost(lanes, after), c.cursorPost(lanes, before)
	out := &conn{}
	if from != nil && to != nil && !lanes[0].q.Less(from, to) { // after lies past before: nothing between
		out.hasPrev, out.hasNext = after != "" && !backward, before != "" && backward
		return out, nil
	}
	var page []*store.Post
	if backward {
		page = c.walk(lanes, to, from, n+1, true)
		out.hasPrev, out.hasNext = len(page) > n, before != ""
		page = page[:min(n, len(page))]
		for i, j := 0, len(page)-1; i < j; i, j = i+1, j-1 {
			page[i], page[j] = page[j], page[i]
		}
	} else {
		page = c.walk(lanes, from, to, n+1, false)
		out.hasNext, out.hasPrev = len(page) > n, after != ""
		page = page[:min(n, len(page))]
	}
	for _, p := range page {
		out.nodes, out.ids = append(out.nodes, p), append(out.ids, p.ID)
	}
	return out, nil
}

// cursorPost is the post a cursor names when the connection lists it (nil: the
// cursor is not in the list, and cuts nothing, as cut ignores it).
func (c *call) cursorPost(lanes []*lane, cursor string) *store.Post {
	if cursor == "" {
		return nil
	}
	p := c.Tx.Post(cursorID(cursor))
	if p == nil {
		return nil
	}
	for _, l := range lanes {
		if l.q.Type == p.Type && l.q.Matches(p) && c.readable(p) {
			return p
		}
	}
	return nil
}

// walk reads up to size posts the caller may read, in the connection's order from
// just past start (nil: the first) up to stop, excluded (nil: to the end), or with
// back from just before start to stop, merging the lanes.
func (c *call) walk(lanes []*lane, start, stop *store.Post, size int, back bool) []*store.Post {
	less := lanes[0].q.Less
	pos := make([]int, len(lanes))
	for i, l := range lanes {
		switch {
		case start != nil && back: // the last post before start
			pos[i] = sort.Search(l.len(), func(j int) bool { return !less(l.at(j), start) }) - 1
		case start != nil:
			pos[i] = sort.Search(l.len(), func(j int) bool { return less(start, l.at(j)) })
		case back:
			pos[i] = l.len() - 1
		}
	}
	var out []*store.Post
	for len(out) < size {
		next := -1 // the lane whose post comes next
		for i, l := range lanes {
			if pos[i] < 0 || pos[i] >= l.len() {
				continue
			}
			if next < 0 || (less(l.at(pos[i]), lanes[next].at(pos[next])) != back) {
				next = i
			}
		}
		if next < 0 {
			break
		}
		l := lanes[next]
		p := l.at(pos[next])
		if back {
			pos[next]--
		} else {
			pos[next]++
		}
		if p == stop {
			break
		}
		if l.q.Matches(p) && c.readable(p) {
			out = append(out, p)
		}
	}
	return out
}
