package compare

import (
	"encoding/json"
	"fmt"
	"maps"
	"net/http"
	"regexp"
	"slices"
	"sort"
	"strings"

	"github.com/wpmock/wpmock/jsonshape"
)

// A difference is one way the mock's answer (got) differs from WordPress's (want).
type difference struct {
	path string // where: "status", "header Allow", a JSON path ("[0]._links.self"), ...
	msg  string
}

func (d difference) String() string { return d.path + ": " + d.msg }

// differ collects differences.
type differ []difference

func (d *differ) add(path, format string, args ...any) {
	*d = append(*d, difference{path, fmt.Sprintf(format, args...)})
}

// compareResponses compares two answers to the same row: status, then headers, then the
// body as the row's kind says.
func compareResponses(rw *row, want, got *response) []difference {
	var d differ
	if got.status != want.status {
		d.add("status", "got %s, want %s", got.summary(), want.summary())
		return d
	}
	compareHeaders(&d, rw, want, got)
	switch {
	case rw.method == http.MethodHead:
		if len(got.body) != len(want.body) && (len(got.body) == 0 || len(want.body) == 0) {
			d.add("body", "got %d bytes, want %d", len(got.body), len(want.body))
		}
		return d
	case rw.kind == kindJSONP:
		compareJSONP(&d, rw, want, got)
		return d
	}
	if want.jsonErr != nil || got.jsonErr != nil || (want.json == nil) != (got.json == nil) {
		d.add("body", "got %s, want %s (not both JSON)", got.summary(), want.summary())
		return d
	}
	switch {
	case want.status >= 400 && want.code() != "":
		compareError(&d, want.json, got.json)
	case rw.kind == kindIndex:
		compareIndex(&d, want.json, got.json)
	case rw.kind == kindOptions:
		compareOptions(&d, want.json, got.json)
	default:
		shapeDiff(&d, want.json, got.json, rw.free)
	}
	return d
}

// compareHeaders checks the headers clients rely on: the pagination headers are present
// on both or on neither (their values are data), Allow and Content-Type are equal, Link
// carries the same rels (next, prev, alternate, https://api.w.org/), and the row's extra
// headers are equal.
func compareHeaders(d *differ, rw *row, want, got *response) {
	for _, h := range []string{"X-WP-Total", "X-WP-TotalPages"} {
		w, g := want.header.Values(h), got.header.Values(h)
		if (len(w) == 0) != (len(g) == 0) {
			d.add("header "+h, "got %q, want %q", g, w)
		}
	}
	exact := append([]string{"Allow", "Content-Type"}, rw.headers...)
	for _, h := range exact {
		w, g := strings.Join(want.header.Values(h), ", "), strings.Join(got.header.Values(h), ", ")
		if w != g {
			d.add("header "+h, "got %q, want %q", g, w)
		}
	}
	if w, g := linkRels(want.header), linkRels(got.header); w != g {
		d.add("header Link", "rels got [%s], want [%s]", g, w)
	}
	// The other headers whose presence clients test: Location on creation and the
	// X-WP-* family (X-WP-Upload-Attachment-ID, ...); their values are data.
	names := map[string]bool{"Location": true}
	for _, h := range []http.Header{want.header, got.header} {
		for k := range h {
			if strings.HasPrefix(k, "X-Wp-") && k != "X-Wp-Total" && k != "X-Wp-Totalpages" {
				names[k] = true
			}
		}
	}
	for _, h := range sortedKeys(names) {
		w, g := want.header.Values(h), got.header.Values(h)
		if (len(w) == 0) != (len(g) == 0) {
			d.add("header "+h, "got %q, want %q", g, w)
		}
	}
}

var relAttr = regexp.MustCompile(`rel="([^"]*)"`)

// linkRels lists the rels of the Link header(s), sorted.
func linkRels(h http.Header) string {
	var rels []string
	for _, v := range h.Values("Link") {
		for _, m := range relAttr.FindAllStringSubmatch(v, -1) {
			rels = append(rels, m[1])
		}
	}
	sort.Strings(rels)
	return strings.Join(rels, " ")
}

