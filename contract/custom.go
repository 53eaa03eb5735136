package contract

import (
	"fmt"
	"maps"
	"math"
	"net/http"
	"slices"
	"strconv"
	"strings"
)

// The custom group: the site's own post types and taxonomies (those its /types and
// /taxonomies list beyond what core registers in the checked version), each checked
// with the rules core's get, derived from its declaration: the route's OPTIONS answer
// (schema title, methods), the list and its pagination headers, the fields of each
// context exactly as its own schema declares them, its links, the default status, the
// filters by each of its taxonomies, create, update, trash and force-delete as an editor
// (the administrator where the type's capabilities are not the default roles'), the
// hierarchy, revisions where it supports them; for a taxonomy, term CRUD, its count, the
// parent, and the filter of its post types. Rule ids name the type or taxonomy
// (custom/book/view-keys), so the reports list each one. The site's own statuses and
// settings are checked here too (customstatus.go). Skipped, saying so, on a site that
// declares none.

func init() {
	register("custom", false, func(s *Suite, t T) {
		types, taxes := s.customTypes(t), s.customTaxonomies(t)
		statuses, settings := s.ownStatusFacts(t), s.ownSettings(t)
		if len(types)+len(taxes)+len(statuses)+len(settings) == 0 {
			t.Skipf("the site registers no post type, taxonomy, status or setting of its own (its /types, /taxonomies, /statuses and /settings list only core's for WordPress %s)", s.wp)
		}
		for _, st := range types {
			t.Run(st.slug, func(t T) { customType(s, t, st) })
		}
		for _, tx := range taxes {
			t.Run(tx.slug, func(t T) { customTaxonomy(s, t, tx) })
		}
		ownSurfaces(s, t, statuses, settings)
	})
}

// customTypes are the site's post types that core does not register in the checked
// version, by slug.
func (s *Suite) customTypes(t T) []*siteType {
	t.Helper()
	return notCore(s.site(t).types, coreRegistryKeys["/wp/v2/types"].at(s.wp))
}

// customTaxonomies are the site's taxonomies that core does not register, by slug.
func (s *Suite) customTaxonomies(t T) []*siteTaxonomy {
	t.Helper()
	return notCore(s.site(t).taxes, coreRegistryKeys["/wp/v2/taxonomies"].at(s.wp))
}

// notCore are the entries of a registry (by slug) whose slug core does not have.
func notCore[V any](registry map[string]V, core []string) []V {
	var out []V
	for _, slug := range slices.Sorted(maps.Keys(registry)) {
		if !slices.Contains(core, slug) {
			out = append(out, registry[slug])
		}
	}
	return out
}

// contextKeys are the keys an item has in ctx by its schema: each property returned in
// ctx (rest_filter_response_by_context), and _links.
func contextKeys(schema map[string]any, ctx string) []string {
	props, _ := schema["properties"].(map[string]any)
	out := []string{"_links"}
	for _, k := range keysOf(props) {
		if p, _ := props[k].(map[string]any); inContext(p, ctx) {
			out = append(out, k)
		}
	}
	return out
}

// checkRouteBasics checks OPTIONS on a collection (its methods and schema title) and
// the list: 200, an array, and the pagination headers.
func checkRouteBasics(s *Suite, t T, id, route, title string) {
	anon := s.as(anonymous)
	o := anon.do(t, http.MethodOptions, route, nil)
	if wantStatus(t, o, http.StatusOK, id+"options-200: OPTIONS "+route+" answers 200 with the route's description") {
		wantValue(t, o, "methods", methodsGetPost, id+"options-methods: OPTIONS "+route+": the collection serves GET and POST")
		wantValue(t, o, "schema.title", title, id+"schema-title: OPTIONS "+route+": the schema's title is \""+title+"\"")
	}
	l := anon.get(t, route)
	if !check(t, l, l.Status == http.StatusOK && l.list() != nil, id+"list-200: GET "+route+" answers 200 with a JSON array",
		"%d %s", l.Status, clip(l.Body, 100)) {
		return
	}
	total, terr := strconv.Atoi(l.Header.Get("X-WP-Total"))
	pages, perr := strconv.Atoi(l.Header.Get("X-WP-TotalPages"))
	check(t, l, terr == nil && perr == nil && pages == int(math.Ceil(float64(total)/10)),
		id+"pagination-headers: GET "+route+" sends X-WP-Total and X-WP-TotalPages = ceil(total / 10)",
		"X-WP-Total %q, X-WP-TotalPages %q", l.Header.Get("X-WP-Total"), l.Header.Get("X-WP-TotalPages"))
}

