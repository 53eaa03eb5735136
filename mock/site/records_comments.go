package site

import (
	"time"

	"github.com/wpmock/wpmock/mock/store"
	"github.com/wpmock/wpmock/mock/wp"
)

// storeComments are a dataset's comments as store rows: a record's date is the site's
// wall clock (comment_date), in loc; its UTC date follows.
func storeComments(list []Comment, loc *time.Location) []*store.Comment {
	if len(list) == 0 {
		return nil
	}
	rows := make([]store.Comment, len(list))
	out := make([]*store.Comment, len(list))
	for i, x := range list {
		rows[i] = store.Comment{ID: x.ID, Post: x.Post, Parent: x.Parent, UserID: x.Author,
			Author: x.AuthorName, AuthorEmail: x.AuthorEmail, AuthorURL: x.AuthorURL, AuthorIP: x.AuthorIP,
			Agent: x.AuthorUserAgent, Date: x.Date.UTC(), DateGMT: x.DateGMT.UTC(), Content: x.Content,
			Approved: x.Status.Approved(), Type: "comment", Karma: x.Karma, TrashedStatus: x.TrashedStatus.Approved(),
			Rendered: x.Rendered, RenderedFrom: x.Content}
		if x.DateGMT.IsZero() {
			rows[i].DateGMT = wp.GMTIn(loc, rows[i].Date)
		}
		if x.Type != "" {
			rows[i].Type = x.Type
		}
		if x.TrashedStatus == "" {
			rows[i].TrashedStatus = ""
		}
		out[i] = &rows[i]
	}
	return out
}

// exportComments are the store's comments (by ascending id) as dataset records: the UTC
// date only where the site's zone (loc) does not make it of the local one.
func exportComments(rows []*store.Comment, loc *time.Location) []Comment {
	if len(rows) == 0 {
		return nil
	}
	out := make([]Comment, len(rows))
	for i, c := range rows {
		x := Comment{ID: c.ID, Post: c.Post, Parent: c.Parent, Author: c.UserID,
			AuthorName: c.Author, AuthorEmail: c.AuthorEmail, AuthorURL: c.AuthorURL, AuthorIP: c.AuthorIP,
			AuthorUserAgent: c.Agent, Date: c.Date, Content: c.Content, Status: CommentStatusOf(c.Approved),
			Karma: c.Karma}
		if !c.DateGMT.Equal(wp.GMTIn(loc, c.Date)) {
			x.DateGMT = c.DateGMT
		}
		if c.Type != "comment" {
			x.Type = c.Type
		}
		if c.TrashedStatus != "" {
			x.TrashedStatus = CommentStatusOf(c.TrashedStatus)
		}
		if c.Rendered != nil && c.Content == c.RenderedFrom {
			x.Rendered = c.Rendered
		}
		out[i] = x
	}
	return out
}
