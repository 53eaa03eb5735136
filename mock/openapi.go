package mock

import (
	"bytes"
	"encoding/json"
	"net/http"

	"github.com/getkin/kin-openapi/openapi3"

	"github.com/wpmock/wpmock/mock/rest"
)

// The mock's OpenAPI document: WordPress publishes none, so the mock builds one from
// its routes (rest.Server.OpenAPI) and serves it at /wp-json/wpmock/v1/openapi.json.
// fixtures/openapi.json is this document, committed; go test ./mock -run TestOpenAPI
// -update regenerates it.

// docNamespace is the namespace of the mock's own routes.
const docNamespace = "wpmock/v1"

// DocSite is the site URL the document's server variable defaults to: wpmock's default
// listen address.
const DocSite = "http://127.0.0.1:8080"

// quirks are where WordPress 6.1 prints values its own item schemas do not allow; a
// real site's responses must validate, so the document widens these.
var quirks = []rest.Quirk{
	{Property: "meta", EmptyArray: true,
		Why: "WP_REST_Meta_Fields: [] (an empty PHP array) when no meta is registered for the context"},
	{Title: "user", Property: "meta.persisted_preferences", EmptyArray: true,
		Why: "[] for a user without saved editor preferences"},
	{Title: "attachment", Property: "post", Nullable: true,
		Why: "null for an attachment attached to no post, though the schema says integer"},
	{Property: "status", Enum: []any{"trash"},
		Why: "a trashed post prints trash, which the schema's enum leaves out"},
	{Title: "attachment", Property: "status", Enum: []any{"inherit"},
		Why: "attachments print inherit; the schema's enum is the posts controller's"},
	// The revisions controller's schema is its parent's, which describes parts a
	// revision never prints.
	{Title: "post-revision", Property: "content.block_version", Optional: true, Why: "declared, never printed"},
	{Title: "post-revision", Property: "content.protected", Optional: true, Why: "declared, never printed"},
	{Title: "post-revision", Property: "excerpt.protected", Optional: true, Why: "declared, never printed"},
}

// OpenAPI is the mock's OpenAPI document; site is the default of its server variable
// ("" for DocSite).
func (m *Mock) OpenAPI(site string) (*openapi3.T, error) {
	if site == "" {
		site = DocSite
	}
	return m.server.OpenAPI(rest.Document{
		Info: &openapi3.Info{
			Title:   "WordPress REST API v2 (wpmock)",
			Version: "6.1",
			Description: "The WordPress 6.1 REST API (namespace wp/v2) as wpmock serves it, generated from the mock's " +
				"route declarations. WordPress publishes no OpenAPI document.\n\n" +
				"- Item properties carry x-wp-context (the contexts that return them); item schemas name their " +
				"per-context schemas (Post_view, Post_edit, Post_embed) in x-wp-context.schemas. Responses use the " +
				"shared schema, since `context` and `_fields` decide which properties are present.\n" +
				"- Item schemas leave additionalProperties open: sites add fields with register_rest_field.\n" +
				"- x-wp-quirk marks where WordPress prints values its own schema does not allow; x-wp-route is the " +
				"route as WordPress registers it; x-wp-pattern a placeholder's regex.\n" +
				"- Every route also answers HEAD where it answers GET. Global parameters: _fields, _embed, " +
				"_envelope (status and headers moved into the body), _jsonp, _method or X-HTTP-Method-Override, _pretty.\n" +
				"- Without pretty permalinks a route is reached as {site}/?rest_route=<route>.",
			License: &openapi3.License{Name: "GPL-2.0-or-later"},
		},
		Servers: openapi3.Servers{{
			URL:         "{site}/wp-json",
			Description: "The site's REST API root.",
			Variables: map[string]*openapi3.ServerVariable{"site": {
				Default:     site,
				Description: "The site URL: scheme, host and any path, without a trailing slash.",
			}},
		}},
		Quirks: quirks,
	})
}

// OpenAPIJSON is the document as fixtures/openapi.json holds it: indented, keys
// sorted, with a final newline.
func (m *Mock) OpenAPIJSON(site string) ([]byte, error) {
	doc, err := m.OpenAPI(site)
	if err != nil {
		return nil, err
	}
	raw, err := json.Marshal(doc)
	if err != nil {
		return nil, err
	}
	var b bytes.Buffer
	if err := json.Indent(&b, raw, "", "  "); err != nil {
		return nil, err
	}
	b.WriteByte('\n')
	return b.Bytes(), nil
}

// openapiDoc is the route that serves the document.
type openapiDoc struct{ m *Mock }

func (res *openapiDoc) routes() []*rest.Route {
	return []*rest.Route{{Namespace: docNamespace, Pattern: "/" + docNamespace + "/openapi.json", Endpoints: []*rest.Endpoint{
		{Methods: rest.Readable, Handler: res.get},
	}}}
}

// get serves the document with the requesting site as the server default.
func (res *openapiDoc) get(r *rest.Request) (*rest.Response, *rest.Error) {
	doc, err := res.m.OpenAPIJSON(r.Site)
	if err != nil {
		return nil, rest.Errorf(http.StatusInternalServerError, "wpmock_openapi", "The OpenAPI document could not be built: %v", err)
	}
	return rest.OK(json.RawMessage(doc)), nil
}
