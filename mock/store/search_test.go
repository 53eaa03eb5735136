package store

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/wpmock/wpmock/mock/prose"
)

// TestGramsAreToLowerContains: a column's bit for each of SearchGrams is what
// strings.Contains of its lowered text says, for random texts over the letters of the
// grams in both cases, the runes that lower to ASCII (İ, the Kelvin sign), other
// non-ASCII and invalid UTF-8, and for the texts of a whole row.
func TestGramsAreToLowerContains(t *testing.T) {
	alphabet := []string{"t", "T", "h", "H", "e", "E", "i", "I", "n", "N", "g", "G", "k", "K", "a", "r", "s", "o",
		" ", "-", "\u0130", "\u212A", "é", "É", "\xff", "\xe2\x80"}
	rng := rand.New(rand.NewPCG(3, 4))
	word := func(n int) string {
		var b strings.Builder
		for range n {
			b.WriteString(alphabet[rng.IntN(len(alphabet))])
		}
		return b.String()
	}
	check := func(s string, bits uint64) {
		t.Helper()
		lower := strings.ToLower(s)
		for i, g := range SearchGrams {
			if got, want := bits&(1<<i) != 0, strings.Contains(lower, g); got != want {
				t.Fatalf("gramsOf(%q) has %q: %v, want %v", s, g, got, want)
			}
		}
	}
	for i := 0; i < 100000; i++ {
		s := word(rng.IntN(16))
		check(s, gramsOf(s))
	}
	// texts made of pieces (of no, one, two or more bytes): the pieces' bits and the
	// trigrams across them
	pieces := make([]string, 64)
	for i := range pieces {
		pieces[i] = word(rng.IntN(5))
	}
	tab := prose.NewTable(pieces)
	for i := 0; i < 20000; i++ {
		toks := make([]uint16, rng.IntN(12))
		for j := range toks {
			toks[j] = uint16(rng.IntN(len(pieces)))
		}
		text := tab.Text(toks)
		check(text.String(), gramsOfText(text))
	}
	s := New(nil)
	s.Write(func(tx *Tx) {
		tx.InsertPost(&Post{Type: "post", Status: "publish", Title: "The Kelvin \u212Aing", Excerpt: "bATHe", Content: prose.Plain("n\u0130ng")})
		p := tx.ChangePost(1, func(p *Post) { p.Title = "Ant art" })
		check(p.Title, p.Grams[GramTitle])
		check(p.Excerpt, p.Grams[GramExcerpt])
		check(p.Content.String(), p.Grams[GramContent])
	})
}

// TestGramMask: the bits of the grams a term holds, whole only for a term that is one.
func TestGramMask(t *testing.T) {
	bit := func(g string) uint64 {
		for i, x := range SearchGrams {
			if x == g {
				return 1 << i
			}
		}
		t.Fatalf("%q is not a gram", g)
		return 0
	}
	for _, c := range []struct {
		term  string
		mask  uint64
		whole bool
	}{
		{"the", bit("the"), true},
		{"them", bit("the"), false},
		{"nation", bit("ati") | bit("tio") | bit("ion"), false},
		{"th", 0, false},
		{"thé", 0, false},
		{"t-he", 0, false},
		{"xyz", 0, false},
		{"", 0, false},
	} {
		if mask, whole := GramMask(c.term); mask != c.mask || whole != c.whole {
			t.Errorf("GramMask(%q) = %b, %v; want %b, %v", c.term, mask, whole, c.mask, c.whole)
		}
	}
}

// TestSieveHoldsWhatTheTextHolds: a term that strings.ToLower of a text holds passes
// the text's sieve, for random texts and terms over a few letters of both cases, the
// runes that lower to ASCII and other bytes; and most terms a text lacks do not.
func TestSieveHoldsWhatTheTextHolds(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	alphabet := []string{"a", "B", "c", "D", "e", "k", "\u212A", "i", "\u0130", " ", "é", "-"}
	word := func(n int) string {
		var b strings.Builder
		for range n {
			b.WriteString(alphabet[rng.IntN(len(alphabet))])
		}
		return b.String()
	}
	ruled, ruledPairs := 0, 0
	for i := 0; i < 200000; i++ {
		text := word(rng.IntN(20))
		term := strings.ToLower(word(1 + rng.IntN(6)))
		holds := sieveOf(text).Holds(SieveMask(term))
		if strings.Contains(strings.ToLower(text), term) && !holds {
			t.Fatalf("%q holds %q, its sieve says no", text, term)
		}
		if !holds {
			ruled++
			if len(term) == 2 {
				ruledPairs++
			}
		}
	}
	if ruled == 0 || ruledPairs == 0 {
		t.Errorf("the sieve ruled out %d terms, %d of two letters: none", ruled, ruledPairs)
	}
}
