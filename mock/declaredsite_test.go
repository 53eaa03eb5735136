package mock

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"slices"
	"testing"

	"github.com/wpmock/wpmock/fixtures"
)

// Two things the contract suite found on generated site 1 (issue 43) served from its
// declarations: a plugin field on attachments missing from the media routes'
// arguments, and posts given a default category that does not exist.

// argNames are the argument names of the endpoint of an OPTIONS answer that takes
// method, in the answer's order.
func argNames(t *testing.T, r reply, method string) []string {
	t.Helper()
	var doc struct {
		Endpoints []struct {
			Methods []string
			Args    json.RawMessage
		}
	}
	if err := json.Unmarshal(r.body, &doc); err != nil {
		t.Fatalf("%d %.200s", r.status, r.body)
	}
	for _, e := range doc.Endpoints {
		if slices.Contains(e.Methods, method) {
			return objectKeys(t, e.Args)
		}
	}
	t.Fatalf("no %s endpoint in %.300s", method, r.body)
	return nil
}

// objectKeys are a JSON object's keys in their order.
func objectKeys(t *testing.T, raw json.RawMessage) []string {
	t.Helper()
	dec := json.NewDecoder(bytes.NewReader(raw))
	var keys []string
	if tok, err := dec.Token(); err != nil || tok != json.Delim('{') {
		t.Fatalf("not an object: %.200s", raw)
	}
	for dec.More() {
		k, _ := dec.Token()
		keys = append(keys, k.(string))
		var skip json.RawMessage
		if err := dec.Decode(&skip); err != nil {
			t.Fatal(err)
		}
	}
	return keys
}

// TestMediaArgsHavePluginFields: a field registered with register_rest_field on
// attachments with an update callback is an argument of POST /wp/v2/media and of
// POST/PUT/PATCH /wp/v2/media/<id>, and a property of the schema, after template and
// before alt_text: WP_REST_Attachments_Controller::get_item_schema adds its own
// properties to the posts controller's schema, which already has the additional
// fields, and get_endpoint_args_for_item_schema reads that schema (WordPress 7.1.4,
// generated site 1). A read-only field is in the schema only.
func TestMediaArgsHavePluginFields(t *testing.T) {
	ds := fixtures.Example()
	ds.WPVersion = "7.1"
	ds.Register = &fixtures.Register{}
	if err := json.Unmarshal([]byte(`{"rest_fields": [
 {"object_type": ["post", "attachment"], "attribute": "ratio_field", "schema": {"type": "string", "format": "uuid", "context": ["view", "edit"]}},
 {"object_type": ["attachment"], "attribute": "ro_field", "schema": {"type": "string", "readonly": true, "context": ["view"]}}
]}`), ds.Register); err != nil {
		t.Fatal(err)
	}
	s := newTestSiteWith(t, ds)
	want := []string{"date", "date_gmt", "slug", "status", "title", "author", "featured_media", "comment_status",
		"ping_status", "meta", "template", "ratio_field", "alt_text", "caption", "description", "post"}
	create := argNames(t, s.do(t, http.MethodOptions, "/wp/v2/media", "", nil), http.MethodPost)
	if got := create[:min(len(create), len(want))]; !slices.Equal(got, want) {
		t.Errorf("POST /wp/v2/media args: %v, want %v first", create, want)
	}
	list, _ := s.get(t, "/wp/v2/media?per_page=1&_fields=id", "").json.([]any)
	if len(list) == 0 {
		t.Fatal("the example site has no media")
	}
	id := fmt.Sprint(list[0].(map[string]any)["id"])
	item := s.do(t, http.MethodOptions, "/wp/v2/media/"+id, "", nil)
	for _, m := range []string{http.MethodPost, http.MethodPut, http.MethodPatch} {
		if got := argNames(t, item, m); !slices.Equal(got, append([]string{"id"}, want...)) {
			t.Errorf("%s /wp/v2/media/%s args: %v, want id then %v", m, id, got, want)
		}
	}
	var doc struct {
		Schema struct{ Properties json.RawMessage }
	}
	if err := json.Unmarshal(item.body, &doc); err != nil {
		t.Fatal(err)
	}
	props := objectKeys(t, doc.Schema.Properties)
	at := slices.Index(props, "template")
	if at < 0 || at+3 > len(props) || !slices.Equal(props[at:at+4], []string{"template", "ratio_field", "ro_field", "alt_text"}) {
		t.Errorf("schema properties: %v, want template ratio_field ro_field alt_text in a row", props)
	}
	// the field is written through the media route like any argument
	r := s.send(t, http.MethodPost, "/wp/v2/media/"+id, "admin", map[string]any{"ratio_field": "not a uuid"})
	if r.status != http.StatusBadRequest || r.errorCode() != "rest_invalid_param" {
		t.Errorf("a bad ratio_field: %d %s, want 400 rest_invalid_param", r.status, r.errorCode())
	}
}

