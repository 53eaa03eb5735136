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
