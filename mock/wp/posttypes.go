package wp

import (
	"slices"
	"strconv"
	"strings"

	"github.com/wpmock/wpmock/mock/store"
	"github.com/wpmock/wpmock/mock/wpfunc"
	"github.com/wpmock/wpmock/mock/wpversion"
)

// PostType is a registered post type (WP_Post_Type) as the REST API shows it. Its
// REST name is $post_type->label, its labels' name.
type PostType struct {
	Slug, Description      string
	Hierarchical           bool
	HasArchive             any // false, or the archive slug
	ShowInNavMenus, ShowUI bool
	Viewable               bool
	Caps                   wpfunc.Object // $post_type->cap
	// CapChanges are the caps a later release changed (their values per version).
	CapChanges Members
	Labels     Members // get_post_type_labels, per version
	Icon       any     // menu_icon: a dashicon name or nil
	Supports   Members // get_all_post_type_supports, per version
	// Taxonomies are the REST taxonomies of a served type, for its routes. /types
	// derives its taxonomies field from the taxonomy declarations (types), as
	// WordPress does (get_object_taxonomies).
	Taxonomies []string
	RestBase   string
	// Shown is the versions that show the type in REST (register it with show_in_rest).
	Shown wpversion.Span
	// Sticky: the type's items can be sticky. WordPress has sticky posts only
	// (get_available_actions and the posts controller name the "post" type).
	Sticky bool
	// Attributes are the post type attributes get_item_schema gives fields for: its
	// $fixed_schemas for post, page and attachment, whatever the type supports (a page
	// has an excerpt field without supporting excerpts).
	Attributes []string
	// Namespace is the type's REST namespace (rest_namespace: wp/v2 unless the
	// site's own type names another).
	Namespace string
	// Rewrite is the rewrite slug of a site's own type's links (/<Rewrite>/<slug>/
	// below the structure's front unless NoFront; "" when rewrite is false); Var
	// its query var (?<Var>=<slug> with plain links). Core's types have their own
	// rules (link.go).
	Rewrite string
	NoFront bool
	Var     string
	// DeleteWithUser is whether wp_delete_user without a reassign target deletes a
	// site's own type's items of the user (post_types_to_delete): delete_with_user,
	// or where it is not given, whether the type supports author. nil for core's
	// types, whose items wp_delete_user's loop handles by type.
	DeleteWithUser *bool
	// GraphQL names the type in WPGraphQL's schema (show_in_graphql with
	// graphql_single_name and graphql_plural_name); nil: not shown there. Core's
	// types have WPGraphQL's own names (package graphql).
	GraphQL *GraphQLNames
	// Public is a site's own type's public argument where it differs from Viewable
	// (publicly_queryable given apart from it); nil for core's types, public exactly
	// when viewable.
	Public *bool
}

// GraphQLNames are a type's or taxonomy's names in WPGraphQL's schema.
type GraphQLNames struct{ Single, Plural string }

// graphQLNames reads show_in_graphql, graphql_single_name and graphql_plural_name:
// WPGraphQL leaves out a type shown without a single name; a plural name missing or
// equal to the single one makes the list field all<Name>.
func graphQLNames(a args) *GraphQLNames {
	single := a.str("graphql_single_name", "")
	if !a.bool("show_in_graphql", false) || single == "" {
		return nil
	}
	plural := a.str("graphql_plural_name", single)
	if plural == single {
		plural = "all" + strings.ToUpper(plural[:1]) + plural[1:]
	}
	return &GraphQLNames{Single: single, Plural: plural}
}

// IsPublic is the type's public flag (get_post_types( array( 'public' => true ) )).
func (pt *PostType) IsPublic() bool {
	if pt.Public != nil {
		return *pt.Public
	}
	return pt.Viewable
}

// RESTNamespace is the type's REST namespace.
func (pt *PostType) RESTNamespace() string {
	if pt.Namespace == "" {
		return "wp/v2"
	}
	return pt.Namespace
}

