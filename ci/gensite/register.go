package main

import (
	"math/rand/v2"
	"slices"

	"github.com/wpmock/wpmock/fixtures"
)

// gen draws one site from a seed. The order of the draws is part of the format: a seed
// reproduces its site byte for byte only while the draws keep their order.
type gen struct {
	seed   uint64
	r      *rand.Rand
	prefix string
	names  names
	ns     string // the plugin's REST namespace, e.g. "acme/v1"

	types    []postType
	taxes    []taxonomy
	statuses []string // the custom statuses' names
	roles    []role
	meta     []fixtures.Args
	// the schema each meta key was drawn with, by key
	metaSchemas map[string]fixtures.Args
	fields      []fixtures.Args
	settings    []fixtures.Args
	// the schema each setting was drawn with, in settings' order
	settingSchemas []fixtures.Args
	routes         []fixtures.Args
	menus          fixtures.Args // register_nav_menus: location -> description

	items int // the least number of items the content has (-items)
}

// postType is a drawn post type: its register_post_type arguments and what the content
// needs to know of them.
type postType struct {
	name, base, ns string
	hierarchical   bool
	supports       []string
	args           fixtures.Args
}

type taxonomy struct {
	name, base, ns string
	hierarchical   bool
	objectTypes    []string
	args           fixtures.Args
}

type role struct {
	name string
	caps []string
}

func newGen(seed uint64) *gen {
	// PCG, seeded from the seed alone: the same seed, the same site, on any machine.
	g := &gen{seed: seed, r: rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15)), metaSchemas: map[string]fixtures.Args{}}
	g.prefix = prefixes[g.r.IntN(len(prefixes))]
	g.ns = g.prefix + "/" + namespaceTail[g.r.IntN(len(namespaceTail))]
	return g
}

func (g *gen) chance(p float64) bool { return g.r.Float64() < p }

// some picks each of list with probability p, in the list's order.
func some[T any](g *gen, list []T, p float64) []T {
	var out []T
	for _, x := range list {
		if g.chance(p) {
			out = append(out, x)
		}
	}
	return out
}

// allSupports is what post_type_supports() knows of (register_post_type's "supports").
var allSupports = []string{"title", "editor", "author", "thumbnail", "excerpt", "trackbacks", "custom-fields",
	"comments", "revisions", "page-attributes", "post-formats"}

// drawPostTypes draws one to three post types from the whole of register_post_type's
// arguments that a REST API shows.
func (g *gen) drawPostTypes() {
	for range 1 + g.r.IntN(3) {
		name := g.name(thingNouns, maxPostTypeLen, g.chance(0.7))
		pt := postType{name: name, base: name, ns: "wp/v2", hierarchical: g.chance(0.35)}
		lbl := label(name)
		a := obj("labels", obj("name", plural(lbl), "singular_name", lbl),
			"description", lbl+" items of the site.")
		public := g.chance(0.85)
		a = set(a, "public", public)
		if g.chance(0.3) {
			a = set(a, "publicly_queryable", !public || g.chance(0.5))
		}
		a = set(a, "hierarchical", pt.hierarchical)
		a = set(a, "exclude_from_search", g.chance(0.2))
		a = set(a, "show_in_rest", true)
		if g.chance(0.5) {
			pt.base = g.derived(plural(name), slug(name, "items"))
			a = set(a, "rest_base", pt.base)
		}
		if g.chance(0.3) {
			pt.ns = g.ns
			a = set(a, "rest_namespace", pt.ns)
		}
		if g.chance(0.5) {
			a = set(a, "menu_icon", "dashicons-"+[]string{"book", "calendar", "cart", "portfolio"}[g.r.IntN(4)])
		}
		pt.supports = append([]string{"title"}, some(g, allSupports[1:], 0.55)...)
		if pt.hierarchical && !slices.Contains(pt.supports, "page-attributes") {
			pt.supports = append(pt.supports, "page-attributes")
		}
		a = set(a, "supports", pt.supports)
		if tx := some(g, []string{"category", "post_tag"}, 0.3); len(tx) > 0 {
			a = set(a, "taxonomies", tx)
		}
		a = g.capabilities(a, name)
		switch g.r.IntN(3) {
		case 0:
			a = set(a, "has_archive", true)
		case 1:
			a = set(a, "has_archive", g.derived(slug(plural(name), "archive"), slug(name, "archive")))
		default:
			a = set(a, "has_archive", false)
		}
		a = set(a, "rewrite", g.rewrite(name, true))
		a = set(a, "delete_with_user", g.chance(0.5))
		pt.args = a
		g.types = append(g.types, pt)
	}
}

// capabilities draws capability_type ("post", "page" or a [singular, plural] pair of the
// type's own) and map_meta_cap. WordPress grants a type's own capabilities to no role,
// not even the administrator's: such a type answers 403 to its edit context, as on a
// site whose plugin never granted them.
func (g *gen) capabilities(a fixtures.Args, name string) fixtures.Args {
	switch g.r.IntN(5) {
	case 0:
		a = set(a, "capability_type", "page")
	case 1:
		a = set(a, "capability_type", []string{g.prefix + "_item", g.prefix + "_items"})
	default:
		a = set(a, "capability_type", "post")
	}
	return set(a, "map_meta_cap", true)
}

