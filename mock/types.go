package mock

import (
	"net/http"
	"slices"
	"strings"

	"github.com/wpmock/wpmock/mock/rest"
)

// /wp/v2/types: WP_REST_Post_Types_Controller. It lists every post type WordPress
// shows in REST (create_initial_post_types), in each version: the three the mock
// serves routes for and stores (postTypes: post, page, attachment), and the ones it
// only describes (unservedPostTypes, typesunserved.go: nav_menu_item, wp_block,
// wp_template, ...), whose wp:items links point where WordPress's do, at routes the
// mock answers with rest_no_route. Only postTypes drive routes, queries and writes.

// Error codes of the post types controller.
const (
	// codeTypeInvalid: GET /types/<slug> for a post type that is not registered.
	codeTypeInvalid = "rest_type_invalid"
	// codeCannotReadType: GET /types/<slug> for a registered type not shown in REST.
	codeCannotReadType = "rest_cannot_read_type"
)

// Messages of the post types controller.
const (
	msgTypeInvalid    = "Invalid post type."
	msgCannotReadType = "Cannot view post type."
	// msgEditPostsType is both rest_cannot_view (list) and rest_forbidden_context (item).
	msgEditPostsType = "Sorry, you are not allowed to edit posts in this post type."
)

// postType is a registered post type (WP_Post_Type) as the REST API shows it. Its
// REST name is $post_type->label, its labels' name.
type postType struct {
	Slug, Description      string
	Hierarchical           bool
	HasArchive             any // false, or the archive slug
	ShowInNavMenus, ShowUI bool
	Viewable               bool
	Caps                   rest.Object // $post_type->cap
	// CapChanges are the caps a later release changed (their values per version).
	CapChanges members
	Labels     members // get_post_type_labels, per version
	Icon       any     // menu_icon: a dashicon name or nil
	Supports   members // get_all_post_type_supports, per version
	// Taxonomies are the REST taxonomies of a served type, for its routes. /types
	// derives its taxonomies field from the taxonomy declarations (types), as
	// WordPress does (get_object_taxonomies).
	Taxonomies []string
	RestBase   string
	// Shown is the versions that show the type in REST (register it with show_in_rest).
	Shown rest.Span
	// Sticky: the type's items can be sticky. WordPress has sticky posts only
	// (get_available_actions and the posts controller name the "post" type).
	Sticky bool
	// Attributes are the post type attributes get_item_schema gives fields for: its
	// $fixed_schemas for post, page and attachment, whatever the type supports (a page
	// has an excerpt field without supporting excerpts).
	Attributes []string
}

// has says whether the type's schema has the attribute's fields (title, editor,
// author, excerpt, thumbnail, comments, revisions, page-attributes, post-formats,
// custom-fields).
func (pt *postType) has(attribute string) bool { return slices.Contains(pt.Attributes, attribute) }

// cap is $post_type->cap->{name}: the capability the type uses for one of the "post"
// capability type's names (edit_posts, edit_others_posts, publish_posts,
// read_private_posts, create_posts, ...), as get_post_type_capabilities maps them.
func (pt *postType) cap(name string) string {
	v, _ := pt.Caps.Get(name)
	s, _ := v.(string)
	return s
}

// editCap is $post_type->cap->edit_posts, the capability the edit context needs.
func (pt *postType) editCap() string { return pt.cap("edit_posts") }

// supports is post_type_supports for the version v.
func (pt *postType) supports(feature string, v rest.Version) bool {
	_, ok := pt.Supports.at(v).Get(feature)
	return ok
}

// typeOf is the declaration of the served post type slug; types the mock does not
// serve (revisions, and the parents of attachments it may name) have the "post"
// capability type, as revisions do in WordPress. It never returns an unserved type's
// declaration: those drive nothing but /types.
func typeOf(slug string) *postType {
	if pt := findPostType(slug); pt != nil {
		return pt
	}
	return postTypes[0]
}

// postTypeCaps is the cap object of a type with capabilityType ("post": edit_posts,
// edit_others_posts, ...; "page": edit_pages, ...) as get_post_type_capabilities builds
// it: the meta capabilities, the primitive ones, then create_posts (edit_posts, or
// upload_files for attachments).
func postTypeCaps(capabilityType, createPosts string) rest.Object {
	singular, plural := capabilityType, capabilityType+"s"
	o := rest.Object{}
	for _, c := range []string{"edit_post", "read_post", "delete_post", "edit_posts", "edit_others_posts",
		"delete_posts", "publish_posts", "read_private_posts", "read", "delete_private_posts",
		"delete_published_posts", "delete_others_posts", "edit_private_posts", "edit_published_posts"} {
		v := strings.Replace(strings.Replace(c, "_posts", "_"+plural, 1), "_post", "_"+singular, 1)
		o = append(o, rest.Member{Key: c, Value: v})
	}
	return append(o, rest.Member{Key: "create_posts", Value: createPosts})
}

