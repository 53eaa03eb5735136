package store

import (
	"strings"
	"unicode/utf8"

	"github.com/wpmock/wpmock/mock/internal/parallel"
	"github.com/wpmock/wpmock/mock/prose"
)

// A post search (WP_Query's LIKE '%term%' over title, excerpt and content, case-
// insensitive) has to look at every post to count its matches, and a common word is
// found in most of them, each after a scan of its text. Grams spares the scan: each
// post carries, per column, which of the commonest letter trigrams of English text its
// lower-cased text holds, computed when the row is stored. A search for one of them
// ("the") is then answered from the bits; a longer term that holds some of them skips
// the columns that lack one. The bits are kept right by the store's only ways in:
// Load, InsertPost and ChangePost (which stores a changed copy).

// Grams are the common trigrams a post's columns hold: bit i of a column is set when
// the column's text, as strings.ToLower lowers it, holds SearchGrams[i].
type Grams [3]uint64

// The columns of Grams.
const (
	GramTitle = iota
	GramExcerpt
	GramContent
)

// SearchGrams are the trigrams Grams records: the commonest in English text, in
// lower case, letters only, at most 64.
var SearchGrams = [...]string{
	"the", "and", "ing", "ion", "tio", "ent", "ati", "for", "her", "ter",
	"hat", "tha", "ere", "ate", "his", "con", "res", "ver", "all", "ons",
	"nce", "men", "ith", "ted", "ers", "pro", "thi", "wit", "are", "ess",
	"not", "ive", "was", "ect", "rea", "com", "eve", "per", "int", "est",
	"sta", "cti", "ica", "ist", "ear", "ain", "one", "our", "iti", "rat",
	"ell", "ant", "sti", "ove", "oul", "art", "out", "ome", "ple", "age",
	"ran", "man", "ill", "ble",
}

// gramKey packs three letters' classes (1 to 26, a to z in either case) in 15 bits.
func gramKey(a, b, c byte) uint32 {
	return uint32(letterClass[a])<<10 | uint32(letterClass[b])<<5 | uint32(letterClass[c])
}

var (
	letterClass [256]uint8     // 1 to 26 for a to z and A to Z, 0 for any other byte
	gramBit     [1 << 15]uint8 // by gramKey: 1 + the gram's index in SearchGrams, or 0
)

func init() {
	for c := 'a'; c <= 'z'; c++ {
		letterClass[c] = uint8(c-'a') + 1
		letterClass[c-'a'+'A'] = uint8(c-'a') + 1
	}
	for i, g := range SearchGrams {
		k := gramKey(g[0], g[1], g[2])
		if len(g) != 3 || letterClass[g[0]]*letterClass[g[1]]*letterClass[g[2]] == 0 || gramBit[k] != 0 || g != strings.ToLower(g) {
			panic("store: SearchGrams: not a new lower-case letter trigram: " + g)
		}
		gramBit[k] = uint8(i) + 1
	}
}

// GramMask is the bits of the SearchGrams that a lower-case term holds, and whether the
// term is one of them (then a column holds the term exactly when it has the bit).
func GramMask(term string) (mask uint64, whole bool) {
	lower := func(c byte) bool { return 'a' <= c && c <= 'z' }
	for i := 0; i+3 <= len(term); i++ {
		if a, b, c := term[i], term[i+1], term[i+2]; lower(a) && lower(b) && lower(c) {
			if bit := gramBit[gramKey(a, b, c)]; bit != 0 {
				mask |= 1 << (bit - 1)
			}
		}
	}
	return mask, len(term) == 3 && mask != 0
}

// gramsOf is the SearchGrams that strings.ToLower(s) holds. Lowering keeps ASCII
// letters where they are and turns any other rune into bytes that are not ASCII
// letters, but for two runes whose lower case is ASCII (İ and the Kelvin sign): only
// with one of them is the text lowered for real.
func gramsOf(s string) uint64 {
	var k uint32
	var bits uint64
	var bytes byte // every byte of s or-ed: the check below only for a text not all ASCII
	for i := 0; i < len(s); i++ {
		bytes |= s[i]
		k = (k<<5 | uint32(letterClass[s[i]])) & (1<<15 - 1)
		if b := gramBit[k]; b != 0 {
			bits |= 1 << (b - 1)
		}
	}
	if bytes >= utf8.RuneSelf && lowersToASCII(s) {
		return gramsOf(strings.ToLower(s)) // which has neither rune any more
	}
	return bits
}

// lowersToASCII reports whether s holds one of the two runes whose lower case is an
// ASCII letter. (Checked before each text, it was a quarter of the time of the
// grams of a million generated titles and excerpts, all ASCII.)
func lowersToASCII(s string) bool {
	return strings.Contains(s, "\u0130") || strings.Contains(s, "\u212A")
}

// GramsOf is the Grams of a post's text, which the store gives the rows it stores.
func GramsOf(p *Post) Grams {
	return Grams{GramTitle: gramsOf(p.Title), GramExcerpt: gramsOf(p.Excerpt), GramContent: gramsOfText(p.Content)}
}

