package main

import (
	"strings"

	"github.com/wpmock/wpmock/fixtures"
)

// metaTarget is where a meta key or field can be registered: the meta type and, for
// posts and terms, a subtype ("" for every one).
type metaTarget struct{ objectType, subtype string }

func (g *gen) metaTargets() []metaTarget {
	out := []metaTarget{{"post", ""}, {"post", "post"}, {"post", "page"}, {"term", ""}, {"term", "category"}, {"user", ""}, {"comment", ""}}
	for _, pt := range g.types {
		out = append(out, metaTarget{"post", pt.name}, metaTarget{"post", pt.name})
	}
	for _, tx := range g.taxes {
		out = append(out, metaTarget{"term", tx.name})
	}
	return out
}

// drawMeta draws four to ten register_meta keys: on posts, terms, users and comments,
// of every schema type, single or not, with or without a default, some protected ("_"
// first) with an auth_callback, some out of REST.
func (g *gen) drawMeta() {
	targets := g.metaTargets()
	// every meta type at least once, then any
	var picks []metaTarget
	for _, t := range []string{"post", "term", "user", "comment"} {
		for {
			m := targets[g.r.IntN(len(targets))]
			if m.objectType == t {
				picks = append(picks, m)
				break
			}
		}
	}
	for range g.r.IntN(7) {
		picks = append(picks, targets[g.r.IntN(len(targets))])
	}
	for _, t := range picks {
		key := g.name(metaNouns, 60, true)
		protected := g.chance(0.15)
		if protected {
			key = "_" + key
		}
		s := g.anySchema()
		a := obj("object_type", t.objectType)
		if t.subtype != "" {
			a = set(a, "object_subtype", t.subtype)
		}
		a = set(a, "meta_key", key)
		a = set(a, "type", s.String("type"))
		a = set(a, "description", "The "+label(strings.TrimPrefix(key, "_"))+" of the item.")
		a = set(a, "single", !g.chance(0.25))
		if g.chance(0.4) {
			a = set(a, "default", g.value(s))
		}
		switch {
		case g.chance(0.1) && !protected:
			a = set(a, "show_in_rest", false)
		case s.String("type") == "array" || s.String("type") == "object" || len(s) > 1:
			// array and object meta need their schema in show_in_rest (register_meta
			// refuses an array without items); a formatted string or an enum carries it too
			a = set(a, "show_in_rest", obj("schema", schemaBody(s)))
		default:
			a = set(a, "show_in_rest", true)
		}
		if protected {
			a = set(a, "auth_callback", []string{"__return_true", "__return_false"}[g.r.IntN(2)])
		}
		g.meta = append(g.meta, a)
		g.metaSchemas[key] = s
	}
}

// schemaBody is a schema without its type, which register_meta and register_setting take
// beside it ("type" is their own argument; WordPress merges the two).
func schemaBody(s fixtures.Args) fixtures.Args {
	out := fixtures.Args{}
	for _, a := range s {
		if a.Key != "type" {
			out = append(out, a)
		}
	}
	return out
}

// drawFields draws one to four register_rest_field fields on any object types: post
// types, taxonomies, users and comments; read-only or writable, per context, nested.
func (g *gen) drawFields() {
	objects := []string{"post", "page", "attachment", "category", "post_tag", "user", "comment"}
	for _, pt := range g.types {
		objects = append(objects, pt.name)
	}
	for _, tx := range g.taxes {
		objects = append(objects, tx.name)
	}
	for range 1 + g.r.IntN(4) {
		on := some(g, objects, 0.25)
		if len(on) == 0 {
			on = []string{objects[g.r.IntN(len(objects))]}
		}
		attr := g.name(metaNouns, 60, true) + "_field"
		s := g.anySchema()
		s = set(s, "description", "The "+label(attr)+".")
		s = set(s, "context", [][]string{{"view", "edit"}, {"edit"}, {"view", "edit", "embed"}}[g.r.IntN(3)])
		readonly := g.chance(0.35)
		if readonly {
			s = set(s, "readonly", true)
		}
		if g.chance(0.4) {
			s = set(s, "default", g.value(s))
		}
		g.fields = append(g.fields, obj("object_type", on, "attribute", attr, "schema", s, "update", !readonly))
	}
}

// fieldsOn are the fields registered on an object type.
func (g *gen) fieldsOn(objectType string) []fixtures.Args {
	var out []fixtures.Args
	for _, f := range g.fields {
		for _, o := range f.Strings("object_type") {
			if o == objectType {
				out = append(out, f)
			}
		}
	}
	return out
}

// metaOn are the meta keys registered for a meta type and subtype (the subtype's and
// the type's own).
func (g *gen) metaOn(objectType, subtype string) []fixtures.Args {
	var out []fixtures.Args
	for _, m := range g.meta {
		if m.String("object_type") == objectType && (m.String("object_subtype") == "" || m.String("object_subtype") == subtype) {
			out = append(out, m)
		}
	}
	return out
}

// metaSchema is a meta key's whole schema (its type with the rest, as drawn, also for
// a key out of REST).
func (g *gen) metaSchema(m fixtures.Args) fixtures.Args { return g.metaSchemas[m.String("meta_key")] }
