package rest

import (
	"encoding/json"
	"fmt"
	"net/http"
	"slices"
	"strconv"
	"strings"

	"github.com/getkin/kin-openapi/openapi3"
)

// This file builds an OpenAPI 3.0 document from the registered routes: one path per
// route, one operation per method of its endpoints plus OPTIONS (which WordPress
// answers on every route), parameters and request bodies from the endpoints' arguments,
// and responses from the routes' item schemas. WordPress publishes no such document;
// everything in it comes from the same declarations that drive the server.

// Document is what the OpenAPI document needs besides the routes.
type Document struct {
	Info    *openapi3.Info
	Servers openapi3.Servers
	// Base prefixes every route's path ("/wp-json"): mock servers (Prism) serve the
	// paths as written, ignoring a server URL's path.
	Base string
	// Quirks widen response schemas where WordPress prints values its own schema does
	// not allow.
	Quirks []Quirk
	// Examples are example items by item schema title ("post"), as JSON decodes them.
	Examples map[string]any
}

// Shape is how a route answers beyond what its item schema says.
type Shape struct {
	// Keyed: the collection is an object keyed by slug, not a list (WordPress's
	// registries: post types, taxonomies, statuses).
	Keyed bool
	// Upload: the create endpoint takes a file, as the raw body (named by a
	// Content-Disposition header) or as a multipart "file" part (attachments).
	Upload bool
	// DeleteMessage: DELETE may answer {"message": ...} instead of {deleted, previous}.
	DeleteMessage bool
	// List: the route is a collection that has no item route of its own (the search
	// results, whose items live at their objects' routes).
	List bool
	// SaveOK: the collection's POST answers 200 with the item it saved, not 201 with a
	// Location (the autosaves' create_item, which may update an existing autosave).
	SaveOK bool
}

// Quirk widens one property of an item's response schemas.
type Quirk struct {
	// Title is the item schema title; "" applies to every item schema with the property.
	Title string
	// Property is a dotted path: "meta", "media_details.sizes".
	Property string
	// Nullable: the value may be null.
	Nullable bool
	// EmptyArray: the value may be [] (an empty PHP array where an object is meant).
	EmptyArray bool
	// Enum lists values printed beyond the declared enum.
	Enum []any
	// Optional: the property is declared but may be left out of any context.
	Optional bool
	// Shape describes what an object holds where WordPress's schema names only its
	// type (media_details): its properties, none of them required.
	Shape *openapi3.Schema
	// NoFormat: WordPress prints values its format refuses (a user's url is "" when
	// unset, which format: uri refuses); the format moves to x-wp-format.
	NoFormat bool
	// Why is printed as x-wp-quirk.
	Why string
}

// SecurityScheme names HTTP Basic authentication with an application password.
const SecurityScheme = "applicationPassword"

const (
	jsonType      = "application/json"
	schemasPrefix = "#/components/schemas/"
)

// OpenAPI builds the OpenAPI 3.0 document of the registered routes. The document is the
// same for the same routes: every map is printed with sorted keys, every list in
// declaration order.
func (s *Server) OpenAPI(d Document) (*openapi3.T, error) {
	info := d.Info
	if info == nil {
		info = &openapi3.Info{Title: "WordPress REST API", Version: "6.1"}
	}
	g := &docGen{d: d, routes: s.routes, items: map[string]*docItem{}, componentJSON: map[string]string{},
		doc: &openapi3.T{
			OpenAPI: "3.0.3",
			Info:    info,
			Servers: d.Servers,
			Paths:   openapi3.NewPaths(),
			Components: &openapi3.Components{
				Schemas:         openapi3.Schemas{},
				Responses:       openapi3.ResponseBodies{},
				Parameters:      openapi3.ParametersMap{},
				SecuritySchemes: openapi3.SecuritySchemes{},
			},
			// Reads work without credentials; writes say so on their operations.
			Security: openapi3.SecurityRequirements{{}, {SecurityScheme: []string{}}},
		}}
	g.shared()
	for _, rt := range s.routes {
		g.route(rt)
	}
	if g.err != nil {
		return nil, g.err
	}
	return g.doc, nil
}

