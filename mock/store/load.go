package store

import (
	"maps"
	"slices"
	"sort"
	"sync"
	"time"
)

// Whole-store operations: loading a dataset, replacing everything at once (a reset)
// and reading everything (an export).

// Sequences are the next ids the store hands out, as MySQL's AUTO_INCREMENT values.
type Sequences struct{ Post, User, Term, Meta, Comment int }

// Tables is the whole content of a store.
type Tables struct {
	Posts []*Post // every type, by ascending id
	Users []*User // by ascending id
	Terms []*Term // by ascending id
	Meta  []*Meta // by ascending id
	Files []*File // by path
	// Comments are by ascending id.
	Comments []*Comment
	// Options are wp_options by name.
	Options Options
	// Next are the next ids; a field below one past the largest id is raised to it.
	Next Sequences
	// Prepared says every post went through Prepare; Load prepares them otherwise.
	Prepared bool
}

// Load returns a store holding the tables' records, which it takes over. It sorts each
// index once, O(n log n), where inserting a large site's posts one by one would cost
// O(n²). Ids must be distinct and positive (the dataset's validation sees to it).
func Load(clock func() time.Time, t Tables) *Store {
	s := New(clock)
	s.posts = tableOf(t.Posts, func(p *Post) int { return p.ID })
	if !t.Prepared {
		setAllGrams(t.Posts)
	}
	// each index on its own goroutine: they share nothing but the rows, which they
	// only read
	posts := t.Posts // the indexes load them by ascending id
	if !slices.IsSortedFunc(posts, idCmp) {
		posts = s.posts.rows()
	}
	var wg sync.WaitGroup
	for _, ix := range s.indexes() {
		wg.Go(func() { ix.load(posts) })
	}
	for _, p := range t.Posts {
		s.noteFormat(p)
		s.nextPost = max(s.nextPost, p.ID+1)
	}
	wg.Wait()
	s.users = tableOf(t.Users, func(u *User) int { return u.ID })
	for _, u := range t.Users {
		s.logins[u.Login] = u.ID
		s.nextUser = max(s.nextUser, u.ID+1)
	}
	s.terms = tableOf(t.Terms, func(term *Term) int { return term.ID })
	for _, term := range t.Terms { // by ascending id, so each taxonomy's list is too
		s.nextTerm = max(s.nextTerm, term.ID+1)
		s.taxTerms[term.Taxonomy] = insertID(s.taxTerms[term.Taxonomy], term.ID)
	}
	s.meta = tableOf(t.Meta, func(m *Meta) int { return m.ID })
	for _, m := range t.Meta {
		s.postMeta[m.PostID] = append(s.postMeta[m.PostID], m.ID)
		s.nextMeta = max(s.nextMeta, m.ID+1)
	}
	for _, ids := range s.postMeta {
		sort.Ints(ids)
	}
	for _, f := range t.Files {
		s.files[f.Path] = f
	}
	s.comments.load(t.Comments, t.Next.Comment)
	s.options = maps.Clone(t.Options)
	s.nextPost, s.nextUser = max(s.nextPost, t.Next.Post), max(s.nextUser, t.Next.User)
	s.nextTerm, s.nextMeta = max(s.nextTerm, t.Next.Term), max(s.nextMeta, t.Next.Meta)
	return s
}

// Replace gives the store src's whole content at once: inside Write, no reader sees a
// mix of old and new. src must not be used afterwards. (Every table of Store is listed
// here: a new one must be too, as TestReplaceTakesEveryTable checks.)
func (tx *Tx) Replace(src *Store) {
	tx.mustWrite()
	tx.replaced, tx.journal = true, nil // everything changed: the journal says so (Replaced)
	s := tx.s
	for _, f := range s.files {
		s.freed.Add(int64(len(f.Data))) // the old content goes (TakeFreed)
	}
	s.posts, s.byDate, s.byStatus, s.byID, s.children, s.slugs, s.byAuthor = src.posts, src.byDate, src.byStatus, src.byID, src.children, src.slugs, src.byAuthor
	s.orders, s.postMeta, s.meta = src.orders, src.postMeta, src.meta
	s.users, s.logins, s.terms, s.taxTerms, s.files = src.users, src.logins, src.terms, src.taxTerms, src.files
	s.comments = src.comments
	s.formats = src.formats
	s.options = src.options
	s.site = src.site
	s.nextPost, s.nextUser, s.nextTerm, s.nextMeta = src.nextPost, src.nextUser, src.nextTerm, src.nextMeta
}

// Tables returns the store's whole content. The records are the store's own: read
// them inside the transaction, and do not change them.
func (tx *Tx) Tables() Tables {
	s := tx.s
	t := Tables{
		Posts: s.posts.rows(),
		Users: tx.Users(),
		Terms: s.terms.rows(),
		Meta:  s.meta.rows(),
		Files: make([]*File, 0, len(s.files)),
		Next: Sequences{Post: s.nextPost, User: s.nextUser, Term: s.nextTerm, Meta: s.nextMeta,
			Comment: s.comments.next},
		Comments: s.comments.byID(),
		Options:  s.options,
	}
	for _, f := range s.files {
		t.Files = append(t.Files, f)
	}
	slices.SortFunc(t.Files, func(a, b *File) int {
		switch {
		case a.Path < b.Path:
			return -1
		case a.Path > b.Path:
			return 1
		}
		return 0
	})
	return t
}
