package store

import (
	"strings"
	"sync"
	"unsafe"

	"github.com/wpmock/wpmock/mock/prose"
)

// A generated post's content is a run of pieces of one table (mock/prose): a few
// thousand sentences, headings and list items that every post draws from. A search
// looks at each piece once per query, and then at each post's piece numbers only, not
// at its bytes. A match may also run across pieces: the term's first k bytes end one
// piece and the rest start the next, or run on through pieces shorter than the rest.

// maxPieceTerm is the longest term a pieceMatch follows (a bit per length matched so
// far); a longer one is looked for in the text's bytes.
const maxPieceTerm = 64

// pieceMatch is a lower-case term's LIKE over texts made of pieces of tab. Most
// terms are simpler than the general walk (in): a rare word is in no piece and cannot
// run across two (never: no text of the table holds it), and most words cannot run
// across pieces, which end in ".", ">" or a space (whole: a piece holds it or not).
type pieceMatch struct {
	tab    *prose.Table
	pieces []pieceTerm // by piece, where spans (in needs only whole otherwise)
	never  bool
	spans  bool   // some piece ends with the start of the term
	whole  []bool // by piece, where !spans
}

// pieceTerm is what a piece, lowered as strings.ToLower lowers it, does for a term of
// m bytes. Bit k (1 <= k < m) of a mask stands for the term's first k bytes.
type pieceTerm struct {
	whole bool   // the piece holds the term
	ends  uint64 // bit k: the piece ends with the term's first k bytes
	rest  uint64 // bit k: the piece starts with the rest of the term after its first k
	// bit k: the piece is the term's bytes k to k+n, not reaching its end, so a match
	// of k bytes before it is one of k+n after it
	inside uint64
	n      uint8 // the piece's length, where inside has a bit (n < m)
}

// pieceMatchOf is the pieceMatch of a lower-case term over tab's texts, kept for
// the next searches: making one reads every piece of the table (for the generated
// vocabulary, 1.4 ms and 460 KB), which a search of a small site would otherwise
// spend on every request, twenty times what the rest of it costs. A pieceMatch never
// changes (nor does its table), so searches on every core share it.
func pieceMatchOf(tab *prose.Table, term string) *pieceMatch {
	kept := tab.Memo(keptPieceMatchesKey{}, func() any {
		return &keptPieceMatches{terms: map[string]*pieceMatch{}}
	}).(*keptPieceMatches)
	kept.mu.Lock()
	pm := kept.terms[term]
	kept.mu.Unlock()
	if pm != nil {
		return pm
	}
	pm = newPieceMatch(tab, term)
	kept.mu.Lock()
	defer kept.mu.Unlock()
	if kept.bytes += pm.bytes(); kept.bytes > keptPieceMatchBytes {
		clear(kept.terms) // all are dropped at once: searches for other terms keep them anew
		kept.bytes = pm.bytes()
	}
	kept.terms[strings.Clone(term)] = pm
	return pm
}

type keptPieceMatchesKey struct{}

// keptPieceMatches is a table's pieceMatches by term, up to keptPieceMatchBytes.
type keptPieceMatches struct {
	mu    sync.Mutex
	terms map[string]*pieceMatch
	bytes int
}

// keptPieceMatchBytes bounds what a table's kept pieceMatches take: about six hundred
// terms that cannot run across pieces (10 KB each for the generated vocabulary), or
// twenty that can. (A variable for tests.)
var keptPieceMatchBytes = 6 << 20

// bytes is about what the pieceMatch takes.
func (pm *pieceMatch) bytes() int {
	return 64 + len(pm.pieces)*int(unsafe.Sizeof(pieceTerm{})) + len(pm.whole)
}

func newPieceMatch(tab *prose.Table, term string) *pieceMatch {
	m := len(term)
	lower := tab.Lower()
	pm := &pieceMatch{tab: tab, pieces: make([]pieceTerm, len(lower))}
	for i, s := range lower {
		pt := &pm.pieces[i]
		if pt.whole = strings.Contains(s, term); pt.whole {
			continue
		}
		n := len(s)
		for k := 1; k < m; k++ { // (Contains said no: no k covers the whole term)
			if k <= n && s[n-k:] == term[:k] {
				pt.ends |= 1 << k
			}
			if rest := term[k:]; len(rest) <= n {
				if s[:len(rest)] == rest {
					pt.rest |= 1 << k
				}
			} else if s == rest[:n] {
				pt.inside |= 1 << k
				pt.n = uint8(n)
			}
		}
	}
	found := false
	for i := range pm.pieces {
		found = found || pm.pieces[i].whole
		pm.spans = pm.spans || pm.pieces[i].ends != 0
	}
	pm.never = !found && !pm.spans
	if !pm.spans { // whole is all in needs
		pm.whole = make([]bool, len(pm.pieces))
		for i := range pm.pieces {
			pm.whole[i] = pm.pieces[i].whole
		}
		pm.pieces = nil
	}
	return pm
}

// in reports whether the text of these pieces holds the term.
func (pm *pieceMatch) in(toks []uint16) bool {
	switch {
	case pm.never:
		return false
	case !pm.spans:
		for _, k := range toks {
			if pm.whole[k] {
				return true
			}
		}
		return false
	}
	var open uint64 // bit k: the text so far ends with the term's first k bytes
	for _, k := range toks {
		pt := &pm.pieces[k]
		if pt.whole || open&pt.rest != 0 {
			return true
		}
		open = pt.ends | (open&pt.inside)<<pt.n
	}
	return false
}