type docGen struct {
	d             Document
	doc           *openapi3.T
	routes        []*Route
	items         map[string]*docItem // by the printed item schema
	componentJSON map[string]string   // component name -> its JSON, to share equal ones
	tags          map[string]bool
	err           error
}

// docItem is an item schema's components.
type docItem struct {
	title, name string
	schema      *openapi3.Schema
}

func (it *docItem) ref() *openapi3.SchemaRef {
	return openapi3.NewSchemaRef(schemasPrefix+it.name, it.schema)
}

func (g *docGen) fail(format string, args ...any) {
	if g.err == nil {
		g.err = fmt.Errorf("openapi: "+format, args...)
	}
}

// component adds a schema under name, or under name2, name3, ... when name is taken by
// a different schema, and returns a reference to it. Equal schemas share one name.
func (g *docGen) component(name string, s *openapi3.Schema) *openapi3.SchemaRef {
	b, err := json.Marshal(s)
	if err != nil {
		g.fail("%s: %v", name, err)
	}
	for i := 1; ; i++ {
		n := name
		if i > 1 {
			n = name + strconv.Itoa(i)
		}
		prev, taken := g.componentJSON[n]
		if !taken {
			g.componentJSON[n] = string(b)
			g.doc.Components.Schemas[n] = openapi3.NewSchemaRef("", s)
		}
		if !taken || prev == string(b) {
			return openapi3.NewSchemaRef(schemasPrefix+n, g.doc.Components.Schemas[n].Value)
		}
	}
}

func schemaRef(name string, s *openapi3.Schema) *openapi3.SchemaRef {
	return openapi3.NewSchemaRef(schemasPrefix+name, s)
}

func typed(kind string) *openapi3.Schema { return &openapi3.Schema{Type: &openapi3.Types{kind}} }

func arrayOf(items *openapi3.SchemaRef) *openapi3.Schema {
	s := typed("array")
	s.Items = items
	return s
}

func mapOf(values *openapi3.SchemaRef) *openapi3.Schema {
	s := typed("object")
	s.AdditionalProperties.Schema = values
	return s
}

func described(s *openapi3.Schema, d string) *openapi3.Schema { s.Description = d; return s }

func props(s *openapi3.Schema, kv ...any) *openapi3.Schema {
	s.Properties = openapi3.Schemas{}
	for i := 0; i+1 < len(kv); i += 2 {
		switch v := kv[i+1].(type) {
		case *openapi3.Schema:
			s.Properties[kv[i].(string)] = openapi3.NewSchemaRef("", v)
		case *openapi3.SchemaRef:
			s.Properties[kv[i].(string)] = v
		}
	}
	return s
}

// emptyArray is [], which PHP prints for an empty array where an object is meant.
func emptyArray() *openapi3.Schema {
	s := arrayOf(openapi3.NewSchemaRef("", &openapi3.Schema{}))
	zero := uint64(0)
	s.MaxItems = &zero
	return described(s, "An empty PHP array, printed as [] where an object is meant.")
}

func objectOrEmpty(obj *openapi3.Schema) *openapi3.Schema {
	return &openapi3.Schema{AnyOf: openapi3.SchemaRefs{openapi3.NewSchemaRef("", obj), openapi3.NewSchemaRef("", emptyArray())}}
}

// Names of the shared components.
const (
	compError          = "Error"
	compLink           = "Link"
	compLinks          = "Links"
	compEmbedded       = "Embedded"
	compRouteData      = "RouteData"
	compIndex          = "Index"
	compNamespaceIndex = "NamespaceIndex"
)

// shared adds the components every route uses: the error envelope, links, the OPTIONS
// route description, the indexes, the error responses, the global parameters and the
// security scheme.
func (g *docGen) shared() {
	errSchema := g.errorSchema()
	links := g.linkSchemas()
	g.indexSchemas(links)
	g.parameters(errSchema)
}