// compareError compares error bodies: the top-level keys, the code, the data's keys and
// status, and for rest_invalid_param which parameters were rejected.
func compareError(d *differ, want, got any) {
	w, _ := want.(map[string]any)
	g, ok := got.(map[string]any)
	if !ok {
		d.add("(root)", "got %s, want an error object", jsonType(got))
		return
	}
	keyDiff(d, "", w, g)
	if w["code"] != g["code"] {
		d.add("code", "got %v, want %v", g["code"], w["code"])
		return
	}
	if jsonType(w["data"]) != jsonType(g["data"]) {
		d.add("data", "got %s, want %s", jsonType(g["data"]), jsonType(w["data"]))
		return
	}
	wd, ok := w["data"].(map[string]any)
	if !ok {
		return
	}
	gd := g["data"].(map[string]any)
	keyDiff(d, "data", wd, gd)
	if fmt.Sprint(wd["status"]) != fmt.Sprint(gd["status"]) {
		d.add("data.status", "got %v, want %v", gd["status"], wd["status"])
	}
	for _, k := range []string{"params", "details"} {
		wp, wok := wd[k].(map[string]any)
		gp, gok := gd[k].(map[string]any)
		if wok && gok {
			keyDiff(d, "data."+k, wp, gp)
		}
		// rest_missing_callback_param lists the missing parameters, in schema order.
		wl, wok := wd[k].([]any)
		gl, gok := gd[k].([]any)
		if wok && gok && compact(wl) != compact(gl) {
			d.add("data."+k, "got %s, want %s", compact(gl), compact(wl))
		}
	}
}

// keyDiff reports keys of want missing from got and keys of got that want lacks.
func keyDiff(d *differ, path string, want, got map[string]any) {
	for _, k := range sortedKeys(want) {
		if _, ok := got[k]; !ok {
			d.add(join(path, k), "missing (WordPress has it)")
		}
	}
	for _, k := range sortedKeys(got) {
		if _, ok := want[k]; !ok {
			d.add(join(path, k), "unexpected (WordPress has no such key)")
		}
	}
}

// shapeDiff compares two JSON values by shape: the same keys, recursively, and the same
// JSON types; values may differ. Lists compare their first elements; a top-level list
// must be empty on both sides or on neither. Objects at a path matching one of free (a suffix of key names,
// list indexes left out: "media_details.sizes") have keys that are data, and are only
// checked to be objects on both sides.
func shapeDiff(d *differ, want, got any, free []string) {
	o := jsonshape.Options{TopListLength: true, Free: func(p string) bool {
		return slices.ContainsFunc(free, func(f string) bool { return suffixMatch(f, p) })
	}}
	for _, x := range jsonshape.Compare(want, got, o) {
		switch x.Kind {
		case jsonshape.Missing:
			d.add(join(x.Path, x.Key), "missing (WordPress has it)")
		case jsonshape.Unexpected:
			d.add(join(x.Path, x.Key), "unexpected (WordPress has no such key)")
		case jsonshape.Length:
			// Rows narrow lists to objects both sides have, so an empty answer on one
			// side only is a difference; nested lists (tags, ...) hold data.
			d.add(orRoot(x.Path), "got %d items, want %d", len(x.Got.([]any)), len(x.Want.([]any)))
		default:
			d.add(orRoot(x.Path), "got %s, want %s", describe(x.Got), describe(x.Want))
		}
	}
}

