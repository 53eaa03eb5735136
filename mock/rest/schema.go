package rest

import "slices"

// Contexts WordPress knows. A field lists the contexts it is returned in.
const (
	View  = "view"
	Embed = "embed"
	Edit  = "edit"
)

// Common context sets, as WordPress schemas spell them.
var (
	AllContexts = []string{View, Edit, Embed}
	ViewEdit    = []string{View, Edit}
	EditOnly    = []string{Edit}
)

// Schema is one node of WordPress's JSON-schema dialect (draft-04 plus "context",
// "readonly" and "required" on properties). The same node type describes item fields,
// request arguments, the OPTIONS document and the OpenAPI document.
type Schema struct {
	Name        string // the property or argument name; not part of the JSON
	Description string
	Types       []string // one type, or several (["string","null"])
	Format      string
	Enum        []any
	Items       *Schema
	Properties  []*Schema // ordered
	// AdditionalProperties false forbids unknown keys (validated); nil says nothing.
	AdditionalProperties *bool
	// AdditionalSchema is additionalProperties given as a schema: unknown keys are
	// checked against it. PatternProperties are patternProperties, each named by its
	// pattern. RequiredNames is required as a list (schema version 4).
	AdditionalSchema             *Schema
	PatternProperties            []*Schema
	RequiredNames                []string
	MinProperties, MaxProperties *int
	OneOf                        []*Schema
	Context                      []string
	ReadOnly                     bool
	Required                     bool
	Default                      any
	HasDefault                   bool
	// SchemaDefault: the default is printed in schema documents too, not only in the
	// arguments (the menu items' schema declares defaults on its properties).
	SchemaDefault        bool
	Minimum, Maximum     *float64
	ExclusiveMin         bool
	ExclusiveMax         bool
	MinLength, MaxLength *int
	MinItems, MaxItems   *int
	Pattern              string
	UniqueItems          bool
	// Title names an item schema ("post", "tag"); only on the root of an item schema.
	Title string
	// Label, when set, is an argument's title, printed first (register_setting's
	// label on the settings' arguments from 6.8; an empty one too).
	Label *string
	// Literal, when set, is the node as schema documents print it, for nodes WordPress
	// builds with keys or an order the dialect does not model (register_meta's
	// schemas: type, title, description, default). Validation still reads the fields.
	Literal Object
	// Span is the WordPress versions the node exists in (Since, Until).
	Span Span
	// AsRegistered: an argument a plugin registered (register_rest_route), printed as
	// get_data_for_route prints it: the schema keywords of its Literal in the order
	// given, then required (registeredArg).
	AsRegistered bool
	// KeepDescription prints an empty description too (a site's setting: the
	// settings controller's schema always has one).
	KeepDescription bool

	// For arguments only. Early: the argument has a validate_callback, so it is checked
	// by has_valid_params (before the others, and alone if it fails).
	Early bool
	// Sanitize replaces schema validation with the argument's own sanitize_callback.
	Sanitize func(r *Request, v any, param string) (any, *Error)
	// SchemaFirst: the argument keeps the schema as its validate_callback beside its
	// own Sanitize (an arg_options sanitize_callback, as the users controller gives
	// username and password), so has_valid_params checks the schema and Sanitize
	// runs at the sanitising stage only.
	SchemaFirst bool
	// Doc, when set, is what the OpenAPI document declares the argument accepts, where
	// its Sanitize takes more than its schema says (title: a string or {raw}).
	Doc *Schema
}

// New returns a schema node of the given types.
func New(name string, types ...string) *Schema { return &Schema{Name: name, Types: types} }

// Str, Int, Num, Bool, Obj and Arr are shorthands for the common node types.
func Str(name string) *Schema  { return New(name, "string") }
func Int(name string) *Schema  { return New(name, "integer") }
func Num(name string) *Schema  { return New(name, "number") }
func Bool(name string) *Schema { return New(name, "boolean") }
func Obj(name string) *Schema  { return New(name, "object") }

// Arr is an array whose items follow items.
func Arr(name string, items *Schema) *Schema {
	s := New(name, "array")
	s.Items = items
	return s
}

// Desc sets the description.
func (s *Schema) Desc(d string) *Schema { s.Description = d; return s }

// Fmt sets the format (date-time, uri, email, ...).
func (s *Schema) Fmt(f string) *Schema { s.Format = f; return s }

