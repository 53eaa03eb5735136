package mock

import "testing"

func TestContainsFold(t *testing.T) {
	for _, c := range []struct {
		s, term string
		want    bool
	}{{"Hello World", "world", true}, {"Hello World", "o w", true}, {"Hello", "hellos", false},
		{"", "a", false}, {"abc", "", true}, {"Crème Brûlée", "brûlée", true}, {"Crème", "xyz", false}} {
		if got := containsFold(c.s, c.term); got != c.want {
			t.Errorf("containsFold(%q, %q): got %v", c.s, c.term, got)
		}
	}
}

func TestStripBlockComments(t *testing.T) {
	for in, want := range map[string]string{
		"<!-- wp:paragraph -->\n<p>x</p>\n<!-- /wp:paragraph -->":       "\n<p>x</p>\n",
		`<!-- wp:image {"id":5} --><figure></figure><!-- /wp:image -->`: "<figure></figure>",
		"<!-- a plain comment --><p>y</p>":                              "<!-- a plain comment --><p>y</p>",
		"no comments":                                                   "no comments",
	} {
		if got := stripBlockComments(in); got != want {
			t.Errorf("stripBlockComments(%q): got %q, want %q", in, got, want)
		}
	}
}
