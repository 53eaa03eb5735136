package wpfunc

import (
	"encoding/json"
	"math"
	"regexp"
	"slices"
	"strconv"
	"strings"
)

// PHP's serialize() and unserialize() for the values meta holds, as WordPress's
// maybe_serialize and maybe_unserialize use them: a meta value that is an array (a
// JSON list or object) is stored serialized in its table's string column, and read
// back as the PHP array it was. A PHP array is a list ([]any) when its keys are
// 0..n-1 in order, as json_encode prints it, else an Object whose keys are the
// array's keys as strings.

// Serialize is PHP's serialize() of a JSON value (nil, bool, int, float64,
// json.Number, string, []any, Object, map[string]any in sorted key order).
func Serialize(v any) string {
	var b strings.Builder
	serialize(&b, v)
	return b.String()
}

func serialize(b *strings.Builder, v any) {
	switch x := v.(type) {
	case nil:
		b.WriteString("N;")
	case bool:
		if x {
			b.WriteString("b:1;")
		} else {
			b.WriteString("b:0;")
		}
	case int:
		b.WriteString("i:" + strconv.Itoa(x) + ";")
	case int64:
		b.WriteString("i:" + strconv.FormatInt(x, 10) + ";")
	case float64:
		b.WriteString("d:" + serialFloat(x) + ";")
	case json.Number:
		if i, err := x.Int64(); err == nil {
			serialize(b, int(i))
		} else {
			f, _ := x.Float64()
			serialize(b, f)
		}
	case string:
		b.WriteString("s:" + strconv.Itoa(len(x)) + `:"` + x + `";`)
	case []any:
		b.WriteString("a:" + strconv.Itoa(len(x)) + ":{")
		for i, e := range x {
			serialize(b, i)
			serialize(b, e)
		}
		b.WriteString("}")
	case Object:
		b.WriteString("a:" + strconv.Itoa(len(x)) + ":{")
		for _, m := range x {
			serializeKey(b, m.Key)
			serialize(b, m.Value)
		}
		b.WriteString("}")
	case map[string]any:
		serialize(b, SortedObject(x))
	default:
		b.WriteString("N;")
	}
}

// serializeKey writes an array key: PHP turns a decimal integer string ("5", "-1",
// not "05" or "+5") into an integer key.
func serializeKey(b *strings.Builder, k string) {
	if n, err := strconv.Atoi(k); err == nil && strconv.Itoa(n) == k {
		serialize(b, n)
		return
	}
	serialize(b, k)
}

// serialFloat is a float as serialize() prints it with serialize_precision -1: the
// shortest form that reads back the same, "1.0E+25" in exponent form.
func serialFloat(f float64) string {
	switch {
	case math.IsNaN(f):
		return "NAN"
	case math.IsInf(f, 1):
		return "INF"
	case math.IsInf(f, -1):
		return "-INF"
	}
	s := strconv.FormatFloat(f, 'g', -1, 64)
	mant, exp, isExp := strings.Cut(s, "e")
	if !isExp {
		return s
	}
	// PHP switches to the exponent below 1e-4 and from 1e15 up; Go's %g from 1e21
	e, _ := strconv.Atoi(exp)
	if e >= -5 && e < 15 {
		return strconv.FormatFloat(f, 'f', -1, 64)
	}
	if !strings.Contains(mant, ".") {
		mant += ".0"
	}
	sign := "+"
	if e < 0 {
		sign, e = "-", -e
	}
	return mant + "E" + sign + strconv.Itoa(e)
}

// SortedObject is a map as an Object in key order.
func SortedObject(m map[string]any) Object {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	out := make(Object, len(keys))
	for i, k := range keys {
		out[i] = Member{Key: k, Value: m[k]}
	}
	return out
}

// MaybeSerialize is maybe_serialize as update_metadata stores a value: arrays
// serialized, a string that is already serialized serialized again, and other
// scalars as the string the database column makes of them (StoredMeta).
func MaybeSerialize(v any) string {
	switch x := v.(type) {
	case []any, Object, map[string]any:
		return Serialize(x)
	case string:
		if IsSerialized(x) {
			return Serialize(x)
		}
		return x
	}
	return StoredMeta(v)
}

// MaybeUnserialize is maybe_unserialize: a serialized value as the PHP value it
// holds (false when unserialize() fails), any other string as itself.
func MaybeUnserialize(s string) any {
	if !IsSerialized(s) {
		return s
	}
	v, ok := Unserialize(Trim(s))
	if !ok {
		return false
	}
	return v
}

var (
	serialScalar = regexp.MustCompile(`^[bid]:[0-9.E+-]+;$`)
	serialSized  = regexp.MustCompile(`^[saOE]:[0-9]+:`)
)