// customRoute checks a custom type's or taxonomy's collection (checkRouteBasics) and,
// where the suite may write, returns its item schema and the schema's properties.
func customRoute(s *Suite, t T, id, route, slug string) (schema, props map[string]any) {
	checkRouteBasics(s, t, id, route, slug)
	needWrites(s, t)
	schema = s.itemSchema(t, route)
	props, _ = schema["properties"].(map[string]any)
	return schema, props
}

// checkContexts reads an item in each context and wants exactly the keys its own
// schema declares for the context; view and embed anonymously (published), edit as the
// administrator.
func checkContexts(s *Suite, t T, id, collection string, item int, schema map[string]any) {
	for _, ctx := range []string{"view", "embed", "edit"} {
		acc := anonymous
		if ctx == "edit" {
			acc = s.admin()
		}
		r := s.as(acc).get(t, fmt.Sprintf("%s/%d?context=%s", collection, item, ctx))
		if wantStatus(t, r, http.StatusOK, id+ctx+"-200: GET an item in "+ctx+" context answers 200") {
			wantKeys(t, r, "", contextKeys(schema, ctx), id+ctx+"-keys: an item ("+ctx+") has exactly the fields its schema returns in "+ctx+", and _links")
		}
		l := s.as(acc).get(t, fmt.Sprintf("%s?include=%d&context=%s", collection, item, ctx))
		if check(t, l, l.Status == http.StatusOK && len(l.list()) == 1, id+"list-include: the collection filtered by include= lists exactly the item",
			"%d, %d items", l.Status, len(l.list())) {
			wantKeys(t, l, "0", contextKeys(schema, ctx), id+ctx+"-keys: a list element ("+ctx+") has exactly the fields its schema returns in "+ctx+", and _links")
		}
	}
}

// checkOwnLinks reads an item anonymously and checks its self, collection and about
// links (about: the route of its type or taxonomy); it returns the item's path and answer.
func checkOwnLinks(s *Suite, t T, id, route string, obj int, about, what string) (string, *Result) {
	item := fmt.Sprintf("%s/%d", route, obj)
	r := s.as(anonymous).get(t, item)
	want := map[string]string{"self": s.url(item), "collection": s.url(route), "about": s.url(about)}
	for _, rel := range slices.Sorted(maps.Keys(want)) {
		wantValue(t, r, "_links."+rel+".0.href", want[rel], id+"links: "+what+" (self, collection, about)")
	}
	return item, r
}

// writer is who writes a type's items: an editor where the type's create and
// edit-others capabilities are the editor's (capability_type post or page), else the
// administrator.
func (s *Suite) writer(t T, st *siteType) *account {
	t.Helper()
	for _, c := range []string{"create_posts", "edit_others_posts", "publish_posts", "delete_others_posts", "delete_published_posts"} {
		if has, known := roleHas("editor", st.caps[c]); !has || !known {
			return s.admin()
		}
	}
	return s.accountFor(t, "editor")
}

