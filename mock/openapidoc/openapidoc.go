// Package openapidoc builds the mock's OpenAPI document: WordPress publishes none, so
// it is made from the routes a rest.Server declares (rest.Server.OpenAPI), with the
// quirks where WordPress 6.1 prints what its own schemas refuse and example items read
// from the seeded site. Package mock serves it at /wp-json/wpmock/v1/openapi.json.
package openapidoc

import (
	"bytes"
	"encoding/json"
	"maps"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"

	"github.com/getkin/kin-openapi/openapi3"

	"github.com/wpmock/wpmock/mock/rest"
	"github.com/wpmock/wpmock/mock/wp"
)

// The mock's OpenAPI document: WordPress publishes none, so the mock builds one from
// its routes (rest.Server.OpenAPI) and serves it at /wp-json/wpmock/v1/openapi.json.
// fixtures/openapi.json is this document, committed; go test ./mock -run TestOpenAPI
// -update regenerates it.

// Namespace is the namespace of the mock's own routes.
const Namespace = "wpmock/v1"

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
	{Title: "user", Property: "url", NoFormat: true,
		Why: "\"\" for a user without a website, which format: uri refuses"},
	{Title: "attachment", Property: "post", Nullable: true,
		Why: "null for an attachment attached to no post, though the schema says integer"},
	{Title: "attachment", Property: "media_details", Shape: mediaDetailsShape(),
		Why: "wp_get_attachment_metadata as the controller prints it; the schema names only its type"},
	{Property: "status", Enum: []any{"trash"},
		Why: "a trashed post prints trash, which the schema's enum leaves out"},
	{Title: "attachment", Property: "status", Enum: []any{"inherit"},
		Why: "attachments print inherit; the schema's enum is the posts controller's"},
	// The revisions controller's schema is its parent's, which describes parts a
	// revision never prints.
	{Title: "post-revision", Property: "content.block_version", Optional: true, Why: "declared, never printed"},
	{Title: "post-revision", Property: "date", Nullable: true, Why: "null for a draft without a date, which an author's autosave answers as a revision"},
	{Title: "post-revision", Property: "date_gmt", Nullable: true, Why: "null for a draft without a date, which an author's autosave answers as a revision"},
	{Title: "post-revision", Property: "content.protected", Optional: true, Why: "declared, never printed"},
	{Title: "post-revision", Property: "excerpt.protected", Optional: true, Why: "declared, never printed"},
	// The term search handler prints the taxonomy as the type, and no subtype; the
	// post-format handler no subtype either.
	{Title: "search-result", Property: "type", Enum: wp.Core.TaxonomySlugs(),
		Why: "a term result's type is its taxonomy, not \"term\""},
	{Title: "search-result", Property: "subtype", Optional: true, Why: "term and post-format results have none"},
}

// settingQuirks: every setting may print null (prepare_value: an unset option
// without a default, or a value that does not fit the schema, such as a deleted
// title), and the site URL and e-mail print what the option holds.
func settingQuirks(reg *wp.Registry) []rest.Quirk {
	var out []rest.Quirk
	for _, s := range reg.Settings { // the site's own too
		out = append(out, rest.Quirk{Title: "settings", Property: s.Name, Nullable: true,
			Why: "null for an unset option without a default (get_option), or a value that does not fit the schema"})
	}
	return out
}

// mediaDetailsShape is what media_details holds for an image: its size and file, the
// sub-sizes by name (each with its URL, and "full" for the original) and the image's
// metadata. Audio and video add their own keys; a file without metadata prints {}.
func mediaDetailsShape() *openapi3.Schema {
	described := func(s *openapi3.Schema, d string) *openapi3.Schema { s.Description = d; return s }
	integer := func(d string) *openapi3.Schema { return described(openapi3.NewIntegerSchema(), d) }
	str := func(d string) *openapi3.Schema { return described(openapi3.NewStringSchema(), d) }
	size := openapi3.NewObjectSchema().WithProperties(map[string]*openapi3.Schema{
		"file":       str("The file name (name-300x200.jpg)."),
		"width":      integer("Width in pixels."),
		"height":     integer("Height in pixels."),
		"mime_type":  str("The MIME type."),
		"filesize":   integer("Bytes, where the site recorded it."),
		"source_url": str("The file's URL."),
	})
	size.Required = []string{"file", "width", "height", "mime_type", "source_url"}
	size.Description = "One size of the image."
	sizes := described(openapi3.NewObjectSchema().WithAdditionalProperties(size),
		"The image's sizes by name (thumbnail, medium, medium_large, large, 1536x1536, 2048x2048, full); {} when there are none.")
	return openapi3.NewObjectSchema().WithProperties(map[string]*openapi3.Schema{
		"width":          integer("Width of the original in pixels."),
		"height":         integer("Height of the original in pixels."),
		"file":           str("The file, relative to the uploads directory (2023/08/photo.jpg)."),
		"filesize":       integer("Bytes."),
		"sizes":          sizes,
		"image_meta":     described(openapi3.NewObjectSchema(), "EXIF, IPTC and XMP data read from the file."),
		"original_image": str("The original's file name, where WordPress scaled a big image down."),
	})
}

