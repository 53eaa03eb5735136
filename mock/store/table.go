package store

import (
	"iter"
	"maps"
	"slices"
)

// table is a table of rows by id (posts, meta, users, terms). Ids are handed out in
// sequence, so most rows sit in a slice indexed by id: 8 bytes a row and no hashing,
// where a map of a million posts took 41 MB and 1.4 s of CPU to fill at start-up, and
// the rows come out by id without a sort. An id far past the rows there are (a
// dataset may have a few large ones) goes to a map instead, so that it does not make
// the slice huge; every id in the map is at least the slice's length.
type table[R any] struct {
	dense  []*R // by id; nil where no row has the id
	sparse map[int]*R
	n      int
}

// newTable sizes the slice for ids up to top, for a table of rows rows.
func newTable[R any](top, rows int) *table[R] {
	t := &table[R]{}
	if top >= 0 && top <= denseTop(rows) {
		t.dense = make([]*R, top+1)
	}
	return t
}

// tableOf makes a table of the rows, whose ids id tells.
func tableOf[R any](rows []*R, id func(r *R) int) *table[R] {
	top := 0
	for _, r := range rows {
		top = max(top, id(r))
	}
	t := newTable[R](top, len(rows))
	for _, r := range rows {
		t.set(id(r), r)
	}
	return t
}

// denseTop is the largest id the slice takes when the table has rows rows: twice as
// many slots as rows at most, past a start.
func denseTop(rows int) int { return 2*rows + 1024 }

func (t *table[R]) get(id int) *R {
	if uint(id) < uint(len(t.dense)) {
		return t.dense[id]
	}
	return t.sparse[id]
}

func (t *table[R]) len() int { return t.n }

// set stores r under the id, in place of any row with that id.
func (t *table[R]) set(id int, r *R) {
	if t.get(id) == nil {
		t.n++
	}
	if id >= len(t.dense) && id >= 0 && id <= denseTop(t.n) {
		t.grow(max(id+1, 2*len(t.dense)))
	}
	if uint(id) < uint(len(t.dense)) {
		t.dense[id] = r
		return
	}
	if t.sparse == nil {
		t.sparse = map[int]*R{}
	}
	t.sparse[id] = r
}

// grow lengthens the slice to n slots, moving the rows of the map it now covers.
func (t *table[R]) grow(n int) {
	t.dense = append(t.dense, make([]*R, n-len(t.dense))...)
	for id, r := range t.sparse {
		if id < n {
			t.dense[id] = r
			delete(t.sparse, id)
		}
	}
}

func (t *table[R]) delete(id int) {
	if t.get(id) == nil {
		return
	}
	t.n--
	if uint(id) < uint(len(t.dense)) {
		t.dense[id] = nil
		return
	}
	delete(t.sparse, id)
}

// all yields every row by ascending id.
func (t *table[R]) all() iter.Seq[*R] {
	return func(yield func(*R) bool) {
		for _, r := range t.dense {
			if r != nil && !yield(r) {
				return
			}
		}
		for _, id := range slices.Sorted(maps.Keys(t.sparse)) {
			if !yield(t.sparse[id]) {
				return
			}
		}
	}
}

// appendAll appends every row to out by ascending id.
func (t *table[R]) appendAll(out []*R) []*R { return slices.AppendSeq(out, t.all()) }

// rows is every row by ascending id, in a slice of its own.
func (t *table[R]) rows() []*R { return t.appendAll(make([]*R, 0, t.len())) }

// any reports whether some row satisfies f.
func (t *table[R]) any(f func(r *R) bool) bool {
	for _, r := range t.dense {
		if r != nil && f(r) {
			return true
		}
	}
	for _, r := range t.sparse {
		if f(r) {
			return true
		}
	}
	return false
}