// Route is the type's collection route, "/" + rest_namespace + "/" + rest_base: where
// its controller registers its routes, and its links point.
func (pt *PostType) Route() string { return "/" + pt.RESTNamespace() + "/" + pt.RestBase }

// RouteForPost is rest_get_route_for_post: the REST route of a post of the types the
// mock serves (a revision's under its parent), or "/" (the index, as rest_url(”)
// links it) for no post or one without a route.
func RouteForPost(tx *store.Tx, p *store.Post) string {
	if p == nil {
		return "/"
	}
	if p.Type == "revision" {
		parent := tx.Post(p.Parent)
		if parent == nil {
			return "/"
		}
		return RouteForPost(tx, parent) + "/revisions/" + strconv.Itoa(p.ID)
	}
	pt := RegistryOf(tx).PostType(p.Type)
	if pt == nil {
		return "/"
	}
	return pt.Route() + "/" + strconv.Itoa(p.ID) // rest_get_route_for_post
}

// Has says whether the type's schema has the attribute's fields (title, editor,
// author, excerpt, thumbnail, comments, revisions, page-attributes, post-formats,
// custom-fields).
func (pt *PostType) Has(attribute string) bool { return slices.Contains(pt.Attributes, attribute) }

// Cap is $post_type->cap->{name}: the capability the type uses for one of the "post"
// capability type's names (edit_posts, edit_others_posts, publish_posts,
// read_private_posts, create_posts, ...), as get_post_type_capabilities maps them.
func (pt *PostType) Cap(name string) string {
	v, _ := pt.Caps.Get(name)
	s, _ := v.(string)
	return s
}

// EditCap is $post_type->cap->edit_posts, the capability the edit context needs.
func (pt *PostType) EditCap() string { return pt.Cap("edit_posts") }

// Supported is post_type_supports for the version v.
func (pt *PostType) Supported(feature string, v wpversion.Version) bool {
	_, ok := pt.Supports.At(v).Get(feature)
	return ok
}

// postTypeCaps is the cap object of a type with capabilityType ("post": edit_posts,
// edit_others_posts, ...; "page": edit_pages, ...) as get_post_type_capabilities builds
// it: the meta capabilities, the primitive ones, then create_posts (edit_posts, or
// upload_files for attachments).
func postTypeCaps(capabilityType, createPosts string) wpfunc.Object {
	singular, plural := capabilityType, capabilityType+"s"
	o := wpfunc.Object{}
	for _, c := range []string{"edit_post", "read_post", "delete_post", "edit_posts", "edit_others_posts",
		"delete_posts", "publish_posts", "read_private_posts", "read", "delete_private_posts",
		"delete_published_posts", "delete_others_posts", "edit_private_posts", "edit_published_posts"} {
		v := strings.Replace(strings.Replace(c, "_posts", "_"+plural, 1), "_post", "_"+singular, 1)
		o = append(o, wpfunc.Member{Key: c, Value: v})
	}
	return append(o, wpfunc.Member{Key: "create_posts", Value: createPosts})
}