func customType(s *Suite, t T, st *siteType) {
	id, route := "custom/"+st.slug+"/", st.route()
	if st.viewOnly {
		checkRouteBasics(s, t, id, route, st.slug)
		t.Skipf("the administrator lacks the %s type's capabilities (/wp/v2/types lists it in the view context only): its items are not written", st.slug)
	}
	schema, props := customRoute(s, t, id, route, st.slug)
	acc := s.writer(t, st)
	body := func(name string, more ...any) map[string]any {
		b := map[string]any{"slug": s.name(name), "status": "publish"}
		if st.supports["title"] {
			b["title"] = s.name(name)
		}
		if st.supports["editor"] {
			b["content"] = "Content of " + s.name(name)
		}
		for i := 0; i+1 < len(more); i += 2 {
			b[more[i].(string)] = more[i+1]
		}
		return b
	}
	// a term of each of its taxonomies, for the filters
	terms := map[string]int{}
	for _, tx := range s.site(t).taxonomiesOf(st.slug) {
		terms[tx.base()] = idOf(s.create(t, nil, tx.route(), map[string]any{"name": s.name(st.slug + "-" + tx.slug)}))
	}
	var with []any
	for base, term := range terms {
		with = append(with, base, []int{term})
	}
	created := s.create(t, acc, route, body(st.slug+"-a", with...))
	a := idOf(created)
	wantValue(t, created, "type", st.slug, id+"create: POST "+route+" as "+acc.name+" creates an item of the type (201, type \""+st.slug+"\")")
	wantValue(t, created, "status", "publish", id+"create-status: the created item has the status asked for (publish)")
	b := idOf(s.create(t, acc, route, body(st.slug+"-b")))

	draft := s.create(t, acc, route, map[string]any{"slug": s.name(st.slug + "-draft"), "title": s.name(st.slug + "-draft")})
	wantValue(t, draft, "status", "draft", id+"default-status: an item created without a status is a draft")

	checkContexts(s, t, id, route, a, schema)
	checkOwnMeta(s, t, id, fmt.Sprintf("%s/%d", route, a), props)

	item, r := checkOwnLinks(s, t, id, route, a, "/wp/v2/types/"+st.slug, "an item links to itself, its collection and its type")
	if tl := s.termLinks(t, st.slug, a); len(tl) > 0 {
		wantValue(t, r, "_links.wp:term", tl, id+"term-links: an item has one wp:term link per taxonomy of the type, in the type's order")
	} else {
		wantNoKey(t, r, "_links.wp:term", id+"term-links: an item of a type without taxonomies has no wp:term link")
	}

	pl := s.as(anonymous).get(t, fmt.Sprintf("%s?include=%d,%d&per_page=1", route, a, b))
	check(t, pl, len(pl.list()) == 1 && pl.Header.Get("X-WP-Total") == "2" && pl.Header.Get("X-WP-TotalPages") == "2",
		id+"pagination: per_page=1 over two items: one item, X-WP-Total 2, X-WP-TotalPages 2", "%d items, X-WP-Total %q, X-WP-TotalPages %q",
		len(pl.list()), pl.Header.Get("X-WP-Total"), pl.Header.Get("X-WP-TotalPages"))

	for _, base := range slices.Sorted(maps.Keys(terms)) {
		q := fmt.Sprintf("%s?include=%d,%d&%s=%d", route, a, b, base, terms[base])
		l := s.as(anonymous).get(t, q)
		check(t, l, fmt.Sprint(resultIDs(l)) == fmt.Sprint(idList{a}), id+"filter-"+base+": ?"+base+"=<term> lists exactly the items with the term",
			"ids %v, want [%d]", resultIDs(l), a)
		l = s.as(anonymous).get(t, strings.Replace(q, "&"+base+"=", "&"+base+"_exclude=", 1))
		check(t, l, fmt.Sprint(resultIDs(l)) == fmt.Sprint(idList{b}), id+"filter-"+base+"-exclude: ?"+base+"_exclude=<term> leaves out the items with the term",
			"ids %v, want [%d]", resultIDs(l), b)
	}

	w := s.as(acc)
	upd := map[string]any{"slug": s.name(st.slug + "-a2")}
	if st.supports["title"] {
		upd["title"] = s.name(st.slug + "-a2")
	}
	u := w.send(t, http.MethodPost, item, upd)
	check(t, u, u.Status == http.StatusOK && textAt(u, "slug") == s.name(st.slug+"-a2"), id+"update: POST an item changes it (200 with the new value)",
		"%d slug %q", u.Status, textAt(u, "slug"))

	checkHierarchy(s, t, id, route, a, st.hierarchical, props, "an item", "",
		func() *Result { return s.create(t, acc, route, body(st.slug+"-child", "parent", a)) })

	checkRoleWrites(s, t, st, id, route, body)

	if s.caps.routes[route+"/(?P<id>[\\d]+)/autosaves"] {
		as := w.send(t, http.MethodPost, item+"/autosaves", map[string]any{"content": "Autosaved " + s.name(st.slug)})
		check(t, as, (as.Status == http.StatusOK || as.Status == http.StatusCreated) && numberAt(as, "parent") == float64(a),
			id+"autosave: POST <item>/autosaves on a published item saves an autosave revision of it (parent the item)",
			"%d parent %v", as.Status, as.object()["parent"])
		l := w.get(t, item+"/autosaves")
		check(t, l, l.Status == http.StatusOK && len(l.list()) == 1, id+"autosaves: GET <item>/autosaves lists the writer's autosave",
			"%d, %d autosaves", l.Status, len(l.list()))
	}

	if st.supports["revisions"] {
		rv := s.as(s.admin()).get(t, item+"/revisions")
		ok := rv.Status == http.StatusOK && len(rv.list()) >= 1
		check(t, rv, ok, id+"revisions: a type that supports revisions keeps them: GET <item>/revisions lists at least one after an update", "%d, %d revisions", rv.Status, len(rv.list()))
		if ok {
			e := s.as(s.admin()).get(t, item+"?context=edit")
			wantValue(t, e, "_links.version-history.0.count", len(rv.list()), id+"version-history: the version-history link counts the item's revisions")
		}
	} else {
		rv := s.as(s.admin()).get(t, item+"/revisions")
		wantError(t, rv, http.StatusNotFound, "rest_no_route", id+"no-revisions: a type without revisions support has no revisions route (404 rest_no_route)")
	}

	d := w.do(t, http.MethodDelete, item, nil)
	check(t, d, d.Status == http.StatusOK && textAt(d, "status") == "trash", id+"trash: DELETE without force moves the item to the trash (200, status trash)",
		"%d status %q", d.Status, textAt(d, "status"))
	d = w.do(t, http.MethodDelete, item, nil)
	wantError(t, d, http.StatusGone, "rest_already_trashed", id+"trash-again: DELETE of a trashed item without force answers 410 rest_already_trashed")
	d = w.do(t, http.MethodDelete, item+"?force=true", nil)
	check(t, d, d.Status == http.StatusOK && d.object()["deleted"] == true && numberAt(d, "previous.id") == float64(a),
		id+"force-delete: DELETE ?force=true deletes the item (200, deleted true, previous)", "%d %s", d.Status, clip(d.Body, 120))
	g := s.as(s.admin()).get(t, item)
	wantError(t, g, http.StatusNotFound, "rest_post_invalid_id", id+"gone: a deleted item answers 404 rest_post_invalid_id")
}