// postLabels are get_post_type_labels for "post" (en_US): WP_Post_Type's
// non-hierarchical defaults, then menu_name and name_admin_bar. 6.3 adds item_trashed;
// add_new reads "Add New Post" in 6.4 to 6.6 and "Add" from 6.8, when add_new_item
// loses its "New" too.
var postLabels = members{
	kv("name", "Posts"), kv("singular_name", "Post"),
	kv("add_new", "Add New").changes(from(rest.V64, "Add New Post"), from(rest.V67, "Add New"), from(rest.V68, "Add")),
	kv("add_new_item", "Add New Post").changes(from(rest.V68, "Add Post")),
	kv("edit_item", "Edit Post"), kv("new_item", "New Post"), kv("view_item", "View Post"), kv("view_items", "View Posts"),
	kv("search_items", "Search Posts"), kv("not_found", "No posts found."),
	kv("not_found_in_trash", "No posts found in Trash."), kv("parent_item_colon", nil),
	kv("all_items", "All Posts"), kv("archives", "Post Archives"), kv("attributes", "Post Attributes"),
	kv("insert_into_item", "Insert into post"), kv("uploaded_to_this_item", "Uploaded to this post"),
	kv("featured_image", "Featured image"), kv("set_featured_image", "Set featured image"),
	kv("remove_featured_image", "Remove featured image"), kv("use_featured_image", "Use as featured image"),
	kv("filter_items_list", "Filter posts list"), kv("filter_by_date", "Filter by date"),
	kv("items_list_navigation", "Posts list navigation"), kv("items_list", "Posts list"),
	kv("item_published", "Post published."), kv("item_published_privately", "Post published privately."),
	kv("item_reverted_to_draft", "Post reverted to draft."), kv("item_trashed", "Post trashed.").since(rest.V63),
	kv("item_scheduled", "Post scheduled."), kv("item_updated", "Post updated."),
	kv("item_link", "Post Link"), kv("item_link_description", "A link to a post."),
	kv("menu_name", "Posts"), kv("name_admin_bar", "Post"),
}

// pageLabels are get_post_type_labels for "page": the hierarchical defaults, which
// change across versions as the post's do.
var pageLabels = postLabels.with(
	kv("name", "Pages"), kv("singular_name", "Page"),
	kv("add_new", "Add New").changes(from(rest.V64, "Add New Page"), from(rest.V67, "Add New"), from(rest.V68, "Add")),
	kv("add_new_item", "Add New Page").changes(from(rest.V68, "Add Page")),
	kv("edit_item", "Edit Page"), kv("new_item", "New Page"), kv("view_item", "View Page"), kv("view_items", "View Pages"),
	kv("search_items", "Search Pages"), kv("not_found", "No pages found."),
	kv("not_found_in_trash", "No pages found in Trash."), kv("parent_item_colon", "Parent Page:"),
	kv("all_items", "All Pages"), kv("archives", "Page Archives"), kv("attributes", "Page Attributes"),
	kv("insert_into_item", "Insert into page"), kv("uploaded_to_this_item", "Uploaded to this page"),
	kv("filter_items_list", "Filter pages list"),
	kv("items_list_navigation", "Pages list navigation"), kv("items_list", "Pages list"),
	kv("item_published", "Page published."), kv("item_published_privately", "Page published privately."),
	kv("item_reverted_to_draft", "Page reverted to draft."), kv("item_trashed", "Page trashed.").since(rest.V63),
	kv("item_scheduled", "Page scheduled."), kv("item_updated", "Page updated."),
	kv("item_link", "Page Link"), kv("item_link_description", "A link to a page."),
	kv("menu_name", "Pages"), kv("name_admin_bar", "Page"),
)

