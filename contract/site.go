package contract

import (
	"maps"
	"net/http"
	"slices"
	"strconv"
	"strings"
)

// What a site declares beyond core. A site registers its own post types and taxonomies
// (register_post_type, register_taxonomy, or a taxonomy of core's on a type of its own),
// and WordPress adds what each one brings where it always puts it: a taxonomy adds to
// the posts of each of its types a field and a write argument named for its rest_base,
// the <rest_base> and <rest_base>_exclude filters (and tax_relation), a wp:term link,
// the wp:action-create-<rest_base> and wp:action-assign-<rest_base> links of the users
// its capabilities allow, an _embedded.wp:term list; its terms link back to each type's
// collection (wp:post_type). In the default mode the suite reads those declarations
// from the site's own /types and /taxonomies and expects exactly that; strict mode
// (and a vanilla site) has core's alone. The custom groups (custom.go) check the
// site's own types and taxonomies with the rules core's get.

// siteType is a post type as the site's /types lists it.
type siteType struct {
	slug, restBase, namespace string
	taxonomies                []string // in WordPress's order (get_object_taxonomies)
	hierarchical              bool
	viewable                  bool              // is_post_type_viewable; edit context only
	supports                  map[string]bool   // edit context only
	caps                      map[string]string // edit context only
	// viewOnly: listed in the view context only, the administrator lacking the type's
	// edit_posts (WP_REST_Post_Types_Controller leaves it out of the edit context):
	// its supports, capabilities and viewable are unknown
	viewOnly bool
}

// siteTaxonomy is a taxonomy as the site's /taxonomies lists it.
type siteTaxonomy struct {
	slug, restBase, namespace string
	types                     []string
	hierarchical              bool
	public                    bool              // visibility.public; edit context only
	caps                      map[string]string // edit context only
	viewOnly                  bool              // listed in the view context only (no assign_terms)
}

// siteDecl is the site's post types and taxonomies in REST, read once per run.
type siteDecl struct {
	types map[string]*siteType
	taxes map[string]*siteTaxonomy
	// edit: read in the edit context (supports and capabilities known)
	edit bool
}

// coreTypeTaxonomies are the taxonomies core registers for its own post types (in
// REST): post's category and post_tag, the menu items' menus, the patterns' categories.
var coreTypeTaxonomies = map[string]words{
	"post":          w("category post_tag"),
	"nav_menu_item": w("nav_menu"),
	"wp_block":      w("", since(wp64, "wp_pattern_category")),
}

// site reads the site's declarations: /types and /taxonomies in the edit context as
// the administrator, else as anyone in the view context.
func (s *Suite) site(t T) *siteDecl {
	t.Helper()
	s.mu.Lock()
	d := s.decl
	s.mu.Unlock()
	if d != nil {
		return d
	}
	d = &siteDecl{types: map[string]*siteType{}, taxes: map[string]*siteTaxonomy{}}
	acc, q := anonymous, ""
	if !s.anonymousOnly {
		acc, q, d.edit = s.admin(), "?context=edit", true
	}
	types, _ := s.as(acc).get(t, "/wp/v2/types"+q).JSON().(map[string]any)
	for slug, v := range types {
		o, _ := v.(map[string]any)
		st := &siteType{slug: slug, restBase: stringAt(o, "rest_base"), namespace: stringAt(o, "rest_namespace"),
			taxonomies: stringsOf(o["taxonomies"]), supports: map[string]bool{}, caps: map[string]string{}}
		st.hierarchical, _ = o["hierarchical"].(bool)
		st.viewable, _ = o["viewable"].(bool)
		sup, _ := o["supports"].(map[string]any)
		for k, on := range sup {
			st.supports[k] = on == true
		}
		caps, _ := o["capabilities"].(map[string]any)
		for k, c := range caps {
			st.caps[k], _ = c.(string)
		}
		d.types[slug] = st
	}
	taxes, _ := s.as(acc).get(t, "/wp/v2/taxonomies"+q).JSON().(map[string]any)
	for slug, v := range taxes {
		o, _ := v.(map[string]any)
		tx := &siteTaxonomy{slug: slug, restBase: stringAt(o, "rest_base"), namespace: stringAt(o, "rest_namespace"),
			types: stringsOf(o["types"]), caps: map[string]string{}}
		tx.hierarchical, _ = o["hierarchical"].(bool)
		pub, _ := at(o, "visibility.public")
		tx.public = pub == true
		caps, _ := o["capabilities"].(map[string]any)
		for k, c := range caps {
			tx.caps[k], _ = c.(string)
		}
		d.taxes[slug] = tx
	}
	if d.edit {
		s.addViewOnly(t, d)
	}
	s.mu.Lock()
	if s.decl == nil {
		s.decl = d
	}
	d = s.decl
	s.mu.Unlock()
	return d
}

