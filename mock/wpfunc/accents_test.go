package wpfunc

import "testing"

// TestRemoveAccents: what WordPress 6.1's remove_accents() returns with PHP's intl.
func TestRemoveAccents(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"plain.png", "plain.png"},
		{"ünïcöde.png", "unicode.png"},
		{"u\u0308ni\u0308co\u0308de.png", "unicode.png"}, // decomposed, as macOS names files
		{"\xfcn\xefc\xf6de.png", "unicode.png"},          // ISO-8859-1
		{"Stra\xdfe \xc6ther", "Strasse AEther"},
		{"Straße", "Strase"}, // the UTF-8 table writes ß as one s (en_US)
		{"Æther œuvre Ĳssel", "AEther oeuvre IJssel"},
		{"€5 £3 ª º", "E5 3 a o"},
		{"Tiếng Việt", "Tieng Viet"},
		{"Tie\u0302\u0301ng Vie\u0323\u0302t", "Tieng Viet"}, // decomposed, canonical order
		{"Tie\u0301\u0302ng", "Tie\u0302ng"},                 // é, and no letter is é + circumflex
		{"Vie\u0302\u0323t", "Viet"},                         // marks out of canonical order
		{"ă\u0323", "a"},                                     // partly composed ặ
		{"u\u0308\u0301", "u"},                               // ǘ
		{"Ωmega й", "Ωmega й"},                               // not in the table
		{"\xed\xa0\x80.png", ""},                             // a surrogate: seems_utf8, but intl refuses it
		{"\xc0\xaf", ""},                                     // an overlong form, likewise
		{"\u0301start", "\u0301start"},                       // a mark with no letter before it
		{"Ð ð Þ þ", "D d TH th"},
	} {
		if got := RemoveAccents(c.in); got != c.want {
			t.Errorf("RemoveAccents(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

func TestSeemsUTF8(t *testing.T) {
	for in, want := range map[string]bool{
		"ascii": true, "ü": true, "\xed\xa0\x80": true, "\xf8\x88\x80\x80\x80": true,
		"\xfc": false, "\xc3": false, "\xff": false,
	} {
		if got := SeemsUTF8(in); got != want {
			t.Errorf("SeemsUTF8(%q) = %v, want %v", in, got, want)
		}
	}
}
