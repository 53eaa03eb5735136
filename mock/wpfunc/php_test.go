package wpfunc

import (
	"encoding/json"
	"math"
	"testing"
)

// The expected values are what PHP 8.2 on a 64-bit machine prints for the same
// expression (var_dump((int) $v), var_dump($a * $b), echo $f).

func TestIntVal(t *testing.T) {
	for _, c := range []struct {
		in   any
		want int
	}{
		{"10", 10},
		{" 10 ", 10},
		{"+7", 7},
		{"-0", 0},
		{"10.9", 10},
		{"1e3", 1000},
		{"12abc", 12},
		{"abc", 0},
		{"", 0},
		{".5", 0},
		{"9223372036854775807", math.MaxInt64},
		{"9007199254740993", 9007199254740993}, // read exactly, not through a float
		{"99999999999999999999", math.MaxInt64},
		{"-99999999999999999999", math.MinInt64},
		{"1e300", math.MaxInt64},
		{"1e400", 0}, // INF
		{1e19, -8446744073709551616},
		{-1e19, 8446744073709551616},
		{1e20, 7766279631452241920},
		{math.Inf(1), 0},
		{json.Number("99999999999999999999"), 7766279631452241920}, // json_decode makes it a float
		{json.Number("9223372036854775807"), math.MaxInt64},
		{json.Number("9223372036854775808"), math.MinInt64},
		{json.Number("2.5"), 2},
		{true, 1},
		{false, 0},
		{nil, 0},
		{[]any{}, 0},
		{[]any{"x"}, 1},
		{[]any{"a", "b"}, 1},
		{map[string]any{}, 0},
		{map[string]any{"a": 1}, 1},
		{" 12abc", 12},
		{"3.9", 3},
		{2.7, 2},
		{json.Number("7"), 7},
	} {
		if got := IntVal(c.in); got != c.want {
			t.Errorf("IntVal(%#v) = %d, want %d", c.in, got, c.want)
		}
	}
}

func TestMulInt(t *testing.T) {
	for _, c := range []struct{ a, b, want int }{
		{3, 4, 12},
		{math.MaxInt64 - 1, 10, 0}, // 92233720368547758060 is 5 * 2^64 as a float
		{92233720368547757, 100, 9223372036854775700},
		{math.MaxInt64, 2, 0}, // (float)PHP_INT_MAX * 2 is 2^64
		{math.MinInt64, -1, math.MinInt64},
		{-1, 10, -10},
	} {
		if got := MulInt(c.a, c.b); got != c.want {
			t.Errorf("MulInt(%d, %d) = %d, want %d", c.a, c.b, got, c.want)
		}
	}
}

func TestAbsint(t *testing.T) {
	if n, ok := Absint(-5); n != 5 || !ok {
		t.Errorf("Absint(-5) = %d, %v", n, ok)
	}
	if _, ok := Absint(math.MinInt64); ok {
		t.Error("Absint(PHP_INT_MIN) is a float in PHP; want ok false")
	}
}

func TestFloatString(t *testing.T) {
	for _, c := range []struct {
		in   float64
		want string
	}{
		{3, "3"},
		{0, "0"},
		{-2, "-2"},
		{0.5, "0.5"},
		{0.1 + 0.2, "0.3"},
		{99999999999999, "99999999999999"},
		{1e14, "1.0E+14"},
		{-9.223372036854775808e17, "-9.2233720368548E+17"},
		{9.223372036854775808e18, "9.2233720368548E+18"},
		{1e-5, "1.0E-5"},
		{math.Inf(1), "INF"},
	} {
		if got := FloatString(c.in); got != c.want {
			t.Errorf("FloatString(%v) = %q, want %q", c.in, got, c.want)
		}
	}
}
