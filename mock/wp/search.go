package wp

import (
	"regexp"
	"strings"

	"github.com/wpmock/wpmock/mock/store"
)

// A search as WP_Query reads its s argument (class-wp-query.php: parse_search,
// parse_search_terms, parse_search_order): the terms it looks for, and the rank of a
// post in the order by relevance. The matching itself is the caller's: a term is
// looked for with LIKE '%term%' in the title, the excerpt and the content (MySQL's
// case-insensitive collation; the terms here are lower-cased for that).

// Search is a parsed search string.
type Search struct {
	// Sentence is the whole search string, lower-cased ($q['s']; the "sentence" of the
	// order by relevance).
	Sentence string
	// Terms are search_terms: the words and quoted phrases, without stopwords and
	// single letters; the whole string when nothing else is left or when there are
	// more than nine.
	Terms []SearchTerm
	// Count is search_terms_count: the number of words and phrases before stopwords
	// were dropped. Above one, the order by relevance ranks sentences and words;
	// at one, only whether the title has the term.
	Count int
}

// SearchTerm is one of the terms: a post must have it in its title, excerpt or
// content, or, when Exclude (the term was prefixed with "-"), in none of them.
type SearchTerm struct {
	Text    string
	Exclude bool
}

// The columns a search looks in, by their names in wp_posts (the store's names).
const (
	Title   = "post_title"
	Excerpt = "post_excerpt"
	Content = "post_content"
)

// searchStopwords are get_search_stopwords' English list: words a search of more
// than one word does not look for.
var searchStopwords = map[string]bool{}

func init() {
	for _, w := range strings.Split("about,an,are,as,at,be,by,com,for,from,how,in,is,it,of,on,or,that,the,this,to,was,what,when,where,who,will,with,www", ",") {
		searchStopwords[w] = true
	}
}

// searchToken is parse_search's preg_match_all pattern: a quoted phrase (to the next
// quote or the end), or a run of characters other than tab, space, quote, comma and
// plus that starts the string or follows one of them. Go's regexp has no lookbehind:
// the run's start is checked in ParseSearch.
var searchToken = regexp.MustCompile(`"[^"]*("|$)|[^\t ",+]+`)

// isSearchSeparator reports whether b may come before a word of a search.
func isSearchSeparator(b byte) bool {
	return b == '\t' || b == ' ' || b == '"' || b == ',' || b == '+'
}

// exactPhrase is parse_search_terms' test for a term kept with its spaces.
var exactPhrase = regexp.MustCompile(`^".+"$`)

// ParseSearch is parse_search's reading of s (with the line breaks removed, as
// WP_Query does).
func ParseSearch(s string) Search {
	s = strings.NewReplacer("\r", "", "\n", "").Replace(s)
	out := Search{Sentence: strings.ToLower(s), Count: 1}
	var tokens []string
	for _, m := range searchToken.FindAllStringIndex(s, -1) {
		if s[m[0]] != '"' && m[0] > 0 && !isSearchSeparator(s[m[0]-1]) {
			continue // a run that does not start a word (the pattern's lookbehind)
		}
		tokens = append(tokens, s[m[0]:m[1]])
	}
	var terms []string
	if len(tokens) > 0 {
		out.Count = len(tokens)
		terms = searchTerms(tokens)
		if len(terms) == 0 || len(terms) > 9 {
			terms = []string{s}
		}
	} else {
		terms = []string{s}
	}
	for _, t := range terms {
		st := SearchTerm{Text: strings.ToLower(t)}
		if strings.HasPrefix(t, "-") {
			st.Text, st.Exclude = strings.ToLower(t[1:]), true
		}
		out.Terms = append(out.Terms, st)
	}
	return out
}

// searchTerms is parse_search_terms: quotes trimmed (and spaces, but from an exact
// phrase), single letters and dashes and stopwords left out.
func searchTerms(tokens []string) []string {
	var out []string
	for _, t := range tokens {
		if exactPhrase.MatchString(t) {
			t = strings.Trim(t, `"'`)
		} else {
			t = strings.Trim(t, `"' `)
		}
		if t == "" || len(t) == 1 && (t[0] == '-' || 'a' <= t[0]|0x20 && t[0]|0x20 <= 'z') {
			continue
		}
		if searchStopwords[strings.ToLower(t)] {
			continue
		}
		out = append(out, t)
	}
	return out
}

// Apply sets a post query's search: the terms every post must have (or, negated with
// "-", lack), and the ORDER BY CASE of the relevance order.
func (s Search) Apply(q *store.PostQuery) {
	q.Search = make([]string, len(s.Terms))
	for i, t := range s.Terms {
		q.Search[i] = t.Text
		if t.Exclude {
			q.Search[i] = "-" + t.Text
		}
	}
	q.Relevance = s.Order()
}

// Order is parse_search_order: the cases of the ORDER BY CASE of the relevance
// order, as the store runs them (the first case a post meets gives its rank, higher
// first; none, 0). For a search of more than one word: 5 for the sentence in the
// title, 4 for all the (not excluded) words in the title, 3 for any of them, 2 for
// the sentence in the excerpt, 1 in the content; the sentence cases are left out when
// a word is excluded, the word cases past six words. For a single term: 1 for the
// term in the title.
func (s Search) Order() []store.RelevanceCase {
	var words []string // search_orderby_title
	for _, t := range s.Terms {
		if !t.Exclude {
			words = append(words, t.Text)
		}
	}
	if s.Count <= 1 {
		if len(words) == 0 {
			return nil
		}
		return []store.RelevanceCase{{Column: Title, Texts: words[:1], Rank: 1}}
	}
	var out []store.RelevanceCase
	sentence := !s.excludes()
	if sentence {
		out = append(out, store.RelevanceCase{Column: Title, Texts: []string{s.Sentence}, Rank: 5})
	}
	if len(words) > 0 && len(words) < 7 {
		out = append(out, store.RelevanceCase{Column: Title, Texts: words, Rank: 4})
		if len(words) > 1 {
			out = append(out, store.RelevanceCase{Column: Title, Texts: words, Any: true, Rank: 3})
		}
	}
	if sentence {
		out = append(out, store.RelevanceCase{Column: Excerpt, Texts: []string{s.Sentence}, Rank: 2},
			store.RelevanceCase{Column: Content, Texts: []string{s.Sentence}, Rank: 1})
	}
	return out
}

// excludes is parse_search_order's test for a negated word in the search string:
// a dash at its start or after white space.
func (s Search) excludes() bool {
	for i := 0; i < len(s.Sentence); i++ {
		if s.Sentence[i] == '-' && (i == 0 || strings.ContainsRune(" \t\n\r\f\v", rune(s.Sentence[i-1]))) {
			return true
		}
	}
	return false
}