// checkRoleWrites checks who may write a type's items, from its capabilities and the
// roles' (map_meta_cap): a role without the type's create_posts is refused the create
// (403 rest_cannot_create), one without publish_posts the publishing (403
// rest_cannot_publish), the others publish; visitors are refused (401). A role whose
// capabilities the type names but the suite does not know is left out.
func checkRoleWrites(s *Suite, t T, st *siteType, id, route string, body func(string, ...any) map[string]any) {
	for _, role := range []string{"author", "contributor", "subscriber"} {
		create, known := roleHas(role, st.caps["create_posts"])
		publish, knownPublish := roleHas(role, st.caps["publish_posts"])
		if !known || !knownPublish {
			continue
		}
		r := s.as(s.accountFor(t, role)).send(t, http.MethodPost, route, body(st.slug+"-by-"+role))
		rule := id + "role-" + role + ": POST " + route + " with status publish as " + role
		switch {
		case !create:
			wantError(t, r, http.StatusForbidden, "rest_cannot_create", rule+" is refused: the role lacks "+st.caps["create_posts"]+" (403 rest_cannot_create)")
		case !publish:
			wantError(t, r, http.StatusForbidden, "rest_cannot_publish", rule+" is refused: the role lacks "+st.caps["publish_posts"]+" (403 rest_cannot_publish)")
		default:
			if check(t, r, r.Status == http.StatusCreated && textAt(r, "status") == "publish", rule+" publishes (201, status publish)",
				"%d status %q", r.Status, textAt(r, "status")) {
				s.deleteLater(route, idOf(r))
			}
		}
	}
	r := s.as(anonymous).send(t, http.MethodPost, route, body(st.slug+"-by-visitor"))
	wantError(t, r, http.StatusUnauthorized, "rest_cannot_create", id+"role-visitor: POST "+route+" as a visitor is refused (401 rest_cannot_create)")
}

// checkHierarchy checks, on a hierarchical type or taxonomy, a child of parent (made by
// makeChild): it keeps its parent, ?parent= lists exactly it, it links up to its parent;
// on a flat one, that its schema has no parent field.
func checkHierarchy(s *Suite, t T, id, route string, parent int, hierarchical bool, props map[string]any, what, listQuery string, makeChild func() *Result) {
	if !hierarchical {
		_, has := props["parent"]
		check(t, nil, !has, id+"flat-no-parent: a type or taxonomy that is not hierarchical has no parent field", "the schema declares parent")
		return
	}
	child := makeChild()
	c := idOf(child)
	wantValue(t, child, "parent", parent, id+"parent: "+what+" created with a parent keeps it")
	l := s.as(anonymous).get(t, fmt.Sprintf("%s?parent=%d%s", route, parent, listQuery))
	check(t, l, fmt.Sprint(resultIDs(l)) == fmt.Sprint(idList{c}), id+"filter-parent: ?parent=<id> lists exactly its children", "ids %v, want [%d]", resultIDs(l), c)
	cr := s.as(anonymous).get(t, fmt.Sprintf("%s/%d", route, c))
	wantValue(t, cr, "_links.up", linkList(linkTo(s.url(fmt.Sprintf("%s/%d", route, parent)), "embeddable", true)),
		id+"up-link: a child links up to its parent (up, embeddable)")
}

