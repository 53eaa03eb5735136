package contract

import (
	"fmt"
	"maps"
	"net/http"
	"slices"
	"sort"
	"strconv"
	"strings"
)

// The schemas group: OPTIONS on every collection and item route of the spec describes
// the route as WordPress 6.1 does (rest_handle_options_request → get_data_for_route in
// "help" context): its namespace, its methods, each endpoint's methods and arguments,
// the key facts of the collection arguments (defaults, bounds, enums) and the item
// schema (title, properties, each property's type and contexts). Ids that cannot
// exist are fine: OPTIONS matches the route pattern, not an object.

// endpointArgs is one endpoint of a route: its methods and its arguments' names.
type endpointArgs struct {
	methods []string
	args    words
}

var (
	postsListArgs = w("context page per_page search after modified_after author author_exclude before modified_before exclude include offset order orderby slug status tax_relation categories categories_exclude tags tags_exclude sticky",
		since(wp62, "search_columns"), since(wp67, "format search_semantics"), since(wp68, "ignore_sticky"))
	postsItemArgs = w("id context password", since(wp66, "excerpt_length"))
	postsWrite    = w("date date_gmt slug status password title content author excerpt featured_media comment_status ping_status format meta sticky template categories tags")
	mediaListArgs = w("context page per_page search after modified_after author author_exclude before modified_before exclude include offset order orderby parent parent_exclude slug status media_type mime_type",
		since(wp62, "search_columns"), since(wp67, "search_semantics"))
	mediaWrite = w("date date_gmt slug status title author comment_status ping_status meta template alt_text caption description post",
		since(wp65, "featured_media"))
	mediaCreate   = w(mediaWrite.base, append(mediaWrite.changes, since(wp71, "generate_sub_sizes convert_format url"))...)
	usersListArgs = w("context page per_page search exclude include offset order orderby slug roles capabilities who has_published_posts",
		since(wp68, "search_columns"))
	usersWrite   = w("username name first_name last_name email url description locale nickname slug roles password meta")
	tagsListArgs = w("context page per_page search exclude include offset order orderby hide_empty post slug")
	catsListArgs = w("context page per_page search exclude include order orderby hide_empty parent post slug")
	termWrite    = w("description name slug meta")
	revListArgs  = w("parent context page per_page search exclude include offset order orderby")
)

// args is a fixed argument list, the same in every version.
func args(list string) words { return w(list) }

var (
	methodsGet       = []string{"GET"}
	methodsGetPost   = []string{"GET", "POST"}
	methodsItem      = []string{"GET", "POST", "PUT", "PATCH", "DELETE"}
	updateMethods    = []string{"POST", "PUT", "PATCH"}
	methodsGetDelete = []string{"GET", "DELETE"}
)

// optionsRoute is what OPTIONS on one route must describe.
type optionsRoute struct {
	path      string // concrete path, ids replaced by ones that cannot exist
	pattern   string // how the rules name it
	methods   []string
	endpoints []endpointArgs
	title     string // schema title
}