// errorSchema adds WordPress's error envelope (WP_REST_Server::error_to_response) and
// returns it.
func (g *docGen) errorSchema() *openapi3.Schema {
	c := g.doc.Components
	errData := described(typed("object"), "The error's data: status (the HTTP status), and for invalid arguments params and details. null when the error carries no data.")
	errData.Nullable = true
	props(errData,
		"status", described(typed("integer"), "The HTTP status WordPress answered with."),
		"params", described(&openapi3.Schema{AnyOf: openapi3.SchemaRefs{
			openapi3.NewSchemaRef("", mapOf(openapi3.NewSchemaRef("", typed("string")))),
			openapi3.NewSchemaRef("", arrayOf(openapi3.NewSchemaRef("", typed("string")))),
		}}, "rest_invalid_param: the message of each invalid argument; rest_missing_callback_param: the names of the missing ones."),
		"details", described(typed("object"), "rest_invalid_param: the error of each invalid argument."),
	)
	inner := props(typed("object"), "code", typed("string"), "message", typed("string"), "data", errData)
	inner.Required = []string{"code", "message"}
	errSchema := props(typed("object"),
		"code", described(typed("string"), "A machine-readable error code (rest_invalid_param, rest_post_invalid_id, ...)."),
		"message", described(typed("string"), "A human-readable message."),
		"data", errData,
		"additional_errors", described(arrayOf(openapi3.NewSchemaRef("", inner)), "Further errors of a WP_Error with several codes."),
		"additional_data", described(arrayOf(openapi3.NewSchemaRef("", &openapi3.Schema{})), "Earlier data of the error code, replaced by add_data."),
	)
	errSchema.Required = []string{"code", "message"}
	errSchema.Description = "WordPress's error envelope (WP_REST_Server::error_to_response)."
	c.Schemas[compError] = openapi3.NewSchemaRef("", errSchema)
	return errSchema
}

// linkSchemas adds a link, an item's _links and _embedded, and returns the links.
func (g *docGen) linkSchemas() *openapi3.Schema {
	c := g.doc.Components
	link := props(typed("object"),
		"href", typed("string"),
		"embeddable", described(typed("boolean"), "_embed follows the link."),
		"templated", typed("boolean"),
		"name", typed("string"),
		"taxonomy", typed("string"),
		"count", typed("integer"),
		"id", typed("integer"),
	)
	link.Required = []string{"href"}
	link.Description = "One link: its attributes, then href."
	c.Schemas[compLink] = openapi3.NewSchemaRef("", link)
	links := mapOf(openapi3.NewSchemaRef("", arrayOf(schemaRef(compLink, link))))
	links.Description = "An item's links: relation -> list of links; \"curies\" comes last when a relation uses the wp: prefix."
	c.Schemas[compLinks] = openapi3.NewSchemaRef("", links)
	c.Schemas[compEmbedded] = openapi3.NewSchemaRef("", described(mapOf(openapi3.NewSchemaRef("", arrayOf(openapi3.NewSchemaRef("", &openapi3.Schema{})))),
		"With _embed: relation -> the embedded responses (an item, a list, an error, or [] for a link that is not embeddable), in link order."))
	return links
}

// indexSchemas adds the OPTIONS description of a route (get_data_for_route), the
// site index (get_index) and a namespace's index (get_namespace_index).
func (g *docGen) indexSchemas(links *openapi3.Schema) {
	c := g.doc.Components
	endpoint := props(typed("object"),
		"methods", arrayOf(openapi3.NewSchemaRef("", typed("string"))),
		"allow_batch", typed("object"),
		"args", described(objectOrEmpty(mapOf(openapi3.NewSchemaRef("", &openapi3.Schema{}))), "Argument name -> its schema, with required; [] when there are none."),
	)
	routeData := props(typed("object"),
		"namespace", typed("string"),
		"methods", arrayOf(openapi3.NewSchemaRef("", typed("string"))),
		"endpoints", arrayOf(openapi3.NewSchemaRef("", endpoint)),
		"schema", described(typed("object"), "The item schema, in WordPress's JSON-schema dialect (in help context)."),
		"_links", schemaRef(compLinks, links),
	)
	routeData.Description = "A route as OPTIONS and the indexes describe it (get_data_for_route)."
	c.Schemas[compRouteData] = openapi3.NewSchemaRef("", routeData)
	routes := described(mapOf(schemaRef(compRouteData, routeData)), "Route pattern -> its description.")
	gmtOffset := &openapi3.Schema{AnyOf: openapi3.SchemaRefs{openapi3.NewSchemaRef("", typed("string")), openapi3.NewSchemaRef("", typed("number"))}}
	c.Schemas[compIndex] = openapi3.NewSchemaRef("", described(props(typed("object"),
		"name", typed("string"), "description", typed("string"), "url", typed("string"), "home", typed("string"),
		"gmt_offset", described(gmtOffset, "The gmt_offset option as stored (\"0\")."),
		"timezone_string", typed("string"),
		"namespaces", arrayOf(openapi3.NewSchemaRef("", typed("string"))),
		"authentication", objectOrEmpty(typed("object")),
		"routes", routes,
		"site_logo", typed("integer"), "site_icon", typed("integer"), "site_icon_url", typed("string"),
		"_links", schemaRef(compLinks, links),
	), "The site index (WP_REST_Server::get_index)."))
	c.Schemas[compNamespaceIndex] = openapi3.NewSchemaRef("", described(props(typed("object"),
		"namespace", typed("string"), "routes", routes, "_links", schemaRef(compLinks, links),
	), "A namespace's index (get_namespace_index)."))
}

