package mock

import (
	"slices"

	"github.com/wpmock/wpmock/mock/rest"
	"github.com/wpmock/wpmock/mock/store"
	"github.com/wpmock/wpmock/mock/wp"
	"github.com/wpmock/wpmock/mock/wpfunc"
)

// Meta keys registered with show_in_rest (register_meta, core's and the site's) as
// WP_REST_Meta_Fields shows and writes them on posts, terms, users and comments:
// each key a property of the item's "meta" field, with the schema
// get_registered_fields builds; its value read by get_value (every row of the key,
// each through prepare_value) and written by update_value (metawritefield.go).

// registeredMeta is a meta key shown in REST: its property in the meta field's
// schema (named as the field shows it), the rows' key, and what reads and writes
// need of its registration.
type registeredMeta struct {
	schema     *rest.Schema
	revisioned rest.Span
	// key is the rows' meta key where the field names it otherwise (show_in_rest's
	// name); "" for schema.Name.
	key string
	// multi: single false, the value is the list of every row's.
	multi bool
	// def is register_meta's default where hasDefault (get_metadata gives it for an
	// object without the key).
	def        any
	hasDefault bool
	// denied: the auth_callback refuses writes (a protected key without one).
	denied bool
	// stopsAtError: update_value as WordPress before 6.8 has it (checked on 6.1.9):
	// the first error answers at once, the keys after it unwritten, and the current
	// values are get_metadata's, the registered default standing for no row.
	stopsAtError bool
}

// metaKey is the rows' key.
func (k registeredMeta) metaKey() string {
	if k.key != "" {
		return k.key
	}
	return k.schema.Name
}

// valueSchema is the schema of one value: the property's, or its items' for a key of
// many values.
func (k registeredMeta) valueSchema() *rest.Schema {
	if k.multi && k.schema.Items != nil {
		return k.schema.Items
	}
	return k.schema
}

// metaKeySchemas are a registered key's property nodes: without the title until 6.7,
// which added it, and with it since.
func metaKeySchemas(k *wp.MetaKey) []*rest.Schema {
	build := func(lit rest.Object) *rest.Schema {
		s := rest.SchemaFromJSON(k.Name, lit)
		if !s.HasDefault && !k.Single { // a key of many values shows [] when it has none
			s.Default = rest.EmptyArray
		}
		return s
	}
	return []*rest.Schema{build(k.Schema).Until(rest.V67), build(k.SchemaTitled).Since(rest.V67)}
}

// siteMeta are the keys the site registers for objectType and subtype, as
// registeredMeta (every object type's meta field reads them alike).
func siteMeta(g *wp.Registry, objectType, subtype string) []registeredMeta {
	var out []registeredMeta
	for _, k := range g.MetaOf(objectType, subtype) {
		var rev rest.Span
		if k.Revisioned {
			rev = rest.Span{Since: rest.V64}
		}
		for _, s := range metaKeySchemas(k) {
			rm := registeredMeta{schema: s, revisioned: rev, multi: !k.Single, def: k.Default, hasDefault: k.HasDefault,
				denied: !k.AuthAllowed}
			if k.Name != k.Key {
				rm.key = k.Key
			}
			out = append(out, rm)
		}
	}
	return out
}

// readMeta is get_value's value of one key from its rows (meta_value strings, in
// order): a key of one value shows its first row, or its schema's default when it
// has none; a key of many shows every row's; each through prepare_value. An object
// without the key has register_meta's default as its one row, where one was given.
func (k registeredMeta) readMeta(rows []string) any {
	values := make([]any, len(rows))
	for i, row := range rows {
		values[i] = wpfunc.MaybeUnserialize(row)
	}
	if len(values) == 0 && k.hasDefault {
		values = []any{k.def}
	}
	vs := k.valueSchema()
	if !k.multi {
		if len(values) == 0 {
			return prepareMeta(vs, vs.Default)
		}
		return prepareMeta(vs, values[0])
	}
	out := make([]any, len(values))
	for i, v := range values {
		out[i] = prepareMeta(vs, v)
	}
	return out
}