var optionsRoutes = []optionsRoute{
	{"/wp/v2/posts", "/wp/v2/posts", methodsGetPost, []endpointArgs{{methodsGet, postsListArgs}, {[]string{"POST"}, postsWrite}}, "post"},
	{"/wp/v2/posts/" + missingID, "/wp/v2/posts/{id}", methodsItem, []endpointArgs{{methodsGet, postsItemArgs}, {updateMethods, postsWrite.plus("id")}, {[]string{"DELETE"}, args("id force")}}, "post"},
	{"/wp/v2/media", "/wp/v2/media", methodsGetPost, []endpointArgs{{methodsGet, mediaListArgs}, {[]string{"POST"}, mediaCreate}}, "attachment"},
	{"/wp/v2/media/" + missingID, "/wp/v2/media/{id}", methodsItem, []endpointArgs{{methodsGet, args("id context")}, {updateMethods, mediaWrite.plus("id")}, {[]string{"DELETE"}, args("id force")}}, "attachment"},
	{"/wp/v2/users", "/wp/v2/users", methodsGetPost, []endpointArgs{{methodsGet, usersListArgs}, {[]string{"POST"}, usersWrite}}, "user"},
	{"/wp/v2/users/" + missingID, "/wp/v2/users/{id}", methodsItem, []endpointArgs{{methodsGet, args("id context")}, {updateMethods, usersWrite.plus("id")}, {[]string{"DELETE"}, args("id force reassign")}}, "user"},
	{"/wp/v2/tags", "/wp/v2/tags", methodsGetPost, []endpointArgs{{methodsGet, tagsListArgs}, {[]string{"POST"}, termWrite}}, "tag"},
	{"/wp/v2/tags/" + missingID, "/wp/v2/tags/{id}", methodsItem, []endpointArgs{{methodsGet, args("id context")}, {updateMethods, termWrite.plus("id")}, {[]string{"DELETE"}, args("id force")}}, "tag"},
	{"/wp/v2/categories", "/wp/v2/categories", methodsGetPost, []endpointArgs{{methodsGet, catsListArgs}, {[]string{"POST"}, termWrite.plus("parent")}}, "category"},
	{"/wp/v2/categories/" + missingID, "/wp/v2/categories/{id}", methodsItem, []endpointArgs{{methodsGet, args("id context")}, {updateMethods, termWrite.plus("id parent")}, {[]string{"DELETE"}, args("id force")}}, "category"},
	{"/wp/v2/posts/" + missingID + "/revisions", "/wp/v2/posts/{parent}/revisions", methodsGet, []endpointArgs{{methodsGet, revListArgs}}, "post-revision"},
	{"/wp/v2/posts/" + missingID + "/revisions/" + missingID, "/wp/v2/posts/{parent}/revisions/{id}", methodsGetDelete, []endpointArgs{{methodsGet, args("parent id context")}, {[]string{"DELETE"}, args("parent id force")}}, "post-revision"},
	{"/wp/v2/types", "/wp/v2/types", methodsGet, []endpointArgs{{methodsGet, args("context")}}, "type"},
	{"/wp/v2/types/post", "/wp/v2/types/{type}", methodsGet, []endpointArgs{{methodsGet, args("type context")}}, "type"},
	{"/wp/v2/taxonomies", "/wp/v2/taxonomies", methodsGet, []endpointArgs{{methodsGet, args("context type")}}, "taxonomy"},
	{"/wp/v2/taxonomies/category", "/wp/v2/taxonomies/{taxonomy}", methodsGet, []endpointArgs{{methodsGet, args("taxonomy context")}}, "taxonomy"},
	{"/wp/v2/statuses", "/wp/v2/statuses", methodsGet, []endpointArgs{{methodsGet, args("context")}}, "status"},
	{"/wp/v2/statuses/publish", "/wp/v2/statuses/{status}", methodsGet, []endpointArgs{{methodsGet, args("status context")}}, "status"},
}

// schemaProps is an item schema: property → "type contexts" where type is one JSON
// schema type, or several joined by "|" (a list), or "[t]" (a list of one type), and contexts are the property's context list
// (compared as a set; "-" is the empty list).
type schemaProps map[string]string

const (
	ctxAll      = "view,edit,embed"
	ctxViewEdit = "view,edit"
	ctxEdit     = "edit"
)

var postDateProps = schemaProps{"date": "string|null " + ctxAll, "date_gmt": "string|null " + ctxViewEdit, "guid": "object " + ctxViewEdit,
	"id": "integer " + ctxAll, "link": "string " + ctxAll, "modified": "string " + ctxViewEdit, "modified_gmt": "string " + ctxViewEdit,
	"slug": "string " + ctxAll, "status": "string " + ctxViewEdit, "type": "string " + ctxAll, "permalink_template": "string " + ctxEdit,
	"generated_slug": "string " + ctxEdit, "title": "object " + ctxAll, "author": "integer " + ctxAll, "comment_status": "string " + ctxViewEdit,
	"ping_status": "string " + ctxViewEdit, "meta": "object " + ctxViewEdit, "template": "string " + ctxViewEdit}

func withProps(base schemaProps, more schemaProps) schemaProps {
	out := schemaProps{}
	for k, v := range base {
		out[k] = v
	}
	for k, v := range more {
		out[k] = v
	}
	return out
}

var termProps = schemaProps{"id": "integer " + ctxAll, "count": "integer " + ctxViewEdit, "description": "string " + ctxViewEdit, "link": "string " + ctxAll,
	"name": "string " + ctxAll, "slug": "string " + ctxAll, "taxonomy": "string " + ctxAll, "meta": "object " + ctxViewEdit}

