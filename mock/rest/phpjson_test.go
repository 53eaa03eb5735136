package rest

import (
	"strings"
	"testing"
)

// TestPHPJSONError pins issue 15: bodies PHP's json_decode refuses (invalid UTF-8, a
// lone surrogate escape) were accepted, because Go's decoder replaces them with
// U+FFFD. The codes are json_last_error() after json_decode($body, true) in PHP 8.
func TestPHPJSONError(t *testing.T) {
	for _, c := range []struct {
		name, body string
		want       int
	}{
		{"object", `{"title":"x","n":[1,-2.5e3,true,null,{}]}`, 0},
		{"scalar", `"x"`, 0},
		{"white space around", " \t\r\n{}\n", 0},
		{"surrogate pair", `{"a":"\ud83d\ude00"}`, 0},
		{"escapes", `["\"\\\/\b\f\n\r\t\u00e9"]`, 0},
		{"valid UTF-8", "[\"\u00fc\u20ac\U0001F600\"]", 0},
		{"big number", `[99999999999999999999, 1e400]`, 0},
		{"invalid UTF-8 in a string", "{\"title\":\"\xff\"}", jsonErrorUTF8},
		{"latin-1 in a string", "{\"title\":\"\xfcber\"}", jsonErrorUTF8},
		{"encoded surrogate", "[\"\xed\xa0\x80\"]", jsonErrorUTF8},
		{"overlong", "[\"\xc0\xaf\"]", jsonErrorUTF8},
		{"truncated sequence at the end", "[\"\xe2\x82", jsonErrorUTF8},
		{"invalid UTF-8 outside strings", "[\xff]", jsonErrorUTF8},
		{"valid UTF-8 outside strings", "[\u00fc]", jsonErrorSyntax},
		{"lone high surrogate", `{"title":"\ud800"}`, jsonErrorUTF16},
		{"lone low surrogate", `["\udc00"]`, jsonErrorUTF16},
		{"high surrogate then a letter", `["\ud800\u0041"]`, jsonErrorUTF16},
		{"short \\u", `["\u12"]`, jsonErrorSyntax},
		{"unknown escape", `["\x41"]`, jsonErrorSyntax},
		{"raw tab in a string", "[\"a\tb\"]", jsonErrorCtrlChar},
		{"unterminated string", `{"a":"b`, jsonErrorCtrlChar},
		{"NUL between tokens", "[1,\x002]", jsonErrorCtrlChar},
		{"form feed between tokens", "[1,\f2]", jsonErrorCtrlChar},
		{"white space only", "  ", jsonErrorSyntax},
		{"trailing comma", `{"a":1,}`, jsonErrorSyntax},
		{"trailing comma in a list", `[1,]`, jsonErrorSyntax},
		{"two values", `{} {}`, jsonErrorSyntax},
		{"leading zero", `[01]`, jsonErrorSyntax},
		{"lone minus", `[-]`, jsonErrorSyntax},
		{"dot without digits", `[1.]`, jsonErrorSyntax},
		{"single quotes", `{'a':1}`, jsonErrorSyntax},
		{"unquoted key", `{a:1}`, jsonErrorSyntax},
		{"object closed by ]", `{"a":1]`, jsonErrorStateMismatch},
		{"list closed by }", `[1}`, jsonErrorStateMismatch},
		{"empty object closed by ]", `{]`, jsonErrorStateMismatch},
		{"the bad string wins over the missing brace", `{"a":"\ud800"`, jsonErrorUTF16},
		{"511 levels", strings.Repeat("[", 511) + strings.Repeat("]", 511), 0},
		{"512 levels", strings.Repeat("[", 512) + strings.Repeat("]", 512), jsonErrorDepth},
		{"depth wins over what follows", strings.Repeat("[", 512) + "\xff", jsonErrorDepth},
	} {
		t.Run(c.name, func(t *testing.T) {
			if got := phpJSONError([]byte(c.body)); got != c.want {
				t.Errorf("phpJSONError(%q) = %d, want %d", c.body, got, c.want)
			}
		})
	}
}
