package compare

import "net/http"

// The types and taxonomies rows: every post type and taxonomy WordPress shows in REST,
// the ones the mock serves and the ones it only describes (menus, patterns,
// templates, navigation, global styles, fonts), read by each role: the edit context
// lists only what the caller may edit (edit_posts, edit_pages, edit_theme_options;
// assign_terms), and refuses an item the caller may not.
func typeRows() []row {
	var rs []row
	get := func(path, as, note string, expect ...string) {
		rs = append(rs, row{method: http.MethodGet, path: path, as: as, note: note, expect: expect})
	}
	for _, as := range []string{"editor", "contributor"} {
		get("/wp/v2/types?context=edit", as, "the types this role may edit")
		get("/wp/v2/taxonomies?context=edit", as, "the taxonomies this role may assign")
	}
	get("/wp/v2/types/wp_block?context=edit", "contributor", "reusable blocks need edit_posts")
	get("/wp/v2/types/wp_template?context=edit", "editor", "templates need edit_theme_options")
	get("/wp/v2/types/nav_menu_item?context=edit", "", "menu items need edit_theme_options")
	get("/wp/v2/types/wp_navigation", "", "a type the mock does not serve", "rest_base", "navigation")
	get("/wp/v2/types/wp_font_face?context=embed", "", "fonts, from 6.5")
	get("/wp/v2/types/wp_global_styles", "", "global styles, shown from 6.6")
	get("/wp/v2/taxonomies?type=nav_menu_item", "", "the menu taxonomy")
	get("/wp/v2/taxonomies?type=wp_block&context=edit", "contributor", "pattern categories, from 6.4")
	get("/wp/v2/taxonomies/nav_menu?context=edit", "editor", "menus need edit_theme_options")
	get("/wp/v2/taxonomies/nav_menu", "", "a taxonomy the mock does not serve", "rest_base", "menus")
	get("/wp/v2/taxonomies/wp_pattern_category?context=edit", "subscriber", "pattern categories need edit_posts")
	return rs
}
