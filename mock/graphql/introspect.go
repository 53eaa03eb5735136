package graphql

import (
	"strings"

	"github.com/vektah/gqlparser/v2/ast"
)

// Introspection: __schema, __type and the __Type, __Field, ... objects read from the
// ast.Schema the declarations built, so what tools such as graphql-codegen see is
// exactly what the executor validates against.

// introType is a __Type: a named type, or a list or non-null wrapper of one.
type introType struct {
	s   *ast.Schema
	def *ast.Definition // a named type
	of  *ast.Type       // a wrapper (LIST, NON_NULL)
}

// inputValue is an __InputValue: an argument or an input object's field.
type inputValue struct {
	name, desc string
	typ        *ast.Type
	def        *ast.Value
}

func typeRef(s *ast.Schema, t *ast.Type) *introType {
	if t == nil {
		return nil
	}
	if t.NonNull || t.Elem != nil {
		return &introType{s: s, of: t}
	}
	return &introType{s: s, def: s.Types[t.NamedType]}
}

func named(s *ast.Schema, name string) *introType {
	if d := s.Types[name]; d != nil {
		return &introType{s: s, def: d}
	}
	return nil
}

func (t *introType) kind() string {
	switch {
	case t.of != nil && t.of.NonNull:
		return "NON_NULL"
	case t.of != nil:
		return "LIST"
	}
	return string(t.def.Kind)
}

func includeDeprecated(args map[string]any) bool { v, _ := args["includeDeprecated"].(bool); return v }

func deprecated(dirs ast.DirectiveList) (bool, any) {
	d := dirs.ForName("deprecated")
	if d == nil {
		return false, nil
	}
	reason := "No longer supported"
	if a := d.Arguments.ForName("reason"); a != nil {
		reason = a.Value.Raw
	}
	return true, reason
}

func argValues(list ast.ArgumentDefinitionList, all bool) []*inputValue {
	out := []*inputValue{}
	for _, a := range list {
		if dep, _ := deprecated(a.Directives); dep && !all {
			continue
		}
		out = append(out, &inputValue{name: a.Name, desc: a.Description, typ: a.Type, def: a.DefaultValue})
	}
	return out
}

func str(v string) any {
	if v == "" {
		return nil
	}
	return v
}

