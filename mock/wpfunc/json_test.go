package wpfunc

import (
	"bytes"
	"testing"
)

// TestEncodeAsPHP: strings come out as wp_json_encode (EncodeJSON) writes them (json_encode with no
// flags), byte for byte; the wants are PHP 8.2's output:
//
//	php -r 'echo json_encode(["a/b","é—","😀","\x08\x0c\x7f\x01","<>&\x27\""]);'
func TestEncodeAsPHP(t *testing.T) {
	var b bytes.Buffer
	EncodeJSON(&b, []any{"a/b", "é—", "😀", "\x08\x0c\x7f\x01", "<>&'\"", "\u2028", "bad\xffbyte"})
	want := `["a\/b","\u00e9\u2014","\ud83d\ude00","\b\f` + "\x7f" + `\u0001","<>&'\"","\u2028","bad\ufffdbyte"]`
	if b.String() != want {
		t.Errorf("got  %s\nwant %s", b.String(), want)
	}
}

// TestEncodeJSONUnescapedUnicode: JSON_UNESCAPED_UNICODE keeps characters beyond
// ASCII as they are (WPGraphQL's answers), and escapes the rest as wp_json_encode does.
func TestEncodeJSONUnescapedUnicode(t *testing.T) {
	var b bytes.Buffer
	EncodeJSONFlags(&b, Object{{Key: "t", Value: "Café 😀 a/b \"q\"\n"}}, JSONUnescapedUnicode)
	if got, want := b.String(), `{"t":"Café 😀 a\/b \"q\"\n"}`; got != want {
		t.Errorf("got %s, want %s", got, want)
	}
	b.Reset()
	EncodeJSON(&b, "Café")
	if got, want := b.String(), `"Caf\u00e9"`; got != want {
		t.Errorf("without the flag: got %s, want %s", got, want)
	}
}
