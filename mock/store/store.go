// Package store holds the mock site's data in memory: posts (with attachments and
// revisions, which share WordPress's wp_posts id sequence), users, terms (kept per
// taxonomy; a post's terms are a set per taxonomy), comments, post meta and uploaded
// files. Everything sits behind one lock; callers read inside Read and change inside
// Write, so a request sees one consistent state and a failed request leaves none of
// its changes behind (handlers check before they change). Posts and terms change by
// id with a function on a copy (ChangePost, ChangeTerm), so a row a reader holds is
// never changed under it. Lists are executed here too, over the indexes, as the
// database runs the SQL WP_Query (and WP_Comment_Query, WP_User_Query, WP_Term_Query)
// writes: a query in (PostQuery, CommentQuery, UserQuery, TermQuery), a window and a
// total out (Tx.QueryPosts, QueryComments, QueryUsers, QueryTerms).
package store

import (
	"slices"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/wpmock/wpmock/mock/prose"
)

// Post is a row of wp_posts: a post, an attachment or a revision.
type Post struct {
	ID     int
	Type   string // post, attachment, revision
	Status string
	// Grams are the common trigrams the title, excerpt and content hold, for searches
	// (search.go); the store sets them whenever the row is stored. Next to the status,
	// in the row's first bytes, which a search reads of every post.
	Grams Grams
	// Sieves are every letter pair and trigram of the title and the excerpt, hashed
	// (search.go).
	Sieves Sieves
	// What a search reads of every post follows, so that it reads three of the
	// row's cache lines and not five.
	Title    string
	Excerpt  string
	Password string
	Content  prose.Text // compact when generated (mock/prose)
	Author   int
	// Date is the local (site timezone) publication date; DateGMT is zero for a
	// "floating" draft date, as WordPress stores 0000-00-00 00:00:00.
	Date, DateGMT         time.Time
	Modified, ModifiedGMT time.Time
	Slug                  string
	Parent                int
	CommentStatus         string
	PingStatus            string
	Format                string // "" = standard
	Sticky                bool
	FeaturedMedia         int
	// Terms is the post's row of wp_term_relationships: per taxonomy, the ids of its
	// terms in the order they were given (TermIDs, SetTermIDs). A taxonomy the post
	// has no term of has no set.
	Terms []TermSet
	// Rendered is what a cloned site rendered for this row; any change of the post
	// drops it (ChangePost), and the mock renders the changed post itself.
	Rendered *Rendered
	// extra holds the fields few rows set (Extra), nil when all are zero.
	extra *Extra
}

// Extra is the fields of a post that few rows set: an attachment's file, a trashed
// post's former status and slug, a page's order and template, a GUID kept. They
// were 144 of a row's 584 bytes, each row's memory to fault in, fill and have the
// collector scan: at a million posts, 200 MB. A row holds them behind a pointer,
// nil for most rows, and never shares them with another row: they are read as a
// copy (Post.Extra) and set as a whole (Post.SetExtra), so a change to one row's
// copy cannot reach a row the store has handed out.
type Extra struct {
	GUID      string // "" for WordPress's default, /?p=<id> (mock's guid)
	Template  string
	MenuOrder int // pages: page-attributes' order
	// Attachments
	MimeType string
	AltText  string
	File     string // path below /wp-content/uploads/
	Width    int
	Height   int
	FileSize int
	// Trash: what untrashing restores.
	TrashedStatus string
	TrashedSlug   string
	// Fields are the values of the fields plugins add (register_rest_field) that
	// the row has, nil for none. The list is never changed once set: a change sets
	// a new one (WithField).
	Fields *FieldValues
}

// FieldValues are the values of a row's plugin fields, in the order they were set.
type FieldValues struct{ List []FieldValue }

// FieldValue is one plugin field's value (a JSON value, as the mock keeps them).
type FieldValue struct {
	Name  string
	Value any
}

// MetaRows are an object's rows of one meta key in a FieldValues (a term's, a
// user's, a comment's Meta): the value is a []string, each string one row's
// meta_value as the database keeps it (arrays serialized), in the order added.
func (f *FieldValues) MetaRows(key string) []string {
	v, _ := f.Field(key)
	rows, _ := v.([]string)
	return rows
}