func stringAt(o map[string]any, k string) string {
	v, _ := o[k].(string)
	return v
}

// route is a type's collection route (rest_get_route_for_post_type_items).
func (st *siteType) route() string {
	return "/" + orDefault(st.namespace, "wp/v2") + "/" + orDefault(st.restBase, st.slug)
}

// route is a taxonomy's collection route (rest_get_route_for_taxonomy_items).
func (tx *siteTaxonomy) route() string {
	return "/" + orDefault(tx.namespace, "wp/v2") + "/" + orDefault(tx.restBase, tx.slug)
}

// base is the name of the taxonomy's field, filter and action links on posts: its
// rest_base, else its name.
func (tx *siteTaxonomy) base() string { return orDefault(tx.restBase, tx.slug) }

func orDefault(v, def string) string {
	if v == "" {
		return def
	}
	return v
}

// typeOfRoute is the site's post type served at a collection route, or nil.
func (d *siteDecl) typeOfRoute(route string) *siteType {
	for _, slug := range slices.Sorted(maps.Keys(d.types)) {
		if d.types[slug].route() == route {
			return d.types[slug]
		}
	}
	return nil
}

// taxonomiesOf are the taxonomies in REST of a post type, in WordPress's order.
func (d *siteDecl) taxonomiesOf(typ string) []*siteTaxonomy {
	st := d.types[typ]
	if st == nil {
		return nil
	}
	var out []*siteTaxonomy
	for _, slug := range st.taxonomies {
		if tx := d.taxes[slug]; tx != nil {
			out = append(out, tx)
		}
	}
	return out
}

// declaredTaxonomies are the taxonomies the site adds to a post type beyond core's
// own for it (all of them for a type of the site's): none in strict mode.
func (s *Suite) declaredTaxonomies(t T, typ string) []*siteTaxonomy {
	t.Helper()
	if s.cfg.Strict {
		return nil
	}
	core := coreTypeTaxonomies[typ].at(s.wp)
	var out []*siteTaxonomy
	for _, tx := range s.site(t).taxonomiesOf(typ) {
		if !slices.Contains(core, tx.slug) {
			out = append(out, tx)
		}
	}
	return out
}

// declaredArgs are the arguments the site's declarations add to an endpoint of a post
// type's route (the collection or the item, by its pattern), beyond the version's own:
// for each taxonomy it adds, the list's <rest_base> and <rest_base>_exclude filters
// (and tax_relation when the type had no taxonomy before), and a write argument
// <rest_base>; and every property of the route's item schema (the site's own OPTIONS
// answer r) that is not read-only, as register_rest_field's fields are.
func (s *Suite) declaredArgs(t T, r *Result, pattern string, ep endpointArgs, own []string) []string {
	t.Helper()
	if s.cfg.Strict {
		return nil
	}
	collection, item := collectionOf(pattern)
	var out []string
	add := func(names ...string) {
		for _, n := range names {
			if !slices.Contains(own, n) && !slices.Contains(out, n) {
				out = append(out, n)
			}
		}
	}
	st := s.site(t).typeOfRoute(collection)
	if st == nil {
		// any other route's write endpoints take the fields registered on its objects
		// (register_rest_field with an update_callback: get_endpoint_args_for_item_schema)
		if slices.Contains(ep.methods, http.MethodPost) || slices.Contains(ep.methods, http.MethodPut) {
			add(writableProps(r)...)
		}
		return out
	}
	taxes := s.declaredTaxonomies(t, st.slug)
	switch {
	case slices.Contains(ep.methods, http.MethodGet) && !item:
		for _, tx := range taxes {
			add(tx.base(), tx.base()+"_exclude")
		}
		if len(taxes) > 0 {
			add("tax_relation")
		}
	case slices.Contains(ep.methods, http.MethodPost) || slices.Contains(ep.methods, http.MethodPut):
		for _, tx := range taxes {
			add(tx.base())
		}
		add(writableProps(r)...)
	}
	return out
}

// writableProps are the properties of an OPTIONS answer's item schema that are not
// read-only.
func writableProps(r *Result) []string {
	var out []string
	props, _ := at(r.JSON(), "schema.properties")
	for _, k := range keysOf(props) {
		p, _ := at(props, k)
		if ro, _ := at(p, "readonly"); ro != true {
			out = append(out, k)
		}
	}
	return out
}