// attachmentLabels are the attachment's: the post defaults (a non-hierarchical type
// falls back to them) with the labels register_post_type('attachment') sets. Its
// view_item depends on wp_attachment_pages_enabled, which new sites have off from 6.4
// (the mock is a new site). Having a singular_name, it gets template_name from 6.6.
var attachmentLabels = postLabels.with(
	kv("name", "Media"), kv("singular_name", "Media"),
	kv("add_new", "Add New").changes(from(rest.V64, "Add New Media File"), from(rest.V68, "Add Media File")),
	kv("add_new_item", "Add New Post").changes(from(rest.V68, "Add Post"), from(rest.V69, "Add Media File")),
	kv("edit_item", "Edit Media"),
	kv("view_item", "View Attachment Page").changes(from(rest.V64, "View Media File")),
	kv("all_items", "Media"), kv("archives", "Media"), kv("attributes", "Attachment Attributes"),
	kv("menu_name", "Media"), kv("name_admin_bar", "Media"),
	kv("template_name", "Single item: Media").since(rest.V66),
)

// features are post type supports, each true.
func features(names ...string) members {
	out := make(members, len(names))
	for i, n := range names {
		out[i] = kv(n, true)
	}
	return out
}

// editorNotes is the editor feature as 6.9 gives it to posts and pages: {"notes":
// true}, which get_all_post_type_supports keeps in a list.
func editorNotes() member {
	return kv("editor", true).changes(from(rest.V69, []any{rest.Object{{Key: "notes", Value: true}}}))
}

// postTypes are the post types the mock serves (routes, store, queries, writes), in
// registration order; WordPress lists them first. From 6.6 a type
// supporting editor supports autosave too.
var postTypes = []*postType{
	{Slug: "post", HasArchive: false, ShowInNavMenus: true, ShowUI: true, Viewable: true,
		Caps: postTypeCaps("post", "edit_posts"), Labels: postLabels, Icon: "dashicons-admin-post", Sticky: true,
		Supports: append(features("title", "editor", "author", "thumbnail", "excerpt", "trackbacks", "custom-fields",
			"comments", "revisions", "post-formats"), kv("autosave", true).since(rest.V66)).with(editorNotes()),
		Taxonomies: []string{"category", "post_tag"}, RestBase: "posts",
		Attributes: []string{"title", "editor", "author", "excerpt", "thumbnail", "comments", "revisions",
			"post-formats", "custom-fields"}},
	{Slug: "page", Hierarchical: true, HasArchive: false, ShowInNavMenus: true, ShowUI: true, Viewable: true,
		Caps: postTypeCaps("page", "edit_pages"), Labels: pageLabels, Icon: "dashicons-admin-page",
		Supports: append(features("title", "editor", "author", "thumbnail", "page-attributes", "custom-fields",
			"comments", "revisions"), kv("autosave", true).since(rest.V66)).with(editorNotes()),
		Taxonomies: []string{}, RestBase: "pages",
		Attributes: []string{"title", "editor", "author", "excerpt", "thumbnail", "comments", "revisions",
			"page-attributes", "custom-fields"}},
	{Slug: "attachment", HasArchive: false, ShowInNavMenus: false, ShowUI: true, Viewable: true,
		Caps: postTypeCaps("post", "upload_files"), Labels: attachmentLabels, Icon: "dashicons-admin-media",
		Supports: features("title", "author", "comments"), Taxonomies: []string{}, RestBase: "media",
		Attributes: []string{"title", "author", "comments", "revisions", "custom-fields"}},
}

// hiddenPostTypes are registered but not shown in REST: asking for them is
// rest_cannot_read_type, not rest_type_invalid. wp_global_styles is shown from 6.6
// (typesunserved.go).
var hiddenPostTypes = members{kv("revision", nil), kv("custom_css", nil), kv("customize_changeset", nil),
	kv("oembed_cache", nil), kv("user_request", nil), kv("wp_global_styles", nil).until(rest.V66)}

// findPostType is the served post type slug, nil for any other (unserved ones too).
func findPostType(slug string) *postType {
	for _, pt := range postTypes {
		if pt.Slug == slug {
			return pt
		}
	}
	return nil
}

// types is the /wp/v2/types resource.
type types struct {
	m    *Mock
	item *rest.Item[typeEntry]
	// listed are the types the version shows in REST, in registration order.
	listed []*typeEntry
}

// typeEntry is a post type as one version shows it, built once at start.
type typeEntry struct {
	*postType
	name                   string
	caps, labels, supports rest.Object
	taxonomies             []string
}

type typeField = rest.Field[typeEntry]

