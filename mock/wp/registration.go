package wp

import (
	"fmt"
	"regexp"
	"slices"
	"strings"

	"github.com/wpmock/wpmock/mock/wpfunc"
	"github.com/wpmock/wpmock/mock/wpversion"
)

// A site's own declarations: register_post_type, register_taxonomy, register_meta and
// register_rest_field, each taking the arguments WordPress's function takes (an
// ordered object, as a PHP array) and filling in the defaults as WordPress does
// (WP_Post_Type::set_props, WP_Taxonomy::set_props, get_post_type_capabilities,
// _get_custom_object_labels). Register post types first, then taxonomies: a type's
// own taxonomies argument reaches only the taxonomies already registered, as
// register_taxonomy_for_object_type does.

// postTypeAttributes are the supports that give a post type's schema fields
// (WP_REST_Posts_Controller::get_item_schema's $post_type_attributes).
var postTypeAttributes = []string{"title", "editor", "author", "excerpt", "thumbnail", "comments", "revisions",
	"page-attributes", "post-formats", "custom-fields"}

// namePattern is what the mock accepts as a post type's or taxonomy's name: what
// sanitize_key leaves unchanged.
var namePattern = regexp.MustCompile(`^[a-z0-9_-]+$`)

// RegisterPostType is register_post_type(name, args). Core's types cannot be
// registered again.
func (g *Registry) RegisterPostType(name string, args wpfunc.Object) error {
	switch {
	case len(name) == 0 || len(name) > 20 || !namePattern.MatchString(name):
		return fmt.Errorf("post type name %q: 1 to 20 lower-case letters, digits, _ or -", name)
	case g.PostType(name) != nil || slices.ContainsFunc(UnservedPostTypes, func(pt *PostType) bool { return pt.Slug == name }) ||
		slices.Contains(g.hidden, name) || hiddenAnywhere(name):
		return fmt.Errorf("post type %q is registered already", name)
	}
	a := argsOf(args)
	public := a.bool("public", false)
	pt := &PostType{Slug: name, Description: a.str("description", ""), Hierarchical: a.bool("hierarchical", false),
		HasArchive: false, ShowUI: a.bool("show_ui", public), Viewable: a.bool("publicly_queryable", public),
		RestBase: a.str("rest_base", name), Namespace: a.str("rest_namespace", "wp/v2")}
	pt.ShowInNavMenus = a.bool("show_in_nav_menus", public)
	pt.GraphQL = graphQLNames(a)
	if pt.Viewable != public {
		pt.Public = &public
	}
	if v, ok := args.Get("has_archive"); ok {
		switch x := v.(type) {
		case bool:
			pt.HasArchive = x
		case string:
			pt.HasArchive = x
		}
	}
	if v, ok := args.Get("menu_icon"); ok {
		pt.Icon = v
	}
	features := []string{"title", "editor"}
	if v, ok := args.Get("supports"); ok {
		features, _ = stringList(v) // false: none at all
	}
	pt.Supports = Features(features...)
	if slices.Contains(features, "editor") && !slices.Contains(features, "autosave") {
		pt.Supports = append(pt.Supports, KV("autosave", true).Since(wpversion.V66))
	}
	for _, f := range postTypeAttributes {
		if slices.Contains(features, f) {
			pt.Attributes = append(pt.Attributes, f)
		}
	}
	deletes := slices.Contains(features, "author")
	if v, ok := args.Get("delete_with_user"); ok {
		if b, isBool := v.(bool); isBool {
			deletes = b
		}
	}
	pt.DeleteWithUser = &deletes
	pt.Caps = typeCaps(a)
	pt.Labels = customLabels(a, name, pageLabels, postLabels, pt.Hierarchical,
		func(singular string) Member { return singleItem(singular) })
	pt.Rewrite, pt.NoFront = rewriteOf(args, name)
	pt.Var = name
	if v, ok := args.Get("query_var"); ok {
		switch x := v.(type) {
		case bool:
			if !x {
				pt.Var = ""
			}
		case string:
			pt.Var = x
		}
	}
	if !a.bool("show_in_rest", false) {
		g.hidden = append(g.hidden, name)
		return nil
	}
	g.PostTypes = append(g.PostTypes, pt)
	if v, ok := args.Get("taxonomies"); ok {
		names, _ := stringList(v)
		for _, tax := range names {
			g.addObjectType(tax, name)
		}
	}
	g.linkTaxonomies()
	return nil
}