// WithMetaRows is a new list with the key's rows set (none: the key removed).
func (f *FieldValues) WithMetaRows(key string, rows []string) *FieldValues {
	if len(rows) == 0 {
		return f.Without(key)
	}
	return f.WithField(key, rows)
}

// Field is the value of the field name and whether the row has one.
func (f *FieldValues) Field(name string) (any, bool) {
	if f == nil {
		return nil, false
	}
	for _, v := range f.List {
		if v.Name == name {
			return v.Value, true
		}
	}
	return nil, false
}

// Without is a new list without the field name (nil when none is left).
func (f *FieldValues) Without(name string) *FieldValues {
	if _, ok := f.Field(name); !ok {
		return f
	}
	out := &FieldValues{}
	for _, v := range f.List {
		if v.Name != name {
			out.List = append(out.List, v)
		}
	}
	if len(out.List) == 0 {
		return nil
	}
	return out
}

// WithField is a new list with the field name set to value.
func (f *FieldValues) WithField(name string, value any) *FieldValues {
	out := &FieldValues{}
	if f != nil {
		out.List = make([]FieldValue, 0, len(f.List)+1)
		for _, v := range f.List {
			if v.Name != name {
				out.List = append(out.List, v)
			}
		}
	}
	out.List = append(out.List, FieldValue{Name: name, Value: value})
	return out
}

// Extra is a copy of the post's extra fields (zero when it has none).
func (p *Post) Extra() Extra {
	if p.extra == nil {
		return Extra{}
	}
	return *p.extra
}

// MenuOrder is the post's menu order, for orderings that compare it often (a copy of
// Extra would be 144 bytes for each comparison).
func (p *Post) MenuOrder() int {
	if p.extra == nil {
		return 0
	}
	return p.extra.MenuOrder
}

// SetExtra sets the post's extra fields, in memory of their own.
func (p *Post) SetExtra(e Extra) {
	if e == (Extra{}) {
		p.extra = nil
		return
	}
	x := new(Extra) // not &e, which would move e to the heap for every call
	*x = e
	p.extra = x
}

// TermSet is the terms of one taxonomy a post carries.
type TermSet struct {
	Taxonomy string
	IDs      []int
}

// TermIDs are the ids of the post's terms in the taxonomy (nil for none). Do not
// change the slice: set another with SetTermIDs.
func (p *Post) TermIDs(taxonomy string) []int {
	for i := range p.Terms {
		if p.Terms[i].Taxonomy == taxonomy {
			return p.Terms[i].IDs
		}
	}
	return nil
}

// SetTermIDs makes ids the post's terms in the taxonomy (none when empty). Only
// for a row being built or inside ChangePost, whose copy owns its sets.
func (p *Post) SetTermIDs(taxonomy string, ids []int) {
	for i := range p.Terms {
		if p.Terms[i].Taxonomy != taxonomy {
			continue
		}
		if len(ids) == 0 {
			p.Terms = slices.Delete(p.Terms, i, i+1)
		} else {
			p.Terms[i].IDs = ids
		}
		return
	}
	if len(ids) > 0 {
		p.Terms = append(p.Terms, TermSet{Taxonomy: taxonomy, IDs: ids})
	}
}

// Rendered is the HTML a cloned site rendered for a post's title, content and
// excerpt; a nil form is one the site did not show. It is never changed in place.
type Rendered struct{ Title, Content, Excerpt *string }

// User is a row of wp_users with the usermeta the API shows.
type User struct {
	ID           int
	Login        string
	PassHash     string // the login password hashed (never shown: the mock authenticates with application passwords)
	Slug         string // user_nicename
	Email        string
	URL          string
	Registered   time.Time
	Name         string // display_name
	FirstName    string
	LastName     string
	Nickname     string
	Description  string
	Locale       string
	Roles        []string
	AppPasswords []AppPassword
	// Meta are the user's rows of the meta keys registered for users (MetaRows),
	// Fields its plugin fields' values; nil for none.
	Meta, Fields *FieldValues
}

// AppPassword is one application password of a user.
type AppPassword struct {
	UUID     string
	AppID    string
	Name     string
	Hash     string // fixtures.HashPassword of the password; the plain one is never kept
	Created  time.Time
	LastUsed time.Time
	LastIP   string
}

