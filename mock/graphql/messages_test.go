package graphql

import "testing"

// TestNatCompare: suggestions tie in strnatcmp's order (graphql-php's suggestionList).
func TestNatCompare(t *testing.T) {
	for _, tc := range []struct {
		a, b string
		want int // its sign
	}{
		{"books", "pages", -1}, {"posts", "pages", 1}, {"node", "node", 0},
		{"a2", "a10", -1}, {"a010", "a9", 1}, {"a", "ab", -1}, {"B", "a", -1},
	} {
		got := natCompare(tc.a, tc.b)
		if (got < 0) != (tc.want < 0) || (got > 0) != (tc.want > 0) {
			t.Errorf("natCompare(%q, %q) = %d, want sign %d", tc.a, tc.b, got, tc.want)
		}
	}
	if got, want := suggest("notes", []string{"posts", "node", "pages", "books"}), ` Did you mean "node", "books", "pages", or "posts"?`; got != want {
		t.Errorf("suggest: got %s, want %s", got, want)
	}
}