// parameters adds the error responses, the global parameters (_fields, _embed) and the
// security scheme (application passwords).
func (g *docGen) parameters(errSchema *openapi3.Schema) {
	c := g.doc.Components
	for name, desc := range errorResponses {
		c.Responses[name] = &openapi3.ResponseRef{Value: errorDoc(desc, errSchema)}
	}
	c.Parameters["_fields"] = &openapi3.ParameterRef{Value: &openapi3.Parameter{
		Name: "_fields", In: openapi3.ParameterInQuery, Style: openapi3.SerializationForm, Explode: openapi3.BoolPtr(false),
		Description: "Only these top-level fields (or dotted sub-fields) in the response. An item left with none of its fields prints as [] (WordPress's empty array), which the item schemas do not describe.",
		Schema:      openapi3.NewSchemaRef("", arrayOf(openapi3.NewSchemaRef("", typed("string")))),
	}}
	rels := described(arrayOf(openapi3.NewSchemaRef("", typed("string"))), "Only these relations (author, wp:term, wp:featuredmedia, replies, ...).")
	c.Parameters["_embed"] = &openapi3.ParameterRef{Value: &openapi3.Parameter{
		Name: "_embed", In: openapi3.ParameterInQuery, AllowEmptyValue: true,
		Style: openapi3.SerializationForm, Explode: openapi3.BoolPtr(false),
		Description: "Embed linked resources under _embedded: true (also an empty value, or 1) embeds every embeddable relation; a list embeds the relations listed.",
		Schema: openapi3.NewSchemaRef("", &openapi3.Schema{AnyOf: openapi3.SchemaRefs{
			// named: oapi-codegen cannot name an inline scalar alternative of a shared parameter
			g.component("EmbedAll", described(typed("boolean"), "Every embeddable relation.")),
			g.component("EmbedRelations", rels),
		}}),
	}}
	c.SecuritySchemes[SecurityScheme] = &openapi3.SecuritySchemeRef{Value: &openapi3.SecurityScheme{
		Type: "http", Scheme: "basic",
		Description: "An application password: the user's login (or email) and the 24-character password, spaces optional. Reads work without it; what they return depends on it.",
	}}
}

// errorResponses are the error statuses an operation lists, by component name.
var errorResponses = map[string]string{
	"BadRequest":   "An argument is missing or invalid (rest_missing_callback_param, rest_invalid_param), the request is not allowed in this state, or _jsonp names an invalid callback (rest_callback_invalid).",
	"Unauthorized": "Not logged in, and the operation needs a user (or a bad application password).",
	"Forbidden":    "Logged in, but not allowed.",
	"NotFound":     "No such item (or no route for this path and method: rest_no_route).",
	"Error":        "Any other error, in WordPress's envelope.",
}

func errorDoc(desc string, errSchema *openapi3.Schema) *openapi3.Response {
	return &openapi3.Response{Description: &desc, Content: openapi3.NewContentWithJSONSchemaRef(schemaRef(compError, errSchema))}
}

func (g *docGen) errorRef(name string) *openapi3.ResponseRef {
	return &openapi3.ResponseRef{Ref: "#/components/responses/" + name, Value: g.doc.Components.Responses[name].Value}
}

