package mock

import (
	"net/http"

	"github.com/wpmock/wpmock/mock/rest"
)

// /wp/v2/statuses: WP_REST_Post_Statuses_Controller, over the post statuses WordPress
// 6.1 registers (create_initial_post_types).

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

// postStatus is a registered post status as the REST API shows it.
type postStatus struct {
	Slug, Name   string // name, label
	Private      bool
	Protected    bool
	Public       bool
	Queryable    bool // publicly_queryable
	ShowInList   bool // show_in_admin_all_list
	DateFloating bool
	Internal     bool
}

// postStatuses are the non-internal statuses and trash (what the list shows), then
// the internal ones, in registration order.
var postStatuses = []*postStatus{
	{Slug: "publish", Name: "Published", Public: true, Queryable: true, ShowInList: true},
	{Slug: "future", Name: "Scheduled", Protected: true, ShowInList: true},
	{Slug: "draft", Name: "Draft", Protected: true, ShowInList: true, DateFloating: true},
	{Slug: "pending", Name: "Pending", Protected: true, ShowInList: true, DateFloating: true},
	{Slug: "private", Name: "Private", Private: true, ShowInList: true},
	{Slug: "trash", Name: "Trash", Internal: true},
	{Slug: "auto-draft", Name: "auto-draft", Internal: true, DateFloating: true},
	{Slug: "inherit", Name: "inherit", Internal: true},
	{Slug: "request-pending", Name: "Pending", Internal: true},
	{Slug: "request-confirmed", Name: "Confirmed", Internal: true},
	{Slug: "request-failed", Name: "Failed", Internal: true},
	{Slug: "request-completed", Name: "Completed", Internal: true},
}

func findStatus(slug string) *postStatus {
	for _, s := range postStatuses {
		if s.Slug == slug {
			return s
		}
	}
	return nil
}

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
			func(_ *rest.Request, s *postStatus) any { return s.Name }),
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

// list is get_items: the non-internal statuses plus trash that the caller may read,
// keyed by slug (anonymous callers see publish only).
func (res *statuses) list(r *rest.Request) (*rest.Response, *rest.Error) {
	out := rest.Object{}
	for _, s := range postStatuses {
		if (s.Internal && s.Slug != "trash") || !canReadStatus(r, s) {
			continue
		}
		out = append(out, rest.Member{Key: s.Slug, Value: res.render(r, s)})
	}
	return rest.OK(out), nil
}

func (res *statuses) getPermission(r *rest.Request) *rest.Error {
	s := findStatus(r.String("status"))
	if s == nil {
		return rest.Errorf(http.StatusNotFound, codeStatusInvalid, msgStatusInvalid)
	}
	if !canReadStatus(r, s) {
		return r.Forbidden(codeCannotReadStatus, msgCannotReadStatus)
	}
	return nil
}

func (res *statuses) get(r *rest.Request) (*rest.Response, *rest.Error) {
	s := findStatus(r.String("status"))
	if s == nil {
		return nil, rest.Errorf(http.StatusNotFound, codeStatusInvalid, msgStatusInvalid)
	}
	return rest.OK(res.render(r, s)), nil
}
