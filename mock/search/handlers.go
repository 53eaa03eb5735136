// Package search is WordPress's wp-includes/rest-api/search: the handlers
// WP_REST_Search_Controller searches with, in the order core registers them: posts
// (WP_REST_Post_Search_Handler), terms (WP_REST_Term_Search_Handler) and post formats
// (WP_REST_Post_Format_Search_Handler). Each searches (search_items) and fills in a
// hit (prepare_item, prepare_item_links). The controller, its route, arguments and
// paging, stays in package mock (search.go); this package never imports mock.
package search

import (
	"sort"
	"strconv"
	"strings"

	"github.com/wpmock/wpmock/mock/rest"
	"github.com/wpmock/wpmock/mock/store"
	"github.com/wpmock/wpmock/mock/wp"
	"github.com/wpmock/wpmock/mock/wpfunc"
)

// Any is the subtype that stands for all the handler's subtypes.
const Any = "any"

// Result is one hit: a post, a term or a post format (its slug). A result is {id,
// title, url, type, subtype} whatever it found; each handler fills in what it has.
type Result struct {
	Post   *store.Post
	Term   *store.Term
	Format string
}

// Handler is a WP_REST_Search_Handler: its type, its subtypes, and search_items (the
// hits of one page and the total).
type Handler struct {
	Type     string
	Subtypes func() []string
	Search   func(r *rest.Request, subtypes []string) ([]Result, int)
}

// Handlers are the handlers core registers, in order, for the site g.
func Handlers(g *wp.Registry) []*Handler {
	return []*Handler{
		{Type: "post", Subtypes: func() []string { return postTypes(g) }, Search: searchPosts},
		{Type: "term", Subtypes: func() []string { return taxonomies(g) },
			Search: func(r *rest.Request, subtypes []string) ([]Result, int) { return searchTerms(r, g, subtypes) }},
		{Type: "post-format", Subtypes: func() []string { return nil }, Search: searchFormats},
	}
}

// postTypes are the post handler's subtypes: get_post_types(public, show_in_rest)
// but attachment, from the post types' declarations.
func postTypes(g *wp.Registry) []string {
	var out []string
	for _, pt := range g.PostTypes {
		if pt.IsPublic() && pt.RestBase != "" && pt.Slug != "attachment" { // public, not publicly_queryable
			out = append(out, pt.Slug)
		}
	}
	return out
}

// taxonomies are the term handler's subtypes: get_taxonomies(public, show_in_rest),
// from the taxonomies' declarations.
func taxonomies(g *wp.Registry) []string {
	out := make([]string, 0, len(g.Taxonomies))
	for _, t := range g.Taxonomies {
		if public, _ := t.Visibility.Get("public"); public == true { // not nav_menu
			out = append(out, t.Slug)
		}
	}
	return out
}

// ID is the hit's id: the post's or term's, the format's slug.
func (h *Result) ID() any {
	switch {
	case h.Post != nil:
		return h.Post.ID
	case h.Term != nil:
		return h.Term.ID
	}
	return h.Format
}

// Title is the hit's title in version v of the site g: for a post get_the_title
// without "Protected: " (the handler's protected_title_format; only published posts
// are found, so no "Private: " either), "" for a type without titles.
func (h *Result) Title(g *wp.Registry, v rest.Version) string {
	switch {
	case h.Post != nil:
		if !g.TypeOf(h.Post.Type).Supported("title", v) {
			return ""
		}
		return wp.RenderedTitle(h.Post, "")
	case h.Term != nil:
		return h.Term.Name
	}
	return wp.PostFormatString(h.Format)
}

// URL is the hit's link: get_permalink, get_term_link, or the format's
// (get_term_link of post-format-<slug>).
func (h *Result) URL(l wp.Permalinks) string {
	switch {
	case h.Post != nil:
		return l.Post(h.Post)
	case h.Term != nil:
		return l.Term(h.Term)
	}
	return l.PostFormat(h.Format)
}

// ObjectType is the hit's "type": the handler's, but the term handler puts the
// taxonomy here (and gives no subtype).
func (h *Result) ObjectType() string {
	switch {
	case h.Post != nil:
		return "post"
	case h.Term != nil:
		return h.Term.Taxonomy
	}
	return "post-format"
}

// Subtype is the hit's "subtype": a post's type; absent otherwise.
func (h *Result) Subtype() any {
	if h.Post != nil {
		return h.Post.Type
	}
	return rest.Absent
}

// Links are the handler's prepare_item_links: self (embeddable) and about, for posts
// and terms of namespace; nothing for formats.
func (h *Result) Links(r *rest.Request, g *wp.Registry, namespace string) rest.Links {
	var ls rest.Links
	switch {
	case h.Post != nil:
		if pt := g.TypeOf(h.Post.Type); pt.RestBase != "" {
			ls = ls.Add("self", r.RestURL(pt.Route()+"/"+strconv.Itoa(h.Post.ID)), rest.Embeddable...)
		}
		ls = ls.Add("about", r.RestURL("/"+namespace+"/types/"+h.Post.Type))
	case h.Term != nil:
		if tx := g.Taxonomy(h.Term.Taxonomy); tx != nil {
			ls = ls.Add("self", r.RestURL(tx.Route()+"/"+strconv.Itoa(h.Term.ID)), rest.Embeddable...)
		}
		ls = ls.Add("about", r.RestURL("/"+namespace+"/taxonomies/"+h.Term.Taxonomy))
	}
	return ls
}