// docRoute is a route as the document sees it.
type docRoute struct {
	rt         *Route
	path       string // OpenAPI template of the route: /wp/v2/posts/{id}
	full       string // the document's path: the Base, then path
	params     []string
	collection bool
	item       *docItem // nil for routes without an item schema
	tag        string
}

// templatePath turns "/wp/v2/posts/(?P<id>[\d]+)" into "/wp/v2/posts/{id}" and lists
// the placeholders with their regexes.
func templatePath(pattern string) (path string, names, regexes []string) {
	parts := splitPath(pattern)
	for i, p := range parts {
		if m := placeholder.FindStringSubmatch(p); m != nil {
			parts[i] = "{" + m[1] + "}"
			names, regexes = append(names, m[1]), append(regexes, m[2])
		}
	}
	return "/" + strings.Join(parts, "/"), names, regexes
}

// isCollection reports whether another route addresses the route's items: the same
// pattern plus one placeholder segment (/wp/v2/posts and /wp/v2/posts/(?P<id>[\d]+)).
func (g *docGen) isCollection(rt *Route) bool {
	if rt.Shape.List {
		return true
	}
	for _, other := range g.routes {
		if strings.HasPrefix(other.Pattern, rt.Pattern+"/") {
			rest := strings.TrimPrefix(other.Pattern, rt.Pattern+"/")
			if !strings.Contains(rest, "/") && placeholder.MatchString(rest) {
				return true
			}
		}
	}
	return false
}

func (g *docGen) route(rt *Route) {
	path, names, regexes := templatePath(rt.Pattern)
	full := g.d.Base + path
	if path == "/" && g.d.Base != "" {
		full = g.d.Base // the root itself, without a trailing slash
	}
	dr := &docRoute{rt: rt, path: path, full: full, params: names, collection: g.isCollection(rt), item: g.item(rt)}
	switch {
	case dr.item != nil:
		dr.tag = dr.item.title
	case rt.Namespace != "":
		dr.tag = rt.Namespace
	default:
		dr.tag = "index"
	}
	if g.tags == nil {
		g.tags = map[string]bool{}
	}
	if !g.tags[dr.tag] {
		g.tags[dr.tag] = true
		desc := "The routes of the " + dr.tag + " namespace."
		switch {
		case dr.item != nil:
			desc = "The " + dr.tag + " routes, from " + dr.full + "."
		case dr.tag == "index":
			desc = "The site's REST API index."
		}
		g.doc.Tags = append(g.doc.Tags, &openapi3.Tag{Name: dr.tag, Description: desc})
	}
	pi := &openapi3.PathItem{Extensions: map[string]any{extRoute: rt.Pattern}}
	for i, name := range names {
		pi.Parameters = append(pi.Parameters, &openapi3.ParameterRef{Value: g.pathParam(rt, name, regexes[i])})
	}
	for _, e := range rt.Endpoints {
		for _, m := range e.Methods {
			if pi.GetOperation(m) == nil { // the first endpoint answering a method wins
				pi.SetOperation(m, g.operation(dr, e, m))
			}
		}
	}
	pi.Options = g.options(dr)
	if g.doc.Paths.Value(dr.full) != nil {
		g.fail("two routes map to the path %s", dr.full)
	}
	g.doc.Paths.Set(dr.full, pi)
}

// pathParam is a placeholder, typed by the argument of the same name when an endpoint
// declares one (WordPress validates it like any other argument), a string otherwise.
func (g *docGen) pathParam(rt *Route, name, regex string) *openapi3.Parameter {
	var s *openapi3.Schema
	for _, e := range rt.Endpoints {
		if a := e.arg(name); a != nil {
			s = argSchema(a)
			s.Default = nil
			break
		}
	}
	if s == nil {
		s = typed("string")
	}
	desc := s.Description
	s.Description = ""
	if s.Type.Is("string") {
		s.Pattern = "^(?:" + regex + ")$"
	}
	return &openapi3.Parameter{Name: name, In: openapi3.ParameterInPath, Required: true, Description: desc,
		Schema: openapi3.NewSchemaRef("", s), Extensions: map[string]any{extPattern: regex}}
}

func (dr *docRoute) hasPlaceholder(name string) bool {
	for _, p := range dr.params {
		if p == name {
			return true
		}
	}
	return false
}

