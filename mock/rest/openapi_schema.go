package rest

import (
	"encoding/json"
	"sort"
	"strings"

	"github.com/getkin/kin-openapi/openapi3"
)

// This file turns schemas in WordPress's dialect (draft-04 plus "context", "readonly"
// and boolean "required", as Schema.JSON and the routes' item schemas print them) into
// OpenAPI 3.0 schemas. It reads the printed form, the same one OPTIONS publishes, so
// the document says exactly what the declarations say.

// Extension keys the document adds to OpenAPI.
const (
	// extContext: on an item property, the contexts it is returned in; on an item
	// schema, the per-context schemas and the note that sites may add fields.
	extContext = "x-wp-context"
	// extQuirk: why a property's schema is wider than WordPress's own schema says.
	extQuirk = "x-wp-quirk"
	// extPattern: a path placeholder's regex as WordPress matches it (case-insensitive).
	extPattern = "x-wp-pattern"
	// extRoute: the route's pattern as WordPress registers it (a key of the index).
	extRoute = "x-wp-route"
	// extDefault: a default WordPress declares that its own schema would not accept.
	extDefault = "x-wp-default"
	// extFormat: the format WordPress declares where the document cannot keep it
	// (date-time: WordPress's dates carry no zone).
	extFormat = "x-wp-format"
)

// DatePattern is a date as rest_parse_date accepts it: ISO 8601 with the zone
// optional. WordPress prints its dates without one: date and modified in the site's
// timezone, date_gmt and modified_gmt in UTC.
const DatePattern = `^\d{4}-\d{2}-\d{2}[Tt ]\d{2}:\d{2}:\d{2}(?:\.\d+|,\d+)?(?:[Zz]|[+-]\d{2}(?::\d{2})?)?$`

func setExt(s *openapi3.Schema, key string, v any) {
	if s.Extensions == nil {
		s.Extensions = map[string]any{}
	}
	s.Extensions[key] = v
}

// schemaMode says which side of the API a schema describes.
type schemaMode struct {
	// response: item fields (contexts and read-only kept, "required" ignored, since
	// WordPress's property "required" is about creates); otherwise request arguments
	// (nested "required" collected into the object's required list).
	response bool
	// context, for a response: only the properties returned in this context, all of
	// them required ("" keeps every property, and requires those returned in both
	// view, the default context of reads, and edit, the context of writes' answers).
	context string
}

// wpNode reads one node of the printed dialect.
type wpNode Object

func (n wpNode) get(key string) (any, bool) { return Object(n).Get(key) }

func (n wpNode) str(key string) string {
	v, _ := n.get(key)
	s, _ := v.(string)
	return s
}

func (n wpNode) flag(key string) bool {
	v, _ := n.get(key)
	b, _ := v.(bool)
	return b
}

func (n wpNode) strs(key string) []string {
	v, _ := n.get(key)
	switch x := v.(type) {
	case string:
		return []string{x}
	case []string:
		return x
	case []any:
		out := make([]string, 0, len(x))
		for _, e := range x {
			if s, ok := e.(string); ok {
				out = append(out, s)
			}
		}
		return out
	}
	return nil
}

func (n wpNode) obj(key string) (wpNode, bool) {
	v, _ := n.get(key)
	o, ok := v.(Object)
	return wpNode(o), ok
}

func (n wpNode) float(key string) *float64 {
	v, _ := n.get(key)
	switch x := v.(type) {
	case int:
		f := float64(x)
		return &f
	case float64:
		return &x
	}
	return nil
}

func (n wpNode) count(key string) *uint64 {
	f := n.float(key)
	if f == nil || *f < 0 {
		return nil
	}
	u := uint64(*f)
	return &u
}

func (n wpNode) list(key string) []Object {
	v, _ := n.get(key)
	switch x := v.(type) {
	case []any:
		out := make([]Object, 0, len(x))
		for _, e := range x {
			if o, ok := e.(Object); ok {
				out = append(out, o)
			}
		}
		return out
	case []Object:
		return x
	}
	return nil
}

// inContext is Schema.InContext for a printed node.
func (n wpNode) inContext(c string) bool {
	if _, ok := n.get("context"); !ok || c == "" {
		return true
	}
	for _, x := range n.strs("context") {
		if x == c {
			return true
		}
	}
	return false
}

