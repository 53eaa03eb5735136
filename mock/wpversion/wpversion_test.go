package wpversion

import "testing"

// TestProfileFor: a site's WordPress version is answered by the newest profile not
// newer than it; older versions by the oldest; what is not a version is refused.
func TestProfileFor(t *testing.T) {
	for _, c := range []struct {
		in   string
		want Version
		ok   bool
	}{
		{"6.1", V61, true}, {"6.1.7", V61, true}, {"5.9", V61, true}, {"6.7.2", V61, true},
		{"6.8", V68, true}, {"6.9.1", V68, true}, {"7.0", V68, true},
		{"7.1", V71, true}, {"7.1.2", V71, true}, {"8.0", V71, true},
		{"", 0, false}, {"latest", 0, false}, {"6", 0, false}, {"6.x", 0, false},
	} {
		got, ok := ProfileFor(c.in)
		if got != c.want || ok != c.ok {
			t.Errorf("ProfileFor(%q) = %v, %v; want %v, %v", c.in, got, ok, c.want, c.ok)
		}
	}
}