func isWrite(method string) bool {
	return method == http.MethodPost || method == http.MethodPut || method == http.MethodPatch
}

func (g *docGen) operation(dr *docRoute, e *Endpoint, method string) *openapi3.Operation {
	op := &openapi3.Operation{
		OperationID: operationID(method, dr.path),
		Summary:     summary(dr, method),
		Tags:        []string{dr.tag},
		Responses:   openapi3.NewResponsesWithCapacity(6),
	}
	var args []*Schema
	for _, a := range e.Args {
		if !dr.hasPlaceholder(a.Name) {
			args = append(args, a)
		}
	}
	upload := dr.item != nil && dr.rt.Shape.Upload && dr.collection && method == http.MethodPost
	if isWrite(method) {
		op.RequestBody = g.body(dr, method, args, upload)
		if upload {
			op.Parameters = append(op.Parameters, &openapi3.ParameterRef{Value: &openapi3.Parameter{
				Name: "Content-Disposition", In: openapi3.ParameterInHeader,
				Description: "With a raw file body: attachment; filename=\"photo.jpg\" names the file.",
				Schema:      openapi3.NewSchemaRef("", typed("string")),
			}})
		}
		op.Security = &openapi3.SecurityRequirements{{SecurityScheme: []string{}}}
	} else {
		for _, a := range args {
			op.Parameters = append(op.Parameters, &openapi3.ParameterRef{Value: g.queryParam(a)})
		}
		if method == http.MethodDelete {
			op.Security = &openapi3.SecurityRequirements{{SecurityScheme: []string{}}}
		}
	}
	if method == http.MethodGet {
		op.Parameters = append(op.Parameters, g.paramRef("_fields"))
		if dr.item != nil {
			op.Parameters = append(op.Parameters, g.paramRef("_embed"))
		}
	}
	status, resp := g.success(dr, e, method)
	op.Responses.Set(strconv.Itoa(status), &openapi3.ResponseRef{Value: resp})
	// every route can answer 400: a bad argument, or a bad _jsonp callback
	op.Responses.Set("400", g.errorRef("BadRequest"))
	if e.Permission != nil {
		op.Responses.Set("401", g.errorRef("Unauthorized"))
		op.Responses.Set("403", g.errorRef("Forbidden"))
	}
	if len(dr.params) > 0 {
		op.Responses.Set("404", g.errorRef("NotFound"))
	}
	op.Responses.Set("default", g.errorRef("Error"))
	return op
}

// options is the OPTIONS operation WordPress answers on every route.
func (g *docGen) options(dr *docRoute) *openapi3.Operation {
	desc := "The route's namespace, methods, endpoints with their arguments and, for routes with an item schema, the schema."
	resp := &openapi3.Response{Description: &desc,
		Content: openapi3.NewContentWithJSONSchemaRef(schemaRef(compRouteData, g.doc.Components.Schemas[compRouteData].Value))}
	op := &openapi3.Operation{
		OperationID: operationID(http.MethodOptions, dr.path),
		Summary:     "Describe the route",
		Tags:        []string{dr.tag},
		Responses:   openapi3.NewResponsesWithCapacity(2),
	}
	op.Responses.Set("200", &openapi3.ResponseRef{Value: resp})
	op.Responses.Set("400", g.errorRef("BadRequest")) // a bad _jsonp callback
	op.Responses.Set("default", g.errorRef("Error"))
	return op
}

