package mock

import (
	"net/http"
	"sort"
	"strconv"
	"strings"

	"github.com/wpmock/wpmock/mock/rest"
	"github.com/wpmock/wpmock/mock/store"
	"github.com/wpmock/wpmock/mock/wp"
	"github.com/wpmock/wpmock/mock/wpfunc"
)

// /wp/v2/search: WP_REST_Search_Controller with the three handlers core registers, in
// their order: posts (WP_REST_Post_Search_Handler), terms (WP_REST_Term_Search_Handler)
// and post formats (WP_REST_Post_Format_Search_Handler). A result is {id, title, url,
// type, subtype} whatever it found; each handler fills in what it has.

// Error codes of the search controller.
const (
	// codeSearchInvalidType: the subtype's sanitize_callback could not find the handler
	// of the type parameter (an unknown type sent beside a subtype).
	codeSearchInvalidType = "rest_search_invalid_type"
	// codeSearchInvalidPage: a page past the last one of a non-empty result.
	codeSearchInvalidPage = "rest_search_invalid_page_number"
)

// Messages of the search controller.
const (
	msgSearchInvalidType = "Invalid type parameter."
	msgSearchInvalidPage = "The page number requested is larger than the number of pages available."
)

// searchAny is the subtype that stands for all the handler's subtypes.
const searchAny = "any"

// searchResult is one hit: a post, a term or a post format (its slug).
type searchResult struct {
	post   *store.Post
	term   *store.Term
	format string
}

// searchHandler is a WP_REST_Search_Handler: its type, its subtypes, the search
// (the hits of one page and the total) and the links of a hit.
type searchHandler struct {
	typ      string
	subtypes func() []string
	search   func(r *rest.Request, subtypes []string) ([]searchResult, int)
}

// search is the /wp/v2/search resource.
type search struct {
	m        *Mock
	item     *rest.Item[searchResult]
	handlers []*searchHandler
}

type searchField = rest.Field[searchResult]

// postSearchTypes are the post handler's subtypes: get_post_types(public, show_in_rest)
// but attachment, from the post types' declarations.
func (res *search) postSearchTypes() []string {
	var out []string
	for _, pt := range res.m.reg.PostTypes {
		if pt.IsPublic() && pt.RestBase != "" && pt.Slug != "attachment" { // public, not publicly_queryable
			out = append(out, pt.Slug)
		}
	}
	return out
}

// termSearchTaxonomies are the term handler's subtypes: get_taxonomies(public,
// show_in_rest), from the taxonomies' declarations.
func (res *search) termSearchTaxonomies() []string {
	out := make([]string, 0, len(res.m.reg.Taxonomies))
	for _, t := range res.m.reg.Taxonomies {
		if public, _ := t.Visibility.Get("public"); public == true { // not nav_menu
			out = append(out, t.Slug)
		}
	}
	return out
}

func (res *search) init() {
	if res.item != nil {
		return
	}
	res.handlers = []*searchHandler{
		{typ: "post", subtypes: res.postSearchTypes, search: res.searchPosts},
		{typ: "term", subtypes: res.termSearchTaxonomies, search: res.searchTerms},
		{typ: "post-format", subtypes: func() []string { return nil }, search: res.searchFormats},
	}
	types, subtypes := res.typesAndSubtypes()
	ctx := []string{rest.View, rest.Embed}
	ro := func(s *rest.Schema) *rest.Schema { return s.Ctx(ctx...).RO() }
	m := res.m
	res.item = (&rest.Item[searchResult]{Title: "search-result", Links: res.links, Fields: []*searchField{
		rest.F(ro(rest.New("id", "integer", "string").Desc("Unique identifier for the object.")),
			func(_ *rest.Request, h *searchResult) any {
				switch {
				case h.post != nil:
					return h.post.ID
				case h.term != nil:
					return h.term.ID
				}
				return h.format
			}),
		rest.F(ro(rest.Str("title").Desc("The title for the object.")),
			func(_ *rest.Request, h *searchResult) any {
				switch {
				case h.post != nil:
					// get_the_title without "Protected: " (the handler's
					// protected_title_format); only published posts are found, so
					// no "Private: " either
					if !m.reg.TypeOf(h.post.Type).Supported("title", m.version) {
						return ""
					}
					return wp.RenderedTitle(h.post, "")
				case h.term != nil:
					return h.term.Name
				}
				return formatString(h.format)
			}),
		rest.F(ro(rest.Str("url").Fmt("uri").Desc("URL to the object.")),
			func(r *rest.Request, h *searchResult) any {
				switch {
				case h.post != nil:
					return m.permalink(r, h.post)
				case h.term != nil:
					return termLink(r, h.term)
				}
				return permalinks(r).PostFormat(h.format) // get_term_link of post-format-<slug>
			}),
		rest.F(ro(rest.Str("type").Desc("Object type.").OneOfEnum(types...)),
			func(_ *rest.Request, h *searchResult) any {
				switch {
				case h.post != nil:
					return "post"
				case h.term != nil:
					// the term handler puts the taxonomy here, and gives no subtype
					return h.term.Taxonomy
				}
				return "post-format"
			}),
		rest.F(ro(rest.Str("subtype").Desc("Object subtype.").OneOfEnum(subtypes...)),
			func(_ *rest.Request, h *searchResult) any {
				if h.post != nil {
					return h.post.Type
				}
				return rest.Absent
			}),
	}}).For(m.version)
}