// itemSchemas are the schemas of WordPress 6.1, by the route that is asked;
// schemaChanges has what later versions add.
var itemSchemas = map[string]schemaProps{
	"/wp/v2/posts": withProps(postDateProps, schemaProps{"password": "string " + ctxEdit, "content": "object " + ctxViewEdit,
		"excerpt": "object " + ctxAll, "featured_media": "integer " + ctxAll, "format": "string " + ctxViewEdit, "sticky": "boolean " + ctxViewEdit,
		"categories": "array " + ctxViewEdit, "tags": "array " + ctxViewEdit}),
	"/wp/v2/media": withProps(postDateProps, schemaProps{"alt_text": "string " + ctxAll, "caption": "object " + ctxAll,
		"description": "object " + ctxViewEdit, "media_type": "string " + ctxAll, "mime_type": "string " + ctxAll, "media_details": "object " + ctxAll,
		"post": "integer " + ctxViewEdit, "source_url": "string " + ctxAll, "missing_image_sizes": "array " + ctxEdit}),
	"/wp/v2/users": {"id": "integer " + ctxAll, "username": "string " + ctxEdit, "name": "string " + ctxAll, "first_name": "string " + ctxEdit,
		"last_name": "string " + ctxEdit, "email": "string " + ctxEdit, "url": "string " + ctxAll, "description": "string " + ctxAll,
		"link": "string " + ctxAll, "locale": "string " + ctxEdit, "nickname": "string " + ctxEdit, "slug": "string " + ctxAll,
		"registered_date": "string " + ctxEdit, "roles": "array " + ctxEdit, "password": "string -", "capabilities": "object " + ctxEdit,
		"extra_capabilities": "object " + ctxEdit, "avatar_urls": "object " + ctxAll, "meta": "object " + ctxViewEdit},
	"/wp/v2/tags":       termProps,
	"/wp/v2/categories": withProps(termProps, schemaProps{"parent": "integer " + ctxViewEdit}),
	"/wp/v2/posts/" + missingID + "/revisions": {"author": "integer " + ctxAll, "date": "string " + ctxAll, "date_gmt": "string " + ctxViewEdit,
		"guid": "object " + ctxViewEdit, "id": "integer " + ctxAll, "modified": "string " + ctxViewEdit, "modified_gmt": "string " + ctxViewEdit,
		"parent": "integer " + ctxAll, "slug": "string " + ctxAll, "title": "object " + ctxAll, "content": "object " + ctxViewEdit, "excerpt": "object " + ctxAll},
	"/wp/v2/types": {"capabilities": "object " + ctxEdit, "description": "string " + ctxViewEdit, "hierarchical": "boolean " + ctxViewEdit,
		"viewable": "boolean " + ctxEdit, "labels": "object " + ctxEdit, "name": "string " + ctxAll, "slug": "string " + ctxAll,
		"supports": "object " + ctxEdit, "has_archive": "string|boolean " + ctxViewEdit, "taxonomies": "array " + ctxViewEdit,
		"rest_base": "string " + ctxAll, "rest_namespace": "string " + ctxAll, "visibility": "object " + ctxEdit, "icon": "string|null " + ctxAll},
	"/wp/v2/taxonomies": {"capabilities": "object " + ctxEdit, "description": "string " + ctxViewEdit, "hierarchical": "boolean " + ctxViewEdit,
		"labels": "object " + ctxEdit, "name": "string " + ctxAll, "slug": "string " + ctxAll, "show_cloud": "boolean " + ctxEdit,
		"types": "array " + ctxViewEdit, "rest_base": "string " + ctxAll, "rest_namespace": "string " + ctxAll, "visibility": "object " + ctxEdit},
	"/wp/v2/statuses": {"name": "string " + ctxAll, "private": "boolean " + ctxEdit, "protected": "boolean " + ctxEdit, "public": "boolean " + ctxViewEdit,
		"queryable": "boolean " + ctxViewEdit, "show_in_list": "boolean " + ctxEdit, "slug": "string " + ctxAll, "date_floating": "boolean " + ctxViewEdit},
}

