package store

import (
	"math/rand/v2"
	"slices"
	"strconv"
	"testing"
	"time"
)

// TestIndexOneAndMany checks an index against a plain map of sorted lists through
// random adds, removes, key changes and edits in place: a key's list moves between
// one (one post) and many (more) as it grows and shrinks, and is never in both. It
// starts empty, and loaded (load), where the lists are parts of one array: a change
// to one must leave its neighbours alone.
func TestIndexOneAndMany(t *testing.T) {
	for _, loaded := range []int{0, 12, 300} {
		t.Run(strconv.Itoa(loaded), func(t *testing.T) { testIndexOneAndMany(t, loaded) })
	}
}

func testIndexOneAndMany(t *testing.T, loaded int) {
	rng := rand.New(rand.NewPCG(1, uint64(loaded)))
	ix := newIndex(byParent, idCmp)
	want := map[int][]*Post{}
	var live []*Post
	for id := 1; id <= loaded; id++ { // by id, as Load has them
		p := &Post{ID: id, Parent: rng.IntN(8)} // 6 and 7: keys the changes below leave alone
		live = append(live, p)
		if p.Parent != 0 {
			want[p.Parent] = append(want[p.Parent], p)
		}
	}
	ix.load(live)
	for step := range 4000 {
		switch r := rng.IntN(10); {
		case r < 5 || len(live) == 0: // add
			p := &Post{ID: loaded + step + 1, Parent: rng.IntN(6)}
			ix.add(p)
			live = append(live, p)
			if p.Parent != 0 {
				want[p.Parent] = insertSorted(want[p.Parent], p, idCmp)
			}
		case r < 7: // remove
			i := rng.IntN(len(live))
			p := live[i]
			live = slices.Delete(live, i, i+1)
			ix.remove(p, *p)
			if p.Parent != 0 {
				want[p.Parent] = removeFrom(want[p.Parent], p)
			}
		default: // a changed copy takes the post's place: a new parent or the same
			i := rng.IntN(len(live))
			old := live[i]
			p := new(Post)
			*p = *old
			if r < 9 {
				p.Parent = rng.IntN(6)
			}
			ix.replace(old, p)
			live[i] = p
			if old.Parent != 0 {
				want[old.Parent] = removeFrom(want[old.Parent], old)
			}
			if p.Parent != 0 {
				want[p.Parent] = insertSorted(want[p.Parent], p, idCmp)
			}
		}
		for k := range ix.one {
			if _, both := ix.many[k]; both {
				t.Fatalf("step %d: key %d in one and many", step, k)
			}
		}
		for k, list := range ix.many {
			if len(list) < 2 {
				t.Fatalf("step %d: key %d has %d posts in many", step, k, len(list))
			}
		}
		keys := 0
		for k := range 8 {
			got, w := ix.list(k), want[k]
			if len(w) > 0 {
				keys++
			}
			if len(got) != len(w) || !slices.Equal(got, w) {
				t.Fatalf("step %d: key %d: got %d posts, want %d", step, k, len(got), len(w))
			}
		}
		if ix.keys() != keys {
			t.Fatalf("step %d: %d keys, want %d", step, ix.keys(), keys)
		}
	}
}

// keys is how many keys have a list.
func (ix *index[K]) keys() int { return len(ix.one) + len(ix.many) }

// TestSortFromIDOrder: lists in ascending id order, with dates that follow the ids,
// run against them, or are random, sort as a plain sort does, by id and newest first.
func TestSortFromIDOrder(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	base := time.Date(2024, 1, 1, 0, 0, 0, 0, time.UTC)
	for round := range 300 {
		n := rng.IntN(200)
		list := make([]*Post, n)
		for i := range list {
			var d time.Duration
			switch round % 4 {
			case 0: // dates follow ids, a few out of place
				d = time.Duration(i) * time.Hour
				if rng.IntN(20) == 0 {
					d = time.Duration(rng.IntN(n+1)) * time.Hour
				}
			case 1: // dates run against ids
				d = time.Duration(n-i) * time.Hour
			case 2: // random, with ties
				d = time.Duration(rng.IntN(10)) * time.Hour
			default: // all the same
			}
			list[i] = &Post{ID: 1 + i*2, Date: base.Add(d)}
		}
		for _, cmp := range []func(a, b *Post) int{idCmp, dateCmp} {
			got := slices.Clone(list)
			sortFromIDOrder(got, cmp)
			want := slices.SortedFunc(slices.Values(list), cmp)
			if !slices.Equal(got, want) {
				t.Fatalf("round %d: the list of %d posts did not sort as slices.SortFunc does", round, n)
			}
		}
	}
}