// collectionOf is the collection route of a route pattern of the wp/v2 namespace
// (/wp/v2/posts/{id} -> /wp/v2/posts), and whether the pattern is below it.
func collectionOf(pattern string) (string, bool) {
	const ns = "/wp/v2/"
	rest, ok := strings.CutPrefix(pattern, ns)
	if !ok {
		return pattern, false
	}
	base, _, below := strings.Cut(rest, "/")
	return ns + base, below
}

// declaredLinks are the _links rels the site's taxonomies add to the items of a
// collection route in a context: wp:term (a type core gave none), and in the edit
// context the create and assign actions of each taxonomy (which of them a user gets
// depends on the user: see roleActions).
func (s *Suite) declaredLinks(t T, route, ctx string) []string {
	t.Helper()
	if s.cfg.Strict {
		return nil
	}
	st := s.site(t).typeOfRoute(route)
	if st == nil {
		return nil
	}
	var out []string
	taxes := s.declaredTaxonomies(t, st.slug)
	if len(taxes) > 0 && len(coreTypeTaxonomies[st.slug].at(s.wp)) == 0 {
		// and the curies that compact it (get_compact_response_links), which a type
		// without wp: links of its own (media in view context) does not have otherwise
		out = append(out, "wp:term", "curies")
	}
	if ctx == "edit" {
		for _, tx := range taxes {
			out = append(out, "wp:action-create-"+tx.base(), "wp:action-assign-"+tx.base())
		}
	}
	return out
}

// termLinks is the wp:term links of a post of type typ: one per taxonomy of the type
// in REST, in WordPress's order (the version's own in strict mode).
func (s *Suite) termLinks(t T, typ string, post int) []any {
	t.Helper()
	var out []any
	for _, tx := range s.postTaxonomies(t, typ) {
		out = append(out, linkTo(s.url(tx.route()+"?post="+strconv.Itoa(post)), "taxonomy", tx.slug, "embeddable", true))
	}
	return out
}

// postTaxonomies are core's taxonomies of a type, then (default mode) those the site
// adds; a type of the site's own has those it declares in either mode.
func (s *Suite) postTaxonomies(t T, typ string) []*siteTaxonomy {
	t.Helper()
	if !s.cfg.Strict || !slices.Contains(coreRegistryKeys["/wp/v2/types"].at(s.wp), typ) {
		return s.site(t).taxonomiesOf(typ)
	}
	var out []*siteTaxonomy
	for _, slug := range coreTypeTaxonomies[typ].at(s.wp) {
		out = append(out, coreTaxonomy(slug))
	}
	return out
}

// coreTaxonomy is one of core's taxonomies as core registers it.
func coreTaxonomy(slug string) *siteTaxonomy {
	switch slug {
	case "category":
		return &siteTaxonomy{slug: slug, restBase: "categories", namespace: "wp/v2", types: []string{"post"}, hierarchical: true}
	case "post_tag":
		return &siteTaxonomy{slug: slug, restBase: "tags", namespace: "wp/v2", types: []string{"post"}}
	case "nav_menu":
		return &siteTaxonomy{slug: slug, restBase: "menus", namespace: "wp/v2", types: []string{"nav_menu_item"}}
	}
	return &siteTaxonomy{slug: slug, restBase: slug, namespace: "wp/v2"}
}

// postTypeLinks are the wp:post_type links of a term of the taxonomy: one per type it
// applies to that is in REST, the type's collection filtered by the term.
func (s *Suite) postTypeLinks(t T, taxonomy string, term int) []any {
	t.Helper()
	tx := coreTaxonomy(taxonomy)
	d := s.site(t)
	// the site's own declarations: in the default mode, and for a taxonomy of its own
	own := !s.cfg.Strict || !slices.Contains(coreRegistryKeys["/wp/v2/taxonomies"].at(s.wp), taxonomy)
	if own && d.taxes[taxonomy] != nil {
		tx = d.taxes[taxonomy]
	}
	var out []any
	for _, typ := range tx.types {
		route := "/wp/v2/posts"
		if own {
			st := d.types[typ]
			if st == nil {
				continue // not in REST: WordPress links no route
			}
			route = st.route()
		}
		out = append(out, linkTo(s.url(route+"?"+tx.base()+"="+strconv.Itoa(term))))
	}
	return out
}

