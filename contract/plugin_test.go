package contract

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"regexp"
	"strings"
	"testing"

	"github.com/wpmock/wpmock/mock"
	"github.com/wpmock/wpmock/mock/control"
)

// A site with plugins: the mock, with posts given what an ordinary plugin adds. An SEO
// plugin's register_rest_field('post', 'wpcontract_seo', {schema: {context: [view,
// edit], readonly}}) puts the field on posts read in view and edit context and into the
// posts schema; a register_post_meta('post', 'wpcontract_views', {show_in_rest}) turns
// meta from [] into an object with that key and declares it under meta.properties.

const (
	pluginField = "wpcontract_seo"
	pluginMeta  = "wpcontract_views"
)

// plugin adds the field (and the meta key) to posts; declare says whether the posts
// schema in OPTIONS declares them, as register_rest_field and register_meta do.
func plugin(h http.Handler, declare bool) http.Handler {
	postsRoute := regexp.MustCompile(`^/wp/v2/posts(/\d+)?/?$`)
	return rewrite(h, func(r *http.Request, rec *httptest.ResponseRecorder) {
		if !postsRoute.MatchString(route(r)) || rec.Code >= 300 {
			return
		}
		if r.Method == http.MethodOptions {
			if declare {
				editJSON(rec, declareFields)
			}
			return
		}
		ctx := r.URL.Query().Get("context")
		if ctx == "" && r.Method != http.MethodGet && r.Method != http.MethodHead {
			ctx = "edit" // writes answer in edit context
		}
		if ctx == "embed" || r.URL.Query().Has("_fields") {
			return
		}
		editJSON(rec, func(v any) any {
			add := func(x any) {
				if m, ok := x.(map[string]any); ok && m["type"] == "post" {
					m[pluginField] = "<meta name=\"robots\" content=\"index\">"
					m["meta"] = map[string]any{pluginMeta: 0}
				}
			}
			if l, ok := v.([]any); ok {
				for _, x := range l {
					add(x)
				}
			}
			if m, ok := v.(map[string]any); ok && m["deleted"] == true {
				add(m["previous"])
			}
			add(v)
			return v
		})
	})
}

// declareFields adds the plugin's field and meta key to an OPTIONS answer's schema.
func declareFields(v any) any {
	schema, _ := at(v, "schema.properties")
	props, ok := schema.(map[string]any)
	if !ok {
		return v
	}
	props[pluginField] = map[string]any{"description": "Head tags of an SEO plugin.", "type": "string",
		"context": []any{"view", "edit"}, "readonly": true}
	if meta, ok := props["meta"].(map[string]any); ok {
		meta["properties"] = map[string]any{pluginMeta: map[string]any{"type": "integer", "context": []any{"view", "edit"}, "default": 0}}
	}
	return v
}

// keyGroups are the groups that compare the keys of posts with the posts schema.
var keyGroups = []string{"schemas", "fields", "types"}

