package wpfunc

import (
	"bytes"
	"encoding"
	"encoding/json"
	"math"
	"sort"
	"strconv"
	"unicode/utf8"
)

// Object is a JSON object that keeps its keys in order, as a PHP array does, so
// responses list fields in the order WordPress prints them. An empty Object encodes
// as {}.
type Object []Member

// Member is one key of an Object.
type Member struct {
	Key   string
	Value any
}

// Get returns the value of key and whether it is present.
func (o Object) Get(key string) (any, bool) {
	for _, m := range o {
		if m.Key == key {
			return m.Value, true
		}
	}
	return nil, false
}

// Set replaces the value of key, or appends it.
func (o Object) Set(key string, v any) Object {
	for i := range o {
		if o[i].Key == key {
			o[i].Value = v
			return o
		}
	}
	return append(o, Member{key, v})
}

// MarshalJSON lets encoding/json (tests, tools) encode an Object in order.
func (o Object) MarshalJSON() ([]byte, error) {
	var b bytes.Buffer
	encode(&b, o, 0)
	return b.Bytes(), nil
}

// EmptyArray is PHP's empty array(), which WordPress prints as [] even where an object is
// meant (an item's "meta" with nothing registered).
var EmptyArray = []any{}

// JSONAppender is a value that writes its own JSON (the engine's streamed and cached
// answers), wherever it sits in what Encode encodes.
type JSONAppender interface {
	AppendJSON(b *bytes.Buffer)
}

// EncodeJSON is wp_json_encode: it appends the JSON of v as PHP's json_encode writes it
// (every character beyond ASCII as \uXXXX, the slash escaped, <, > and & not). It
// handles the value types that responses are built from directly, without
// reflection, and falls back to encoding/json for anything else.
func EncodeJSON(b *bytes.Buffer, v any) { encode(b, v, 0) }

// JSONFlags are the json_encode flags the encoder honours besides wp_json_encode's
// defaults.
type JSONFlags int

// JSONUnescapedUnicode is JSON_UNESCAPED_UNICODE: characters beyond ASCII as they are
// (WPGraphQL's answers: graphql-php's Router encodes with it).
const JSONUnescapedUnicode JSONFlags = 1

// EncodeJSONFlags is EncodeJSON with json_encode's flags.
func EncodeJSONFlags(b *bytes.Buffer, v any, flags JSONFlags) { encode(b, v, flags) }

func encode(b *bytes.Buffer, v any, flags JSONFlags) {
	switch x := v.(type) {
	case nil:
		b.WriteString("null")
	case bool:
		if x {
			b.WriteString("true")
		} else {
			b.WriteString("false")
		}
	case int:
		b.WriteString(strconv.Itoa(x))
	case int64:
		b.WriteString(strconv.FormatInt(x, 10))
	case float64:
		encodeFloat(b, x)
	case string:
		encodeString(b, x, flags)
	case Object:
		b.WriteByte('{')
		for i, m := range x {
			if i > 0 {
				b.WriteByte(',')
			}
			encodeString(b, m.Key, flags)
			b.WriteByte(':')
			encode(b, m.Value, flags)
		}
		b.WriteByte('}')
	case []any:
		encodeArray(b, x, func(b *bytes.Buffer, e any) { encode(b, e, flags) })
	case []int:
		encodeArray(b, x, func(b *bytes.Buffer, e int) { b.WriteString(strconv.Itoa(e)) })
	case []string:
		encodeArray(b, x, func(b *bytes.Buffer, e string) { encodeString(b, e, flags) })
	case []Object:
		encodeArray(b, x, func(b *bytes.Buffer, e Object) { encode(b, e, flags) })
	case map[string]any:
		encodeMap(b, x, flags)
	case json.RawMessage:
		b.Write(x)
	case JSONAppender:
		x.AppendJSON(b)
	case encoding.TextMarshaler: // a string of its own kind (prose.Text): as PHP writes a string
		text, err := x.MarshalText()
		if err != nil {
			b.WriteString("null")
			return
		}
		encodeString(b, string(text), flags)
	default:
		enc := json.NewEncoder(b)
		enc.SetEscapeHTML(false)
		if err := enc.Encode(v); err != nil {
			b.WriteString("null")
			return
		}
		b.Truncate(b.Len() - 1) // Encoder adds a newline
	}
}

