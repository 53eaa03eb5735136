package wp

import (
	"github.com/wpmock/wpmock/mock/wpfunc"
	"github.com/wpmock/wpmock/mock/wpversion"
)

// The post types WordPress shows in REST whose routes the mock does not serve: /types
// lists and describes them exactly as WordPress does (create_initial_post_types), but
// they have no posts, queries or writes, and their wp:items links (blocks, templates,
// template-parts, global-styles, navigation, font-families, ...) answer rest_no_route. Nothing but the /types controller reads this list: routes, search
// subtypes, permissions and writes read PostTypes.
//
// Values are checked against WordPress 6.1, 6.8 and 7.1 (testdata captures). The
// releases in between are not profiles, so when a change lies between two checked
// versions its date comes from WordPress's history where found (templates'
// item_updated: 6.6, changeset 58055; navigation's: 7.0, ticket 64611), else it is
// the release that brought the feature (synced patterns 6.3, pattern categories 6.4,
// the font library 6.5) or changed the post defaults alike (add_new 6.4 and 6.8).

// uniformCaps is the cap object of a type whose meta capabilities use singular
// (edit_<singular>, read_<singular>, delete_<singular>) and whose primitive ones all
// map to primitive, with the exceptions over, as the type's capabilities argument
// sets them.
func uniformCaps(singular, primitive string, over ...wpfunc.Member) wpfunc.Object {
	o := postTypeCaps(singular, primitive)
	for i := 3; i < len(o); i++ {
		o[i].Value = primitive
	}
	return capsWith(o, over...)
}

// capsWith replaces caps of o by key.
func capsWith(o wpfunc.Object, over ...wpfunc.Member) wpfunc.Object {
	for _, m := range over {
		o = o.Set(m.Key, m.Value)
	}
	return o
}

// capKV is one cap of an exception list.
func capKV(key, value string) wpfunc.Member { return wpfunc.Member{Key: key, Value: value} }

// singleItem is 6.6's template_name label of a type: "Single item: <singular_name>".
func singleItem(singular string) Member {
	return KV("template_name", "Single item: "+singular).Since(wpversion.V66)
}

// typeLabels are the labels of a non-hierarchical type that sets only its names: the
// post defaults with name, singular_name, all_items, archives, menu_name and
// name_admin_bar taken from its names, as _get_custom_object_labels fills them.
func typeLabels(name, singular string) Members {
	return postLabels.With(KV("name", name), KV("singular_name", singular), KV("all_items", name),
		KV("archives", name), KV("menu_name", name), KV("name_admin_bar", singular), singleItem(singular))
}

// blockLabels are wp_block's: "Reusable blocks" until 6.3 renamed them patterns.
var blockLabels = postLabels.With(
	KV("name", "Reusable blocks").Changes(From(wpversion.V63, "Patterns")),
	KV("singular_name", "Reusable block").Changes(From(wpversion.V63, "Pattern")),
	KV("add_new", "Add New").Changes(From(wpversion.V64, "Add New Pattern"), From(wpversion.V68, "Add Pattern")),
	KV("add_new_item", "Add new Reusable block").Changes(From(wpversion.V63, "Add new Pattern"), From(wpversion.V68, "Add Pattern")),
	KV("edit_item", "Edit Reusable block").Changes(From(wpversion.V63, "Edit Block Pattern")),
	KV("new_item", "New Reusable block").Changes(From(wpversion.V63, "New Pattern")),
	KV("view_item", "View Reusable block").Changes(From(wpversion.V63, "View Pattern")),
	KV("view_items", "View Posts").Changes(From(wpversion.V63, "View Patterns")),
	KV("search_items", "Search Reusable blocks").Changes(From(wpversion.V63, "Search Patterns")),
	KV("not_found", "No reusable blocks found.").Changes(From(wpversion.V63, "No patterns found.")),
	KV("not_found_in_trash", "No reusable blocks found in Trash.").Changes(From(wpversion.V63, "No patterns found in Trash.")),
	KV("all_items", "All Reusable blocks").Changes(From(wpversion.V63, "All Patterns")),
	KV("archives", "All Reusable blocks").Changes(From(wpversion.V63, "All Patterns")),
	KV("filter_items_list", "Filter reusable blocks list").Changes(From(wpversion.V63, "Filter patterns list")),
	KV("items_list_navigation", "Reusable blocks list navigation").Changes(From(wpversion.V63, "Patterns list navigation")),
	KV("items_list", "Reusable blocks list").Changes(From(wpversion.V63, "Patterns list")),
	KV("item_published", "Reusable block published.").Changes(From(wpversion.V63, "Pattern published.")),
	KV("item_published_privately", "Reusable block published privately.").Changes(From(wpversion.V63, "Pattern published privately.")),
	KV("item_reverted_to_draft", "Reusable block reverted to draft.").Changes(From(wpversion.V63, "Pattern reverted to draft.")),
	KV("item_scheduled", "Reusable block scheduled.").Changes(From(wpversion.V63, "Pattern scheduled.")),
	KV("item_updated", "Reusable block updated.").Changes(From(wpversion.V63, "Pattern updated.")),
	KV("menu_name", "Reusable blocks").Changes(From(wpversion.V63, "Patterns")),
	KV("name_admin_bar", "Reusable block").Changes(From(wpversion.V63, "Pattern")),
	singleItem("Pattern"),
)

