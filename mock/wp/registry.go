package wp

import (
	"slices"

	"github.com/wpmock/wpmock/mock/store"
	"github.com/wpmock/wpmock/mock/wpversion"
)

// Registry is what one site registers, as WordPress keeps it in its globals
// ($wp_post_types, $wp_taxonomies, $wp_meta_keys, $wp_rest_additional_fields): core's
// post types and taxonomies, then the site's own (register_post_type,
// register_taxonomy: registration.go), the meta keys shown in REST (register_meta)
// and the fields plugins add (register_rest_field). Every layer reads the site's
// declarations from here; a site without declarations of its own has Core's.
type Registry struct {
	// PostTypes are the post types the mock serves (routes, store, queries, writes),
	// core's first, in registration order.
	PostTypes []*PostType
	// Taxonomies are the taxonomies the mock serves (routes, store, post fields,
	// search), core's first, in registration order.
	Taxonomies []*Taxonomy
	// Meta are the meta keys registered with show_in_rest, in registration order.
	Meta []*MetaKey
	// Fields are the fields register_rest_field added, in registration order.
	Fields []*RestField
	// Settings are the settings shown in REST: the site's own first (register_setting
	// on init), then core's (wp/settings.go).
	Settings []*Setting
	// siteSettings is how many of Settings are the site's own.
	siteSettings int
	// Roles are the roles, core's five first, then the site's own (roles.go).
	Roles []*Role
	// Statuses are the post statuses, core's first, in registration order
	// (poststatus.go).
	Statuses []*PostStatus
	// Routes are the plugins' REST routes (register_rest_route), in registration
	// order (restroutes.go).
	Routes []*RestRoute
	// Locations are the theme's menu locations (register_nav_menus), in registration
	// order: none for core alone, as a block theme such as Twenty Twenty-Three
	// registers none.
	Locations []Location
	// hidden are the site's own types registered without show_in_rest: asking for
	// one is rest_cannot_read_type, as for core's hidden types.
	hidden []string
	// coreTypes and coreTaxonomies are how many of PostTypes and Taxonomies are
	// core's: the site's own come after core's unserved ones in /types and
	// /taxonomies, as they are registered after create_initial_post_types.
	coreTypes, coreTaxonomies int
}

// Core is the registry of a site that registers nothing of its own.
var Core = NewRegistry()

// NewRegistry is a registry with core's declarations only; the Register functions
// add a site's own to it.
func NewRegistry() *Registry {
	return &Registry{PostTypes: slices.Clone(PostTypes), Taxonomies: slices.Clone(Taxonomies), Statuses: slices.Clone(CoreStatuses), Roles: slices.Clone(coreRoles), Settings: slices.Clone(Settings),
		coreTypes: len(PostTypes), coreTaxonomies: len(Taxonomies)}
}

// RegistryOf is the registry of the site whose store tx is (store.Store.SetSite),
// Core where the site registered none.
func RegistryOf(tx *store.Tx) *Registry {
	if tx != nil {
		if g, ok := tx.Site().(*Registry); ok && g != nil {
			return g
		}
	}
	return Core
}

// PostType is the served post type slug, nil for any other (unserved ones too).
func (g *Registry) PostType(slug string) *PostType {
	for _, pt := range g.PostTypes {
		if pt.Slug == slug {
			return pt
		}
	}
	return nil
}

// TypeOf is the declaration of the served post type slug; types the mock does not
// serve (revisions, and the parents of attachments it may name) have the "post"
// capability type, as revisions do in WordPress. It never returns an unserved type's
// declaration: those drive nothing but /types.
func (g *Registry) TypeOf(slug string) *PostType {
	if pt := g.PostType(slug); pt != nil {
		return pt
	}
	return g.PostTypes[0]
}

// Taxonomy is the served taxonomy slug, nil for any other (unserved ones too).
func (g *Registry) Taxonomy(slug string) *Taxonomy {
	for _, t := range g.Taxonomies {
		if t.Slug == slug {
			return t
		}
	}
	return nil
}

