package graphql

import (
	"strconv"
	"strings"

	"github.com/vektah/gqlparser/v2"
	"github.com/vektah/gqlparser/v2/ast"
)

// kind is what a declared type is in the schema.
type kind int

const (
	object kind = iota
	iface
	union
	enum
	input
	scalar
)

// typeDecl declares one type of the schema: its SDL and, for objects, its resolvers.
type typeDecl struct {
	Name       string
	Kind       kind
	Desc       string
	Implements []string
	Fields     []*fieldDecl
	Values     []string // enum values
	Members    []string // union members
}

// fieldDecl is one field (or input field) of a type: its SDL type, its arguments and
// how it is resolved.
type fieldDecl struct {
	Name    string
	Type    string // SDL: "String", "[Post]", "ID!"
	Desc    string
	Args    []argDecl
	Resolve resolver
	// Deprecated is WPGraphQL's deprecationReason (introspection's isDeprecated).
	Deprecated string
}

// argDecl is an argument of a field, with its SDL default literal ("" for none).
type argDecl struct{ Name, Type, Default, Desc string }

// resolver gives a field's value for its parent value and its arguments.
type resolver func(c *call, parent any, args map[string]any) (any, error)

// f is a field declaration.
func f(name, typ string, r resolver, args ...argDecl) *fieldDecl {
	return &fieldDecl{Name: name, Type: typ, Resolve: r, Args: args}
}

// deprecated marks a field deprecated with WPGraphQL's reason.
func (fd *fieldDecl) deprecated(reason string) *fieldDecl { fd.Deprecated = reason; return fd }

// WPGraphQL's deprecation reasons.
const (
	deprecatedForDatabaseID    = "Deprecated in favor of the databaseId field"
	deprecatedForDatabaseIDTax = "Deprecated in favor of databaseId" // terms' ids
	deprecatedBy               = "Deprecated in favor of using the single entry point for this type with ID and IDType fields. For example, instead of postBy( id: &quot;&quot; ), use post(id: &quot;&quot; idType: &quot;&quot;)"
)

// a is an argument declaration.
func a(name, typ string) argDecl { return argDecl{Name: name, Type: typ} }

// schema is the built schema of a site: the declarations by name and gqlparser's
// ast.Schema printed from them.
type schema struct {
	ast    *ast.Schema
	decls  map[string]*typeDecl
	fields map[string]map[string]*fieldDecl // by type, then name
	sdl    string
	// order is the named types as __schema lists them: the declarations', then
	// the built-in scalars and the introspection types.
	order []string
	// types and taxes are the post types and taxonomies the schema shows.
	types []*contentType
	taxes []*taxonomy
}

// build prints the declarations as SDL and loads them; an error is a declaration
// bug, never a request's.
func build(decls []*typeDecl) (*schema, error) {
	s := &schema{decls: make(map[string]*typeDecl, len(decls)), fields: make(map[string]map[string]*fieldDecl, len(decls))}
	var b strings.Builder
	b.WriteString("schema { query: RootQuery }\n")
	for _, d := range decls {
		s.decls[d.Name] = d
		byName := make(map[string]*fieldDecl, len(d.Fields))
		for _, fd := range d.Fields {
			byName[fd.Name] = fd
		}
		s.fields[d.Name] = byName
		writeDecl(&b, d)
	}
	s.sdl = b.String()
	var err error
	if s.ast, err = gqlparser.LoadSchema(&ast.Source{Name: "wpgraphql", Input: s.sdl}); err != nil {
		return nil, err
	}
	asGraphQLPHP(s.ast)
	for _, d := range decls {
		s.order = append(s.order, d.Name)
	}
	for _, n := range builtins {
		if s.ast.Types[n] != nil {
			s.order = append(s.order, n)
		}
	}
	return s, nil
}

func writeDesc(b *strings.Builder, desc, indent string) {
	if desc != "" {
		b.WriteString(indent + `"""` + strings.ReplaceAll(desc, `"""`, `\"""`) + `"""` + "\n")
	}
}

func writeDecl(b *strings.Builder, d *typeDecl) {
	writeDesc(b, d.Desc, "")
	switch d.Kind {
	case scalar:
		b.WriteString("scalar " + d.Name + "\n")
		return
	case enum:
		b.WriteString("enum " + d.Name + " {\n")
		for _, v := range d.Values {
			b.WriteString("  " + v + "\n")
		}
		b.WriteString("}\n")
		return
	case union:
		b.WriteString("union " + d.Name + " = " + strings.Join(d.Members, " | ") + "\n")
		return
	case object:
		b.WriteString("type " + d.Name)
	case iface:
		b.WriteString("interface " + d.Name)
	case input:
		b.WriteString("input " + d.Name)
	}
	if len(d.Implements) > 0 {
		b.WriteString(" implements " + strings.Join(d.Implements, " & "))
	}
	b.WriteString(" {\n")
	for _, fd := range d.Fields {
		writeDesc(b, fd.Desc, "  ")
		b.WriteString("  " + fd.Name)
		if len(fd.Args) > 0 {
			b.WriteString("(")
			for i, ad := range fd.Args {
				if i > 0 {
					b.WriteString(", ")
				}
				if ad.Desc != "" {
					b.WriteString(`"""` + ad.Desc + `""" `)
				}
				b.WriteString(ad.Name + ": " + ad.Type)
				if ad.Default != "" {
					b.WriteString(" = " + ad.Default)
				}
			}
			b.WriteString(")")
		}
		b.WriteString(": " + fd.Type)
		if fd.Deprecated != "" {
			b.WriteString(" @deprecated(reason: " + strconv.Quote(fd.Deprecated) + ")")
		}
		b.WriteString("\n")
	}
	b.WriteString("}\n")
}

// asGraphQLPHP makes gqlparser's introspection types graphql-php's: includeDeprecated
// is Boolean! (graphql-php 15), and __DirectiveLocation has no DIRECTIVE_DEFINITION.
func asGraphQLPHP(s *ast.Schema) {
	for _, tf := range [][2]string{{"__Type", "fields"}, {"__Type", "enumValues"}, {"__Type", "inputFields"}, {"__Field", "args"}, {"__Directive", "args"}} {
		t := s.Types[tf[0]]
		if t == nil {
			continue
		}
		if fd := t.Fields.ForName(tf[1]); fd != nil {
			if a := fd.Arguments.ForName("includeDeprecated"); a != nil {
				typ := *a.Type
				typ.NonNull = true
				a.Type = &typ
			}
		}
	}
	if loc := s.Types["__DirectiveLocation"]; loc != nil {
		var keep ast.EnumValueList
		for _, v := range loc.EnumValues {
			if v.Name != "DIRECTIVE_DEFINITION" {
				keep = append(keep, v)
			}
		}
		loc.EnumValues = keep
	}
}

// builtins are the types every schema has, in graphql-php's order.
var builtins = []string{"String", "Boolean", "Int", "Float", "ID", "__Schema", "__Type", "__TypeKind", "__Field",
	"__InputValue", "__EnumValue", "__Directive", "__DirectiveLocation"}

// field is the declared field name of the type name (nil when none is declared).
func (s *schema) field(typeName, name string) *fieldDecl { return s.fields[typeName][name] }
