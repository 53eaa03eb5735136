package contract

import (
	"encoding/json"
	"net/http"
	"net/url"
	"regexp"
	"slices"
	"strings"

	"github.com/wpmock/wpmock/jsonshape"
)

// The plugins group: every route the index lists in a namespace WordPress does not
// register itself (register_rest_route by a plugin or theme) is checked for what the
// index promises of it, and nothing else (the suite does not know what its callback
// does): its namespace's index lists it; OPTIONS on it answers the namespace, the
// methods and the endpoints with the arguments the index publishes; each method the
// index gives is served, and one it does not give is 404 rest_no_route (a route that
// only reads writes nothing); each published argument is validated as WordPress
// validates it (WP_REST_Request::has_valid_params, then sanitize_params through
// rest_validate_value_from_schema): the required ones missing is 400
// rest_missing_callback_param naming them in data.params, a value breaking a
// constraint (type, enum, minimum, maximum, pattern, format, length) is 400
// rest_invalid_param naming it in data.params with the constraint's code in
// data.details. Only GET is ever called with arguments WordPress accepts: a writing
// method is sent only requests WordPress refuses before its callback runs, and none
// in read-only mode. Rule ids name the route (plugins/acme/v1/books/{id}/GET/...), so
// the reports list each one.

func init() { register("plugins", false, pluginGroup) }

// wordpressNamespaces are the namespaces WordPress registers itself (the REST API's,
// oEmbed's, Site Health's, the block editor's, the Abilities API's): a route in any
// other is a plugin's.
var wordpressNamespaces = []string{"wp/v2", "oembed/1.0", "wp-site-health/v1", "wp-block-editor/v1", "wp-abilities/v1"}

// writingMethods are the methods a route that only reads must refuse.
var writingMethods = []string{http.MethodPost, http.MethodPut, http.MethodPatch, http.MethodDelete}

// pluginRoute is a plugin's route as the index publishes it.
type pluginRoute struct {
	ns, pattern string
	methods     []string
	endpoints   []pluginEndpoint
	raw         json.RawMessage // the index's entry, for OPTIONS
}

// pluginEndpoint is one endpoint of a route: its methods and arguments, in the order
// the index gives them (the order WordPress names missing ones in).
type pluginEndpoint struct {
	methods []string
	args    map[string]map[string]any
	order   []string
}

// id is the route in a rule id: its path with each named group as {name}.
func (rt *pluginRoute) id() string { return "plugins/" + strings.Trim(routeID(rt.pattern), "/") }

// routeID turns a route pattern into rule-id characters: (?P<id>\d+) becomes {id}.
func routeID(pattern string) string {
	var b strings.Builder
	for i := 0; i < len(pattern); i++ {
		c := pattern[i]
		if c == '(' {
			end := groupEnd(pattern, i)
			name := ""
			if m := regexp.MustCompile(`^\(\?P?<([A-Za-z0-9_]+)>`).FindStringSubmatch(pattern[i:end]); m != nil {
				name = m[1]
			}
			b.WriteString("{" + name + "}")
			i = end - 1
			continue
		}
		if strings.ContainsRune("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_.-/", rune(c)) {
			b.WriteByte(c)
		} else {
			b.WriteByte('_')
		}
	}
	return b.String()
}

// groupEnd is the index just past the group opening at i (escapes and classes skipped).
func groupEnd(p string, i int) int {
	depth, class := 0, false
	for j := i; j < len(p); j++ {
		switch c := p[j]; {
		case c == '\\':
			j++
		case class:
			class = c != ']'
		case c == '[':
			class = true
		case c == '(':
			depth++
		case c == ')':
			if depth--; depth == 0 {
				return j + 1
			}
		}
	}
	return len(p)
}

