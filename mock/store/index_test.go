package store

import (
	"math/rand/v2"
	"reflect"
	"slices"
	"testing"
)

// TestIndexOneAndMany checks an index against a plain map of sorted lists through
// random adds, removes, key changes and edits in place: a key's list moves between
// one (one post) and many (more) as it grows and shrinks, and is never in both.
func TestIndexOneAndMany(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	ix := newIndex(byParent, idCmp)
	want := map[int][]*Post{}
	var live []*Post
	for step := range 4000 {
		switch r := rng.IntN(10); {
		case r < 5 || len(live) == 0: // add
			p := &Post{ID: step + 1, Parent: rng.IntN(6)}
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
		for k := range 6 {
			got, w := ix.list(k), want[k]
			if len(w) > 0 {
				keys++
			}
			if len(got) != len(w) || (len(w) > 0 && !reflect.DeepEqual(got, w)) {
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
