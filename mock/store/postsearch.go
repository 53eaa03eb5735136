package store

import (
	"strings"
	"sync/atomic"
	"unicode/utf8"

	"github.com/wpmock/wpmock/mock/prose"
)

// The search of the post lists, the SQL WP_Query::parse_search and parse_search_order
// write: which columns hold the terms, the relevance order, and a case-insensitive LIKE
// that scans ASCII text without lowering it. (WP_Query's split of the search into
// terms, in PHP, is package wp's SearchTerms.)

// searchTerm is a term of the search, ready for matchesSearch: negated or not, and the
// store's common trigrams it holds (GramMask).
type searchTerm struct {
	text  string
	neg   bool
	grams uint64
	whole bool // the term is one of the trigrams: a column's bit is the answer
	// pieces is the term's LIKE over texts made of pieces of one table, made for the
	// first such text the search meets (by any of the walks of a long list, which go
	// on every core: filteredWindow)
	pieces *atomic.Pointer[pieceMatch]
	sieve  Sieve // the bits a title's or excerpt's sieve must have (SieveMask)
}

// searchTerms is q.Search ready for matchesSearch, made once per query.
func (q *PostQuery) searchTerms() []searchTerm {
	out := make([]searchTerm, 0, len(q.Search))
	for _, term := range q.Search {
		t := searchTerm{text: term}
		if strings.HasPrefix(term, "-") && len(term) > 1 {
			t.text, t.neg = term[1:], true
		}
		t.grams, t.whole = GramMask(t.text)
		t.sieve = SieveMask(t.text)
		t.pieces = new(atomic.Pointer[pieceMatch])
		out = append(out, t)
	}
	return out
}

// matchesSearch is WP_Query::parse_search: every term (a leading "-" negates it) in
// the title, the excerpt or the content; not a password-protected post for visitors.
func (q *PostQuery) matchesSearch(p *Post) bool {
	if q.SearchPublicOnly && p.Password != "" {
		return false
	}
	// generated content, numbers of pieces, is looked at first: for a common word it
	// answers most posts sooner than the title's bytes would
	tab, _ := p.Content.Pieces()
	piecesFirst := tab != nil
	for i := range q.prepared {
		t := &q.prepared[i]
		found := piecesFirst && q.searchHit(p, GramContent, p.Content, "post_content", t) ||
			q.searchHit(p, GramTitle, prose.Plain(p.Title), "post_title", t) ||
			q.searchHit(p, GramExcerpt, prose.Plain(p.Excerpt), "post_excerpt", t) ||
			!piecesFirst && q.searchHit(p, GramContent, p.Content, "post_content", t) ||
			// attachments also match on their file (_wp_attached_file), as the media
			// controller asks WP_Query to with wp_allow_query_attachment_by_filename
			q.SearchFile && q.searchHit(p, -1, prose.Plain(p.Extra().File), "", t)
		if found == t.neg {
			return false
		}
	}
	return true
}

// searchHit is one column's LIKE of a search term: the column must be one the search
// looks in (the attachment's file, column "", always is), and hold the term, or be it
// when the search is exact.
func (q *PostQuery) searchHit(p *Post, col int, text prose.Text, column string, t *searchTerm) bool {
	if column != "" && q.SearchIn != nil && !q.SearchIn[column] {
		return false
	}
	if q.SearchExact {
		return strings.EqualFold(text.String(), t.text)
	}
	return like(p, col, text, t)
}

// like is LIKE '%term%' on one column of a post, of which text is the text; col is the
// column's place in the post's Grams and Sieves (-1: none).
func like(p *Post, col int, text prose.Text, t *searchTerm) bool {
	if answer, decided := prefilter(p, col, t); decided {
		return answer
	}
	return likeText(text, t)
}

// likeColumn is like on the post's title, excerpt or content (col), whose text is
// only read when its trigrams and sieve do not answer.
func likeColumn(p *Post, col int, t *searchTerm) bool {
	if answer, decided := prefilter(p, col, t); decided {
		return answer
	}
	switch col {
	case GramTitle:
		return likeText(prose.Plain(p.Title), t)
	case GramExcerpt:
		return likeText(prose.Plain(p.Excerpt), t)
	}
	return likeText(p.Content, t)
}

// prefilter answers like from the post's Grams where they can: for a term that is
// one of the common trigrams, and with no when the column lacks one the term holds or
// (title, excerpt) a bit of its sieve.
func prefilter(p *Post, col int, t *searchTerm) (answer, decided bool) {
	if col >= 0 {
		if has := p.Grams[col] & t.grams; t.whole {
			return has != 0, true
		} else if has != t.grams {
			return false, true
		}
	}
	if (col == SieveTitle || col == SieveExcerpt) && !p.Sieves[col].Holds(t.sieve) {
		return false, true
	}
	return false, false
}

// likeText is LIKE '%term%' on a text: by its pieces where it is made of a table's.
func likeText(text prose.Text, t *searchTerm) bool {
	if tab, toks := text.Pieces(); tab != nil && len(t.text) <= maxPieceTerm {
		pm := t.pieces.Load()
		if pm == nil || pm.tab != tab {
			pm = pieceMatchOf(tab, t.text)
			t.pieces.Store(pm)
		}
		return pm.in(toks)
	}
	return ContainsFold(text.String(), t.text)
}

