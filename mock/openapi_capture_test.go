package mock

import (
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"

	"github.com/getkin/kin-openapi/openapi3"
)

// captureRequests names the request each capture of real WordPress 6.1 answered
// (testdata/wordpress): method, target and status. Captures named <base>_item_<context>
// and <base>_list_<context> are derived from captureBases.
var captureRequests = map[string]struct {
	method, target string
	status         int
}{
	"err_posts_999999":                         {"GET", "/wp/v2/posts/999999", 404},
	"err_posts_after_notadate":                 {"GET", "/wp/v2/posts?after=notadate", 400},
	"err_posts_context_foo":                    {"GET", "/wp/v2/posts?context=foo", 400},
	"err_posts_include_a_b":                    {"GET", "/wp/v2/posts?include=a,b", 400},
	"err_posts_order_ASC":                      {"GET", "/wp/v2/posts?order=ASC", 400},
	"err_posts_orderby_include":                {"GET", "/wp/v2/posts?orderby=include", 400},
	"err_posts_orderby_relevance":              {"GET", "/wp/v2/posts?orderby=relevance", 400},
	"err_posts_page_999":                       {"GET", "/wp/v2/posts?page=999", 400},
	"err_posts_per_page_101":                   {"GET", "/wp/v2/posts?per_page=101", 400},
	"err_posts_per_page_abc":                   {"GET", "/wp/v2/posts?per_page=abc", 400},
	"err_posts_status_draft_anon":              {"GET", "/wp/v2/posts?status=draft", 400},
	"err_statuses_nope":                        {"GET", "/wp/v2/statuses/nope", 404},
	"err_tags_999999":                          {"GET", "/wp/v2/tags/999999", 404},
	"err_tags_page_999":                        {"GET", "/wp/v2/tags?page=999", 200},
	"err_taxonomies_nope":                      {"GET", "/wp/v2/taxonomies/nope", 404},
	"err_types_nope":                           {"GET", "/wp/v2/types/nope", 404},
	"err_users_999999":                         {"GET", "/wp/v2/users/999999", 404},
	"err_users_page_999":                       {"GET", "/wp/v2/users?page=999", 200},
	"options_application_passwords":            {"OPTIONS", "/wp/v2/users/1/application-passwords", 200},
	"options_application_passwords_introspect": {"OPTIONS", "/wp/v2/users/1/application-passwords/introspect", 200},
	"options_application_passwords_uuid":       {"OPTIONS", "/wp/v2/users/1/application-passwords/x", 200},
	"options_categories":                       {"OPTIONS", "/wp/v2/categories", 200},
	"options_categories_id":                    {"OPTIONS", "/wp/v2/categories/1", 200},
	"options_media":                            {"OPTIONS", "/wp/v2/media", 200},
	"options_posts":                            {"OPTIONS", "/wp/v2/posts", 200},
	"options_posts_1":                          {"OPTIONS", "/wp/v2/posts/1", 200},
	"options_posts_1_meta_mid_plugin":          {"OPTIONS", "/wp/v2/posts/1/meta/1", 200},
	"options_posts_1_meta_plugin":              {"OPTIONS", "/wp/v2/posts/1/meta", 200},
	"options_posts_1_revisions":                {"OPTIONS", "/wp/v2/posts/1/revisions", 200},
	"options_posts_1_revisions_rid":            {"OPTIONS", "/wp/v2/posts/1/revisions/2", 200},
	"options_statuses":                         {"OPTIONS", "/wp/v2/statuses", 200},
	"options_statuses_publish":                 {"OPTIONS", "/wp/v2/statuses/publish", 200},
	"options_tags":                             {"OPTIONS", "/wp/v2/tags", 200},
	"options_tags_id":                          {"OPTIONS", "/wp/v2/tags/2", 200},
	"options_taxonomies":                       {"OPTIONS", "/wp/v2/taxonomies", 200},
	"options_taxonomies_category":              {"OPTIONS", "/wp/v2/taxonomies/category", 200},
	"options_types":                            {"OPTIONS", "/wp/v2/types", 200},
	"options_types_post":                       {"OPTIONS", "/wp/v2/types/post", 200},
	"options_users":                            {"OPTIONS", "/wp/v2/users", 200},
	"options_users_1":                          {"OPTIONS", "/wp/v2/users/1", 200},
	"posts_3_page_999":                         {"GET", "/wp/v2/posts?per_page=3&page=999", 400},
	"posts_3_per_page_1_page_1":                {"GET", "/wp/v2/posts?per_page=1&page=1", 200},
	"posts_3_per_page_1_page_2":                {"GET", "/wp/v2/posts?per_page=1&page=2", 200},
	"posts_3_per_page_1_page_3":                {"GET", "/wp/v2/posts?per_page=1&page=3", 200},
	"posts_envelope":                           {"GET", "/wp/v2/posts?_envelope", 200},
	"posts_fields_id_title_rendered":           {"GET", "/wp/v2/posts?_fields=id,title.rendered", 200},
	"posts_item_embed_param":                   {"GET", "/wp/v2/posts/1?_embed", 200},
	// the bad callback is refused before JSONP applies: a plain JSON error
	"posts_jsonp_bad_name":          {"GET", "/wp/v2/posts", 400},
	"posts_origin":                  {"GET", "/wp/v2/posts", 200},
	"posts_per_page_1_page_1":       {"GET", "/wp/v2/posts?per_page=1&page=1", 200},
	"revisions_list":                {"GET", "/wp/v2/posts/1/revisions", 200},
	"statuses_list_anon":            {"GET", "/wp/v2/statuses", 200},
	"type_page_edit":                {"GET", "/wp/v2/types/page?context=edit", 200},
	"types_item_wp_block_edit":      {"GET", "/wp/v2/types/wp_block?context=edit", 200},
	"taxonomies_item_nav_menu_edit": {"GET", "/wp/v2/taxonomies/nav_menu?context=edit", 200},
	"statuses_list_view_auth":       {"GET", "/wp/v2/statuses", 200},
	"root":                          {"GET", "/", 200},
	"wp_v2":                         {"GET", "/wp/v2", 200},
	// Answers to requests no route takes: the error envelope (or [] for OPTIONS), but
	// no operation of the document.
	"err_no_route":             {"GET", "/wp/v2/nope", 404},
	"err_posts_abc":            {"GET", "/wp/v2/posts/abc", 404},
	"err_put_posts_collection": {"PUT", "/wp/v2/posts", 404},
	"options_nope":             {"OPTIONS", "/wp/v2/nope", 200},
}

