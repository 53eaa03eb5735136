package store

import (
	"strings"
	"time"
)

// A list of posts as the database runs the SQL WP_Query writes: the WHERE of its
// filters (postquery.go, the search's LIKE in postsearch.go), its ORDER BY with
// MySQL's order of ties (here and postrelevance.go) and its LIMIT, executed over the
// store's indexes (postlist.go). What WP_Query decides in PHP around that SQL (the
// LIMIT's start from paged and offset, found_posts, the sticky posts) is package wp's
// QueryPosts, and what a request asks is parsed into the query by package mock.

// PostQuery is a query of one post type's rows: filters, an order and a window. Set
// every field before the first Matches, Less or QueryPosts: the clauses are built
// once, on first use.
type PostQuery struct {
	Type string
	// Statuses are the statuses listed (post_status); Matches checks them first.
	Statuses map[string]bool
	// Include (post__in) and Exclude (post__not_in): Exclude applies only when Include
	// is nil, as in WP_Query. IncludeOrder is Include in the order asked, for
	// orderby=include.
	Include, Exclude map[int]bool
	IncludeOrder     []int
	Authors          map[int]bool // author__in; nil is any
	AuthorsNot       map[int]bool // author__not_in
	Parents          map[int]bool // post_parent__in; nil is any
	ParentsNot       map[int]bool // post_parent__not_in
	// Slugs (post_name__in) and SlugOrder, the slugs in the order asked, for
	// orderby=include_slugs.
	Slugs     map[string]bool
	SlugOrder []string
	// After and Before bound the date, ModAfter and ModBefore the modified date,
	// exclusively; a zero time is no bound.
	After, Before       time.Time
	ModAfter, ModBefore time.Time
	// Tax are the taxonomy clauses (tax_query), all of which must hold, or any one
	// with TaxOr (relation OR).
	Tax   []TaxClause
	TaxOr bool
	// Sticky lists the sticky posts only (true) or the others only (false); nil is
	// both.
	Sticky *bool
	// MenuOrder is menu_order's value (page-attributes types); nil is any.
	MenuOrder *int
	// Mimes limits attachments to these MIME types (post_mime_type); nil is any.
	Mimes map[string]bool
	// Formats limits posts to these formats ("standard" is no format); nil is any.
	Formats map[string]bool
	// Search are the terms of a search (WP_Query's search_terms: lower case, a leading
	// "-" negates), every one of which a post must hold (or lack) in a column.
	Search []string
	// Relevance is the ORDER BY CASE of the relevance order (parse_search_order; package
	// wp's Search.Order): the first case a post meets gives its rank, 0 when none.
	Relevance []RelevanceCase
	// SearchPublicOnly leaves password-protected posts out of a search, as
	// WP_Query::parse_search does for visitors who are not logged in (it adds
	// "AND post_password = ''"), so their hidden content cannot be probed.
	SearchPublicOnly bool
	// SearchIn are the columns a search looks in (search_columns, 6.2): post_title,
	// post_content, post_excerpt; nil is all three.
	SearchIn map[string]bool
	// SearchExact (search_semantics=exact, 6.7) is WP_Query's "exact": each term is
	// compared with LIKE without wildcards, so it must be a whole column.
	SearchExact bool
	// SearchFile lets a search match the attachment's file (_wp_attached_file), as
	// the media controller asks WP_Query to with wp_allow_query_attachment_by_filename.
	SearchFile bool
	// Order ("asc" or "desc") and OrderBy (the REST orderby: date, id, include,
	// include_slugs, relevance, author, modified, parent, menu_order, slug, title).
	Order, OrderBy string
	// IDTieAsc: rows that tie on the sort key come back by ascending id whatever the
	// order, as MySQL's filesort leaves them (WordPress 6.1 returned them so for
	// media and revisions), instead of the date index's descending id.
	IDTieAsc bool
	// TieBy, with IDTieAsc, is the column ("date" or "author") ordering ties before the
	// id: the rows come back in the order MySQL read them, along the index it chose to
	// find one type and status (type_status_date: post_date then ID; type_status_author,
	// 6.9's: post_author then ID), since its filesort keeps that order for equal keys;
	// "" the id alone.
	TieBy string
	// Start is the first row of the window (the LIMIT's offset), Size its length.
	Start, Size int

	prepared     []searchTerm      // Search, ready for matchesSearch
	sortRank     func(p *Post) int // the relevance's ranker of the sorts (relevance)
	clauses      []func(p *Post) bool
	clausesBuilt bool
}

// TaxClause is a clause of a tax_query: the posts with any (or, with And, all) of
// the taxonomy's terms, or, with Exclude, with none of them.
type TaxClause struct {
	Taxonomy string
	Terms    map[int]bool
	And      bool // operator AND: all terms
	Exclude  bool
}

// Less orders two posts by the query's orderby and order; ties fall back to the id in
// the same direction (or ascending, with IDTieAsc), so lists are always explicitly
// ordered.
func (q *PostQuery) Less(a, b *Post) bool {
	switch q.OrderBy {
	case "include":
		return rank(q.IncludeOrder, a.ID) < rank(q.IncludeOrder, b.ID)
	case "include_slugs":
		return rank(q.SlugOrder, a.Slug) < rank(q.SlugOrder, b.Slug)
	case "relevance":
		ra, rb := q.relevance(a), q.relevance(b)
		if ra != rb {
			return ra > rb
		}
	}
	c := q.keyCompare(a, b)
	if c == 0 {
		if q.IDTieAsc {
			return q.tieCompare(a, b) < 0
		}
		c = a.ID - b.ID
	}
	if q.Order == "asc" {
		return c < 0
	}
	return c > 0
}