// entries builds the version's typeEntry of every type it shows.
func (res *types) entries(v rest.Version) []*typeEntry {
	var out []*typeEntry
	for _, pt := range registeredPostTypes() {
		if !pt.Shown.In(v) {
			continue
		}
		e := &typeEntry{postType: pt, labels: pt.Labels.at(v), supports: pt.Supports.at(v),
			caps: append(rest.Object(nil), pt.Caps...), taxonomies: []string{}}
		name, _ := e.labels.Get("name")
		e.name, _ = name.(string)
		for _, c := range e.CapChanges.at(v) {
			e.caps = e.caps.Set(c.Key, c.Value)
		}
		for _, t := range shownTaxonomies(v) {
			if slices.Contains(t.Types, e.Slug) {
				e.taxonomies = append(e.taxonomies, t.Slug)
			}
		}
		out = append(out, e)
	}
	return out
}

// find is the listed type slug, nil if the version does not show it.
func (res *types) find(slug string) *typeEntry {
	for _, e := range res.listed {
		if e.Slug == slug {
			return e
		}
	}
	return nil
}

func (res *types) declare() *rest.Item[typeEntry] {
	if res.item != nil {
		return res.item
	}
	res.listed = res.entries(res.m.version)
	ro := func(s *rest.Schema, ctx []string) *rest.Schema { return s.Ctx(ctx...).RO() }
	// 6.6's template and template_lock, printed as get_item_schema spells them: type
	// first, readonly before context, and template's type the list array('array').
	template := ro(rest.New("template", "array").Desc("The block template associated with the post type."), all)
	template.Literal = rest.Object{{Key: "type", Value: []string{"array"}}, {Key: "description", Value: template.Description},
		{Key: "readonly", Value: true}, {Key: "context", Value: all}}
	templateLock := ro(rest.New("template_lock", "string", "boolean").
		Desc("The template_lock associated with the post type, or false if none."), all)
	templateLock.Enum = []any{"all", "insert", "contentOnly", false}
	templateLock.Literal = rest.Object{{Key: "type", Value: templateLock.Types}, {Key: "enum", Value: templateLock.Enum},
		{Key: "description", Value: templateLock.Description}, {Key: "readonly", Value: true}, {Key: "context", Value: all}}
	res.item = &rest.Item[typeEntry]{Title: "type", Links: res.links,
		// get_item_schema's order, which is not the output order.
		SchemaOrder: []string{"capabilities", "description", "hierarchical", "viewable", "labels", "name", "slug",
			"supports", "has_archive", "taxonomies", "rest_base", "rest_namespace", "visibility", "icon",
			"template", "template_lock"},
		Fields: []*typeField{
			rest.F(ro(rest.Obj("capabilities").Desc("All capabilities used by the post type."), editOnly),
				func(_ *rest.Request, e *typeEntry) any { return e.caps }),
			rest.F(ro(rest.Str("description").Desc("A human-readable description of the post type."), viewEdit),
				func(_ *rest.Request, e *typeEntry) any { return e.Description }),
			rest.F(ro(rest.Bool("hierarchical").Desc("Whether or not the post type should have children."), viewEdit),
				func(_ *rest.Request, e *typeEntry) any { return e.Hierarchical }),
			rest.F(ro(rest.New("has_archive", "string", "boolean").Desc("If the value is a string, the value will be used as the archive slug. If the value is false the post type has no archive."), viewEdit),
				func(_ *rest.Request, e *typeEntry) any { return e.HasArchive }),
			// The schema lists show_ui first; the output puts show_in_nav_menus first.
			rest.F(ro(rest.Obj("visibility").Desc("The visibility settings for the post type.").Props(
				rest.Bool("show_ui").Desc("Whether to generate a default UI for managing this post type."),
				rest.Bool("show_in_nav_menus").Desc("Whether to make the post type available for selection in navigation menus."),
			), editOnly),
				func(_ *rest.Request, e *typeEntry) any {
					return rest.Object{{"show_in_nav_menus", e.ShowInNavMenus}, {"show_ui", e.ShowUI}}
				}),
			rest.F(ro(rest.Bool("viewable").Desc("Whether or not the post type can be viewed."), editOnly),
				func(_ *rest.Request, e *typeEntry) any { return e.Viewable }),
			rest.F(ro(rest.Obj("labels").Desc("Human-readable labels for the post type for various contexts."), editOnly),
				func(_ *rest.Request, e *typeEntry) any { return e.labels }),
			rest.F(ro(rest.Str("name").Desc("The title for the post type."), all),
				func(_ *rest.Request, e *typeEntry) any { return e.name }),
			rest.F(ro(rest.Str("slug").Desc("An alphanumeric identifier for the post type."), all),
				func(_ *rest.Request, e *typeEntry) any { return e.Slug }),
			rest.F(ro(rest.New("icon", "string", "null").Desc("The icon for the post type."), all),
				func(_ *rest.Request, e *typeEntry) any { return e.Icon }),
			rest.F(ro(rest.Obj("supports").Desc("All features, supported by the post type."), editOnly),
				func(_ *rest.Request, e *typeEntry) any { return e.supports }),
			rest.F(ro(rest.Arr("taxonomies", rest.Str("")).Desc("Taxonomies associated with post type."), viewEdit),
				func(_ *rest.Request, e *typeEntry) any { return e.taxonomies }),
			rest.F(ro(rest.Str("rest_base").Desc("REST base route for the post type."), all),
				func(_ *rest.Request, e *typeEntry) any { return e.RestBase }),
			rest.F(ro(rest.Str("rest_namespace").Desc("REST route's namespace for the post type."), all),
				func(_ *rest.Request, e *typeEntry) any { return Namespace }),
			// 6.6: the block template and its lock; the mock's types register neither.
			rest.F(template.Since(rest.V66),
				func(_ *rest.Request, e *typeEntry) any { return rest.EmptyArray }),
			rest.F(templateLock.Since(rest.V66),
				func(_ *rest.Request, e *typeEntry) any { return false }),
		}}
	res.item = res.item.For(res.m.version)
	return res.item
}

