package wpfunc

import "testing"

// TestSanitizeTitle: sanitize_title as WordPress 6.1 slugs these titles.
func TestSanitizeTitle(t *testing.T) {
	for in, want := range map[string]string{
		"Hello World!":           "hello-world",
		"Crème brûlée":           "creme-brulee",
		"Ærø Łódź":               "aero-lodz",
		"日本":                     "%e6%97%a5%e6%9c%ac",
		"a.b/c  d--e":            "a-b-c-d-e",
		"<b>Bold</b> &amp; more": "bold-more",
		"Release notes for 2.0":  "release-notes-for-2-0",
	} {
		if got := SanitizeTitle(in); got != want {
			t.Errorf("SanitizeTitle(%q): got %q, want %q", in, got, want)
		}
	}
}
