package mock

import (
	"net/http"
	"strconv"

	"github.com/wpmock/wpmock/mock/graphql"
	"github.com/wpmock/wpmock/mock/rest"
	"github.com/wpmock/wpmock/mock/store"
	"github.com/wpmock/wpmock/mock/wp"
	"github.com/wpmock/wpmock/mock/wpversion"
)

// graphqlSite gives package graphql (WPGraphQL's /graphql) what only the controllers
// know: the caller, identified as for the REST API, and the rendered forms the REST
// answers show, so both read the same site the same way.
type graphqlSite struct{ m *Mock }

var _ graphql.Site = graphqlSite{}

// Serve runs f in a read transaction with the request's caller; an application
// password whose use must be recorded makes it a write, as authenticate does.
func (g graphqlSite) Serve(hr *http.Request, f func(req *graphql.Request)) {
	m := g.m
	r := &rest.Request{HTTP: hr, Site: m.server.SiteURLOf(hr)}
	run := func(tx *store.Tx) bool {
		r.Tx = tx
		c := m.identify(r)
		if c != nil && c.RecordUse {
			if !tx.Writable() {
				return false
			}
			c.RecordAppPasswordUse(tx, hr.RemoteAddr)
		}
		req := &graphql.Request{Tx: tx, Home: r.Site, Site: g}
		if c != nil {
			req.Actor = &c.Actor
		}
		f(req)
		return true
	}
	done := false
	m.store.Read(func(tx *store.Tx) { done = run(tx) })
	if !done {
		m.store.Write(func(tx *store.Tx) { run(tx) })
	}
}

// Content is the_content; an attachment's is its description without the attachment
// markup the REST API's description prepends (a clone's rendered description has it).
func (g graphqlSite) Content(p *store.Post) string {
	if p.Type == "attachment" {
		return g.m.renders.Get(p).Content
	}
	return g.m.renders.Content(p)
}
func (g graphqlSite) Excerpt(p *store.Post) string { return g.m.renders.Excerpt(p) }
func (g graphqlSite) Version() wpversion.Version   { return g.m.version }

// CommentContent is content.rendered of the comments controller.
func (g graphqlSite) CommentContent(tx *store.Tx, home string, c *store.Comment) string {
	if c.Rendered != nil && c.Content == c.RenderedFrom {
		return *c.Rendered
	}
	return wp.CommentText(home, g.m.version, c.Content)
}

// Image is the attachment's file with the sub-sizes media_details lists.
func (g graphqlSite) Image(tx *store.Tx, home string, p *store.Post) graphql.Image {
	e := p.Extra()
	url := wp.AttachmentURL(home, p)
	im := graphql.Image{SourceURL: url, File: e.File, MimeType: e.MimeType, Width: e.Width, Height: e.Height, FileSize: e.FileSize}
	if !wp.IsImage(p) {
		return im
	}
	for _, s := range wp.AttachmentImageFiles(tx, p).Sizes {
		size := graphql.ImageSize{Name: s.Name, File: s.File, MimeType: s.Mime, SourceURL: wp.SizeURL(url, s.File), Width: s.Width, Height: s.Height}
		if s.Stored.Data != nil {
			size.FileSize = len(s.Stored.Data)
		}
		im.Sizes = append(im.Sizes, size)
	}
	return im
}

// SrcSet is wp_get_attachment_image_srcset and wp_get_attachment_image_sizes of an
// image shown at a registered size ("" for the full image), as the attachment markup
// of media.go computes them.
func (g graphqlSite) SrcSet(tx *store.Tx, home string, p *store.Post, size string) (srcset, sizes string) {
	if !wp.IsImage(p) {
		return "", ""
	}
	im := wp.AttachmentImageFiles(tx, p)
	e := p.Extra()
	src, w, h := wp.AttachmentURL(home, p), e.Width, e.Height
	if m := im.Size(size); m != nil {
		src, w, h = wp.SizeURL(src, m.File), m.Width, m.Height
	}
	if w < 1 {
		return "", ""
	}
	return wp.ImageSrcset(home+wp.UploadsPrefix, p, &im, src, w, h), "(max-width: " + strconv.Itoa(w) + "px) 100vw, " + strconv.Itoa(w) + "px"
}
