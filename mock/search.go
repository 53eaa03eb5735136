package mock

import (
	"net/http"

	"github.com/wpmock/wpmock/mock/rest"
	"github.com/wpmock/wpmock/mock/search"
)

// /wp/v2/search: WP_REST_Search_Controller with the three handlers core registers, in
// their order (mock/search: posts, terms, post formats). A result is {id, title, url,
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

// searchController is the /wp/v2/search resource.
type searchController struct {
	m        *Mock
	item     *rest.Item[search.Result]
	handlers []*search.Handler
}

type searchField = rest.Field[search.Result]

func (res *searchController) init() {
	if res.item != nil {
		return
	}
	res.handlers = search.Handlers(res.m.reg)
	types, subtypes := res.typesAndSubtypes()
	ctx := []string{rest.View, rest.Embed}
	ro := func(s *rest.Schema) *rest.Schema { return s.Ctx(ctx...).RO() }
	m := res.m
	res.item = (&rest.Item[search.Result]{Title: "search-result", Links: res.links, Fields: []*searchField{
		rest.F(ro(rest.New("id", "integer", "string").Desc("Unique identifier for the object.")),
			func(_ *rest.Request, h *search.Result) any { return h.ID() }),
		rest.F(ro(rest.Str("title").Desc("The title for the object.")),
			func(_ *rest.Request, h *search.Result) any { return h.Title(m.reg, m.version) }),
		rest.F(ro(rest.Str("url").Fmt("uri").Desc("URL to the object.")),
			func(r *rest.Request, h *search.Result) any { return h.URL(permalinks(r)) }),
		rest.F(ro(rest.Str("type").Desc("Object type.").OneOfEnum(types...)),
			func(_ *rest.Request, h *search.Result) any { return h.ObjectType() }),
		rest.F(ro(rest.Str("subtype").Desc("Object subtype.").OneOfEnum(subtypes...)),
			func(_ *rest.Request, h *search.Result) any { return h.Subtype() }),
	}}).For(m.version)
}

// typesAndSubtypes are the handlers' types and their subtypes merged, in order.
func (res *searchController) typesAndSubtypes() (types, subtypes []string) {
	for _, h := range res.handlers {
		types = append(types, h.Type)
		subtypes = append(subtypes, h.Subtypes()...)
	}
	return types, subtypes
}

func (res *searchController) handler(typ string) *search.Handler {
	for _, h := range res.handlers {
		if h.Type == typ {
			return h
		}
	}
	return nil
}

// links are the handler's prepare_item_links (search.Result.Links), then the
// controller's collection.
func (res *searchController) links(r *rest.Request, h *search.Result) rest.Links {
	return h.Links(r, registry(r), Namespace).Add("collection", r.RestURL("/"+Namespace+"/search"))
}

func (res *searchController) routes() []*rest.Route {
	res.init()
	return []*rest.Route{{Namespace: Namespace, Pattern: "/" + Namespace + "/search", Shape: rest.Shape{List: true}, Schema: res.item.SchemaJSON,
		Endpoints: []*rest.Endpoint{{Methods: rest.Readable, Args: res.args(), Handler: res.list}}}}
}

// args are get_collection_params: the controller's context (view and embed, the
// schema's contexts), page, per_page and search, then type (the first handler's by
// default), subtype, exclude and include.
func (res *searchController) args() []*rest.Schema {
	types, subtypes := res.typesAndSubtypes()
	context := rest.Str("context").Desc("Scope under which the request is made; determines fields present in response.").
		OneOfEnum(rest.View, rest.Embed).Def(rest.View).Checked()
	subtype := rest.Arr("subtype", rest.Str("").OneOfEnum(append(subtypes, search.Any)...)).
		Desc("Limit results to items of one or more object subtypes.").Def(search.Any)
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
func (res *searchController) sanitizeSubtypes(arg *rest.Schema) func(r *rest.Request, v any, param string) (any, *rest.Error) {
	return func(r *rest.Request, v any, param string) (any, *rest.Error) {
		raw, _ := sanitizeSlugList(r, v, param)
		list, err := arg.Validate(raw, param)
		if err != nil {
			return nil, err
		}
		subtypes, _ := list.([]any)
		for _, s := range subtypes {
			if s == search.Any {
				return []any{search.Any}, nil
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
			for _, known := range h.Subtypes() {
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
func (res *searchController) list(r *rest.Request) (*rest.Response, *rest.Error) {
	h := res.handler(r.String("type"))
	if h == nil {
		return nil, rest.Errorf(http.StatusBadRequest, codeSearchInvalidType, msgSearchInvalidType)
	}
	subtypes := r.Strings("subtype")
	for _, s := range subtypes {
		if s == search.Any {
			subtypes = h.Subtypes()
			break
		}
	}
	hits, total := h.Search(r, subtypes)
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
