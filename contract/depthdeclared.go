package contract

import (
	"fmt"
	"maps"
	"net/http"
	"regexp"
	"slices"
	"strconv"
	"strings"
)

// The declared group: every route the site's index lists (core's and the site's own)
// whose GET takes a context answers, in each context its context argument's enum
// names, the properties its own schema (OPTIONS on the route) declares in that context
// and nothing else: rest_filter_response_by_context drops what a context does not
// declare, and a controller's prepare_item_for_response fills what its schema has
// (issue 48). An undeclared field fails under declared/<route>/<context> naming the
// key; a declared one the answer lacks under declared/<route>/<context>-lacks. A route
// the suite cannot read (its path needs an item it cannot find, its GET needs other
// arguments, or it reaches wordpress.org) is reported skipped with the reason.

// remoteRoutes reach wordpress.org or another site when read: not asked, as the
// machine the suite runs on may have no way out.
var remoteRoutes = regexp.MustCompile(`^/wp/v2/(pattern-directory|block-directory|font-collections)`)

// sometimesAbsent are properties core declares but sends only on some answers.
var sometimesAbsent = []absentKey{
	// WP_REST_Templates_Controller::prepare_item_for_response sends plugin only for a
	// template a plugin registered (register_block_template, 6.7)
	{regexp.MustCompile(`^/wp/v2/(templates|template-parts)\b`), "plugin"},
	// WP_REST_Application_Passwords_Controller sends the password only in the answer to
	// the request that creates it (new_password)
	{regexp.MustCompile(`/application-passwords\b`), "password"},
}

// absentKey is a property a route (its pattern matching route) may leave out.
type absentKey struct {
	route *regexp.Regexp
	key   string
}

// readQueries are arguments a route is read with. The search lists only core's post
// types: the OpenAPI document every answer is checked against (fixtures/openapi.json)
// names core's subtypes, and a site's own type would fail it, not this group's rules.
var readQueries = map[string]string{"/wp/v2/search": "subtype=post,page"}

func init() {
	register("declared", false, func(s *Suite, t T) {
		acc := s.admin()
		if s.anonymousOnly {
			acc = anonymous
		}
		idx := s.as(acc).get(t, "/")
		routes, _ := idx.object()["routes"].(map[string]any)
		if len(routes) == 0 {
			t.Skipf("the index (GET /) lists no routes")
		}
		d := &declaredRun{s: s, acc: acc, ids: map[string]string{}}
		for _, p := range slices.Sorted(maps.Keys(routes)) {
			d.route(t, p, routes[p])
		}
	})
}

type declaredRun struct {
	s   *Suite
	acc *account
	ids map[string]string // a resolved path prefix's first item id, "" when none
}

// route checks one route of the index.
func (d *declaredRun) route(t T, pattern string, data any) {
	eps, _ := at(data, "endpoints")
	var args map[string]any
	for _, ep := range asAnyList(eps) {
		ms, _ := at(ep, "methods")
		if slices.Contains(asAnyList(ms), any(http.MethodGet)) {
			a, _ := at(ep, "args")
			args, _ = a.(map[string]any)
		}
	}
	enum, _ := at(args, "context.enum")
	ctxs := asAnyList(enum)
	if len(ctxs) == 0 {
		return // no GET, or a GET that does not filter by context: nothing declared per context
	}
	id := "declared/" + routeSlug(paramNames.ReplaceAllString(pattern, "{$1}"))
	why := ""
	for name, a := range args {
		if req, _ := at(a, "required"); req == true && !strings.Contains(pattern, "<"+name+">") {
			why = "its GET requires " + name
		}
	}
	path, ok := d.resolve(t, pattern)
	switch {
	case remoteRoutes.MatchString(pattern):
		why = "it reaches wordpress.org or another site when read"
	case why == "" && !ok:
		why = "the suite found no item to read under " + pattern
	}
	if why != "" {
		skipRule(t, id+"/view: "+pattern+" answers what its schema declares", why)
		return
	}
	o := d.s.as(d.acc).do(t, http.MethodOptions, path, nil)
	props, _ := at(o.JSON(), "schema.properties")
	pm, _ := props.(map[string]any)
	if len(pm) == 0 {
		skipRule(t, id+"/view: "+pattern+" answers what its schema declares", "OPTIONS "+path+" publishes no schema properties")
		return
	}
	for _, c := range ctxs {
		ctx := fmt.Sprint(c)
		if d.acc == anonymous && ctx == "edit" {
			continue
		}
		q := "?context=" + ctx
		if extra, ok := readQueries[pattern]; ok {
			q += "&" + extra
		}
		r := d.s.as(d.acc).get(t, path+q)
		if r.Status == http.StatusOK && string(r.Body) == "[]" && d.fill(t, pattern) {
			r = d.s.as(d.acc).get(t, path+q)
		}
		if r.Status == http.StatusOK && string(r.Body) == "[]" {
			skipRule(t, id+"/"+ctx+": "+pattern+" answers what its schema declares", "GET "+path+q+" lists nothing to check")
			continue
		}
		if r.Status != http.StatusOK {
			skipRule(t, id+"/"+ctx+": "+pattern+" answers what its schema declares", fmt.Sprintf("GET %s?context=%s answered %d %s", path, ctx, r.Status, r.code()))
			continue
		}
		for _, item := range itemsOf(r.JSON()) {
			extra, lacks := declaredDiff(item, pm, ctx)
			lacks = slices.DeleteFunc(lacks, func(k string) bool {
				return slices.ContainsFunc(sometimesAbsent, func(a absentKey) bool { return a.key == k && a.route.MatchString(pattern) })
			})
			check(t, r, len(extra) == 0, id+"/"+ctx+": "+pattern+" answers in the "+ctx+" context only the properties its schema declares there (OPTIONS "+path+")",
				"undeclared %v", extra)
			check(t, r, len(lacks) == 0, id+"/"+ctx+"-lacks: "+pattern+" answers in the "+ctx+" context every property its schema declares there (OPTIONS "+path+")",
				"lacks %v", lacks)
		}
	}
}

