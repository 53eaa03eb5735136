package store

import (
	"iter"
	"slices"
	"sort"
)

// index is one of the store's lists of posts: key says which list a post belongs in
// (ok false: in none), cmp the list's order. Every index is declared once, in
// Store.indexes, and maintained by the same code on insert, update, delete and load.
//
// A key whose list is one post long keeps it in one, without a slice: most keys of
// the slug index name one post (a million posts made it 1.28 million one-post slices
// and 136 MB of map), and so do many parents in the children index. A key is in one
// or in many, never both.
type index[K comparable] struct {
	one  map[K]*Post
	many map[K][]*Post // two posts or more, in order
	key  func(p *Post) (K, bool)
	cmp  func(a, b *Post) int
	// idOrder: cmp is idCmp, so lists loaded from posts by ascending id are in order
	idOrder bool
}

func newIndex[K comparable](key func(p *Post) (K, bool), cmp func(a, b *Post) int) *index[K] {
	return &index[K]{one: map[K]*Post{}, many: map[K][]*Post{}, key: key, cmp: cmp}
}

// newIDIndex is an index whose lists go by ascending id.
func newIDIndex[K comparable](key func(p *Post) (K, bool)) *index[K] {
	ix := newIndex(key, idCmp)
	ix.idOrder = true
	return ix
}

// postIndex is what the store does with any index.
type postIndex interface {
	add(p *Post)              // insert in order
	remove(p *Post, old Post) // remove from the list old's key names
	replace(old, p *Post)     // p takes old's place (a changed copy of it)
	load(posts []*Post)       // bulk load into an empty index, posts by ascending id
}

// list is the key's list; a one-post list is a new slice.
func (ix *index[K]) list(k K) []*Post {
	if p := ix.one[k]; p != nil {
		return []*Post{p}
	}
	return ix.many[k]
}

// lists yields every key and its list.
func (ix *index[K]) lists() iter.Seq2[K, []*Post] {
	return func(yield func(K, []*Post) bool) {
		for k, p := range ix.one {
			if !yield(k, []*Post{p}) {
				return
			}
		}
		for k, list := range ix.many {
			if !yield(k, list) {
				return
			}
		}
	}
}

// set makes list the key's list.
func (ix *index[K]) set(k K, list []*Post) {
	switch len(list) {
	case 0:
		delete(ix.one, k)
		delete(ix.many, k)
	case 1:
		delete(ix.many, k)
		ix.one[k] = list[0]
	default:
		delete(ix.one, k)
		ix.many[k] = list
	}
}

func (ix *index[K]) add(p *Post) {
	if k, ok := ix.key(p); ok {
		ix.set(k, insertSorted(ix.list(k), p, ix.cmp))
	}
}

func (ix *index[K]) remove(p *Post, old Post) {
	k, ok := ix.key(&old)
	if !ok {
		return
	}
	if ix.one[k] == p {
		delete(ix.one, k)
		return
	}
	if list, ok := ix.many[k]; ok {
		ix.set(k, removeSorted(list, p, &old, ix.cmp))
	}
}

// replace puts p, a changed copy of old, where old is: in old's slot when the change
// leaves its key and place alone (the usual case: a title or content edit), else
// moved as its new values say.
func (ix *index[K]) replace(old, p *Post) {
	ko, okOld := ix.key(old)
	kn, okNew := ix.key(p)
	if okOld && okNew && ko == kn && ix.cmp(old, p) == 0 {
		if ix.one[ko] == old {
			ix.one[ko] = p
			return
		}
		list := ix.many[ko]
		i := sort.Search(len(list), func(i int) bool { return ix.cmp(old, list[i]) <= 0 })
		if i < len(list) && list[i] == old {
			list[i] = p
			return
		}
		for j, x := range list { // a list out of order: the scan
			if x == old {
				list[j] = p
				return
			}
		}
		return
	}
	ix.remove(old, *old)
	ix.add(p)
}

// load fills the empty index from posts by ascending id (Load), then sorts its lists
// (sortAll). It counts first, and gives the lists one array of exactly their length,
// each list a part of it capped at its own: appended to one post at a time, a million
// posts' lists were 250 MB of allocations for 50 MB of lists (now 83 MB), and the
// children's short lists 136,000 objects, for the collector to chase while the site
// was built and mark in every cycle after.
func (ix *index[K]) load(posts []*Post) {
	// each key's slot, and each post's (-1: none), so that the second pass looks up
	// no key: two look-ups and two stores in the maps for each post were most of the
	// time of loading a million posts' indexes
	slots := map[K]int32{}
	var counts []int32 // by slot
	of := make([]int32, len(posts))
	var lastKey K
	last := int32(-1)
	for i, p := range posts {
		k, ok := ix.key(p)
		switch {
		case !ok:
			of[i] = -1
			continue
		case last < 0 || k != lastKey: // a run of one key (a type, a parent) looks it up once
			slot, seen := slots[k]
			if !seen {
				slot = int32(len(counts))
				slots[k] = slot
				counts = append(counts, 0)
			}
			lastKey, last = k, slot
		}
		counts[last]++
		of[i] = last
	}
	lists := make([][]*Post, len(counts))
	total, many := 0, 0
	for _, n := range counts {
		if n > 1 {
			total += int(n)
			many++
		}
	}
	all := make([]*Post, 0, total)
	for slot, n := range counts {
		if n > 1 {
			lists[slot] = all[len(all) : len(all) : len(all)+int(n)]
			all = all[:len(all)+int(n)]
		}
	}
	single := make([]*Post, len(counts)) // a key's one post
	for i, p := range posts {
		if slot := of[i]; slot >= 0 {
			if counts[slot] > 1 {
				lists[slot] = append(lists[slot], p) // within its part
			} else {
				single[slot] = p
			}
		}
	}
	ix.one, ix.many = make(map[K]*Post, len(counts)-many), make(map[K][]*Post, many) // sized once
	for k, slot := range slots {
		if counts[slot] > 1 {
			ix.many[k] = lists[slot]
		} else {
			ix.one[k] = single[slot]
		}
	}
	ix.sortAll()
}

