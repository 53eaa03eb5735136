package mock

import (
	"math"

	"github.com/wpmock/wpmock/mock/rest"
	"github.com/wpmock/wpmock/mock/store"
	"github.com/wpmock/wpmock/mock/wpfunc"
)

// newListQuery is what the users and terms collections read the same way: the page
// window, the order, and include/exclude, where exclude is dropped whenever include
// is given (WP_User_Query and WP_Term_Query both do so); and the offset asked (offset
// wins over page), from which each query's LIMIT start is derived and the headers'
// pages counted. The query's Start is left to the caller.
func newListQuery(r *rest.Request) (q store.ListQuery, offset int) {
	q = store.ListQuery{Size: r.Int("per_page"), OrderBy: r.String("orderby"), Desc: r.String("order") == "desc"}
	// ($request['page'] - 1) * number in PHP: a product past PHP_INT_MAX is a float,
	// which every later (int) wraps
	offset = wpfunc.MulInt(r.Int("page")-1, q.Size)
	if o := r.Int("offset"); o != 0 {
		offset = o
	}
	q.Include = r.Ints("include")
	q.IncludeSet = intSet(q.Include)
	if q.IncludeSet == nil {
		q.Exclude = intSet(r.Ints("exclude"))
	}
	return q, offset
}

// absint is WordPress's absint: abs(intval(v)). PHP's abs(PHP_INT_MIN) is a float no
// row has as its id; math.MaxInt stands for it.
func absint(v any) int {
	n, ok := wpfunc.Absint(wpfunc.IntVal(v))
	if !ok {
		return math.MaxInt
	}
	return n
}
