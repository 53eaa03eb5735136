package wp

import "testing"

func TestTermClass(t *testing.T) {
	for _, c := range []struct {
		taxonomy, slug string
		id             int
		want           string
	}{
		{"category", "news", 2, "category-news"},
		{"post_tag", "go", 4, "tag-go"},
		{"category", "2024", 7, "category-7"}, // numeric: the id
		{"category", "--", 8, "category-8"},   // only dashes: the id
		{"category", "%e6%97%a5", 9, "category-9"},
		{"post_tag", "a.b c", 3, "tag-abc"},
		{"category", "", 3, ""},
		{"post_format", "post-format-aside", 0, "post_format-post-format-aside"},
	} {
		if got := termClass(c.taxonomy, c.slug, c.id); got != c.want {
			t.Errorf("termClass(%q, %q, %d): got %q, want %q", c.taxonomy, c.slug, c.id, got, c.want)
		}
	}
}
