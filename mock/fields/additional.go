package fields

import (
	"maps"
	"slices"

	"github.com/wpmock/wpmock/mock/rest"
	"github.com/wpmock/wpmock/mock/store"
	"github.com/wpmock/wpmock/mock/wp"
)

// Fields plugins add with register_rest_field (an SEO plugin's yoast_head_json, ACF's
// acf, a site's own): each a field of the items of its object types, after the
// controller's own, with the schema it was given (its contexts; an argument of the
// write routes unless readonly), as add_additional_fields_to_object and
// update_additional_fields_for_object handle them. Its value is the item's own (a
// dataset's, or what a write stored), else the schema's default, else null.

// Additional are the item fields of the site's plugin fields for objectType (a
// post type or taxonomy), reading the item's values with values.
func Additional[T any](g *wp.Registry, objectType string, values func(*T) *store.FieldValues) []*rest.Field[T] {
	var out []*rest.Field[T]
	for _, f := range g.FieldsOf(objectType) {
		s := rest.SchemaFromJSON(f.Attribute, f.Schema)
		if s.Context == nil { // filter_response_by_context keeps a field that names no context
			s.Context = rest.AllContexts
		}
		name, def := f.Attribute, f.Default()
		out = append(out, rest.F(s, func(_ *rest.Request, item *T) any {
			if v, ok := values(item).Field(name); ok {
				return v
			}
			return def
		}))
	}
	return out
}

// UpdateAdditional is update_additional_fields_for_object: each writable field the
// request has (its default on a create counts) is stored; the list returned is the
// item's new one, and changed says whether there was anything to store.
func UpdateAdditional(r *rest.Request, g *wp.Registry, objectType string, cur *store.FieldValues) (*store.FieldValues, bool) {
	changed := false
	for _, f := range g.FieldsOf(objectType) {
		if f.ReadOnly() || f.NoUpdate {
			continue
		}
		v := r.Param(f.Attribute)
		if v == nil {
			continue
		}
		cur, changed = cur.WithField(f.Attribute, inSchemaOrder(v, f.Schema)), true
	}
	return cur, changed
}

// inSchemaOrder is a written value with its objects' keys in the order of the
// schema's properties (the others after, sorted): a JSON body's object reaches the
// mock as a map, where PHP keeps the order it was sent in, which is the schema's for
// a client that follows it.
func inSchemaOrder(v any, schema rest.Object) any {
	switch x := v.(type) {
	case map[string]any:
		props, _ := schema.Get("properties")
		po, _ := props.(rest.Object)
		out := make(rest.Object, 0, len(x))
		for _, p := range po {
			if pv, ok := x[p.Key]; ok {
				ps, _ := p.Value.(rest.Object)
				out = append(out, rest.Member{Key: p.Key, Value: inSchemaOrder(pv, ps)})
			}
		}
		for _, k := range slices.Sorted(maps.Keys(x)) {
			if _, ok := out.Get(k); !ok {
				out = append(out, rest.Member{Key: k, Value: x[k]})
			}
		}
		return out
	case []any:
		items, _ := schema.Get("items")
		is, _ := items.(rest.Object)
		out := make([]any, len(x))
		for i, e := range x {
			out[i] = inSchemaOrder(e, is)
		}
		return out
	}
	return v
}