// prepareMeta is WP_REST_Meta_Fields::prepare_value: "" is the empty value of a
// boolean, integer or number; a value the schema refuses is null; else the value
// sanitized by the schema, PHP arrays printed as json_encode prints them.
func prepareMeta(s *rest.Schema, v any) any {
	typ := s.Type()
	if v == "" && (typ == "boolean" || typ == "integer" || typ == "number") {
		return emptyValueFor(typ)
	}
	out, err := s.Validate(v, s.Name)
	if err != nil {
		return nil
	}
	return wpfunc.PHPArrays(out)
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
		return rest.EmptyArray
	}
	return ""
}

// metaFieldValue is an item's "meta" in context ctx: each registered key's value
// (readMeta) by its name, but for a key whose schema names contexts without ctx
// (rest_filter_response_by_context); [] when none is left. rows gives the key's rows.
func metaFieldValue(keys []registeredMeta, ctx string, rows func(key string) []string) any {
	out := make(rest.Object, 0, len(keys))
	for _, k := range keys {
		if k.schema.Context != nil && !k.schema.InContext(ctx) {
			continue
		}
		out = append(out, rest.Member{Key: k.schema.Name, Value: k.readMeta(rows(k.metaKey()))})
	}
	if len(out) == 0 {
		return rest.EmptyArray
	}
	return out
}

// metaProperty is the "meta" field's schema: the registered keys' properties
// ([] when none: WordPress prints an empty PHP array).
func metaProperty(keys []registeredMeta) *rest.Schema {
	meta := rest.Obj("meta").Desc("Meta fields.").Ctx(rest.ViewEdit...)
	meta.Properties = []*rest.Schema{}
	for _, k := range keys {
		meta.Properties = append(meta.Properties, k.schema)
	}
	return meta
}

// termMetaKeys are the keys registered for the taxonomy's terms in the mock's version
// (built once: buildMetaKeys).
func (m *Mock) termMetaKeys(taxonomy string) []registeredMeta { return m.metaKeys["term/"+taxonomy] }

// termMetaField is a term's "meta".
func (m *Mock) termMetaField(r *rest.Request, t *store.Term) any {
	return metaFieldValue(m.termMetaKeys(t.Taxonomy), r.Context(), t.Meta.MetaRows)
}

// userMetaKeys and commentMetaKeys are the site's keys for users and comments in the
// mock's version (buildMetaKeys).
func (m *Mock) userMetaKeys() []registeredMeta    { return m.metaKeys["user"] }
func (m *Mock) commentMetaKeys() []registeredMeta { return m.metaKeys["comment"] }

// updateUserMeta and updateCommentMeta write a user's and a comment's "meta".
func (m *Mock) updateUserMeta(r *rest.Request, tx *store.Tx, id int, meta map[string]any) *rest.Error {
	rows := fieldMetaRows{get: func() *store.FieldValues { return tx.User(id).Meta },
		put: func(f *store.FieldValues) { tx.ChangeUser(id, func(u *store.User) { u.Meta = f }) }}
	return updateMeta(r, m.userMetaKeys(), rows, meta)
}

func (m *Mock) updateCommentMeta(r *rest.Request, tx *store.Tx, id int, keys []registeredMeta, meta map[string]any) *rest.Error {
	rows := fieldMetaRows{get: func() *store.FieldValues { return tx.Comment(id).Meta },
		put: func(f *store.FieldValues) { tx.ChangeComment(id, func(c *store.Comment) { c.Meta = f }) }}
	return updateMeta(r, keys, rows, meta)
}

// deniedMeta are keys whose writes are all refused (the caller cannot edit the object
// itself, which edit_{type}_meta requires before the key's auth_callback).
func deniedMeta(keys []registeredMeta) []registeredMeta {
	out := slices.Clone(keys)
	for i := range out {
		out[i].denied = true
	}
	return out
}

// updateTermMeta writes a term write's "meta" (update_value).
func (m *Mock) updateTermMeta(r *rest.Request, tx *store.Tx, id int, meta map[string]any) *rest.Error {
	rows := fieldMetaRows{get: func() *store.FieldValues { return tx.Term(id).Meta },
		put: func(f *store.FieldValues) { tx.ChangeTerm(id, func(t *store.Term) { t.Meta = f }) }}
	return updateMeta(r, m.termMetaKeys(tx.Term(id).Taxonomy), rows, meta)
}