// Term is a row of wp_terms with its wp_term_taxonomy: a term of one taxonomy.
type Term struct {
	ID          int
	Taxonomy    string // the taxonomy's name: category, post_tag, or one a site declares
	Name        string
	Slug        string
	Description string
	Parent      int
	Count       int // published posts using the term
	// Meta are the term's rows of the meta keys registered for its taxonomy
	// (register_term_meta; see MetaRows), Fields its plugin fields' values
	// (register_rest_field); nil for none. Never changed once set
	// (FieldValues.WithField).
	Meta, Fields *FieldValues
	// Locations are the theme locations that show a nav_menu term (the theme mod
	// nav_menu_locations, by menu), AutoAdd whether new top-level pages join it
	// (nav_menu_options' auto_add); other taxonomies' terms have neither.
	Locations []string
	AutoAdd   bool
}

// Meta is a row of wp_postmeta.
type Meta struct {
	ID     int
	PostID int
	Key    string
	Value  string
}

// File is an uploaded file, served at /wp-content/uploads/<Path>.
type File struct {
	Path     string
	MimeType string
	Data     []byte
	// Of is, for an image sub-size (a resized copy WordPress makes of an upload), the
	// path of the image it is made from; "" for uploaded files. A sub-size whose Data
	// is nil is made when it is first read.
	Of string
}

// Store is the site's data. The zero value is not usable; call New.
type Store struct {
	mu    sync.RWMutex
	gen   atomic.Uint64 // write transactions so far (Generation)
	freed atomic.Int64  // bytes of files deleted since the last TakeFreed
	clock func() time.Time

	posts  *table[Post]   // wp_posts
	byDate *index[string] // per type but revision, newest first (date desc, id desc)
	// per type but revision and status ("post/publish"), newest first: the default
	// lists (one status, no other filter) page through it without scanning
	byStatus *index[typeKey]
	// per type, ascending id: built when first asked for, or by Warm once the server
	// listens (searches and filtered lists scan it; the first page of a list does not)
	byID     *lazyIndex[string]
	children *index[int]            // by parent id (revisions, attachments), ascending id
	slugs    *lazyIndex[typeKey]    // by type and slug, for wp_unique_post_slug (slugIndex)
	byAuthor *index[int]            // by author id, ascending id
	orders   map[string]*orderIndex // the other orderings of lists (order.go)
	postMeta map[int][]int          // meta ids by post id, ascending
	users    *table[User]           // wp_users
	logins   map[string]int         // user ids by login (a login never changes)
	terms    *table[Term]           // wp_terms
	taxTerms map[string][]int       // term ids per taxonomy, ascending
	meta     *table[Meta]           // wp_postmeta
	files    map[string]*File
	comments *comments       // wp_comments (comments.go)
	formats  map[string]bool // the post formats some post has had (formats.go)
	options  Options         // wp_options (options.go)
	// site is what the layers above keep with the site's data and read in its
	// transactions (package wp: the post types, taxonomies, meta and fields the site
	// registers, as WordPress keeps them in globals beside its database). The store
	// never reads it.
	site any

	nextPost, nextUser, nextTerm, nextMeta int
}

// New returns an empty store whose timestamps come from clock.
func New(clock func() time.Time) *Store {
	if clock == nil {
		clock = time.Now
	}
	return &Store{
		clock:    clock,
		posts:    newTable[Post](0, 0),
		meta:     newTable[Meta](0, 0),
		byDate:   newIndex(byListedType, dateCmp),
		byStatus: newIndex(byListedTypeStatus, dateCmp),
		children: newIDIndex(byParent),
		slugs:    newLazyIndex(slugIndex),
		byAuthor: newIDIndex(byAuthorID),
		postMeta: map[int][]int{},
		byID:     loadedLater(func() *index[string] { return newIDIndex(byType) }),
		orders:   newOrders(),
		users:    newTable[User](0, 0),
		logins:   map[string]int{},
		terms:    newTable[Term](0, 0),
		taxTerms: map[string][]int{},
		files:    map[string]*File{},
		comments: newComments(),
		formats:  map[string]bool{},
		nextPost: 1, nextUser: 1, nextTerm: 1, nextMeta: 1,
	}
}

// SetSite keeps v with the store: what Tx.Site returns.
func (s *Store) SetSite(v any) { s.site = v }

// Site is the value SetSite kept, nil when none.
func (tx *Tx) Site() any { return tx.s.site }

