package mock

import (
	"strings"

	"github.com/wpmock/wpmock/mock/rest"
	"github.com/wpmock/wpmock/mock/store"
	"github.com/wpmock/wpmock/mock/wp"
	"github.com/wpmock/wpmock/mock/wpfunc"
)

// The comments list: get_items_permissions_check, and get_items with the
// WP_Comment_Query it builds (store.CommentQuery, run by the store).

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

func intSetOrNil(ids []int) map[int]bool {
	if len(ids) == 0 {
		return nil
	}
	return intSet(ids)
}

// parseQuery maps the request onto WP_Comment_Query's arguments as get_items does.
func (res *comments) parseQuery(r *rest.Request) *store.CommentQuery {
	q := &store.CommentQuery{Size: r.Int("per_page"), OrderBy: r.String("orderby"), Desc: r.String("order") != "asc"}
	offset := wpfunc.MulInt(r.Int("page")-1, q.Size)
	if o := r.Int("offset"); o != 0 {
		offset = o
	}
	q.Start = wp.LimitStart(offset)
	q.Include = r.Ints("include")
	q.In, q.NotIn = intSetOrNil(q.Include), intSetOrNil(r.Ints("exclude"))
	q.Posts, q.Parents, q.ParentsNot = intSetOrNil(r.Ints("post")), intSetOrNil(r.Ints("parent")), intSetOrNil(r.Ints("parent_exclude"))
	q.Authors, q.AuthorsNot = intSetOrNil(r.Ints("author")), intSetOrNil(r.Ints("author_exclude"))
	q.Email = r.String("author_email")
	q.Search = strings.ToLower(strings.TrimSpace(r.String("search")))
	// WP_Comment_Query's status clause
	switch st := r.String("status"); st {
	case "hold":
		q.Statuses = []string{"0"}
	case "approve":
		q.Statuses = []string{"1"}
	case "all", "":
		q.Statuses = []string{"0", "1"}
	case "any":
	default:
		q.Statuses = []string{st}
	}
	if t := r.String("type"); t != "all" {
		q.Type = t
	}
	if d, ok := rest.ParseDate(r.String("after")); ok {
		q.After = d
	}
	if d, ok := rest.ParseDate(r.String("before")); ok {
		q.Before = d
	}
	return q
}

// countWithoutOrder is the versions whose get_items counts an empty page's matches
// with orderby none (changeset 56747, 6.4).
var countWithoutOrder = rest.Span{Since: rest.V64}

// list is get_items: X-WP-Total counts every match, including those the caller may
// then not read (check_read_permission drops them from the page only).
func (res *comments) list(r *rest.Request) (*rest.Response, *rest.Error) {
	tx := txOf(r)
	q := res.parseQuery(r)
	if q.OrderBy == "include" && len(q.Include) == 0 {
		// ORDER BY FIELD( comment_ID, ) is an SQL error: the query finds nothing, and
		// get_items counts again, with that ORDER BY until 6.4 (0), without it since
		resp := rest.OK(rest.EmptyArray)
		total := 0
		if countWithoutOrder.In(res.m.version) {
			total = tx.CountComments(q)
		}
		r.Paginate(resp, "/"+Namespace+"/comments", total, r.Int("page"), q.Size)
		return resp, nil
	}
	window, total := tx.QueryComments(q)
	items := make([]any, 0, len(window))
	for _, c := range window {
		if canReadComment(r, c) {
			items = append(items, res.item.Answer(r, c))
		}
	}
	resp := rest.OK(items)
	r.Paginate(resp, "/"+Namespace+"/comments", total, r.Int("page"), q.Size)
	return resp, nil
}
