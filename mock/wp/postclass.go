package wp

import (
	"slices"
	"strconv"
	"strings"

	"github.com/wpmock/wpmock/mock/store"
	"github.com/wpmock/wpmock/mock/wpfunc"
	"github.com/wpmock/wpmock/mock/wpversion"
)

// PostClass is get_post_class( array(), $post->ID ) (post-template.php) as it runs
// inside a REST request for the class_list field (6.6), where
//   - is_admin() and is_home() are false (the REST API answers before the main query
//     runs), so there is the post type's own class and never "sticky";
//   - no request carries the post password cookie, so a protected post is always
//     post-password-required, even in edit context or with ?password=, and then gets
//     no has-post-thumbnail;
//   - the theme supports post-thumbnails (a block theme always does), and is_attachment()
//     asks the main query, so an attachment with a featured image gets the class too;
//   - the public taxonomies are category, post_tag, post_format and a site's own public
//     ones, each post's terms ordered by name as get_the_terms has them.
//
// The classes are listed before get_post_class's array_unique, which the controller's
// JSON shows (a duplicate leaves a gap); a term without a slug gives "".
func PostClass(tx *store.Tx, reg *Registry, v wpversion.Version, p *store.Post) []string {
	classes := []string{"post-" + strconv.Itoa(p.ID), p.Type, "type-" + p.Type, "status-" + p.Status}
	pt := reg.PostType(p.Type)
	if pt != nil && pt.Supported("post-formats", v) {
		format := "standard"
		if p.Format != "" {
			format = wpfunc.SanitizeHTMLClass(p.Format, "")
		}
		classes = append(classes, "format-"+format)
	}
	if p.Password != "" {
		classes = append(classes, "post-password-required")
	} else if p.FeaturedMedia != 0 {
		classes = append(classes, "has-post-thumbnail")
	}
	classes = append(classes, "hentry")
	if pt != nil && len(pt.Taxonomies) > 0 {
		for _, tax := range pt.Taxonomies {
			// get_taxonomies( array( 'public' => true ) ): a site's private taxonomy gives none
			if t := reg.Taxonomy(tax); t != nil {
				if public, ok := t.Visibility.Get("public"); ok && public == false {
					continue
				}
			}
			for _, t := range termsByName(tx, p.TermIDs(tax)) {
				classes = append(classes, termClass(tax, t.Slug, t.ID))
			}
		}
		if p.Format != "" { // the post_format term post-format-<format>
			classes = append(classes, termClass("post_format", "post-format-"+p.Format, 0))
		}
	}
	return classes
}

// termsByName are the terms with the given ids in the order of wp_get_object_terms'
// ORDER BY name under MySQL's case- and accent-insensitive collation (ties by id).
func termsByName(tx *store.Tx, ids []int) []*store.Term {
	terms := make([]*store.Term, 0, len(ids))
	for _, id := range ids {
		if t := tx.Term(id); t != nil {
			terms = append(terms, t)
		}
	}
	key := func(t *store.Term) string { return strings.ToLower(wpfunc.RemoveAccents(t.Name)) }
	slices.SortStableFunc(terms, func(a, b *store.Term) int {
		if c := strings.Compare(key(a), key(b)); c != 0 {
			return c
		}
		return a.ID - b.ID
	})
	return terms
}

// termClass is one term's class in get_post_class: its slug made a class name (the
// term id when nothing is left, or when that is numeric or only dashes), "tag-" for
// tags and the taxonomy's name before it otherwise. A term without a slug has none.
func termClass(taxonomy, slug string, id int) string {
	if slug == "" || slug == "0" { // PHP's empty()
		return ""
	}
	class := wpfunc.SanitizeHTMLClass(slug, strconv.Itoa(id))
	if _, numeric := wpfunc.Numeric(class); numeric || strings.Trim(class, "-") == "" {
		class = strconv.Itoa(id)
	}
	if taxonomy == "post_tag" {
		return "tag-" + class
	}
	return wpfunc.SanitizeHTMLClass(taxonomy+"-"+class, taxonomy+"-"+strconv.Itoa(id))
}