// pluginRoutes reads the plugins' routes from the index's body, in its order.
func pluginRoutes(index []byte) []*pluginRoute {
	var root struct {
		Routes map[string]json.RawMessage `json:"routes"`
	}
	if json.Unmarshal(index, &root) != nil {
		return nil
	}
	var out []*pluginRoute
	for _, p := range routeOrder(index) {
		var e struct {
			Namespace string   `json:"namespace"`
			Methods   []string `json:"methods"`
			Endpoints []struct {
				Methods []string        `json:"methods"`
				Args    json.RawMessage `json:"args"`
			} `json:"endpoints"`
		}
		if json.Unmarshal(root.Routes[p], &e) != nil || e.Namespace == "" || slices.Contains(wordpressNamespaces, e.Namespace) ||
			p == "/"+e.Namespace {
			continue
		}
		rt := &pluginRoute{ns: e.Namespace, pattern: p, methods: e.Methods, raw: root.Routes[p]}
		for _, ep := range e.Endpoints {
			pe := pluginEndpoint{methods: ep.Methods, args: map[string]map[string]any{}}
			var args map[string]map[string]any
			if json.Unmarshal(ep.Args, &args) == nil { // [] when it has none
				pe.args, pe.order = args, jsonshape.Keys(ep.Args)
			}
			rt.endpoints = append(rt.endpoints, pe)
		}
		out = append(out, rt)
	}
	return out
}

func pluginGroup(s *Suite, t T) {
	idx := s.as(anonymous).get(t, "/")
	routes := slices.DeleteFunc(pluginRoutes(idx.Body), func(rt *pluginRoute) bool { return s.servesRegistry(t, rt.pattern) })
	if len(routes) == 0 {
		t.Skipf("the index lists no route outside WordPress's own namespaces (%s)", strings.Join(wordpressNamespaces, ", "))
	}
	var namespaces []string
	for _, rt := range routes {
		if !slices.Contains(namespaces, rt.ns) {
			namespaces = append(namespaces, rt.ns)
		}
	}
	listed, _ := idx.object()["namespaces"].([]any)
	for _, ns := range namespaces {
		check(t, idx, slices.Contains(listed, any(ns)), "plugins/"+ns+"/listed: the index's namespaces list "+ns+", the namespace of routes it lists",
			"namespaces %v", listed)
		r := s.as(anonymous).get(t, "/"+ns)
		id := "plugins/" + ns + "/namespace-index"
		if wantStatus(t, r, http.StatusOK, id+": GET /"+ns+" answers 200 with the namespace's index") {
			wantValue(t, r, "namespace", ns, id+": GET /"+ns+" names the namespace")
			got, _ := r.object()["routes"].(map[string]any)
			for _, rt := range routes {
				if rt.ns == ns {
					_, ok := got[rt.pattern]
					check(t, r, ok, id+": the namespace's index lists each of its routes the API root lists", "no %s in %v", rt.pattern, keysOf(got))
				}
			}
		}
	}
	for _, rt := range routes {
		t.Run(routeID(rt.pattern), func(t T) { checkPluginRoute(s, t, rt) })
	}
}

// servesRegistry says whether a route is one WordPress makes for a post type or a
// taxonomy registered in a namespace of its own (rest_namespace): the custom group
// checks those, as core's controllers.
func (s *Suite) servesRegistry(t T, pattern string) bool {
	d := s.site(t)
	var bases []string
	for _, st := range d.types {
		bases = append(bases, st.route())
	}
	for _, tx := range d.taxes {
		bases = append(bases, tx.route())
	}
	return slices.ContainsFunc(bases, func(b string) bool { return pattern == b || strings.HasPrefix(pattern, b+"/") })
}

