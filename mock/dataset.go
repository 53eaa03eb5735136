package mock

import (
	"bytes"
	"io"
	"maps"
	"slices"
	"strconv"
	"time"

	"github.com/wpmock/wpmock/mock/internal/parallel"
	"github.com/wpmock/wpmock/mock/rest"
	"github.com/wpmock/wpmock/mock/site"
	"github.com/wpmock/wpmock/mock/store"
	"github.com/wpmock/wpmock/mock/wp"
)

// The site's content comes from a site.Dataset (see fixtures/README.md): the
// start-up dataset is kept, read-only, so that a reset can build the same store again,
// and the current state converts back into a dataset for an export.

// Dataset returns the site's current content, writes included, as a dataset.
func (m *Mock) Dataset() *site.Dataset {
	var ds *site.Dataset
	m.store.Read(func(tx *store.Tx) { ds = m.datasetOf(tx) })
	return ds
}

// StartupDataset is the dataset the site started from, which a reset restores (a
// large generated site's is generated again). It may be shared: do not change it.
func (m *Mock) StartupDataset() *site.Dataset { return m.startup() }

// StartupPosts is how many rows of each post type (post, page, attachment, revision)
// the site started with.
func (m *Mock) StartupPosts() map[string]int { return maps.Clone(m.startupPosts) }

// StartupKept is the start-up dataset as the site keeps it: whole, but for a large
// generated site's posts (StartupPosts counts them), which StartupDataset generates
// again. It is shared: do not change it.
func (m *Mock) StartupKept() *site.Dataset { return m.dataset }

// Export writes the site's current content in the dataset format.
func (m *Mock) Export(w io.Writer) error { return m.Dataset().Encode(w) }

// Reset puts the site back to its start-up dataset, all at once.
func (m *Mock) Reset() {
	fresh := m.fresh()
	m.store.Write(func(tx *store.Tx) { tx.Replace(fresh) })
}

// build makes a new store holding a dataset, its posts made into rows (postRows), with
// the options given (startOptions, or savedOptions for a snapshot). The store shares
// the dataset's strings and file bytes, which neither side changes.
func (m *Mock) build(ds *site.Dataset, rows *postRows, options store.Options) *store.Store {
	files := make(map[string]*store.File, len(ds.Files))
	t := store.Tables{
		Posts:    rows.posts,
		Prepared: true, // postRows.add prepares each row
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
		t.Users[i] = m.storeUser(&ds.Users[i])
	}
	for i, x := range ds.Terms {
		t.Terms[i] = &store.Term{ID: x.ID, Taxonomy: x.Taxonomy, Name: x.Name, Slug: x.Slug,
			Description: x.Description, Parent: x.Parent, Meta: metaFieldValues(m.reg, "term", x.Taxonomy, x.Meta),
			Fields: fieldValues(x.Fields), Locations: clone(x.Locations), AutoAdd: x.AutoAdd}
	}
	meta := make([]store.Meta, len(ds.Meta)) // one allocation: a million posts have 0.8 million
	for i, x := range ds.Meta {
		meta[i] = store.Meta{ID: x.ID, PostID: x.Post, Key: x.Key, Value: x.Value}
		t.Meta[i] = &meta[i]
	}
	next := ds.NextIDs()
	// the posts' meta values are rows after the dataset's own, taking the next ids
	itemMeta, nextMeta := postMetaRecords(m.reg, ds.Posts, next.Meta)
	for i := range itemMeta {
		t.Meta = append(t.Meta, &itemMeta[i])
	}
	t.Files = append(t.Files, seededSubsizes(rows.attachments, files)...)
	t.Options = options
	t.Comments = storeComments(ds.Comments, wp.TimezoneOf(t.Options))
	for i, c := range t.Comments {
		c.Meta = metaFieldValues(m.reg, "comment", "", ds.Comments[i].Meta)
		c.Fields = fieldValues(ds.Comments[i].Fields)
	}
	t.Next = store.Sequences{Post: next.Posts, User: next.Users, Term: next.Terms, Meta: nextMeta, Comment: next.Comments}
	s := store.Load(m.opts.Clock, t)
	s.SetSite(m.reg)
	s.Write(wp.RecountTerms)
	return s
}

// postRows are a dataset's posts made store rows, a run at a time, as the dataset
// reads or generates them.
type postRows struct {
	posts       []*store.Post // by ascending id, as the dataset has them
	attachments []*store.Post
	types       map[string]int // how many rows of each post type
}

// postRowsOf makes a dataset's posts rows.
func postRowsOf(posts []site.Post) *postRows {
	rows := &postRows{types: map[string]int{}}
	for start := 0; start < len(posts); start += rowRun {
		rows.add(posts[start:min(start+rowRun, len(posts))])
	}
	return rows
}

// rowRun is how many rows are made at a time (and in one allocation).
const rowRun = 4096

