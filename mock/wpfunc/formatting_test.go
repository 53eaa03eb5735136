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

// TestTexturizeDimensions: wptexturize prints a dimension's x as &#215; (a media
// description's "640x480"), not a hex number's, a word's or one inside a tag.
func TestTexturizeDimensions(t *testing.T) {
	for in, want := range map[string]string{
		"A 640x480 gradient.":      "A 640&#215;480 gradient.",
		"1.5x2,5 and 10x20x30":     "1.5&#215;2,5 and 10x20x30",
		"0x1F is hex, 00x1 is not": "0x1F is hex, 00&#215;1 is not",
		"box 3x, x4, a1x2":         "box 3x, x4, a1x2",
		`<img width="640x480">`:    `<img width="640x480">`,
		"max":                      "max",
	} {
		if got := Texturize(in); got != want {
			t.Errorf("Texturize(%q) = %q, want %q", in, got, want)
		}
	}
}
