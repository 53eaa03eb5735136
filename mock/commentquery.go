package mock

import (
	"slices"
	"sort"
	"strings"
	"time"

	"github.com/wpmock/wpmock/mock/rest"
	"github.com/wpmock/wpmock/mock/store"
	"github.com/wpmock/wpmock/mock/wpfunc"
)

// The comments list: get_items_permissions_check, and get_items with the
// WP_Comment_Query it builds.

// listPermission is get_items_permissions_check.
func (res *comments) listPermission(r *rest.Request) *rest.Error {
	tx := txOf(r)
	for _, id := range postIDs(r) {
		if p := tx.Post(id); id != 0 && p != nil && !canReadCommentPost(r, p) {
			return r.Forbidden(codeCannotReadPost, msgCannotReadCommentPost)
		} else if id == 0 && !can(r, "moderate_comments") {
			return r.Forbidden(codeCannotRead, msgCannotReadWithoutPost)
		}
	}
	if r.Context() == rest.Edit && !can(r, "moderate_comments") {
		return r.Forbidden(codeForbiddenContext, msgCannotEditComments)
	}
	if !can(r, "edit_posts") {
		var forbidden []string
		if len(r.Ints("author")) > 0 {
			forbidden = append(forbidden, "author")
		}
		if len(r.Ints("author_exclude")) > 0 {
			forbidden = append(forbidden, "author_exclude")
		}
		if !wpfunc.Empty(r.Param("author_email")) {
			forbidden = append(forbidden, "author_email")
		}
		if r.String("type") != "comment" {
			forbidden = append(forbidden, "type")
		}
		if r.String("status") != "approve" {
			forbidden = append(forbidden, "status")
		}
		if len(forbidden) > 0 {
			return r.Forbidden(codeForbiddenParam, msgForbiddenParam+strings.Join(forbidden, ", "))
		}
	}
	return nil
}

// commentQuery is the WP_Comment_Query get_items runs.
type commentQuery struct {
	offset, perPage int
	orderby         string
	desc            bool
	include         []int
	in, notIn       map[int]bool
	posts           map[int]bool
	parents         map[int]bool
	parentsNot      map[int]bool
	authors         map[int]bool
	authorsNot      map[int]bool
	email           string
	search          string
	statuses        []string // comment_approved values; nil: any
	typ             string   // "": any type
	after, before   time.Time
}

func intSetOrNil(ids []int) map[int]bool {
	if len(ids) == 0 {
		return nil
	}
	return intSet(ids)
}

func (res *comments) parseQuery(r *rest.Request) *commentQuery {
	q := &commentQuery{perPage: r.Int("per_page"), orderby: r.String("orderby"), desc: r.String("order") != "asc"}
	q.offset = wpfunc.MulInt(r.Int("page")-1, q.perPage)
	if o := r.Int("offset"); o != 0 {
		q.offset = o
	}
	q.include = r.Ints("include")
	q.in, q.notIn = intSetOrNil(q.include), intSetOrNil(r.Ints("exclude"))
	q.posts, q.parents, q.parentsNot = intSetOrNil(r.Ints("post")), intSetOrNil(r.Ints("parent")), intSetOrNil(r.Ints("parent_exclude"))
	q.authors, q.authorsNot = intSetOrNil(r.Ints("author")), intSetOrNil(r.Ints("author_exclude"))
	q.email = r.String("author_email")
	q.search = strings.ToLower(strings.TrimSpace(r.String("search")))
	// WP_Comment_Query's status clause
	switch st := r.String("status"); st {
	case "hold":
		q.statuses = []string{"0"}
	case "approve":
		q.statuses = []string{"1"}
	case "all", "":
		q.statuses = []string{"0", "1"}
	case "any":
	default:
		q.statuses = []string{st}
	}
	if t := r.String("type"); t != "all" {
		q.typ = t
	}
	if d, ok := rest.ParseDate(r.String("after")); ok {
		q.after = d
	}
	if d, ok := rest.ParseDate(r.String("before")); ok {
		q.before = d
	}
	return q
}

// candidates is the smallest stored list that holds every match: the posts' or the
// parents' comments, or one status's, else the whole table; each in date order.
func (q *commentQuery) candidates(tx *store.Tx) []*store.Comment {
	merge := func(keys map[int]bool, list func(int) []*store.Comment) []*store.Comment {
		var out []*store.Comment
		for k := range keys {
			out = append(out, list(k)...)
		}
		slices.SortFunc(out, func(a, b *store.Comment) int {
			if c := a.DateGMT.Compare(b.DateGMT); c != 0 {
				return c
			}
			return a.ID - b.ID
		})
		return out
	}
	switch {
	case q.posts != nil:
		return merge(q.posts, tx.CommentsOfPost)
	case q.parents != nil:
		return merge(q.parents, tx.CommentReplies)
	case len(q.statuses) == 1:
		return tx.CommentsWithStatus(q.statuses[0])
	}
	return tx.Comments()
}

