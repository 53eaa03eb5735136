package site

import (
	"slices"
	"time"

	"github.com/wpmock/wpmock/mock/internal/parallel"
	"github.com/wpmock/wpmock/mock/store"
	"github.com/wpmock/wpmock/mock/wp"
)

// Loading: a dataset becomes the store's rows (Loader.Load), its register part the
// site's registry (Registry, registry.go), so that what the validator accepts is what
// the site serves.

// A Loader makes datasets stores for one site.
type Loader struct {
	// Registry is the site's registry (Registry of its dataset): it says how each item's
	// meta values become rows.
	Registry *wp.Registry
	// Clock is the store's clock.
	Clock func() time.Time
	// AdminPassword, when not "", replaces the first application password of user
	// "admin" (wpmock -admin-app-password, without its spaces).
	AdminPassword string
}

// Load makes a new store holding a dataset, its posts made into rows (Rows), with the
// options given (the mock's start-up options, or SavedOptions for a snapshot). The
// store shares the dataset's strings and file bytes, which neither side changes.
func (l Loader) Load(ds *Dataset, rows *Rows, options store.Options) *store.Store {
	files := make(map[string]*store.File, len(ds.Files))
	t := store.Tables{
		Posts:    rows.Posts,
		Prepared: true, // Rows.Add prepares each row
		Users:    make([]*store.User, len(ds.Users)),
		Terms:    make([]*store.Term, len(ds.Terms)),
		Meta:     make([]*store.Meta, len(ds.Meta)),
		Files:    make([]*store.File, len(ds.Files)),
	}
	for i, f := range ds.Files {
		t.Files[i] = &store.File{Path: f.Path, MimeType: f.MimeType, Data: f.Data}
		files[f.Path] = t.Files[i]
	}
	for _, p := range rows.attachments {
		e := p.Extra()
		if f := files[e.File]; f != nil {
			e.FileSize = len(f.Data)
			p.SetExtra(e)
		}
	}
	for i := range ds.Users {
		t.Users[i] = l.user(&ds.Users[i])
	}
	for i, x := range ds.Terms {
		t.Terms[i] = &store.Term{ID: x.ID, Taxonomy: x.Taxonomy, Name: x.Name, Slug: x.Slug,
			Description: x.Description, Parent: x.Parent, Meta: metaFieldValues(l.Registry, "term", x.Taxonomy, x.Meta),
			Fields: fieldValues(x.Fields), Locations: clone(x.Locations), AutoAdd: x.AutoAdd}
	}
	meta := make([]store.Meta, len(ds.Meta)) // one allocation: a million posts have 0.8 million
	for i, x := range ds.Meta {
		meta[i] = store.Meta{ID: x.ID, PostID: x.Post, Key: x.Key, Value: x.Value}
		t.Meta[i] = &meta[i]
	}
	next := ds.NextIDs()
	// the posts' meta values are rows after the dataset's own, taking the next ids
	itemMeta, nextMeta := postMetaRecords(l.Registry, ds.Posts, next.Meta)
	for i := range itemMeta {
		t.Meta = append(t.Meta, &itemMeta[i])
	}
	t.Files = append(t.Files, seededSubsizes(rows.attachments, files)...)
	t.Options = options
	t.Comments = storeComments(ds.Comments, wp.TimezoneOf(t.Options))
	for i, c := range t.Comments {
		c.Meta = metaFieldValues(l.Registry, "comment", "", ds.Comments[i].Meta)
		c.Fields = fieldValues(ds.Comments[i].Fields)
	}
	t.Next = store.Sequences{Post: next.Posts, User: next.Users, Term: next.Terms, Meta: nextMeta, Comment: next.Comments}
	s := store.Load(l.Clock, t)
	s.SetSite(l.Registry)
	s.Write(wp.RecountTerms)
	return s
}

// Rows are a dataset's posts made store rows, a run at a time, as the dataset
// reads or generates them.
type Rows struct {
	Posts       []*store.Post // by ascending id, as the dataset has them
	attachments []*store.Post
	Types       map[string]int // how many rows of each post type
}

// NewRows are no rows yet, for Add.
func NewRows() *Rows { return &Rows{Types: map[string]int{}} }

