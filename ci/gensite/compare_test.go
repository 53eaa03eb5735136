package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/wpmock/wpmock/fixtures"
	"github.com/wpmock/wpmock/jsonshape"
	"github.com/wpmock/wpmock/mock"
	"github.com/wpmock/wpmock/mock/rest"
)

// TestCompareDeclarations (issue 43): the frontend walk's requests (TestFrontendWalk)
// sent to a generated site installed on a real WordPress (install.sh) and to the mock
// serving the same seed's site.json (no clone), compared as ci/compare compares. The
// content differs by construction (content.php writes the WordPress site's, the mock
// generates its own from the declarations), so a row reading content compares the
// status, the API headers and the JSON shape (keys and types); a row WordPress answers
// from the declarations alone (OPTIONS, a type, a status, a namespace's index, the
// errors of a bad argument, status or id) compares status, headers and body byte for
// byte, the site's address aside. Run with the site's WordPress up:
//
//	. $state/env && GENSITE_COMPARE=1 GENSITE_COMPARE_DIR=/tmp/site1 go test -count=1 -v -run TestCompareDeclarations ./ci/gensite
func TestCompareDeclarations(t *testing.T) {
	dir, api := os.Getenv("GENSITE_COMPARE_DIR"), os.Getenv("WPCONTRACT_URL")
	if os.Getenv("GENSITE_COMPARE") != "1" || dir == "" || api == "" {
		t.Skip("set GENSITE_COMPARE=1, GENSITE_COMPARE_DIR (a generated site installed by install.sh) and its WordPress's env")
	}
	raw, err := os.ReadFile(filepath.Join(dir, "site.json"))
	if err != nil {
		t.Fatal(err)
	}
	decl, err := fixtures.Decode(raw, "site.json")
	if err != nil {
		t.Fatal(err)
	}
	var version rest.Version
	if v := os.Getenv("WP_VERSION"); v != "" {
		if version, err = rest.ParseVersion(v); err != nil {
			t.Fatal(err)
		}
	}
	m, err := mock.New(mock.Options{Dataset: decl, Seed: 1, AdminAppPassword: testAppPassword, Version: version})
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(m)
	defer srv.Close()
	wp := side{api: strings.TrimRight(api, "/"), logins: map[string][2]string{"admin": {"admin", os.Getenv("WPCONTRACT_PASSWORD")}}}
	mk := side{api: srv.URL + "/wp-json", logins: map[string][2]string{"admin": {"admin", testAppPassword}}}
	login, pass := editorOf(t)
	mk.logins["editor"] = [2]string{login, pass}
	wp.logins["editor"] = wp.editor(t)

	w, _ := pickWalk(decl.Register)
	rows := append(compareRows(w), metaRows(decl.Register)...)
	if len(rows) == 0 {
		t.Skip("the seed has none of the walk's shapes")
	}
	var exact, reordered, same, differ, exactRows int
	for _, rw := range rows {
		want, got := wp.ask(t, rw), mk.ask(t, rw)
		got.rebase(srv.URL, strings.TrimSuffix(wp.api, "/wp-json"))
		var d string
		if rw.exact {
			exactRows++
			d = byteDifference(want, got)
		} else {
			d = shapeDifference(want, got, valueNames(decl.Register))
		}
		kind := map[bool]string{true: "bytes", false: "shape"}[rw.exact]
		if rw.exact && strings.HasPrefix(d, "body") && keyOrderOnly(want, got) {
			// the known difference: the mock prints an argument's schema keywords in
			// its engine's order, WordPress in the order each controller declares them
			reordered++
			t.Logf("compare: same but for the order of keys (%s) %s %s (%s): %s", kind, rw.method, rw.path, rw.who(), d)
			continue
		}
		if d != "" {
			differ++
			t.Errorf("compare: differs (%s) %s %s (%s): %s", kind, rw.method, rw.path, rw.who(), d)
			continue
		}
		if rw.exact {
			exact++
		} else {
			same++
		}
		t.Logf("compare: same (%s) %s %s (%s): %d", kind, rw.method, rw.path, rw.who(), want.status)
	}
	t.Logf("compare: %d rows, %d of %d byte-identical (%d more the same but for the order of keys), %d of %d the same shape, %d differ",
		len(rows), exact, exactRows, reordered, same, len(rows)-exactRows, differ)
}

// compareRow is one request of the walk; exact says WordPress answers it from the
// declarations alone, so both sides must say the same bytes.
type compareRow struct {
	method, path, as string // as: "", "admin" or "editor"
	exact            bool
}

