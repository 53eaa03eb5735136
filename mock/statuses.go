package mock

import (
	"net/http"

	"github.com/wpmock/wpmock/mock/rest"
	"github.com/wpmock/wpmock/mock/wp"
)

// /wp/v2/statuses: WP_REST_Post_Statuses_Controller, over the post statuses WordPress
// registers (create_initial_post_types) and the site's own (register_post_status).

// Error codes of the post statuses controller.
const (
	// codeStatusInvalid: GET /statuses/<slug> for a status that is not registered.
	codeStatusInvalid = "rest_status_invalid"
	// codeCannotReadStatus: a registered status the caller may not see (any non-public
	// one without edit_posts; the internal ones always).
	codeCannotReadStatus = "rest_cannot_read_status"
)

// Messages of the post statuses controller.
const (
	msgStatusInvalid    = "Invalid status."
	msgCannotReadStatus = "Cannot view status."
	// msgManageStatuses: rest_cannot_view on the edit list.
	msgManageStatuses = "Sorry, you are not allowed to manage post statuses."
)

// postStatus is a registered post status (wp.PostStatus: core's and the site's own).
type postStatus = wp.PostStatus

// statuses is the /wp/v2/statuses resource.
type statuses struct {
	m    *Mock
	item *rest.Item[postStatus]
}

type statusField = rest.Field[postStatus]

func (res *statuses) declare() *rest.Item[postStatus] {
	if res.item != nil {
		return res.item
	}
	ro := func(s *rest.Schema, ctx ...string) *rest.Schema { return s.Ctx(ctx...).RO() }
	// No Links: WordPress adds the archives link whatever _fields says, so render adds it.
	res.item = &rest.Item[postStatus]{Title: "status", ExactFields: true, Fields: []*statusField{
		rest.F(ro(rest.Str("name").Desc("The title for the status."), rest.Embed, rest.View, rest.Edit),
			func(_ *rest.Request, s *postStatus) any { return s.Label }),
		rest.F(ro(rest.Bool("private").Desc("Whether posts with this status should be private."), rest.Edit),
			func(_ *rest.Request, s *postStatus) any { return s.Private }),
		rest.F(ro(rest.Bool("protected").Desc("Whether posts with this status should be protected."), rest.Edit),
			func(_ *rest.Request, s *postStatus) any { return s.Protected }),
		rest.F(ro(rest.Bool("public").Desc("Whether posts of this status should be shown in the front end of the site."), viewEdit...),
			func(_ *rest.Request, s *postStatus) any { return s.Public }),
		rest.F(ro(rest.Bool("queryable").Desc("Whether posts with this status should be publicly-queryable."), viewEdit...),
			func(_ *rest.Request, s *postStatus) any { return s.Queryable }),
		rest.F(ro(rest.Bool("show_in_list").Desc("Whether to include posts in the edit listing for their post type."), rest.Edit),
			func(_ *rest.Request, s *postStatus) any { return s.ShowInList }),
		rest.F(ro(rest.Str("slug").Desc("An alphanumeric identifier for the status."), rest.Embed, rest.View, rest.Edit),
			func(_ *rest.Request, s *postStatus) any { return s.Slug }),
		rest.F(ro(rest.Bool("date_floating").Desc("Whether posts of this status may have floating published dates."), viewEdit...),
			func(_ *rest.Request, s *postStatus) any { return s.DateFloating }),
	}}
	res.item = res.item.For(res.m.version)
	return res.item
}

// render is prepare_item_for_response: the fields, then the archives link (the posts
// list filtered by the status), which is never embeddable and carries no curies.
func (res *statuses) render(r *rest.Request, s *postStatus) rest.Object {
	href := r.RestURL("/" + Namespace + "/posts")
	if s.Slug != "publish" {
		href += "?status=" + s.Slug
	}
	return append(res.item.Render(r, s),
		rest.Member{Key: "_links", Value: rest.Links{}.Add("archives", href).Compact()})
}

func (res *statuses) routes() []*rest.Route {
	it := res.declare()
	base := "/" + Namespace + "/statuses"
	return []*rest.Route{
		// WordPress keys this collection by slug (get_items builds an object)
		{Namespace: Namespace, Pattern: base, Shape: rest.Shape{Keyed: true}, Schema: it.SchemaJSON, Endpoints: []*rest.Endpoint{
			{Methods: rest.Readable, Args: []*rest.Schema{contextArg()}, Permission: res.listPermission, Handler: res.list},
		}},
		{Namespace: Namespace, Pattern: base + `/(?P<status>[\w-]+)`, Schema: it.SchemaJSON, Endpoints: []*rest.Endpoint{
			{Methods: rest.Readable, Args: []*rest.Schema{
				rest.Str("status").Desc("An alphanumeric identifier for the status."), contextArg(),
			}, Permission: res.getPermission, Handler: res.get},
		}},
	}
}

// editsSomeType is "the caller has edit_posts on some REST post type": edit_posts for
// post and attachment. (WordPress also checks page's edit_pages and the block types'
// edit_theme_options; no default role has those without edit_posts.)
func editsSomeType(r *rest.Request) bool { return can(r, "edit_posts") }

// canReadStatus is check_read_permission: public statuses for everyone; the other
// non-internal ones and trash for whoever edits some post type.
func canReadStatus(r *rest.Request, s *postStatus) bool {
	if s.Public {
		return true
	}
	if !s.Internal || s.Slug == "trash" {
		return editsSomeType(r)
	}
	return false
}

func (res *statuses) listPermission(r *rest.Request) *rest.Error {
	if r.Context() == rest.Edit && !editsSomeType(r) {
		return r.Forbidden(codeCannotView, msgManageStatuses)
	}
	return nil
}

// list is get_items: the statuses that are not internal (get_post_stati, in
// registration order: core's, then the site's own), then trash, each if the caller
// may read it, keyed by slug (anonymous callers see the public ones only).
func (res *statuses) list(r *rest.Request) (*rest.Response, *rest.Error) {
	out := rest.Object{}
	reg := registry(r)
	shown := append(reg.StatusSlugs(func(s *postStatus) bool { return !s.Internal }), "trash")
	for _, slug := range shown {
		if s := reg.Status(slug); canReadStatus(r, s) {
			out = append(out, rest.Member{Key: s.Slug, Value: res.render(r, s)})
		}
	}
	return rest.OK(out), nil
}

func (res *statuses) getPermission(r *rest.Request) *rest.Error {
	s := registry(r).Status(r.String("status"))
	if s == nil {
		return rest.Errorf(http.StatusNotFound, codeStatusInvalid, msgStatusInvalid)
	}
	if !canReadStatus(r, s) {
		return r.Forbidden(codeCannotReadStatus, msgCannotReadStatus)
	}
	return nil
}

func (res *statuses) get(r *rest.Request) (*rest.Response, *rest.Error) {
	s := registry(r).Status(r.String("status"))
	if s == nil {
		return nil, rest.Errorf(http.StatusNotFound, codeStatusInvalid, msgStatusInvalid)
	}
	return rest.OK(res.render(r, s)), nil
}
