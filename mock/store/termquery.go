package store

import (
	"slices"
	"sort"
	"strings"
)

// TermQuery is the get_terms (or wp_get_object_terms) query the terms list runs, over
// one taxonomy's terms.
type TermQuery struct {
	ListQuery
	Taxonomy  string
	Slugs     []string // sanitize_title'd; nil is any
	Search    string   // lower case, in the name or the slug; "": no search
	Parent    int
	HasParent bool         // Parent is asked
	PostTerms map[int]bool // the post filter's terms; nil: no post filter
	// HideEmpty lists only terms with posts; with KeepAncestors (a hierarchical
	// taxonomy), an empty term with a descendant that has posts is listed too, though
	// not counted.
	HideEmpty, KeepAncestors bool
}

// QueryTerms runs q: the window and the number of matches. The number is
// wp_count_terms' with the same filters, which under HideEmpty counts only terms with
// posts, even where the list keeps an empty ancestor.
func (tx *Tx) QueryTerms(q *TermQuery) (window []*Term, total int) {
	var keep map[int]bool
	if q.HideEmpty && q.KeepAncestors {
		keep = nonEmptyAncestors(tx, q.Taxonomy)
	}
	var hits []*Term
	for _, t := range tx.Terms(q.Taxonomy) { // ascending id
		if !q.matches(t) {
			continue
		}
		if q.HideEmpty && t.Count == 0 {
			if keep[t.ID] {
				hits = append(hits, t)
			}
			continue
		}
		hits = append(hits, t)
		total++
	}
	switch { // hits are in id order: only other orders need sorting
	case q.OrderBy == "id" && q.Desc:
		slices.Reverse(hits)
	case q.OrderBy != "id" && q.OrderBy != "term_group":
		sort.SliceStable(hits, func(i, j int) bool { return q.less(hits[i], hits[j]) })
	}
	return limit(hits, q.Start, q.Size), total
}

// nonEmptyAncestors are the terms with a descendant that has posts: get_terms keeps
// them under hide_empty in hierarchical taxonomies, though they count for nothing.
func nonEmptyAncestors(tx *Tx, taxonomy string) map[int]bool {
	keep := map[int]bool{}
	for _, t := range tx.Terms(taxonomy) {
		if t.Count == 0 {
			continue
		}
		for p := t.Parent; p != 0 && !keep[p]; {
			keep[p] = true
			parent := tx.Term(p)
			if parent == nil {
				break
			}
			p = parent.Parent
		}
	}
	return keep
}

// matches reports whether a term passes every clause except hide_empty.
func (q *TermQuery) matches(t *Term) bool {
	if q.IncludeSet != nil && !q.IncludeSet[t.ID] || q.Exclude[t.ID] {
		return false
	}
	if q.PostTerms != nil && !q.PostTerms[t.ID] {
		return false
	}
	if q.HasParent && t.Parent != q.Parent {
		return false
	}
	if len(q.Slugs) > 0 && rank(q.Slugs, t.Slug) == len(q.Slugs) {
		return false
	}
	// (t.name LIKE '%s%' OR t.slug LIKE '%s%'), case-insensitive
	if q.Search != "" && !strings.Contains(strings.ToLower(t.Name), q.Search) && !strings.Contains(strings.ToLower(t.Slug), q.Search) {
		return false
	}
	return true
}

// less is WP_Term_Query's ORDER BY <field> <order>; orderby include / include_slugs
// without include / slug fall back to the name. SQL leaves ties unordered; WordPress's
// MariaDB returns them by ascending id whatever the direction (observed on 6.1), and
// so does the mock.
func (q *TermQuery) less(a, b *Term) bool {
	c := 0
	switch {
	case q.OrderBy == "include" && len(q.Include) > 0:
		c = rank(q.Include, a.ID) - rank(q.Include, b.ID)
	case q.OrderBy == "include_slugs" && len(q.Slugs) > 0:
		c = rank(q.Slugs, a.Slug) - rank(q.Slugs, b.Slug)
	case q.OrderBy == "slug":
		c = CompareFold(a.Slug, b.Slug)
	case q.OrderBy == "description":
		c = CompareFold(a.Description, b.Description)
	case q.OrderBy == "count":
		c = a.Count - b.Count
	case q.OrderBy == "id":
		c = a.ID - b.ID
	case q.OrderBy == "term_group": // 0 for every term: all ties
	default:
		c = CompareFold(a.Name, b.Name)
	}
	if c == 0 {
		return a.ID < b.ID
	}
	if q.Desc {
		return c > 0
	}
	return c < 0
}