// compareIndex compares the site index and a namespace index: their top-level keys and
// the types of those values, that wp/v2 is among the namespaces, and the namespace.
func compareIndex(d *differ, want, got any) {
	w, wok := want.(map[string]any)
	g, gok := got.(map[string]any)
	if !wok || !gok {
		d.add("(root)", "got %s, want %s", describe(got), describe(want))
		return
	}
	keyDiff(d, "", w, g)
	for _, k := range sortedKeys(w) {
		if gv, ok := g[k]; ok && jsonType(gv) != jsonType(w[k]) {
			d.add(k, "got %s, want %s", describe(gv), describe(w[k]))
		}
	}
	if wn, ok := w["namespaces"].([]any); ok {
		gn, _ := g["namespaces"].([]any)
		for _, n := range wn {
			if !slices.Contains(gn, n) {
				d.add(fmt.Sprintf("namespaces[%v]", n), "missing (WordPress has it)")
			}
		}
		for _, n := range gn {
			if !slices.Contains(wn, n) {
				d.add(fmt.Sprintf("namespaces[%v]", n), "unexpected (WordPress has no such namespace)")
			}
		}
	}
	if w["namespace"] != g["namespace"] {
		d.add("namespace", "got %v, want %v", g["namespace"], w["namespace"])
	}
}

// compareOptions compares the answers to OPTIONS: namespace and methods exactly, each
// endpoint's methods and argument names, and the schema's title and properties (names,
// type, context), recursively. An unknown route answers [] on both.
func compareOptions(d *differ, want, got any) {
	w, wok := want.(map[string]any)
	g, gok := got.(map[string]any)
	if !wok || !gok {
		shapeDiff(d, want, got, nil)
		return
	}
	keyDiff(d, "", w, g)
	for _, k := range []string{"namespace", "methods"} {
		if a, b := compact(w[k]), compact(g[k]); a != b {
			d.add(k, "got %s, want %s", b, a)
		}
	}
	we, _ := w["endpoints"].([]any)
	ge, _ := g["endpoints"].([]any)
	if len(we) != len(ge) {
		d.add("endpoints", "got %d endpoints, want %d", len(ge), len(we))
	}
	for i := 0; i < len(we) && i < len(ge); i++ {
		wi, _ := we[i].(map[string]any)
		gi, _ := ge[i].(map[string]any)
		p := fmt.Sprintf("endpoints[%d]", i)
		if a, b := compact(wi["methods"]), compact(gi["methods"]); a != b {
			d.add(p+".methods", "got %s, want %s", b, a)
		}
		wa, _ := wi["args"].(map[string]any)
		ga, _ := gi["args"].(map[string]any)
		if jsonType(wi["args"]) != jsonType(gi["args"]) {
			d.add(p+".args", "got %s, want %s", describe(gi["args"]), describe(wi["args"]))
		}
		keyDiff(d, p+".args", wa, ga)
	}
	ws, wok := w["schema"].(map[string]any)
	gs, gok := g["schema"].(map[string]any)
	if wok != gok {
		d.add("schema", "got %s, want %s", describe(g["schema"]), describe(w["schema"]))
		return
	}
	if !wok {
		return
	}
	if ws["title"] != gs["title"] {
		d.add("schema.title", "got %v, want %v", gs["title"], ws["title"])
	}
	schemaProps(d, "schema.properties", ws["properties"], gs["properties"])
	if a, b := schemaLinks(ws["links"]), schemaLinks(gs["links"]); a != b {
		d.add("schema.links", "got %s, want %s", b, a)
	}
}

// schemaLinks is a schema's links (get_schema_links) without their hrefs, which name
// each side's host: rel, title and target schema, in order.
func schemaLinks(v any) string {
	list, _ := v.([]any)
	out := make([]any, 0, len(list))
	for _, l := range list {
		m, _ := l.(map[string]any)
		out = append(out, []any{m["rel"], m["title"], m["targetSchema"]})
	}
	return compact(out)
}

