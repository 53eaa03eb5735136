package store

import (
	"maps"
	"math/rand/v2"
	"slices"
	"testing"
)

// TestTable checks a table against a map through random sets and deletes of
// ids near the rows and far past them: what get, len and appendAll give, and that the
// map holds no id the slice covers.
func TestTable(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for _, start := range []struct{ top, rows int }{{0, 0}, {100, 50}, {1 << 20, 10}} {
		tab := newTable[Post](start.top, start.rows)
		want := map[int]*Post{}
		for step := range 6000 {
			var id int
			switch r := rng.IntN(10); {
			case r < 6:
				id = 1 + rng.IntN(len(want)+50) // near the rows
			case r < 8:
				id = 1 + rng.IntN(1<<22) // far past them
			default: // one there is
				if len(want) == 0 {
					continue
				}
				keys := slices.Sorted(maps.Keys(want))
				id = keys[rng.IntN(len(keys))]
			}
			if rng.IntN(4) == 0 {
				tab.delete(id)
				delete(want, id)
			} else {
				p := &Post{ID: id}
				tab.set(id, p)
				want[id] = p
			}
			if tab.len() != len(want) {
				t.Fatalf("step %d: len %d, want %d", step, tab.len(), len(want))
			}
			if got := tab.get(id); got != want[id] {
				t.Fatalf("step %d: get(%d) is not the row set", step, id)
			}
		}
		for id := range tab.sparse {
			if id < len(tab.dense) {
				t.Fatalf("id %d is in the map, below the slice's %d", id, len(tab.dense))
			}
		}
		all := tab.appendAll(nil)
		if len(all) != len(want) || !slices.IsSortedFunc(all, idCmp) {
			t.Fatalf("appendAll: %d rows, want %d, by id: %v", len(all), len(want), slices.IsSortedFunc(all, idCmp))
		}
		for _, p := range all {
			if want[p.ID] != p {
				t.Fatalf("appendAll: row %d is not the one set", p.ID)
			}
		}
		if tab.get(0) != nil || tab.get(-5) != nil || tab.get(1<<40) != nil {
			t.Fatal("an id never set has a row")
		}
	}
}