// Tx is the view of the store inside Read or Write.
type Tx struct {
	s        *Store
	writable bool
	journal  []noted // what the transaction changed (journal.go)
	replaced bool    // Replace ran
}

// Read runs f with the store locked for reading.
func (s *Store) Read(f func(tx *Tx)) {
	s.mu.RLock()
	defer s.mu.RUnlock()
	f(&Tx{s: s})
}

// Write runs f with the store locked for writing, and advances the generation.
func (s *Store) Write(f func(tx *Tx)) {
	s.mu.Lock()
	defer s.mu.Unlock()
	defer s.gen.Add(1) // also when f panics: it may have changed rows before
	f(&Tx{s: s, writable: true})
}

// Generation counts the write transactions so far: content read under one generation
// is the same for as long as the generation stays (the mock's fragment cache).
func (s *Store) Generation() uint64 { return s.gen.Load() }

// Now is the store's clock, truncated to seconds as MySQL DATETIME stores it.
func (tx *Tx) Now() time.Time { return tx.s.clock().UTC().Truncate(time.Second) }

// Writable reports whether the transaction may change the store (inside Write).
func (tx *Tx) Writable() bool { return tx.writable }

func (tx *Tx) mustWrite() {
	if !tx.writable {
		panic("store: change inside Read")
	}
}

// Post returns the post (of any type) with the id, or nil.
func (tx *Tx) Post(id int) *Post { return tx.s.posts.get(id) }

// PostsByDate lists the posts of a type newest first (date desc, then id desc); none
// for revisions, which are listed by parent (Children). The slice belongs to the
// store: do not change it.
func (tx *Tx) PostsByDate(typ string) []*Post { return tx.s.byDate.list(typ) }

// PostsByStatus lists the posts of a type and status newest first; none for
// revisions (Children). Do not change the slice.
func (tx *Tx) PostsByStatus(typ, status string) []*Post {
	return tx.s.byStatus.list(typeKey{typ, status})
}

// PostsByID lists the posts of a type by ascending id. Do not change the slice.
func (tx *Tx) PostsByID(typ string) []*Post { return tx.s.byID.get(tx.s).list(typ) }

// indexes lists every index of posts, so that each change keeps all of them right.
func (s *Store) indexes() []postIndex {
	out := []postIndex{s.byID, s.byDate, s.byStatus, s.children, s.slugs, s.byAuthor}
	for _, name := range Orders {
		out = append(out, s.orders[name])
	}
	return out
}

// InsertPost stores a new post and gives it the next id of the posts sequence (unless
// it has one, as when a dataset is loaded).
func (tx *Tx) InsertPost(p *Post) {
	tx.mustWrite()
	s := tx.s
	if p.ID == 0 {
		p.ID = s.nextPost
	}
	if p.ID >= s.nextPost {
		s.nextPost = p.ID + 1
	}
	tx.note(Posts, p.ID, "", rowOrNil(s.posts.get(p.ID)))
	setGrams(p)
	s.posts.set(p.ID, p)
	for _, ix := range s.indexes() {
		ix.add(p)
	}
	s.noteFormat(p)
}

// PostsWithSlug lists the posts of a type that have the slug. Do not change the slice.
func (tx *Tx) PostsWithSlug(typ, slug string) []*Post {
	return tx.s.slugs.get(tx.s).list(typeKey{typ, slug})
}

// slugIndex builds the index of posts by type and slug, when the first write asks for
// it: building it took a second of the start of a million posts, a key for most of
// them. Warming it with the orderings once the server listens slowed the searches of
// the first seconds by as much (make bench-scale: search=zz 145-196 ms against
// 103-130 ms), and only writes need it; the first write to such a site waits for it.
func slugIndex(s *Store) *index[typeKey] {
	ix := newIDIndex(byTypeSlug)
	ix.one = make(map[typeKey]*Post, s.posts.len()) // sized once: growing it rehashes every key many times
	for p := range s.posts.all() {
		ix.appendUnsorted(p) // by id, as the lists go
	}
	return ix
}

// PostsByAuthor lists the posts (of any type) of a user, by ascending id. Do not change
// the slice.
func (tx *Tx) PostsByAuthor(id int) []*Post { return tx.s.byAuthor.list(id) }

