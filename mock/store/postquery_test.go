package store

import (
	"reflect"
	"testing"
	"time"
)

// TestEveryFilterIsAClause: each field of PostQuery that narrows the rows makes a
// clause of where when set, so neither Matches nor the one-status fast path
// (statusOnly) can skip it. A new field must be listed here as a filter (and get its
// clause) or as something else.
func TestEveryFilterIsAClause(t *testing.T) {
	notFilters := map[string]string{
		"Type": "the table", "Start": "paging", "Size": "paging",
		"Statuses": "Matches checks it first; the indexes are per status", "Order": "ordering", "OrderBy": "ordering",
		"IDTieAsc": "ordering", "TieBy": "ordering", "Relevance": "ordering", "IncludeOrder": "ordering", "SlugOrder": "ordering",
		"SearchIn": "part of the search clause", "SearchExact": "part of the search clause", "SearchFile": "part of the search clause",
		"SearchPublicOnly": "part of the search clause", "prepared": "part of the search clause", "sortRank": "ordering", "TaxOr": "part of the taxonomy clause",
		"clauses": "the clauses", "clausesBuilt": "the clauses",
	}
	yes := true
	set := map[string]func(q *PostQuery){
		"Search":     func(q *PostQuery) { q.Search = []string{"x"} },
		"Formats":    func(q *PostQuery) { q.Formats = map[string]bool{"aside": true} },
		"After":      func(q *PostQuery) { q.After = time.Unix(1, 0) },
		"Before":     func(q *PostQuery) { q.Before = time.Unix(1, 0) },
		"ModAfter":   func(q *PostQuery) { q.ModAfter = time.Unix(1, 0) },
		"ModBefore":  func(q *PostQuery) { q.ModBefore = time.Unix(1, 0) },
		"Authors":    func(q *PostQuery) { q.Authors = map[int]bool{1: true} },
		"AuthorsNot": func(q *PostQuery) { q.AuthorsNot = map[int]bool{1: true} },
		"Include":    func(q *PostQuery) { q.Include = map[int]bool{1: true} },
		"Exclude":    func(q *PostQuery) { q.Exclude = map[int]bool{1: true} },
		"Parents":    func(q *PostQuery) { q.Parents = map[int]bool{1: true} },
		"ParentsNot": func(q *PostQuery) { q.ParentsNot = map[int]bool{1: true} },
		"Slugs":      func(q *PostQuery) { q.Slugs = map[string]bool{"a": true} },
		"Tax":        func(q *PostQuery) { q.Tax = []TaxClause{{Taxonomy: "category"}} },
		"Sticky":     func(q *PostQuery) { q.Sticky = &yes },
		"MenuOrder":  func(q *PostQuery) { zero := 0; q.MenuOrder = &zero },
		"Mimes":      func(q *PostQuery) { q.Mimes = map[string]bool{"image/png": true} },
	}
	rt := reflect.TypeOf(PostQuery{})
	for i := 0; i < rt.NumField(); i++ {
		name := rt.Field(i).Name
		if _, ok := notFilters[name]; ok {
			continue
		}
		f, ok := set[name]
		if !ok {
			t.Errorf("PostQuery.%s: neither a filter with a clause nor listed as something else", name)
			continue
		}
		q := &PostQuery{Statuses: map[string]bool{"publish": true}}
		f(q)
		if len(q.where()) == 0 || q.statusOnly() {
			t.Errorf("PostQuery.%s set: no clause, and the fast path would skip it", name)
		}
	}
	if q := (&PostQuery{Statuses: map[string]bool{"publish": true}}); !q.statusOnly() {
		t.Error("a query with one status and no filter does not take the fast path")
	}
}
