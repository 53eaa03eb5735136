package store

import "testing"

func TestContainsFold(t *testing.T) {
	for _, c := range []struct {
		s, term string
		want    bool
	}{{"Hello World", "world", true}, {"Hello World", "o w", true}, {"Hello", "hellos", false},
		{"", "a", false}, {"abc", "", true}, {"Crème Brûlée", "brûlée", true}, {"Crème", "xyz", false}} {
		if got := ContainsFold(c.s, c.term); got != c.want {
			t.Errorf("ContainsFold(%q, %q): got %v", c.s, c.term, got)
		}
	}
}
