package main

import (
	"fmt"

	"github.com/wpmock/wpmock/fixtures"
)

// The JSON schemas a site gives its meta, settings and REST fields, and values that
// validate against them. WordPress checks both: register_meta() _doing_it_wrong()s on a
// default that rest_validate_value_from_schema() refuses, and REST answers null for a
// stored meta value its schema refuses (WP_REST_Meta_Fields::prepare_value), so every
// value the generator writes is drawn from the schema it belongs to.

// stringFormats are the formats rest_validate_value_from_schema() checks, with a value
// each accepts.
var stringFormats = []struct{ format, value string }{
	{"email", "ann@example.com"},
	{"uri", "https://example.com/a/page"},
	{"date-time", "2024-05-01T10:30:00"},
	{"uuid", "123e4567-e89b-12d3-a456-426614174000"},
	{"hex-color", "#3a7bd5"},
	{"ip", "192.0.2.7"},
}

var words = []string{"amber", "birch", "cobalt", "dune", "ember", "fern", "granite", "harbor", "indigo", "juniper", "kelp", "lumen", "meadow", "nectar", "opal", "pine"}

// obj builds ordered JSON object arguments from key, value pairs.
func obj(kv ...any) fixtures.Args {
	a := make(fixtures.Args, 0, len(kv)/2)
	for i := 0; i+1 < len(kv); i += 2 {
		a = append(a, fixtures.Arg{Key: kv[i].(string), Value: kv[i+1]})
	}
	return a
}

// set replaces or appends key.
func set(a fixtures.Args, key string, v any) fixtures.Args {
	for i := range a {
		if a[i].Key == key {
			a[i].Value = v
			return a
		}
	}
	return append(a, fixtures.Arg{Key: key, Value: v})
}

// scalarSchema draws a string (plain, formatted or an enum), integer (with or without
// bounds), number or boolean schema.
func (g *gen) scalarSchema() fixtures.Args {
	switch g.r.IntN(6) {
	case 0:
		f := stringFormats[g.r.IntN(len(stringFormats))]
		return obj("type", "string", "format", f.format)
	case 1:
		return obj("type", "string", "enum", []any{words[0], words[1], words[2]})
	case 2:
		if g.chance(0.5) {
			return obj("type", "integer", "minimum", 0, "maximum", 10)
		}
		return obj("type", "integer")
	case 3:
		return obj("type", "number")
	case 4:
		return obj("type", "boolean")
	}
	return obj("type", "string")
}

// objectSchema draws an object with one to three properties (scalars, or a list of
// strings), with additionalProperties absent (WordPress makes it false), false, true or a
// schema.
func (g *gen) objectSchema() fixtures.Args {
	props := fixtures.Args{}
	for i := range 1 + g.r.IntN(3) {
		p := g.scalarSchema()
		if i == 2 {
			p = obj("type", "array", "items", obj("type", "string"))
		}
		props = append(props, fixtures.Arg{Key: []string{"label", "count", "extra"}[i], Value: p})
	}
	s := obj("type", "object", "properties", props)
	switch g.r.IntN(4) {
	case 1:
		s = set(s, "additionalProperties", false)
	case 2:
		s = set(s, "additionalProperties", true)
	case 3:
		s = set(s, "additionalProperties", obj("type", "string"))
	}
	return s
}

// anySchema draws any type: scalars, arrays of scalars or of objects, objects.
func (g *gen) anySchema() fixtures.Args {
	switch g.r.IntN(8) {
	case 0:
		return obj("type", "array", "items", g.scalarSchema())
	case 1:
		return obj("type", "array", "items", g.objectSchema())
	case 2:
		return g.objectSchema()
	}
	return g.scalarSchema()
}

// value draws a value the schema accepts (never an empty list or object, which PHP's
// json_decode(..., true) cannot tell apart).
func (g *gen) value(s fixtures.Args) any {
	if enum, ok := s.Get("enum"); ok {
		list := enum.([]any)
		return list[g.r.IntN(len(list))]
	}
	switch s.String("type") {
	case "string":
		if f := s.String("format"); f != "" {
			for _, sf := range stringFormats {
				if sf.format == f {
					return sf.value
				}
			}
		}
		return words[g.r.IntN(len(words))] + " " + words[g.r.IntN(len(words))]
	case "integer":
		if _, ok := s.Get("maximum"); ok {
			return 1 + g.r.IntN(9)
		}
		return 10 + g.r.IntN(990)
	case "number":
		return float64(g.r.IntN(400))/4 + 0.25
	case "boolean":
		return g.chance(0.5)
	case "array":
		items, _ := s.Get("items")
		out := []any{}
		for range 1 + g.r.IntN(3) {
			out = append(out, g.value(items.(fixtures.Args)))
		}
		return out
	case "object":
		props, _ := s.Get("properties")
		v := fixtures.Args{}
		for _, p := range props.(fixtures.Args) {
			v = append(v, fixtures.Arg{Key: p.Key, Value: g.value(p.Value.(fixtures.Args))})
		}
		switch ap, _ := s.Get("additionalProperties"); ap := ap.(type) {
		case bool:
			if ap {
				v = append(v, fixtures.Arg{Key: "more", Value: 7})
			}
		case fixtures.Args:
			v = append(v, fixtures.Arg{Key: "more", Value: g.value(ap)})
		}
		return v
	}
	panic(fmt.Sprintf("gensite: no value for schema %v", s))
}

// typeSummary is how the summary line counts a schema: "array", "object" or "scalar".
func typeSummary(s fixtures.Args) string {
	switch t := s.String("type"); t {
	case "array", "object":
		return t
	}
	return "scalar"
}
