package main

import (
	"encoding/json"
	"fmt"
	"slices"
)

// The covered part of a schema: the mock serves part of WPGraphQL's schema (issue 47:
// "the parts not covered are absent, not wrong"), so an introspection's first
// difference is where the mock's schema stops (a type it lacks), and a known
// difference there would hide everything after it. schemaWrong holds the answer's
// schema to WPGraphQL's for what the answer has: each of its types is WPGraphQL's
// kind; each field, input field and argument is there, with the same type, default and
// deprecation; each interface it names is WPGraphQL's, and every WPGraphQL interface of
// the type that the answer has is named; its enum values are WPGraphQL's; an abstract
// type lists every possible type WPGraphQL lists that the answer has. What the answer
// lacks (types, fields, arguments, enum values, descriptions) is absent, not wrong.

type introType struct {
	Kind, Name    string
	Fields        []introField
	InputFields   []introValue
	Interfaces    []struct{ Name string }
	EnumValues    []struct{ Name string }
	PossibleTypes []struct{ Name string }
}

type introField struct {
	Name              string
	Args              []introValue
	Type              introRef
	IsDeprecated      bool
	DeprecationReason *string
}

type introValue struct {
	Name         string
	Type         introRef
	DefaultValue *string
}

type introRef struct {
	Kind   string
	Name   *string
	OfType *introRef
}

// String is the type in SDL: [Post!]!.
func (r introRef) String() string {
	switch {
	case r.Kind == "NON_NULL" && r.OfType != nil:
		return r.OfType.String() + "!"
	case r.Kind == "LIST" && r.OfType != nil:
		return "[" + r.OfType.String() + "]"
	case r.Name != nil:
		return *r.Name
	}
	return "?"
}

// schemaTypes are an introspection answer's types by name (nil when it has no
// __schema.types).
func schemaTypes(body []byte) map[string]*introType {
	var a struct {
		Data struct {
			Schema *struct{ Types []*introType } `json:"__schema"`
		}
	}
	if json.Unmarshal(body, &a) != nil || a.Data.Schema == nil {
		return nil
	}
	out := make(map[string]*introType, len(a.Data.Schema.Types))
	for _, t := range a.Data.Schema.Types {
		out[t.Name] = t
	}
	return out
}

// schemaWrong is the first thing the answer's schema (got) has otherwise than the
// capture's (want), "" when what it has is WPGraphQL's.
func schemaWrong(want, got []byte) string {
	w, g := schemaTypes(want), schemaTypes(got)
	if w == nil || g == nil {
		return ""
	}
	names := make([]string, 0, len(g))
	for n := range g {
		names = append(names, n)
	}
	slices.Sort(names)
	for _, n := range names {
		if d := typeWrong(g[n], w[n], g); d != "" {
			return n + d
		}
	}
	return ""
}

// typeWrong is how the answer's type t differs from WPGraphQL's (u, nil when it has
// none), in what t has; types are the answer's, for the interfaces and possible types
// that the answer has.
func typeWrong(t, u *introType, types map[string]*introType) string {
	if u == nil {
		return ": a type WPGraphQL does not have"
	}
	if t.Kind != u.Kind {
		return fmt.Sprintf(": a %s, WPGraphQL's a %s", t.Kind, u.Kind)
	}
	for _, f := range t.Fields {
		i := slices.IndexFunc(u.Fields, func(x introField) bool { return x.Name == f.Name })
		if i < 0 {
			return "." + f.Name + ": a field WPGraphQL does not have"
		}
		x := u.Fields[i]
		if f.Type.String() != x.Type.String() {
			return fmt.Sprintf(".%s: %s, WPGraphQL's %s", f.Name, f.Type, x.Type)
		}
		if f.IsDeprecated != x.IsDeprecated || deref(f.DeprecationReason) != deref(x.DeprecationReason) {
			return fmt.Sprintf(".%s: deprecated %v (%q), WPGraphQL's %v (%q)", f.Name, f.IsDeprecated, deref(f.DeprecationReason), x.IsDeprecated, deref(x.DeprecationReason))
		}
		if d := valuesWrong(f.Args, x.Args); d != "" {
			return "." + f.Name + "(" + d
		}
	}
	if d := valuesWrong(t.InputFields, u.InputFields); d != "" {
		return "." + d
	}
	has := func(list []struct{ Name string }, name string) bool {
		return slices.ContainsFunc(list, func(x struct{ Name string }) bool { return x.Name == name })
	}
	for _, i := range t.Interfaces {
		if !has(u.Interfaces, i.Name) {
			return ": implements " + i.Name + ", WPGraphQL's does not"
		}
	}
	for _, i := range u.Interfaces {
		if types[i.Name] != nil && !has(t.Interfaces, i.Name) {
			return ": does not implement " + i.Name + ", WPGraphQL's does"
		}
	}
	for _, e := range t.EnumValues {
		if !has(u.EnumValues, e.Name) {
			return ": enum value " + e.Name + " WPGraphQL does not have"
		}
	}
	for _, p := range u.PossibleTypes {
		if types[p.Name] != nil && !has(t.PossibleTypes, p.Name) {
			return ": " + p.Name + " is not one of its possible types, as it is WPGraphQL's"
		}
	}
	return ""
}

// valuesWrong is how the answer's arguments or input fields differ from WPGraphQL's.
func valuesWrong(got, want []introValue) string {
	for _, a := range got {
		i := slices.IndexFunc(want, func(x introValue) bool { return x.Name == a.Name })
		if i < 0 {
			return a.Name + ": WPGraphQL does not have it"
		}
		if x := want[i]; a.Type.String() != x.Type.String() || deref(a.DefaultValue) != deref(x.DefaultValue) {
			return fmt.Sprintf("%s: %s = %s, WPGraphQL's %s = %s", a.Name, a.Type, deref(a.DefaultValue), x.Type, deref(x.DefaultValue))
		}
	}
	return ""
}

func deref(s *string) string {
	if s == nil {
		return "(none)"
	}
	return *s
}
