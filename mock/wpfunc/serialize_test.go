package wpfunc

import (
	"reflect"
	"testing"
)

// TestSerializeLikePHP pins serialize()'s output, each string taken from PHP 8.2's
// serialize() of the same value.
func TestSerializeLikePHP(t *testing.T) {
	for _, c := range []struct {
		v    any
		want string
	}{
		{nil, "N;"},
		{true, "b:1;"},
		{false, "b:0;"},
		{42, "i:42;"},
		{-3, "i:-3;"},
		{1.5, "d:1.5;"},
		{1.0, "d:1;"},
		{0.1, "d:0.1;"},
		{1e25, "d:1.0E+25;"},
		{"héllo", `s:6:"héllo";`},
		{[]any{1, "a"}, `a:2:{i:0;i:1;i:1;s:1:"a";}`},
		{[]any{}, "a:0:{}"},
		{Object{{"b", 1}, {"5", "x"}, {"05", true}}, `a:3:{s:1:"b";i:1;i:5;s:1:"x";s:2:"05";b:1;}`},
		{[]any{Object{{"k", []any{2.5}}}}, `a:1:{i:0;a:1:{s:1:"k";a:1:{i:0;d:2.5;}}}`},
	} {
		if got := Serialize(c.v); got != c.want {
			t.Errorf("Serialize(%#v) = %s, want %s", c.v, got, c.want)
		}
	}
}

// TestUnserializeRoundTrip reads back what Serialize writes: lists stay lists, arrays
// with other keys come back as objects in their order.
func TestUnserializeRoundTrip(t *testing.T) {
	for _, v := range []any{nil, true, 7, 2.25, "a;b\"c", []any{1, "x", []any{}},
		Object{{"z", 1}, {"a", Object{{"q", false}}}}, Object{{"1", "a"}, {"0", "b"}}} {
		got, ok := Unserialize(Serialize(v))
		if !ok || !reflect.DeepEqual(got, v) {
			t.Errorf("Unserialize(Serialize(%#v)) = %#v, %v", v, got, ok)
		}
	}
	for _, bad := range []string{"", "a:1:{i:0;}", `s:5:"abc";`, `O:8:"stdClass":0:{}`, "i:x;"} {
		if v, ok := Unserialize(bad); ok {
			t.Errorf("Unserialize(%q) = %#v, want a failure", bad, v)
		}
	}
}

// TestMaybeSerialize is maybe_serialize as meta stores values: arrays serialized,
// serialized strings serialized again, scalars as their column strings.
func TestMaybeSerialize(t *testing.T) {
	for _, c := range []struct {
		v    any
		want string
	}{
		{"plain", "plain"}, {"i:1;", `s:4:"i:1;";`}, {true, "1"}, {false, ""}, {12, "12"},
		{[]any{"a"}, `a:1:{i:0;s:1:"a";}`},
	} {
		if got := MaybeSerialize(c.v); got != c.want {
			t.Errorf("MaybeSerialize(%#v) = %q, want %q", c.v, got, c.want)
		}
	}
	if got := MaybeUnserialize("a:1:{i:0;"); got != false {
		t.Errorf("MaybeUnserialize(broken) = %#v, want false", got)
	}
}