// checkPluginRoute checks one route: OPTIONS, the methods it refuses, then each
// endpoint's arguments.
func checkPluginRoute(s *Suite, t T, rt *pluginRoute) {
	id := rt.id() + "/"
	path, params, ok := concretePath(rt.pattern)
	if !ok {
		t.Skipf("the suite cannot make a path the route %s matches", rt.pattern)
	}
	o := s.as(anonymous).do(t, http.MethodOptions, path, nil)
	if wantStatus(t, o, http.StatusOK, id+"options-200: OPTIONS "+path+" answers 200 with the route's description") {
		var want map[string]any
		_ = json.Unmarshal(rt.raw, &want)
		wantValue(t, o, "namespace", rt.ns, id+"options-namespace: OPTIONS names the route's namespace, "+rt.ns)
		wantValue(t, o, "methods", rt.methods, id+"options-methods: OPTIONS lists the methods the index publishes for the route")
		wantValue(t, o, "endpoints", want["endpoints"], id+"options-endpoints: OPTIONS publishes the endpoints and arguments the index publishes for the route")
	}
	for _, m := range writingMethods {
		if slices.Contains(s.hits.methodsMatching(path), m) {
			continue
		}
		if s.cfg.ReadOnly {
			break
		}
		r := s.as(anonymous).do(t, m, path, nil)
		wantError(t, r, http.StatusNotFound, "rest_no_route", id+m+"-no-route: "+m+" on a route whose index entry does not list it is 404 rest_no_route (nothing written)")
	}
	for _, ep := range rt.endpoints {
		for _, m := range ep.methods {
			if m != http.MethodGet && (s.cfg.ReadOnly || !slices.Contains(writingMethods, m)) {
				continue
			}
			checkPluginArgs(s, t, id+m+"/", m, path, params, ep)
		}
	}
}

// concretePath is a path the route's pattern matches, with the values of its named
// groups.
func concretePath(pattern string) (string, map[string]string, bool) {
	p, ok := matching("^" + pattern + "$")
	if !ok {
		return "", nil, false
	}
	re, err := regexp.Compile("(?i)^" + pattern + "$")
	if err != nil {
		return "", nil, false
	}
	m := re.FindStringSubmatch(p)
	params := map[string]string{}
	for i, n := range re.SubexpNames() {
		if n != "" && m != nil {
			params[n] = m[i]
		}
	}
	return p, params, true
}

// methodsMatching are the methods of every route of the index that matches path:
// WordPress serves a method on a path when any matching route has it.
func (h *hits) methodsMatching(path string) []string {
	h.mu.Lock()
	defer h.mu.Unlock()
	var out []string
	for _, rt := range h.routes {
		if rt.re != nil && rt.re.MatchString(path) {
			out = append(out, rt.methods...)
		}
	}
	return out
}

// endpointCall is a request to an endpoint with arguments: in the query string for
// GET and DELETE, as a JSON body otherwise.
type endpointCall struct {
	s      *Suite
	method string
	path   string
}

func (c endpointCall) do(t T, args map[string]any) *Result {
	if c.method == http.MethodGet || c.method == http.MethodDelete {
		q := url.Values{}
		for k, v := range args {
			q.Set(k, queryValue(v))
		}
		p := c.path
		if len(q) > 0 {
			p += "?" + q.Encode()
		}
		return c.s.as(anonymous).do(t, c.method, p, nil)
	}
	return c.s.as(anonymous).send(t, c.method, c.path, args)
}

