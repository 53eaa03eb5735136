package rest

import (
	"slices"
	"strings"
)

// Field is one field of a resource's items: its schema (name, type, contexts, ...) and
// how to read it from an item of type T. Fields with a fixed inner shape (title.raw /
// title.rendered) list their parts in Sub, so each part carries its own contexts.
type Field[T any] struct {
	*Schema
	Get func(r *Request, item *T) any
	Sub []*Field[T]
	// Arg adjusts the write argument derived from the field (WordPress's arg_options),
	// e.g. to give it its own sanitiser.
	Arg func(a *Schema)
}

// WithArg gives the field its arg_options: how the write argument derived from it is
// adjusted (Arg).
func (f *Field[T]) WithArg(opt func(a *Schema)) *Field[T] {
	f.Arg = opt
	return f
}

// Absent is what a field's Get returns to leave the field out of this item: WordPress
// sets some fields for some items only (an image's exif_orientation, 7.0).
var Absent any = absent{}

type absent struct{}

// F declares a field.
func F[T any](s *Schema, get func(r *Request, item *T) any) *Field[T] {
	return &Field[T]{Schema: s, Get: get}
}

// Nested declares an object field built from its parts.
func Nested[T any](s *Schema, parts ...*Field[T]) *Field[T] {
	f := &Field[T]{Schema: s, Sub: parts}
	s.Properties = make([]*Schema, len(parts))
	for i, p := range parts {
		s.Properties[i] = p.Schema
	}
	return f
}

// For is the item as WordPress version v has it: the fields (and parts of fields) that
// exist in v. A resource builds its item once per profile with it.
func (it *Item[T]) For(v Version) *Item[T] {
	c := *it
	c.Fields = fieldsIn(it.Fields, v)
	return &c
}

func fieldsIn[T any](fields []*Field[T], v Version) []*Field[T] {
	out := make([]*Field[T], 0, len(fields))
	for _, f := range fields {
		if !f.Span.In(v) {
			continue
		}
		s := f.Schema.forVersion(v)
		var sub []*Field[T]
		if f.Sub != nil {
			sub = fieldsIn(f.Sub, v)
		}
		if s != f.Schema || len(sub) != len(f.Sub) {
			c := *f
			c.Schema, c.Sub = s, sub
			f = &c
		}
		out = append(out, f)
	}
	return out
}

// Item is a resource's item declaration: the schema title and its fields in output order.
type Item[T any] struct {
	Title  string
	Fields []*Field[T]
	// Links lists an item's links; nil for items without any.
	Links func(r *Request, item *T) Links
	// SchemaOrder names the properties in the order the schema document lists them,
	// for controllers whose get_item_schema declares them in another order than
	// prepare_item_for_response outputs them (post types, taxonomies); nil keeps the
	// order of Fields. Properties it does not name follow in the order of Fields.
	SchemaOrder []string
	// ExactFields: the controller tests _fields with in_array, not
	// rest_is_field_included, so a dotted sub-field ("visibility.public") does not
	// select its parent (the post types, taxonomies and statuses controllers).
	ExactFields bool
	// Cache is the item's identity in the fragment cache for this request, and false
	// where its rendering depends on more than the row, the caller, the context and the
	// site (a post's ?password=): Answer then renders it every time. nil never caches.
	Cache func(r *Request, item *T) (id int, ok bool)
}

// Schema is the item schema document (get_public_item_schema).
func (it *Item[T]) Schema() *Schema {
	s := Obj(it.Title)
	s.Title = it.Title
	s.Properties = make([]*Schema, len(it.Fields))
	for i, f := range it.Fields {
		s.Properties[i] = f.Schema
	}
	if it.SchemaOrder != nil {
		ordered := make([]*Schema, 0, len(s.Properties))
		for _, name := range it.SchemaOrder {
			if p := s.Prop(name); p != nil {
				ordered = append(ordered, p)
			}
		}
		for _, p := range s.Properties { // the others (fields plugins add) after
			if !slices.Contains(it.SchemaOrder, p.Name) {
				ordered = append(ordered, p)
			}
		}
		s.Properties = ordered
	}
	return s
}