func (r compareRow) who() string {
	if r.as == "" {
		return "anonymous"
	}
	return "as " + r.as
}

// compareRows are the walk's requests (TestFrontendWalk's four shapes) and around
// them what WordPress answers from the declarations: OPTIONS, the type, the status,
// the namespaces' indexes and errors.
func compareRows(w frontendWalk) []compareRow {
	var rows []compareRow
	add := func(method, path, as string, exact bool) {
		rows = append(rows, compareRow{method, path, as, exact})
	}
	if w.typ != "" {
		add(http.MethodGet, w.route+"?_embed&per_page=2", "", false)
		add(http.MethodGet, w.route+"?_embed=author&per_page=1", "", false)
		add(http.MethodOptions, w.route, "", true)
		add(http.MethodGet, "/wp/v2/types/"+w.typ, "", true)
		add(http.MethodGet, "/wp/v2/types/"+w.typ+"?context=edit", "admin", true)
		add(http.MethodGet, w.route+"/999999", "", true)
		add(http.MethodGet, w.route+"?per_page=0", "", true)
		add(http.MethodGet, w.route+"?orderby=nothing", "", true)
		add(http.MethodGet, w.route[:strings.LastIndex(w.route, "/")], "", true) // the namespace's index
	}
	if w.metaKey != "" {
		add(http.MethodGet, w.metaRoute+"?per_page=1&_fields=id,meta", "", false)
		add(http.MethodGet, w.metaRoute+"?per_page=1&_fields=id,meta&context=edit", "admin", false)
		if w.metaRoute != w.route {
			add(http.MethodOptions, w.metaRoute, "", true)
		}
	}
	if w.status != "" && w.route != "" {
		add(http.MethodGet, w.route+"?status="+w.status, "", true)
		add(http.MethodGet, w.route+"?context=edit&status="+w.status, "editor", false)
		add(http.MethodGet, w.route+"?context=edit&status="+w.status, "admin", false)
		add(http.MethodGet, "/wp/v2/statuses/"+w.status, "editor", true)
		add(http.MethodGet, "/wp/v2/statuses?context=edit", "admin", true)
	}
	if w.plugin != "" {
		add(http.MethodGet, w.plugin+"?"+url.Values{w.arg: {w.bad}}.Encode(), "", true)
		add(http.MethodOptions, w.plugin, "", true)
	}
	return rows
}

// metaRows read the meta of every object type the site registers keys in REST for
// (the walk's array key is one of them where the seed has one): the first item's
// meta, anonymously and in the edit context.
func metaRows(r *fixtures.Register) []compareRow {
	var rows []compareRow
	seen := map[string]bool{}
	for _, m := range r.Meta {
		if v, _ := m.Get("show_in_rest"); v == false || v == nil {
			continue
		}
		route := metaRoute(r, m.String("object_type"), m.String("object_subtype"))
		if route == "" || seen[route] {
			continue
		}
		seen[route] = true
		if m.String("object_type") != "user" { // anonymous lists of users hold authors only
			rows = append(rows, compareRow{http.MethodGet, route + "?per_page=1&_fields=id,meta", "", false})
		}
		rows = append(rows, compareRow{http.MethodGet, route + "?per_page=1&_fields=id,meta&context=edit", "admin", false})
	}
	return rows
}

// metaRoute is the collection of the objects a meta key is registered for: the type's
// or taxonomy's route (its namespace and rest_base), comments, users ("": none).
func metaRoute(r *fixtures.Register, objectType, subtype string) string {
	route := func(list []fixtures.Args, name, fallback string) string {
		for _, a := range list {
			if a.String("name") == name {
				ns, base := a.String("rest_namespace"), a.String("rest_base")
				if ns == "" {
					ns = "wp/v2"
				}
				if base == "" {
					base = name
				}
				return "/" + ns + "/" + base
			}
		}
		return fallback
	}
	switch objectType {
	case "post":
		core := map[string]string{"": "/wp/v2/posts", "post": "/wp/v2/posts", "page": "/wp/v2/pages", "attachment": "/wp/v2/media"}
		return route(r.PostTypes, subtype, core[subtype])
	case "term":
		core := map[string]string{"": "/wp/v2/categories", "category": "/wp/v2/categories", "post_tag": "/wp/v2/tags"}
		return route(r.Taxonomies, subtype, core[subtype])
	case "comment":
		return "/wp/v2/comments"
	case "user":
		return "/wp/v2/users"
	}
	return ""
}

// side is one server and the logins to ask it as (login, application password).
type side struct {
	api    string
	logins map[string][2]string
}

// answer is what a side said.
type answer struct {
	status int
	header http.Header
	body   []byte
}