// success is the status and response of an operation that worked.
func (g *docGen) success(dr *docRoute, e *Endpoint, method string) (int, *openapi3.Response) {
	var body *openapi3.SchemaRef
	status, desc := http.StatusOK, ""
	rt, it := dr.rt, dr.item
	switch {
	case method == http.MethodGet && rt.Pattern == "/" && rt.Namespace == "":
		body, desc = schemaRef(compIndex, g.doc.Components.Schemas[compIndex].Value), "The site index."
	case method == http.MethodGet && rt.Pattern == "/"+rt.Namespace && it == nil:
		body, desc = schemaRef(compNamespaceIndex, g.doc.Components.Schemas[compNamespaceIndex].Value), "The namespace index."
	case it == nil:
		body, desc = openapi3.NewSchemaRef("", &openapi3.Schema{}), "The response."
	case method == http.MethodGet && dr.collection && rt.Shape.Keyed:
		body = openapi3.NewSchemaRef("", objectOrEmpty(mapOf(it.ref())))
		desc = "The " + it.title + " items the caller may see, keyed by slug."
	case method == http.MethodGet && dr.collection:
		body, desc = openapi3.NewSchemaRef("", arrayOf(it.ref())), "The "+it.title+" items of the page, [] when none."
	case method == http.MethodGet:
		body, desc = it.ref(), "The "+it.title+"."
	case method == http.MethodPost && dr.collection && rt.Shape.SaveOK:
		body, desc = it.ref(), "The saved "+it.title+", in edit context."
	case method == http.MethodPost && dr.collection:
		status, body, desc = http.StatusCreated, it.ref(), "The created "+it.title+", in edit context."
	case isWrite(method):
		body, desc = it.ref(), "The updated "+it.title+", in edit context."
	case method == http.MethodDelete:
		body, desc = g.deleted(it, rt.Shape.DeleteMessage), "The removed "+it.title+"."
	default:
		body, desc = it.ref(), "The "+it.title+"."
	}
	resp := &openapi3.Response{Description: &desc, Content: openapi3.NewContentWithJSONSchemaRef(body)}
	if status == http.StatusCreated {
		resp.Headers = openapi3.Headers{"Location": header("The new item's URL.", "string", true)}
	}
	if method == http.MethodGet && dr.collection && e.arg("page") != nil {
		resp.Headers = openapi3.Headers{
			"X-WP-Total":      header("The number of items in the collection (all pages).", "integer", true),
			"X-WP-TotalPages": header("The number of pages.", "integer", true),
			"Link":            header("rel=\"prev\" and rel=\"next\" page URLs, when there are such pages.", "string", false),
		}
	}
	return status, resp
}

func (g *docGen) paramRef(name string) *openapi3.ParameterRef {
	return &openapi3.ParameterRef{Ref: "#/components/parameters/" + name, Value: g.doc.Components.Parameters[name].Value}
}

func header(desc, kind string, required bool) *openapi3.HeaderRef {
	h := &openapi3.Header{Parameter: openapi3.Parameter{
		Description: desc, Required: required, Schema: openapi3.NewSchemaRef("", typed(kind)),
	}}
	if kind == "integer" {
		h.Example = 1 // for mock servers, which otherwise leave a required header out
	}
	return &openapi3.HeaderRef{Value: h}
}

// deleted is a DELETE's answer: the item moved to the trash (force=false, where the
// resource has a trash) or {deleted: true, previous: <item>}; for a Shape.DeleteMessage
// resource, {deleted, previous} or {message}.
func (g *docGen) deleted(it *docItem, message bool) *openapi3.SchemaRef {
	s := props(typed("object"), "deleted", typed("boolean"), "previous", it.ref())
	s.Required = []string{"deleted", "previous"}
	env := g.component(it.name+"_deleted", described(s, "A "+it.title+" deleted for good, as it was."))
	if message {
		m := props(typed("object"), "message", typed("string"))
		m.Required = []string{"message"}
		msg := g.component(it.name+"_deleted_message", described(m, "A "+it.title+" deleted for good: a message only."))
		return openapi3.NewSchemaRef("", &openapi3.Schema{AnyOf: openapi3.SchemaRefs{env, msg},
			Description: "{deleted, previous}, or {message}."})
	}
	return openapi3.NewSchemaRef("", &openapi3.Schema{AnyOf: openapi3.SchemaRefs{it.ref(), env},
		Description: "The trashed item (force=false, where the resource has a trash), or {deleted, previous}."})
}

// argSchema is an argument's schema in the document: its Doc where it has one.
func argSchema(a *Schema) *openapi3.Schema {
	if a.Doc != nil {
		return convert(a.Doc.JSON(true), schemaMode{})
	}
	return convert(a.JSON(true), schemaMode{})
}