// runWithPlugin runs the groups only names (every group when nil) against the mock
// with the plugin, and returns what every failure got.
func runWithPlugin(t *testing.T, declare, strict bool, only []string) []string {
	t.Helper()
	m, err := mock.New(mock.Options{Control: control.Mount, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(pluginMetaWrites(plugin(m, declare)))
	defer srv.Close()
	rec := NewRecorder("contract")
	cfg := Config{URL: srv.URL + "/wp-json", User: "admin", Password: m.Passwords["admin"], Strict: strict}
	if only != nil {
		cfg.Skip = allGroupsBut(only...)
	}
	rep := Run(rec, cfg)
	rec.Finish()
	// what every failure got (the log shows only the first of each rule)
	var out []string
	for _, r := range rep.FailedRules() {
		for _, g := range r.Gots {
			out = append(out, r.ID+": "+g)
		}
	}
	return out
}

// TestSuiteAcceptsDeclaredPluginFields: in the default mode a field and a meta key the
// site declares in its schema pass, so a staging site with plugins gets a green run.
func TestSuiteAcceptsDeclaredPluginFields(t *testing.T) {
	suiteOnly(t)
	if testing.Short() || ConfigFromEnv().URL != "" {
		t.Skip("runs the suite against the in-process mock")
	}
	t.Parallel()
	if errs := runWithPlugin(t, true, false, nil); len(errs) > 0 {
		t.Fatalf("the suite fails on a site whose plugin declares its fields (%d failures); first:\n%s",
			len(errs), strings.Join(first(errs, 3), "\n---\n"))
	}
}

// TestSuiteRefusesUndeclaredFields: the same field not declared in the schema fails,
// and the failure names the key; strict mode refuses even the declared one. Only the
// groups that compare an answer's keys with the schema run (fields and types name the
// field and the meta key in both cases, schemas the field in strict mode): the whole
// suite, twice, named the keys nowhere else, and TestSuiteAcceptsDeclaredPluginFields
// runs it whole on the same site.
func TestSuiteRefusesUndeclaredFields(t *testing.T) {
	suiteOnly(t)
	if testing.Short() || ConfigFromEnv().URL != "" {
		t.Skip("runs the suite against the in-process mock")
	}
	t.Parallel()
	for _, c := range []struct {
		name            string
		declare, strict bool
	}{
		{"undeclared", false, false},
		{"declared, strict mode", true, true},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			errs := runWithPlugin(t, c.declare, c.strict, keyGroups)
			for _, key := range []string{pluginField, pluginMeta} {
				named := regexp.MustCompile(`unexpected \[[^\]]*\b` + key + `\b`)
				found := false
				for _, e := range errs {
					found = found || named.MatchString(e)
				}
				if !found {
					t.Errorf("no failure names the undeclared key %s as unexpected; %d failures, first:\n%s",
						key, len(errs), strings.Join(first(errs, 3), "\n---\n"))
				}
			}
		})
	}
}

// TestSuiteRefusesUndeclaredTaxonomyTraces: what a taxonomy adds to posts (a filter
// argument, action links) on a site that declares no such taxonomy in /taxonomies and
// /types fails in the default mode, naming the key: the default mode accepts a
// taxonomy's traces only where the site declares the taxonomy.
func TestSuiteRefusesUndeclaredTaxonomyTraces(t *testing.T) {
	suiteOnly(t)
	if testing.Short() || ConfigFromEnv().URL != "" {
		t.Skip("runs the suite against the in-process mock")
	}
	t.Parallel()
	m, err := mock.New(mock.Options{Control: control.Mount, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	posts := regexp.MustCompile(`^/wp/v2/posts(/\d+)?/?$`)
	srv := httptest.NewServer(rewrite(m, func(r *http.Request, rec *httptest.ResponseRecorder) {
		if !posts.MatchString(route(r)) || rec.Code >= 300 {
			return
		}
		editJSON(rec, func(v any) any {
			if r.Method == http.MethodOptions {
				if args, ok := at(v, endpointForJSON(v, "GET")+".args"); ok && !strings.Contains(route(r), "/posts/") {
					args.(map[string]any)["genres"] = map[string]any{"type": "array"}
				}
				return v
			}
			return eachObject(v, func(o map[string]any) {
				if l, ok := o["_links"].(map[string]any); ok && r.URL.Query().Get("context") == "edit" {
					l["wp:action-assign-genres"] = []any{map[string]any{"href": "x"}}
				}
			})
		})
	}))
	defer srv.Close()
	var skip []string
	for _, g := range sortedGroups() {
		if g.name != "schemas" && g.name != "fields" {
			skip = append(skip, g.name)
		}
	}
	rec := NewRecorder("contract")
	rep := Run(rec, Config{URL: srv.URL + "/wp-json", User: "admin", Password: m.Passwords["admin"], Skip: skip})
	rec.Finish()
	for id, key := range map[string]string{"schemas/posts/args-get": "genres", "fields/posts/edit-keys/_links": "wp:action-assign-genres"} {
		r, ok := rep.Rule(id)
		named := false
		for _, g := range r.Gots {
			named = named || strings.Contains(g, key)
		}
		if !ok || r.Failed == 0 || !named {
			t.Errorf("rule %s did not fail naming %s on a site that declares no taxonomy: %+v", id, key, r)
		}
	}
}

// endpointForJSON is endpointFor on a decoded OPTIONS answer.
func endpointForJSON(v any, method string) string {
	b, _ := json.Marshal(v)
	return endpointFor(&Result{Body: b}, method)
}