// siteEditorNames are the nouns of a type whose registration sets every label that
// names it (wp_template, wp_template_part, wp_navigation).
type siteEditorNames struct {
	plural, singular, lower string // "Templates", "Template", "template"
	filter, list            string // "Filter <filter> list", "<list> list"
	archives, notFound      string // the archives label; "<notFound> found."
	// updated is the type's item_updated from updatedSince (6.6 for templates and
	// their parts, 7.0 for navigation menus); before, the post default.
	updated      string
	updatedSince wpversion.Version
}

// siteEditorLabels are such a type's labels: add_new names the type from 6.4, and
// 6.8 drops "New" from add_new and add_new_item.
func siteEditorLabels(n siteEditorNames) Members {
	return postLabels.With(
		KV("name", n.plural), KV("singular_name", n.singular),
		KV("add_new", "Add New").Changes(From(wpversion.V64, "Add New "+n.singular), From(wpversion.V68, "Add "+n.singular)),
		KV("add_new_item", "Add New "+n.singular).Changes(From(wpversion.V68, "Add "+n.singular)),
		KV("edit_item", "Edit "+n.singular), KV("new_item", "New "+n.singular), KV("view_item", "View "+n.singular),
		KV("search_items", "Search "+n.plural), KV("not_found", n.notFound+" found."),
		KV("not_found_in_trash", n.notFound+" found in Trash."), KV("parent_item_colon", "Parent "+n.singular+":"),
		KV("all_items", n.plural), KV("archives", n.archives),
		KV("insert_into_item", "Insert into "+n.lower), KV("uploaded_to_this_item", "Uploaded to this "+n.lower),
		KV("filter_items_list", "Filter "+n.filter+" list"),
		KV("items_list_navigation", n.list+" list navigation"), KV("items_list", n.list+" list"),
		KV("item_updated", "Post updated.").Changes(From(n.updatedSince, n.updated)),
		KV("menu_name", n.plural), KV("name_admin_bar", n.singular), singleItem(n.singular),
	)
}

// notServed is the part every unserved type shares: no archive, not viewable, no
// icon, not in nav menus.
func notServed(pt PostType) *PostType {
	pt.HasArchive = false
	return &pt
}

