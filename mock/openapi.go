package mock

import (
	"encoding/json"
	"net/http"

	"github.com/getkin/kin-openapi/openapi3"

	"github.com/wpmock/wpmock/mock/openapidoc"
	"github.com/wpmock/wpmock/mock/rest"
)

// The mock's OpenAPI document (package openapidoc), served at
// /wp-json/wpmock/v1/openapi.json. fixtures/openapi.json is this document, committed;
// go test ./mock -run TestOpenAPI -update regenerates it.

// DocSite is the site URL the document's server variable defaults to: wpmock's default
// listen address.
const DocSite = openapidoc.DocSite

// OpenAPI is the mock's OpenAPI document; site is the default of its server variable
// ("" for DocSite).
func (m *Mock) OpenAPI(site string) (*openapi3.T, error) {
	return openapidoc.Document(m.server, m.reg, site, openapidoc.Examples{Items: m.examples, Site: m.exampleSite})
}

// OpenAPIJSON is the document as fixtures/openapi.json holds it: indented, keys
// sorted, with a final newline.
func (m *Mock) OpenAPIJSON(site string) ([]byte, error) {
	doc, err := m.OpenAPI(site)
	if err != nil {
		return nil, err
	}
	return openapidoc.JSON(doc)
}

// openapiDoc is the route that serves the document.
type openapiDoc struct{ m *Mock }

func (res *openapiDoc) routes() []*rest.Route {
	return []*rest.Route{{Namespace: openapidoc.Namespace, Pattern: "/" + openapidoc.Namespace + "/openapi.json", Endpoints: []*rest.Endpoint{
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