// listFacts are the collection arguments' key facts: argument → JSON of the fields
// that must be there (descriptions left out).
var listFacts = map[string]map[string]map[string]any{
	"/wp/v2/posts": {"order": orderArg("desc"), "orderby": orderby("date", "author date id include modified parent relevance slug include_slugs title"),
		"status": {"type": "array", "default": "publish", "items": map[string]any{"type": "string", "enum": listStatuses}},
		"sticky": {"type": "boolean"}, "include": intList(), "after": {"type": "string", "format": "date-time"}},
	"/wp/v2/media": {"order": orderArg("desc"), "orderby": orderby("date", "author date id include modified parent relevance slug include_slugs title"),
		"status":     {"type": "array", "default": "inherit", "items": map[string]any{"type": "string", "enum": splitWords("inherit private trash")}},
		"media_type": {"type": "string", "default": nil, "enum": splitWords("image video text application audio")}, "parent": intList()},
	"/wp/v2/users": {"order": orderArg("asc"), "orderby": orderby("name", "id include name registered_date slug include_slugs email url"),
		"who": {"type": "string", "enum": splitWords("authors")}, "roles": {"type": "array", "items": map[string]any{"type": "string"}}},
	"/wp/v2/tags": {"order": orderArg("asc"), "orderby": orderby("name", "id include name slug include_slugs term_group description count"),
		"hide_empty": {"type": "boolean", "default": false}, "post": {"type": "integer", "default": nil}},
	"/wp/v2/categories": {"order": orderArg("asc"), "orderby": orderby("name", "id include name slug include_slugs term_group description count"),
		"hide_empty": {"type": "boolean", "default": false}, "parent": {"type": "integer"}},
	"/wp/v2/posts/" + missingID + "/revisions": {"order": orderArg("desc"), "orderby": orderby("date", "date id include relevance slug include_slugs title"),
		"per_page": {"type": "integer", "minimum": 1, "maximum": 100}},
}

// listStatuses are the statuses the posts list's status argument takes on a site that
// registers none (get_post_stati, then any); itemStatuses those a post may be given
// (get_post_stati(internal: false)).
var (
	listStatuses = splitWords("publish future draft pending private trash auto-draft inherit request-pending request-confirmed request-failed request-completed any")
	itemStatuses = splitWords("publish future draft pending private")
)

// listFactChanges are what later versions change in the collection arguments.
var listFactChanges = map[string][]struct {
	since wpVersion
	facts map[string]map[string]any
}{
	"/wp/v2/media": {{wp69, map[string]map[string]any{ // either may be a list of types
		"media_type": {"type": "array", "default": nil, "items": map[string]any{"type": "string", "enum": splitWords("image video text application audio")}},
		"mime_type":  {"type": "array", "default": nil, "items": map[string]any{"type": "string"}}}}},
}

// listFactsAt are the collection arguments' facts of route in version v.
func listFactsAt(route string, v wpVersion) (map[string]map[string]any, bool) {
	facts, ok := listFacts[route]
	if !ok {
		return nil, false
	}
	out := maps.Clone(facts)
	for _, st := range listFactChanges[route] {
		if v >= st.since {
			maps.Copy(out, st.facts)
		}
	}
	return out, true
}

func splitWords(s string) []string { return strings.Fields(s) }

func orderArg(def string) map[string]any {
	return map[string]any{"type": "string", "default": def, "enum": []string{"asc", "desc"}}
}

func orderby(def, enum string) map[string]any {
	return map[string]any{"type": "string", "default": def, "enum": splitWords(enum)}
}

func intList() map[string]any {
	return map[string]any{"type": "array", "items": map[string]any{"type": "integer"}, "default": []any{}}
}

var contextArg = map[string]any{"type": "string", "enum": []string{"view", "embed", "edit"}, "default": "view", "required": false}

func init() {
	register("schemas", false, func(s *Suite, t T) {
		for _, rt := range optionsRoutes {
			rt := rt
			t.Run(rt.pattern, func(t T) { checkOptions(s, t, rt) })
		}
		t.Run("properties", func(t T) { checkPropertyFacts(s, t) })
		t.Run("links", func(t T) { checkSchemaLinks(s, t) })
	})
}