// RowsOf makes a dataset's posts rows.
func RowsOf(posts []Post) *Rows {
	rows := NewRows()
	for start := 0; start < len(posts); start += rowRun {
		rows.Add(posts[start:min(start+rowRun, len(posts))])
	}
	return rows
}

// rowRun is how many rows are made at a time (and in one allocation).
const rowRun = 4096

// Add makes rows of run's posts, on every core. The rows of a run are one
// allocation, not one each nor one for all: a large site's rows then fit in memory
// the collector has freed (what generating the site left), where one array would take
// fresh memory, each page of it faulted in.
func (r *Rows) Add(run []Post) {
	made := make([]store.Post, len(run))
	from := len(r.Posts)
	r.Posts = slices.Grow(r.Posts, len(run))[:from+len(run)]
	terms := termRuns(run)
	parallel.Runs(len(run), 1024, func(start, end int) {
		for i := start; i < end; i++ {
			storePost(&made[i], &run[i], terms[i])
			store.Prepare(&made[i])
			r.Posts[from+i] = &made[i]
		}
	})
	for i := range run {
		r.Types[run[i].Type]++
		if run[i].Type == "attachment" {
			r.attachments = append(r.attachments, &made[i])
		}
	}
}

// seededSubsizes lists the sub-sizes of the seeded images, as an import of the site
// into WordPress would have made them: the dimensions now, the bytes when first read
// (drawing them all would make starting slow). Sub-size files the dataset has (an
// export keeps the ones of uploads) are kept as they are.
func seededSubsizes(posts []*store.Post, files map[string]*store.File) []*store.File {
	var out []*store.File
	for _, p := range posts {
		e := p.Extra()
		if p.Type != "attachment" || !wp.IsImage(p) || !wp.EditorResizes(e.MimeType) || files[e.File] == nil {
			continue
		}
		im, planned := wp.ImageSources(func(path string) *store.File { return files[path] }, p)
		of := e.File
		if im.Original != "" {
			of = im.Dir + im.Original
		}
		for _, s := range planned {
			if files[im.Dir+s.File] == nil {
				f := &store.File{Path: im.Dir + s.File, MimeType: e.MimeType, Of: of}
				files[f.Path] = f
				out = append(out, f)
			}
		}
	}
	return out
}

// recordTerms are a dataset record's categories and tags, the terms a record names
// (Post), as a row keeps them, as sets (store.TermSet); its terms in the
// site's own taxonomies are customTermSets.
func recordTerms(x *Post) [2]store.TermSet {
	return [2]store.TermSet{{Taxonomy: "category", IDs: x.Categories}, {Taxonomy: "post_tag", IDs: x.Tags}}
}

// termRuns gives each post of run its own copy of its term sets (nil for none), the
// run's sets in one allocation and their ids in another: a slice per post and per
// taxonomy was 1.6 million of the 6.3 million objects a million posts left for the
// collector to mark. Each copy is capped at its length, so that an append moves it.
func termRuns(run []Post) [][]store.TermSet {
	n, sets := 0, 0
	for i := range run {
		for _, ts := range recordTerms(&run[i]) {
			if len(ts.IDs) > 0 {
				n, sets = n+len(ts.IDs), sets+1
			}
		}
		for _, ts := range customTermSets(&run[i]) {
			n, sets = n+len(ts.IDs), sets+1
		}
	}
	all, allSets, out := make([]int, 0, n), make([]store.TermSet, 0, sets), make([][]store.TermSet, len(run))
	for i := range run {
		first := len(allSets)
		core := recordTerms(&run[i])
		for _, ts := range append(core[:], customTermSets(&run[i])...) {
			if len(ts.IDs) > 0 {
				from := len(all)
				all = append(all, ts.IDs...)
				allSets = append(allSets, store.TermSet{Taxonomy: ts.Taxonomy, IDs: all[from:len(all):len(all)]})
			}
		}
		if len(allSets) > first {
			out[i] = allSets[first:len(allSets):len(allSets)]
		}
	}
	return out
}