// postLabels are get_post_type_labels for "post" (en_US): WP_Post_Type's
// non-hierarchical defaults, then menu_name and name_admin_bar. 6.3 adds item_trashed;
// add_new reads "Add New Post" in 6.4 to 6.6 and "Add" from 6.8, when add_new_item
// loses its "New" too.
var postLabels = Members{
	KV("name", "Posts"), KV("singular_name", "Post"),
	KV("add_new", "Add New").Changes(From(wpversion.V64, "Add New Post"), From(wpversion.V67, "Add New"), From(wpversion.V68, "Add")),
	KV("add_new_item", "Add New Post").Changes(From(wpversion.V68, "Add Post")),
	KV("edit_item", "Edit Post"), KV("new_item", "New Post"), KV("view_item", "View Post"), KV("view_items", "View Posts"),
	KV("search_items", "Search Posts"), KV("not_found", "No posts found."),
	KV("not_found_in_trash", "No posts found in Trash."), KV("parent_item_colon", nil),
	KV("all_items", "All Posts"), KV("archives", "Post Archives"), KV("attributes", "Post Attributes"),
	KV("insert_into_item", "Insert into post"), KV("uploaded_to_this_item", "Uploaded to this post"),
	KV("featured_image", "Featured image"), KV("set_featured_image", "Set featured image"),
	KV("remove_featured_image", "Remove featured image"), KV("use_featured_image", "Use as featured image"),
	KV("filter_items_list", "Filter posts list"), KV("filter_by_date", "Filter by date"),
	KV("items_list_navigation", "Posts list navigation"), KV("items_list", "Posts list"),
	KV("item_published", "Post published."), KV("item_published_privately", "Post published privately."),
	KV("item_reverted_to_draft", "Post reverted to draft."), KV("item_trashed", "Post trashed.").Since(wpversion.V63),
	KV("item_scheduled", "Post scheduled."), KV("item_updated", "Post updated."),
	KV("item_link", "Post Link"), KV("item_link_description", "A link to a post."),
	KV("menu_name", "Posts"), KV("name_admin_bar", "Post"),
}

// pageLabels are get_post_type_labels for "page": the hierarchical defaults, which
// change across versions as the post's do.
var pageLabels = postLabels.With(
	KV("name", "Pages"), KV("singular_name", "Page"),
	KV("add_new", "Add New").Changes(From(wpversion.V64, "Add New Page"), From(wpversion.V67, "Add New"), From(wpversion.V68, "Add")),
	KV("add_new_item", "Add New Page").Changes(From(wpversion.V68, "Add Page")),
	KV("edit_item", "Edit Page"), KV("new_item", "New Page"), KV("view_item", "View Page"), KV("view_items", "View Pages"),
	KV("search_items", "Search Pages"), KV("not_found", "No pages found."),
	KV("not_found_in_trash", "No pages found in Trash."), KV("parent_item_colon", "Parent Page:"),
	KV("all_items", "All Pages"), KV("archives", "Page Archives"), KV("attributes", "Page Attributes"),
	KV("insert_into_item", "Insert into page"), KV("uploaded_to_this_item", "Uploaded to this page"),
	KV("filter_items_list", "Filter pages list"),
	KV("items_list_navigation", "Pages list navigation"), KV("items_list", "Pages list"),
	KV("item_published", "Page published."), KV("item_published_privately", "Page published privately."),
	KV("item_reverted_to_draft", "Page reverted to draft."), KV("item_trashed", "Page trashed.").Since(wpversion.V63),
	KV("item_scheduled", "Page scheduled."), KV("item_updated", "Page updated."),
	KV("item_link", "Page Link"), KV("item_link_description", "A link to a page."),
	KV("menu_name", "Pages"), KV("name_admin_bar", "Page"),
)

// attachmentLabels are the attachment's: the post defaults (a non-hierarchical type
// falls back to them) with the labels register_post_type('attachment') sets. Its
// view_item depends on wp_attachment_pages_enabled, which new sites have off from 6.4
// (the mock is a new site). Having a singular_name, it gets template_name from 6.6.
var attachmentLabels = postLabels.With(
	KV("name", "Media"), KV("singular_name", "Media"),
	KV("add_new", "Add New").Changes(From(wpversion.V64, "Add New Media File"), From(wpversion.V68, "Add Media File")),
	KV("add_new_item", "Add New Post").Changes(From(wpversion.V68, "Add Post"), From(wpversion.V69, "Add Media File")),
	KV("edit_item", "Edit Media"),
	KV("view_item", "View Attachment Page").Changes(From(wpversion.V64, "View Media File")),
	KV("all_items", "Media"), KV("archives", "Media"), KV("attributes", "Attachment Attributes"),
	KV("menu_name", "Media"), KV("name_admin_bar", "Media"),
	KV("template_name", "Single item: Media").Since(wpversion.V66),
)

