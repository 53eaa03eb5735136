package mock

import (
	"io"

	"github.com/wpmock/wpmock/mock/rest"
)

// OwnNamespace is the mock's own namespace beside WordPress's: routes a test harness
// needs and WordPress has no equivalent of. The index lists it like any namespace.
const OwnNamespace = "wpmock/v1"

// control is POST /wpmock/v1/reset (back to the start-up dataset) and GET
// /wpmock/v1/dataset (the current content in the dataset format of fixtures, which
// -data loads). Both are the administrator's, or anyone's under -auth=open: the
// dataset holds every user's application password.
type control struct{ m *Mock }

func (c *control) routes() []*rest.Route {
	return []*rest.Route{
		ownRoute("reset", &rest.Endpoint{Methods: rest.Creatable, Permission: c.permission, Handler: c.reset}),
		ownRoute("dataset", &rest.Endpoint{Methods: rest.Readable, Permission: c.permission, Handler: c.dataset}),
	}
}

// ownRoute is the route /wpmock/v1/<name> of the mock's own namespace.
func ownRoute(name string, endpoints ...*rest.Endpoint) *rest.Route {
	return &rest.Route{Namespace: OwnNamespace, Pattern: "/" + OwnNamespace + "/" + name, Endpoints: endpoints}
}

func (c *control) permission(r *rest.Request) *rest.Error { return controlPermission(c.m, r) }

// controlPermission lets the administrator use the mock's own routes, and anyone under
// -auth=open.
func controlPermission(m *Mock, r *rest.Request) *rest.Error {
	if m.opts.OpenAuth || can(r, "manage_options") {
		return nil
	}
	return r.Forbidden(rest.CodeForbidden, "Sorry, you are not allowed to do that.")
}

// reset swaps the whole store for a fresh copy of the start-up dataset, inside the
// request's exclusive transaction: no other request sees a half-reset site.
func (c *control) reset(r *rest.Request) (*rest.Response, *rest.Error) {
	txOf(r).Replace(c.m.fresh())
	c.m.replay.reset = true // the recorded answers describe the site again
	// the kept dataset: whole but for a large generated site's posts, which types counts
	ds := c.m.dataset
	types, taxonomies := c.m.startupPosts, map[string]int{}
	for _, t := range ds.Terms {
		taxonomies[t.Taxonomy]++
	}
	out := rest.Object{
		{"reset", true},
		{"posts", types["post"]},
		{"media", types["attachment"]},
		{"revisions", types["revision"]},
		{"users", len(ds.Users)},
	}
	for _, tax := range registry(r).Taxonomies { // the terms of each taxonomy, by its REST base
		out = append(out, rest.Member{Key: tax.RestBase, Value: taxonomies[tax.Slug]})
	}
	return rest.OK(append(out, rest.Member{Key: "meta", Value: len(ds.Meta)})), nil
}

// dataset answers the dataset file itself, so that saving the body gives a file -data
// can start from.
//
// The body is streamed from a snapshot taken in the request's transaction: the
// snapshot copies the rows of the small tables, sharing their strings and file bytes,
// and keeps the posts as the stored rows, which no write changes in place, so the
// export costs neither a copy of the content nor an encoded body in memory, and
// writes need not wait for a slow client.
func (c *control) dataset(r *rest.Request) (*rest.Response, *rest.Error) {
	return rest.OK(rest.Stream(c.m.exportOf(txOf(r)))), nil
}

// recording is GET /wpmock/v1/calls, registered under -record: the calls recorded so
// far (calls.File), the administrator's as the other control routes are (the
// recorded arguments are the site's content).
type recording struct {
	m     *Mock
	calls *rest.Calls
}

func (c *recording) routes() []*rest.Route {
	return []*rest.Route{{Namespace: OwnNamespace, Pattern: "/" + OwnNamespace + "/calls", Endpoints: []*rest.Endpoint{
		{Methods: rest.Readable, Permission: func(r *rest.Request) *rest.Error { return controlPermission(c.m, r) }, Handler: c.list},
	}}}
}

func (c *recording) list(*rest.Request) (*rest.Response, *rest.Error) {
	return rest.OK(rest.Stream(func(w io.Writer) error { return c.calls.WriteJSON(w, c.m.version) })), nil
}

// callerRole names the caller's role for the recording: its first role, "anonymous"
// for nobody.
func callerRole(c any) string {
	if c, _ := c.(*caller); c != nil {
		if len(c.roles) > 0 {
			return c.roles[0]
		}
		return "none"
	}
	return "anonymous"
}
