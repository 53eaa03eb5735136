package mock

import "github.com/wpmock/wpmock/mock/rest"

// The taxonomies WordPress shows in REST whose routes the mock does not serve:
// /taxonomies lists and describes them exactly as WordPress does
// (create_initial_taxonomies), but they have no terms, and their wp:items links
// (/wp/v2/menus, /wp/v2/wp_pattern_category) answer rest_no_route. Nothing but the
// /taxonomies controller and the /types taxonomies field read this list.

// unservedTaxonomies are the REST taxonomies the mock describes without serving, in
// registration order (after category and post_tag). link_category, post_format,
// wp_theme and wp_template_part_area are registered too but not shown in REST
// (hiddenTaxonomies).
var unservedTaxonomies = []*taxonomy{
	// The classic menus; labels are the non-hierarchical defaults with its names, and an
	// archives label before 6.6's template_name.
	{Slug: "nav_menu", RestBase: "menus", Types: []string{"nav_menu_item"},
		Caps: rest.Object{{"manage_terms", "edit_theme_options"}, {"edit_terms", "edit_theme_options"},
			{"delete_terms", "edit_theme_options"}, {"assign_terms", "edit_theme_options"}},
		Visibility: hiddenTaxonomyVisibility(false),
		Labels: tagLabels.without("template_name").with(kv("name", "Navigation Menus"),
			kv("singular_name", "Navigation Menu"), kv("all_items", "Navigation Menus"),
			kv("menu_name", "Navigation Menus"), kv("name_admin_bar", "Navigation Menu"),
			kv("archives", "Navigation Menus"), kv("template_name", "Navigation Menu Archives").since(rest.V66))},
	// 6.4: the categories of synced patterns (wp_block), with register_taxonomy's
	// default caps.
	{Slug: "wp_pattern_category", RestBase: "wp_pattern_category", Types: []string{"wp_block"},
		Shown: rest.Span{Since: rest.V64},
		Caps: rest.Object{{"manage_terms", "manage_categories"}, {"edit_terms", "manage_categories"},
			{"delete_terms", "manage_categories"}, {"assign_terms", "edit_posts"}},
		Visibility: hiddenTaxonomyVisibility(true),
		Labels: tagLabels.without("template_name").with(kv("name", "Pattern Categories"),
			kv("singular_name", "Pattern Category"), kv("search_items", "Search Pattern Categories"),
			kv("popular_items", "Popular Pattern Categories"), kv("all_items", "Pattern Categories"),
			kv("edit_item", "Edit Pattern Category"), kv("view_item", "View Pattern Category"),
			kv("update_item", "Update Pattern Category"),
			kv("add_new_item", "Add New Category").changes(from(rest.V68, "Add Category")),
			kv("new_item_name", "New Pattern Category Name"),
			kv("separate_items_with_commas", "Separate pattern categories with commas"),
			kv("add_or_remove_items", "Add or remove pattern categories"),
			kv("choose_from_most_used", "Choose from the most used pattern categories"),
			kv("not_found", "No pattern categories found."), kv("no_terms", "No pattern categories"),
			kv("items_list_navigation", "Pattern Categories list navigation"),
			kv("items_list", "Pattern Categories list"), kv("back_to_items", "&larr; Go to Pattern Categories"),
			kv("item_link", "Pattern Category Link"), kv("item_link_description", "A link to a pattern category."),
			kv("menu_name", "Pattern Categories"), kv("name_admin_bar", "Pattern Category"),
			kv("archives", "Pattern Categories"), kv("template_name", "Pattern Category Archives").since(rest.V66))},
}

// hiddenTaxonomyVisibility is the visibility of a taxonomy that is not public: shown
// in the admin (show_ui, with its column and quick edit) or not at all.
func hiddenTaxonomyVisibility(ui bool) rest.Object {
	return rest.Object{{"public", false}, {"publicly_queryable", false}, {"show_admin_column", ui},
		{"show_in_nav_menus", false}, {"show_in_quick_edit", ui}, {"show_ui", ui}}
}

// shownTaxonomies are the taxonomies version v shows in REST, served first, in
// WordPress's order.
func shownTaxonomies(v rest.Version) []*taxonomy {
	var out []*taxonomy
	for _, list := range [][]*taxonomy{taxonomyList, unservedTaxonomies} {
		for _, t := range list {
			if t.Shown.In(v) {
				out = append(out, t)
			}
		}
	}
	return out
}