func customTaxonomy(s *Suite, t T, tx *siteTaxonomy) {
	id, route := "custom/"+tx.slug+"/", tx.route()
	if tx.viewOnly {
		checkRouteBasics(s, t, id, route, tx.slug)
		t.Skipf("the administrator lacks the %s taxonomy's capabilities (/wp/v2/taxonomies lists it in the view context only): its terms are not written", tx.slug)
	}
	schema, props := customRoute(s, t, id, route, tx.slug)
	admin := s.as(s.admin())

	created := s.create(t, nil, route, map[string]any{"name": s.name(tx.slug + "-a")})
	a := idOf(created)
	wantValue(t, created, "taxonomy", tx.slug, id+"create: POST "+route+" creates a term of the taxonomy (201, taxonomy \""+tx.slug+"\")")
	wantValue(t, created, "count", 0, id+"count-new: a new term counts no posts")
	checkContexts(s, t, id, route, a, schema)
	checkOwnMeta(s, t, id, fmt.Sprintf("%s/%d", route, a), props)

	item, r := checkOwnLinks(s, t, id, route, a, "/wp/v2/taxonomies/"+tx.slug, "a term links to itself, its collection and its taxonomy")
	wantValue(t, r, "_links.wp:post_type", s.postTypeLinks(t, tx.slug, a), id+"post-type-links: a term links to each of its types' collection filtered by it (wp:post_type)")

	checkHierarchy(s, t, id, route, a, tx.hierarchical, props, "a term", "&hide_empty=false",
		func() *Result {
			return s.create(t, nil, route, map[string]any{"name": s.name(tx.slug + "-child"), "parent": a})
		})

	// a published post of one of its types, with the term: the count and the filter
	var st *siteType
	for _, typ := range tx.types {
		// one the administrator may write (not a type of capabilities it lacks), as JSON
		// (not attachment, whose create needs a file)
		if st = s.site(t).types[typ]; st != nil && !st.viewOnly && typ != "attachment" {
			break
		}
		st = nil
	}
	if st == nil {
		return // none of its types is in REST
	}
	post := s.create(t, nil, st.route(), map[string]any{"slug": s.name(tx.slug + "-post"), "title": s.name(tx.slug + "-post"),
		"status": "publish", tx.base(): []int{a}})
	p := idOf(post)
	wantValue(t, post, tx.base(), []int{a}, id+"assign: a "+st.slug+" created with "+tx.base()+"=[term] has the term")
	wantValue(t, admin.get(t, item), "count", 1, id+"count: a term's count is the number of published posts that have it")
	l := s.as(anonymous).get(t, fmt.Sprintf("%s?%s=%d", st.route(), tx.base(), a))
	check(t, l, fmt.Sprint(resultIDs(l)) == fmt.Sprint(idList{p}), id+"post-filter: "+st.route()+"?"+tx.base()+"=<term> lists exactly the posts with the term",
		"ids %v, want [%d]", resultIDs(l), p)
	// as the administrator: a visitor may not read the terms of a post of a type that
	// is not publicly queryable (check_read_terms_permission_for_post)
	l = admin.get(t, fmt.Sprintf("%s?post=%d", route, p))
	check(t, l, fmt.Sprint(resultIDs(l)) == fmt.Sprint(idList{a}), id+"terms-of-post: ?post=<id> lists exactly the post's terms", "ids %v, want [%d]", resultIDs(l), a)
	admin.do(t, http.MethodDelete, fmt.Sprintf("%s/%d", st.route(), p), nil)
	wantValue(t, admin.get(t, item), "count", 0, id+"count-trash: a trashed post no longer counts")

	u := admin.send(t, http.MethodPost, item, map[string]any{"name": s.name(tx.slug + "-a2")})
	check(t, u, u.Status == http.StatusOK && textAt(u, "name") == s.name(tx.slug+"-a2"), id+"update: POST a term changes it (200 with the new name)",
		"%d name %q", u.Status, textAt(u, "name"))
	d := admin.do(t, http.MethodDelete, item, nil)
	wantError(t, d, http.StatusNotImplemented, "rest_trash_not_supported", id+"force-required: DELETE of a term without force answers 501 rest_trash_not_supported")
	d = admin.do(t, http.MethodDelete, item+"?force=true", nil)
	check(t, d, d.Status == http.StatusOK && d.object()["deleted"] == true && numberAt(d, "previous.id") == float64(a),
		id+"force-delete: DELETE ?force=true deletes the term (200, deleted true, previous)", "%d %s", d.Status, clip(d.Body, 120))
	wantError(t, admin.get(t, item), http.StatusNotFound, "rest_term_invalid", id+"gone: a deleted term answers 404 rest_term_invalid")
}
