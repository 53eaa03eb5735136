package wp

import (
	"github.com/wpmock/wpmock/mock/store"
	"github.com/wpmock/wpmock/mock/wpfunc"
	"github.com/wpmock/wpmock/mock/wpversion"
	"slices"
)

// DefaultCategory is the default_category option: category 1 "Uncategorized", which
// nobody may delete and which posts fall back to.
const DefaultCategory = 1

// DefaultTermOption prefixes the option holding a site's taxonomy's default term id
// (register_taxonomy's default_term): default_term_<taxonomy>.
const DefaultTermOption = "default_term_"

// Taxonomy is a registered taxonomy (WP_Taxonomy) as the REST API shows it. Its REST
// name is $taxonomy->label, its labels' name.
type Taxonomy struct {
	Slug, Description string
	Caps              wpfunc.Object // $taxonomy->cap
	Labels            Members       // get_taxonomy_labels, per version
	Types             []string      // object_type
	ShowCloud         bool
	Hierarchical      bool
	RestBase          string
	// Visibility in output order: public, publicly_queryable, show_admin_column,
	// show_in_nav_menus, show_in_quick_edit, show_ui (all true for both taxonomies).
	Visibility wpfunc.Object
	// Shown is the versions that show the taxonomy in REST.
	Shown wpversion.Span
	// DefaultTerm is the term a post of a type in DefaultFor gets when it is saved
	// with none of the taxonomy's: default_category, which wp_set_post_categories
	// gives posts only; for a site's own taxonomy, register_taxonomy's default_term,
	// which wp_insert_post gives every type of the taxonomy. 0: none. The term cannot
	// be deleted, and a post losing its last term gets it again.
	DefaultTerm int
	DefaultFor  []string
	// DefaultOption is the option that holds the default term where the site may
	// change it (default_category; the settings' default_category); DefaultTerm is its
	// value on a new site.
	DefaultOption string
	// DefaultName is the name of a site's own taxonomy's default_term: register_taxonomy
	// runs on every request and points default_term_<taxonomy> at the term of that
	// name (term_exists), so a dataset without the option (a clone) finds it too.
	DefaultName string
	// Rewrite is the rewrite slug of the taxonomy's term links (/<Rewrite>/<slug>/);
	// RewriteHierarchical puts the ancestors' slugs before the term's.
	Rewrite             string
	RewriteHierarchical bool
	// Var is the taxonomy's query_var where it is not its name (tag for post_tag,
	// category_name for category): a term's plain link is ?<query var>=<slug>.
	Var string
	// Namespace is the taxonomy's REST namespace (wp/v2 unless a site's own names
	// another); NoFront: its term links do not start with the structure's front
	// (rewrite's with_front false).
	Namespace string
	NoFront   bool
	// GraphQL names the taxonomy in WPGraphQL's schema (show_in_graphql); nil: not
	// shown there.
	GraphQL *GraphQLNames
}

// RESTNamespace is the taxonomy's REST namespace.
func (t *Taxonomy) RESTNamespace() string {
	if t.Namespace == "" {
		return "wp/v2"
	}
	return t.Namespace
}

// Route is the taxonomy's collection route, "/" + rest_namespace + "/" + rest_base.
func (t *Taxonomy) Route() string { return "/" + t.RESTNamespace() + "/" + t.RestBase }

// QueryVar is the taxonomy's query_var.
func (t *Taxonomy) QueryVar() string {
	if t.Var != "" {
		return t.Var
	}
	return t.Slug
}

// Default is the taxonomy's default term on the site: its option's value, or
// DefaultTerm (0: none).
func (t *Taxonomy) Default(tx *store.Tx) int {
	if t.DefaultName != "" {
		for _, term := range tx.Terms(t.Slug) {
			if term.Name == t.DefaultName {
				return term.ID
			}
		}
	}
	if t.DefaultOption != "" {
		if _, set := tx.Option(t.DefaultOption); set {
			return OptionInt(tx, t.DefaultOption)
		}
	}
	return t.DefaultTerm
}

