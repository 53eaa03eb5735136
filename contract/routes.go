package contract

import (
	"fmt"
	"net/http"
	"strings"
)

// The routes group: every row of the specification's route table answers (with
// anything but rest_no_route), and what is not in it does not. Ids that cannot exist
// (999999999) make each route answer without touching or needing any content.

const missingID = "999999999"

// specRoutes is the route table of the specification (§4.1) plus the OPTIONS rows.
var specRoutes = []struct{ method, path string }{
	{"GET", "/wp/v2/posts"}, {"GET", "/wp/v2/posts/{id}"}, {"POST", "/wp/v2/posts"}, {"POST", "/wp/v2/posts/{id}"}, {"DELETE", "/wp/v2/posts/{id}"},
	{"GET", "/wp/v2/media"}, {"GET", "/wp/v2/media/{id}"}, {"POST", "/wp/v2/media"}, {"POST", "/wp/v2/media/{id}"}, {"DELETE", "/wp/v2/media/{id}"},
	{"GET", "/wp/v2/users"}, {"GET", "/wp/v2/users/{id}"}, {"POST", "/wp/v2/users"}, {"POST", "/wp/v2/users/{id}"}, {"DELETE", "/wp/v2/users/{id}"},
	{"GET", "/wp/v2/tags"}, {"GET", "/wp/v2/tags/{id}"}, {"POST", "/wp/v2/tags"}, {"POST", "/wp/v2/tags/{id}"}, {"DELETE", "/wp/v2/tags/{id}"},
	{"GET", "/wp/v2/categories"}, {"GET", "/wp/v2/categories/{id}"}, {"POST", "/wp/v2/categories"}, {"POST", "/wp/v2/categories/{id}"}, {"DELETE", "/wp/v2/categories/{id}"},
	{"GET", "/wp/v2/posts/{id}/meta"}, {"GET", "/wp/v2/posts/{id}/meta/{id}"}, {"POST", "/wp/v2/posts/{id}/meta"}, {"POST", "/wp/v2/posts/{id}/meta/{id}"}, {"DELETE", "/wp/v2/posts/{id}/meta/{id}"},
	{"GET", "/wp/v2/posts/{id}/revisions"}, {"GET", "/wp/v2/posts/{id}/revisions/{id}"}, {"DELETE", "/wp/v2/posts/{id}/revisions/{id}"},
	{"GET", "/wp/v2/types"}, {"GET", "/wp/v2/types/post"}, {"GET", "/wp/v2/taxonomies"}, {"GET", "/wp/v2/taxonomies/category"},
	{"GET", "/wp/v2/statuses"}, {"GET", "/wp/v2/statuses/publish"},
	{"OPTIONS", "/wp/v2/posts"}, {"OPTIONS", "/wp/v2/media"}, {"OPTIONS", "/wp/v2/users"}, {"OPTIONS", "/wp/v2/tags"},
	{"OPTIONS", "/wp/v2/categories"}, {"OPTIONS", "/wp/v2/posts/{id}/meta"}, {"OPTIONS", "/wp/v2/posts/{id}/revisions"},
	{"OPTIONS", "/wp/v2/types"}, {"OPTIONS", "/wp/v2/taxonomies"}, {"OPTIONS", "/wp/v2/statuses"},
}

func isMetaPath(p string) bool { return strings.Contains(p, "/meta") }

func init() {
	register("routes", false, func(s *Suite, t T) {
		anon := s.as(anonymous)
		for _, rt := range specRoutes {
			if isMetaPath(rt.path) && !s.caps.meta {
				continue // reported by the meta group
			}
			path := strings.ReplaceAll(rt.path, "{id}", missingID)
			var r *Result
			if rt.method == http.MethodPost {
				r = anon.send(t, rt.method, path, map[string]any{})
			} else {
				r = anon.do(t, rt.method, path, nil)
			}
			rule := "routes/" + strings.ToLower(rt.method) + "-" + routeSlug(rt.path) + ": route " + rt.method + " " + rt.path + " exists (spec §4.1)"
			check(t, r, r.code() != "rest_no_route" && r.Status != http.StatusMethodNotAllowed, rule,
				"status %d %s", r.Status, r.code())
			if rt.method == http.MethodOptions {
				wantStatus(t, r, http.StatusOK, "routes/options/200: OPTIONS "+rt.path+" answers 200 with the route's description")
				wantValue(t, r, "namespace", "wp/v2", "routes/options/namespace: OPTIONS "+rt.path+" names the namespace wp/v2")
			}
		}
		for _, c := range []struct{ method, path, why string }{
			{"GET", "/wp/v2/nope", "an unknown path"},
			{"PUT", "/wp/v2/posts", "a method the route does not have (never 405)"},
			{"DELETE", "/wp/v2/types/post", "a method the route does not have"},
			{"POST", "/wp/v2/statuses", "a read-only collection"},
			{"GET", "/wp/v2/posts/abc", "a non-numeric id"},
			{"GET", "/wp/v2/users/abc", "a non-numeric id"},
			{"GET", "/wp/v3/posts", "another version"},
			{"POST", "/wp/v2/nope", "an unknown collection"},
			{"DELETE", "/wp/v2/nope/" + missingID, "an unknown item route"},
			{"POST", "/wp/v2/statuses/draft", "statuses cannot be changed"},
			{"DELETE", "/wp/v2/statuses/draft", "statuses cannot be deleted"},
			{"POST", "/wp/v2/types", "post types cannot be created"},
			{"POST", "/wp/v2/types/post", "post types cannot be changed"},
			{"POST", "/wp/v2/taxonomies", "taxonomies cannot be created"},
			{"POST", "/wp/v2/taxonomies/category", "taxonomies cannot be changed"},
			{"DELETE", "/wp/v2/taxonomies/category", "taxonomies cannot be deleted"},
			{"POST", "/wp/v2/posts/" + missingID + "/revisions", "revisions cannot be created"},
			{"POST", "/wp/v2/posts/" + missingID + "/revisions/" + missingID, "revisions cannot be changed"},
		} {
			r := anon.do(t, c.method, c.path, nil)
			wantError(t, r, http.StatusNotFound, "rest_no_route", "routes/no-route: "+c.why+" gives 404 rest_no_route")
		}
		// both URL forms and a trailing slash reach the same route
		pretty := anon.get(t, "/wp/v2/types/post")
		slash := anon.get(t, "/wp/v2/types/post/")
		check(t, slash, slash.Status == pretty.Status && jsonEqual(slash.JSON(), pretty.JSON()),
			"routes/trailing-slash: a trailing slash is ignored", "status %d vs %d", slash.Status, pretty.Status)
		lower, upper := anon.get(t, "/wp/v2/types"), anon.get(t, "/WP/V2/TYPES")
		check(t, upper, upper.Status == lower.Status && jsonEqual(upper.JSON(), lower.JSON()), "routes/case-insensitive: routes match case-insensitively",
			"status %d vs %d", upper.Status, lower.Status)
		r := s.restRoute(t, anonymous, "/wp/v2/types/post")
		check(t, r, r.Status == pretty.Status && jsonEqual(r.JSON(), pretty.JSON()),
			"routes/rest-route-param: ?rest_route=/wp/v2/... answers like /wp-json/wp/v2/...", "status %d vs %d", r.Status, pretty.Status)
		if !s.caps.meta {
			t.Logf("routes: the post meta routes are absent (not in WordPress core); the meta group reports them")
		}
		t.Run("index", func(t T) { indexRules(s, t) })
	})
}