// appendUnsorted appends p to its key's list, which posts must come to by ascending id
// to keep it in order: slugIndex builds its lists so, most of them one post long,
// where load would first count a million keys.
func (ix *index[K]) appendUnsorted(p *Post) {
	k, ok := ix.key(p)
	if !ok {
		return
	}
	if list, ok := ix.many[k]; ok {
		ix.many[k] = append(list, p)
		return
	}
	if q := ix.one[k]; q != nil {
		delete(ix.one, k)
		ix.many[k] = []*Post{q, p}
		return
	}
	ix.one[k] = p
}

// sortAll sorts the lists load made from posts by ascending id (slugIndex's, by id
// too, need no sort).
func (ix *index[K]) sortAll() {
	if ix.idOrder {
		return // checking a million posts' order was 0.1 s
	}
	for _, list := range ix.many {
		sortFromIDOrder(list, ix.cmp)
	}
}

// sortFromIDOrder sorts a list of posts that is in ascending id order. Ordered by id,
// it is sorted already. Ordered newest first, it is mostly in reverse: ids are handed
// out as posts are saved, so dates mostly follow them. A list whose first post
// sorts after its last is reversed, and then the posts that break the order (a
// scheduled post, an edited date) are taken out, sorted and merged back: at a
// million posts a sort of the whole took 1.2 s of CPU while the site was built.
func sortFromIDOrder(list []*Post, cmp func(a, b *Post) int) {
	if len(list) < 2 {
		return
	}
	if cmp(list[0], list[len(list)-1]) > 0 {
		slices.Reverse(list)
	}
	var out []*Post
	kept := list[:0] // what stays in order, in place: never ahead of the reading
	for _, p := range list {
		if len(kept) > 0 && cmp(p, kept[len(kept)-1]) < 0 {
			out = append(out, p)
			continue
		}
		kept = append(kept, p)
	}
	if len(out) == 0 {
		return
	}
	slices.SortFunc(out, cmp)
	// merged from the back, where the list's tail is free: kept is its head
	i, j := len(kept)-1, len(out)-1
	for w := len(list) - 1; j >= 0; w-- {
		if i >= 0 && cmp(kept[i], out[j]) > 0 {
			list[w], i = kept[i], i-1
		} else {
			list[w], j = out[j], j-1
		}
	}
}

// The indexes' keys.
func byType(p *Post) (string, bool) { return p.Type, true }

// byListedType and byListedTypeStatus key the lists in date order, and the other
// orderings built from them: every type but revisions, which WordPress lists by
// parent only (Children). Sorted by date, a million posts' 400,000 revisions were
// two sorts of a list in no order at all, 1 s of CPU while the site was built.
func byListedType(p *Post) (string, bool) { return p.Type, p.Type != revisionType }
func byListedTypeStatus(p *Post) (typeKey, bool) {
	return typeKey{p.Type, p.Status}, p.Type != revisionType
}

const revisionType = "revision"

func byParent(p *Post) (int, bool)       { return p.Parent, p.Parent != 0 }
func byTypeSlug(p *Post) (typeKey, bool) { return typeKey{p.Type, p.Slug}, p.Slug != "" }
func byAuthorID(p *Post) (int, bool)     { return p.Author, p.Author != 0 }

// typeKey is a post type and a status or slug: a key made of the post's own strings,
// where joining them would make a string per post and per look-up.
type typeKey struct{ typ, name string }

// idCmp orders by ascending id.
func idCmp(a, b *Post) int { return a.ID - b.ID }

// dateCmp orders newest first, ties by higher id first.
func dateCmp(a, b *Post) int {
	if c := b.Date.Compare(a.Date); c != 0 {
		return c
	}
	return b.ID - a.ID
}

func insertSorted(list []*Post, p *Post, cmp func(a, b *Post) int) []*Post {
	i := sort.Search(len(list), func(i int) bool { return cmp(p, list[i]) < 0 })
	list = append(list, nil)
	copy(list[i+1:], list[i:])
	list[i] = p
	return list
}

// removeSorted removes p from a list sorted by cmp, where old (p before its change,
// same id) says where p sits: a binary search finds it among a million posts where a
// scan would compare them all. p itself compares by its new values, so the search may
// stop one short or past it; a list out of order falls back to the scan.
func removeSorted(list []*Post, p, old *Post, cmp func(a, b *Post) int) []*Post {
	i := sort.Search(len(list), func(i int) bool { return cmp(old, list[i]) <= 0 })
	for j := max(0, i-1); j <= i+1 && j < len(list); j++ {
		if list[j] == p {
			return append(list[:j], list[j+1:]...)
		}
	}
	return removeFrom(list, p)
}

func removeFrom(list []*Post, p *Post) []*Post {
	for i, x := range list {
		if x == p {
			return append(list[:i], list[i+1:]...)
		}
	}
	return list
}
