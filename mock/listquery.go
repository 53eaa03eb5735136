package mock

import (
	"github.com/wpmock/wpmock/mock/rest"
	"github.com/wpmock/wpmock/mock/wpfunc"
)

// listQuery is what the users and terms collections read the same way: the page
// window (offset wins over page), the order, and include/exclude, where exclude is
// dropped whenever include is given (WP_User_Query and WP_Term_Query both do so).
type listQuery struct {
	offset, perPage int
	orderby         string
	desc            bool
	include         []int
	includeSet      map[int]bool
	exclude         map[int]bool
}

func newListQuery(r *rest.Request) listQuery {
	q := listQuery{perPage: r.Int("per_page"), orderby: r.String("orderby"), desc: r.String("order") == "desc"}
	// ($request['page'] - 1) * number in PHP: a product past PHP_INT_MAX is a float,
	// which every later (int) wraps
	q.offset = wpfunc.MulInt(r.Int("page")-1, q.perPage)
	if o := r.Int("offset"); o != 0 {
		q.offset = o
	}
	q.include = r.Ints("include")
	q.includeSet = intSet(q.include)
	if q.includeSet == nil {
		q.exclude = intSet(r.Ints("exclude"))
	}
	return q
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