// indexRules checks the API root and the wp/v2 namespace index (WP_REST_Server::get_index
// and get_namespace_index).
func indexRules(s *Suite, t T) {
	anon := s.as(anonymous)
	root := anon.get(t, "/")
	wantKeysInclude(t, root, "", []string{"name", "description", "url", "home", "gmt_offset", "timezone_string", "namespaces", "authentication", "routes",
		"site_logo", "site_icon", "site_icon_url", "_links"}, "index/keys: the API root has the site's name, description, url, home, time zone, namespaces, authentication, routes and icons")
	wantValue(t, root, "_links.help", []any{map[string]any{"href": "https://developer.wordpress.org/rest-api/"}}, "index/help-link: the API root links to the REST API handbook (help)")
	posts, _ := at(root.JSON(), "routes./wp/v2/posts")
	entry, _ := posts.(map[string]any)
	check(t, root, entry != nil && entry["namespace"] == "wp/v2" && jsonEqual(entry["methods"], []any{"GET", "POST"}) &&
		jsonEqual(entry["_links"], map[string]any{"self": []any{map[string]any{"href": s.url("/wp/v2/posts")}}}),
		"index/route-entry: the index's entry for /wp/v2/posts has namespace wp/v2, methods [GET POST] and a self link to the route", "%s", oneLine(fmt.Sprint(entry["namespace"], entry["methods"], entry["_links"]), 300))
	viaParam := s.restRoute(t, anonymous, "/")
	check(t, viaParam, viaParam.Status == http.StatusOK && jsonEqual(viaParam.JSON(), root.JSON()),
		"index/rest-route: the site root with ?rest_route=/ answers the API root's index", "%d %s", viaParam.Status, clip(viaParam.Body, 80))
	wantKeys(t, anon.get(t, "/?_fields=_links"), "", []string{"_links"}, "index/fields: _fields=_links on the API root keeps only the links")
	wantKeysInclude(t, anon.get(t, "/?_fields=name"), "", []string{"name"}, "index/fields: _fields=name on the API root keeps name")
	ns := anon.get(t, "/wp/v2")
	wantKeys(t, ns, "", []string{"namespace", "routes", "_links"}, "index/namespace: GET /wp/v2 is the namespace's index: namespace, routes, _links")
	wantValue(t, ns, "namespace", "wp/v2", "index/namespace: the namespace index names wp/v2")
	wantValue(t, ns, "_links.up", []any{map[string]any{"href": s.cfg.URL + "/"}}, "index/namespace: the namespace index links up to the API root")
	var foreign []string
	for _, k := range keysOf(ns.object()["routes"]) {
		if !strings.HasPrefix(k, "/wp/v2") {
			foreign = append(foreign, k)
		}
	}
	_, hasPosts := at(ns.JSON(), "routes./wp/v2/posts")
	check(t, ns, hasPosts && len(foreign) == 0, "index/namespace: the namespace index lists the namespace's routes (/wp/v2/posts among them) and no other namespace's",
		"has /wp/v2/posts %v, other routes %v", hasPosts, foreign)
}

// restRoute requests a route through the site root's ?rest_route= parameter.
func (s *Suite) restRoute(t T, acc *account, route string) *Result {
	site := strings.TrimSuffix(s.cfg.URL, "/wp-json")
	sub := &Suite{cfg: s.cfg, client: s.client}
	sub.cfg.URL = site
	return sub.as(acc).get(t, "/?rest_route="+route)
}
