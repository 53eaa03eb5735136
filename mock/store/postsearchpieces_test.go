package store

import (
	"math/rand/v2"
	"strings"
	"sync"
	"testing"

	"github.com/wpmock/wpmock/mock/prose"
)

// TestPieceMatchIsContains: a term's match over a text made of pieces is what
// strings.Contains of the lowered text says, for random pieces (empty ones, and ones
// shorter and longer than the term) and terms over a small alphabet, so that matches
// across two, three and more pieces are common.
func TestPieceMatchIsContains(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	word := func(alphabet string, n int) string {
		b := make([]byte, n)
		for i := range b {
			b[i] = alphabet[rng.IntN(len(alphabet))]
		}
		return string(b)
	}
	for round := 0; round < 200; round++ {
		pieces := make([]string, 1+rng.IntN(12))
		for i := range pieces {
			pieces[i] = word("abAB", rng.IntN(7))
		}
		tab := prose.NewTable(pieces)
		for range 50 {
			term := word("ab", 1+rng.IntN(8))
			pm := newPieceMatch(tab, term)
			for range 20 {
				toks := make([]uint16, rng.IntN(10))
				for j := range toks {
					toks[j] = uint16(rng.IntN(len(pieces)))
				}
				text := tab.Text(toks).String()
				if got, want := pm.in(toks), strings.Contains(strings.ToLower(text), term); got != want {
					t.Fatalf("%q in %q (pieces %q): %v, want %v", term, text, pieces, got, want)
				}
			}
		}
	}
}

// TestPieceMatchesKept: the pieceMatch of a term is made once per table and shared,
// also by searches on several goroutines; past the budget, the kept ones are dropped
// and the answers stay those of a new pieceMatch.
func TestPieceMatchesKept(t *testing.T) {
	tab := prose.NewTable([]string{"Jazz and ", "pizza. ", "<p>", "</p>", "z", "zz top"})
	other := prose.NewTable([]string{"Jazz and ", "pizza. "})
	if a, b := pieceMatchOf(tab, "zz"), pieceMatchOf(tab, "zz"); a != b {
		t.Error("the same term's pieceMatch was made twice")
	}
	if pieceMatchOf(tab, "zz") == pieceMatchOf(tab, "za") || pieceMatchOf(tab, "zz") == pieceMatchOf(other, "zz") {
		t.Error("another term, or another table, shares a pieceMatch")
	}
	defer func(b int) { keptPieceMatchBytes = b }(keptPieceMatchBytes)
	keptPieceMatchBytes = 3 * newPieceMatch(tab, "zz").bytes()
	terms := []string{"zz", "za", "z", "a", "jazz", "pizza", "p>", "zzz", "top", "az"}
	var wg sync.WaitGroup
	for g := range 4 {
		wg.Go(func() {
			rng := rand.New(rand.NewPCG(uint64(g), 9))
			for range 500 {
				term := terms[rng.IntN(len(terms))]
				toks := make([]uint16, rng.IntN(8))
				for j := range toks {
					toks[j] = uint16(rng.IntN(tab.Len()))
				}
				if got, want := pieceMatchOf(tab, term).in(toks), newPieceMatch(tab, term).in(toks); got != want {
					t.Errorf("%q in %q: kept %v, new %v", term, tab.Text(toks).String(), got, want)
					return
				}
			}
		})
	}
	wg.Wait()
	kept := tab.Memo(keptPieceMatchesKey{}, nil).(*keptPieceMatches)
	if kept.bytes > keptPieceMatchBytes || len(kept.terms) == 0 || len(kept.terms) >= len(terms) {
		t.Errorf("with a budget of %d bytes, %d of %d terms are kept, in %d bytes", keptPieceMatchBytes, len(kept.terms), len(terms), kept.bytes)
	}
}