// RegisterTaxonomy is register_taxonomy(name, objectTypes, args).
func (g *Registry) RegisterTaxonomy(name string, objectTypes []string, args wpfunc.Object) error {
	switch {
	case len(name) == 0 || len(name) > 32 || !namePattern.MatchString(name):
		return fmt.Errorf("taxonomy name %q: 1 to 32 lower-case letters, digits, _ or -", name)
	case g.Taxonomy(name) != nil || slices.Contains(HiddenTaxonomies, name) ||
		slices.ContainsFunc(UnservedTaxonomies, func(t *Taxonomy) bool { return t.Slug == name }):
		return fmt.Errorf("taxonomy %q is registered already", name)
	}
	a := argsOf(args)
	public := a.bool("public", true)
	showUI := a.bool("show_ui", public)
	t := &Taxonomy{Slug: name, Description: a.str("description", ""), Hierarchical: a.bool("hierarchical", false),
		RestBase: a.str("rest_base", name), Namespace: a.str("rest_namespace", "wp/v2"),
		ShowCloud: a.bool("show_tagcloud", showUI), Types: slices.Clone(objectTypes),
		Visibility: wpfunc.Object{{Key: "public", Value: public},
			{Key: "publicly_queryable", Value: a.bool("publicly_queryable", public)},
			{Key: "show_admin_column", Value: a.bool("show_admin_column", false)},
			{Key: "show_in_nav_menus", Value: a.bool("show_in_nav_menus", public)},
			{Key: "show_in_quick_edit", Value: a.bool("show_in_quick_edit", showUI)},
			{Key: "show_ui", Value: showUI}}, GraphQL: graphQLNames(a)}
	t.Caps = wpfunc.Object{{Key: "manage_terms", Value: "manage_categories"}, {Key: "edit_terms", Value: "manage_categories"},
		{Key: "delete_terms", Value: "manage_categories"}, {Key: "assign_terms", Value: "edit_posts"}}
	if over, ok := a.obj("capabilities"); ok {
		for _, m := range over {
			if s, ok := m.Value.(string); ok {
				t.Caps = t.Caps.Set(m.Key, s)
			}
		}
	}
	t.Labels = customLabels(a, name, categoryLabels.Without("template_name"), TagLabels.Without("template_name"),
		t.Hierarchical, nil)
	singular, _ := t.Labels.At(wpversion.V71).Get("singular_name")
	t.Labels = append(t.Labels, KV("template_name", fmt.Sprint(singular)+" Archives").Since(wpversion.V66))
	if v, ok := args.Get("default_term"); ok {
		// register_taxonomy (5.5+) inserts the default term unless it exists and keeps
		// its id in the option default_term_<taxonomy>; wp_insert_post gives it to an
		// item of any of the taxonomy's types saved without a term of it, and
		// map_meta_cap refuses delete_term on it.
		t.DefaultOption, t.DefaultFor = DefaultTermOption+name, slices.Clone(objectTypes)
		t.DefaultName, _ = v.(string)
		if o, isObj := v.(wpfunc.Object); isObj {
			t.DefaultName = argsOf(o).str("name", "")
		}
	}
	t.Rewrite, t.NoFront = rewriteOf(args, name)
	if rw, ok := a.obj("rewrite"); ok {
		t.RewriteHierarchical = argsOf(rw).bool("hierarchical", false)
	}
	t.Var = name
	if v, ok := args.Get("query_var"); ok {
		if s, isStr := v.(string); isStr {
			t.Var = s
		} else if b, isBool := v.(bool); isBool && !b {
			t.Var = ""
		}
	}
	if !a.bool("show_in_rest", false) {
		return nil // registered, never shown: nothing of it reaches the REST API
	}
	g.Taxonomies = append(g.Taxonomies, t)
	g.linkTaxonomies()
	return nil
}

// hiddenAnywhere says whether some version registers name as a hidden post type.
func hiddenAnywhere(name string) bool {
	return slices.ContainsFunc(HiddenPostTypes, func(m Member) bool { return m.Key == name })
}

// addObjectType is register_taxonomy_for_object_type: the served taxonomy tax (a copy
// of its declaration, which core's lists share) gets typ among its object types.
func (g *Registry) addObjectType(tax, typ string) {
	for i, t := range g.Taxonomies {
		if t.Slug == tax && !slices.Contains(t.Types, typ) {
			c := *t
			c.Types = append(slices.Clone(t.Types), typ)
			if c.DefaultOption != "" && c.DefaultTerm == 0 { // a site's default_term reaches the new type too
				c.DefaultFor = append(slices.Clone(t.DefaultFor), typ)
			}
			g.Taxonomies[i] = &c
		}
	}
}