// tieCompare orders two posts that tie on the sort key as IDTieAsc and TieBy say:
// by the column TieBy names, then by id, ascending whatever the order.
func (q *PostQuery) tieCompare(a, b *Post) int {
	c := 0
	switch q.TieBy {
	case "date":
		c = a.Date.Compare(b.Date)
	case "author":
		c = a.Author - b.Author
	}
	if c != 0 {
		return c
	}
	return a.ID - b.ID
}

// StatusOnly reports whether the query filters by one status and nothing else: the
// query MySQL answers by reading one type's and status's rows off an index.
func (q *PostQuery) StatusOnly() bool { return q.statusOnly() }

// sameKey is the test of a tie on the sort key of an index walk.
func (q *PostQuery) sameKey() func(a, b *Post) bool {
	if q.OrderBy == "date" || q.OrderBy == "relevance" {
		return func(a, b *Post) bool { return a.Date.Equal(b.Date) }
	}
	return func(a, b *Post) bool { return q.keyCompare(a, b) == 0 }
}

// keyCompare compares two posts by the query's sort key alone, ascending (the date
// for relevance, whose ranks Less compares first).
func (q *PostQuery) keyCompare(a, b *Post) int {
	c := 0
	switch q.OrderBy {
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

// singleStatus returns the status when the query asks for exactly one.
func (q *PostQuery) singleStatus() (string, bool) {
	if len(q.Statuses) != 1 {
		return "", false
	}
	for st := range q.Statuses {
		return st, true
	}
	return "", false
}

// statusOnly reports whether the query filters by one status and nothing else.
func (q *PostQuery) statusOnly() bool {
	_, one := q.singleStatus()
	return one && len(q.where()) == 0
}

// Matches reports whether a post has one of the query's statuses and passes every
// clause of where.
func (q *PostQuery) Matches(p *Post) bool {
	return q.Statuses[p.Status] && matchesAll(q.where(), p)
}

// matchesAll reports whether a post passes every clause.
func matchesAll(where []func(p *Post) bool, p *Post) bool {
	for _, c := range where {
		if !c(p) {
			return false
		}
	}
	return true
}

// where is the query's filters besides the status, one clause per filter in use, built
// on first use: set every field before the first match. Matches and the fast path of
// statusOnly read this one list, so a filter is never skipped by one and applied by the
// other.
func (q *PostQuery) where() []func(p *Post) bool {
	if q.clausesBuilt {
		return q.clauses
	}
	q.clausesBuilt = true
	add := func(c func(p *Post) bool) { q.clauses = append(q.clauses, c) }
	switch {
	case q.Include != nil: // WP_Query applies post__not_in only when post__in is empty
		add(func(p *Post) bool { return q.Include[p.ID] })
	case q.Exclude != nil:
		add(func(p *Post) bool { return !q.Exclude[p.ID] })
	}
	if q.Authors != nil || q.AuthorsNot != nil {
		add(func(p *Post) bool { return (q.Authors == nil || q.Authors[p.Author]) && !q.AuthorsNot[p.Author] })
	}
	if q.Parents != nil || q.ParentsNot != nil {
		add(func(p *Post) bool { return (q.Parents == nil || q.Parents[p.Parent]) && !q.ParentsNot[p.Parent] })
	}
	if q.Slugs != nil {
		add(func(p *Post) bool { return q.Slugs[p.Slug] })
	}
	if !q.After.IsZero() || !q.Before.IsZero() {
		add(func(p *Post) bool {
			return (q.After.IsZero() || p.Date.After(q.After)) && (q.Before.IsZero() || p.Date.Before(q.Before))
		})
	}
	if !q.ModAfter.IsZero() || !q.ModBefore.IsZero() {
		add(func(p *Post) bool {
			return (q.ModAfter.IsZero() || p.Modified.After(q.ModAfter)) && (q.ModBefore.IsZero() || p.Modified.Before(q.ModBefore))
		})
	}
	if q.Sticky != nil {
		add(func(p *Post) bool { return p.Sticky == *q.Sticky })
	}
	if q.MenuOrder != nil {
		add(func(p *Post) bool { return p.MenuOrder() == *q.MenuOrder })
	}
	if q.Mimes != nil {
		add(func(p *Post) bool { return q.Mimes[p.Extra().MimeType] })
	}
	if len(q.Tax) > 0 {
		add(q.matchesTax)
	}
	if q.Formats != nil {
		add(func(p *Post) bool {
			if p.Format == "" {
				return q.Formats["standard"]
			}
			return q.Formats[p.Format]
		})
	}
	if len(q.Search) > 0 {
		q.prepared = q.searchTerms()
		add(q.matchesSearch)
	}
	return q.clauses
}

func (q *PostQuery) matchesTax(p *Post) bool {
	for _, c := range q.Tax {
		hits := 0
		for _, id := range p.TermIDs(c.Taxonomy) {
			if c.Terms[id] {
				hits++
			}
		}
		var ok bool
		switch {
		case c.Exclude:
			ok = hits == 0
		case c.And:
			ok = hits == len(c.Terms)
		default:
			ok = hits > 0
		}
		if q.TaxOr && ok {
			return true
		}
		if !q.TaxOr && !ok {
			return false
		}
	}
	return !q.TaxOr
}