// rewrite draws false or {slug, with_front, ...}; the post type's pages and feeds too.
func (g *gen) rewrite(name string, postType bool) any {
	if g.chance(0.15) {
		return false
	}
	slug := g.derived(slug(name, words[g.r.IntN(len(words))]), slug(name, "all", words[g.r.IntN(len(words))]))
	r := obj("slug", slug, "with_front", g.chance(0.5))
	if postType {
		r = set(r, "feeds", g.chance(0.5))
		r = set(r, "pages", g.chance(0.7))
	} else {
		r = set(r, "hierarchical", g.chance(0.5))
	}
	return r
}

// drawTaxonomies draws one to four taxonomies on any object types: posts, pages,
// attachments and the site's own types.
func (g *gen) drawTaxonomies() {
	objects := []string{"post", "page", "attachment"}
	for _, pt := range g.types {
		objects = append(objects, pt.name)
	}
	for range 1 + g.r.IntN(4) {
		name := g.name(groupNouns, maxTaxonomyLen, g.chance(0.6))
		tx := taxonomy{name: name, base: name, ns: "wp/v2", hierarchical: g.chance(0.5)}
		tx.objectTypes = some(g, objects, 0.4)
		if len(tx.objectTypes) == 0 {
			tx.objectTypes = []string{objects[g.r.IntN(len(objects))]}
		}
		lbl := label(name)
		a := obj("name", name, "object_type", tx.objectTypes,
			"labels", obj("name", plural(lbl), "singular_name", lbl),
			"description", "Groups by "+lbl+".")
		public := g.chance(0.8)
		a = set(a, "public", public)
		if g.chance(0.3) {
			a = set(a, "publicly_queryable", !public || g.chance(0.5))
		}
		a = set(a, "hierarchical", tx.hierarchical)
		a = set(a, "show_in_rest", true)
		if g.chance(0.5) {
			tx.base = g.derived(plural(name), slug(name, "terms"))
			a = set(a, "rest_base", tx.base)
		}
		if g.chance(0.25) {
			tx.ns = g.ns
			a = set(a, "rest_namespace", tx.ns)
		}
		switch g.r.IntN(4) {
		case 0:
			a = set(a, "default_term", "General "+lbl)
		case 1:
			a = set(a, "default_term", obj("name", "Unsorted", "slug", name+"-unsorted", "description", "Not sorted yet."))
		}
		a = set(a, "rewrite", g.rewrite(name, false))
		a = set(a, "show_tagcloud", g.chance(0.5))
		if g.chance(0.3) {
			a = set(a, "sort", true)
		}
		tx.args = a
		g.taxes = append(g.taxes, tx)
	}
}

// drawStatuses draws zero to two register_post_status statuses.
func (g *gen) drawStatuses() []fixtures.Args {
	var out []fixtures.Args
	for range g.r.IntN(3) {
		name := g.name(statusNouns, maxStatusLen, g.chance(0.5))
		g.statuses = append(g.statuses, name)
		a := obj("name", name, "label", label(name))
		kind := g.r.IntN(4) // public, protected, private, internal
		a = set(a, "public", kind == 0)
		a = set(a, "protected", kind == 1)
		a = set(a, "private", kind == 2)
		a = set(a, "internal", kind == 3)
		a = set(a, "exclude_from_search", kind != 0)
		a = set(a, "show_in_admin_all_list", kind != 3)
		a = set(a, "show_in_admin_status_list", kind != 3 && g.chance(0.8))
		a = set(a, "date_floating", g.chance(0.3))
		out = append(out, a)
	}
	return out
}

// drawRoles draws zero to two add_role roles with capabilities of their own: core's,
// false ones, and those of the site's own capability types.
func (g *gen) drawRoles() []fixtures.Args {
	core := []string{"read", "edit_posts", "edit_published_posts", "publish_posts", "upload_files", "moderate_comments", "edit_pages", "list_users"}
	var out []fixtures.Args
	for range g.r.IntN(3) {
		name := g.name(roleNouns, 40, g.chance(0.5))
		caps := fixtures.Args{{Key: "read", Value: true}}
		rl := role{name: name, caps: []string{"read"}}
		for _, c := range some(g, core[1:], 0.4) {
			granted := g.chance(0.8)
			caps = append(caps, fixtures.Arg{Key: c, Value: granted})
			if granted {
				rl.caps = append(rl.caps, c)
			}
		}
		caps = append(caps, fixtures.Arg{Key: g.prefix + "_manage", Value: true})
		rl.caps = append(rl.caps, g.prefix+"_manage")
		g.roles = append(g.roles, rl)
		out = append(out, obj("role", name, "display_name", label(name), "capabilities", caps))
	}
	return out
}