// fill creates an item in the collection of a post type or taxonomy of the site's own,
// when the run may write, so an empty collection still has an item to check.
func (d *declaredRun) fill(t T, route string) bool {
	if d.s.cfg.ReadOnly || d.s.anonymousOnly {
		return false
	}
	body := map[string]any{}
	for _, st := range d.s.customTypes(t) {
		if st.route() == route {
			body = map[string]any{"title": d.s.name("declared"), "status": "publish"}
		}
	}
	for _, tx := range d.s.customTaxonomies(t) {
		if tx.route() == route {
			body = map[string]any{"name": d.s.name("declared")}
		}
	}
	if len(body) == 0 {
		return false
	}
	_, why := d.s.tryCreate(t, nil, route, body)
	return why == ""
}

// itemsOf are the objects an answer holds: a list's first elements, a registry's
// entries (an object keyed by slug, as /types answers), or the object itself.
func itemsOf(v any) []map[string]any {
	var out []map[string]any
	if l, ok := v.([]any); ok {
		for _, x := range l[:min(len(l), 3)] {
			if m, ok := x.(map[string]any); ok {
				out = append(out, m)
			}
		}
		return out
	}
	m, _ := v.(map[string]any)
	registry := len(m) > 0
	for _, x := range m {
		if _, isObj := x.(map[string]any); !isObj {
			registry = false
		}
	}
	if !registry {
		return append(out, m)
	}
	for _, k := range slices.Sorted(maps.Keys(m))[:min(len(m), 3)] {
		out = append(out, m[k].(map[string]any))
	}
	return out
}

// declaredDiff: the keys of item not declared in ctx, and the declared ones it lacks.
func declaredDiff(item, props map[string]any, ctx string) (extra, lacks []string) {
	for k := range item {
		p, ok := props[k].(map[string]any)
		if k != "_links" && k != "_embedded" && (!ok || !inContext(p, ctx)) {
			extra = append(extra, k)
		}
	}
	for k, p := range props {
		if pm, _ := p.(map[string]any); inContext(pm, ctx) {
			if _, ok := item[k]; !ok {
				lacks = append(lacks, k)
			}
		}
	}
	slices.Sort(extra)
	slices.Sort(lacks)
	return extra, lacks
}

// paramNames finds a route pattern's named groups' names, for rule ids.
var paramNames = regexp.MustCompile(`\(\?P<(\w+)>(?:[^()]|\((?:[^()]|\([^()]*\))*\))*\)`)

// resolve fills each named group of pattern with an id the prefix before it lists
// (its first item's id, slug or name, as the group's expression accepts), so the
// route can be read.
func (d *declaredRun) resolve(t T, pattern string) (string, bool) {
	path := ""
	rest := pattern
	for {
		loc := paramNames.FindStringSubmatchIndex(rest)
		if loc == nil {
			return path + rest, true
		}
		prefix := path + rest[:loc[0]]
		expr := rest[loc[0]:loc[1]]
		expr = expr[strings.Index(expr, ">")+1 : len(expr)-1]
		id, ok := d.firstID(t, strings.TrimSuffix(prefix, "/"), expr)
		if !ok {
			return "", false
		}
		path, rest = prefix+id, rest[loc[1]:]
	}
}

// firstID is the id of the first item the collection at prefix lists that expr accepts.
func (d *declaredRun) firstID(t T, prefix, expr string) (string, bool) {
	key := prefix + " " + expr
	if id, seen := d.ids[key]; seen {
		return id, id != ""
	}
	re, err := regexp.Compile(`^(?:` + expr + `)$`)
	accept := func(s string) bool { return s != "" && (err != nil || re.MatchString(s)) }
	var found string
	r := d.s.as(d.acc).get(t, prefix+"?per_page=5")
	if r.Status == http.StatusOK {
		var cands []string
		if l, ok := r.JSON().([]any); ok {
			for _, x := range l {
				for _, f := range []string{"id", "slug", "name", "location"} {
					if v, ok := at(x, f); ok && v != nil {
						s := fmt.Sprint(v)
						if n, isNum := v.(float64); isNum {
							s = strconv.FormatFloat(n, 'f', -1, 64)
						}
						cands = append(cands, s)
						cands = append(cands, strings.Split(s, "/")...)
					}
				}
			}
		} else if m, ok := r.JSON().(map[string]any); ok {
			cands = slices.Sorted(maps.Keys(m))
		}
		for _, c := range cands {
			if accept(c) {
				found = c
				break
			}
		}
	}
	d.ids[key] = found
	return found, found != ""
}