// Children lists the posts (of any type) whose parent is id, by ascending id. Do not
// change the slice.
func (tx *Tx) Children(id int) []*Post { return tx.s.children.list(id) }

// ChangePost changes the post with the id: change gets a copy of the row (its term
// lists copied too) and may set any field but the id; the copy then takes the row's
// place in the table and in every index, and is returned (nil when there is no such
// post). A row the store has handed out is never changed in place, so a reader, an
// index or a snapshot holding it keeps a consistent row; callers change posts only
// through here, with the pointer they hold then stale.
func (tx *Tx) ChangePost(id int, change func(p *Post)) *Post {
	tx.mustWrite()
	s := tx.s
	old := s.posts.get(id)
	if old == nil {
		return nil
	}
	tx.note(Posts, id, "", old)
	p := *old
	p.Terms = cloneTerms(old.Terms)
	p.Rendered = nil // the site rendered the post as it was
	change(&p)
	p.ID = id
	setGrams(&p)
	s.posts.set(id, &p)
	for _, ix := range s.indexes() {
		ix.replace(old, &p)
	}
	s.noteFormat(&p)
	return &p
}

// cloneTerms copies a post's term sets and their ids, so that a change of the copy
// cannot reach the row it was copied from.
func cloneTerms(sets []TermSet) []TermSet {
	if sets == nil {
		return nil
	}
	out := make([]TermSet, len(sets))
	for i, ts := range sets {
		out[i] = TermSet{Taxonomy: ts.Taxonomy, IDs: slices.Clone(ts.IDs)}
	}
	return out
}

// DeletePost removes a post for good (and its meta rows).
func (tx *Tx) DeletePost(id int) {
	tx.mustWrite()
	s := tx.s
	p := s.posts.get(id)
	if p == nil {
		return
	}
	s.posts.delete(id)
	tx.note(Posts, id, "", p)
	for _, ix := range s.indexes() {
		ix.remove(p, *p)
	}
	for _, mid := range append([]int(nil), s.postMeta[id]...) {
		tx.DeleteMeta(mid)
	}
	tx.deletePostComments(id)
}

// User returns the user with the id, or nil.
func (tx *Tx) User(id int) *User { return tx.s.users.get(id) }

// Users lists users by ascending id. Do not change the slice.
func (tx *Tx) Users() []*User {
	return tx.s.users.rows()
}

// UserCount is the number of users.
func (tx *Tx) UserCount() int { return tx.s.users.len() }

// InsertUser stores a new user with the next user id (unless it has one).
func (tx *Tx) InsertUser(u *User) {
	tx.mustWrite()
	s := tx.s
	if u.ID == 0 {
		u.ID = s.nextUser
	}
	if u.ID >= s.nextUser {
		s.nextUser = u.ID + 1
	}
	tx.note(Users, u.ID, "", rowOrNil(s.users.get(u.ID)))
	s.users.set(u.ID, u)
	s.logins[u.Login] = u.ID
}

// ChangeUser changes the user with the id as ChangePost changes a post: change gets
// a copy (its roles and application passwords copied too) and may set any field but
// the id and the login (which WordPress never changes); the copy takes the row's place
// and is returned (nil when there is no such user). A user the store has handed out
// is never changed in place.
func (tx *Tx) ChangeUser(id int, change func(u *User)) *User {
	tx.mustWrite()
	old := tx.s.users.get(id)
	if old == nil {
		return nil
	}
	tx.note(Users, id, "", old)
	u := *old
	u.Roles = slices.Clone(old.Roles)
	u.AppPasswords = slices.Clone(old.AppPasswords)
	change(&u)
	u.ID, u.Login = id, old.Login
	tx.s.users.set(id, &u)
	return &u
}

// DeleteUser removes a user.
func (tx *Tx) DeleteUser(id int) {
	tx.mustWrite()
	if u := tx.s.users.get(id); u != nil {
		tx.note(Users, id, "", u)
	}
	if u := tx.s.users.get(id); u != nil && tx.s.logins[u.Login] == id {
		delete(tx.s.logins, u.Login)
	}
	tx.s.users.delete(id)
}

// UserByLogin returns the user whose login is exactly login, or nil: what every
// authenticated request asks, without walking the users.
func (tx *Tx) UserByLogin(login string) *User {
	if id, ok := tx.s.logins[login]; ok {
		return tx.s.users.get(id)
	}
	return nil
}