// convert turns a printed node into an OpenAPI 3.0 schema. OpenAPI 3.0 has no type
// lists: "null" becomes nullable, and several other types become an anyOf with one
// alternative per type, each with the keywords that apply to it.
func convert(o Object, mode schemaMode) *openapi3.Schema {
	n := wpNode(o)
	var kinds []string
	nullable := false
	for _, t := range n.strs("type") {
		if t == "null" {
			nullable = true
			continue
		}
		kinds = append(kinds, t)
	}
	s := &openapi3.Schema{Title: n.str("title"), Description: n.str("description")}
	_, hasOneOf := n.get("oneOf")
	_, hasAnyOf := n.get("anyOf")
	if len(kinds) > 1 && (hasOneOf || hasAnyOf) {
		kinds = nil // the alternatives say their own types
	}
	if len(kinds) <= 1 {
		kind := ""
		if len(kinds) == 1 {
			kind = kinds[0]
		}
		fill(s, n, kind, mode)
		s.Nullable = nullable
	} else {
		for _, kind := range kinds {
			alt := &openapi3.Schema{Nullable: nullable}
			fill(alt, n, kind, mode)
			s.AnyOf = append(s.AnyOf, openapi3.NewSchemaRef("", alt))
		}
	}
	for _, key := range []string{"oneOf", "anyOf"} {
		var alts openapi3.SchemaRefs
		for _, a := range n.list(key) {
			alts = append(alts, openapi3.NewSchemaRef("", convert(a, mode)))
		}
		if key == "oneOf" {
			s.OneOf = append(s.OneOf, alts...)
		} else {
			s.AnyOf = append(s.AnyOf, alts...)
		}
	}
	if mode.response {
		if _, ok := n.get("context"); ok {
			setExt(s, extContext, n.strs("context"))
		}
		s.ReadOnly = n.flag("readonly")
	}
	if v, ok := n.get("default"); ok && !mode.response {
		setDefault(s, v)
	}
	return s
}

// fill sets the keywords of one type (all of them when kind is "").
func fill(s *openapi3.Schema, n wpNode, kind string, mode schemaMode) {
	if kind != "" {
		s.Type = &openapi3.Types{kind}
	}
	all := kind == ""
	if all || kind == "string" {
		s.Format = n.str("format")
		s.Pattern = n.str("pattern")
		if s.Format == "date-time" {
			// WordPress prints local dates without a zone (2023-08-11T00:21:20), which
			// format: date-time (RFC 3339) refuses and generated clients fail to parse.
			s.Format, s.Pattern = "", DatePattern
			setExt(s, extFormat, "date-time")
		}
		if m := n.count("minLength"); m != nil {
			s.MinLength = *m
		}
		s.MaxLength = n.count("maxLength")
	}
	if all || kind == "integer" || kind == "number" {
		s.Min, s.Max = n.float("minimum"), n.float("maximum")
		s.ExclusiveMin, s.ExclusiveMax = n.flag("exclusiveMinimum"), n.flag("exclusiveMaximum")
	}
	if v, ok := n.get("enum"); ok {
		s.Enum = enumOf(v, kind)
	}
	if all || kind == "array" {
		if items, ok := n.obj("items"); ok {
			s.Items = openapi3.NewSchemaRef("", convert(Object(items), schemaMode{response: mode.response, context: mode.context}))
		} else if kind == "array" {
			s.Items = openapi3.NewSchemaRef("", &openapi3.Schema{}) // OpenAPI requires items
		}
		if m := n.count("minItems"); m != nil {
			s.MinItems = *m
		}
		s.MaxItems = n.count("maxItems")
		s.UniqueItems = n.flag("uniqueItems")
	}
	if all || kind == "object" {
		fillObject(s, n, mode)
	}
}

func fillObject(s *openapi3.Schema, n wpNode, mode schemaMode) {
	if props, ok := n.obj("properties"); ok {
		s.Properties = openapi3.Schemas{}
		for _, m := range props {
			p, _ := m.Value.(Object)
			pn := wpNode(p)
			if mode.response && !pn.inContext(mode.context) {
				continue
			}
			s.Properties[m.Key] = openapi3.NewSchemaRef("", convert(p, mode))
			if (mode.response && mode.context != "") || (!mode.response && pn.flag("required")) ||
				(mode.response && mode.context == "" && pn.inContext("view") && pn.inContext("edit")) {
				s.Required = append(s.Required, m.Key)
			}
		}
	}
	if v, ok := n.get("additionalProperties"); ok {
		switch x := v.(type) {
		case bool:
			s.AdditionalProperties.Has = &x
		case Object:
			s.AdditionalProperties.Schema = openapi3.NewSchemaRef("", convert(x, mode))
		}
	}
}

