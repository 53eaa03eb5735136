package store

import (
	"math/rand/v2"
	"strings"
	"testing"
)

// TestContainsFoldIsToLower: ContainsFold answers what strings.Contains of the lowered
// text does, for random texts over an alphabet of the cases that matter (ASCII letters
// in both cases, the two runes that lower to ASCII, other non-ASCII, invalid UTF-8)
// and terms cut from the lowered texts or made up.
func TestContainsFoldIsToLower(t *testing.T) {
	alphabet := []string{"a", "A", "b", "B", "t", "T", "h", "H", "e", "E", " ", "-", "\u0130", "\u212A", "k", "K", "i", "I", "é", "É", "’", "\xff", "\xe2\x80"}
	rng := rand.New(rand.NewPCG(1, 2))
	word := func(n int) string {
		var b strings.Builder
		for range n {
			b.WriteString(alphabet[rng.IntN(len(alphabet))])
		}
		return b.String()
	}
	for i := 0; i < 200000; i++ {
		s := word(rng.IntN(12))
		lower := strings.ToLower(s)
		term := strings.ToLower(word(1 + rng.IntN(3)))
		if len(lower) > 0 && rng.IntN(2) == 0 {
			a := rng.IntN(len(lower))
			term = lower[a : a+1+rng.IntN(len(lower)-a)]
		}
		if got, want := ContainsFold(s, term), strings.Contains(lower, term); got != want {
			t.Fatalf("ContainsFold(%q, %q) = %v, want %v", s, term, got, want)
		}
	}
}