// UnservedPostTypes are the REST post types the mock describes without serving, in
// registration order (after post, page, attachment and nav_menu_item).
var UnservedPostTypes = []*PostType{
	// Reusable blocks, renamed synced patterns in 6.3 (which added excerpts, the sync
	// status meta and trashing drafts with delete_posts).
	notServed(PostType{Slug: "wp_block", RestBase: "blocks", ShowUI: true,
		// capability_type block, with the capabilities it maps to posts'.
		Caps: capsWith(postTypeCaps("block", "publish_posts"), capKV("edit_posts", "edit_posts"),
			capKV("edit_others_posts", "edit_others_posts"), capKV("read", "edit_posts"),
			capKV("delete_published_posts", "delete_published_posts"), capKV("delete_others_posts", "delete_others_posts"),
			capKV("edit_published_posts", "edit_published_posts")),
		CapChanges: Members{KV("delete_posts", "delete_blocks").Changes(From(wpversion.V63, "delete_posts"))},
		Labels:     blockLabels,
		Supports: Members{KV("title", true), KV("excerpt", true).Since(wpversion.V63), KV("editor", true), KV("revisions", true),
			KV("custom-fields", true).Since(wpversion.V63), KV("autosave", true).Since(wpversion.V66)}}),
	notServed(PostType{Slug: "wp_template", RestBase: "templates", Description: "Templates to include in your theme.",
		Caps: uniformCaps("template", "edit_theme_options"),
		Labels: siteEditorLabels(siteEditorNames{plural: "Templates", singular: "Template", lower: "template",
			filter: "templates", list: "Templates", archives: "Template archives", notFound: "No templates",
			updated: "Template updated.", updatedSince: wpversion.V66}),
		Supports: append(Features("title", "slug", "excerpt", "editor", "revisions", "author"), KV("autosave", true).Since(wpversion.V66))}),
	notServed(PostType{Slug: "wp_template_part", RestBase: "template-parts",
		Description: "Template parts to include in your templates.",
		Caps:        uniformCaps("post", "edit_theme_options"),
		Labels: siteEditorLabels(siteEditorNames{plural: "Template Parts", singular: "Template Part",
			lower: "template part", filter: "template parts", list: "Template parts", archives: "Template part archives",
			notFound: "No template parts", updated: "Template part updated.", updatedSince: wpversion.V66}),
		Supports: append(Features("title", "slug", "excerpt", "editor", "revisions", "author"), KV("autosave", true).Since(wpversion.V66))}),
	// Registered since 5.9, shown in REST from 6.6 (before, GET /types/wp_global_styles
	// is rest_cannot_read_type: HiddenPostTypes).
	notServed(PostType{Slug: "wp_global_styles", RestBase: "global-styles", Description: "Global styles to include in themes.",
		Shown: wpversion.Span{Since: wpversion.V66},
		Caps: uniformCaps("post", "edit_theme_options", capKV("delete_posts", "delete_posts"),
			capKV("publish_posts", "publish_posts"), capKV("read_private_posts", "read_private_posts"),
			capKV("read", "edit_posts"), capKV("delete_private_posts", "delete_private_posts"),
			capKV("edit_private_posts", "edit_private_posts")),
		Labels:   typeLabels("Global Styles", "Global Styles"),
		Supports: Features("title", "editor", "revisions")}),
	notServed(PostType{Slug: "wp_navigation", RestBase: "navigation", ShowUI: true,
		Description: "Navigation menus that can be inserted into your site.",
		Caps:        uniformCaps("post", "edit_theme_options", capKV("read", "read")),
		Labels: siteEditorLabels(siteEditorNames{plural: "Navigation Menus", singular: "Navigation Menu",
			lower: "Navigation Menu", filter: "Navigation Menu", list: "Navigation Menus",
			archives: "Navigation Menu archives", notFound: "No Navigation Menu",
			updated: "Navigation Menu updated.", updatedSince: wpversion.V70}),
		Supports: append(Features("title", "editor", "revisions"), KV("autosave", true).Since(wpversion.V66))}),
	// The font library, 6.5.
	notServed(PostType{Slug: "wp_font_family", RestBase: "font-families", Shown: wpversion.Span{Since: wpversion.V65},
		Caps: uniformCaps("post", "edit_theme_options", capKV("delete_private_posts", "delete_private_posts"),
			capKV("edit_private_posts", "edit_private_posts")),
		Labels: typeLabels("Font Families", "Font Family"), Supports: Features("title")}),
	// Its rest_base is a route pattern, which the wp:items link prints as it is.
	notServed(PostType{Slug: "wp_font_face", RestBase: `font-families/(?P<font_family_id>[\d]+)/font-faces`,
		Shown: wpversion.Span{Since: wpversion.V65},
		Caps: uniformCaps("post", "edit_theme_options", capKV("delete_private_posts", "delete_private_posts"),
			capKV("edit_private_posts", "edit_private_posts")),
		Labels: typeLabels("Font Faces", "Font Face"), Supports: Features("title")}),
}
