package mock

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/wpmock/wpmock/fixtures/prose"
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
