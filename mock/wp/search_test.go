package wp

import (
	"fmt"
	"strings"
	"testing"

	"github.com/wpmock/wpmock/mock/store"
)

func TestParseSearch(t *testing.T) {
	for _, c := range []struct {
		s     string
		terms string
		count int
	}{
		{"coffee", "[{coffee false}]", 1},
		{"Coffee Beans", "[{coffee false} {beans false}]", 2},
		{"coffee the", "[{coffee false}]", 2},             // a stopword
		{"a coffee", "[{coffee false}]", 2},               // a single letter
		{"the of", "[{the of false}]", 2},                 // nothing left: the sentence
		{"coffee -tea", "[{coffee false} {tea true}]", 2}, // an exclusion
		{`"dark roast" beans`, "[{dark roast false} {beans false}]", 2},
		{`x"ab"cd`, "[{ab false} {cd false}]", 3}, // x is a single letter
		{"one,two+three", "[{one false} {two false} {three false}]", 3},
		{"w1 w2 w3 w4 w5 w6 w7 w8 w9 w10", "[{w1 w2 w3 w4 w5 w6 w7 w8 w9 w10 false}]", 10},
	} {
		got := ParseSearch(c.s)
		if fmt.Sprint(got.Terms) != c.terms || got.Count != c.count {
			t.Errorf("ParseSearch(%q): terms %v count %d, want %s count %d", c.s, got.Terms, got.Count, c.terms, c.count)
		}
	}
}

func TestSearchRank(t *testing.T) {
	type post struct{ title, excerpt, content string }
	has := func(p post) func(string, string) bool {
		return func(c, s string) bool {
			return strings.Contains(strings.ToLower(map[string]string{Title: p.title, Excerpt: p.excerpt, Content: p.content}[c]), s)
		}
	}
	for _, c := range []struct {
		s    string
		p    post
		want int
	}{
		{"alpha beta", post{"Alpha Beta", "", ""}, 5},
		{"alpha beta", post{"beta and alpha", "", ""}, 4},
		{"alpha beta", post{"alpha only", "", "beta"}, 3},
		{"alpha beta", post{"none", "x alpha beta y", ""}, 2},
		{"alpha beta", post{"none", "", "x alpha beta"}, 1},
		{"alpha beta", post{"none", "", "beta z alpha"}, 0},
		{"alpha -beta", post{"alpha beta", "", ""}, 4}, // no sentence rank with an exclusion
		{"alpha -beta", post{"none", "", "alpha"}, 0},
		{"alpha the", post{"alpha", "", ""}, 4}, // one word left, but two were asked
		{"alpha", post{"Alpha", "", ""}, 1},
		{"alpha", post{"none", "alpha", "alpha"}, 0},
		{"a b c d e f g", post{"a b c d e f g", "", ""}, 5},
	} {
		if got := store.Rank(ParseSearch(c.s).Order(), has(c.p)); got != c.want {
			t.Errorf("rank of %+v for %q: got %d, want %d", c.p, c.s, got, c.want)
		}
	}
}