// captureBases are the collection and item routes of <base>_list_<context> and
// <base>_item_<context>.
var captureBases = map[string][2]string{
	"posts":      {"/wp/v2/posts", "/wp/v2/posts/1"},
	"media":      {"/wp/v2/media", "/wp/v2/media/5"},
	"users":      {"/wp/v2/users", "/wp/v2/users/1"},
	"tags":       {"/wp/v2/tags", "/wp/v2/tags/2"},
	"categories": {"/wp/v2/categories", "/wp/v2/categories/1"},
	"revisions":  {"/wp/v2/posts/1/revisions", "/wp/v2/posts/1/revisions/2"},
	"types":      {"/wp/v2/types", "/wp/v2/types/post"},
	"taxonomies": {"/wp/v2/taxonomies", "/wp/v2/taxonomies/category"},
	"statuses":   {"/wp/v2/statuses", "/wp/v2/statuses/publish"},
}

var captureName = regexp.MustCompile(`^(\w+?)_(item|list)_(view|edit|embed)$`)

// TestOpenAPICaptures validates every captured WordPress 6.1 response against the
// document: the body against the operation's response for its status, and items of a
// context's capture against that context's schema (Post_view, ...) too.
func TestOpenAPICaptures(t *testing.T) {
	doc, v := loadDoc(t)
	files, err := filepath.Glob(filepath.Join("testdata", "wordpress", "*.json"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no captures: %v", err)
	}
	validated, noRoute := 0, 0
	for _, f := range files {
		name := strings.TrimSuffix(filepath.Base(f), ".json")
		body, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		method, target, status, context := http.MethodGet, "", 0, ""
		if m := captureName.FindStringSubmatch(name); m != nil {
			routes, ok := captureBases[m[1]]
			if !ok {
				t.Errorf("%s: unknown base %s", name, m[1])
				continue
			}
			target, status, context = routes[0], 200, m[3]
			if m[2] == "item" {
				target = routes[1]
			}
			target += "?context=" + context
		} else if c, ok := captureRequests[name]; ok {
			method, target, status = c.method, c.target, c.status
		} else {
			t.Errorf("%s: no request known for this capture; add it to captureRequests", name)
			continue
		}
		t.Run(name, func(t *testing.T) {
			if _, op, _, err := v.Find(method, strings.SplitN(target, "?", 2)[0]); op == nil {
				// no route: WordPress's error envelope, or [] for OPTIONS
				noRoute++
				var s *openapi3.Schema
				if method == http.MethodOptions {
					s = openapi3.NewArraySchema().WithMaxItems(0).WithItems(&openapi3.Schema{})
				} else {
					s = doc.Components.Schemas["Error"].Value
				}
				if err2 := s.VisitJSON(decode(t, body)); err2 != nil {
					t.Errorf("%s %s (%v): %v", method, target, err, err2)
				}
				return
			}
			if err := v.Body(method, target, status, body); err != nil {
				t.Error(err)
			}
			if context != "" {
				checkContextSchema(t, doc, v, target, context, body)
			}
		})
		validated++
	}
	t.Logf("%d captured WordPress responses checked: %d against the document's operations, %d answers to no route against the error envelope (or [])",
		validated, validated-noRoute, noRoute)
}

// checkContextSchema validates each item of a context's capture against the item
// schema's schema for that context (x-wp-context.schemas).
func checkContextSchema(t *testing.T, doc *openapi3.T, v interface {
	Find(method, route string) (string, *openapi3.Operation, map[string]string, error)
}, target, context string, body []byte) {
	t.Helper()
	_, op, _, _ := v.Find(http.MethodGet, strings.SplitN(target, "?", 2)[0])
	s := op.Responses.Status(200).Value.Content.Get("application/json").Schema
	var items []any
	data := decode(t, body)
	switch {
	case s.Ref != "":
	case s.Value.Items != nil:
		s = s.Value.Items
		items, _ = data.([]any)
	case len(s.Value.AnyOf) > 0 && s.Value.AnyOf[0].Value.AdditionalProperties.Schema != nil:
		s = s.Value.AnyOf[0].Value.AdditionalProperties.Schema
		if m, ok := data.(map[string]any); ok {
			keys := make([]string, 0, len(m))
			for k := range m {
				keys = append(keys, k)
			}
			sort.Strings(keys)
			for _, k := range keys {
				items = append(items, m[k])
			}
		}
	default:
		t.Fatalf("%s: unexpected response schema", target)
	}
	if s.Ref != "" && items == nil {
		items = []any{data}
	}
	ext, _ := s.Value.Extensions["x-wp-context"].(map[string]any)
	schemas, _ := ext["schemas"].(map[string]any)
	ref, _ := schemas[context].(string)
	cs := doc.Components.Schemas[strings.TrimPrefix(ref, "#/components/schemas/")]
	if cs == nil {
		t.Fatalf("%s: the item schema %s names no schema for context %s", target, s.Ref, context)
	}
	for i, item := range items {
		if err := cs.Value.VisitJSON(item, openapi3.VisitAsResponse()); err != nil {
			t.Errorf("%s item %d against %s: %v", target, i, ref, err)
		}
	}
}

func decode(t testing.TB, b []byte) any {
	t.Helper()
	v := mustJSON(string(b))
	return v
}
