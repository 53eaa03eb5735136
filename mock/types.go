package mock

import (
	"net/http"

	"github.com/wpmock/wpmock/mock/rest"
)

// /wp/v2/types: WP_REST_Post_Types_Controller. The mock serves the two post types it
// stores, post and attachment, with the values WordPress 6.1 registers for them
// (create_initial_post_types). WordPress also lists page, nav_menu_item, wp_block,
// wp_template, wp_template_part and wp_navigation; the mock has no routes for those, so
// it leaves them out rather than link clients to routes that answer rest_no_route.

// Error codes of the post types controller.
const (
	// codeTypeInvalid: GET /types/<slug> for a post type that is not registered.
	codeTypeInvalid = "rest_type_invalid"
	// codeCannotReadType: GET /types/<slug> for a registered type not shown in REST.
	codeCannotReadType = "rest_cannot_read_type"
	// codeCannotView: context=edit on the types, taxonomies or statuses list without the
	// capability any of them needs.
	codeCannotView = "rest_cannot_view"
)

// Messages of the post types controller.
const (
	msgTypeInvalid    = "Invalid post type."
	msgCannotReadType = "Cannot view post type."
	// msgEditPostsType is both rest_cannot_view (list) and rest_forbidden_context (item).
	msgEditPostsType = "Sorry, you are not allowed to edit posts in this post type."
)

// postType is a registered post type (WP_Post_Type) as the REST API shows it.
type postType struct {
	Slug, Name, Description string
	Hierarchical            bool
	HasArchive              any // false, or the archive slug
	ShowInNavMenus, ShowUI  bool
	Viewable                bool
	Caps                    rest.Object // $post_type->cap
	Labels                  rest.Object
	Icon                    any // menu_icon: a dashicon name or nil
	Supports                []string
	Taxonomies              []string // REST taxonomies of the type
	RestBase                string
}

// editCap is $post_type->cap->edit_posts, the capability the edit context needs.
func (pt *postType) editCap() string {
	v, _ := pt.Caps.Get("edit_posts")
	s, _ := v.(string)
	return s
}

// postTypeCaps is the cap object of a type with capability_type "post"; create_posts
// is edit_posts, or upload_files for attachments.
func postTypeCaps(createPosts string) rest.Object {
	o := rest.Object{}
	for _, c := range []string{"edit_post", "read_post", "delete_post", "edit_posts", "edit_others_posts",
		"delete_posts", "publish_posts", "read_private_posts", "read", "delete_private_posts",
		"delete_published_posts", "delete_others_posts", "edit_private_posts", "edit_published_posts"} {
		o = append(o, rest.Member{Key: c, Value: c})
	}
	return append(o, rest.Member{Key: "create_posts", Value: createPosts})
}

// postLabels are get_post_type_labels for "post" in 6.1 (en_US).
func postLabels() rest.Object {
	return rest.Object{
		{"name", "Posts"}, {"singular_name", "Post"}, {"add_new", "Add New"}, {"add_new_item", "Add New Post"},
		{"edit_item", "Edit Post"}, {"new_item", "New Post"}, {"view_item", "View Post"}, {"view_items", "View Posts"},
		{"search_items", "Search Posts"}, {"not_found", "No posts found."},
		{"not_found_in_trash", "No posts found in Trash."}, {"parent_item_colon", nil},
		{"all_items", "All Posts"}, {"archives", "Post Archives"}, {"attributes", "Post Attributes"},
		{"insert_into_item", "Insert into post"}, {"uploaded_to_this_item", "Uploaded to this post"},
		{"featured_image", "Featured image"}, {"set_featured_image", "Set featured image"},
		{"remove_featured_image", "Remove featured image"}, {"use_featured_image", "Use as featured image"},
		{"filter_items_list", "Filter posts list"}, {"filter_by_date", "Filter by date"},
		{"items_list_navigation", "Posts list navigation"}, {"items_list", "Posts list"},
		{"item_published", "Post published."}, {"item_published_privately", "Post published privately."},
		{"item_reverted_to_draft", "Post reverted to draft."}, {"item_scheduled", "Post scheduled."},
		{"item_updated", "Post updated."}, {"item_link", "Post Link"}, {"item_link_description", "A link to a post."},
		{"menu_name", "Posts"}, {"name_admin_bar", "Post"},
	}
}

