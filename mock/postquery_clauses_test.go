package mock

import (
	"reflect"
	"testing"
	"time"
)

// TestEveryFilterIsAClause: each field of postQuery that narrows the rows makes a
// clause of where when set, so neither matches nor the one-status fast path
// (statusOnly) can skip it. A new field must be listed here as a filter (and get its
// clause) or as something else.
func TestEveryFilterIsAClause(t *testing.T) {
	notFilters := map[string]string{
		"typ": "the table", "page": "paging", "perPage": "paging", "offset": "paging", "hasOffset": "paging",
		"statuses": "matches checks it first; the indexes are per status", "order": "ordering", "orderby": "ordering",
		"idTieAsc": "ordering", "relevancePhrase": "ordering", "includeOrder": "ordering", "slugOrder": "ordering",
		"stickyFirst": "moves rows, filters none", "nothing": "empties the answer after the walk",
		"searchIn": "part of the search clause", "searchExact": "part of the search clause",
		"searchPublicOnly": "part of the search clause", "prepared": "part of the search clause", "taxOr": "part of the taxonomy clause",
		"clauses": "the clauses", "clausesBuilt": "the clauses",
	}
	yes := true
	set := map[string]func(q *postQuery){
		"search":     func(q *postQuery) { q.search = []string{"x"} },
		"formats":    func(q *postQuery) { q.formats = map[string]bool{"aside": true} },
		"after":      func(q *postQuery) { q.after = time.Unix(1, 0) },
		"before":     func(q *postQuery) { q.before = time.Unix(1, 0) },
		"modAfter":   func(q *postQuery) { q.modAfter = time.Unix(1, 0) },
		"modBefore":  func(q *postQuery) { q.modBefore = time.Unix(1, 0) },
		"authors":    func(q *postQuery) { q.authors = map[int]bool{1: true} },
		"authorsNot": func(q *postQuery) { q.authorsNot = map[int]bool{1: true} },
		"include":    func(q *postQuery) { q.include = map[int]bool{1: true} },
		"exclude":    func(q *postQuery) { q.exclude = map[int]bool{1: true} },
		"parents":    func(q *postQuery) { q.parents = map[int]bool{1: true} },
		"parentsNot": func(q *postQuery) { q.parentsNot = map[int]bool{1: true} },
		"slugs":      func(q *postQuery) { q.slugs = map[string]bool{"a": true} },
		"taxClauses": func(q *postQuery) { q.taxClauses = []taxClause{{taxonomy: "category"}} },
		"sticky":     func(q *postQuery) { q.sticky = &yes },
		"menuOrder":  func(q *postQuery) { zero := 0; q.menuOrder = &zero },
		"mimes":      func(q *postQuery) { q.mimes = map[string]bool{"image/png": true} },
	}
	rt := reflect.TypeOf(postQuery{})
	for i := 0; i < rt.NumField(); i++ {
		name := rt.Field(i).Name
		if _, ok := notFilters[name]; ok {
			continue
		}
		f, ok := set[name]
		if !ok {
			t.Errorf("postQuery.%s: neither a filter with a clause nor listed as something else", name)
			continue
		}
		q := &postQuery{statuses: map[string]bool{"publish": true}}
		f(q)
		if len(q.where()) == 0 || q.statusOnly() {
			t.Errorf("postQuery.%s set: no clause, and the fast path would skip it", name)
		}
	}
	if q := (&postQuery{statuses: map[string]bool{"publish": true}}); !q.statusOnly() {
		t.Error("a query with one status and no filter does not take the fast path")
	}
}