// schemaProps compares two schemas' properties: names, and for each its type and context,
// then its own properties and those of its items.
func schemaProps(d *differ, path string, want, got any) {
	w, _ := want.(map[string]any)
	g, _ := got.(map[string]any)
	keyDiff(d, path, w, g)
	for _, k := range sortedKeys(w) {
		wp, _ := w[k].(map[string]any)
		gp, ok := g[k].(map[string]any)
		if !ok {
			continue
		}
		p := join(path, k)
		for _, attr := range []string{"type", "context"} {
			if a, b := compact(wp[attr]), compact(gp[attr]); a != b {
				d.add(p+"."+attr, "got %s, want %s", b, a)
			}
		}
		if wp["properties"] != nil || gp["properties"] != nil {
			schemaProps(d, p+".properties", wp["properties"], gp["properties"])
		}
		wi, _ := wp["items"].(map[string]any)
		gi, _ := gp["items"].(map[string]any)
		if (wi == nil) != (gi == nil) {
			d.add(p+".items", "got %s, want %s", describe(gp["items"]), describe(wp["items"]))
		} else if wi != nil {
			if a, b := compact(wi["type"]), compact(gi["type"]); a != b {
				d.add(p+".items.type", "got %s, want %s", b, a)
			}
			if wi["properties"] != nil || gi["properties"] != nil {
				schemaProps(d, p+".items.properties", wi["properties"], gi["properties"])
			}
		}
	}
}

// compareJSONP checks the /**/cb(...) wrapper on both and compares what it wraps.
func compareJSONP(d *differ, rw *row, want, got *response) {
	unwrap := func(r *response) (any, bool) {
		s := string(r.body)
		prefix := "/**/" + rw.jsonp + "("
		if !strings.HasPrefix(s, prefix) || !strings.HasSuffix(s, ")") {
			return nil, false
		}
		var v any
		if json.Unmarshal([]byte(s[len(prefix):len(s)-1]), &v) != nil {
			return nil, false
		}
		return v, true
	}
	w, wok := unwrap(want)
	g, gok := unwrap(got)
	switch {
	case !wok:
		d.add("body", "WordPress's answer is not a /**/%s(...) wrapper: %s", rw.jsonp, want.summary())
	case !gok:
		d.add("body", "got %s, want /**/%s(<JSON>)", got.summary(), rw.jsonp)
	default:
		shapeDiff(d, w, g, rw.free)
	}
}

// suffixMatch reports whether the key names of pattern ("a.b") end path, with list
// indexes of path left out.
func suffixMatch(pattern, path string) bool {
	if path == "" {
		return pattern == ""
	}
	keys := strings.Split(strings.ReplaceAll(path, "[0]", ""), ".")
	pat := strings.Split(pattern, ".")
	if len(pat) > len(keys) {
		return false
	}
	tail := keys[len(keys)-len(pat):]
	for i := range pat {
		if pat[i] != tail[i] {
			return false
		}
	}
	return true
}

// glob matches s against a pattern where * stands for any run of characters.
func glob(pattern, s string) bool {
	parts := strings.Split(pattern, "*")
	if len(parts) == 1 {
		return pattern == s
	}
	if !strings.HasPrefix(s, parts[0]) {
		return false
	}
	s = s[len(parts[0]):]
	for _, p := range parts[1 : len(parts)-1] {
		i := strings.Index(s, p)
		if i < 0 {
			return false
		}
		s = s[i+len(p):]
	}
	return strings.HasSuffix(s, parts[len(parts)-1])
}

// compact is the JSON text of a value, for exact comparison and messages.
func compact(v any) string {
	b, _ := json.Marshal(v)
	return string(b)
}

// describe names a value's type, with the value itself when it is short.
func describe(v any) string {
	t := jsonType(v)
	switch v.(type) {
	case nil, map[string]any, []any:
		return t
	}
	s := compact(v)
	if len(s) > 40 {
		s = s[:40] + "..."
	}
	return t + " " + s
}

func orRoot(p string) string {
	if p == "" {
		return "(root)"
	}
	return p
}

func join(path, key string) string {
	if path == "" {
		return key
	}
	return path + "." + key
}

func sortedKeys[V any](m map[string]V) []string { return slices.Sorted(maps.Keys(m)) }

// jsonType names the JSON type of a decoded value (jsonshape.Type).
var jsonType = jsonshape.Type
