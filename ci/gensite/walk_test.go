package main

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"slices"
	"strings"
	"testing"

	"github.com/wpmock/wpmock/fixtures"
	"github.com/wpmock/wpmock/mock"
	"github.com/wpmock/wpmock/mock/control"
)

// walkSeeds are the seeds TestFrontendWalk looks through for a site with every shape
// the walk reads.
const walkSeeds = 40

// TestFrontendWalk: a generated site served straight from the generator's declarations
// (no clone, no WordPress) answers what a headless frontend asks of it: a custom post
// type in its own namespace with _embed (the author, the terms of its taxonomies),
// its array meta (a key of many values, or of an array or object schema) as a list,
// items in a status the site registered listed as an editor, and a plugin route's
// 400 for a bad argument with WordPress's error envelope (rest_invalid_param, the
// argument's message in data.params). The first seed with all four is walked; with
// -v each request and the answer's gist are logged, as a console session would show
// them.
func TestFrontendWalk(t *testing.T) {
	for seed := uint64(1); seed <= walkSeeds; seed++ {
		s := generate(seed, 0)
		decl, err := fixtures.Decode(s.dataset, fmt.Sprintf("seed %d", seed))
		if err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
		w, ok := pickWalk(decl.Register)
		if !ok {
			continue
		}
		t.Logf("%s", s.summary)
		walk(t, decl, w)
		return
	}
	t.Fatalf("no seed of 1..%d has a type in another namespace with array meta, a status and a GET route with a checked argument", walkSeeds)
}

// frontendWalk is what the walk asks of one site.
type frontendWalk struct {
	typ, route         string // a type outside wp/v2
	metaKey, metaRoute string // an array-valued post meta key and its type's route
	status             string
	plugin, arg, bad   string
}

// pickWalk finds in the declarations a post type outside wp/v2, an array-valued post
// meta key (of many values, or of an array schema), a status of the site's that is
// not internal, and a plugin GET route with an argument WordPress checks (an enum, a
// range, a pattern or a format; a path parameter given a value its pattern takes).
func pickWalk(r *fixtures.Register) (frontendWalk, bool) {
	var w frontendWalk
	routeOf := func(name string) string {
		for _, pt := range r.PostTypes {
			if pt.String("name") == name {
				ns, base := pt.String("rest_namespace"), pt.String("rest_base")
				if ns == "" {
					ns = "wp/v2"
				}
				if base == "" {
					base = name
				}
				return "/" + ns + "/" + base
			}
		}
		return map[string]string{"": "/wp/v2/posts", "post": "/wp/v2/posts", "page": "/wp/v2/pages"}[name]
	}
	for _, pt := range r.PostTypes {
		if ns := pt.String("rest_namespace"); ns != "" && ns != "wp/v2" {
			w.typ, w.route = pt.String("name"), routeOf(pt.String("name"))
			break
		}
	}
	for _, m := range r.Meta {
		rest, _ := m.Get("show_in_rest")
		if m.String("object_type") == "post" && rest != false && routeOf(m.String("object_subtype")) != "" &&
			(m.String("type") == "array" || !m.Bool("single", false)) && !strings.HasPrefix(m.String("meta_key"), "_") {
			w.metaKey, w.metaRoute = m.String("meta_key"), routeOf(m.String("object_subtype"))
			break
		}
	}
	for _, st := range r.PostStatuses {
		if !st.Bool("internal", false) {
			w.status = st.String("name")
			break
		}
	}
	for _, rt := range r.RestRoutes {
		methods, _ := rt.Get("methods")
		if !strings.Contains(fmt.Sprint(methods), "GET") {
			continue
		}
		args, _ := rt.Get("args")
		list, _ := args.(fixtures.Args)
		for _, a := range list {
			spec, _ := a.Value.(fixtures.Args)
			if bad := badValue(spec); bad != "" && !strings.Contains(rt.String("route"), "<"+a.Key+">") {
				path := routeParam.ReplaceAllStringFunc(rt.String("route"), func(p string) string {
					if strings.Contains(p, `\d`) {
						return "7"
					}
					return "abc"
				})
				w.plugin, w.arg, w.bad = "/"+rt.String("namespace")+path, a.Key, bad
				break
			}
		}
		if w.plugin != "" {
			break
		}
	}
	return w, w.typ != "" && w.metaKey != "" && w.status != "" && w.plugin != ""
}

// badValue is a value the argument's schema refuses; "" where it checks nothing a
// string can break.
func badValue(spec fixtures.Args) string {
	switch {
	case spec.String("type") == "integer" || spec.String("type") == "number":
		return "not-a-number"
	case spec.String("type") == "boolean":
		return "maybe"
	case spec.String("pattern") != "" || spec.String("format") != "":
		return "NOT VALID!"
	}
	if _, ok := spec.Get("enum"); ok {
		return "none-of-them"
	}
	return ""
}

