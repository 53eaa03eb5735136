package site

import (
	"bytes"
	"time"

	"github.com/wpmock/wpmock/mock/store"
	"github.com/wpmock/wpmock/mock/wp"
)

// Exporting: the store's current content back as a dataset (Records), and the
// options a dataset holds both ways.

// PostRecord is a stored post as a dataset record: values the format derives
// (modified from date, modified_gmt from modified, the GUID) are left out when they
// are what would be derived.
func PostRecord(p *store.Post) Post {
	e := p.Extra()
	x := Post{ID: p.ID, Type: p.Type, Status: p.Status, Author: p.Author,
		Date: p.Date, DateGMT: p.DateGMT, Modified: p.Modified, ModifiedGMT: p.ModifiedGMT,
		Slug: p.Slug, Title: p.Title, Content: p.Content, Excerpt: p.Excerpt, Password: p.Password,
		Parent: p.Parent, MenuOrder: e.MenuOrder, CommentStatus: p.CommentStatus, PingStatus: p.PingStatus, GUID: e.GUID,
		Format: p.Format, Template: e.Template, Sticky: p.Sticky, FeaturedMedia: p.FeaturedMedia,
		Categories: clone(p.TermIDs("category")), Tags: clone(p.TermIDs("post_tag")),
		MimeType: e.MimeType, AltText: e.AltText, File: e.File, Width: e.Width, Height: e.Height,
		TrashedStatus: e.TrashedStatus, TrashedSlug: e.TrashedSlug,
		Terms: customTermRecord(p), Fields: fieldRecord(e.Fields)}
	if r := p.Rendered; r != nil {
		x.Rendered = &Rendered{Title: r.Title, Content: r.Content, Excerpt: r.Excerpt}
	}
	if x.ModifiedGMT.Equal(x.Modified) {
		x.ModifiedGMT = time.Time{}
	}
	if x.Modified.Equal(x.Date) {
		x.Modified = time.Time{}
	}
	if x.GUID != "" && x.GUID == wp.GUIDOf(p.Type, e.File, p.ID) {
		x.GUID = ""
	}
	return x
}

