package wp

import (
	"slices"
	"strconv"
	"strings"

	"github.com/wpmock/wpmock/mock/store"
	"github.com/wpmock/wpmock/mock/wpfunc"
)

// taxonomy.php's rules on stored terms: their counts as posts change
// (_update_post_term_count), unique slugs (wp_unique_term_slug, term_exists) and
// deleting a term (wp_delete_term).

// UpdateTermCounts moves a post's share of its terms' counts from its state before a change to
// its state after it (either may be nil): a term counts the published posts of the
// types its taxonomy is registered for that carry it. WordPress adjusts the counts of
// the terms a change touches (_update_post_term_count), and so does the mock, instead
// of recounting the site on every write.
func UpdateTermCounts(tx *store.Tx, before, after *store.Post) {
	delta := map[int]int{}
	add := func(p *store.Post, d int) {
		if p == nil || !countsForTerms(tx, p) {
			return
		}
		for _, ts := range p.Terms {
			if tax := RegistryOf(tx).Taxonomy(ts.Taxonomy); tax != nil && slices.Contains(tax.Types, p.Type) {
				for _, id := range ts.IDs {
					delta[id] += d
				}
			}
		}
	}
	add(before, -1)
	add(after, 1)
	for id, d := range delta {
		if d != 0 {
			tx.ChangeTerm(id, func(t *store.Term) { t.Count += d })
		}
	}
}

// countsForTerms says whether a post counts in its terms' counts
// (_update_post_term_count): published, or an attachment in inherit status whose
// parent is published (an unattached one does not count).
func countsForTerms(tx *store.Tx, p *store.Post) bool {
	if p.Status == "publish" {
		return true
	}
	if p.Type != "attachment" || p.Status != "inherit" || p.Parent == 0 {
		return false
	}
	parent := tx.Post(p.Parent)
	return parent != nil && parent.Status == "publish"
}

// RecountTerms sets every term's count to its number of published posts (once, when a
// dataset is loaded), as _update_post_term_count keeps it.
func RecountTerms(tx *store.Tx) {
	counts := map[int]int{}
	for _, tax := range RegistryOf(tx).Taxonomies {
		for _, typ := range tax.Types {
			list := tx.PostsByStatus(typ, "publish") // not by id: Warm builds that list later
			if typ == "attachment" {
				list = append(slices.Clone(list), tx.PostsByStatus(typ, "inherit")...)
			}
			for _, p := range list {
				if !countsForTerms(tx, p) {
					continue
				}
				for _, id := range p.TermIDs(tax.Slug) {
					counts[id]++
				}
			}
		}
	}
	for _, tax := range RegistryOf(tx).Taxonomies {
		for _, t := range tx.Terms(tax.Slug) {
			if t.Count != counts[t.ID] {
				tx.ChangeTerm(t.ID, func(t *store.Term) { t.Count = counts[t.ID] })
			}
		}
	}
}

// DeleteTerm is wp_delete_term: in a hierarchical taxonomy the term's children move up
// to its parent; posts lose the term, and where the taxonomy has a default term a
// post whose only term of the taxonomy it was gets that one; the counts of the terms
// each post gains or loses follow.
func DeleteTerm(tx *store.Tx, t *store.Term) {
	tax := RegistryOf(tx).Taxonomy(t.Taxonomy)
	if tax.Hierarchical {
		for _, child := range tx.Terms(t.Taxonomy) {
			if child.Parent == t.ID {
				tx.ChangeTerm(child.ID, func(c *store.Term) { c.Parent = t.Parent })
			}
		}
	}
	def := tax.Default(tx)
	fallback := def != 0 && tx.Term(def) != nil
	for _, typ := range tax.Types {
		for _, p := range tx.PostsByID(typ) {
			ids := p.TermIDs(t.Taxonomy)
			if !slices.Contains(ids, t.ID) {
				continue
			}
			kept := []int{def}
			if !fallback || len(ids) > 1 {
				kept = make([]int, 0, len(ids)-1)
				for _, id := range ids {
					if id != t.ID {
						kept = append(kept, id)
					}
				}
			}
			after := tx.ChangePost(p.ID, func(q *store.Post) { q.SetTermIDs(t.Taxonomy, kept) })
			UpdateTermCounts(tx, p, after)
		}
	}
	tx.DeleteTerm(t.ID)
}

// UniqueTermSlug is wp_unique_term_slug for t (its Taxonomy, Parent and, when stored,
// ID). A slug no other term of the taxonomy has is kept. Otherwise a category with a
// parent first tries the ancestors' slugs as suffixes, then -2, -3, ... is added until
// no term of any taxonomy has it (the first lookup skips t itself, the later ones do
// not, as WordPress's queries do).
func UniqueTermSlug(tx *store.Tx, slug string, t *store.Term) string {
	needsSuffix := false
	for _, o := range tx.Terms(t.Taxonomy) {
		if o.Slug == slug {
			needsSuffix = true
		}
	}
	if !needsSuffix {
		return slug
	}
	suffix := ""
	if RegistryOf(tx).Taxonomy(t.Taxonomy).Hierarchical {
		seen := map[int]bool{}
		for id := t.Parent; id != 0 && !seen[id]; {
			seen[id] = true
			p := tx.Term(id)
			if p == nil || p.Taxonomy != t.Taxonomy {
				break
			}
			suffix += "-" + p.Slug
			if !termExists(tx, slug+suffix) {
				break
			}
			id = p.Parent
		}
	}
	slug += suffix
	if !slugUsed(tx, slug, t.ID) {
		return slug
	}
	for n := 2; ; n++ {
		if alt := slug + "-" + strconv.Itoa(n); !slugUsed(tx, alt, 0) {
			return alt
		}
	}
}

// slugUsed reports whether a term of any taxonomy other than skip has the slug.
func slugUsed(tx *store.Tx, slug string, skip int) bool {
	for _, tax := range RegistryOf(tx).Taxonomies {
		for _, o := range tx.Terms(tax.Slug) {
			if o.Slug == slug && o.ID != skip {
				return true
			}
		}
	}
	return false
}

// termExists is term_exists( $s ) without a taxonomy: a term of any taxonomy with the
// slug sanitize_title( $s ), or else with the name (MySQL compares case-insensitively).
func termExists(tx *store.Tx, s string) bool {
	if s = wpfunc.Trim(s); s == "" {
		return false
	}
	slug := wpfunc.SanitizeTitle(s)
	for _, tax := range RegistryOf(tx).Taxonomies {
		for _, o := range tx.Terms(tax.Slug) {
			if o.Slug == slug || strings.EqualFold(o.Name, s) {
				return true
			}
		}
	}
	return false
}