// DefaultTermFor is the term a post of the type gets when it has none of the
// taxonomy's (0: none).
func (t *Taxonomy) DefaultTermFor(tx *store.Tx, typ string) int {
	if slices.Contains(t.DefaultFor, typ) {
		return t.Default(tx)
	}
	return 0
}

// termMetaCaps are map_meta_cap's mappings of the term meta capabilities category and
// post_tag declare; every other taxonomy's caps are primitive.
var termMetaCaps = map[string]string{
	"assign_categories": "edit_posts", "assign_post_tags": "edit_posts",
	"edit_categories": "manage_categories", "edit_post_tags": "manage_categories",
	"delete_categories": "manage_categories", "delete_post_tags": "manage_categories",
}

// PrimitiveCap is $taxonomy->cap->{name} as map_meta_cap resolves it.
func (t *Taxonomy) PrimitiveCap(name string) string {
	v, _ := t.Caps.Get(name)
	c, _ := v.(string)
	if p, ok := termMetaCaps[c]; ok {
		return p
	}
	return c
}

// AssignCap is $taxonomy->cap->assign_terms (edit_posts for category and post_tag).
func (t *Taxonomy) AssignCap() string { return t.PrimitiveCap("assign_terms") }

// EditCap is $taxonomy->cap->edit_terms (manage_categories for category and post_tag).
func (t *Taxonomy) EditCap() string { return t.PrimitiveCap("edit_terms") }

func termCaps(plural string) wpfunc.Object {
	return wpfunc.Object{{"manage_terms", "manage_" + plural}, {"edit_terms", "edit_" + plural},
		{"delete_terms", "delete_" + plural}, {"assign_terms", "assign_" + plural}}
}

func PublicTaxonomyVisibility() wpfunc.Object {
	return wpfunc.Object{{"public", true}, {"publicly_queryable", true}, {"show_admin_column", true},
		{"show_in_nav_menus", true}, {"show_in_quick_edit", true}, {"show_ui", true}}
}

// Label texts both taxonomies share (get_taxonomy_labels defaults, en_US). 6.6 adds
// template_name ("<singular> Archives"); 6.8 drops "New" from add_new_item.
const (
	labelNameField = "The name is how it appears on your site."
	labelSlugField = "The &#8220;slug&#8221; is the URL-friendly version of the name. It is usually all lowercase and contains only letters, numbers, and hyphens."
	labelDescField = "The description is not prominent by default; however, some themes may show it."
)

// Taxonomies are the taxonomies the mock serves (routes, store, post fields,
// search), in registration order; WordPress lists them first.
var Taxonomies = []*Taxonomy{
	{Slug: "category", Caps: termCaps("categories"), Types: []string{"post"}, ShowCloud: true,
		Hierarchical: true, RestBase: "categories", DefaultTerm: DefaultCategory, DefaultFor: []string{"post"}, DefaultOption: "default_category",
		Rewrite: "category", RewriteHierarchical: true, Var: "category_name", Visibility: PublicTaxonomyVisibility(), Labels: categoryLabels.With(
			KV("template_name", "Category Archives").Since(wpversion.V66))},
	{Slug: "post_tag", Caps: termCaps("post_tags"), Types: []string{"post"}, ShowCloud: true,
		RestBase: "tags", Rewrite: "tag", Var: "tag", Visibility: PublicTaxonomyVisibility(), Labels: TagLabels},
	// The classic menus (WP_REST_Menus_Controller, mock/menus.go); labels are the non-hierarchical defaults with its names, and an
	// archives label before 6.6's template_name.
	{Slug: "nav_menu", RestBase: "menus", Types: []string{"nav_menu_item"},
		Caps: wpfunc.Object{{"manage_terms", "edit_theme_options"}, {"edit_terms", "edit_theme_options"},
			{"delete_terms", "edit_theme_options"}, {"assign_terms", "edit_theme_options"}},
		Visibility: hiddenTaxonomyVisibility(false),
		Labels: TagLabels.Without("template_name").With(KV("name", "Navigation Menus"),
			KV("singular_name", "Navigation Menu"), KV("all_items", "Navigation Menus"),
			KV("menu_name", "Navigation Menus"), KV("name_admin_bar", "Navigation Menu"),
			KV("archives", "Navigation Menus"), KV("template_name", "Navigation Menu Archives").Since(wpversion.V66))},
}

