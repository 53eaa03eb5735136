// Package fields is WordPress's wp-includes/rest-api/fields between the controllers
// (package mock) and core (mock/wp): WP_REST_Meta_Fields, an item's "meta" field
// (Meta: its schema, get_value and update_value), and the fields plugins add with
// register_rest_field (Additional, UpdateAdditional). It names no controller and
// never imports mock.
package fields

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
// each through prepare_value) and written by update_value (metawrite.go).

// Key is a meta key shown in REST: its property in the meta field's
// schema (named as the field shows it), the rows' key, and what reads and writes
// need of its registration.
type Key struct {
	Schema     *rest.Schema
	Revisioned rest.Span
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
	// StopsAtError: update_value as WordPress before 6.8 has it (checked on 6.1.9):
	// the first error answers at once, the keys after it unwritten, and the current
	// values are get_metadata's, the registered default standing for no row.
	StopsAtError bool
}

// Meta are the keys an object type's "meta" field shows, in registration order:
// WP_REST_Meta_Fields for one object type and subtype.
type Meta []Key

// MetaKey is the rows' key.
func (k Key) MetaKey() string {
	if k.key != "" {
		return k.key
	}
	return k.Schema.Name
}

// valueSchema is the schema of one value: the property's, or its items' for a key of
// many values.
func (k Key) valueSchema() *rest.Schema {
	if k.multi && k.Schema.Items != nil {
		return k.Schema.Items
	}
	return k.Schema
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

// Registered are the keys the site registers for objectType and subtype, as
// Key (every object type's meta field reads them alike).
func Registered(g *wp.Registry, objectType, subtype string) Meta {
	var out Meta
	for _, k := range g.MetaOf(objectType, subtype) {
		var rev rest.Span
		if k.Revisioned {
			rev = rest.Span{Since: rest.V64}
		}
		for _, s := range metaKeySchemas(k) {
			rm := Key{Schema: s, Revisioned: rev, multi: !k.Single, def: k.Default, hasDefault: k.HasDefault,
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
func (k Key) readMeta(rows []string) any {
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

// GetValue is get_value: an item's "meta" in context ctx: each registered key's value
// (readMeta) by its name, but for a key whose schema names contexts without ctx
// (rest_filter_response_by_context); [] when none is left. rows gives the key's rows.
func (keys Meta) GetValue(ctx string, rows func(key string) []string) any {
	out := make(rest.Object, 0, len(keys))
	for _, k := range keys {
		if k.Schema.Context != nil && !k.Schema.InContext(ctx) {
			continue
		}
		out = append(out, rest.Member{Key: k.Schema.Name, Value: k.readMeta(rows(k.MetaKey()))})
	}
	if len(out) == 0 {
		return rest.EmptyArray
	}
	return out
}

// FieldSchema is get_field_schema: the "meta" field's schema, the registered keys' properties
// ([] when none: WordPress prints an empty PHP array).
func (keys Meta) FieldSchema() *rest.Schema {
	meta := rest.Obj("meta").Desc("Meta fields.").Ctx(rest.ViewEdit...)
	meta.Properties = []*rest.Schema{}
	for _, k := range keys {
		meta.Properties = append(meta.Properties, k.Schema)
	}
	return meta
}

// Denied are keys whose writes are all refused (the caller cannot edit the object
// itself, which edit_{type}_meta requires before the key's auth_callback).
func (keys Meta) Denied() Meta {
	out := slices.Clone(keys)
	for i := range out {
		out[i].denied = true
	}
	return out
}

// Core lists the keys core registers for post type typ, in registration order,
// in every version (a schema node belongs to one declaration, so each call makes new
// ones). footnotes (blocks/footnotes.php) holds the footnotes block's notes as a JSON
// string: 6.3 registers it for the types that support editor, custom-fields and
// revisions (post and page), 6.4 copies it into revisions.
func Core(pt *wp.PostType) Meta {
	if pt == nil || !pt.Supported("editor", rest.V63) || !pt.Supported("custom-fields", rest.V63) || !pt.Supported("revisions", rest.V63) {
		return nil
	}
	return Meta{
		{Schema: metaKey(rest.Str("footnotes").Def("").Since(rest.V63)), Revisioned: rest.Span{Since: rest.V64}},
	}
}

// metaKey gives a registered key's schema the form WP_REST_Meta_Fields prints it in:
// its type, then the label and description register_meta was given ("" here), then
// the default (the type's empty value when none was given).
func metaKey(s *rest.Schema) *rest.Schema {
	s.Literal = rest.Object{{Key: "type", Value: s.Type()}, {Key: "title", Value: ""},
		{Key: "description", Value: s.Description}, {Key: "default", Value: s.Default}}
	return s
}

// InVersion are the keys of version v.
func (keys Meta) InVersion(v rest.Version) Meta {
	var out Meta
	for _, k := range keys {
		if k.Schema.Span.In(v) {
			out = append(out, k)
		}
	}
	return out
}

// GetPostValue is the "meta" field of a post (or revision) whose meta rows are all,
// keys being those of its type (or its parent's): WP_REST_Meta_Fields::get_value
// shows registered keys only, first the ones core registers for the type (their
// first row, or their default), then the mock's own: it counts every key given
// through the post meta routes as registered (single, string), so the field and
// /posts/<id>/meta stay consistent, and shows those the post has; protected keys
// (leading "_") never show. Nothing at all prints [], as an empty PHP array does.
func (keys Meta) GetPostValue(ctx string, all []*store.Meta) any {
	rows := func(key string) []string {
		var out []string
		for _, row := range all {
			if row.Key == key {
				out = append(out, row.Value)
			}
		}
		return out
	}
	out, _ := keys.GetValue(ctx, rows).(rest.Object)
	for _, row := range all {
		if wp.IsProtectedMeta(row.Key) || slices.ContainsFunc(keys, func(k Key) bool { return k.MetaKey() == row.Key }) {
			continue
		}
		if _, seen := out.Get(row.Key); !seen {
			out = append(out, rest.Member{Key: row.Key, Value: row.Value})
		}
	}
	if len(out) == 0 {
		return rest.EmptyArray
	}
	return out
}