// queryParam is an argument sent in the query string. Lists are comma-separated or
// PHP's a[]=1&a[]=2; objects use PHP's a[key]=v (deepObject).
func (g *docGen) queryParam(a *Schema) *openapi3.Parameter {
	s := argSchema(a)
	// A list of enum values beside another type gets a named item schema: generators
	// name an inline one after the alternative, which clashes (oapi-codegen makes a
	// recursive type of has_published_posts).
	for _, alt := range s.AnyOf {
		if it := alt.Value.Items; it != nil && it.Ref == "" && it.Value.Enum != nil {
			alt.Value.Items = g.component(componentName(a.Name)+"Value", it.Value)
		}
	}
	p := &openapi3.Parameter{Name: a.Name, In: openapi3.ParameterInQuery, Description: s.Description,
		Required: a.Required, Schema: openapi3.NewSchemaRef("", s)}
	s.Description = ""
	switch {
	case slices.Contains(a.Types, "object"):
		p.Style, p.Explode = openapi3.SerializationDeepObject, openapi3.BoolPtr(true)
	case slices.Contains(a.Types, "array"):
		p.Style, p.Explode = openapi3.SerializationForm, openapi3.BoolPtr(false)
	}
	return p
}

// body is a write's request body: the arguments as a JSON object, a form or a
// multipart form (WordPress reads all three); an upload takes the file too.
func (g *docGen) body(dr *docRoute, method string, args []*Schema, upload bool) *openapi3.RequestBodyRef {
	if len(args) == 0 && !upload {
		return nil
	}
	obj := typed("object")
	obj.Properties = openapi3.Schemas{}
	for _, a := range args {
		obj.Properties[a.Name] = openapi3.NewSchemaRef("", argSchema(a))
		if a.Required {
			obj.Required = append(obj.Required, a.Name)
		}
	}
	name := componentName(operationID(method, dr.path)) + "Body"
	if it := dr.item; it != nil {
		name = it.name + "_update"
		if dr.collection {
			name = it.name + "_create"
		}
	}
	rb := &openapi3.RequestBody{Required: len(obj.Required) > 0, Content: openapi3.Content{}}
	if !upload {
		ref := g.component(name, obj)
		for _, ct := range []string{jsonType, "application/x-www-form-urlencoded", "multipart/form-data"} {
			rb.Content[ct] = &openapi3.MediaType{Schema: ref}
		}
		return &openapi3.RequestBodyRef{Value: rb}
	}
	file := described(typed("string"), "The file.")
	file.Format = "binary"
	obj.Properties["file"] = openapi3.NewSchemaRef("", file)
	obj.Required = append(obj.Required, "file")
	rb.Required = true
	rb.Description = "The file: as a multipart form's \"file\" part (with the other fields beside it), or as the raw body with a Content-Disposition header naming it."
	rb.Content["multipart/form-data"] = &openapi3.MediaType{Schema: g.component(name, obj)}
	raw := described(typed("string"), "The file's bytes.")
	raw.Format = "binary"
	for _, ct := range []string{"application/octet-stream", "image/*", "audio/*", "video/*", "text/*", "application/pdf"} {
		rb.Content[ct] = &openapi3.MediaType{Schema: openapi3.NewSchemaRef("", raw)}
	}
	return &openapi3.RequestBodyRef{Value: rb}
}

// operationID is the method and the path in camel case: getWpV2PostsById.
func operationID(method, path string) string {
	var b strings.Builder
	b.WriteString(strings.ToLower(method))
	for _, seg := range splitPath(path) {
		if strings.HasPrefix(seg, "{") {
			b.WriteString("By" + componentName(strings.Trim(seg, "{}")))
			continue
		}
		b.WriteString(componentName(seg))
	}
	if path == "/" {
		b.WriteString("Index")
	}
	return b.String()
}

func summary(dr *docRoute, method string) string {
	it := dr.item
	if it == nil {
		if method == http.MethodGet {
			return "Read " + dr.path
		}
		return method + " " + dr.path
	}
	switch {
	case method == http.MethodGet && dr.collection:
		return "List " + it.title + " items"
	case method == http.MethodGet:
		return "Get a " + it.title
	case method == http.MethodPost && dr.collection:
		return "Create a " + it.title
	case method == http.MethodPut:
		return "Update a " + it.title + " (PUT)"
	case method == http.MethodPatch:
		return "Update a " + it.title + " (PATCH)"
	case isWrite(method):
		return "Update a " + it.title
	case method == http.MethodDelete:
		return "Delete a " + it.title
	}
	return method + " " + it.title
}