// checkPluginArgs checks, for one method of an endpoint, what WordPress does with the
// arguments it publishes: the required ones missing, each constraint broken, and (GET)
// a request it accepts. A default or path value failing its own schema is refused
// on every request, and is expected among the refused (WordPress sanitizes the
// defaults with the rest).
func checkPluginArgs(s *Suite, t T, id, method, path string, params map[string]string, ep pluginEndpoint) {
	t.Run(method, func(t T) {
		call := endpointCall{s, method, path}
		asJSON := method != http.MethodGet && method != http.MethodDelete
		pl := planArgs(ep, params)
		valid, required, always, unknown, cannot := pl.valid, pl.required, pl.always, pl.unknown, pl.cannot
		if len(required) > 0 {
			r := call.do(t, without(valid, required))
			rule := id + "required: " + method + " without the arguments the index marks required (" + strings.Join(required, ", ") +
				") is 400 " + codeMissingParam + " naming them in data.params"
			if wantError(t, r, http.StatusBadRequest, codeMissingParam, rule) {
				wantValue(t, r, "data.params", required, rule)
			}
		}
		switch {
		case unknown != "":
			t.Skipf("the suite cannot tell whether WordPress accepts the argument %s of %s %s (its type is not one it judges)", unknown, method, path)
		case cannot != "":
			t.Skipf("the suite cannot make a value the required argument %s of %s %s accepts", cannot, method, path)
		}
		for _, name := range ep.order {
			if _, inPath := params[name]; inPath {
				continue
			}
			if slices.Contains(always, name) {
				continue // its default's refusal overwrites the value's in data.details
			}
			for _, bad := range refusals(ep.args[name], asJSON) {
				args := without(valid, nil)
				args[name] = bad.value
				r := call.do(t, args)
				rule := id + "invalid-" + name + "-" + bad.what + ": " + method + " with " + name + " breaking its " + bad.what +
					" (" + show(bad.value, true) + ") is 400 " + codeInvalidParam + " naming it in data.params, with data.details." + name + ".code " + bad.code
				wantRefused(t, r, rule, append([]string{name}, always...), name, bad.code)
			}
		}
		if method == http.MethodGet {
			r := call.do(t, valid)
			if len(always) > 0 {
				wantRefused(t, r, id+"invalid-default: GET with every argument valid is still 400 "+codeInvalidParam+
					" naming the arguments whose default or path value fails their own schema (WordPress validates defaults too)",
					always, "", "")
				return
			}
			check(t, r, r.Status < 500 && r.code() != "rest_no_route" && r.code() != codeInvalidParam && r.code() != codeMissingParam,
				id+"served: GET with arguments the published schema accepts is served: no rest_no_route, no refused argument, no server error",
				"%d %s", r.Status, clip(r.Body, 200))
		}
	})
}

// argPlan is what the suite sends an endpoint: a value WordPress accepts for each
// argument it can make one for (valid), the required ones, those WordPress refuses
// whatever is sent (a default or path value failing its own schema: always), and the
// first argument whose validity it cannot tell (unknown) or required one it cannot
// make a value for (cannot).
type argPlan struct {
	valid            map[string]any
	required, always []string
	unknown, cannot  string
}

func planArgs(ep pluginEndpoint, params map[string]string) argPlan {
	pl := argPlan{valid: map[string]any{}}
	judge := func(name string, a map[string]any, v any) {
		switch validate(a, v) {
		case "":
		case "?":
			pl.unknown = name
		default:
			pl.always = append(pl.always, name)
		}
	}
	for _, name := range ep.order {
		a := ep.args[name]
		if v, inPath := params[name]; inPath {
			judge(name, a, v)
			continue
		}
		d, hasDefault := a["default"]
		if hasDefault {
			judge(name, a, d)
		}
		v, ok := acceptable(a)
		if ok {
			pl.valid[name] = v
		}
		if a["required"] == true && !hasDefault {
			pl.required = append(pl.required, name)
			if !ok {
				pl.cannot = name
			}
		}
	}
	return pl
}

// wantRefused checks a rest_invalid_param answer: exactly the arguments named are in
// data.params, and data.details.<arg>.code is code.
func wantRefused(t T, r *Result, rule string, names []string, arg, code string) {
	t.Helper()
	if !wantError(t, r, http.StatusBadRequest, codeInvalidParam, rule) {
		return
	}
	got, _ := at(r.JSON(), "data.params")
	want := slices.Clone(names)
	slices.Sort(want)
	ok := slices.Equal(keysOf(got), want)
	if ok && arg != "" {
		c, _ := at(r.JSON(), "data.details."+arg+".code")
		ok = c == code
	}
	check(t, r, ok, rule, "data.params %s, data.details %s; want the arguments %v", show(got, true), clip(mustMarshal(at(r.JSON(), "data.details")), 200), want)
}

func mustMarshal(v any, _ bool) []byte { b, _ := json.Marshal(v); return b }

// without is a copy of m without the keys drop.
func without(m map[string]any, drop []string) map[string]any {
	out := make(map[string]any, len(m))
	for k, v := range m {
		if !slices.Contains(drop, k) {
			out[k] = v
		}
	}
	return out
}