// introspection are the introspection types' resolvers, by type and field.
var introspection = map[string]map[string]resolver{
	"RootQuery": {
		"__schema": func(c *call, _ any, _ map[string]any) (any, error) { return c.s, nil },
		"__type": func(c *call, _ any, args map[string]any) (any, error) {
			name, _ := args["name"].(string)
			return named(c.s.ast, name), nil
		},
	},
	"__Schema": {
		"description": func(*call, any, map[string]any) (any, error) { return nil, nil },
		"types": func(c *call, _ any, _ map[string]any) (any, error) {
			out := make([]*introType, 0, len(c.s.order))
			for _, n := range c.s.order {
				out = append(out, named(c.s.ast, n))
			}
			return out, nil
		},
		"queryType":        func(c *call, _ any, _ map[string]any) (any, error) { return named(c.s.ast, c.s.ast.Query.Name), nil },
		"mutationType":     func(c *call, _ any, _ map[string]any) (any, error) { return nil, nil },
		"subscriptionType": func(c *call, _ any, _ map[string]any) (any, error) { return nil, nil },
		"directives": func(c *call, _ any, _ map[string]any) (any, error) {
			out := []*ast.DirectiveDefinition{}
			for _, n := range []string{"include", "skip", "deprecated", "specifiedBy", "oneOf"} {
				if d := c.s.ast.Directives[n]; d != nil {
					out = append(out, d)
				}
			}
			return out, nil
		},
	},
	"__Type": {
		"kind": func(_ *call, p any, _ map[string]any) (any, error) { return p.(*introType).kind(), nil },
		"name": func(_ *call, p any, _ map[string]any) (any, error) {
			if t := p.(*introType); t.def != nil {
				return t.def.Name, nil
			}
			return nil, nil
		},
		"description": func(_ *call, p any, _ map[string]any) (any, error) {
			if t := p.(*introType); t.def != nil {
				return str(t.def.Description), nil
			}
			return nil, nil
		},
		"specifiedByURL": func(*call, any, map[string]any) (any, error) { return nil, nil },
		"isOneOf":        func(*call, any, map[string]any) (any, error) { return false, nil },
		"fields": func(_ *call, p any, args map[string]any) (any, error) {
			t := p.(*introType)
			if t.def == nil || (t.def.Kind != ast.Object && t.def.Kind != ast.Interface) {
				return nil, nil
			}
			out := []*ast.FieldDefinition{}
			for _, fd := range t.def.Fields {
				if dep, _ := deprecated(fd.Directives); strings.HasPrefix(fd.Name, "__") || (dep && !includeDeprecated(args)) {
					continue
				}
				out = append(out, fd)
			}
			return out, nil
		},
		"interfaces": func(_ *call, p any, _ map[string]any) (any, error) {
			t := p.(*introType)
			if t.def == nil || (t.def.Kind != ast.Object && t.def.Kind != ast.Interface) {
				return nil, nil
			}
			out := []*introType{}
			for _, n := range t.def.Interfaces {
				out = append(out, named(t.s, n))
			}
			return out, nil
		},
		"possibleTypes": func(_ *call, p any, _ map[string]any) (any, error) {
			t := p.(*introType)
			if t.def == nil || (t.def.Kind != ast.Interface && t.def.Kind != ast.Union) {
				return nil, nil
			}
			out := []*introType{}
			for _, d := range t.s.GetPossibleTypes(t.def) {
				out = append(out, &introType{s: t.s, def: d})
			}
			return out, nil
		},
		"enumValues": func(_ *call, p any, args map[string]any) (any, error) {
			t := p.(*introType)
			if t.def == nil || t.def.Kind != ast.Enum {
				return nil, nil
			}
			out := []*ast.EnumValueDefinition{}
			for _, v := range t.def.EnumValues {
				if dep, _ := deprecated(v.Directives); dep && !includeDeprecated(args) {
					continue
				}
				out = append(out, v)
			}
			return out, nil
		},
		"inputFields": func(_ *call, p any, args map[string]any) (any, error) {
			t := p.(*introType)
			if t.def == nil || t.def.Kind != ast.InputObject {
				return nil, nil
			}
			out := []*inputValue{}
			for _, fd := range t.def.Fields {
				out = append(out, &inputValue{name: fd.Name, desc: fd.Description, typ: fd.Type, def: fd.DefaultValue})
			}
			return out, nil
		},
		"ofType": func(_ *call, p any, _ map[string]any) (any, error) {
			t := p.(*introType)
			switch {
			case t.of == nil:
				return nil, nil
			case t.of.NonNull:
				inner := *t.of
				inner.NonNull = false
				return typeRef(t.s, &inner), nil
			}
			return typeRef(t.s, t.of.Elem), nil
		},
	},
	"__Field": {
		"name": func(_ *call, p any, _ map[string]any) (any, error) { return p.(*ast.FieldDefinition).Name, nil },
		"description": func(_ *call, p any, _ map[string]any) (any, error) {
			return str(p.(*ast.FieldDefinition).Description), nil
		},
		"args": func(_ *call, p any, args map[string]any) (any, error) {
			return argValues(p.(*ast.FieldDefinition).Arguments, includeDeprecated(args)), nil
		},
		"type": func(c *call, p any, _ map[string]any) (any, error) {
			return typeRef(c.s.ast, p.(*ast.FieldDefinition).Type), nil
		},
		"isDeprecated": func(_ *call, p any, _ map[string]any) (any, error) {
			dep, _ := deprecated(p.(*ast.FieldDefinition).Directives)
			return dep, nil
		},
		"deprecationReason": func(_ *call, p any, _ map[string]any) (any, error) {
			_, r := deprecated(p.(*ast.FieldDefinition).Directives)
			return r, nil
		},
	},
	"__InputValue": {
		"name":        func(_ *call, p any, _ map[string]any) (any, error) { return p.(*inputValue).name, nil },
		"description": func(_ *call, p any, _ map[string]any) (any, error) { return str(p.(*inputValue).desc), nil },
		"type":        func(c *call, p any, _ map[string]any) (any, error) { return typeRef(c.s.ast, p.(*inputValue).typ), nil },
		"defaultValue": func(_ *call, p any, _ map[string]any) (any, error) {
			if d := p.(*inputValue).def; d != nil {
				return d.String(), nil
			}
			return nil, nil
		},
		"isDeprecated":      func(*call, any, map[string]any) (any, error) { return false, nil },
		"deprecationReason": func(*call, any, map[string]any) (any, error) { return nil, nil },
	},
	"__EnumValue": {
		"name": func(_ *call, p any, _ map[string]any) (any, error) { return p.(*ast.EnumValueDefinition).Name, nil },
		"description": func(_ *call, p any, _ map[string]any) (any, error) {
			return str(p.(*ast.EnumValueDefinition).Description), nil
		},
		"isDeprecated": func(_ *call, p any, _ map[string]any) (any, error) {
			dep, _ := deprecated(p.(*ast.EnumValueDefinition).Directives)
			return dep, nil
		},
		"deprecationReason": func(_ *call, p any, _ map[string]any) (any, error) {
			_, r := deprecated(p.(*ast.EnumValueDefinition).Directives)
			return r, nil
		},
	},
	"__Directive": {
		"name": func(_ *call, p any, _ map[string]any) (any, error) { return p.(*ast.DirectiveDefinition).Name, nil },
		"description": func(_ *call, p any, _ map[string]any) (any, error) {
			return str(p.(*ast.DirectiveDefinition).Description), nil
		},
		"isRepeatable": func(_ *call, p any, _ map[string]any) (any, error) {
			return p.(*ast.DirectiveDefinition).IsRepeatable, nil
		},
		"locations": func(_ *call, p any, _ map[string]any) (any, error) {
			out := []string{}
			for _, l := range p.(*ast.DirectiveDefinition).Locations {
				out = append(out, string(l))
			}
			return out, nil
		},
		"args": func(_ *call, p any, args map[string]any) (any, error) {
			return argValues(p.(*ast.DirectiveDefinition).Arguments, includeDeprecated(args)), nil
		},
	},
}