// Features are post type supports, each true.
func Features(names ...string) Members {
	out := make(Members, len(names))
	for i, n := range names {
		out[i] = KV(n, true)
	}
	return out
}

// editorNotes is the editor feature as 6.9 gives it to posts and pages: {"notes":
// true}, which get_all_post_type_supports keeps in a list.
func editorNotes() Member {
	return KV("editor", true).Changes(From(wpversion.V69, []any{wpfunc.Object{{Key: "notes", Value: true}}}))
}

// PostTypes are the post types the mock serves (routes, store, queries, writes), in
// registration order; WordPress lists them first. From 6.6 a type
// supporting editor supports autosave too.
var PostTypes = []*PostType{
	{Slug: "post", HasArchive: false, ShowInNavMenus: true, ShowUI: true, Viewable: true,
		Caps: postTypeCaps("post", "edit_posts"), Labels: postLabels, Icon: "dashicons-admin-post", Sticky: true,
		Supports: append(Features("title", "editor", "author", "thumbnail", "excerpt", "trackbacks", "custom-fields",
			"comments", "revisions", "post-formats"), KV("autosave", true).Since(wpversion.V66)).With(editorNotes()),
		Taxonomies: []string{"category", "post_tag"}, RestBase: "posts",
		Attributes: []string{"title", "editor", "author", "excerpt", "thumbnail", "comments", "revisions",
			"post-formats", "custom-fields"}},
	{Slug: "page", Hierarchical: true, HasArchive: false, ShowInNavMenus: true, ShowUI: true, Viewable: true,
		Caps: postTypeCaps("page", "edit_pages"), Labels: pageLabels, Icon: "dashicons-admin-page",
		Supports: append(Features("title", "editor", "author", "thumbnail", "page-attributes", "custom-fields",
			"comments", "revisions"), KV("autosave", true).Since(wpversion.V66)).With(editorNotes()),
		Taxonomies: []string{}, RestBase: "pages",
		Attributes: []string{"title", "editor", "author", "excerpt", "thumbnail", "comments", "revisions",
			"page-attributes", "custom-fields"}},
	{Slug: "attachment", HasArchive: false, ShowInNavMenus: false, ShowUI: true, Viewable: true,
		Caps: postTypeCaps("post", "upload_files"), Labels: attachmentLabels, Icon: "dashicons-admin-media",
		Supports: Features("title", "author", "comments"), Taxonomies: []string{}, RestBase: "media",
		Attributes: []string{"title", "author", "comments", "revisions", "custom-fields"}},
	// The classic menus' items (WP_REST_Menu_Items_Controller, mock/menuitems.go): not
	// public, edit_theme_options for everything but read; title and editor are
	// register_post_type's default supports. Each item belongs to one nav_menu term.
	{Slug: "nav_menu_item", RestBase: "menu-items", HasArchive: false,
		Caps:   uniformCaps("post", "edit_theme_options", capKV("read", "read")),
		Labels: typeLabels("Navigation Menu Items", "Navigation Menu Item"),
		// title and editor are register_post_type's default supports.
		Supports:   append(Features("title", "editor"), KV("autosave", true).Since(wpversion.V66)),
		Taxonomies: []string{"nav_menu"}},
}

// HiddenPostTypes are registered but not shown in REST: asking for them is
// rest_cannot_read_type, not rest_type_invalid. wp_global_styles is shown from 6.6
// (typesunserved.go).
var HiddenPostTypes = Members{KV("revision", nil), KV("custom_css", nil), KV("customize_changeset", nil),
	KV("oembed_cache", nil), KV("user_request", nil), KV("wp_global_styles", nil).Until(wpversion.V66)}
