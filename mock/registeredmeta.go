package mock

import (
	"cmp"
	"net/http"

	"github.com/wpmock/wpmock/mock/rest"
	"github.com/wpmock/wpmock/mock/store"
	"github.com/wpmock/wpmock/mock/wp"
	"github.com/wpmock/wpmock/mock/wpfunc"
)

// Meta keys a site registers (register_meta with show_in_rest) as WP_REST_Meta_Fields
// shows and writes them: the key's schema in the "meta" field's properties, its value
// read through prepare_value (cast to the key's type; the type's empty value for "";
// null for a value the schema refuses), and written through update_value (checked
// against the schema, stored as the string WordPress stores).

// metaKeySchemas are a registered key's schema nodes: its type, title (the label,
// printed from 6.7, which added it), description and default (the type's empty
// value when none was given), and show_in_rest's schema (items, properties, enum,
// ...) after; one node per span of versions it prints alike.
func metaKeySchemas(k *wp.MetaKey) []*rest.Schema {
	build := func(title bool) *rest.Schema {
		typ := k.Type
		s := rest.New(k.Key, typ).Desc(k.Description)
		def := k.Default
		if def == nil {
			def = emptyValueFor(typ)
		}
		s.Def(def)
		lit := rest.Object{{Key: "type", Value: typ}}
		if title {
			lit = append(lit, rest.Member{Key: "title", Value: k.Label})
		}
		lit = append(lit, rest.Member{Key: "description", Value: k.Description}, rest.Member{Key: "default", Value: def})
		for _, m := range k.Schema {
			if m.Key != "type" && m.Key != "description" && m.Key != "default" {
				lit = lit.Set(m.Key, m.Value)
			}
		}
		if !k.Single { // a key with many values is a list of them
			items := lit
			lit = rest.Object{{Key: "type", Value: "array"}, {Key: "items", Value: items}}
			if title {
				lit = append(lit, rest.Member{Key: "title", Value: k.Label})
			}
			lit = append(lit, rest.Member{Key: "description", Value: k.Description}, rest.Member{Key: "default", Value: []any{}})
			s = rest.Arr(k.Key, rest.New("", typ)).Desc(k.Description).Def([]any{})
		}
		if e, ok := k.Schema.Get("enum"); ok {
			s.Enum, _ = e.([]any)
		}
		s.Literal = lit
		return s
	}
	return []*rest.Schema{build(false).Until(rest.V67), build(true).Since(rest.V67)}
}

// emptyValueFor is get_empty_value_for_type.
func emptyValueFor(typ string) any {
	switch typ {
	case "boolean":
		return false
	case "integer":
		return 0
	case "number":
		return 0.0
	case "array", "object":
		return []any{}
	}
	return ""
}

// metaValueOut is prepare_value: a stored value as the REST API shows it.
func metaValueOut(s *rest.Schema, stored any) any {
	typ := s.Type()
	if stored == "" && (typ == "boolean" || typ == "integer" || typ == "number") {
		return emptyValueFor(typ)
	}
	out, err := s.Validate(stored, s.Name)
	if err != nil {
		return nil
	}
	return out
}

// metaValueIn is update_value's check of one value: the schema's, then the value as
// update_metadata stores it (integers and numbers as their decimal text, true as
// "1" and false as "").
func metaValueIn(s *rest.Schema, v any, param string) (string, *rest.Error) {
	out, err := s.Validate(v, param)
	if err != nil {
		return "", withStatus(err, http.StatusBadRequest)
	}
	return wpfunc.StoredMeta(out), nil
}

// siteMeta are the keys the site registers for objectType and subtype, as
// registeredMeta (the posts' and terms' meta fields read them alike).
func siteMeta(g *wp.Registry, objectType, subtype string) []registeredMeta {
	var out []registeredMeta
	for _, k := range g.MetaOf(objectType, subtype) {
		var rev rest.Span
		if k.Revisioned {
			rev = rest.Span{Since: rest.V64}
		}
		for _, s := range metaKeySchemas(k) {
			out = append(out, registeredMeta{schema: s, revisioned: rev})
		}
	}
	return out
}

// termMetaKeys are the keys registered for the taxonomy's terms in the mock's version
// (built once: buildMetaKeys).
func (m *Mock) termMetaKeys(taxonomy string) []registeredMeta { return m.metaKeys["term/"+taxonomy] }

// termMetaField is a term's "meta": its registered keys' values (the default for a
// key it has none of), [] when its taxonomy has none registered.
func (m *Mock) termMetaField(t *store.Term) any {
	keys := m.termMetaKeys(t.Taxonomy)
	if len(keys) == 0 {
		return rest.EmptyArray
	}
	out := make(rest.Object, 0, len(keys))
	for _, k := range keys {
		v, ok := t.Meta.Field(k.schema.Name)
		if !ok {
			out = append(out, rest.Member{Key: k.schema.Name, Value: k.schema.Default})
			continue
		}
		out = append(out, rest.Member{Key: k.schema.Name, Value: metaValueOut(k.schema, v)})
	}
	return out
}

// updateTermMeta writes a term write's "meta": each registered key sent (null
// deletes it); the first value refused is the error, after the others are written.
func (m *Mock) updateTermMeta(tx *store.Tx, id int, meta map[string]any) *rest.Error {
	var failed *rest.Error
	for _, k := range m.termMetaKeys(tx.Term(id).Taxonomy) {
		name := k.schema.Name
		v, sent := meta[name]
		if !sent {
			continue
		}
		if v == nil {
			tx.ChangeTerm(id, func(t *store.Term) { t.Meta = t.Meta.Without(name) })
			continue
		}
		s, err := metaValueIn(k.schema, v, "meta."+name)
		if err != nil {
			failed = cmp.Or(failed, err) // the first refusal is the answer
			continue
		}
		tx.ChangeTerm(id, func(t *store.Term) { t.Meta = t.Meta.WithField(name, s) })
	}
	return failed
}