// encodeArray writes a list as a JSON array (a PHP list), each element with one.
func encodeArray[T any](b *bytes.Buffer, xs []T, one func(*bytes.Buffer, T)) {
	b.WriteByte('[')
	for i, e := range xs {
		if i > 0 {
			b.WriteByte(',')
		}
		one(b, e)
	}
	b.WriteByte(']')
}

// encodeMap writes a map as a JSON object, its keys sorted (a Go map has no order;
// what must keep WordPress's order is an Object).
func encodeMap(b *bytes.Buffer, x map[string]any, flags JSONFlags) {
	keys := make([]string, 0, len(x))
	for k := range x {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	b.WriteByte('{')
	for i, k := range keys {
		if i > 0 {
			b.WriteByte(',')
		}
		encodeString(b, k, flags)
		b.WriteByte(':')
		encode(b, x[k], flags)
	}
	b.WriteByte('}')
}

func encodeFloat(b *bytes.Buffer, f float64) {
	if math.IsNaN(f) || math.IsInf(f, 0) {
		b.WriteString("null")
		return
	}
	if f == math.Trunc(f) && math.Abs(f) < 1e15 {
		b.WriteString(strconv.FormatFloat(f, 'f', -1, 64))
		return
	}
	b.WriteString(strconv.FormatFloat(f, 'g', -1, 64))
}

const hex = "0123456789abcdef"

func encodeString(b *bytes.Buffer, s string, flags JSONFlags) {
	b.WriteByte('"')
	start := 0
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			if c >= 0x20 && c != '"' && c != '\\' && c != '/' {
				i++
				continue
			}
			b.WriteString(s[start:i])
			switch c {
			case '"', '\\', '/': // json_encode escapes the slash: "http:\/\/..."
				b.WriteByte('\\')
				b.WriteByte(c)
			case '\n':
				b.WriteString(`\n`)
			case '\r':
				b.WriteString(`\r`)
			case '\t':
				b.WriteString(`\t`)
			case '\b':
				b.WriteString(`\b`)
			case '\f':
				b.WriteString(`\f`)
			default:
				b.WriteString(`\u00`)
				b.WriteByte(hex[c>>4])
				b.WriteByte(hex[c&0xf])
			}
			i++
			start = i
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if flags&JSONUnescapedUnicode != 0 && r != utf8.RuneError {
			i += size // kept as it is, written with the run it is in
			continue
		}
		b.WriteString(s[start:i])
		if r == utf8.RuneError && size == 1 {
			r = utf8.RuneError
		}
		// json_encode without JSON_UNESCAPED_UNICODE, as wp_json_encode calls it:
		// every character beyond ASCII as \uXXXX, UTF-16 surrogates above U+FFFF
		if r >= 0x10000 {
			r -= 0x10000
			writeU(b, 0xd800+(r>>10))
			writeU(b, 0xdc00+(r&0x3ff))
		} else {
			writeU(b, r)
		}
		i += size
		start = i
	}
	b.WriteString(s[start:])
	b.WriteByte('"')
}

// writeU writes \uXXXX, in lower-case hex as PHP does.
func writeU(b *bytes.Buffer, r rune) {
	b.WriteString(`\u`)
	b.WriteByte(hex[r>>12&0xf])
	b.WriteByte(hex[r>>8&0xf])
	b.WriteByte(hex[r>>4&0xf])
	b.WriteByte(hex[r&0xf])
}

// PHPArrays is a value as json_encode prints the PHP array it is: an empty object is
// [] (array()), maps in key order.
func PHPArrays(v any) any {
	switch x := v.(type) {
	case Object:
		if len(x) == 0 {
			return EmptyArray
		}
		out := make(Object, len(x))
		for i, m := range x {
			out[i] = Member{Key: m.Key, Value: PHPArrays(m.Value)}
		}
		return out
	case map[string]any:
		return PHPArrays(SortedObject(x))
	case []any:
		out := make([]any, len(x))
		for i, e := range x {
			out[i] = PHPArrays(e)
		}
		return out
	}
	return v
}