// walk asks the mock serving the declarations, logging each answer's gist.
func walk(t *testing.T, decl *fixtures.Dataset, w frontendWalk) {
	m, err := mock.New(mock.Options{Control: control.Mount, Dataset: decl, Seed: 1, AdminAppPassword: testAppPassword})
	if err != nil {
		t.Fatal(err)
	}
	editor, password := editorOf(t)
	ask := func(path, login, pass string) (int, any) {
		r := httptest.NewRequest(http.MethodGet, "/wp-json"+path, nil)
		if login != "" {
			r.SetBasicAuth(login, pass)
		}
		rec := httptest.NewRecorder()
		m.ServeHTTP(rec, r)
		var body any
		_ = json.Unmarshal(rec.Body.Bytes(), &body)
		who := "anonymous"
		if login != "" {
			who = "as " + login
		}
		// the mock sends WordPress's spelling of the header, which Header.Get would not find
		t.Logf("GET %s (%s): %d, X-WP-Total %q", path, who, rec.Code, strings.Join(rec.Header()["X-WP-Total"], ""))
		return rec.Code, body
	}

	// the custom type in its namespace, embedded
	code, body := ask(w.route+"?_embed&per_page=2", "", "")
	list, _ := body.([]any)
	if code != http.StatusOK || len(list) == 0 {
		t.Fatalf("%s: %d, %d items", w.route, code, len(list))
	}
	first, _ := list[0].(map[string]any)
	embedded, _ := first["_embedded"].(map[string]any)
	t.Logf("  first item: id %v, type %v, link %v; _embedded: %v", first["id"], first["type"], first["link"], sortedKeys(embedded))
	if first["type"] != w.typ || embedded["author"] == nil {
		t.Errorf("%s?_embed: type %v, _embedded %v: want %s with its author", w.route, first["type"], sortedKeys(embedded), w.typ)
	}
	// array meta, read as the list a client writes
	code, body = ask(w.metaRoute+"?per_page=1&_fields=id,meta", "", "")
	list, _ = body.([]any)
	if code != http.StatusOK || len(list) == 0 {
		t.Fatalf("%s: %d, %d items", w.metaRoute, code, len(list))
	}
	item, _ := list[0].(map[string]any)
	meta, _ := item["meta"].(map[string]any)
	t.Logf("  id %v meta.%s = %s", item["id"], w.metaKey, compact(meta[w.metaKey]))
	if _, isList := meta[w.metaKey].([]any); !isList {
		t.Errorf("%s: meta %s is %T, want a list", w.metaRoute, w.metaKey, meta[w.metaKey])
	}

	// the site's status: refused to visitors, listed to an editor
	code, body = ask(w.route+"?status="+w.status, "", "")
	t.Logf("  %s", envelope(body))
	if code != http.StatusBadRequest && code != http.StatusUnauthorized {
		t.Errorf("%s?status=%s anonymously: %d, want a refusal", w.route, w.status, code)
	}
	code, body = ask(w.route+"?context=edit&status="+w.status, editor, password)
	list, _ = body.([]any)
	for _, x := range list {
		item, _ := x.(map[string]any)
		t.Logf("  id %v status %v title %v", item["id"], item["status"], compact(item["title"]))
		if item["status"] != w.status {
			t.Errorf("%s?status=%s: an item in %v", w.route, w.status, item["status"])
		}
	}
	if code != http.StatusOK || len(list) == 0 {
		t.Errorf("%s?context=edit&status=%s as an editor: %d, %d items", w.route, w.status, code, len(list))
	}

	// a plugin route with a bad argument: WordPress's 400 from the published args
	code, body = ask(w.plugin+"?"+url.Values{w.arg: {w.bad}}.Encode(), "", "")
	t.Logf("  %s", envelope(body))
	e, _ := body.(map[string]any)
	data, _ := e["data"].(map[string]any)
	if code != http.StatusBadRequest || (e["code"] != "rest_invalid_param" && e["code"] != "rest_missing_callback_param") || data["status"] != float64(400) {
		t.Errorf("%s?%s=%s: %d %v, want 400 rest_invalid_param", w.plugin, w.arg, w.bad, code, e["code"])
	}
}

// editorOf is an editor of the content mock.New generates from seed 1 beside the
// declarations (fixtures.Generate, as the mock does), with an application password.
func editorOf(t *testing.T) (string, string) {
	ds, err := fixtures.Generate(1, fixtures.Size{})
	if err != nil {
		t.Fatal(err)
	}
	for _, u := range ds.Users {
		if slices.Contains(u.Roles, "editor") && len(u.AppPasswords) > 0 {
			return u.Login, u.AppPasswords[0].Password
		}
	}
	t.Fatal("the generated site has no editor")
	return "", ""
}

func sortedKeys(m map[string]any) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	slices.Sort(out)
	return out
}

func compact(v any) string {
	b, _ := json.Marshal(v)
	return string(b)
}

// envelope is an error answer's code, message, status and params.
func envelope(body any) string {
	e, _ := body.(map[string]any)
	data, _ := e["data"].(map[string]any)
	return fmt.Sprintf("%v: %v (status %v) params %s", e["code"], e["message"], data["status"], compact(data["params"]))
}