func checkOptions(s *Suite, t T, rt optionsRoute) {
	r := s.as(anonymous).do(t, http.MethodOptions, rt.path, nil)
	name := "OPTIONS " + rt.pattern
	id := "schemas/" + routeSlug(rt.pattern) + "/"
	if !wantStatus(t, r, http.StatusOK, id+"200: "+name+" answers 200 with the route's description") {
		return
	}
	wantValue(t, r, "namespace", "wp/v2", id+"namespace: "+name+": namespace is \"wp/v2\"")
	wantValue(t, r, "methods", rt.methods, id+"methods: "+name+": methods lists the route's methods in WordPress's order")
	eps, _ := r.object()["endpoints"].([]any)
	check(t, r, len(eps) == len(rt.endpoints), id+"endpoints: "+name+fmtEndpoints(rt), "%d endpoints", len(eps))
	for i, ep := range rt.endpoints {
		if i >= len(eps) {
			break
		}
		p := "endpoints." + strconv.Itoa(i)
		wantValue(t, r, p+".methods", ep.methods, id+"endpoints: "+name+": endpoint "+strconv.Itoa(i)+" serves "+strings.Join(ep.methods, ", "))
		got, _ := at(r.JSON(), p+".args")
		want := ep.args.at(s.wp)
		want = append(want, s.declaredArgs(t, r, rt.pattern, ep, want)...)
		missing, extra := diffSets(want, keysOf(got))
		check(t, r, len(missing)+len(extra) == 0, id+"args-"+strings.ToLower(strings.Join(ep.methods, "-"))+": "+name+": "+strings.Join(ep.methods, "/")+" takes exactly the arguments "+strings.Join(want, " "),
			"missing %v, unexpected %v (WordPress %s)", missing, extra, s.wp)
	}
	if tax, ok := map[string]string{"/wp/v2/tags": "post_tag", "/wp/v2/categories": "category"}[rt.pattern]; ok {
		wantValue(t, r, "schema.properties.taxonomy.enum", []any{tax}, id+"taxonomy-enum: "+name+": the taxonomy property's enum is the route's taxonomy alone ("+tax+")")
	}
	hasPlaceholder := strings.Contains(rt.pattern, "{")
	if hasPlaceholder {
		_, ok := at(r.JSON(), "_links")
		check(t, r, !ok, id+"links: "+name+": a route with a placeholder has no _links (only fixed routes link to themselves)", "_links present")
	} else {
		wantValue(t, r, "_links", map[string]any{"self": []any{map[string]any{"href": s.cfg.URL + rt.path}}},
			id+"links: "+name+": _links.self is the route's own URL (fixed routes only)")
	}
	checkArgFacts(s, t, r, rt)
	s.checkSchema(t, r, rt)
}

// statusArgFact is the posts list's status argument with the site's own statuses in
// its enum; where the suite cannot see them, the enum is left unchecked and the rule
// says it was skipped.
func (s *Suite) statusArgFact(t T, want map[string]any, rule string) (map[string]any, string) {
	t.Helper()
	want = maps.Clone(want)
	enum, note, ok, why := s.withOwnStatuses(t, listStatuses)
	if !ok {
		delete(want, "items")
		skipRule(t, rule+" (status.items)", why)
		return want, rule
	}
	want["items"] = map[string]any{"type": "string", "enum": enum}
	if s.cfg.Strict {
		return want, rule
	}
	return want, rule + " " + note
}

func fmtEndpoints(rt optionsRoute) string {
	var parts []string
	for _, ep := range rt.endpoints {
		parts = append(parts, strings.Join(ep.methods, "/"))
	}
	return ": exactly " + strconv.Itoa(len(rt.endpoints)) + " endpoints (" + strings.Join(parts, "; ") + ")"
}

// endpointFor is the path of the endpoint serving method ("" if none).
func endpointFor(r *Result, method string) string {
	eps, _ := r.object()["endpoints"].([]any)
	for i, ep := range eps {
		ms, _ := at(ep, "methods")
		list, _ := ms.([]any)
		for _, m := range list {
			if m == method {
				return "endpoints." + strconv.Itoa(i)
			}
		}
	}
	return "endpoints.none"
}

// wantArg checks the listed fields of an argument's description.
func wantArg(t T, r *Result, endpoint, arg string, want map[string]any, rule string) {
	t.Helper()
	id, text := splitRule(rule)
	for _, k := range sortedKeys(want) {
		wantValue(t, r, endpoint+".args."+arg+"."+k, want[k], id+": "+text+" ("+arg+"."+k+")")
	}
}

func sortedKeys(m map[string]any) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