// add makes rows of run's posts, on every core. The rows of a run are one
// allocation, not one each nor one for all: a large site's rows then fit in memory
// the collector has freed (what generating the site left), where one array would take
// fresh memory, each page of it faulted in.
func (r *postRows) add(run []site.Post) {
	made := make([]store.Post, len(run))
	from := len(r.posts)
	r.posts = slices.Grow(r.posts, len(run))[:from+len(run)]
	terms := termRuns(run)
	parallel.Runs(len(run), 1024, func(start, end int) {
		for i := start; i < end; i++ {
			storePost(&made[i], &run[i], terms[i])
			store.Prepare(&made[i])
			r.posts[from+i] = &made[i]
		}
	})
	for i := range run {
		r.types[run[i].Type]++
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
// (site.Post), as a row keeps them, as sets (store.TermSet); its terms in the
// site's own taxonomies are customTermSets.
func recordTerms(x *site.Post) [2]store.TermSet {
	return [2]store.TermSet{{Taxonomy: "category", IDs: x.Categories}, {Taxonomy: "post_tag", IDs: x.Tags}}
}

// termRuns gives each post of run its own copy of its term sets (nil for none), the
// run's sets in one allocation and their ids in another: a slice per post and per
// taxonomy was 1.6 million of the 6.3 million objects a million posts left for the
// collector to mark. Each copy is capped at its length, so that an append moves it.
func termRuns(run []site.Post) [][]store.TermSet {
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

// storePost makes x a row in p, a zero row (postRows.add's, fresh), with terms as its
// term sets (x's categories and tags, copied: termRuns). Field by field: assigned a literal
// of the whole row, the row was built on the stack and copied over, behind the
// collector's write barrier for every pointer word of it (the collector runs for most
// of the build). At a million posts storePost took 1.6-2.2 s of CPU, now 1.05.
func storePost(p *store.Post, x *site.Post, terms []store.TermSet) {
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
		e.GUID = guidOf(p.Type, e.File, p.ID) // kept: the file may change, its first URL stays
	}
	p.SetExtra(e)
}

// guid is the post's GUID: the one it has, or "/?p=<id>" for "" (the GUID of every
// other type, kept as "" rather than as a string per post: a million posts' GUIDs
// were 1.4 million of the 6.3 million objects the collector marked in each cycle).
func guid(p *store.Post) string {
	if g := p.Extra().GUID; g != "" {
		return g
	}
	return defaultGUID(p)
}

// defaultGUID is the GUID WordPress gives: the upload URL of an attachment's file,
// "/?p=<id>" otherwise (relative to the site URL, which the mock only knows per
// request).
func defaultGUID(p *store.Post) string { return guidOf(p.Type, p.Extra().File, p.ID) }

// guidOf is defaultGUID of a post of the type, file and id.
func guidOf(typ, file string, id int) string {
	if typ == "attachment" && file != "" {
		return uploadsPrefix + file
	}
	return "/?p=" + strconv.Itoa(id)
}

// storeUser converts a user; -admin-app-password replaces the first application
// password of user "admin".
func (m *Mock) storeUser(x *site.User) *store.User {
	u := &store.User{ID: x.ID, Login: x.Login, PassHash: x.PasswordHash, Slug: x.Slug, Email: x.Email, URL: x.URL,
		Registered: x.Registered.UTC(), Name: x.Name, FirstName: x.FirstName, LastName: x.LastName,
		Nickname: x.Nickname, Description: x.Description, Locale: x.Locale, Roles: clone(x.Roles),
		Meta: metaFieldValues(m.reg, "user", "", x.Meta), Fields: fieldValues(x.Fields)}
	if x.Password != "" {
		u.PassHash = site.HashPassword(x.Password)
	}
	for _, ap := range x.AppPasswords {
		hash := ap.Hash
		if ap.Password != "" {
			hash = site.HashPassword(ap.Password)
		}
		u.AppPasswords = append(u.AppPasswords, store.AppPassword{UUID: ap.UUID, AppID: ap.AppID, Name: ap.Name,
			Hash: hash, Created: ap.Created.UTC(), LastUsed: ap.LastUsed.UTC(), LastIP: ap.LastIP})
	}
	if pw := m.adminPassword(); u.Login == "admin" && pw != "" {
		if len(u.AppPasswords) == 0 {
			u.AppPasswords = []store.AppPassword{{UUID: "00000000-0000-4000-8000-000000000000", Name: "wpmock",
				Created: u.Registered}}
		}
		u.AppPasswords[0].Hash = site.HashPassword(pw)
	}
	return u
}

// adminPassword is -admin-app-password without its spaces, or "".
func (m *Mock) adminPassword() string { return normalizeAppPassword(m.opts.AdminAppPassword) }

// plainPasswords lists the application passwords the dataset gave in plain text, by
// login (the first of each user): all the mock will ever know of them, for the banner.
func (m *Mock) plainPasswords(ds *site.Dataset) map[string]string {
	out := map[string]string{}
	for _, u := range ds.Users {
		pw := ""
		if len(u.AppPasswords) > 0 {
			pw = u.AppPasswords[0].Password
		}
		if u.Login == "admin" && m.adminPassword() != "" {
			pw = m.adminPassword()
		}
		if pw != "" {
			out[u.Login] = chunkAppPassword(pw)
		}
	}
	return out
}

// postRecord is a stored post as a dataset record: values the format derives
// (modified from date, modified_gmt from modified, the GUID) are left out when they
// are what would be derived.
func postRecord(p *store.Post) site.Post {
	e := p.Extra()
	x := site.Post{ID: p.ID, Type: p.Type, Status: p.Status, Author: p.Author,
		Date: p.Date, DateGMT: p.DateGMT, Modified: p.Modified, ModifiedGMT: p.ModifiedGMT,
		Slug: p.Slug, Title: p.Title, Content: p.Content, Excerpt: p.Excerpt, Password: p.Password,
		Parent: p.Parent, MenuOrder: e.MenuOrder, CommentStatus: p.CommentStatus, PingStatus: p.PingStatus, GUID: e.GUID,
		Format: p.Format, Template: e.Template, Sticky: p.Sticky, FeaturedMedia: p.FeaturedMedia,
		Categories: clone(p.TermIDs("category")), Tags: clone(p.TermIDs("post_tag")),
		MimeType: e.MimeType, AltText: e.AltText, File: e.File, Width: e.Width, Height: e.Height,
		TrashedStatus: e.TrashedStatus, TrashedSlug: e.TrashedSlug,
		Terms: customTermRecord(p), Fields: fieldRecord(e.Fields)}
	if r := p.Rendered; r != nil {
		x.Rendered = &site.Rendered{Title: r.Title, Content: r.Content, Excerpt: r.Excerpt}
	}
	if x.ModifiedGMT.Equal(x.Modified) {
		x.ModifiedGMT = time.Time{}
	}
	if x.Modified.Equal(x.Date) {
		x.Modified = time.Time{}
	}
	if x.GUID != "" && x.GUID == defaultGUID(p) {
		x.GUID = ""
	}
	return x
}

// datasetOf converts the store's current content into a dataset.
func (m *Mock) datasetOf(tx *store.Tx) *site.Dataset {
	ds, posts := m.datasetParts(tx)
	ds.Posts = make([]site.Post, len(posts))
	for i, p := range posts {
		ds.Posts[i] = postRecord(p)
	}
	return ds
}

// exportOf is the dataset of the store's current content as an encoder to stream it
// with, after the transaction: the posts, the largest table, are kept as the stored
// rows, which the store never changes in place (ChangePost copies), and become
// records one at a time while the body is written. While it is written, the process's
// memory may grow by exportHeadroom at most.
func (m *Mock) exportOf(tx *store.Tx) func(io.Writer) error {
	ds, posts := m.datasetParts(tx)
	var rec site.Post
	return func(w io.Writer) error {
		defer boundExportMemory()()
		return ds.EncodeWith(w, len(posts), func(i int) *site.Post {
			if i%4096 == 4095 {
				followExportMemory()
			}
			rec = postRecord(posts[i])
			return &rec
		})
	}
}

// datasetParts is the dataset of the store's current content but for its posts, which
// come apart as the stored rows by ascending id. Values the format
// derives (modified from date, modified_gmt from modified, the GUID) are left out when
// they are what would be derived, and a file drawn from an Image of the start-up
// dataset is written as that Image while its bytes are unchanged.
func (m *Mock) datasetParts(tx *store.Tx) (*site.Dataset, []*store.Post) {
	t := tx.Tables()
	ds := &site.Dataset{
		Version: site.Version,
		Users:   make([]site.User, len(t.Users)),
		Terms:   make([]site.Term, len(t.Terms)),
		Meta:    make([]site.Meta, len(t.Meta)),
		Files:   make([]site.File, len(t.Files)),
	}
	if m.version != rest.V61 { // the specification's version is the format's default
		ds.WPVersion = m.version.String()
	}
	// a cloned site stays one; its recorded answers go along while they still describe
	// the content
	ds.Site = m.dataset.Site
	ds.Register = m.dataset.Register
	ds.Options = m.changedOptions(tx)
	if m.replay.pristine.Load() {
		ds.Recorded = m.dataset.Recorded
	}
	for i, u := range t.Users {
		x := site.User{ID: u.ID, Login: u.Login, PasswordHash: u.PassHash, Slug: u.Slug, Email: u.Email, URL: u.URL,
			Registered: u.Registered, Name: u.Name, FirstName: u.FirstName, LastName: u.LastName,
			Nickname: u.Nickname, Description: u.Description, Locale: u.Locale, Roles: append([]string{}, u.Roles...)}
		x.Meta, x.Fields = metaRecord(m.reg, "user", "", u.Meta), fieldRecord(u.Fields)
		for _, ap := range u.AppPasswords {
			x.AppPasswords = append(x.AppPasswords, site.AppPassword{UUID: ap.UUID, AppID: ap.AppID, Name: ap.Name,
				Hash: ap.Hash, Created: ap.Created, LastUsed: ap.LastUsed, LastIP: ap.LastIP})
		}
		ds.Users[i] = x
	}
	for i, x := range t.Terms {
		ds.Terms[i] = site.Term{ID: x.ID, Taxonomy: x.Taxonomy, Name: x.Name, Slug: x.Slug,
			Description: x.Description, Parent: x.Parent, Meta: metaRecord(m.reg, "term", x.Taxonomy, x.Meta), Fields: fieldRecord(x.Fields),
			Locations: clone(x.Locations), AutoAdd: x.AutoAdd}
	}
	for i, x := range t.Meta {
		ds.Meta[i] = site.Meta{ID: x.ID, Post: x.PostID, Key: x.Key, Value: x.Value}
	}
	drawn := map[string]*site.File{}
	for i := range m.dataset.Files {
		if f := &m.dataset.Files[i]; f.Image != nil {
			drawn[f.Path] = f
		}
	}
	ds.Files = ds.Files[:0]
	for _, f := range t.Files {
		if f.Data == nil && f.Of != "" {
			continue // a seeded image's sub-size, which loading the dataset lists again
		}
		x := site.File{Path: f.Path, MimeType: f.MimeType, Data: f.Data}
		if d := drawn[f.Path]; d != nil && d.MimeType == f.MimeType && bytes.Equal(d.Data, f.Data) {
			x.Image = d.Image
		}
		ds.Files = append(ds.Files, x)
	}
	ds.Comments = exportComments(t.Comments, wp.Timezone(tx))
	for i, c := range t.Comments {
		ds.Comments[i].Meta, ds.Comments[i].Fields = metaRecord(m.reg, "comment", "", c.Meta), fieldRecord(c.Fields)
	}
	// sequences only where they are not one past the largest id
	past := ds.NextIDs()
	if n := len(t.Posts); n > 0 {
		past.Posts = max(past.Posts, t.Posts[n-1].ID+1) // t.Posts is by ascending id
	}
	seq := site.Sequences{}
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
	if seq != (site.Sequences{}) {
		ds.Sequences = &seq
	}
	return ds, t.Posts
}

func clone[T any](s []T) []T {
	if len(s) == 0 {
		return nil
	}
	return append([]T(nil), s...)
}

// startOptions are the options the site starts with: a new site's (titled by
// Options.Name, a cloned site's name, else wpmock), the dataset's over them, and
// Options.Name and Description over those.
func (m *Mock) startOptions(ds *site.Dataset) store.Options {
	o := m.savedOptions(ds)
	for k, v := range m.opts.SiteOptions {
		o[k] = v
	}
	if m.opts.Name != "" {
		o["blogname"] = m.opts.Name
	}
	if m.opts.Description != "" {
		o["blogdescription"] = m.opts.Description
	}
	return o
}

// savedOptions are the options a dataset holds: a new site's with the dataset's over
// them, as an export of the site saved them.
func (m *Mock) savedOptions(ds *site.Dataset) store.Options {
	o := m.newSiteOptions(ds)
	for k, v := range ds.Options {
		if v == nil {
			delete(o, k) // a deleted option
			continue
		}
		o[k] = optionValue(k, v)
	}
	return o
}

// newSiteOptions are the options of a new site with the dataset's name.
func (m *Mock) newSiteOptions(ds *site.Dataset) store.Options {
	name, desc := "wpmock", ""
	if ds.Site != nil && ds.Site.Name != "" {
		name, desc = ds.Site.Name, ds.Site.Description
	}
	return wp.DefaultOptions(name, desc)
}

// changedOptions are the site's options that differ from a new site's: the ones a
// dataset keeps (nil: none).
func (m *Mock) changedOptions(tx *store.Tx) map[string]any {
	def := m.newSiteOptions(m.dataset)
	var out map[string]any
	for k, v := range tx.Options() {
		if d, ok := def[k]; ok && d == v {
			continue
		}
		if out == nil {
			out = map[string]any{}
		}
		out[k] = recordOf(v) // an array or object setting's objects as site.Args
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
// objects are the mock's ordered objects (jsonOf), as a write through /settings keeps them.
func optionValue(name string, v any) any {
	if f, ok := v.(float64); ok && f == float64(int(f)) && name != "gmt_offset" {
		return int(f)
	}
	return jsonOf(v)
}
