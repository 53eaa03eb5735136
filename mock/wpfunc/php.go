// Package wpfunc holds pure ports of the PHP and WordPress functions the mock imitates
// byte for byte: PHP's integer conversions and arithmetic as PHP 8 on a 64-bit
// machine does them, empty(), is_numeric, trim and str_replace, and WordPress's
// remove_accents, sanitize_text_field, wp_kses with $allowedtags, esc_html and
// sanitize_html_class. It knows nothing of the store or
// of HTTP, so every function is a plain value-in, value-out port that a table test can
// pin against what PHP prints.
package wpfunc

import (
	"bytes"
	"encoding/json"
	"math"
	"regexp"
	"strconv"
	"strings"
)

// twoPow64 is 2^64, the modulus of zend_dval_to_lval.
const twoPow64 = 18446744073709551616.0

// IntVal is PHP's (int) cast of a value a request can carry:
//   - an integer string is read exactly; a numeric string in float notation or beyond
//     the integer range saturates at PHP_INT_MAX / PHP_INT_MIN, as PHP 8 converts
//     strings (zend_dval_to_lval_cap), and INF ("1e400") is 0;
//   - a leading-numeric string ("12abc") counts its number, anything else is 0;
//   - a float wraps modulo 2^64 (zend_dval_to_lval), as does a JSON number
//     json_decode read as a float (a fraction, an exponent, or more digits than an
//     integer holds);
//   - an array (a JSON list or object) is 1, or 0 when empty.
func IntVal(v any) int {
	switch x := v.(type) {
	case []any:
		return min(len(x), 1)
	case map[string]any:
		return min(len(x), 1)
	case int:
		return x
	case int64:
		return int(x)
	case float64:
		return FloatToInt(x)
	case bool:
		if x {
			return 1
		}
		return 0
	case json.Number:
		if i, err := strconv.ParseInt(string(x), 10, 64); err == nil {
			return int(i)
		}
		f, _ := strconv.ParseFloat(string(x), 64) // ±Inf past the float range: 0 below
		return FloatToInt(f)
	case string:
		return StringToInt(x)
	}
	return 0
}

// StringToInt is PHP 8's (int) of a string: the leading number after white space, an
// integer read exactly, anything else through a float that saturates.
func StringToInt(s string) int {
	num, isInt := leadingNumber(s)
	if num == "" {
		return 0
	}
	if isInt {
		if i, err := strconv.ParseInt(num, 10, 64); err == nil {
			return int(i)
		}
	}
	f, _ := strconv.ParseFloat(num, 64)
	switch {
	case math.IsInf(f, 0) || math.IsNaN(f):
		return 0
	case f >= math.MaxInt64: // (double)PHP_INT_MAX is already out of range
		return math.MaxInt64
	case f < math.MinInt64:
		return math.MinInt64
	}
	return int(f)
}

// leadingNumber is the numeric prefix PHP reads from a string (after leading white
// space): [+-]?(digits[.digits]|.digits)([eE][+-]?digits)?, and whether it is written
// as an integer.
func leadingNumber(s string) (num string, isInt bool) {
	i := 0
	for i < len(s) && (s[i] == ' ' || s[i] == '\t' || s[i] == '\n' || s[i] == '\r' || s[i] == '\v' || s[i] == '\f') {
		i++
	}
	start := i
	if i < len(s) && (s[i] == '+' || s[i] == '-') {
		i++
	}
	digits := func() int {
		n := 0
		for i < len(s) && '0' <= s[i] && s[i] <= '9' {
			i++
			n++
		}
		return n
	}
	intDigits := digits()
	isInt = true
	fracDigits := 0
	if i < len(s) && s[i] == '.' {
		save := i
		i++
		fracDigits = digits()
		if intDigits == 0 && fracDigits == 0 {
			i = save
		} else {
			isInt = false
		}
	}
	if intDigits == 0 && fracDigits == 0 {
		return "", false
	}
	if i < len(s) && (s[i] == 'e' || s[i] == 'E') {
		save := i
		i++
		if i < len(s) && (s[i] == '+' || s[i] == '-') {
			i++
		}
		if digits() == 0 {
			i = save
		} else {
			isInt = false
		}
	}
	return s[start:i], isInt
}

// FloatToInt is zend_dval_to_lval, PHP's (int) of a float on a 64-bit machine: NaN and
// the infinities are 0, values in range truncate toward zero, others wrap modulo 2^64
// ((int)1e19 is -8446744073709551616).
func FloatToInt(d float64) int {
	switch {
	case math.IsInf(d, 0) || math.IsNaN(d):
		return 0
	case d >= math.MinInt64 && d < math.MaxInt64:
		return int(d)
	}
	dmod := math.Mod(d, twoPow64)
	if dmod < 0 {
		// make it positive, rounding toward zero as zend_dval_to_lval_slow does
		dmod = math.Ceil(dmod) + twoPow64
	}
	if dmod >= twoPow64 {
		dmod = 0
	}
	return int(int64(uint64(dmod)))
}

