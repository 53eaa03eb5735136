package rest

import (
	"fmt"
	"testing"
)

// TestIntegerKeysMakeAList pins wp_is_numeric_array and rest_sanitize_array over the
// arrays PHP builds from a query string: integer keys, in any order and with gaps,
// are a list; one string key ("a", "05", "+1", "-0") makes it a map.
func TestIntegerKeysMakeAList(t *testing.T) {
	for _, c := range []struct {
		query string
		want  string // the list, or "" for no list
	}{
		{"a[0]=x&a[1]=y", "[x y]"},
		{"a[0]=x&a[5]=y", "[x y]"},
		{"a[5]=y&a[-1]=x", "[x y]"},
		{"a[a]=x", ""},
		{"a[05]=x", ""},
		{"a[%2B1]=x", ""},
		{"a[-0]=x", ""},
		{"a[99999999999999999999]=x", ""},
	} {
		v, _ := ParseQuery(c.query).Get("a")
		list, ok := toList(v)
		got := ""
		if ok {
			got = fmt.Sprint(list)
		}
		if got != c.want {
			t.Errorf("%s: got %q, want %q", c.query, got, c.want)
		}
	}
}