func (q *commentQuery) matches(c *store.Comment) bool {
	switch {
	case q.in != nil && !q.in[c.ID], q.notIn[c.ID],
		q.posts != nil && !q.posts[c.Post],
		q.parents != nil && !q.parents[c.Parent], q.parentsNot[c.Parent],
		q.authors != nil && !q.authors[c.UserID], q.authorsNot[c.UserID],
		q.email != "" && !strings.EqualFold(c.AuthorEmail, q.email),
		q.statuses != nil && !slices.Contains(q.statuses, c.Approved),
		q.typ == "comment" && c.Type != "comment" && c.Type != "",
		q.typ == "pings" && c.Type != "pingback" && c.Type != "trackback",
		q.typ != "" && q.typ != "comment" && q.typ != "pings" && c.Type != q.typ,
		!q.after.IsZero() && !c.Date.After(q.after),
		!q.before.IsZero() && !c.Date.Before(q.before):
		return false
	}
	if q.search != "" {
		for _, s := range []string{c.Author, c.AuthorEmail, c.AuthorURL, c.AuthorIP, c.Content} {
			if strings.Contains(strings.ToLower(s), q.search) {
				return true
			}
		}
		return false
	}
	return true
}

// less is the ORDER BY of WP_Comment_Query: the column, then comment_ID. The id
// follows the direction of a date column; after any other column it is DESC whatever
// the order, as WP_Comment_Query's strpos( 'ASC', $orderby_clause ) (haystack and
// needle swapped) never finds ASC.
func (q *commentQuery) less(a, b *store.Comment) bool {
	c := 0
	switch q.orderby {
	case "include":
		return rank(q.include, a.ID) < rank(q.include, b.ID)
	case "id":
	case "post":
		c = a.Post - b.Post
	case "parent":
		c = a.Parent - b.Parent
	case "type":
		c = strings.Compare(commentType(a), commentType(b))
	case "date":
		c = a.Date.Compare(b.Date)
	default:
		c = a.DateGMT.Compare(b.DateGMT)
	}
	if q.desc {
		c = -c
	}
	if c != 0 {
		return c < 0
	}
	if q.orderby == "id" || q.orderby == "date" || q.orderby == "date_gmt" {
		if q.desc {
			return a.ID > b.ID
		}
		return a.ID < b.ID
	}
	return a.ID > b.ID
}

// countWithoutOrder is the versions whose get_items counts an empty page's matches
// with orderby none (changeset 56747, 6.4).
var countWithoutOrder = rest.Span{Since: rest.V64}

// list is get_items: X-WP-Total counts every match, including those the caller may
// then not read (check_read_permission drops them from the page only).
func (res *comments) list(r *rest.Request) (*rest.Response, *rest.Error) {
	tx := txOf(r)
	q := res.parseQuery(r)
	var hits []*store.Comment
	for _, c := range q.candidates(tx) { // oldest first
		if q.matches(c) {
			hits = append(hits, c)
		}
	}
	if q.orderby == "include" && len(q.include) == 0 {
		// ORDER BY FIELD( comment_ID, ) is an SQL error: the query finds nothing, and
		// get_items counts again, with that ORDER BY until 6.4 (0), without it since
		resp := rest.OK(rest.EmptyArray)
		total := 0
		if countWithoutOrder.In(res.m.version) {
			total = len(hits)
		}
		r.Paginate(resp, "/"+Namespace+"/comments", total, r.Int("page"), q.perPage)
		return resp, nil
	}
	switch q.orderby {
	case "date_gmt", "date", "":
		if q.desc {
			slices.Reverse(hits)
		}
	default:
		sort.SliceStable(hits, func(i, j int) bool { return q.less(hits[i], hits[j]) })
	}
	start, ok := wpfunc.Absint(q.offset)
	var window []*store.Comment
	if ok && start < len(hits) {
		window = hits[start:min(start+q.perPage, len(hits))]
	}
	items := make([]any, 0, len(window))
	for _, c := range window {
		if canReadComment(r, c) {
			items = append(items, res.item.Answer(r, c))
		}
	}
	resp := rest.OK(items)
	r.Paginate(resp, "/"+Namespace+"/comments", len(hits), r.Int("page"), q.perPage)
	return resp, nil
}