// typesAndSubtypes are the handlers' types and their subtypes merged, in order.
func (res *search) typesAndSubtypes() (types, subtypes []string) {
	for _, h := range res.handlers {
		types = append(types, h.typ)
		subtypes = append(subtypes, h.subtypes()...)
	}
	return types, subtypes
}

func (res *search) handler(typ string) *searchHandler {
	for _, h := range res.handlers {
		if h.typ == typ {
			return h
		}
	}
	return nil
}

// links are the handler's prepare_item_links (self, embeddable, and about, for posts
// and terms; nothing for formats), then the controller's collection.
func (res *search) links(r *rest.Request, h *searchResult) rest.Links {
	var ls rest.Links
	switch {
	case h.post != nil:
		if pt := registry(r).TypeOf(h.post.Type); pt.RestBase != "" {
			ls = ls.Add("self", r.RestURL(pt.Route()+"/"+strconv.Itoa(h.post.ID)), rest.Embeddable...)
		}
		ls = ls.Add("about", r.RestURL("/"+Namespace+"/types/"+h.post.Type))
	case h.term != nil:
		if tx := registry(r).Taxonomy(h.term.Taxonomy); tx != nil {
			ls = ls.Add("self", r.RestURL(tx.Route()+"/"+strconv.Itoa(h.term.ID)), rest.Embeddable...)
		}
		ls = ls.Add("about", r.RestURL("/"+Namespace+"/taxonomies/"+h.term.Taxonomy))
	}
	return ls.Add("collection", r.RestURL("/"+Namespace+"/search"))
}

func (res *search) routes() []*rest.Route {
	res.init()
	return []*rest.Route{{Namespace: Namespace, Pattern: "/" + Namespace + "/search", Shape: rest.Shape{List: true}, Schema: res.item.SchemaJSON,
		Endpoints: []*rest.Endpoint{{Methods: rest.Readable, Args: res.args(), Handler: res.list}}}}
}

// args are get_collection_params: the controller's context (view and embed, the
// schema's contexts), page, per_page and search, then type (the first handler's by
// default), subtype, exclude and include.
func (res *search) args() []*rest.Schema {
	types, subtypes := res.typesAndSubtypes()
	context := rest.Str("context").Desc("Scope under which the request is made; determines fields present in response.").
		OneOfEnum(rest.View, rest.Embed).Def(rest.View).Checked()
	subtype := rest.Arr("subtype", rest.Str("").OneOfEnum(append(subtypes, searchAny)...)).
		Desc("Limit results to items of one or more object subtypes.").Def(searchAny)
	subtype.Sanitize = res.sanitizeSubtypes(subtype)
	args := append([]*rest.Schema{context}, pageArgs()...)
	return append(args,
		rest.Str("type").Desc("Limit results to items of an object type.").OneOfEnum(types...).Def(types[0]),
		subtype,
		intsArg("exclude", "Ensure result set excludes specific IDs."),
		intsArg("include", "Limit result set to specific IDs."),
	)
}

// sanitizeSubtypes is sanitize_subtypes: a slug list checked against the enum; "any"
// wins over the others; else the subtypes of the type's handler among them (none is
// none: the handlers then search as WP_Query and get_terms do without a type). It
// reads the type as sent, before its own check: an unknown one is
// rest_search_invalid_type.
func (res *search) sanitizeSubtypes(arg *rest.Schema) func(r *rest.Request, v any, param string) (any, *rest.Error) {
	return func(r *rest.Request, v any, param string) (any, *rest.Error) {
		raw, _ := sanitizeSlugList(r, v, param)
		list, err := arg.Validate(raw, param)
		if err != nil {
			return nil, err
		}
		subtypes, _ := list.([]any)
		for _, s := range subtypes {
			if s == searchAny {
				return []any{searchAny}, nil
			}
		}
		typ := "post" // the type's default
		if v, ok := r.Raw("type"); ok {
			typ, _ = v.(string)
		}
		h := res.handler(typ)
		if h == nil {
			return nil, rest.Errorf(http.StatusBadRequest, codeSearchInvalidType, msgSearchInvalidType)
		}
		out := []any{}
		for _, s := range subtypes {
			for _, known := range h.subtypes() {
				if s == known {
					out = append(out, s)
					break
				}
			}
		}
		return out, nil
	}
}