// Document is the mock's OpenAPI document of srv's routes; site is the default of its
// server variable ("" for DocSite), examples the items read by Examples.
func Document(srv *rest.Server, reg *wp.Registry, site string, examples Examples) (*openapi3.T, error) {
	if site == "" {
		site = DocSite
	}
	return srv.OpenAPI(rest.Document{
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
				"- Paths are {site}/wp-json followed by the route; without pretty permalinks a route is reached as " +
				"{site}/?rest_route=<route>.\n" +
				"- Dates: WordPress prints date and modified in the site's timezone, date_gmt and modified_gmt in UTC, all " +
				"without a zone (2023-08-11T00:21:20). RFC 3339 (format: date-time) requires one, so they are declared as " +
				"strings with a pattern and x-wp-format: date-time: parse them as ISO 8601 local times (the _gmt ones as UTC). " +
				"Requests may send the same form, with or without a zone.\n" +
				"- required lists the properties WordPress returns in both view (the default) and edit context; context=embed " +
				"and _fields return fewer.",
			License: &openapi3.License{Name: "GPL-2.0-or-later", URL: "https://www.gnu.org/licenses/old-licenses/gpl-2.0.html"},
		},
		Base: "/wp-json",
		Servers: openapi3.Servers{{
			URL:         "{site}",
			Description: "The site. Paths start with the REST API root, /wp-json (mock servers such as Prism ignore a server URL's path, so the root is in the paths).",
			Variables: map[string]*openapi3.ServerVariable{"site": {
				Default:     site,
				Description: "The site URL: scheme, host and any path, without a trailing slash.",
			}},
		}},
		Quirks:   append(quirks, settingQuirks(reg)...),
		Examples: examples.At(site),
	})
}

// Examples are the document's example items by schema title, read from the site at
// Site.
type Examples struct {
	Items map[string]any
	Site  string
}

// Collect reads one item of each collection as the seeded site answers an anonymous
// visitor (context=view), for the document's examples: generators and mock servers
// (Prism) show real values instead of placeholders. It runs before the site serves
// (an answer is read outside any transaction); items only a user may read have none.
func Collect(srv *rest.Server, site string) Examples {
	if site == "" {
		site = DocSite
	}
	items := map[string]any{}
	for _, rt := range srv.Routes() {
		if rt.Schema == nil || strings.Contains(rt.Pattern, "(?P<") || !slices.Contains(rt.Methods(), http.MethodGet) {
			continue
		}
		title, _ := rt.Schema().Get("title")
		t, _ := title.(string)
		if _, done := items[t]; done || t == "" {
			continue
		}
		w := httptest.NewRecorder()
		// the site's own request, not a client's: not in the request log
		srv.ServeInternal(w, httptest.NewRequest(http.MethodGet, site+"/wp-json"+rt.Pattern+"?per_page=1", nil))
		if w.Code != http.StatusOK {
			continue
		}
		var list []any
		var keyed map[string]any
		switch {
		case json.Unmarshal(w.Body.Bytes(), &list) == nil && len(list) > 0:
			items[t] = list[0]
		case json.Unmarshal(w.Body.Bytes(), &keyed) == nil && len(keyed) > 0:
			keys := slices.Sorted(maps.Keys(keyed))
			items[t] = keyed[keys[0]]
		}
	}
	return Examples{Items: items, Site: site}
}

// At is the examples with the site's URL where they name the site they were read
// from.
func (ex Examples) At(site string) map[string]any {
	var move func(any) any
	move = func(v any) any {
		switch x := v.(type) {
		case string:
			if rest, ok := strings.CutPrefix(x, ex.Site); ok && site != ex.Site {
				return site + rest
			}
		case []any:
			out := make([]any, len(x))
			for i, e := range x {
				out[i] = move(e)
			}
			return out
		case map[string]any:
			out := make(map[string]any, len(x))
			for k, e := range x {
				out[k] = move(e)
			}
			return out
		}
		return v
	}
	out := make(map[string]any, len(ex.Items))
	for t, e := range ex.Items {
		out[t] = move(e)
	}
	return out
}

// JSON is the document as fixtures/openapi.json holds it: indented, keys sorted, with
// a final newline.
func JSON(doc *openapi3.T) ([]byte, error) {
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
