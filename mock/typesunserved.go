package mock

import "github.com/wpmock/wpmock/mock/rest"

// The post types WordPress shows in REST whose routes the mock does not serve: /types
// lists and describes them exactly as WordPress does (create_initial_post_types), but
// they have no posts, queries or writes, and their wp:items links (menu-items, blocks,
// templates, template-parts, global-styles, navigation, font-families, ...) answer
// rest_no_route. Nothing but the /types controller reads this list: routes, search
// subtypes, permissions and writes read postTypes.
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
func uniformCaps(singular, primitive string, over ...rest.Member) rest.Object {
	o := postTypeCaps(singular, primitive)
	for i := 3; i < len(o); i++ {
		o[i].Value = primitive
	}
	return capsWith(o, over...)
}

// capsWith replaces caps of o by key.
func capsWith(o rest.Object, over ...rest.Member) rest.Object {
	for _, m := range over {
		o = o.Set(m.Key, m.Value)
	}
	return o
}

// capKV is one cap of an exception list.
func capKV(key, value string) rest.Member { return rest.Member{Key: key, Value: value} }

// singleItem is 6.6's template_name label of a type: "Single item: <singular_name>".
func singleItem(singular string) member {
	return kv("template_name", "Single item: "+singular).since(rest.V66)
}

// typeLabels are the labels of a non-hierarchical type that sets only its names: the
// post defaults with name, singular_name, all_items, archives, menu_name and
// name_admin_bar taken from its names, as _get_custom_object_labels fills them.
func typeLabels(name, singular string) members {
	return postLabels.with(kv("name", name), kv("singular_name", singular), kv("all_items", name),
		kv("archives", name), kv("menu_name", name), kv("name_admin_bar", singular), singleItem(singular))
}

// blockLabels are wp_block's: "Reusable blocks" until 6.3 renamed them patterns.
var blockLabels = postLabels.with(
	kv("name", "Reusable blocks").changes(from(rest.V63, "Patterns")),
	kv("singular_name", "Reusable block").changes(from(rest.V63, "Pattern")),
	kv("add_new", "Add New").changes(from(rest.V64, "Add New Pattern"), from(rest.V68, "Add Pattern")),
	kv("add_new_item", "Add new Reusable block").changes(from(rest.V63, "Add new Pattern"), from(rest.V68, "Add Pattern")),
	kv("edit_item", "Edit Reusable block").changes(from(rest.V63, "Edit Block Pattern")),
	kv("new_item", "New Reusable block").changes(from(rest.V63, "New Pattern")),
	kv("view_item", "View Reusable block").changes(from(rest.V63, "View Pattern")),
	kv("view_items", "View Posts").changes(from(rest.V63, "View Patterns")),
	kv("search_items", "Search Reusable blocks").changes(from(rest.V63, "Search Patterns")),
	kv("not_found", "No reusable blocks found.").changes(from(rest.V63, "No patterns found.")),
	kv("not_found_in_trash", "No reusable blocks found in Trash.").changes(from(rest.V63, "No patterns found in Trash.")),
	kv("all_items", "All Reusable blocks").changes(from(rest.V63, "All Patterns")),
	kv("archives", "All Reusable blocks").changes(from(rest.V63, "All Patterns")),
	kv("filter_items_list", "Filter reusable blocks list").changes(from(rest.V63, "Filter patterns list")),
	kv("items_list_navigation", "Reusable blocks list navigation").changes(from(rest.V63, "Patterns list navigation")),
	kv("items_list", "Reusable blocks list").changes(from(rest.V63, "Patterns list")),
	kv("item_published", "Reusable block published.").changes(from(rest.V63, "Pattern published.")),
	kv("item_published_privately", "Reusable block published privately.").changes(from(rest.V63, "Pattern published privately.")),
	kv("item_reverted_to_draft", "Reusable block reverted to draft.").changes(from(rest.V63, "Pattern reverted to draft.")),
	kv("item_scheduled", "Reusable block scheduled.").changes(from(rest.V63, "Pattern scheduled.")),
	kv("item_updated", "Reusable block updated.").changes(from(rest.V63, "Pattern updated.")),
	kv("menu_name", "Reusable blocks").changes(from(rest.V63, "Patterns")),
	kv("name_admin_bar", "Reusable block").changes(from(rest.V63, "Pattern")),
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
	updatedSince rest.Version
}

// siteEditorLabels are such a type's labels: add_new names the type from 6.4, and
// 6.8 drops "New" from add_new and add_new_item.
func siteEditorLabels(n siteEditorNames) members {
	return postLabels.with(
		kv("name", n.plural), kv("singular_name", n.singular),
		kv("add_new", "Add New").changes(from(rest.V64, "Add New "+n.singular), from(rest.V68, "Add "+n.singular)),
		kv("add_new_item", "Add New "+n.singular).changes(from(rest.V68, "Add "+n.singular)),
		kv("edit_item", "Edit "+n.singular), kv("new_item", "New "+n.singular), kv("view_item", "View "+n.singular),
		kv("search_items", "Search "+n.plural), kv("not_found", n.notFound+" found."),
		kv("not_found_in_trash", n.notFound+" found in Trash."), kv("parent_item_colon", "Parent "+n.singular+":"),
		kv("all_items", n.plural), kv("archives", n.archives),
		kv("insert_into_item", "Insert into "+n.lower), kv("uploaded_to_this_item", "Uploaded to this "+n.lower),
		kv("filter_items_list", "Filter "+n.filter+" list"),
		kv("items_list_navigation", n.list+" list navigation"), kv("items_list", n.list+" list"),
		kv("item_updated", "Post updated.").changes(from(n.updatedSince, n.updated)),
		kv("menu_name", n.plural), kv("name_admin_bar", n.singular), singleItem(n.singular),
	)
}

