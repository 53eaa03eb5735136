package mock

import (
	"net/http"
	"strings"
	"time"

	"github.com/wpmock/wpmock/mock/rest"
	"github.com/wpmock/wpmock/mock/store"
	"github.com/wpmock/wpmock/mock/wp"
	"github.com/wpmock/wpmock/mock/wpfunc"
)

// The collection query of the post-like types (posts and media): WordPress's
// get_collection_params of the posts controller and the WP_Query it builds from the
// request (wp.PostQuery), run by wp.QueryPosts over the store; the list's page check,
// permissions and rendering (listPosts) stay with the controller.

// postListArgs are the list parameters shared by posts and media, in WordPress's order.
func postListArgs(reg *wp.Registry, pt *wp.PostType, h *typeHooks) []*rest.Schema {
	args := append([]*rest.Schema{contextArg()}, pageArgs()...)
	args = append(args,
		rest.Str("after").Fmt("date-time").Desc("Limit response to posts published after a given ISO8601 compliant date."),
		rest.Str("modified_after").Fmt("date-time").Desc("Limit response to posts modified after a given ISO8601 compliant date."))
	if pt.Has("author") {
		args = append(args, intsArg("author", "Limit result set to posts assigned to specific authors."),
			intsArg("author_exclude", "Ensure result set excludes posts assigned to specific authors."))
	}
	args = append(args,
		rest.Str("before").Fmt("date-time").Desc("Limit response to posts published before a given ISO8601 compliant date."),
		rest.Str("modified_before").Fmt("date-time").Desc("Limit response to posts modified before a given ISO8601 compliant date."),
		intsArg("exclude", "Ensure result set excludes specific IDs."),
		intsArg("include", "Limit result set to specific IDs."),
	)
	if pt.Has("page-attributes") {
		args = append(args, rest.Int("menu_order").Desc("Limit result set to posts with a specific menu_order value."))
	}
	args = append(args,
		rest.Str("search_semantics").Desc("How to interpret the search input.").OneOfEnum("exact").Since(rest.V67),
		rest.Int("offset").Desc("Offset the result set by a specific number of items."),
		rest.Str("order").Desc("Order sort attribute ascending or descending.").OneOfEnum("asc", "desc").Def("desc"),
		rest.Str("orderby").Desc("Sort collection by post attribute.").Def("date").
			OneOfEnum(orderbys(pt)...),
	)
	// get_collection_params: for hierarchical types, and attachments
	if pt.Hierarchical || h.parentFilter {
		args = append(args,
			intsArg("parent", "Limit result set to items with particular parent IDs."),
			intsArg("parent_exclude", "Limit result set to all items except those of a particular parent ID."))
	}
	searchColumns := rest.Arr("search_columns", rest.Str("").OneOfEnum(postSearchColumns...)).
		Desc("Array of column names to be searched.").Def(rest.EmptyArray).Since(rest.V62)
	slug := rest.Arr("slug", rest.Str("")).Desc("Limit result set to posts with one or more specific slugs.")
	// 6.1 gives slug no sanitize_callback, so rest_parse_request_arg validates it as an
	// array of strings first (slug[x]=a is refused) and wp_parse_slug_list runs later
	slug.Sanitize = func(r *rest.Request, v any, param string) (any, *rest.Error) {
		list, err := slug.Validate(v, param)
		if err != nil {
			return nil, err
		}
		return sanitizeSlugList(r, list, param)
	}
	statusEnum, def := h.statuses, h.defaultStatus
	if statusEnum == nil { // every registered status, the site's own too, and "any"
		statusEnum = append(reg.StatusSlugs(func(*wp.PostStatus) bool { return true }), "any")
	}
	status := rest.Arr("status", rest.Str("").OneOfEnum(statusEnum...)).Desc("Limit result set to posts assigned one or more statuses.").Def(def)
	status.Sanitize = sanitizeStatuses(def, pt)
	return append(args, searchColumns, slug, status)
}

// orderbys is the orderby enum of a type's list: menu_order where the type has
// page-attributes.
func orderbys(pt *wp.PostType) []string {
	out := []string{"author", "date", "id", "include", "modified", "parent", "relevance", "slug", "include_slugs", "title"}
	if pt.Has("page-attributes") {
		out = append(out, "menu_order")
	}
	return out
}

