package store

import (
	"slices"
	"strings"
	"sync"
)

// The orderings a list may ask for besides the date: each is an index of the posts of
// a type and status ("post/publish", as byStatus), ascending by its key and then by
// id, so that the default lists (one status) page through it without a scan. It is built the first time a list asks for
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
		"menu_order": func(a, b *Post) int { return cmpThenID(a.MenuOrder-b.MenuOrder, a, b) },
	}
}

func cmpThenID(c int, a, b *Post) int {
	if c != 0 {
		return c
	}
	return a.ID - b.ID
}

// orderIndex is one ordering: nil ix until first asked for. Readers build it under mu
// (several may hold the store's read lock at once); writers, who hold the store
// exclusively, keep a built one right.
type orderIndex struct {
	mu  sync.Mutex
	cmp func(a, b *Post) int
	ix  *index[typeKey]
}

func newOrders() map[string]*orderIndex {
	out := map[string]*orderIndex{}
	for name, cmp := range orderCmps() {
		out[name] = &orderIndex{cmp: cmp}
	}
	return out
}

// PostsOrdered lists the posts of a type and status in the ordering by (one of
// Orders) ascending, ties by ascending id; nil, false for an ordering it does not
// know. Do not change the slice.
func (tx *Tx) PostsOrdered(typ, status, by string) ([]*Post, bool) {
	o, ok := tx.s.orders[by]
	if !ok {
		return nil, false
	}
	o.mu.Lock()
	defer o.mu.Unlock()
	if o.ix == nil {
		ix := newIndex(byTypeStatus, o.cmp)
		for k, list := range tx.s.byStatus.lists() {
			ix.set(k, slices.SortedFunc(slices.Values(list), o.cmp))
		}
		o.ix = ix
	}
	return o.ix.list(typeKey{typ, status}), true
}

// The postIndex side: an ordering not built yet has nothing to keep right.
func (o *orderIndex) add(p *Post) {
	if o.ix != nil {
		o.ix.add(p)
	}
}

func (o *orderIndex) remove(p *Post, old Post) {
	if o.ix != nil {
		o.ix.remove(p, old)
	}
}

func (o *orderIndex) replace(old, p *Post) {
	if o.ix != nil {
		o.ix.replace(old, p)
	}
}

func (o *orderIndex) appendUnsorted(*Post) {}
func (o *orderIndex) sortAll()             {}

// WarmOrders builds every ordering now, so the first list that asks for one does not
// wait for it (cmd/wpmock calls it once it listens).
func (tx *Tx) WarmOrders() {
	for _, name := range Orders {
		tx.PostsOrdered("", "", name)
	}
}