// storePost makes x a row in p, a zero row (Rows.Add's, fresh), with terms as its
// term sets (x's categories and tags, copied: termRuns). Field by field: assigned a literal
// of the whole row, the row was built on the stack and copied over, behind the
// collector's write barrier for every pointer word of it (the collector runs for most
// of the build). At a million posts storePost took 1.6-2.2 s of CPU, now 1.05.
func storePost(p *store.Post, x *Post, terms []store.TermSet) {
	p.ID, p.Type, p.Status, p.Author = x.ID, x.Type, x.Status, x.Author
	p.Date, p.DateGMT, p.Modified, p.ModifiedGMT = x.Date.UTC(), x.DateGMT.UTC(), x.Modified.UTC(), x.ModifiedGMT.UTC()
	p.Slug, p.Title, p.Content, p.Excerpt, p.Password = x.Slug, x.Title, x.Content, x.Excerpt, x.Password
	p.Parent, p.CommentStatus, p.PingStatus = x.Parent, x.CommentStatus, x.PingStatus
	p.Format, p.Sticky, p.FeaturedMedia = x.Format, x.Sticky, x.FeaturedMedia
	e := store.Extra{GUID: x.GUID, Template: x.Template, MenuOrder: x.MenuOrder,
		MimeType: x.MimeType, AltText: x.AltText, File: x.File, Width: x.Width, Height: x.Height,
		TrashedStatus: x.TrashedStatus, TrashedSlug: x.TrashedSlug, Fields: fieldValues(x.Fields)}
	p.Terms = terms
	if r := x.Rendered; r != nil {
		p.Rendered = &store.Rendered{Title: r.Title, Content: r.Content, Excerpt: r.Excerpt}
	}
	if x.Modified.IsZero() {
		p.Modified = p.Date
	}
	if x.ModifiedGMT.IsZero() {
		p.ModifiedGMT = p.Modified
	}
	if e.GUID == "" && p.Type == "attachment" {
		e.GUID = wp.GUIDOf(p.Type, e.File, p.ID) // kept: the file may change, its first URL stays
	}
	p.SetExtra(e)
}

// user converts a user; AdminPassword replaces the first application password of
// user "admin".
func (l Loader) user(x *User) *store.User {
	u := &store.User{ID: x.ID, Login: x.Login, PassHash: x.PasswordHash, Slug: x.Slug, Email: x.Email, URL: x.URL,
		Registered: x.Registered.UTC(), Name: x.Name, FirstName: x.FirstName, LastName: x.LastName,
		Nickname: x.Nickname, Description: x.Description, Locale: x.Locale, Roles: clone(x.Roles),
		Meta: metaFieldValues(l.Registry, "user", "", x.Meta), Fields: fieldValues(x.Fields)}
	if x.Password != "" {
		u.PassHash = HashPassword(x.Password)
	}
	for _, ap := range x.AppPasswords {
		hash := ap.Hash
		if ap.Password != "" {
			hash = HashPassword(ap.Password)
		}
		u.AppPasswords = append(u.AppPasswords, store.AppPassword{UUID: ap.UUID, AppID: ap.AppID, Name: ap.Name,
			Hash: hash, Created: ap.Created.UTC(), LastUsed: ap.LastUsed.UTC(), LastIP: ap.LastIP})
	}
	if pw := l.AdminPassword; u.Login == "admin" && pw != "" {
		if len(u.AppPasswords) == 0 {
			u.AppPasswords = []store.AppPassword{{UUID: "00000000-0000-4000-8000-000000000000", Name: "wpmock",
				Created: u.Registered}}
		}
		u.AppPasswords[0].Hash = HashPassword(pw)
	}
	return u
}

// PlainPasswords lists the application passwords Load gives the dataset's users that
// the dataset gave in plain text (or AdminPassword), by login (the first of each
// user): all the mock will ever know of them, for the banner.
func (l Loader) PlainPasswords(ds *Dataset) map[string]string {
	out := map[string]string{}
	for _, u := range ds.Users {
		pw := ""
		if len(u.AppPasswords) > 0 {
			pw = u.AppPasswords[0].Password
		}
		if u.Login == "admin" && l.AdminPassword != "" {
			pw = l.AdminPassword
		}
		if pw != "" {
			out[u.Login] = wp.ChunkPassword(pw)
		}
	}
	return out
}

func clone[T any](s []T) []T {
	if len(s) == 0 {
		return nil
	}
	return append([]T(nil), s...)
}