// linkTaxonomies gives each served post type the served taxonomies it is an object
// type of, in registration order (get_object_taxonomies), on a copy of its
// declaration where they changed.
func (g *Registry) linkTaxonomies() {
	for i, pt := range g.PostTypes {
		list := []string{}
		for _, t := range g.Taxonomies {
			if slices.Contains(t.Types, pt.Slug) {
				list = append(list, t.Slug)
			}
		}
		if !slices.Equal(list, pt.Taxonomies) {
			c := *pt
			c.Taxonomies = list
			g.PostTypes[i] = &c
		}
	}
}

// typeCaps is get_post_type_capabilities for the type's capability_type (a name, or
// its singular and plural), map_meta_cap (true by default for the post and page
// types) and capabilities.
func typeCaps(a args) wpfunc.Object {
	singular, plural := "post", "posts"
	if v, ok := a.o.Get("capability_type"); ok {
		if s, isStr := v.(string); isStr {
			singular, plural = s, s+"s"
		} else if list, _ := stringList(v); len(list) == 2 {
			singular, plural = list[0], list[1]
		}
	}
	mapMeta := singular == "post" || singular == "page"
	if v, ok := a.o.Get("map_meta_cap"); ok {
		mapMeta, _ = v.(bool)
	}
	o := wpfunc.Object{{Key: "edit_post", Value: "edit_" + singular}, {Key: "read_post", Value: "read_" + singular},
		{Key: "delete_post", Value: "delete_" + singular}, {Key: "edit_posts", Value: "edit_" + plural},
		{Key: "edit_others_posts", Value: "edit_others_" + plural}, {Key: "delete_posts", Value: "delete_" + plural},
		{Key: "publish_posts", Value: "publish_" + plural}, {Key: "read_private_posts", Value: "read_private_" + plural}}
	if mapMeta {
		o = append(o, wpfunc.Member{Key: "read", Value: "read"},
			wpfunc.Member{Key: "delete_private_posts", Value: "delete_private_" + plural},
			wpfunc.Member{Key: "delete_published_posts", Value: "delete_published_" + plural},
			wpfunc.Member{Key: "delete_others_posts", Value: "delete_others_" + plural},
			wpfunc.Member{Key: "edit_private_posts", Value: "edit_private_" + plural},
			wpfunc.Member{Key: "edit_published_posts", Value: "edit_published_" + plural})
	}
	if over, ok := a.obj("capabilities"); ok {
		for _, m := range over {
			if s, ok := m.Value.(string); ok {
				o = o.Set(m.Key, s)
			}
		}
	}
	edit, _ := o.Get("edit_posts")
	if _, ok := o.Get("create_posts"); !ok {
		o = append(o, wpfunc.Member{Key: "create_posts", Value: edit})
	}
	return o
}

// customLabels is get_post_type_labels / get_taxonomy_labels of a site's own type or
// taxonomy: the hierarchical or flat defaults, with the labels it was given and what
// _get_custom_object_labels fills in from them (singular_name from name,
// name_admin_bar from singular_name or the name, menu_name from name, all_items from
// menu_name, archives from all_items). single, when not nil, is 6.6's template_name
// of a post type whose singular_name is known.
func customLabels(a args, name string, hier, flat Members, hierarchical bool, single func(string) Member) Members {
	given, _ := a.obj("labels")
	var over Members
	has := func(k string) (string, bool) {
		for _, m := range over {
			if m.Key == k {
				s, _ := m.Value.Base.(string)
				return s, true
			}
		}
		return "", false
	}
	for _, m := range given {
		over = append(over, KV(m.Key, m.Value))
	}
	if _, ok := has("name"); !ok {
		if l := a.str("label", ""); l != "" {
			over = append(over, KV("name", l))
		}
	}
	fill := func(key, from string) {
		if _, ok := has(key); !ok {
			if v, ok := has(from); ok {
				over = append(over, KV(key, v))
			}
		}
	}
	fill("singular_name", "name")
	if _, ok := has("name_admin_bar"); !ok {
		if s, ok := has("singular_name"); ok {
			over = append(over, KV("name_admin_bar", s))
		} else {
			over = append(over, KV("name_admin_bar", name))
		}
	}
	fill("menu_name", "name")
	fill("all_items", "menu_name")
	fill("archives", "all_items")
	base := flat
	if hierarchical {
		base = hier
	}
	out := base.With(over...)
	if s, ok := has("singular_name"); ok && single != nil {
		if _, given := has("template_name"); !given {
			out = append(out, single(s))
		}
	}
	return out
}