// SchemaJSON renders the item schema as OPTIONS prints it.
func (it *Item[T]) SchemaJSON() Object {
	s := it.Schema()
	props := make(Object, len(s.Properties))
	for i, p := range s.Properties {
		props[i] = Member{p.Name, p.JSON(false)}
	}
	return Object{
		{"$schema", "http://json-schema.org/draft-04/schema#"},
		{"title", it.Title},
		{"type", "object"},
		{"properties", props},
	}
}

// WriteArgs are the arguments of a create (create true) or update endpoint, derived
// from the writable fields as rest_get_endpoint_args_for_schema does: read-only fields
// are left out, every argument is checked by rest_validate_request_arg, and defaults
// and required apply to creates only.
func (it *Item[T]) WriteArgs(create bool) []*Schema {
	var args []*Schema
	for _, f := range it.Fields {
		if f.ReadOnly {
			continue
		}
		a := *f.Schema
		a.Context, a.Early = nil, true
		if !create {
			a.Required, a.HasDefault, a.Default = false, false, nil
		}
		if f.Arg != nil {
			f.Arg(&a)
		}
		args = append(args, &a)
	}
	return args
}

// Render is prepare_item_for_response + filter_response_by_context: the item's fields
// that are in the request's context and asked for by _fields, in declaration order, then
// _links.
func (it *Item[T]) Render(r *Request, item *T) Object {
	return it.RenderIn(r, item, r.Context())
}

// RenderIn renders the item in a given context (creates and deletes use edit whatever
// the request says).
func (it *Item[T]) RenderIn(r *Request, item *T, ctx string) Object {
	fields := r.requestedFields()
	out := make(Object, 0, len(it.Fields)+1)
	for _, f := range it.Fields {
		if !f.InContext(ctx) || !included(f.Name, fields) || (it.ExactFields && fields != nil && !slices.Contains(fields, f.Name)) {
			continue
		}
		if v := f.value(r, item, ctx); v != Absent {
			out = append(out, Member{f.Name, v})
		}
	}
	if it.Links != nil && (included("_links", fields) || included("_embedded", fields)) {
		if links := it.Links(r, item); len(links) > 0 {
			out = append(out, Member{"_links", r.compactLinks(links)})
		}
	}
	return out
}

func (f *Field[T]) value(r *Request, item *T, ctx string) any {
	if f.Sub == nil {
		return f.Get(r, item)
	}
	obj := make(Object, 0, len(f.Sub))
	for _, p := range f.Sub {
		if p.InContext(ctx) {
			if v := p.value(r, item, ctx); v != Absent {
				obj = append(obj, Member{p.Name, v})
			}
		}
	}
	return obj
}

// requestedFields is the _fields list (nil when absent or empty).
func (r *Request) requestedFields() []string {
	if r.fields != nil {
		return r.fields
	}
	v, ok := r.Query.Get("_fields")
	if !ok {
		return nil
	}
	list, _ := toList(v)
	for _, x := range list {
		if s, ok := x.(string); ok {
			r.fields = append(r.fields, strings.TrimSpace(s))
		}
	}
	if len(r.fields) > 0 {
		r.fields = append(r.fields, "id") // always computed, as WordPress does
	}
	return r.fields
}

// Included reports whether a field is asked for (rest_is_field_included), so handlers
// can skip expensive work.
func (r *Request) Included(field string) bool { return included(field, r.requestedFields()) }

func included(field string, fields []string) bool {
	if fields == nil {
		return true
	}
	for _, f := range fields {
		if f == field || strings.HasPrefix(f, field+".") || strings.HasPrefix(field, f+".") {
			return true
		}
	}
	return false
}