// RelevanceCase is one WHEN of the ORDER BY CASE of the relevance order: the rank
// (0 to RelevanceRanks-1, higher first) of a post whose column (post_title,
// post_excerpt, post_content) holds all the lower-case texts, or with Any one of them.
type RelevanceCase struct {
	Column string
	Texts  []string
	Any    bool
	Rank   int
}

// Rank is the rank the cases give a post of which has tells whether a column holds a
// text: the first case met, 0 when none (the CASE's ELSE).
func Rank(cases []RelevanceCase, has func(column, text string) bool) int {
	for _, c := range cases {
		n := 0
		for _, t := range c.Texts {
			if has(c.Column, t) {
				n++
			}
		}
		if n == len(c.Texts) || c.Any && n > 0 {
			return c.Rank
		}
	}
	return 0
}

// relevance is p's rank in the relevance order, for Less: the sorts that call it run
// on one goroutine, and keep one ranker (the walks make their own, one per run).
func (q *PostQuery) relevance(p *Post) int {
	if q.sortRank == nil {
		q.sortRank = q.relevanceRanker()
	}
	return q.sortRank(p)
}

// relevanceRanker is q.relevance for many posts: the cases' texts are made terms once,
// with their trigrams and piece tables (not safe for several goroutines: each run of a
// walk makes its own).
func (q *PostQuery) relevanceRanker() func(p *Post) int {
	type when struct {
		col   int
		terms []*searchTerm
		any   bool
		rank  int
	}
	cases := make([]when, len(q.Relevance))
	for i, c := range q.Relevance {
		w := when{col: GramContent, any: c.Any, rank: c.Rank}
		switch c.Column {
		case "post_title":
			w.col = GramTitle
		case "post_excerpt":
			w.col = GramExcerpt
		}
		for _, text := range c.Texts {
			t := &searchTerm{text: text, sieve: SieveMask(text), pieces: new(atomic.Pointer[pieceMatch])}
			t.grams, t.whole = GramMask(text)
			w.terms = append(w.terms, t)
		}
		cases[i] = w
	}
	return func(p *Post) int {
		for i := range cases {
			c := &cases[i]
			n := 0
			for _, t := range c.terms {
				if likeColumn(p, c.col, t) {
					n++
				} else if !c.any {
					break
				}
			}
			if n == len(c.terms) || c.any && n > 0 {
				return c.rank
			}
		}
		return 0
	}
}

// ContainsFold reports whether s contains the lower-case term, ignoring case like
// MySQL's LIKE under a case-insensitive collation: what strings.ToLower(s) holding term
// means, found without lowering (and allocating) s. A search scans every post's
// content, so this is the inner loop of every search.
func ContainsFold(s, term string) bool {
	// Lowering turns an ASCII letter into its lower case and any other rune into
	// non-ASCII bytes, but for the two runes whose lower case is ASCII (İ and the
	// Kelvin sign, which may complete a match): with one of them in s, and for a term
	// that is not ASCII, lower s for real. A match in s's ASCII is always one.
	if !isASCII(term) {
		return strings.Contains(strings.ToLower(s), term)
	}
	if indexFoldASCII(s, term) {
		return true
	}
	return mayLowerToASCII(s) && strings.Contains(strings.ToLower(s), term)
}

// mayLowerToASCII reports whether s holds U+0130 (C4 B0) or U+212A (E2 84 AA), looking
// for their lead bytes first, which plain text rarely has.
func mayLowerToASCII(s string) bool {
	return strings.IndexByte(s, 0xC4) >= 0 && strings.Contains(s, "\u0130") ||
		strings.IndexByte(s, 0xE2) >= 0 && strings.Contains(s, "\u212A")
}

// indexFoldASCII reports whether s holds the lower-case ASCII term in any case. The
// candidates are the places of term's first letter in either case, found with
// strings.IndexByte (vectorised), each kept until passed so no stretch is scanned twice.
func indexFoldASCII(s, term string) bool {
	n := len(term)
	if n == 0 {
		return true
	}
	lo, hi := term[0], term[0]
	if 'a' <= lo && lo <= 'z' {
		hi = lo - ('a' - 'A')
	}
	next := func(c byte, from int) int {
		if k := strings.IndexByte(s[from:], c); k >= 0 {
			return from + k
		}
		return len(s)
	}
	pl := next(lo, 0)
	ph := pl
	if hi != lo {
		ph = next(hi, 0)
	}
	for {
		i := min(pl, ph)
		if i+n > len(s) {
			return false
		}
		if equalFoldASCII(s[i+1:i+n], term[1:]) {
			return true
		}
		if i == pl {
			pl = next(lo, i+1)
		}
		if i == ph {
			ph = next(hi, i+1)
		}
	}
}

// equalFoldASCII reports whether a, in any case, is the lower-case b (same length).
func equalFoldASCII(a, b string) bool {
	for i := 0; i < len(b); i++ {
		c := a[i]
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		if c != b[i] {
			return false
		}
	}
	return true
}

// isASCII reports whether s is ASCII only.
func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return false
		}
	}
	return true
}