// roleCaps are the primitive capabilities WordPress's default roles have (populate_roles)
// among those that taxonomies and post types map their capabilities onto.
var roleCaps = map[string][]string{
	"administrator": {"manage_categories", "edit_posts", "edit_pages", "edit_others_posts", "edit_others_pages", "publish_posts", "publish_pages", "edit_published_posts", "edit_published_pages", "delete_posts", "delete_pages", "delete_others_posts", "delete_others_pages", "delete_published_posts", "delete_published_pages", "read_private_posts", "read_private_pages", "edit_private_posts", "edit_private_pages", "delete_private_posts", "delete_private_pages", "read"},
	"editor":        {"manage_categories", "edit_posts", "edit_pages", "edit_others_posts", "edit_others_pages", "publish_posts", "publish_pages", "edit_published_posts", "edit_published_pages", "delete_posts", "delete_pages", "delete_others_posts", "delete_others_pages", "delete_published_posts", "delete_published_pages", "read_private_posts", "read_private_pages", "edit_private_posts", "edit_private_pages", "delete_private_posts", "delete_private_pages", "read"},
	"author":        {"edit_posts", "publish_posts", "edit_published_posts", "delete_posts", "delete_published_posts", "read"},
	"contributor":   {"edit_posts", "delete_posts", "read"},
	"subscriber":    {"read"},
}

// roleHas says whether a default role has a primitive capability; known is false for
// a capability none of the table's (a site's own, granted by a plugin).
func roleHas(role, capability string) (has, known bool) {
	for _, caps := range roleCaps {
		if slices.Contains(caps, capability) {
			known = true
		}
	}
	return slices.Contains(roleCaps[role], capability), known
}

// roleActions are the create and assign action links a user of role is offered for
// the site's taxonomies of a post type (WP_REST_Posts_Controller::get_available_actions:
// create with edit_terms on a hierarchical taxonomy, assign_terms on a flat one; assign
// with assign_terms); unknown lists the taxonomies whose capabilities are not default
// roles' (not checked).
func (s *Suite) roleActions(t T, typ, role string) (want, unknown []string) {
	t.Helper()
	for _, tx := range s.declaredTaxonomies(t, typ) {
		create := tx.caps["assign_terms"]
		if tx.hierarchical {
			create = tx.caps["edit_terms"]
		}
		c, ck := roleHas(role, create)
		a, ak := roleHas(role, tx.caps["assign_terms"])
		if !ck || !ak {
			unknown = append(unknown, tx.base())
			continue
		}
		if c {
			want = append(want, "wp:action-create-"+tx.base())
		}
		if a {
			want = append(want, "wp:action-assign-"+tx.base())
		}
	}
	return want, unknown
}

// taxonomiesFor are the taxonomies /taxonomies?type=<typ> lists: core's for the type,
// and in the default mode every taxonomy the site's /taxonomies says applies to it.
func (s *Suite) taxonomiesFor(t T, typ string) []string {
	t.Helper()
	out := coreTypeTaxonomies[typ].at(s.wp)
	if s.cfg.Strict {
		return out
	}
	d := s.site(t)
	for _, slug := range slices.Sorted(maps.Keys(d.taxes)) {
		if slices.Contains(d.taxes[slug].types, typ) && !slices.Contains(out, slug) {
			out = append(out, slug)
		}
	}
	return out
}

// addViewOnly adds the types and taxonomies /types and /taxonomies list to anyone in
// the view context but leave out of the administrator's edit context: those whose
// own capabilities (capability_type of its own, map_meta_cap) the administrator lacks.
func (s *Suite) addViewOnly(t T, d *siteDecl) {
	t.Helper()
	types, _ := s.as(anonymous).get(t, "/wp/v2/types").JSON().(map[string]any)
	for slug, v := range types {
		if d.types[slug] != nil {
			continue
		}
		o, _ := v.(map[string]any)
		st := &siteType{slug: slug, restBase: stringAt(o, "rest_base"), namespace: stringAt(o, "rest_namespace"),
			taxonomies: stringsOf(o["taxonomies"]), supports: map[string]bool{}, caps: map[string]string{}, viewOnly: true}
		st.hierarchical, _ = o["hierarchical"].(bool)
		d.types[slug] = st
	}
	taxes, _ := s.as(anonymous).get(t, "/wp/v2/taxonomies").JSON().(map[string]any)
	for slug, v := range taxes {
		if d.taxes[slug] != nil {
			continue
		}
		o, _ := v.(map[string]any)
		tx := &siteTaxonomy{slug: slug, restBase: stringAt(o, "rest_base"), namespace: stringAt(o, "rest_namespace"),
			types: stringsOf(o["types"]), caps: map[string]string{}, viewOnly: true}
		tx.hierarchical, _ = o["hierarchical"].(bool)
		d.taxes[slug] = tx
	}
}