// Ctx sets the contexts the field is returned in.
func (s *Schema) Ctx(c ...string) *Schema { s.Context = c; return s }

// RO marks the field read-only: returned but never accepted.
func (s *Schema) RO() *Schema { s.ReadOnly = true; return s }

// Req marks the argument (or property) required.
func (s *Schema) Req() *Schema { s.Required = true; return s }

// Def sets the default value.
func (s *Schema) Def(v any) *Schema { s.Default = v; s.HasDefault = true; return s }

// SchemaDef sets a default that schema documents print too (SchemaDefault).
func (s *Schema) SchemaDef(v any) *Schema { s.SchemaDefault = true; return s.Def(v) }

// OneOfEnum restricts the value to the given strings.
func (s *Schema) OneOfEnum(values ...string) *Schema {
	s.Enum = make([]any, len(values))
	for i, v := range values {
		s.Enum[i] = v
	}
	return s
}

// Min and Max set inclusive bounds.
func (s *Schema) Min(v float64) *Schema { s.Minimum = &v; return s }
func (s *Schema) Max(v float64) *Schema { s.Maximum = &v; return s }

// Props sets the properties of an object node.
func (s *Schema) Props(p ...*Schema) *Schema { s.Properties = p; return s }

// Checked marks an argument as having WordPress's rest_validate_request_arg as its
// validate_callback (see Schema.Early).
func (s *Schema) Checked() *Schema { s.Early = true; return s }

// Unique sets uniqueItems.
func (s *Schema) Unique() *Schema { s.UniqueItems = true; return s }

// NoExtra forbids properties other than the declared ones.
func (s *Schema) NoExtra() *Schema { f := false; s.AdditionalProperties = &f; return s }

// Type is the node's single type, or "" when it has several.
func (s *Schema) Type() string {
	if len(s.Types) == 1 {
		return s.Types[0]
	}
	return ""
}

// Prop returns the property named name, or nil.
func (s *Schema) Prop(name string) *Schema {
	for _, p := range s.Properties {
		if p.Name == name {
			return p
		}
	}
	return nil
}

// InContext reports whether the field is returned in context c. A node without a
// context list is returned in every context, as in rest_filter_response_by_context.
func (s *Schema) InContext(c string) bool {
	if s.Context == nil {
		return true
	}
	for _, x := range s.Context {
		if x == c {
			return true
		}
	}
	return false
}

// JSON renders the node as WordPress prints it in a schema document. asArg renders an
// argument (OPTIONS endpoints[].args), which always has "required" and no context or
// readonly keys, as rest_get_endpoint_args_for_schema and get_data_for_route keep them.
func (s *Schema) JSON(asArg bool) Object {
	if s.Literal != nil && !asArg {
		return s.Literal
	}
	if s.AsRegistered && asArg {
		return s.registeredArg()
	}
	if s.Literal != nil && asArg {
		return s.literalArg()
	}
	o := Object{}
	if s.Label != nil && asArg {
		o = append(o, Member{"title", *s.Label})
	}
	if s.Description != "" || s.KeepDescription {
		o = append(o, Member{"description", s.Description})
	}
	switch len(s.Types) {
	case 0:
	case 1:
		o = append(o, Member{"type", s.Types[0]})
	default:
		o = append(o, Member{"type", s.Types})
	}
	if s.Format != "" {
		o = append(o, Member{"format", s.Format})
	}
	if s.Enum != nil {
		o = append(o, Member{"enum", s.Enum})
	}
	if s.HasDefault && (asArg || s.SchemaDefault) {
		o = append(o, Member{"default", s.Default})
	}
	o = s.appendBounds(o)
	if s.Items != nil {
		o = append(o, Member{"items", s.Items.JSON(false)})
	}
	if s.OneOf != nil {
		o = append(o, Member{"oneOf", s.oneOfJSON()})
	}
	if !asArg {
		if s.Context != nil {
			o = append(o, Member{"context", s.Context})
		}
		if s.ReadOnly {
			o = append(o, Member{"readonly", true})
		}
	}
	o = s.appendProperties(o)
	if asArg {
		o = append(o, Member{"required", s.Required})
	} else if s.Required {
		o = append(o, Member{"required", true})
	}
	return o
}