// TestMetaPropertiesEmpty: the meta field of a type with no registered meta has an
// empty "properties" array in its schema and its argument, as WP_REST_Meta_Fields'
// get_field_schema starts it (WordPress 7.1.4: OPTIONS /wp/v2/media).
func TestMetaPropertiesEmpty(t *testing.T) {
	ds := fixtures.Example()
	ds.WPVersion = "7.1"
	s := newTestSiteWith(t, ds)
	var doc struct {
		Endpoints []struct{ Args map[string]json.RawMessage }
		Schema    struct{ Properties map[string]json.RawMessage }
	}
	if err := json.Unmarshal(s.do(t, http.MethodOptions, "/wp/v2/media", "", nil).body, &doc); err != nil {
		t.Fatal(err)
	}
	const arg = `{"description":"Meta fields.","type":"object","properties":[],"required":false}`
	const prop = `{"description":"Meta fields.","type":"object","context":["view","edit"],"properties":[]}`
	if got := string(doc.Endpoints[1].Args["meta"]); got != arg {
		t.Errorf("POST arg meta: %s, want %s", got, arg)
	}
	if got := string(doc.Schema.Properties["meta"]); got != prop {
		t.Errorf("schema meta: %s, want %s", got, prop)
	}
}

// TestMissingDefaultCategory: a post saved without categories on a site whose
// default_category names no term gets none (wp_set_object_terms skips an id of no
// term), and its _embed has no wp:term when it has no tags either (embed_links keeps
// a relation only where one of its links embedded something).
func TestMissingDefaultCategory(t *testing.T) {
	ds := fixtures.Example()
	ds.Options = map[string]any{"default_category": 999}
	s := newTestSiteWith(t, ds)
	r := s.send(t, http.MethodPost, "/wp/v2/posts", "admin", map[string]any{"title": "No category", "status": "publish"})
	if r.status != http.StatusCreated {
		t.Fatalf("create: %d %.200s", r.status, r.body)
	}
	if got := memberJSON(t, r, "categories"); got != "[]" {
		t.Errorf("categories: %s, want []", got)
	}
	id := memberJSON(t, r, "id")
	e := s.get(t, "/wp/v2/posts/"+id+"?_embed", "")
	if got := memberJSON(t, e, "_embedded"); got == "<absent>" || json.Valid([]byte(got)) && containsKey(got, "wp:term") {
		t.Errorf("_embedded: %s, want the author and no wp:term", got)
	}
}