// MulInt is PHP's (int)($a * $b): an integer product that overflows becomes a float
// in PHP, and the (int) of that float wraps (FloatToInt). (PHP_INT_MAX - 1) * 10 is
// exactly 5 * 2^64 as a float, so it comes back as 0.
func MulInt(a, b int) int {
	if a == 0 || b == 0 {
		return 0
	}
	p := a * b
	if p/b == a && !(a == -1 && b == math.MinInt64) && !(b == -1 && a == math.MinInt64) {
		return p
	}
	return FloatToInt(float64(a) * float64(b))
}

// Absint is WordPress's absint (abs of the (int) cast) of an integer. ok is false for
// PHP_INT_MIN, whose abs() is a float in PHP: printed into an SQL LIMIT it reads
// "9.2233720368548E+18", which MySQL refuses, so the query finds no rows.
func Absint(i int) (n int, ok bool) {
	switch {
	case i == math.MinInt64:
		return 0, false
	case i < 0:
		return -i, true
	}
	return i, true
}

// FloatString is PHP 8's (string) of a float at the default precision of 14
// significant digits: integral values below 1e14 print as integers ("3"), larger
// ones in PHP's exponent form ("9.2233720368548E+18", "1.0E+14").
func FloatString(f float64) string {
	switch {
	case math.IsNaN(f):
		return "NAN"
	case math.IsInf(f, 1):
		return "INF"
	case math.IsInf(f, -1):
		return "-INF"
	}
	s := strconv.FormatFloat(f, 'e', 13, 64) // 14 significant digits, rounded
	mant, exp, _ := strings.Cut(s, "e")
	decpt, _ := strconv.Atoi(exp)
	decpt++ // digits before the point, as zend_gcvt counts them
	if decpt < -3 || decpt > 14 {
		if strings.Contains(mant, ".") {
			mant = strings.TrimRight(mant, "0")
			if strings.HasSuffix(mant, ".") {
				mant += "0"
			}
		}
		e := decpt - 1
		sign := "+"
		if e < 0 {
			sign, e = "-", -e
		}
		return mant + "E" + sign + strconv.Itoa(e)
	}
	rounded, _ := strconv.ParseFloat(s, 64)
	return strconv.FormatFloat(rounded, 'f', -1, 64)
}

// Trim is PHP's trim() with its default character list.
func Trim(s string) string { return strings.Trim(s, " \t\n\r\x00\x0b") }

// Empty is PHP's empty() for request values: nil, "", "0", 0, false, empty lists.
func Empty(v any) bool {
	switch x := v.(type) {
	case nil:
		return true
	case string:
		return x == "" || x == "0"
	case bool:
		return !x
	case []any:
		return len(x) == 0
	case map[string]any:
		return len(x) == 0
	}
	if f, ok := v.(interface{ String() string }); ok {
		return f.String() == "0"
	}
	return false
}

// phpNumericRe is a numeric string as is_numeric takes it (whitespace around allowed).
var phpNumericRe = regexp.MustCompile(`^[ \t\n\r\v\f]*[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?[ \t\n\r\v\f]*$`)

// Numeric is PHP's is_numeric, with the number's value.
func Numeric(v any) (float64, bool) {
	switch x := v.(type) {
	case int:
		return float64(x), true
	case float64:
		return x, true
	case string:
		if phpNumericRe.MatchString(x) {
			f, err := strconv.ParseFloat(strings.Trim(x, " \t\n\r\v\f"), 64)
			return f, err == nil
		}
	case interface{ String() string }: // json.Number
		return Numeric(x.String())
	}
	return 0, false
}

// StrReplace is str_replace with a list of searches: each replaced in turn, over
// the whole string.
func StrReplace(s string, searches []string, repl string) string {
	for _, x := range searches {
		if x != "" {
			s = strings.ReplaceAll(s, x, repl)
		}
	}
	return s
}

// PHPString is PHP's (string) of a scalar: "" for null and false, "1" for true,
// integers in decimal, floats as FloatString; ok is false for a list or an object.
func PHPString(v any) (s string, ok bool) {
	switch x := v.(type) {
	case nil:
		return "", true
	case string:
		return x, true
	case bool:
		if x {
			return "1", true
		}
		return "", true
	case int:
		return strconv.Itoa(x), true
	case int64:
		return strconv.FormatInt(x, 10), true
	case float64:
		return FloatString(x), true
	}
	return "", false
}

// StoredMeta is a meta value as update_metadata stores it in its table's string
// column: a scalar as PHPString makes it, but a float with 17 significant digits (the
// serialize_precision wpdb's query gets), lists and objects as their JSON (where
// WordPress serializes them; the mock reads its own form back).
func StoredMeta(v any) string {
	if f, ok := v.(float64); ok {
		return strconv.FormatFloat(f, 'G', 17, 64)
	}
	if s, ok := PHPString(v); ok {
		return s
	}
	var b bytes.Buffer
	EncodeJSON(&b, v)
	return b.String()
}
