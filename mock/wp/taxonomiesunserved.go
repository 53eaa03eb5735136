package wp

import (
	"github.com/wpmock/wpmock/mock/wpfunc"
	"github.com/wpmock/wpmock/mock/wpversion"
)

// The taxonomies WordPress shows in REST whose routes the mock does not serve:
// /taxonomies lists and describes them exactly as WordPress does
// (create_initial_taxonomies), but they have no terms, and their wp:items links
// (/wp/v2/wp_pattern_category) answer rest_no_route. Nothing but the
// /taxonomies controller and the /types taxonomies field read this list.

// UnservedTaxonomies are the REST taxonomies the mock describes without serving, in
// registration order (after category, post_tag and nav_menu). link_category, post_format,
// wp_theme and wp_template_part_area are registered too but not shown in REST
// (HiddenTaxonomies).
var UnservedTaxonomies = []*Taxonomy{
	// 6.4: the categories of synced patterns (wp_block), with register_taxonomy's
	// default caps.
	{Slug: "wp_pattern_category", RestBase: "wp_pattern_category", Types: []string{"wp_block"},
		Shown: wpversion.Span{Since: wpversion.V64},
		Caps: wpfunc.Object{{"manage_terms", "manage_categories"}, {"edit_terms", "manage_categories"},
			{"delete_terms", "manage_categories"}, {"assign_terms", "edit_posts"}},
		Visibility: hiddenTaxonomyVisibility(true),
		Labels: TagLabels.Without("template_name").With(KV("name", "Pattern Categories"),
			KV("singular_name", "Pattern Category"), KV("search_items", "Search Pattern Categories"),
			KV("popular_items", "Popular Pattern Categories"), KV("all_items", "Pattern Categories"),
			KV("edit_item", "Edit Pattern Category"), KV("view_item", "View Pattern Category"),
			KV("update_item", "Update Pattern Category"),
			KV("add_new_item", "Add New Category").Changes(From(wpversion.V68, "Add Category")),
			KV("new_item_name", "New Pattern Category Name"),
			KV("separate_items_with_commas", "Separate pattern categories with commas"),
			KV("add_or_remove_items", "Add or remove pattern categories"),
			KV("choose_from_most_used", "Choose from the most used pattern categories"),
			KV("not_found", "No pattern categories found."), KV("no_terms", "No pattern categories"),
			KV("items_list_navigation", "Pattern Categories list navigation"),
			KV("items_list", "Pattern Categories list"), KV("back_to_items", "&larr; Go to Pattern Categories"),
			KV("item_link", "Pattern Category Link"), KV("item_link_description", "A link to a pattern category."),
			KV("menu_name", "Pattern Categories"), KV("name_admin_bar", "Pattern Category"),
			KV("archives", "Pattern Categories"), KV("template_name", "Pattern Category Archives").Since(wpversion.V66))},
}

// hiddenTaxonomyVisibility is the visibility of a taxonomy that is not public: shown
// in the admin (show_ui, with its column and quick edit) or not at all.
func hiddenTaxonomyVisibility(ui bool) wpfunc.Object {
	return wpfunc.Object{{"public", false}, {"publicly_queryable", false}, {"show_admin_column", ui},
		{"show_in_nav_menus", false}, {"show_in_quick_edit", ui}, {"show_ui", ui}}
}