// enumOf keeps the enum values of one type (all of them when kind is "").
func enumOf(v any, kind string) []any {
	var values []any
	switch x := v.(type) {
	case []any:
		values = x
	case []string:
		for _, s := range x {
			values = append(values, s)
		}
	}
	if kind == "" {
		return values
	}
	var out []any
	for _, e := range values {
		if e == nil || jsonKind(e) == kind || kind == "number" && jsonKind(e) == "integer" {
			out = append(out, e)
		}
	}
	return out
}

func jsonKind(v any) string {
	switch x := v.(type) {
	case string:
		return "string"
	case bool:
		return "boolean"
	case int:
		return "integer"
	case float64:
		if x == float64(int64(x)) {
			return "integer"
		}
		return "number"
	case []any, []string, []int:
		return "array"
	case Object, map[string]any:
		return "object"
	}
	return ""
}

// setDefault sets an argument's default the way WordPress applies it: a null default
// means "absent" (left out); a single value for a list argument is the one-element list
// that rest_sanitize_array makes of it. A default the schema still refuses is kept
// under x-wp-default, since OpenAPI requires defaults to validate.
func setDefault(s *openapi3.Schema, v any) {
	if v == nil {
		return
	}
	if s.Type.Is("array") && jsonKind(v) != "array" {
		v = []any{v}
	}
	if err := s.VisitJSON(plainJSON(v)); err != nil {
		setExt(s, extDefault, v)
		return
	}
	s.Default = v
}

// plainJSON converts ordered values into what encoding/json decodes to, for VisitJSON.
func plainJSON(v any) any {
	switch x := v.(type) {
	case Object:
		m := make(map[string]any, len(x))
		for _, e := range x {
			m[e.Key] = plainJSON(e.Value)
		}
		return m
	case []any:
		out := make([]any, len(x))
		for i, e := range x {
			out[i] = plainJSON(e)
		}
		return out
	case []string:
		out := make([]any, len(x))
		for i, e := range x {
			out[i] = e
		}
		return out
	case []int:
		out := make([]any, len(x))
		for i, e := range x {
			out[i] = float64(e)
		}
		return out
	case int:
		return float64(x)
	}
	return v
}

// contextsOf lists the contexts an item schema's properties name, in WordPress's order
// (view, edit, embed).
func contextsOf(o Object) []string {
	seen := map[string]bool{}
	if props, ok := wpNode(o).obj("properties"); ok {
		for _, m := range props {
			p, _ := m.Value.(Object)
			for _, c := range wpNode(p).strs("context") {
				seen[c] = true
			}
		}
	}
	var out []string
	for _, c := range AllContexts {
		if seen[c] {
			out = append(out, c)
			delete(seen, c)
		}
	}
	rest := make([]string, 0, len(seen))
	for c := range seen {
		rest = append(rest, c)
	}
	sort.Strings(rest)
	return append(out, rest...)
}

// componentName turns a schema title ("post-revision") into a component name
// ("PostRevision").
func componentName(title string) string {
	var b strings.Builder
	for _, part := range strings.FieldsFunc(title, func(r rune) bool {
		return !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9')
	}) {
		b.WriteString(strings.ToUpper(part[:1]) + part[1:])
	}
	if b.Len() == 0 {
		return "Item"
	}
	return b.String()
}