// postSearchColumns are the columns search_columns (6.2) lets a search look in, in the
// order of the enum; WP_Query searches all three when none is given.
var postSearchColumns = []string{"post_title", "post_content", "post_excerpt"}

// taxArg is a taxonomy filter parameter: a list of term ids, or a taxonomy query
// object {terms, include_children (categories), operator (includes)}.
func taxArg(name, base string, hierarchical, include bool) *rest.Schema {
	// the query object's properties print their defaults (they are schema properties,
	// not arguments, in get_collection_params' declaration)
	props := []*rest.Schema{intsArg("terms", "Term IDs.").SchemaDef(rest.EmptyArray)}
	if hierarchical {
		props = append(props, rest.Bool("include_children").Desc("Whether to include child terms in the terms limiting the result set.").SchemaDef(false))
	}
	if include {
		props = append(props, rest.Str("operator").Desc("Whether items must be assigned all or any of the specified terms.").OneOfEnum("AND", "OR").SchemaDef("OR"))
	}
	list := rest.Arr("", rest.Int("")).Desc("Match terms with the listed IDs.")
	list.Title = "Term ID List"
	query := rest.Obj("").Desc("Perform an advanced term query.").Props(props...).NoExtra()
	query.Title = "Term ID Taxonomy Query"
	s := rest.New(name, "object", "array")
	// WordPress names the taxonomy by its rest_base here (sprintf's $base).
	if include {
		s.Description = "Limit result set to items with specific terms assigned in the " + base + " taxonomy."
	} else {
		s.Description = "Limit result set to items except those with specific terms assigned in the " + base + " taxonomy."
	}
	s.OneOf = []*rest.Schema{list, query}
	return s
}

// sanitizeSlugList is wp_parse_slug_list: a list of sanitize_title'd slugs.
func sanitizeSlugList(_ *rest.Request, v any, _ string) (any, *rest.Error) {
	list, ok := v.([]any)
	if !ok {
		s, _ := v.(string)
		list = []any{}
		for _, part := range strings.FieldsFunc(s, func(r rune) bool { return r == ',' || r == ' ' || r == '\t' || r == '\n' }) {
			list = append(list, part)
		}
	}
	out := make([]any, 0, len(list))
	for _, x := range list {
		if s, ok := x.(string); ok {
			out = append(out, wpfunc.SanitizeTitle(s))
		}
	}
	return out, nil
}

// sanitizeStatuses is the posts controller's sanitize_post_statuses: statuses other
// than the default need edit_posts (or read_private_posts for "private"), and are then
// checked against the enum.
func sanitizeStatuses(def string, pt *wp.PostType) func(r *rest.Request, v any, param string) (any, *rest.Error) {
	return func(r *rest.Request, v any, param string) (any, *rest.Error) {
		raw, _ := sanitizeSlugList(r, v, param)
		list := raw.([]any)
		arg := r.Arg(param)
		for _, x := range list {
			st := x.(string)
			if st == def {
				continue
			}
			if can(r, pt.Cap("edit_posts")) || (st == "private" && can(r, pt.Cap("read_private_posts"))) {
				if _, err := arg.Validate(st, param); err != nil {
					return nil, err
				}
				continue
			}
			return nil, &rest.Error{Code: codeForbiddenStatus, Message: "Status is forbidden.", Status: r.AuthStatus()}
		}
		return list, nil
	}
}

func intSet(ids []int) map[int]bool {
	if len(ids) == 0 {
		return nil
	}
	m := make(map[int]bool, len(ids))
	for _, id := range ids {
		m[id] = true
	}
	return m
}

func dateArg(r *rest.Request, name string) time.Time {
	if s := r.String(name); s != "" {
		t, _ := rest.ParseDate(s)
		return t
	}
	return time.Time{}
}