// IsSerialized is WordPress's is_serialized (strict).
func IsSerialized(s string) bool {
	s = Trim(s)
	if s == "N;" {
		return true
	}
	if len(s) < 4 || s[1] != ':' {
		return false
	}
	if last := s[len(s)-1]; last != ';' && last != '}' {
		return false
	}
	switch s[0] {
	case 's':
		if s[len(s)-2] != '"' {
			return false
		}
		return serialSized.MatchString(s)
	case 'a', 'O', 'E':
		return serialSized.MatchString(s)
	case 'b', 'i', 'd':
		return serialScalar.MatchString(s)
	}
	return false
}

// Unserialize is PHP's unserialize() of the values Serialize writes (objects and
// enums are refused: ok false, as the mock keeps no PHP classes). What follows the
// first value is ignored, as PHP does.
func Unserialize(s string) (any, bool) {
	u := unserializer{s: s}
	v, ok := u.value()
	return v, ok
}

type unserializer struct {
	s   string
	pos int
}

// upTo reads up to the byte end and skips it.
func (u *unserializer) upTo(end byte) (string, bool) {
	i := strings.IndexByte(u.s[u.pos:], end)
	if i < 0 {
		return "", false
	}
	out := u.s[u.pos : u.pos+i]
	u.pos += i + 1
	return out, true
}

func (u *unserializer) value() (any, bool) {
	if u.pos+1 >= len(u.s) {
		return nil, false
	}
	kind := u.s[u.pos]
	if kind == 'N' && u.s[u.pos+1] == ';' {
		u.pos += 2
		return nil, true
	}
	if u.s[u.pos+1] != ':' {
		return nil, false
	}
	u.pos += 2
	switch kind {
	case 'b':
		t, ok := u.upTo(';')
		if !ok || (t != "0" && t != "1") {
			return nil, false
		}
		return t == "1", true
	case 'i':
		t, ok := u.upTo(';')
		n, err := strconv.Atoi(t)
		return n, ok && err == nil
	case 'd':
		t, ok := u.upTo(';')
		f, err := strconv.ParseFloat(strings.Replace(t, "E+", "e", 1), 64)
		return f, ok && err == nil
	case 's':
		t, ok := u.upTo(':')
		n, err := strconv.Atoi(t)
		if !ok || err != nil || n < 0 || u.pos+n+2 > len(u.s) || u.s[u.pos] != '"' || u.s[u.pos+n+1:u.pos+n+3] != `";` {
			return nil, false
		}
		out := u.s[u.pos+1 : u.pos+n+1]
		u.pos += n + 3
		return out, true
	case 'a':
		return u.array()
	}
	return nil, false
}

// array reads a:N:{key;value...}: a list when its keys are 0..N-1 in order.
func (u *unserializer) array() (any, bool) {
	t, ok := u.upTo(':')
	n, err := strconv.Atoi(t)
	if !ok || err != nil || n < 0 || u.pos >= len(u.s) || u.s[u.pos] != '{' {
		return nil, false
	}
	u.pos++
	obj := make(Object, 0, n)
	list := true
	for i := 0; i < n; i++ {
		k, ok := u.value()
		if !ok {
			return nil, false
		}
		var key string
		switch x := k.(type) {
		case int:
			key = strconv.Itoa(x)
			list = list && x == i
		case string:
			key, list = x, false
		default:
			return nil, false
		}
		v, ok := u.value()
		if !ok {
			return nil, false
		}
		obj = obj.Set(key, v)
	}
	if u.pos >= len(u.s) || u.s[u.pos] != '}' {
		return nil, false
	}
	u.pos++
	if !list {
		return obj, true
	}
	out := make([]any, len(obj))
	for i, m := range obj {
		out[i] = m.Value
	}
	return out, true
}

// IsSerializedString is WordPress's is_serialized_string.
func IsSerializedString(s string) bool {
	s = Trim(s)
	return len(s) >= 4 && s[1] == ':' && s[len(s)-1] == ';' && s[0] == 's' && s[len(s)-2] == '"'
}

// UnserializeString is PHP's unserialize() of a serialized string (s:N:"...";): N is
// decimal digits and the exact byte length; what follows the closing `";` is ignored,
// as PHP 8.2 does. Anything else (arrays, numbers, booleans) is not a string, which is
// all the callers need to know.
func UnserializeString(s string) (string, bool) {
	tail, ok := strings.CutPrefix(s, "s:")
	if !ok {
		return "", false
	}
	num, body, ok := strings.Cut(tail, `:"`)
	if !ok || num == "" || strings.Trim(num, "0123456789") != "" {
		return "", false
	}
	n, err := strconv.Atoi(num)
	if err != nil || len(body) < n+2 || body[n:n+2] != `";` {
		return "", false
	}
	return body[:n], true
}