// list is get_items: the handler's page of hits, X-WP-Total and X-WP-TotalPages, and
// rest_search_invalid_page_number past the last page of a non-empty result.
func (res *search) list(r *rest.Request) (*rest.Response, *rest.Error) {
	h := res.handler(r.String("type"))
	if h == nil {
		return nil, rest.Errorf(http.StatusBadRequest, codeSearchInvalidType, msgSearchInvalidType)
	}
	subtypes := r.Strings("subtype")
	for _, s := range subtypes {
		if s == searchAny {
			subtypes = h.subtypes()
			break
		}
	}
	hits, total := h.search(r, subtypes)
	page, perPage := r.Int("page"), r.Int("per_page")
	if maxPages := (total + perPage - 1) / perPage; page > maxPages && total > 0 {
		return nil, rest.Errorf(http.StatusBadRequest, codeSearchInvalidPage, msgSearchInvalidPage)
	}
	items := make([]any, 0, len(hits))
	for i := range hits {
		items = append(items, orEmptyArray(res.item.Render(r, &hits[i])))
	}
	resp := rest.OK(items)
	r.PaginateUnclamped(resp, "/"+Namespace+"/search", total, page, perPage)
	return resp, nil
}

// searchPosts is the post handler: WP_Query of the post types, published only,
// ignoring sticky posts, with s, post__not_in and post__in; a search orders by
// relevance then date, else by date, newest first. found_posts is 0 for a page past
// the end (WP_Query sets it only when the page has rows).
func (res *search) searchPosts(r *rest.Request, subtypes []string) ([]searchResult, int) {
	if len(subtypes) == 0 {
		subtypes = []string{"post"} // WP_Query's post type when it is given none
	}
	tx := txOf(r)
	q := &store.PostQuery{Type: "post", Statuses: map[string]bool{"publish": true}, Order: "desc", OrderBy: "date",
		Include: intSet(r.Ints("include")), Exclude: intSet(r.Ints("exclude"))}
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
	out := make([]searchResult, len(window))
	for i, p := range window {
		out[i] = searchResult{post: p}
	}
	return out, total
}

// searchTerms is the term handler: get_terms of the taxonomies (all of them for none)
// with hide_empty false, the search (name or slug), include (which drops exclude) or
// exclude, ordered by name; the total is wp_count_terms of the same query.
func (res *search) searchTerms(r *rest.Request, subtypes []string) ([]searchResult, int) {
	if len(subtypes) == 0 {
		subtypes = res.termSearchTaxonomies()
	}
	tx := txOf(r)
	include, exclude := intSet(r.Ints("include")), intSet(r.Ints("exclude"))
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
	var out []searchResult
	if start, ok := wpfunc.Absint(offset); ok && start < len(hits) {
		for _, t := range hits[start:min(start+r.Int("per_page"), len(hits))] {
			out = append(out, searchResult{term: t})
		}
	}
	return out, len(hits)
}

// searchFormats is the post format handler: the formats whose slug or name holds the
// search (stripos), among those get_post_format_link has a link for (a post has had
// the format), in get_post_format_strings' order; the subtype is not looked at.
func (res *search) searchFormats(r *rest.Request, _ []string) ([]searchResult, int) {
	tx := txOf(r)
	needle := strings.ToLower(searchParam(r))
	var found []string
	for _, f := range postFormats {
		if needle != "" && !store.ContainsFold(f, needle) && !store.ContainsFold(formatString(f), needle) {
			continue
		}
		if tx.HasFormat(f) {
			found = append(found, f)
		}
	}
	start := wpfunc.MulInt(r.Int("page")-1, r.Int("per_page"))
	var out []searchResult
	if start >= 0 && start < len(found) {
		for _, f := range found[start:min(start+r.Int("per_page"), len(found))] {
			out = append(out, searchResult{format: f})
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

// formatString is get_post_format_string: the format's name (en_US).
func formatString(slug string) string {
	if slug == "standard" {
		return "Standard"
	}
	return strings.ToUpper(slug[:1]) + slug[1:]
}
