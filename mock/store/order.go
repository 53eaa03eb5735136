package store

import (
	"slices"
	"strings"
	"sync"
)

// The orderings a list may ask for besides the date: each is an index of the posts of
// a type and status ("post/publish", as byStatus), ascending by its key and then by
// id, so that the default lists (one status) page through it without a scan. It is
// built the first time a list asks for it (a million posts sort in about a second,
// which start-up should not pay for an ordering nobody asks for) and kept right by
// every change after that.

// Orders are the orderings PostsOrdered knows, by the name of the orderby value.
var Orders = []string{"title", "slug", "modified", "author", "menu_order"}

func orderCmps() map[string]func(a, b *Post) int {
	return map[string]func(a, b *Post) int{
		"title":      func(a, b *Post) int { return cmpThenID(strings.Compare(a.Title, b.Title), a, b) },
		"slug":       func(a, b *Post) int { return cmpThenID(strings.Compare(a.Slug, b.Slug), a, b) },
		"modified":   func(a, b *Post) int { return cmpThenID(a.Modified.Compare(b.Modified), a, b) },
		"author":     func(a, b *Post) int { return cmpThenID(a.Author-b.Author, a, b) },
		"menu_order": func(a, b *Post) int { return cmpThenID(a.MenuOrder()-b.MenuOrder(), a, b) },
	}
}

func cmpThenID(c int, a, b *Post) int {
	if c != 0 {
		return c
	}
	return a.ID - b.ID
}

// lazyIndex is an index that start-up does not build: nil ix until first asked for
// (get). Readers build it under mu (several may hold the store's read lock at once);
// writers, who hold the store exclusively, keep a built one right.
type lazyIndex[K comparable] struct {
	mu    sync.Mutex
	build func(s *Store) *index[K]
	ix    *index[K]
}

func newLazyIndex[K comparable](build func(s *Store) *index[K]) *lazyIndex[K] {
	return &lazyIndex[K]{build: build}
}

// get is the index, built now if it was not.
func (l *lazyIndex[K]) get(s *Store) *index[K] {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.ix == nil {
		l.ix = l.build(s)
	}
	return l.ix
}

// orderIndex is one ordering of the lists, built from the status index.
type orderIndex = lazyIndex[typeKey]

func newOrders() map[string]*orderIndex {
	out := map[string]*orderIndex{}
	for name, cmp := range orderCmps() {
		out[name] = newLazyIndex(func(s *Store) *index[typeKey] {
			ix := newIndex(byListedTypeStatus, cmp)
			for k, list := range s.byStatus.lists() {
				ix.set(k, slices.SortedFunc(slices.Values(list), cmp))
			}
			return ix
		})
	}
	return out
}

// PostsOrdered lists the posts of a type and status in the ordering by (one of
// Orders) ascending, ties by ascending id (none for revisions, as PostsByStatus); nil,
// false for an ordering it does not know. Do not change the slice.
func (tx *Tx) PostsOrdered(typ, status, by string) ([]*Post, bool) {
	o, ok := tx.s.orders[by]
	if !ok {
		return nil, false
	}
	return o.get(tx.s).list(typeKey{typ, status}), true
}

// The postIndex side: an index not built yet has nothing to keep right.
func (l *lazyIndex[K]) add(p *Post) {
	if l.ix != nil {
		l.ix.add(p)
	}
}

func (l *lazyIndex[K]) remove(p *Post, old Post) {
	if l.ix != nil {
		l.ix.remove(p, old)
	}
}

func (l *lazyIndex[K]) replace(old, p *Post) {
	if l.ix != nil {
		l.ix.replace(old, p)
	}
}

func (l *lazyIndex[K]) load([]*Post) {}

// loadedLater is a lazy index that is built as Load would have built it, from every
// row of the table.
func loadedLater[K comparable](empty func() *index[K]) *lazyIndex[K] {
	return newLazyIndex(func(s *Store) *index[K] {
		ix := empty()
		ix.load(s.posts.rows())
		return ix
	})
}

// Warm builds every lazy index but the slugs' now, so the first request that asks for
// one does not wait for it (cmd/wpmock calls it once it listens). Only writes need
// the slugs (slugIndex).
func (tx *Tx) Warm() {
	tx.s.byID.get(tx.s) // what searches and filtered lists scan
	for _, name := range Orders {
		tx.PostsOrdered("", "", name)
	}
}