// parsePostQuery turns the validated parameters into a query, with the handler-level
// errors of get_items (relevance without search, include order without include).
func parsePostQuery(r *rest.Request, typ string, h *typeHooks) (*wp.PostQuery, *rest.Error) {
	q := &wp.PostQuery{Page: r.Int("page"), PerPage: r.Int("per_page")}
	q.Type, q.Order, q.OrderBy = typ, r.String("order"), r.String("orderby")
	if q.OrderBy == "relevance" && r.String("search") == "" {
		return nil, rest.Errorf(http.StatusBadRequest, codeNoSearchTerm, "You need to define a search term to order by relevance.")
	}
	if q.OrderBy == "include" && len(r.Ints("include")) == 0 {
		return nil, rest.Errorf(http.StatusBadRequest, codeOrderbyInclude, "You need to define an include parameter to order by include.")
	}
	if r.Has("offset") {
		q.Offset, q.HasOffset = r.Int("offset"), true
	}
	if s := strings.TrimSpace(r.String("search")); s != "" {
		wp.ParseSearch(s).Apply(&q.PostQuery)
		q.SearchPublicOnly = !r.LoggedInCaller()
	}
	q.After, q.Before = dateArg(r, "after"), dateArg(r, "before")
	q.ModAfter, q.ModBefore = dateArg(r, "modified_after"), dateArg(r, "modified_before")
	q.Authors, q.AuthorsNot = intSet(r.Ints("author")), intSet(r.Ints("author_exclude"))
	q.IncludeOrder = r.Ints("include")
	q.Include, q.Exclude = intSet(q.IncludeOrder), intSet(r.Ints("exclude"))
	q.Parents, q.ParentsNot = intSet(r.Ints("parent")), intSet(r.Ints("parent_exclude"))
	if slugs := r.Strings("slug"); len(slugs) > 0 {
		q.Slugs = map[string]bool{}
		for _, s := range slugs {
			q.Slugs[s] = true
		}
		q.SlugOrder = slugs
	}
	q.Statuses = queryStatuses(r)
	pt := registry(r).TypeOf(typ)
	typeFilters(r, q, pt)
	if cols := r.Strings("search_columns"); len(cols) > 0 {
		q.SearchIn = map[string]bool{}
		for _, c := range cols {
			q.SearchIn[c] = true
		}
	}
	q.SearchExact = r.String("search_semantics") == "exact"
	q.StickyFirst = pt.Sticky && r.Has("ignore_sticky") && !r.Bool("ignore_sticky") && isHome(r, q)
	// an exact search has no title clauses for parse_search_order, whose ORDER BY is
	// then one MySQL refuses: orderby=relevance finds nothing
	q.Nothing = q.SearchExact && q.OrderBy == "relevance" && len(q.Search) > 0
	if h.prepareItemsQuery != nil {
		h.prepareItemsQuery(r, q)
	}
	// MySQL sorts these rows itself (a filesort), which leaves ties by ascending id
	// whatever the order; the date order walks the type_status_date index backwards
	// instead, ties by descending id (with a search, a term or a parent filter it may
	// go either way, as the optimizer picks its plan by the table's statistics: the
	// same query came back both ways, so those keep the index's order)
	switch q.OrderBy {
	case "date", "id", "include", "include_slugs":
	default:
		q.IDTieAsc = true
	}
	return q, nil
}

// queryStatuses is the status argument as WP_Query's post_status: "any" is every
// status but those excluded from search (core's, then the site's own).
func queryStatuses(r *rest.Request) map[string]bool {
	out := map[string]bool{}
	for _, st := range r.Strings("status") {
		if st == "any" {
			for _, s := range []string{"publish", "future", "draft", "pending", "private", "inherit"} {
				out[s] = true
			}
			for _, s := range registry(r).SiteStatuses() { // WP_Query: "any" but exclude_from_search
				out[s.Slug] = out[s.Slug] || !s.ExcludeFromSearch
			}
			continue
		}
		out[st] = true
	}
	return out
}

// typeFilters adds the type's own filters, those its list declares as the type
// supports them (what it does not declare is ignored): a clause per taxonomy
// (prepare_tax_query), sticky, menu_order (page-attributes), format (post-formats).
func typeFilters(r *rest.Request, q *wp.PostQuery, pt *wp.PostType) {
	q.TaxOr = r.String("tax_relation") == "OR"
	for _, slug := range pt.Taxonomies {
		for _, exclude := range []bool{false, true} {
			name := registry(r).Taxonomy(slug).RestBase
			if exclude {
				name += "_exclude"
			}
			if c, ok := taxFilter(r, name, slug, exclude); ok {
				q.Tax = append(q.Tax, c)
			}
		}
	}
	if pt.Sticky && r.Has("sticky") {
		b := r.Bool("sticky")
		q.Sticky = &b
	}
	if pt.Has("page-attributes") && r.Has("menu_order") {
		n := r.Int("menu_order")
		q.MenuOrder = &n
	}
	if formats := r.Strings("format"); pt.Has("post-formats") && len(formats) > 0 {
		q.Formats = map[string]bool{}
		for _, f := range formats {
			q.Formats[f] = true
		}
	}
}