// gramsOfText is gramsOf(t.String()), read from the pieces' own bits for a text made
// of pieces: only the trigrams across two pieces are looked at anew.
func gramsOfText(t prose.Text) uint64 {
	tab, toks := t.Pieces()
	if tab == nil {
		return gramsOf(t.String())
	}
	pieces := tab.Memo(pieceGramsKey{}, func() any { return newPieceGrams(tab) }).([]pieceGrams)
	var k uint32
	var bits uint64
	for _, i := range toks {
		pg := &pieces[i]
		bits |= pg.bits
		for j := 0; j < int(pg.n); j++ { // the trigrams that end in the piece's first two bytes
			k = (k<<5 | uint32(letterClass[pg.head[j]])) & (1<<15 - 1)
			if b := gramBit[k]; b != 0 {
				bits |= 1 << (b - 1)
			}
		}
		if pg.n == 2 {
			k = pg.end
		}
	}
	return bits
}

type pieceGramsKey struct{}

// pieceGrams is what gramsOfText needs of a piece: its own trigrams, its first two
// bytes (n of them, for a shorter piece), and gramsOf's key after its last byte.
type pieceGrams struct {
	bits uint64
	end  uint32
	head [2]byte
	n    uint8
}

func newPieceGrams(tab *prose.Table) any {
	out := make([]pieceGrams, tab.Len())
	for i := range out {
		s := tab.Piece(uint16(i))
		if lowersToASCII(s) {
			s = strings.ToLower(s) // as gramsOf lowers a text that holds one
		}
		pg := pieceGrams{bits: gramsOf(s), n: uint8(min(2, len(s)))}
		copy(pg.head[:], s)
		for j := 0; j < len(s); j++ {
			pg.end = (pg.end<<5 | uint32(letterClass[s[j]])) & (1<<15 - 1)
		}
		out[i] = pg
	}
	return out
}

func setGrams(p *Post) { p.Grams, p.Sieves = GramsOf(p), SievesOf(p) }

// Prepare sets what the store derives from a post's text (its Grams and Sieves), as
// storing it does: a loader that makes rows on several goroutines prepares each as it
// makes it, and says so (Tables.Prepared), instead of leaving Load a pass over them
// all.
func Prepare(p *Post) { setGrams(p) }

// Sieves rule a rare word out of a post's title and excerpt without reading them: a
// column's sieve has a bit, of 128, for every pair and every trigram of ASCII letters
// its lowered text holds, hashed. A term with a pair or trigram whose bit is clear is
// not in the column; a term whose bits are all set may be (a title of 30 letters sets
// about a third of the bits: a word of two letters passes one title in three, one of
// six, with five pairs and four trigrams, about one in twenty thousand).
// Generated content needs none: its pieces are searched once each (mock's pieceMatch).
type Sieves [2]Sieve

// Sieve is one column's 128 bits.
type Sieve [2]uint64

// The columns of Sieves: the first two of Grams.
const (
	SieveTitle   = GramTitle
	SieveExcerpt = GramExcerpt
)

// SievesOf is the Sieves of a post's title and excerpt.
func SievesOf(p *Post) Sieves { return Sieves{sieveOf(p.Title), sieveOf(p.Excerpt)} }

// SieveMask is the bits of the letter pairs and trigrams a lower-case term holds; a
// column holds the term only if its sieve has them all.
func SieveMask(term string) Sieve { return sieveOf(term) }

// Holds reports whether the sieve has every bit of mask.
func (s Sieve) Holds(mask Sieve) bool { return s[0]&mask[0] == mask[0] && s[1]&mask[1] == mask[1] }

// sieveOf is the sieve of strings.ToLower(s): as gramsOf reads it, letters of either
// case alike, any other byte a break.
func sieveOf(s string) Sieve {
	var sv Sieve
	var k uint32
	run := 0
	var bytes byte // as in gramsOf
	for i := 0; i < len(s); i++ {
		bytes |= s[i]
		c := letterClass[s[i]]
		if c == 0 {
			run = 0
			continue
		}
		k = (k<<5 | uint32(c)) & (1<<15 - 1)
		run++
		if run >= 2 { // the pair, marked apart from trigrams (bit 15)
			bit := ((k&(1<<10-1) | 1<<15) * 2654435761) >> 25 // 7 bits of a multiplicative hash
			sv[bit>>6] |= 1 << (bit & 63)
		}
		if run >= 3 {
			bit := (k * 2654435761) >> 25
			sv[bit>>6] |= 1 << (bit & 63)
		}
	}
	if bytes >= utf8.RuneSelf && lowersToASCII(s) {
		return sieveOf(strings.ToLower(s))
	}
	return sv
}

// setAllGrams computes the Grams and Sieves of many posts, on every core.
func setAllGrams(posts []*Post) {
	parallel.Runs(len(posts), 1024, func(start, end int) {
		for _, p := range posts[start:end] {
			setGrams(p)
		}
	})
}