func (s side) ask(t *testing.T, rw compareRow) answer {
	t.Helper()
	req, err := http.NewRequest(rw.method, s.api+rw.path, nil)
	if err != nil {
		t.Fatal(err)
	}
	if rw.as != "" {
		req.SetBasicAuth(s.logins[rw.as][0], s.logins[rw.as][1])
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	return answer{resp.StatusCode, resp.Header, b}
}

// editor makes an editor on WordPress with an application password (the generated
// content has users in the site's own roles only); it is deleted when the test ends.
func (s side) editor(t *testing.T) [2]string {
	t.Helper()
	send := func(method, path string, body any) map[string]any {
		b, _ := json.Marshal(body)
		req, _ := http.NewRequest(method, s.api+path, bytes.NewReader(b))
		req.Header.Set("Content-Type", "application/json")
		req.SetBasicAuth(s.logins["admin"][0], s.logins["admin"][1])
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		var out map[string]any
		_ = json.NewDecoder(resp.Body).Decode(&out)
		if resp.StatusCode >= 300 {
			t.Fatalf("WordPress: %s %s: %d %v", method, path, resp.StatusCode, out)
		}
		return out
	}
	login := fmt.Sprintf("wpcompare-editor-%d", time.Now().UnixNano()%1e6) // a run cut short leaves its own
	u := send(http.MethodPost, "/wp/v2/users", map[string]any{"username": login, "email": login + "@example.com",
		"password": "wpcompare-Editor-1", "roles": []string{"editor"}})
	id := fmt.Sprint(u["id"])
	t.Cleanup(func() { send(http.MethodDelete, "/wp/v2/users/"+id+"?force=true&reassign=1", nil) })
	p := send(http.MethodPost, "/wp/v2/users/"+id+"/application-passwords", map[string]any{"name": "wpcompare"})
	return [2]string{login, fmt.Sprint(p["password"])}
}

// rebase writes the mock's address as WordPress's, in the body (plain and as
// json_encode escapes it) and the headers.
func (a *answer) rebase(from, to string) {
	esc := func(s string) string { return strings.ReplaceAll(s, "/", `\/`) }
	a.body = bytes.ReplaceAll(bytes.ReplaceAll(a.body, []byte(esc(from)), []byte(esc(to))), []byte(from), []byte(to))
	for k, vs := range a.header {
		for i, v := range vs {
			a.header[k][i] = strings.ReplaceAll(v, from, to)
		}
	}
}

// ignoredHeaders differ between any two answers of one server, or are the
// connection's (as ci/clone's comparison ignores them), or the server's and PHP's
// rather than WordPress's (php -S echoes Host; expose_php adds X-Powered-By).
var ignoredHeaders = map[string]bool{"Date": true, "Connection": true, "Keep-Alive": true,
	"Transfer-Encoding": true, "Content-Length": true, "Host": true, "X-Powered-By": true}

// headerDifference lists the header fields (of those given, or all but the ignored
// ones) that differ.
func headerDifference(want, got answer, only ...string) string {
	var names []string
	for _, h := range []http.Header{want.header, got.header} {
		for k := range h {
			if (len(only) == 0 && !ignoredHeaders[k] || slices.Contains(only, k)) && !slices.Contains(names, k) &&
				!slices.Equal(want.header[k], got.header[k]) {
				names = append(names, k)
			}
		}
	}
	slices.Sort(names)
	var parts []string
	for _, k := range names {
		parts = append(parts, fmt.Sprintf("header %s: %q, the mock %q", k, want.header[k], got.header[k]))
	}
	return strings.Join(parts, "; ")
}

// byteDifference: status, every header but the connection's, and the body byte for
// byte ("" when the same).
func byteDifference(want, got answer) string {
	if want.status != got.status {
		return fmt.Sprintf("status %d, the mock %d: %.200s / %.200s", want.status, got.status, want.body, got.body)
	}
	if d := headerDifference(want, got); d != "" {
		return d
	}
	if bytes.Equal(want.body, got.body) {
		return ""
	}
	i := 0
	for i < len(want.body) && i < len(got.body) && want.body[i] == got.body[i] {
		i++
	}
	around := func(b []byte) string { return string(b[max(0, i-60):min(len(b), i+80)]) }
	return fmt.Sprintf("body from byte %d (of %d, the mock %d):\n  site: …%s…\n  mock: …%s…", i, len(want.body), len(got.body),
		around(want.body), around(got.body))
}

// shapeDifference is ci/compare's comparison of a content row: status, the API
// headers (Allow and Content-Type equal, the paging headers on both or neither) and
// the body's JSON shape (keys and types; a top-level list empty on both or neither).
func shapeDifference(want, got answer, names map[string]bool) string {
	if want.status != got.status {
		return fmt.Sprintf("status %d, the mock %d: %.200s / %.200s", want.status, got.status, want.body, got.body)
	}
	if d := headerDifference(want, got, "Allow", "Content-Type"); d != "" {
		return d
	}
	for _, h := range []string{"X-WP-Total", "X-WP-TotalPages"} {
		if (len(want.header[h]) == 0) != (len(got.header[h]) == 0) {
			return fmt.Sprintf("header %s: %q, the mock %q", h, want.header[h], got.header[h])
		}
	}
	var w, g any
	if json.Unmarshal(want.body, &w) != nil || json.Unmarshal(got.body, &g) != nil {
		return "not both JSON"
	}
	var parts []string
	withoutDataRels(w)
	withoutDataRels(g)
	for _, x := range jsonshape.Compare(w, g, jsonshape.Options{TopListLength: true, Free: metaValue}) {
		if x.Kind == jsonshape.TypeDiffers && noValue(x.Want, x.Got) && names[x.Path[strings.LastIndex(x.Path, ".")+1:]] {
			continue // a plugin field or meta key one side's item holds no value of
		}
		switch x.Kind {
		case jsonshape.Missing:
			parts = append(parts, jsonshape.Join(x.Path, x.Key)+" missing")
		case jsonshape.Unexpected:
			parts = append(parts, jsonshape.Join(x.Path, x.Key)+" unexpected")
		default:
			parts = append(parts, fmt.Sprintf("%s: %s, the mock %s", x.Path, jsonshape.Type(x.Want), jsonshape.Type(x.Got)))
		}
	}
	return strings.Join(parts, "; ")
}

// dataRels are the relations an item links (and _embed embeds) only where its data
// has them: replies where it has comments, wp:featuredmedia where it has a featured
// image, the newest revision where it has revisions, a term's parent (up). The two
// sites' content differs, so whether the first item has them is data, not shape.
var dataRels = map[string]bool{"replies": true, "wp:featuredmedia": true, "predecessor-version": true, "up": true}

// withoutDataRels drops the dataRels from every _links and _embedded of a decoded
// answer, and an _embedded left empty (an item whose only embeddable relation is its
// replies has none without comments).
func withoutDataRels(v any) {
	switch x := v.(type) {
	case map[string]any:
		for _, k := range []string{"_links", "_embedded"} {
			if m, ok := x[k].(map[string]any); ok {
				for rel := range dataRels {
					delete(m, rel)
				}
				if len(m) == 0 && k == "_embedded" {
					delete(x, k)
				}
			}
		}
		for _, e := range x {
			withoutDataRels(e)
		}
	case []any:
		for _, e := range x {
			withoutDataRels(e)
		}
	}
}

// noValue: one side is what WordPress prints for a value not stored, null, or PHP's
// empty array for an object schema ([]), and the other a value.
func noValue(want, got any) bool {
	empty := func(v any) bool {
		l, ok := v.([]any)
		return v == nil || ok && len(l) == 0
	}
	return empty(want) || empty(got)
}

// valueNames are the site's plugin fields and meta keys (as REST names them): where
// one side's item holds no value of one it reads null, and the other's holds one.
func valueNames(r *fixtures.Register) map[string]bool {
	names := map[string]bool{}
	for _, f := range r.RestFields {
		names[f.String("attribute")] = true
	}
	for _, m := range r.Meta {
		names[m.String("meta_key")] = true
		if v, _ := m.Get("show_in_rest"); v != nil {
			if o, ok := v.(fixtures.Args); ok && o.String("name") != "" {
				names[o.String("name")] = true
			}
		}
	}
	return names
}

// metaValue: a meta key's value is data below its type (an object schema with
// additionalProperties takes any keys; a list's first element may be absent).
func metaValue(path string) bool {
	i := strings.Index(path, "meta.")
	return i >= 0 && (i == 0 || path[i-1] == '.') && strings.Count(path[i:], ".") == 1
}

// keyOrderOnly: two answers of the same status and headers whose bodies decode to the
// same JSON value, the order of object keys aside.
func keyOrderOnly(want, got answer) bool {
	var w, g any
	// the same length too: a key printed twice decodes as one
	if want.status != got.status || len(want.body) != len(got.body) || headerDifference(want, got) != "" ||
		json.Unmarshal(want.body, &w) != nil || json.Unmarshal(got.body, &g) != nil {
		return false
	}
	return reflect.DeepEqual(w, g)
}