// TestDeclaredDefaultCategory: a site served from declarations whose default_category
// names a category the generated content lacks has it (the site the dataset describes
// does), and a new post gets it and embeds it.
func TestDeclaredDefaultCategory(t *testing.T) {
	m, err := New(Options{Dataset: &fixtures.Dataset{Register: &fixtures.Register{},
		Options: map[string]any{"default_category": 500}}, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(m)
	t.Cleanup(srv.Close)
	s := &testSite{Mock: m, srv: srv}
	if r := s.get(t, "/wp/v2/categories/500", ""); r.status != http.StatusOK {
		t.Fatalf("category 500: %d %.200s", r.status, r.body)
	}
	r := s.send(t, http.MethodPost, "/wp/v2/posts", "admin", map[string]any{"title": "Default", "status": "publish"})
	if got := memberJSON(t, r, "categories"); got != "[500]" {
		t.Errorf("categories: %s, want [500]", got)
	}
	e := s.get(t, "/wp/v2/posts/"+memberJSON(t, r, "id")+"?_embed=author,wp:term", "")
	if got := memberJSON(t, e, "_embedded"); !containsKey(got, "wp:term") || !containsKey(got, "author") {
		t.Errorf("_embedded: %.300s, want author and wp:term", got)
	}
}

func containsKey(object, key string) bool {
	var m map[string]json.RawMessage
	_ = json.Unmarshal([]byte(object), &m)
	_, ok := m[key]
	return ok
}

// TestPluginFieldArgs: a plugin field's argument is what rest_get_endpoint_args_for_schema
// makes of its schema (WordPress 7.1.4, generated site 1): the default first on a
// create route only, then the schema's keywords in rest_get_allowed_schema_keywords'
// order, nested schemas as given (an additionalProperties schema kept), then required;
// on the comments' routes the fields come after the controller's own arguments.
func TestPluginFieldArgs(t *testing.T) {
	ds := fixtures.Example()
	ds.WPVersion = "7.1"
	ds.Register = &fixtures.Register{}
	if err := json.Unmarshal([]byte(`{"rest_fields": [
 {"object_type": ["post", "comment"], "attribute": "ratio", "schema": {"type": "string", "format": "uuid", "description": "The Ratio field.", "context": ["view", "edit"], "default": "123e4567-e89b-12d3-a456-426614174000"}},
 {"object_type": ["comment"], "attribute": "score", "schema": {"type": "array", "items": {"type": "object", "properties": {"label": {"type": "number"}}, "additionalProperties": {"type": "string"}}, "description": "The Score field.", "context": ["edit"]}}
]}`), ds.Register); err != nil {
		t.Fatal(err)
	}
	s := newTestSiteWith(t, ds)
	argOf := func(path, method, name string) string {
		var doc struct {
			Endpoints []struct {
				Methods []string
				Args    map[string]json.RawMessage
			}
		}
		if err := json.Unmarshal(s.do(t, http.MethodOptions, path, "", nil).body, &doc); err != nil {
			t.Fatal(err)
		}
		for _, e := range doc.Endpoints {
			if slices.Contains(e.Methods, method) {
				return string(e.Args[name])
			}
		}
		return ""
	}
	const create = `{"default":"123e4567-e89b-12d3-a456-426614174000","description":"The Ratio field.","type":"string","format":"uuid","required":false}`
	const update = `{"description":"The Ratio field.","type":"string","format":"uuid","required":false}`
	const score = `{"description":"The Score field.","type":"array","items":{"type":"object","properties":{"label":{"type":"number"}},"additionalProperties":{"type":"string"}},"required":false}`
	for _, c := range []struct{ path, method, name, want string }{
		{"/wp/v2/posts", http.MethodPost, "ratio", create},
		{"/wp/v2/posts/1", http.MethodPost, "ratio", update},
		{"/wp/v2/comments", http.MethodPost, "score", score},
	} {
		if got := argOf(c.path, c.method, c.name); got != c.want {
			t.Errorf("%s %s arg %s:\n got %s\nwant %s", c.method, c.path, c.name, got, c.want)
		}
	}
	names := argNames(t, s.do(t, http.MethodOptions, "/wp/v2/comments", "", nil), http.MethodPost)
	if len(names) < 3 || !slices.Equal(names[len(names)-2:], []string{"ratio", "score"}) || names[len(names)-3] != "meta" {
		t.Errorf("POST /wp/v2/comments args: %v, want the fields last, after meta", names)
	}
}

// TestAutosavesNeedEditor: from 6.6 a type has autosaves routes only where it supports
// autosave, which supporting the editor implies (get_autosave_rest_controller); until
// then every type but attachments has them (WordPress 7.1.4 and 6.1.9, generated site
// 1's quill_speaker, which supports no editor).
func TestAutosavesNeedEditor(t *testing.T) {
	for _, c := range []struct {
		version string
		want    bool
	}{{"7.1", false}, {"6.1", true}} {
		ds := fixtures.Example()
		ds.WPVersion = c.version
		ds.Register = &fixtures.Register{}
		if err := json.Unmarshal([]byte(`{"post_types": [
 {"name": "speaker", "public": true, "show_in_rest": true, "supports": ["title", "author"]},
 {"name": "essay", "public": true, "show_in_rest": true, "supports": ["title", "editor"]}
]}`), ds.Register); err != nil {
			t.Fatal(err)
		}
		var index struct{ Routes map[string]json.RawMessage }
		if err := json.Unmarshal(newTestSiteWith(t, ds).get(t, "/wp/v2", "").body, &index); err != nil {
			t.Fatal(err)
		}
		if _, got := index.Routes[`/wp/v2/speaker/(?P<id>[\d]+)/autosaves`]; got != c.want {
			t.Errorf("%s: autosaves routes of a type without the editor: %v, want %v", c.version, got, c.want)
		}
		if _, got := index.Routes[`/wp/v2/essay/(?P<id>[\d]+)/autosaves`]; !got {
			t.Errorf("%s: no autosaves routes for a type with the editor", c.version)
		}
	}
}

// TestAutosaveParentArgOnce: the autosaves create route of a hierarchical type has its
// parent argument once, first, with the type's own schema (register_routes
// array_merges the two lists; WordPress 7.1.4 prints a JSON object, whose keys are
// unique). The mock printed it twice.
func TestAutosaveParentArgOnce(t *testing.T) {
	ds := fixtures.Example()
	ds.WPVersion = "7.1"
	s := newTestSiteWith(t, ds)
	r := s.do(t, http.MethodOptions, "/wp/v2/pages/1/autosaves", "", nil)
	names := argNames(t, r, http.MethodPost)
	if len(names) == 0 || names[0] != "parent" || slices.Index(names[1:], "parent") >= 0 {
		t.Errorf("POST autosaves args: %v, want parent once, first", names)
	}
	if !bytes.Contains(r.body, []byte(`"args":{"parent":{"description":"The ID for the parent of the post.","type":"integer","required":false},"date"`)) {
		t.Errorf("the create route's parent is not the page's own: %.400s", r.body)
	}
}

// TestPluginArgDefaultValidated: has_valid_params validates get_param's value, which
// for an argument nobody sent is its default, so a plugin's default its own pattern
// refuses fails every request, even one that sends a valid value (WordPress 7.1.4,
// generated seed 16's /orb/v1/projects: "Invalid parameter(s): kind, flag" for
// ?kind=maybe, "Invalid parameter(s): flag" with no query and for ?flag=ok).
func TestPluginArgDefaultValidated(t *testing.T) {
	ds := fixtures.Example()
	ds.WPVersion = "7.1"
	ds.Register = &fixtures.Register{}
	if err := json.Unmarshal([]byte(`{"rest_routes": [{"namespace": "orb/v1", "route": "/projects", "methods": "GET",
 "args": {"kind": {"type": "boolean", "description": "The kind to use."},
  "flag": {"type": "string", "pattern": "^[a-z]{2,8}$", "description": "The flag to use.", "default": "pine opal"},
  "fine": {"type": "string", "pattern": "^[a-z]{2,8}$", "default": "opal"}},
 "permission": "public", "returns": {"ok": true}}]}`), ds.Register); err != nil {
		t.Fatal(err)
	}
	s := newTestSiteWith(t, ds)
	for _, c := range []struct{ query, want string }{
		{"?kind=maybe", "Invalid parameter(s): kind, flag"},
		{"", "Invalid parameter(s): flag"},
		{"?flag=ok", "Invalid parameter(s): flag"}, // the default is validated whatever was sent
		{"?fine=ab&flag=ok", "Invalid parameter(s): flag"},
	} {
		r := s.get(t, "/orb/v1/projects"+c.query, "")
		e, _ := r.json.(map[string]any)
		if c.want == "" {
			if r.status != http.StatusOK {
				t.Errorf("%s: %d %.200s, want 200", c.query, r.status, r.body)
			}
			continue
		}
		if r.status != http.StatusBadRequest || e["message"] != c.want {
			t.Errorf("%s: %d %v, want 400 %q", c.query, r.status, e["message"], c.want)
		}
	}
}
