package site

import (
	"errors"
	"github.com/wpmock/wpmock/mock/wpfunc"
	"slices"
	"sort"

	"github.com/wpmock/wpmock/mock/rest"
	"github.com/wpmock/wpmock/mock/store"
	"github.com/wpmock/wpmock/mock/wp"
)

// Registry is the registry of the dataset's site: core's declarations, then the
// dataset's own (its "register": post types, taxonomies, meta, fields, statuses,
// roles, settings and plugin routes), read by declare as the validator reads them and
// registered in that order, as a plugin does on init. A dataset that registers
// nothing has core's registry, shared.
func Registry(ds *Dataset) (*wp.Registry, error) {
	r := ds.Register
	if r == nil || len(r.PostTypes)+len(r.Taxonomies)+len(r.Meta)+len(r.RestFields)+len(r.NavMenus)+
		len(r.PostStatuses)+len(r.Roles)+len(r.Settings)+len(r.RestRoutes) == 0 {
		return wp.Core, nil
	}
	g := wp.NewRegistry()
	if errs := declare(g, r, newRegistered()); len(errs) > 0 {
		return nil, errs[0]
	}
	return g, nil
}

// metaKeyOf is register_meta of a declaration read by ReadMeta, its default checked
// against its schema as register_meta checks it (rest_validate_value_from_schema of
// the arguments merged with show_in_rest's schema: one value's schema, even for a
// key of many values).
func metaKeyOf(d *RegisteredMeta, a Args) (*wp.MetaKey, error) {
	k := &wp.MetaKey{ObjectType: d.ObjectType, Subtype: d.Subtype, Key: d.Key, Name: d.Name, ShowInRest: d.ShowInRest,
		Single: d.Single, Default: JSONOf(d.Default), HasDefault: d.HasDefault, AuthAllowed: d.AuthAllowed,
		Revisioned: d.Revisioned}
	// json_decode made the schema PHP arrays: an empty object prints []
	k.Schema, _ = wpfunc.PHPArrays(JSONOf(d.RestSchema(false))).(wpfunc.Object)
	k.SchemaTitled, _ = wpfunc.PHPArrays(JSONOf(d.RestSchema(true))).(wpfunc.Object)
	if d.HasDefault {
		check := argsWithout(a, "show_in_rest").Set("type", d.Type) // the type, string by default
		for _, m := range d.Schema {
			check = check.Set(m.Key, JSONOf(m.Value))
		}
		if _, err := rest.SchemaFromJSON("", check).Validate(k.Default, ""); err != nil {
			return nil, &MetaError{Field: "default", Err: errors.New(MsgMetaDefaultType)}
		}
	}
	return k, nil
}

// argsWithout is a declaration's arguments as the registration function takes them:
// without the keys that are its other parameters.
func argsWithout(a Args, keys ...string) wpfunc.Object {
	out := wpfunc.Object{}
	for _, m := range a {
		if !slices.Contains(keys, m.Key) {
			out = append(out, wpfunc.Member{Key: m.Key, Value: JSONOf(m.Value)})
		}
	}
	return out
}

// JSONOf is a dataset value (Args for objects) as the mock's JSON values
// (wpfunc.Object).
func JSONOf(v any) any {
	switch x := v.(type) {
	case Args:
		out := make(wpfunc.Object, len(x))
		for i, m := range x {
			out[i] = wpfunc.Member{Key: m.Key, Value: JSONOf(m.Value)}
		}
		return out
	case []any:
		out := make([]any, len(x))
		for i, e := range x {
			out[i] = JSONOf(e)
		}
		return out
	}
	return v
}

// recordOf is a mock JSON value as a dataset value (the inverse of JSONOf).
func recordOf(v any) any {
	switch x := v.(type) {
	case wpfunc.Object:
		out := make(Args, len(x))
		for i, m := range x {
			out[i] = Arg{Key: m.Key, Value: recordOf(m.Value)}
		}
		return out
	case []any:
		out := make([]any, len(x))
		for i, e := range x {
			out[i] = recordOf(e)
		}
		return out
	}
	return v
}

// fieldValues are a record's field (or meta) values as a row keeps them; nil for none.
func fieldValues(a Args) *store.FieldValues {
	if len(a) == 0 {
		return nil
	}
	out := &store.FieldValues{List: make([]store.FieldValue, len(a))}
	for i, m := range a {
		out.List[i] = store.FieldValue{Name: m.Key, Value: JSONOf(m.Value)}
	}
	return out
}

// fieldRecord is a row's field (or meta) values as a record's.
func fieldRecord(f *store.FieldValues) Args {
	if f == nil || len(f.List) == 0 {
		return nil
	}
	out := make(Args, len(f.List))
	for i, v := range f.List {
		out[i] = Arg{Key: v.Name, Value: recordOf(v.Value)}
	}
	return out
}

// customTermSets are a record's terms in the site's own taxonomies (Post's
// Terms), by taxonomy name.
func customTermSets(x *Post) []store.TermSet {
	if len(x.Terms) == 0 {
		return nil
	}
	names := make([]string, 0, len(x.Terms))
	for tax := range x.Terms {
		names = append(names, tax)
	}
	sort.Strings(names)
	out := make([]store.TermSet, 0, len(names))
	for _, tax := range names {
		out = append(out, store.TermSet{Taxonomy: tax, IDs: x.Terms[tax]})
	}
	return out
}

// customTermRecord is a row's terms in the taxonomies other than category and
// post_tag, for its record.
func customTermRecord(p *store.Post) map[string][]int {
	var out map[string][]int
	for _, ts := range p.Terms {
		if ts.Taxonomy == "category" || ts.Taxonomy == "post_tag" || len(ts.IDs) == 0 {
			continue
		}
		if out == nil {
			out = map[string][]int{}
		}
		out[ts.Taxonomy] = slices.Clone(ts.IDs)
	}
	return out
}