// attachmentLabels are the attachment's: the post defaults (a non-hierarchical type
// falls back to them) with the few labels register_post_type('attachment') sets.
func attachmentLabels() rest.Object {
	l := postLabels()
	for _, m := range []rest.Member{
		{"name", "Media"}, {"singular_name", "Media"}, {"edit_item", "Edit Media"},
		{"view_item", "View Attachment Page"}, {"all_items", "Media"}, {"archives", "Media"},
		{"attributes", "Attachment Attributes"}, {"menu_name", "Media"}, {"name_admin_bar", "Media"},
	} {
		l = l.Set(m.Key, m.Value)
	}
	return l
}

// postTypes are the post types the mock serves, in registration order.
var postTypes = []*postType{
	{Slug: "post", Name: "Posts", HasArchive: false, ShowInNavMenus: true, ShowUI: true, Viewable: true,
		Caps: postTypeCaps("edit_posts"), Labels: postLabels(), Icon: "dashicons-admin-post",
		Supports: []string{"title", "editor", "author", "thumbnail", "excerpt", "trackbacks", "custom-fields",
			"comments", "revisions", "post-formats"},
		Taxonomies: []string{"category", "post_tag"}, RestBase: "posts"},
	{Slug: "attachment", Name: "Media", HasArchive: false, ShowInNavMenus: false, ShowUI: true, Viewable: true,
		Caps: postTypeCaps("upload_files"), Labels: attachmentLabels(), Icon: "dashicons-admin-media",
		Supports: []string{"title", "author", "comments"}, Taxonomies: []string{}, RestBase: "media"},
}

// hiddenPostTypes are registered in WordPress 6.1 but not shown in REST: asking for
// them is rest_cannot_read_type, not rest_type_invalid.
var hiddenPostTypes = []string{"revision", "custom_css", "customize_changeset", "oembed_cache", "user_request", "wp_global_styles"}

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
	item *rest.Item[postType]
}

type typeField = rest.Field[postType]

func (res *types) declare() *rest.Item[postType] {
	if res.item != nil {
		return res.item
	}
	ro := func(s *rest.Schema, ctx []string) *rest.Schema { return s.Ctx(ctx...).RO() }
	res.item = &rest.Item[postType]{Title: "type", Links: res.links,
		// get_item_schema's order, which is not the output order.
		SchemaOrder: []string{"capabilities", "description", "hierarchical", "viewable", "labels", "name", "slug",
			"supports", "has_archive", "taxonomies", "rest_base", "rest_namespace", "visibility", "icon"},
		Fields: []*typeField{
			rest.F(ro(rest.Obj("capabilities").Desc("All capabilities used by the post type."), editOnly),
				func(_ *rest.Request, pt *postType) any { return pt.Caps }),
			rest.F(ro(rest.Str("description").Desc("A human-readable description of the post type."), viewEdit),
				func(_ *rest.Request, pt *postType) any { return pt.Description }),
			rest.F(ro(rest.Bool("hierarchical").Desc("Whether or not the post type should have children."), viewEdit),
				func(_ *rest.Request, pt *postType) any { return pt.Hierarchical }),
			rest.F(ro(rest.New("has_archive", "string", "boolean").Desc("If the value is a string, the value will be used as the archive slug. If the value is false the post type has no archive."), viewEdit),
				func(_ *rest.Request, pt *postType) any { return pt.HasArchive }),
			// The schema lists show_ui first; the output puts show_in_nav_menus first.
			rest.F(ro(rest.Obj("visibility").Desc("The visibility settings for the post type.").Props(
				rest.Bool("show_ui").Desc("Whether to generate a default UI for managing this post type."),
				rest.Bool("show_in_nav_menus").Desc("Whether to make the post type available for selection in navigation menus."),
			), editOnly),
				func(_ *rest.Request, pt *postType) any {
					return rest.Object{{"show_in_nav_menus", pt.ShowInNavMenus}, {"show_ui", pt.ShowUI}}
				}),
			rest.F(ro(rest.Bool("viewable").Desc("Whether or not the post type can be viewed."), editOnly),
				func(_ *rest.Request, pt *postType) any { return pt.Viewable }),
			rest.F(ro(rest.Obj("labels").Desc("Human-readable labels for the post type for various contexts."), editOnly),
				func(_ *rest.Request, pt *postType) any { return pt.Labels }),
			rest.F(ro(rest.Str("name").Desc("The title for the post type."), all),
				func(_ *rest.Request, pt *postType) any { return pt.Name }),
			rest.F(ro(rest.Str("slug").Desc("An alphanumeric identifier for the post type."), all),
				func(_ *rest.Request, pt *postType) any { return pt.Slug }),
			rest.F(ro(rest.New("icon", "string", "null").Desc("The icon for the post type."), all),
				func(_ *rest.Request, pt *postType) any { return pt.Icon }),
			rest.F(ro(rest.Obj("supports").Desc("All features, supported by the post type."), editOnly),
				func(_ *rest.Request, pt *postType) any {
					o := make(rest.Object, len(pt.Supports))
					for i, f := range pt.Supports {
						o[i] = rest.Member{Key: f, Value: true}
					}
					return o
				}),
			rest.F(ro(rest.Arr("taxonomies", rest.Str("")).Desc("Taxonomies associated with post type."), viewEdit),
				func(_ *rest.Request, pt *postType) any { return pt.Taxonomies }),
			rest.F(ro(rest.Str("rest_base").Desc("REST base route for the post type."), all),
				func(_ *rest.Request, pt *postType) any { return pt.RestBase }),
			rest.F(ro(rest.Str("rest_namespace").Desc("REST route's namespace for the post type."), all),
				func(_ *rest.Request, pt *postType) any { return Namespace }),
		}}
	res.item = res.item.For(res.m.version)
	return res.item
}