// notServed is the part every unserved type shares: no archive, not viewable, no
// icon, not in nav menus.
func notServed(pt postType) *postType {
	pt.HasArchive = false
	return &pt
}

// unservedPostTypes are the REST post types the mock describes without serving, in
// registration order (after post, page and attachment).
var unservedPostTypes = []*postType{
	notServed(postType{Slug: "nav_menu_item", RestBase: "menu-items",
		Caps:   uniformCaps("post", "edit_theme_options", capKV("read", "read")),
		Labels: typeLabels("Navigation Menu Items", "Navigation Menu Item"),
		// title and editor are register_post_type's default supports.
		Supports: append(features("title", "editor"), kv("autosave", true).since(rest.V66))}),
	// Reusable blocks, renamed synced patterns in 6.3 (which added excerpts, the sync
	// status meta and trashing drafts with delete_posts).
	notServed(postType{Slug: "wp_block", RestBase: "blocks", ShowUI: true,
		// capability_type block, with the capabilities it maps to posts'.
		Caps: capsWith(postTypeCaps("block", "publish_posts"), capKV("edit_posts", "edit_posts"),
			capKV("edit_others_posts", "edit_others_posts"), capKV("read", "edit_posts"),
			capKV("delete_published_posts", "delete_published_posts"), capKV("delete_others_posts", "delete_others_posts"),
			capKV("edit_published_posts", "edit_published_posts")),
		CapChanges: members{kv("delete_posts", "delete_blocks").changes(from(rest.V63, "delete_posts"))},
		Labels:     blockLabels,
		Supports: members{kv("title", true), kv("excerpt", true).since(rest.V63), kv("editor", true), kv("revisions", true),
			kv("custom-fields", true).since(rest.V63), kv("autosave", true).since(rest.V66)}}),
	notServed(postType{Slug: "wp_template", RestBase: "templates", Description: "Templates to include in your theme.",
		Caps: uniformCaps("template", "edit_theme_options"),
		Labels: siteEditorLabels(siteEditorNames{plural: "Templates", singular: "Template", lower: "template",
			filter: "templates", list: "Templates", archives: "Template archives", notFound: "No templates",
			updated: "Template updated.", updatedSince: rest.V66}),
		Supports: append(features("title", "slug", "excerpt", "editor", "revisions", "author"), kv("autosave", true).since(rest.V66))}),
	notServed(postType{Slug: "wp_template_part", RestBase: "template-parts",
		Description: "Template parts to include in your templates.",
		Caps:        uniformCaps("post", "edit_theme_options"),
		Labels: siteEditorLabels(siteEditorNames{plural: "Template Parts", singular: "Template Part",
			lower: "template part", filter: "template parts", list: "Template parts", archives: "Template part archives",
			notFound: "No template parts", updated: "Template part updated.", updatedSince: rest.V66}),
		Supports: append(features("title", "slug", "excerpt", "editor", "revisions", "author"), kv("autosave", true).since(rest.V66))}),
	// Registered since 5.9, shown in REST from 6.6 (before, GET /types/wp_global_styles
	// is rest_cannot_read_type: hiddenPostTypes).
	notServed(postType{Slug: "wp_global_styles", RestBase: "global-styles", Description: "Global styles to include in themes.",
		Shown: rest.Span{Since: rest.V66},
		Caps: uniformCaps("post", "edit_theme_options", capKV("delete_posts", "delete_posts"),
			capKV("publish_posts", "publish_posts"), capKV("read_private_posts", "read_private_posts"),
			capKV("read", "edit_posts"), capKV("delete_private_posts", "delete_private_posts"),
			capKV("edit_private_posts", "edit_private_posts")),
		Labels:   typeLabels("Global Styles", "Global Styles"),
		Supports: features("title", "editor", "revisions")}),
	notServed(postType{Slug: "wp_navigation", RestBase: "navigation", ShowUI: true,
		Description: "Navigation menus that can be inserted into your site.",
		Caps:        uniformCaps("post", "edit_theme_options", capKV("read", "read")),
		Labels: siteEditorLabels(siteEditorNames{plural: "Navigation Menus", singular: "Navigation Menu",
			lower: "Navigation Menu", filter: "Navigation Menu", list: "Navigation Menus",
			archives: "Navigation Menu archives", notFound: "No Navigation Menu",
			updated: "Navigation Menu updated.", updatedSince: rest.V70}),
		Supports: append(features("title", "editor", "revisions"), kv("autosave", true).since(rest.V66))}),
	// The font library, 6.5.
	notServed(postType{Slug: "wp_font_family", RestBase: "font-families", Shown: rest.Span{Since: rest.V65},
		Caps: uniformCaps("post", "edit_theme_options", capKV("delete_private_posts", "delete_private_posts"),
			capKV("edit_private_posts", "edit_private_posts")),
		Labels: typeLabels("Font Families", "Font Family"), Supports: features("title")}),
	// Its rest_base is a route pattern, which the wp:items link prints as it is.
	notServed(postType{Slug: "wp_font_face", RestBase: `font-families/(?P<font_family_id>[\d]+)/font-faces`,
		Shown: rest.Span{Since: rest.V65},
		Caps: uniformCaps("post", "edit_theme_options", capKV("delete_private_posts", "delete_private_posts"),
			capKV("edit_private_posts", "edit_private_posts")),
		Labels: typeLabels("Font Faces", "Font Face"), Supports: features("title")}),
}

// registeredPostTypes are every post type /types may list, served and unserved, in
// WordPress's order; each type's Shown says in which versions it is listed.
func registeredPostTypes() []*postType {
	return append(append([]*postType(nil), postTypes...), unservedPostTypes...)
}
