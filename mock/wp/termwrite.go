package wp

import (
	"net/http"

	"github.com/wpmock/wpmock/mock/store"
	"github.com/wpmock/wpmock/mock/wpfunc"
)

// taxonomy.php's checks of a term write that need no request: wp_insert_term's taken
// name and wp_check_term_hierarchy_for_loops.

const (
	// CodeTermExists: a create whose name is taken (wp_insert_term); 400, data.term_id.
	CodeTermExists = "term_exists"
	// MsgTermExists: the taken name is in a flat taxonomy (tags).
	MsgTermExists = "A term with the name provided already exists in this taxonomy."
	// MsgTermExistsParent: the taken name is a sibling's (categories).
	MsgTermExistsParent = "A term with the name provided already exists with this parent."
)

// TermNameTaken is wp_insert_term's duplicate check: a term of the same parent whose
// name matches (MySQL finds it case- and accent-insensitively, then strtolower must
// agree, which in PHP 8.2 is ASCII only) makes the create fail unless a slug nobody in
// the taxonomy has was given. Categories (a hierarchical taxonomy) compare with the
// siblings once more, case sensitively. It returns the term that holds the name.
func TermNameTaken(tx *store.Tx, taxonomy string, hierarchical bool, t *store.Term, slug string, provided bool) (*store.Term, *Error) {
	var match, slugMatch *store.Term
	for _, o := range tx.Terms(taxonomy) {
		if match == nil && o.Parent == t.Parent && wpfunc.StrToLower(o.Name) == wpfunc.StrToLower(t.Name) {
			match = o
		}
		if slugMatch == nil && o.Slug == slug {
			slugMatch = o
		}
	}
	if match == nil || provided && match.Slug != slug && slugMatch == nil {
		return nil, nil
	}
	existing, msg := match, MsgTermExists
	if hierarchical {
		existing, msg = nil, MsgTermExistsParent
		siblingName, siblingSlug := false, false
		for _, o := range tx.Terms(taxonomy) {
			if o.Parent == t.Parent {
				siblingName = siblingName || o.Name == t.Name
				siblingSlug = siblingSlug || o.Slug == slug
			}
		}
		switch {
		case (!provided || match.Slug == slug) && siblingName:
			existing = match
		case slugMatch != nil && siblingSlug:
			existing = slugMatch
		}
		if existing == nil {
			return nil, nil
		}
	}
	return existing, &Error{Code: CodeTermExists, Message: msg, Status: http.StatusBadRequest}
}

// TermParentWithoutLoop is wp_check_term_hierarchy_for_loops: a term cannot be its own
// ancestor, so such a parent becomes 0.
func TermParentWithoutLoop(tx *store.Tx, id, parent int) int {
	seen := map[int]bool{}
	for p := parent; p != 0 && !seen[p]; {
		if p == id {
			return 0
		}
		seen[p] = true
		pt := tx.Term(p)
		if pt == nil {
			break
		}
		p = pt.Parent
	}
	return parent
}