func checkArgFacts(s *Suite, t T, r *Result, rt optionsRoute) {
	name := "OPTIONS " + rt.pattern
	id := "schemas/" + routeSlug(rt.pattern) + "/"
	get := endpointFor(r, "GET")
	wantArg(t, r, get, "context", contextArg, id+"arg-context: "+name+": GET takes context, enum [view, embed, edit], default view, not required")
	if facts, ok := listFactsAt(rt.path, s.wp); ok {
		wantArg(t, r, get, "page", map[string]any{"type": "integer", "default": 1, "minimum": 1}, id+"arg-page: "+name+": page is an integer, default 1, minimum 1")
		if _, own := facts["per_page"]; !own {
			wantArg(t, r, get, "per_page", map[string]any{"type": "integer", "default": 10, "minimum": 1, "maximum": 100},
				id+"arg-per_page: "+name+": per_page is an integer, default 10, between 1 and 100")
		} else {
			v, has := at(r.JSON(), get+".args.per_page.default")
			check(t, r, !has, id+"arg-per_page: "+name+": revisions' per_page has no default (all revisions unless asked)", "default %s", show(v, has))
		}
		wantArg(t, r, get, "search", map[string]any{"type": "string"}, id+"arg-search: "+name+": search is a string")
		for _, arg := range sortedKeys(toAny(facts)) {
			rule := id + "arg-" + arg + ": " + name + ": the " + arg + " argument as WordPress " + s.wp.String() + " declares it"
			want := facts[arg]
			if rt.path == "/wp/v2/posts" && arg == "status" {
				want, rule = s.statusArgFact(t, want, rule)
			}
			wantArg(t, r, get, arg, want, rule)
		}
	}
	if del := endpointFor(r, "DELETE"); del != "endpoints.none" {
		wantArg(t, r, del, "force", map[string]any{"type": "boolean", "default": false}, id+"arg-force: "+name+": DELETE takes force, a boolean, default false")
		if strings.HasPrefix(rt.pattern, "/wp/v2/users") {
			wantArg(t, r, del, "reassign", map[string]any{"type": "integer", "required": true}, id+"arg-reassign: "+name+": DELETE requires reassign, an integer")
		}
	}
	if post := endpointFor(r, "POST"); post != "endpoints.none" && !strings.Contains(rt.pattern, "{") {
		var required []string
		switch rt.path {
		case "/wp/v2/users":
			required = []string{"username", "email", "password"}
		case "/wp/v2/tags", "/wp/v2/categories":
			required = []string{"name"}
		}
		args, _ := at(r.JSON(), post+".args")
		var got []string
		for _, k := range keysOf(args) {
			if req, _ := at(args, k+".required"); req == true {
				got = append(got, k)
			}
		}
		missing, extra := diffSets(required, got)
		check(t, r, len(missing)+len(extra) == 0, id+"create-required: "+name+": on create exactly "+fmtList(required)+" are required",
			"missing %v, unexpected %v", missing, extra)
		batch := rt.path != "/wp/v2/media" && (rt.path != "/wp/v2/users" || s.wp >= wp66)
		v, has := at(r.JSON(), get+".allow_batch")
		if batch {
			check(t, r, has && jsonEqual(v, map[string]any{"v1": true}), id+"allow-batch: "+name+": endpoints allow batch requests (allow_batch {\"v1\":true}; users from 6.6)", "allow_batch %s", show(v, has))
		} else {
			check(t, r, !has, id+"allow-batch: "+name+": endpoints have no allow_batch (media never, users before 6.6)", "allow_batch %s", show(v, has))
		}
	}
}

func toAny(m map[string]map[string]any) map[string]any {
	out := map[string]any{}
	for k, v := range m {
		out[k] = v
	}
	return out
}

func fmtList(l []string) string {
	if len(l) == 0 {
		return "none"
	}
	return strings.Join(l, ", ")
}

// schemaChanges are what later versions add to the item schemas, by route.
var schemaChanges = map[string][]propStep{
	"/wp/v2/posts": {{wp66, schemaProps{"class_list": "array " + ctxViewEdit}}},
	"/wp/v2/media": {{wp65, schemaProps{"featured_media": "integer " + ctxAll}}, {wp66, schemaProps{"class_list": "array " + ctxViewEdit}},
		{wp70, schemaProps{"filename": "string " + ctxViewEdit, "filesize": "integer|null " + ctxViewEdit, "exif_orientation": "integer " + ctxEdit}},
		{wp71, schemaProps{"image_quality": "object " + ctxEdit, "image_output_format": "string|null " + ctxEdit, "image_save_progressive": "boolean " + ctxEdit}}},
	"/wp/v2/posts/" + missingID + "/revisions": {{wp64, schemaProps{"meta": "object " + ctxViewEdit}}},
	"/wp/v2/types": {{wp66, schemaProps{"template": "[array] " + ctxAll, "template_lock": "string|boolean " + ctxAll}}},
}

