package wpfunc

import "testing"

// TestStripBlockComments: block delimiters go, other comments stay.
func TestStripBlockComments(t *testing.T) {
	for in, want := range map[string]string{
		"<!-- wp:paragraph -->\n<p>x</p>\n<!-- /wp:paragraph -->":       "\n<p>x</p>\n",
		`<!-- wp:image {"id":5} --><figure></figure><!-- /wp:image -->`: "<figure></figure>",
		"<!-- a plain comment --><p>y</p>":                              "<!-- a plain comment --><p>y</p>",
		"no comments":                                                   "no comments",
	} {
		if got := StripBlockComments(in); got != want {
			t.Errorf("StripBlockComments(%q): got %q, want %q", in, got, want)
		}
	}
}

// TestNormalizeWhitespace: ends trimmed, CR as LF, runs of newlines and of blanks
// (spaces, tabs) each one.
func TestNormalizeWhitespace(t *testing.T) {
	for in, want := range map[string]string{
		"  a  b\t\tc  ":     "a b c",
		"a\r\n\r\nb":        "a\nb",
		"a\n\n\nb":          "a\nb",
		"a \n b":            "a \n b",
		"unchanged":         "unchanged",
		"\t\n lead, trail ": "lead, trail",
	} {
		if got := NormalizeWhitespace(in); got != want {
			t.Errorf("NormalizeWhitespace(%q): got %q, want %q", in, got, want)
		}
	}
}