// item returns the components of a route's item schema, adding them the first time:
// the schema every response uses (no property required, since _fields and the
// contexts leave any of them out), and one schema per context listing the properties
// that context returns, all required, for client generators.
func (g *docGen) item(rt *Route) *docItem {
	if rt.Schema == nil {
		return nil
	}
	o := rt.Schema()
	printed, err := json.Marshal(o)
	if err != nil {
		g.fail("%s: item schema: %v", rt.Pattern, err)
		return nil
	}
	if it, ok := g.items[string(printed)]; ok {
		return it
	}
	title := wpNode(o).str("title")
	it := &docItem{title: title}
	g.items[string(printed)] = it

	shared := g.itemSchema(o, title, "")
	if ex, ok := g.d.Examples[title]; ok {
		shared.Example = ex
	}
	contexts := contextsOf(o)
	ref := g.component(componentName(title), shared)
	it.name, it.schema = strings.TrimPrefix(ref.Ref, schemasPrefix), shared
	schemas := map[string]any{}
	for _, c := range contexts {
		s := g.itemSchema(o, title, c)
		s.Description = "A " + title + " as context=" + c + " returns it: every property listed is present unless _fields leaves it out."
		schemas[c] = g.component(it.name+"_"+c, s).Ref
	}
	shared.Extensions = map[string]any{extContext: map[string]any{
		"param":   "context",
		"schemas": schemas,
		"fields":  "open: sites add fields (register_rest_field), so additionalProperties is left unset",
	}}
	return it
}

// itemSchema converts an item schema for every context ("") or one, applies the quirks
// and adds _links and _embedded, which WordPress adds to every item.
func (g *docGen) itemSchema(o Object, title, context string) *openapi3.Schema {
	s := convert(o, schemaMode{response: true, context: context})
	s.Title = title
	if s.Properties == nil {
		s.Properties = openapi3.Schemas{}
	}
	s.Properties["_links"] = schemaRef(compLinks, g.doc.Components.Schemas[compLinks].Value)
	s.Properties["_embedded"] = schemaRef(compEmbedded, g.doc.Components.Schemas[compEmbedded].Value)
	for _, q := range g.d.Quirks {
		if q.Title != "" && q.Title != title {
			continue
		}
		if !applyQuirk(s, strings.Split(q.Property, "."), q) && q.Title != "" && context == "" {
			g.fail("quirk %s.%s: the %s schema has no such property", q.Title, q.Property, title)
		}
	}
	return s
}

// applyQuirk widens the property at path; false when there is no such property.
func applyQuirk(s *openapi3.Schema, path []string, q Quirk) bool {
	if s.Properties == nil {
		// below an earlier EmptyArray quirk: the object alternative
		for _, alt := range s.AnyOf {
			if alt.Value.Properties != nil {
				return applyQuirk(alt.Value, path, q)
			}
		}
		return false
	}
	ref, ok := s.Properties[path[0]]
	if !ok || ref.Ref != "" {
		return false
	}
	p := ref.Value
	if len(path) > 1 {
		return applyQuirk(p, path[1:], q)
	}
	if q.Optional {
		var req []string
		for _, r := range s.Required {
			if r != path[0] {
				req = append(req, r)
			}
		}
		s.Required = req
	}
	if q.Enum != nil && p.Enum != nil {
		p.Enum = append(append([]any(nil), p.Enum...), q.Enum...)
	}
	if q.Nullable {
		p.Nullable = true
		for _, alt := range p.AnyOf {
			alt.Value.Nullable = true
		}
	}
	if q.EmptyArray {
		obj := *p
		obj.Description, obj.Extensions, obj.ReadOnly = "", nil, false
		clearRequired(&obj)
		p = &openapi3.Schema{Description: p.Description, Extensions: p.Extensions, ReadOnly: p.ReadOnly, Nullable: p.Nullable,
			AnyOf: openapi3.SchemaRefs{openapi3.NewSchemaRef("", &obj), openapi3.NewSchemaRef("", emptyArray())}}
		s.Properties[path[0]] = openapi3.NewSchemaRef("", p)
	}
	if q.NoFormat && p.Format != "" {
		setExt(p, extFormat, p.Format)
		p.Format = ""
	}
	if q.Shape != nil {
		if p.Properties == nil {
			p.Properties = openapi3.Schemas{}
		}
		for k, v := range q.Shape.Properties {
			if _, ok := p.Properties[k]; !ok {
				p.Properties[k] = v
			}
		}
		if q.Shape.AdditionalProperties.Schema != nil || q.Shape.AdditionalProperties.Has != nil {
			p.AdditionalProperties = q.Shape.AdditionalProperties
		}
	}
	setExt(p, extQuirk, q.Why)
	return true
}

// clearRequired drops required lists below a value that may also be [] (nothing in it
// is certain to be there).
func clearRequired(s *openapi3.Schema) {
	s.Required = nil
	for _, p := range s.Properties {
		if p.Ref == "" {
			np := *p.Value
			clearRequired(&np)
			p.Value = &np
		}
	}
}