// links is prepare_links: the collection and the type's items; no self.
func (res *types) links(r *rest.Request, pt *postType) rest.Links {
	return rest.Links{}.
		Add("collection", r.RestURL("/"+Namespace+"/types")).
		Add("wp:items", r.RestURL("/"+Namespace+"/"+pt.RestBase))
}

func (res *types) routes() []*rest.Route {
	it := res.declare()
	base := "/" + Namespace + "/types"
	return []*rest.Route{
		// WordPress keys this collection by slug (get_items builds an object)
		{Namespace: Namespace, Pattern: base, Shape: rest.Shape{Keyed: true}, Schema: it.SchemaJSON, Endpoints: []*rest.Endpoint{
			{Methods: rest.Readable, Args: []*rest.Schema{contextArg()}, Permission: res.listPermission, Handler: res.list},
		}},
		{Namespace: Namespace, Pattern: base + `/(?P<type>[\w-]+)`, Schema: it.SchemaJSON, Endpoints: []*rest.Endpoint{
			// The route's permission callback is __return_true: every check is in get_item.
			{Methods: rest.Readable, Args: []*rest.Schema{
				rest.Str("type").Desc("An alphanumeric identifier for the post type."), contextArg(),
			}, Handler: res.get},
		}},
	}
}

// listPermission is get_items_permissions_check: the edit context needs edit_posts on
// at least one REST type (post and attachment both use edit_posts).
func (res *types) listPermission(r *rest.Request) *rest.Error {
	if r.Context() != rest.Edit {
		return nil
	}
	for _, pt := range postTypes {
		if can(r, pt.editCap()) {
			return nil
		}
	}
	return r.Forbidden(codeCannotView, msgEditPostsType)
}

// list is get_items: an object keyed by slug; the edit context skips the types the
// caller cannot edit.
func (res *types) list(r *rest.Request) (*rest.Response, *rest.Error) {
	out := rest.Object{}
	for _, pt := range postTypes {
		if r.Context() == rest.Edit && !can(r, pt.editCap()) {
			continue
		}
		out = append(out, rest.Member{Key: pt.Slug, Value: orEmptyArray(res.item.Render(r, pt))})
	}
	return rest.OK(out), nil
}

func (res *types) get(r *rest.Request) (*rest.Response, *rest.Error) {
	slug := r.String("type")
	pt := findPostType(slug)
	if pt == nil {
		for _, h := range hiddenPostTypes {
			if h == slug {
				return nil, r.Forbidden(codeCannotReadType, msgCannotReadType)
			}
		}
		return nil, rest.Errorf(http.StatusNotFound, codeTypeInvalid, msgTypeInvalid)
	}
	if r.Context() == rest.Edit && !can(r, pt.editCap()) {
		return nil, r.Forbidden(codeForbiddenContext, msgEditPostsType)
	}
	return rest.OK(res.item.Render(r, pt)), nil
}

// orEmptyArray is an item as prepare_response_for_collection leaves it: a PHP array
// with nothing in it (every field left out by _fields) prints as [].
func orEmptyArray(o rest.Object) any {
	if len(o) == 0 {
		return rest.EmptyArray
	}
	return o
}