// isHome is what decides WP_Query's is_home for the posts controller's query, on
// which the sticky posts' move to the top depends: no search parameter (even empty:
// WP_Query asks isset), no taxonomy clause that includes terms (categories, tags,
// format make it an archive; excluding clauses do not), and no post__in, which makes
// the controller drop ignore_sticky (include, or sticky=true).
func isHome(r *rest.Request, q *wp.PostQuery) bool {
	if r.Has("search") || q.Include != nil || (q.Sticky != nil && *q.Sticky) || q.Formats != nil {
		return false
	}
	for _, c := range q.Tax {
		if !c.Exclude {
			return false
		}
	}
	return true
}

// taxFilter reads a taxonomy parameter in either of its forms.
func taxFilter(r *rest.Request, name, taxonomy string, exclude bool) (store.TaxClause, bool) {
	v := r.Param(name)
	var ids []int
	and, children := false, false
	switch x := v.(type) {
	case []any:
		ids = toInts(x)
	case map[string]any:
		if t, ok := x["terms"].([]any); ok {
			ids = toInts(t)
		}
		and = x["operator"] == "AND"
		children, _ = x["include_children"].(bool)
	default:
		return store.TaxClause{}, false
	}
	if len(ids) == 0 {
		return store.TaxClause{}, false
	}
	terms := intSet(ids)
	if children {
		tx := txOf(r)
		for _, t := range tx.Terms(taxonomy) {
			for p := t.Parent; p != 0; {
				if terms[p] {
					terms[t.ID] = true
					break
				}
				parent := tx.Term(p)
				if parent == nil {
					break
				}
				p = parent.Parent
			}
		}
	}
	return store.TaxClause{Taxonomy: taxonomy, Terms: terms, And: and, Exclude: exclude}, true
}

func toInts(list []any) []int {
	out := make([]int, 0, len(list))
	for _, x := range list {
		if i, ok := x.(int); ok {
			out = append(out, i)
		}
	}
	return out
}

// listPosts answers a collection query: wp.QueryPosts finds the window and the total,
// then items the caller may not read are dropped after paging, as WordPress does,
// while X-WP-Total counts them.
func (m *Mock) listPosts(r *rest.Request, q *wp.PostQuery, collection string, render func(*store.Post) any) (*rest.Response, *rest.Error) {
	tx := txOf(r)
	m.tieOrder(q)
	window, total := wp.QueryPosts(tx, q)
	maxPages := (total + q.PerPage - 1) / q.PerPage
	if q.Page > maxPages && total > 0 {
		return nil, rest.Errorf(http.StatusBadRequest, codeInvalidPageNumber, "The page number requested is larger than the number of pages available.")
	}
	items := make([]any, 0, len(window))
	for _, p := range window {
		if r.Context() == rest.Edit {
			if !canEditPost(r, p, tx.Post) {
				continue
			}
		} else if !canReadPost(r, p, tx.Post) {
			continue
		}
		items = append(items, render(p))
	}
	resp := rest.OK(items)
	r.Paginate(resp, collection, total, q.Page, q.PerPage)
	return resp, nil
}

// tieOrder is the order MySQL gives the rows that tie on the sort key of its filesort
// (IDTieAsc): the order it read them in, along the index it picks to find one type's
// rows of one status, as EXPLAIN shows on the project's MariaDB: type_status_date
// (post_date, then ID) before 6.9; since, 6.9's type_status_author (post_author, then
// ID), which orderby=author reads in its own order either way, with no filesort. Other
// queries (several statuses, filters, attachments) keep ascending ids.
func (m *Mock) tieOrder(q *wp.PostQuery) {
	if !q.IDTieAsc || q.Type == "attachment" || !q.StatusOnly() {
		return
	}
	switch {
	case m.version < rest.V69:
		q.TieBy = "date"
	case q.OrderBy == "author":
		q.IDTieAsc = false
	default:
		q.TieBy = "author"
	}
}