// links is prepare_links: the collection and the type's items; no self.
func (res *types) links(r *rest.Request, e *typeEntry) rest.Links {
	return rest.Links{}.
		Add("collection", r.RestURL("/"+Namespace+"/types")).
		Add("wp:items", r.RestURL("/"+Namespace+"/"+e.RestBase))
}

func (res *types) routes() []*rest.Route {
	schema := res.declare().SchemaJSON
	base := "/" + Namespace + "/types"
	return []*rest.Route{
		// WordPress keys this collection by slug (get_items builds an object)
		{Namespace: Namespace, Pattern: base, Shape: rest.Shape{Keyed: true}, Schema: schema, Endpoints: []*rest.Endpoint{
			{Methods: rest.Readable, Args: []*rest.Schema{contextArg()}, Permission: res.listPermission, Handler: res.list},
		}},
		{Namespace: Namespace, Pattern: base + `/(?P<type>[\w-]+)`, Schema: schema, Endpoints: []*rest.Endpoint{
			// The route's permission callback is __return_true: every check is in get_item.
			{Methods: rest.Readable, Args: []*rest.Schema{
				rest.Str("type").Desc("An alphanumeric identifier for the post type."), contextArg(),
			}, Handler: res.get},
		}},
	}
}

// listPermission is get_items_permissions_check: the edit context needs the edit_posts
// cap of at least one REST type.
func (res *types) listPermission(r *rest.Request) *rest.Error {
	if r.Context() != rest.Edit {
		return nil
	}
	for _, e := range res.listed {
		if can(r, e.editCap()) {
			return nil
		}
	}
	return r.Forbidden(codeCannotView, msgEditPostsType)
}

// list is get_items: an object keyed by slug; the edit context skips the types the
// caller cannot edit.
func (res *types) list(r *rest.Request) (*rest.Response, *rest.Error) {
	out := rest.Object{}
	for _, e := range res.listed {
		if r.Context() == rest.Edit && !can(r, e.editCap()) {
			continue
		}
		out = append(out, rest.Member{Key: e.Slug, Value: orEmptyArray(res.item.Render(r, e))})
	}
	return rest.OK(out), nil
}

func (res *types) get(r *rest.Request) (*rest.Response, *rest.Error) {
	slug := r.String("type")
	e := res.find(slug)
	if e == nil {
		if _, hidden := hiddenPostTypes.at(res.m.version).Get(slug); hidden {
			return nil, r.Forbidden(codeCannotReadType, msgCannotReadType)
		}
		return nil, rest.Errorf(http.StatusNotFound, codeTypeInvalid, msgTypeInvalid)
	}
	if r.Context() == rest.Edit && !can(r, e.editCap()) {
		return nil, r.Forbidden(codeForbiddenContext, msgEditPostsType)
	}
	return rest.OK(res.item.Render(r, e)), nil
}

// orEmptyArray is an item as prepare_response_for_collection leaves it: a PHP array
// with nothing in it (every field left out by _fields) prints as [].
func orEmptyArray(o rest.Object) any {
	if len(o) == 0 {
		return rest.EmptyArray
	}
	return o
}
