package mock

import "github.com/wpmock/wpmock/mock/rest"

// What every controller shares (WP_REST_Controller and the conventions of its
// subclasses): the context, id and paging arguments, the error codes more than one
// controller answers with, and the data of a forced delete's "previous".

// Error codes several controllers answer with.
const (
	// codeForbiddenContext: context=edit (or a field of it) without the right to edit.
	codeForbiddenContext = "rest_forbidden_context"
	// codeCannotView: context=edit on the types, taxonomies or statuses list without the
	// capability any of them needs.
	codeCannotView = "rest_cannot_view"
)

// idArg is the route-level id argument of item routes.
func idArg(noun string) *rest.Schema {
	return rest.Int("id").Desc("Unique identifier for the " + noun + ".")
}

// contextArg is get_context_param with default view.
func contextArg() *rest.Schema {
	return rest.Str("context").Desc("Scope under which the request is made; determines fields present in response.").
		OneOfEnum(rest.View, rest.Embed, rest.Edit).Def(rest.View).Checked()
}

// pageArgs are the common page, per_page and search parameters (WP_REST_Controller).
func pageArgs() []*rest.Schema {
	return []*rest.Schema{
		rest.Int("page").Desc("Current page of the collection.").Def(1).Min(1).Checked(),
		rest.Int("per_page").Desc("Maximum number of items to be returned in result set.").Def(10).Min(1).Max(100).Checked(),
		rest.Str("search").Desc("Limit results to those matching a string.").Checked(),
	}
}

// intsArg is a list-of-ids argument (include, exclude, author, parent, ...), [] by default.
func intsArg(name, desc string) *rest.Schema {
	return rest.Arr(name, rest.Int("")).Desc(desc).Def(rest.EmptyArray)
}

// withoutLinks drops _links: the "previous" of a forced delete is the response data,
// which in WordPress does not carry the links.
func withoutLinks(o rest.Object) rest.Object {
	out := make(rest.Object, 0, len(o))
	for _, m := range o {
		if m.Key != "_links" {
			out = append(out, m)
		}
	}
	return out
}
