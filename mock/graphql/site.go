package graphql

import (
	"net/http"

	"github.com/wpmock/wpmock/mock/store"
	"github.com/wpmock/wpmock/mock/wp"
	"github.com/wpmock/wpmock/mock/wpversion"
)

// Config is what the server is told of the site it serves; everything else it reads
// from the site's store through the layers below the controllers, as the REST API's
// controllers do.
type Config struct {
	// Store is the site's content.
	Store *store.Store
	// Home is the site's home URL for a request, without a trailing slash.
	Home func(r *http.Request) string
	// Version is the WordPress version the site answers as.
	Version wpversion.Version
	// Renders caches the posts' rendered content and excerpts; the REST API's
	// controllers share it, so both show the same rendering.
	Renders *wp.RenderCache
	// OpenAuth makes every request act as the administrator (-auth=open).
	OpenAuth bool
	// Hash is how the site keeps a password (site.HashPassword), to check an
	// application password with (wp.Identify).
	Hash func(plain string) string
}

// site is the site a server answers for.
type site struct{ Config }

// request is what one GraphQL request reads.
type request struct {
	Tx    *store.Tx
	Actor *wp.Actor // nil: anonymous
	Home  string    // the site's home URL, without a trailing slash
	site  *site
}

// serve runs f in a read transaction of the site, with the caller the request's
// credentials name (application passwords, as for the REST API: wp.Identify) and the
// home URL. An application password whose use must be recorded makes it a write, as
// the REST API's authentication does.
func (s *site) serve(hr *http.Request, f func(req *request)) {
	home := s.Home(hr)
	run := func(tx *store.Tx) bool {
		c := wp.Identify(tx, hr.Header.Get("Authorization"), s.OpenAuth, s.Hash)
		if c != nil && c.RecordUse {
			if !tx.Writable() {
				return false
			}
			c.RecordAppPasswordUse(tx, hr.RemoteAddr)
		}
		req := &request{Tx: tx, Home: home, site: s}
		if c != nil {
			req.Actor = &c.Actor
		}
		f(req)
		return true
	}
	done := false
	s.Store.Read(func(tx *store.Tx) { done = run(tx) })
	if !done {
		s.Store.Write(func(tx *store.Tx) { run(tx) })
	}
}

// content is the_content as content.rendered shows it; an attachment's is its
// description without the attachment markup the REST API's description prepends (a
// clone's rendered description has it).
func (s *site) content(p *store.Post) string {
	if p.Type == "attachment" {
		return s.Renders.Get(p).Content
	}
	return s.Renders.Content(p)
}

// excerpt is the_excerpt as excerpt.rendered shows it.
func (s *site) excerpt(p *store.Post) string { return s.Renders.Excerpt(p) }

// commentContent is a comment's rendered content (comment_text), as the comments
// controller's content.rendered shows it.
func (s *site) commentContent(home string, c *store.Comment) string {
	return wp.CommentContent(home, s.Version, c)
}