// propStep is the properties a version adds to an item schema.
type propStep struct {
	since wpVersion
	props schemaProps
}

// schemaAtVersion is the item schema of route in version v.
func schemaAtVersion(route string, v wpVersion) (schemaProps, bool) {
	props, ok := itemSchemas[route]
	for _, st := range schemaChanges[route] {
		if v >= st.since {
			props = withProps(props, st.props)
		}
	}
	return props, ok
}

func (s *Suite) checkSchema(t T, r *Result, rt optionsRoute) {
	name := "OPTIONS " + rt.pattern
	id := "schemas/" + routeSlug(rt.pattern) + "/"
	wantValue(t, r, "schema.title", rt.title, id+"schema-title: "+name+": the schema's title is \""+rt.title+"\"")
	wantValue(t, r, "schema.$schema", "http://json-schema.org/draft-04/schema#", id+"schema-draft: "+name+": the schema is draft-04")
	wantValue(t, r, "schema.type", "object", id+"schema-object: "+name+": the schema describes an object")
	props, ok := schemaAtVersion(rt.path, s.wp)
	if !ok {
		return // item routes: the collection's check covers the properties
	}
	want := slices.Sorted(maps.Keys(props))
	got, _ := at(r.JSON(), "schema.properties")
	missing, extra := diffSets(want, keysOf(got))
	rule := id + "properties: " + name + ": the schema has exactly the properties of WordPress " + s.wp.String() + "'s " + rt.title
	if !s.cfg.Strict {
		extra = nil // what a site adds is declared by being there
		rule = id + "properties: " + name + ": the schema has the properties of WordPress " + s.wp.String() + "'s " + rt.title
	}
	check(t, r, len(missing)+len(extra) == 0, rule, "schema.properties: missing %v, unexpected %v", missing, extra)
	for _, k := range want {
		typ, ctx, _ := strings.Cut(props[k], " ")
		var wantType any = typ
		if list, isList := strings.CutPrefix(typ, "["); isList { // a list of one type: ["array"]
			wantType = strings.Split(strings.TrimSuffix(list, "]"), "|")
		} else if strings.Contains(typ, "|") {
			wantType = strings.Split(typ, "|")
		}
		p := "schema.properties." + k
		wantValue(t, r, p+".type", wantType, id+"property-"+k+"-type: "+name+": property "+k+" has type "+typ)
		got, _ := at(r.JSON(), p+".context")
		wantCtx := []string{}
		if ctx != "-" {
			wantCtx = strings.Split(ctx, ",")
		}
		missing, extra := diffSets(wantCtx, stringsOf(got))
		check(t, r, len(missing)+len(extra) == 0, id+"property-"+k+"-contexts: "+name+": property "+k+" is returned in contexts ["+ctx+"]",
			"context %s: missing %v, unexpected %v", show(got, true), missing, extra)
	}
}

// stringsOf is a JSON array's strings.
func stringsOf(v any) []string {
	l, _ := v.([]any)
	out := []string{}
	for _, x := range l {
		if s, ok := x.(string); ok {
			out = append(out, s)
		}
	}
	return out
}