// idSet is a list of ids as a set (nil for none).
func idSet(ids []int) map[int]bool {
	if len(ids) == 0 {
		return nil
	}
	out := make(map[int]bool, len(ids))
	for _, id := range ids {
		out[id] = true
	}
	return out
}

// searchPosts is the post handler: WP_Query of the post types, published only,
// ignoring sticky posts, with s, post__not_in and post__in; a search orders by
// relevance then date, else by date, newest first. found_posts is 0 for a page past
// the end (WP_Query sets it only when the page has rows).
func searchPosts(r *rest.Request, subtypes []string) ([]Result, int) {
	if len(subtypes) == 0 {
		subtypes = []string{"post"} // WP_Query's post type when it is given none
	}
	tx := r.Tx.(*store.Tx)
	q := &store.PostQuery{Type: "post", Statuses: map[string]bool{"publish": true}, Order: "desc", OrderBy: "date",
		Include: idSet(r.Ints("include")), Exclude: idSet(r.Ints("exclude"))}
	if s := searchParam(r); s != "" {
		wp.ParseSearch(s).Apply(q)
		// MySQL sorts by the relevance CASE itself: ties come by ascending id
		q.OrderBy, q.IDTieAsc = "relevance", true
		q.SearchPublicOnly = !r.LoggedInCaller()
	}
	start := wp.QueryStart(r.Int("page"), r.Int("per_page"), 0, false)
	perPage := r.Int("per_page")
	window, total := wp.QueryPublished(tx, q, subtypes, start, perPage)
	if len(window) == 0 {
		total = 0
	}
	out := make([]Result, len(window))
	for i, p := range window {
		out[i] = Result{Post: p}
	}
	return out, total
}

// searchTerms is the term handler: get_terms of the taxonomies (all of them for none)
// with hide_empty false, the search (name or slug), include (which drops exclude) or
// exclude, ordered by name; the total is wp_count_terms of the same query.
func searchTerms(r *rest.Request, g *wp.Registry, subtypes []string) ([]Result, int) {
	if len(subtypes) == 0 {
		subtypes = taxonomies(g)
	}
	tx := r.Tx.(*store.Tx)
	include, exclude := idSet(r.Ints("include")), idSet(r.Ints("exclude"))
	if include != nil {
		exclude = nil
	}
	needle := strings.ToLower(searchParam(r))
	var hits []*store.Term
	seen := map[string]bool{}
	for _, tax := range subtypes {
		if seen[tax] {
			continue
		}
		seen[tax] = true
		for _, t := range tx.Terms(tax) { // terms are few: filtered and sorted per request
			if include != nil && !include[t.ID] || exclude[t.ID] {
				continue
			}
			if needle != "" && !store.ContainsFold(t.Name, needle) && !store.ContainsFold(t.Slug, needle) {
				continue
			}
			hits = append(hits, t)
		}
	}
	sort.Slice(hits, func(i, j int) bool {
		if c := store.CompareFold(hits[i].Name, hits[j].Name); c != 0 {
			return c < 0
		}
		return hits[i].ID < hits[j].ID
	})
	offset := wpfunc.MulInt(r.Int("page")-1, r.Int("per_page"))
	var out []Result
	if start, ok := wpfunc.Absint(offset); ok && start < len(hits) {
		for _, t := range hits[start:min(start+r.Int("per_page"), len(hits))] {
			out = append(out, Result{Term: t})
		}
	}
	return out, len(hits)
}

// searchFormats is the post format handler: the formats whose slug or name holds the
// search (stripos), among those get_post_format_link has a link for (a post has had
// the format), in get_post_format_strings' order; the subtype is not looked at.
func searchFormats(r *rest.Request, _ []string) ([]Result, int) {
	tx := r.Tx.(*store.Tx)
	needle := strings.ToLower(searchParam(r))
	var found []string
	for _, f := range wp.PostFormats {
		if needle != "" && !store.ContainsFold(f, needle) && !store.ContainsFold(wp.PostFormatString(f), needle) {
			continue
		}
		if tx.HasFormat(f) {
			found = append(found, f)
		}
	}
	start := wpfunc.MulInt(r.Int("page")-1, r.Int("per_page"))
	var out []Result
	if start >= 0 && start < len(found) {
		for _, f := range found[start:min(start+r.Int("per_page"), len(found))] {
			out = append(out, Result{Format: f})
		}
	}
	return out, len(found)
}

// searchParam is the search as the handlers test it, with PHP's empty(): "" and "0"
// are no search.
func searchParam(r *rest.Request) string {
	s := strings.TrimSpace(r.String("search"))
	if s == "0" {
		return ""
	}
	return s
}