// TaxonomySlugs are the served taxonomies' slugs, in registration order.
func (g *Registry) TaxonomySlugs() []any {
	out := make([]any, len(g.Taxonomies))
	for i, t := range g.Taxonomies {
		out[i] = t.Slug
	}
	return out
}

// RegisteredPostTypes are every post type /types may list, served and unserved, in
// WordPress's order (core's served, core's unserved, the site's own); each type's
// Shown says in which versions it is listed.
func (g *Registry) RegisteredPostTypes() []*PostType {
	out := append([]*PostType(nil), g.PostTypes[:g.coreTypes]...)
	out = append(out, UnservedPostTypes...)
	return append(out, g.PostTypes[g.coreTypes:]...)
}

// ShownTaxonomies are the taxonomies version v shows in REST, in WordPress's order
// (core's served, core's unserved, the site's own).
func (g *Registry) ShownTaxonomies(v wpversion.Version) []*Taxonomy {
	var out []*Taxonomy
	for _, list := range [][]*Taxonomy{g.Taxonomies[:g.coreTaxonomies], UnservedTaxonomies, g.Taxonomies[g.coreTaxonomies:]} {
		for _, t := range list {
			if t.Shown.In(v) {
				out = append(out, t)
			}
		}
	}
	return out
}

// HiddenType says whether slug is a registered post type version v does not show in
// REST (core's, or one of the site's registered without show_in_rest).
func (g *Registry) HiddenType(slug string, v wpversion.Version) bool {
	if _, hidden := HiddenPostTypes.At(v).Get(slug); hidden {
		return true
	}
	return slices.Contains(g.hidden, slug)
}

// Custom says whether the post type is one the site registered (not core's).
func (g *Registry) Custom(pt *PostType) bool {
	return slices.Index(g.PostTypes, pt) >= g.coreTypes
}

// MetaOf are the meta keys shown in REST for objectType (post, term, user, comment)
// and its subtype (the post type or taxonomy; "" for users and comments, whose meta
// fields have none), as get_registered_fields lists them: the keys registered for
// every subtype, then the subtype's own, a key registered for both taking the
// subtype's declaration in the first one's place.
func (g *Registry) MetaOf(objectType, subtype string) []*MetaKey {
	var out []*MetaKey
	for _, pass := range []string{"", subtype} {
		for _, k := range g.Meta {
			if k.ObjectType != objectType || k.Subtype != pass {
				continue
			}
			if i := slices.IndexFunc(out, func(o *MetaKey) bool { return o.Key == k.Key }); i >= 0 {
				out[i] = k
			} else {
				out = append(out, k)
			}
		}
		if subtype == "" {
			break
		}
	}
	return slices.DeleteFunc(out, func(k *MetaKey) bool { return !k.ShowInRest })
}

// FieldsOf are the fields register_rest_field added to the object type (a post
// type, a taxonomy, "user" or "comment"), in registration order.
func (g *Registry) FieldsOf(objectType string) []*RestField {
	var out []*RestField
	for _, f := range g.Fields {
		if slices.Contains(f.ObjectTypes, objectType) {
			out = append(out, f)
		}
	}
	return out
}

// RegisterNavMenus is register_nav_menus: theme locations by name, each with its
// description; a location registered again takes the new description.
func (g *Registry) RegisterNavMenus(locations ...Location) {
	for _, l := range locations {
		if i := slices.IndexFunc(g.Locations, func(o Location) bool { return o.Name == l.Name }); i >= 0 {
			g.Locations[i] = l
			continue
		}
		g.Locations = append(g.Locations, l)
	}
}

// Location is a registered theme location, or nil.
func (g *Registry) Location(name string) *Location {
	for i := range g.Locations {
		if g.Locations[i].Name == name {
			return &g.Locations[i]
		}
	}
	return nil
}

// RegisteredMeta is the key registered for objectType and subtype (the subtype's
// own over one for every subtype), shown in REST or not; nil for none.
func (g *Registry) RegisteredMeta(objectType, subtype, key string) *MetaKey {
	var out *MetaKey
	for _, k := range g.Meta {
		if k.ObjectType == objectType && k.Key == key && (k.Subtype == subtype || (k.Subtype == "" && out == nil)) {
			out = k
		}
	}
	return out
}