// Records is the dataset of the store's current content but for its posts, which
// come apart as the stored rows by ascending id. Values the format
// derives (modified from date, modified_gmt from modified, the GUID) are left out when
// they are what would be derived, and a file drawn from an Image of the start-up
// dataset is written as that Image while its bytes are unchanged.
func Records(tx *store.Tx, reg *wp.Registry, startup *Dataset) (*Dataset, []*store.Post) {
	t := tx.Tables()
	ds := &Dataset{
		Version: Version,
		Users:   make([]User, len(t.Users)),
		Terms:   make([]Term, len(t.Terms)),
		Meta:    make([]Meta, len(t.Meta)),
		Files:   make([]File, len(t.Files)),
	}
	// a cloned site stays one; the caller adds its recorded answers while they still
	// describe the content, and the version and options
	ds.Site = startup.Site
	ds.Register = startup.Register
	for i, u := range t.Users {
		x := User{ID: u.ID, Login: u.Login, PasswordHash: u.PassHash, Slug: u.Slug, Email: u.Email, URL: u.URL,
			Registered: u.Registered, Name: u.Name, FirstName: u.FirstName, LastName: u.LastName,
			Nickname: u.Nickname, Description: u.Description, Locale: u.Locale, Roles: append([]string{}, u.Roles...)}
		x.Meta, x.Fields = metaRecord(reg, "user", "", u.Meta), fieldRecord(u.Fields)
		for _, ap := range u.AppPasswords {
			x.AppPasswords = append(x.AppPasswords, AppPassword{UUID: ap.UUID, AppID: ap.AppID, Name: ap.Name,
				Hash: ap.Hash, Created: ap.Created, LastUsed: ap.LastUsed, LastIP: ap.LastIP})
		}
		ds.Users[i] = x
	}
	for i, x := range t.Terms {
		ds.Terms[i] = Term{ID: x.ID, Taxonomy: x.Taxonomy, Name: x.Name, Slug: x.Slug,
			Description: x.Description, Parent: x.Parent, Meta: metaRecord(reg, "term", x.Taxonomy, x.Meta), Fields: fieldRecord(x.Fields),
			Locations: clone(x.Locations), AutoAdd: x.AutoAdd}
	}
	for i, x := range t.Meta {
		ds.Meta[i] = Meta{ID: x.ID, Post: x.PostID, Key: x.Key, Value: x.Value}
	}
	drawn := map[string]*File{}
	for i := range startup.Files {
		if f := &startup.Files[i]; f.Image != nil {
			drawn[f.Path] = f
		}
	}
	ds.Files = ds.Files[:0]
	for _, f := range t.Files {
		if f.Data == nil && f.Of != "" {
			continue // a seeded image's sub-size, which loading the dataset lists again
		}
		x := File{Path: f.Path, MimeType: f.MimeType, Data: f.Data}
		if d := drawn[f.Path]; d != nil && d.MimeType == f.MimeType && bytes.Equal(d.Data, f.Data) {
			x.Image = d.Image
		}
		ds.Files = append(ds.Files, x)
	}
	ds.Comments = exportComments(t.Comments, wp.Timezone(tx))
	for i, c := range t.Comments {
		ds.Comments[i].Meta, ds.Comments[i].Fields = metaRecord(reg, "comment", "", c.Meta), fieldRecord(c.Fields)
	}
	// sequences only where they are not one past the largest id
	past := ds.NextIDs()
	if n := len(t.Posts); n > 0 {
		past.Posts = max(past.Posts, t.Posts[n-1].ID+1) // t.Posts is by ascending id
	}
	seq := Sequences{}
	if t.Next.Post != past.Posts {
		seq.Posts = t.Next.Post
	}
	if t.Next.User != past.Users {
		seq.Users = t.Next.User
	}
	if t.Next.Term != past.Terms {
		seq.Terms = t.Next.Term
	}
	if t.Next.Meta != past.Meta {
		seq.Meta = t.Next.Meta
	}
	if t.Next.Comment != past.Comments {
		seq.Comments = t.Next.Comment
	}
	if seq != (Sequences{}) {
		ds.Sequences = &seq
	}
	return ds, t.Posts
}

// SavedOptions are the options a dataset holds: a new site's with the dataset's over
// them, as an export of the site saved them.
func SavedOptions(ds *Dataset) store.Options {
	o := NewSiteOptions(ds)
	for k, v := range ds.Options {
		if v == nil {
			delete(o, k) // a deleted option
			continue
		}
		o[k] = optionValue(k, v)
	}
	return o
}

// NewSiteOptions are the options of a new site with the dataset's name.
func NewSiteOptions(ds *Dataset) store.Options {
	name, desc := "wpmock", ""
	if ds.Site != nil && ds.Site.Name != "" {
		name, desc = ds.Site.Name, ds.Site.Description
	}
	return wp.DefaultOptions(name, desc)
}

// ChangedOptions are the site's options that differ from a new site's: the ones a
// dataset keeps (nil: none).
func ChangedOptions(tx *store.Tx, startup *Dataset) map[string]any {
	def := NewSiteOptions(startup)
	var out map[string]any
	for k, v := range tx.Options() {
		if d, ok := def[k]; ok && d == v {
			continue
		}
		if out == nil {
			out = map[string]any{}
		}
		out[k] = recordOf(v) // an array or object setting's objects as Args
	}
	for k := range def {
		if _, ok := tx.Option(k); !ok { // deleted: kept as null
			if out == nil {
				out = map[string]any{}
			}
			out[k] = nil
		}
	}
	return out
}

// optionValue is a dataset's option value as the store keeps it: JSON's whole numbers
// are integers, but for gmt_offset, a number of hours; an array or object setting's
// objects are the mock's ordered objects (JSONOf), as a write through /settings keeps them.
func optionValue(name string, v any) any {
	if f, ok := v.(float64); ok && f == float64(int(f)) && name != "gmt_offset" {
		return int(f)
	}
	return JSONOf(v)
}
