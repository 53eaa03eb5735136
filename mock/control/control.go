package control

import (
	"io"

	"github.com/wpmock/wpmock/mock/rest"
	"github.com/wpmock/wpmock/mock/store"
	"github.com/wpmock/wpmock/mock/wp"
)

// control is POST /wpmock/v1/reset (back to the start-up dataset) and GET
// /wpmock/v1/dataset (the current content in the dataset format of fixtures, which
// -data loads). Both are the administrator's, or anyone's under -auth=open: the
// dataset holds every user's application password.
type control struct{ s *site }

func (c *control) routes() []*rest.Route {
	return []*rest.Route{
		ownRoute("reset", &rest.Endpoint{Methods: rest.Creatable, Permission: c.s.permission, Handler: c.reset}),
		ownRoute("dataset", &rest.Endpoint{Methods: rest.Readable, Permission: c.s.permission, Handler: c.dataset}),
	}
}

// reset swaps the whole store for a fresh copy of the start-up dataset, inside the
// request's exclusive transaction: no other request sees a half-reset site.
func (c *control) reset(r *rest.Request) (*rest.Response, *rest.Error) {
	tx := txOf(r)
	c.s.m.ResetIn(tx) // a cloned site's recorded answers describe the site again
	// the kept dataset: whole but for a large generated site's posts, which types counts
	ds := c.s.m.StartupKept()
	types, taxonomies := c.s.m.StartupPosts(), map[string]int{}
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
	for _, tax := range wp.RegistryOf(tx).Taxonomies { // the terms of each taxonomy, by its REST base
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
	return rest.OK(rest.Stream(c.s.m.ExportIn(txOf(r)))), nil
}

// recording is GET /wpmock/v1/calls, registered under -record: the calls recorded so
// far (calls.File), the administrator's as the other control routes are (the
// recorded arguments are the site's content).
type recording struct {
	s     *site
	calls *rest.Calls
}

func (c *recording) routes() []*rest.Route {
	return []*rest.Route{ownRoute("calls", &rest.Endpoint{Methods: rest.Readable, Permission: c.s.permission, Handler: c.list})}
}

func (c *recording) list(*rest.Request) (*rest.Response, *rest.Error) {
	return rest.OK(rest.Stream(func(w io.Writer) error { return c.calls.WriteJSON(w, c.s.m.Version()) })), nil
}

// txOf is the store transaction of a request.
func txOf(r *rest.Request) *store.Tx { return r.Tx.(*store.Tx) }