// rewriteOf is the rewrite argument: its slug (the name by default; "" when rewrite
// is false) and whether with_front is false (it is true by default).
func rewriteOf(args wpfunc.Object, name string) (string, bool) {
	v, ok := args.Get("rewrite")
	if !ok {
		return name, false
	}
	switch x := v.(type) {
	case bool:
		if !x {
			return "", false
		}
		return name, false
	case wpfunc.Object:
		a := argsOf(x)
		return strings.Trim(a.str("slug", name), "/"), !a.bool("with_front", true)
	}
	return name, false
}

// args reads a registration's arguments with their defaults (wp_parse_args).
type args struct{ o wpfunc.Object }

func argsOf(o wpfunc.Object) args { return args{o} }

func (a args) bool(key string, def bool) bool {
	if v, ok := a.o.Get(key); ok {
		if b, isBool := v.(bool); isBool {
			return b
		}
	}
	return def
}

func (a args) str(key, def string) string {
	if v, ok := a.o.Get(key); ok {
		if s, isStr := v.(string); isStr && s != "" {
			return s
		}
	}
	return def
}

func (a args) obj(key string) (wpfunc.Object, bool) {
	v, ok := a.o.Get(key)
	o, isObj := v.(wpfunc.Object)
	return o, ok && isObj
}

// stringList is a JSON list of strings; ok is false for anything else.
func stringList(v any) ([]string, bool) {
	list, ok := v.([]any)
	if !ok {
		return nil, false
	}
	out := make([]string, 0, len(list))
	for _, x := range list {
		s, isStr := x.(string)
		if !isStr {
			return nil, false
		}
		out = append(out, s)
	}
	return out, true
}

// MetaKey is a registered meta key (register_meta), read from its declaration by
// fixtures.ReadMeta (the one reading the dataset validator shares), with its REST
// schemas as get_registered_fields builds them.
type MetaKey struct {
	ObjectType string // post, term, user, comment
	Subtype    string // the post type or taxonomy; "" for every one
	Key        string // the meta key the rows have
	// Name is the key's name in the meta field (show_in_rest.name, else Key).
	Name       string
	ShowInRest bool
	Single     bool
	// Default is register_meta's default where HasDefault: get_metadata's value for
	// an object without the key (filter_default_metadata).
	Default    any
	HasDefault bool
	// AuthAllowed is the auth_callback's answer: writes of the key need it.
	AuthAllowed bool
	// Revisioned: revisions_enabled, the key is copied into revisions.
	Revisioned bool
	// Schema is the key's property in the meta field's schema without the title
	// (before 6.7), SchemaTitled with it (6.7 prints the label as title).
	Schema, SchemaTitled wpfunc.Object
}

// RegisterMeta is register_meta of a key read and checked by fixtures.ReadMeta; a
// key registered again for the same object type and subtype replaces the first,
// in its place, as $wp_meta_keys does.
func (g *Registry) RegisterMeta(k *MetaKey) {
	for i, o := range g.Meta {
		if o.ObjectType == k.ObjectType && o.Subtype == k.Subtype && o.Key == k.Key {
			g.Meta[i] = k
			return
		}
	}
	g.Meta = append(g.Meta, k)
}

// RestField is a field register_rest_field added to objects of its types: its
// schema (type, description, context, readonly, default, ...) as given. Its value
// is the item's own (the mock keeps what a dataset or a write gave), else the
// schema's default, else null.
type RestField struct {
	ObjectTypes []string
	Attribute   string
	Schema      wpfunc.Object
	// NoUpdate: the field has no update_callback (the declaration's update false):
	// writes validate it (unless readonly) and store nothing.
	NoUpdate bool
}

// ReadOnly says whether writes may not set the field (its schema's readonly).
func (f *RestField) ReadOnly() bool { return argsOf(f.Schema).bool("readonly", false) }

// Default is the schema's default, nil when it has none.
func (f *RestField) Default() any {
	v, _ := f.Schema.Get("default")
	return v
}

// RegisterRestField is register_rest_field(objectTypes, attribute, {schema: ...}).
func (g *Registry) RegisterRestField(objectTypes []string, attribute string, args wpfunc.Object) error {
	schema, _ := argsOf(args).obj("schema")
	switch {
	case attribute == "":
		return fmt.Errorf("rest field: no attribute")
	case len(objectTypes) == 0:
		return fmt.Errorf("rest field %q: no object_type", attribute)
	}
	if _, ok := schema.Get("type"); !ok && schema != nil {
		return fmt.Errorf("rest field %q: its schema has no type", attribute)
	}
	g.Fields = append(g.Fields, &RestField{ObjectTypes: slices.Clone(objectTypes), Attribute: attribute, Schema: schema,
		NoUpdate: !argsOf(args).bool("update", true)})
	return nil
}