// UserByEmail returns the first user (by id) whose email matches, letter case aside.
func (tx *Tx) UserByEmail(email string) *User {
	for u := range tx.s.users.all() {
		if strings.EqualFold(u.Email, email) {
			return u
		}
	}
	return nil
}

// Term returns the term with the id, or nil.
func (tx *Tx) Term(id int) *Term { return tx.s.terms.get(id) }

// Terms lists the terms of a taxonomy by ascending id.
func (tx *Tx) Terms(taxonomy string) []*Term {
	ids := tx.s.taxTerms[taxonomy]
	out := make([]*Term, 0, len(ids))
	for _, id := range ids {
		out = append(out, tx.s.terms.get(id))
	}
	return out
}

// InsertTerm stores a new term with the next term id (unless it has one).
func (tx *Tx) InsertTerm(t *Term) {
	tx.mustWrite()
	s := tx.s
	if t.ID == 0 {
		t.ID = s.nextTerm
	}
	if t.ID >= s.nextTerm {
		s.nextTerm = t.ID + 1
	}
	tx.note(Terms, t.ID, "", rowOrNil(s.terms.get(t.ID)))
	if old := s.terms.get(t.ID); old != nil {
		s.taxTerms[old.Taxonomy] = removeID(s.taxTerms[old.Taxonomy], t.ID)
	}
	s.terms.set(t.ID, t)
	s.taxTerms[t.Taxonomy] = insertID(s.taxTerms[t.Taxonomy], t.ID)
}

// ChangeTerm changes the term with the id as ChangePost changes a post: change gets a
// copy and may set any field but the id and the taxonomy; the copy takes the row's
// place and is returned (nil when there is no such term). A term the store has handed
// out is never changed in place.
func (tx *Tx) ChangeTerm(id int, change func(t *Term)) *Term {
	tx.mustWrite()
	old := tx.s.terms.get(id)
	if old == nil {
		return nil
	}
	tx.note(Terms, id, "", old)
	t := *old
	change(&t)
	t.ID, t.Taxonomy = id, old.Taxonomy
	tx.s.terms.set(id, &t)
	return &t
}

// DeleteTerm removes a term.
func (tx *Tx) DeleteTerm(id int) {
	tx.mustWrite()
	s := tx.s
	if t := s.terms.get(id); t != nil {
		s.taxTerms[t.Taxonomy] = removeID(s.taxTerms[t.Taxonomy], id)
		tx.note(Terms, id, "", t)
	}
	s.terms.delete(id)
}

// File returns the uploaded file at path, or nil.
func (tx *Tx) File(path string) *File { return tx.s.files[path] }

// FileNames lists the names of the files in a directory (YYYY/MM), in no order: what
// scandir gives wp_unique_filename. It reads every file's path.
func (tx *Tx) FileNames(dir string) []string {
	var out []string
	prefix := dir + "/"
	for p := range tx.s.files {
		if len(p) > len(prefix) && p[:len(prefix)] == prefix && !strings.Contains(p[len(prefix):], "/") {
			out = append(out, p[len(prefix):])
		}
	}
	return out
}

// PutFile stores an uploaded file.
func (tx *Tx) PutFile(f *File) {
	tx.mustWrite()
	tx.note(Files, 0, f.Path, nil)
	tx.s.files[f.Path] = f
}

// DeleteFile removes an uploaded file.
func (tx *Tx) DeleteFile(path string) {
	tx.mustWrite()
	tx.note(Files, 0, path, nil)
	if f := tx.s.files[path]; f != nil {
		tx.s.freed.Add(int64(len(f.Data)))
	}
	delete(tx.s.files, path)
}

// TakeFreed returns the bytes of the files deleted since it was last called, and
// starts counting again.
func (s *Store) TakeFreed() int64 { return s.freed.Swap(0) }

func insertID(ids []int, id int) []int {
	i := sort.SearchInts(ids, id)
	if i < len(ids) && ids[i] == id {
		return ids
	}
	ids = append(ids, 0)
	copy(ids[i+1:], ids[i:])
	ids[i] = id
	return ids
}

func removeID(ids []int, id int) []int {
	i := sort.SearchInts(ids, id)
	if i < len(ids) && ids[i] == id {
		return append(ids[:i], ids[i+1:]...)
	}
	return ids
}