// checkPropertyFacts checks the item schemas property by property against propFacts
// (what WordPress 6.1, 6.8 and 7.1 all declare): readonly, format and enum, which
// clients and code generators act on (a readonly field is not sent back, a format
// decides a type). An enum may grow on a customized site (its own statuses) except
// in strict mode. In strict mode the GET arguments' descriptions are WordPress's too
// (a site in another language translates them).
func checkPropertyFacts(s *Suite, t T) {
	for _, route := range slices.Sorted(maps.Keys(propFacts)) {
		o := s.as(anonymous).do(t, http.MethodOptions, route, nil)
		if o.Status != http.StatusOK || o.code() != "" {
			continue // the routes group reports a missing route
		}
		for _, prop := range slices.Sorted(maps.Keys(propFacts[route])) {
			v, ok := at(o.JSON(), "schema.properties."+prop)
			p, isObj := v.(map[string]any)
			if !ok || !isObj {
				continue // the schemas' property lists report a missing property
			}
			where := route + " " + prop
			var wantRO bool
			var wantFormat string
			var wantEnum []string
			for _, f := range strings.Fields(propFacts[route][prop]) {
				switch {
				case f == "ro":
					wantRO = true
				case strings.HasPrefix(f, "f="):
					wantFormat = f[2:]
				case strings.HasPrefix(f, "enum="):
					wantEnum = strings.Split(f[5:], ",")
				}
			}
			ro, _ := p["readonly"].(bool)
			check(t, o, ro == wantRO, "schemas/properties/readonly: each core property's readonly is WordPress's (true for what the server sets: id, link, modified, ...; absent or false for what a client writes)",
				"%s: readonly %v, want %v", where, ro, wantRO)
			format, _ := p["format"].(string)
			check(t, o, format == wantFormat, "schemas/properties/format: each core property's format is WordPress's (uri, date-time, email, ip), or none",
				"%s: format %q, want %q", where, format, wantFormat)
			if wantEnum != nil {
				got := stringsOf(p["enum"])
				missing, extra := diffSets(wantEnum, got)
				ok := len(missing) == 0 && (!s.cfg.Strict || (len(extra) == 0 && slices.Equal(got, wantEnum)))
				check(t, o, ok, "schemas/properties/enum: each core property's enum is WordPress's (a site may add values except in strict mode)",
					"%s: enum %v, want %v", where, got, wantEnum)
			}
		}
		if !s.cfg.Strict {
			continue
		}
		eps, _ := o.object()["endpoints"].([]any)
		for _, e := range eps {
			ep, _ := e.(map[string]any)
			if !slices.Contains(stringsOf(ep["methods"]), "GET") {
				continue
			}
			args, _ := ep["args"].(map[string]any)
			for _, a := range slices.Sorted(maps.Keys(argDescriptions[route])) {
				spec, ok := args[a].(map[string]any)
				if !ok {
					continue // the argument lists report a missing argument
				}
				want := argDescriptions[route][a]
				check(t, o, spec["description"] == want, "schemas/args/description: each GET argument's description is WordPress's (strict mode)",
					"%s %s: description %q, want %q", route, a, spec["description"], want)
			}
		}
	}
}

// schemaLinkRels are the action rels the post types' schemas publish (get_schema_links),
// in WordPress's order: publish (not for attachments), unfiltered HTML, sticky (posts),
// assign author (types with authors), then assign and create per taxonomy.
var schemaLinkRels = map[string][]string{
	"/wp/v2/posts": {"action-publish", "action-unfiltered-html", "action-sticky", "action-assign-author",
		"action-assign-categories", "action-create-categories", "action-assign-tags", "action-create-tags"},
	"/wp/v2/pages": {"action-publish", "action-unfiltered-html", "action-assign-author"},
	"/wp/v2/media": {"action-unfiltered-html", "action-assign-author"},
}

// checkSchemaLinks checks the links of the post types' schemas: each rel with the
// item route as its href (/<base>/{id}) and the field it sets as its target. A
// customized site adds the rels of its own taxonomies, so only strict mode wants
// WordPress's list exactly; otherwise WordPress's rels come first, in order.
func checkSchemaLinks(s *Suite, t T) {
	const rule = "schemas/links/action-rels: a post type's schema links are get_schema_links' action rels, with /<base>/{id} as href and the field each sets as its target"
	target := map[string]string{"action-publish": "status", "action-unfiltered-html": "content", "action-sticky": "sticky",
		"action-assign-author": "author", "action-assign-categories": "categories", "action-create-categories": "categories",
		"action-assign-tags": "tags", "action-create-tags": "tags"}
	for _, route := range slices.Sorted(maps.Keys(schemaLinkRels)) {
		o := s.as(anonymous).do(t, http.MethodOptions, route, nil)
		if o.Status != http.StatusOK || o.code() != "" {
			continue
		}
		v, _ := at(o.JSON(), "schema.links")
		links, _ := v.([]any)
		var rels []string
		for _, l := range links {
			m, _ := l.(map[string]any)
			rel := strings.TrimPrefix(fmt.Sprint(m["rel"]), "https://api.w.org/")
			rels = append(rels, rel)
			props, _ := at(m, "targetSchema.properties")
			pm, _ := props.(map[string]any)
			_, sets := pm[target[rel]]
			check(t, o, m["href"] == s.url(route+"/{id}") && (target[rel] == "" || sets), rule,
				"%s: link %s: href %v, target %s", route, rel, m["href"], show(props, true))
		}
		want := schemaLinkRels[route]
		ok := slices.Equal(rels, want)
		if !s.cfg.Strict {
			ok = len(rels) >= len(want) && slices.Equal(rels[:len(want)], want)
		}
		check(t, o, ok, rule, "%s: rels %v, want %v", route, rels, want)
	}
}