// appendBounds appends the keywords that bound a value, in the order WordPress's
// schemas print them: a number's (minimum, maximum, exclusive), a string's (lengths,
// pattern), an array's (items counts, uniqueness).
func (s *Schema) appendBounds(o Object) Object {
	if s.Minimum != nil {
		o = append(o, Member{"minimum", number(*s.Minimum)})
	}
	if s.Maximum != nil {
		o = append(o, Member{"maximum", number(*s.Maximum)})
	}
	if s.ExclusiveMin {
		o = append(o, Member{"exclusiveMinimum", true})
	}
	if s.ExclusiveMax {
		o = append(o, Member{"exclusiveMaximum", true})
	}
	if s.MinLength != nil {
		o = append(o, Member{"minLength", *s.MinLength})
	}
	if s.MaxLength != nil {
		o = append(o, Member{"maxLength", *s.MaxLength})
	}
	if s.Pattern != "" {
		o = append(o, Member{"pattern", s.Pattern})
	}
	if s.MinItems != nil {
		o = append(o, Member{"minItems", *s.MinItems})
	}
	if s.MaxItems != nil {
		o = append(o, Member{"maxItems", *s.MaxItems})
	}
	if s.UniqueItems {
		o = append(o, Member{"uniqueItems", true})
	}
	return o
}

// oneOfJSON is the alternatives of a oneOf, each with its title first ("Term ID List").
func (s *Schema) oneOfJSON() []any {
	alts := make([]any, len(s.OneOf))
	for i, a := range s.OneOf {
		alt := a.JSON(false)
		if a.Title != "" && a.Literal == nil { // an alternative's title comes first ("Term ID List")
			alt = append(Object{{"title", a.Title}}, alt...)
		}
		alts[i] = alt
	}
	return alts
}

// appendProperties appends an object's properties and additionalProperties.
func (s *Schema) appendProperties(o Object) Object {
	if len(s.Properties) > 0 {
		props := make(Object, len(s.Properties))
		for i, p := range s.Properties {
			props[i] = Member{p.Name, p.JSON(false)}
		}
		o = append(o, Member{"properties", props})
	} else if s.Properties != nil {
		// a non-nil empty list is PHP's empty "properties" array, printed [] (the meta
		// field of a type without registered meta)
		o = append(o, Member{"properties", EmptyArray})
	}
	if s.AdditionalProperties != nil {
		o = append(o, Member{"additionalProperties", *s.AdditionalProperties})
	}
	return o
}

// number prints whole floats as integers, as PHP keeps them.
func number(f float64) any {
	if f == float64(int(f)) {
		return int(f)
	}
	return f
}

// allowedKeywords are rest_get_allowed_schema_keywords: the keys of an argument
// get_data_for_route keeps (array_intersect_key) for the index and OPTIONS.
var allowedKeywords = []string{"title", "description", "default", "type", "format", "enum", "items",
	"properties", "additionalProperties", "patternProperties", "minProperties", "maxProperties", "minimum",
	"maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf", "minLength", "maxLength", "pattern",
	"minItems", "maxItems", "uniqueItems", "anyOf", "oneOf"}

// literalArg is the argument rest_get_endpoint_args_for_schema derives from a
// property given as JSON (a plugin's register_rest_field schema): its default first
// where the route creates (Default is kept only there), then the schema's keywords in
// rest_get_allowed_schema_keywords' order, each as given (nested schemas verbatim,
// additionalProperties included), then "required".
func (s *Schema) literalArg() Object {
	o := make(Object, 0, len(s.Literal)+2)
	if s.HasDefault {
		o = append(o, Member{"default", s.Default})
	}
	for _, k := range allowedKeywords {
		if v, ok := s.Literal.Get(k); ok && k != "default" {
			o = append(o, Member{k, v})
		}
	}
	return append(o, Member{"required", s.Required})
}

// registeredArg is get_data_for_route's $arg_data for a plugin's argument: its
// schema keywords in the order the plugin gave them, then "required" (! empty()),
// always last.
func (s *Schema) registeredArg() Object {
	o := make(Object, 0, len(s.Literal)+1)
	for _, m := range s.Literal {
		if slices.Contains(allowedKeywords, m.Key) {
			o = append(o, m)
		}
	}
	return append(o, Member{"required", s.Required})
}