// categoryLabels are category's labels, get_taxonomy_labels' hierarchical defaults
// (without 6.6's template_name, which names the taxonomy).
var categoryLabels = Members{
	KV("name", "Categories"), KV("singular_name", "Category"), KV("search_items", "Search Categories"),
	KV("popular_items", nil), KV("all_items", "All Categories"), KV("parent_item", "Parent Category"),
	KV("parent_item_colon", "Parent Category:"), KV("name_field_description", labelNameField),
	KV("slug_field_description", labelSlugField),
	KV("parent_field_description", "Assign a parent term to create a hierarchy. The term Jazz, for example, would be the parent of Bebop and Big Band."),
	KV("desc_field_description", labelDescField), KV("edit_item", "Edit Category"),
	KV("view_item", "View Category"), KV("update_item", "Update Category"),
	KV("add_new_item", "Add New Category").Changes(From(wpversion.V68, "Add Category")),
	KV("new_item_name", "New Category Name"), KV("separate_items_with_commas", nil),
	KV("add_or_remove_items", nil), KV("choose_from_most_used", nil), KV("not_found", "No categories found."),
	KV("no_terms", "No categories"), KV("filter_by_item", "Filter by category"),
	KV("items_list_navigation", "Categories list navigation"), KV("items_list", "Categories list"),
	KV("most_used", "Most Used"), KV("back_to_items", "&larr; Go to Categories"), KV("item_link", "Category Link"),
	KV("item_link_description", "A link to a category."), KV("menu_name", "Categories"),
	KV("name_admin_bar", "category"),
}

// TagLabels are post_tag's labels, get_taxonomy_labels' non-hierarchical defaults
// (which nav_menu shares).
var TagLabels = Members{
	KV("name", "Tags"), KV("singular_name", "Tag"), KV("search_items", "Search Tags"),
	KV("popular_items", "Popular Tags"), KV("all_items", "All Tags"), KV("parent_item", nil),
	KV("parent_item_colon", nil), KV("name_field_description", labelNameField),
	KV("slug_field_description", labelSlugField), KV("parent_field_description", nil),
	KV("desc_field_description", labelDescField), KV("edit_item", "Edit Tag"), KV("view_item", "View Tag"),
	KV("update_item", "Update Tag"), KV("add_new_item", "Add New Tag").Changes(From(wpversion.V68, "Add Tag")),
	KV("new_item_name", "New Tag Name"),
	KV("separate_items_with_commas", "Separate tags with commas"),
	KV("add_or_remove_items", "Add or remove tags"),
	KV("choose_from_most_used", "Choose from the most used tags"), KV("not_found", "No tags found."),
	KV("no_terms", "No tags"), KV("filter_by_item", nil), KV("items_list_navigation", "Tags list navigation"),
	KV("items_list", "Tags list"), KV("most_used", "Most Used"), KV("back_to_items", "&larr; Go to Tags"),
	KV("item_link", "Tag Link"), KV("item_link_description", "A link to a tag."), KV("menu_name", "Tags"),
	KV("name_admin_bar", "post_tag"), KV("template_name", "Tag Archives").Since(wpversion.V66),
}

// HiddenTaxonomies are registered in WordPress 6.1 but not shown in REST: their
// permission callback returns false (rest_forbidden).
var HiddenTaxonomies = []string{"link_category", "post_format", "wp_theme", "wp_template_part_area"}
