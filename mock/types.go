package mock

import (
	"net/http"
	"slices"

	"github.com/wpmock/wpmock/mock/rest"
	"github.com/wpmock/wpmock/mock/wp"
)

// /wp/v2/types: WP_REST_Post_Types_Controller. It lists every post type WordPress
// shows in REST (create_initial_post_types), in each version, and the site's own: the
// ones the mock serves routes for and stores (the registry's PostTypes: post, page,
// attachment, nav_menu_item, the dataset's), and the ones it only describes
// (wp.UnservedPostTypes, typesunserved.go: wp_block, wp_template, ...), whose wp:items
// links point where WordPress's do, at routes the mock answers with rest_no_route. Only
// the registry's PostTypes drive routes, queries and writes.

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

// types is the /wp/v2/types resource.
type types struct {
	m    *Mock
	item *rest.Item[typeEntry]
	// listed are the types the version shows in REST, in registration order.
	listed []*typeEntry
}

// typeEntry is a post type as one version shows it, built once at start.
type typeEntry struct {
	*wp.PostType
	name                   string
	caps, labels, supports rest.Object
	taxonomies             []string
}

type typeField = rest.Field[typeEntry]

// entries builds the version's typeEntry of every type it shows.
func (res *types) entries(v rest.Version) []*typeEntry {
	var out []*typeEntry
	for _, pt := range res.m.reg.RegisteredPostTypes() {
		if !pt.Shown.In(v) {
			continue
		}
		e := &typeEntry{PostType: pt, labels: pt.Labels.At(v), supports: pt.Supports.At(v),
			caps: append(rest.Object(nil), pt.Caps...), taxonomies: []string{}}
		name, _ := e.labels.Get("name")
		e.name, _ = name.(string)
		for _, c := range e.CapChanges.At(v) {
			e.caps = e.caps.Set(c.Key, c.Value)
		}
		for _, t := range res.m.reg.ShownTaxonomies(v) {
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
				func(_ *rest.Request, e *typeEntry) any { return e.RESTNamespace() }),
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
		Add("wp:items", r.RestURL(e.Route()))
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
		if can(r, e.EditCap()) {
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
		if r.Context() == rest.Edit && !can(r, e.EditCap()) {
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
		if res.m.reg.HiddenType(slug, res.m.version) {
			return nil, r.Forbidden(codeCannotReadType, msgCannotReadType)
		}
		return nil, rest.Errorf(http.StatusNotFound, codeTypeInvalid, msgTypeInvalid)
	}
	if r.Context() == rest.Edit && !can(r, e.EditCap()) {
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
