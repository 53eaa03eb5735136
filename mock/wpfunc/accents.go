package wpfunc

import (
	"slices"
	"strings"
	"unicode/utf8"
)

// RemoveAccents is WordPress 6.1's remove_accents($text) for the en_US locale, as it
// runs with PHP's intl extension (the reference site has it):
//   - text without a byte above 0x7F is returned as it is;
//   - text seems_utf8() accepts is first put in Unicode's composed form (NFC), so the
//     decomposed letters macOS writes in file names ("u" + U+0308) are transliterated
//     like the composed ones ("ü" becomes "u"), then every letter of the table is
//     replaced (strtr);
//   - text seems_utf8() accepts but that is not UTF-8 (overlong forms, surrogates,
//     5-byte sequences) makes normalizer_normalize() fail, and strtr() of its false
//     is "";
//   - anything else is read as ISO-8859-1 ("\xfc" becomes "u", "\xdf" "ss").
//
// The composition covers the letters of the table and the combining marks
// U+0300-U+036F, in any canonical order; other decomposed letters (Cyrillic "й" as
// "и" + U+0306) stay decomposed, where intl would compose them.
func RemoveAccents(s string) string {
	if !hasHighByte(s) {
		return s
	}
	if !SeemsUTF8(s) {
		return removeLatin1Accents(s)
	}
	if !utf8.ValidString(s) {
		return ""
	}
	if hasCombiningMark(s) {
		s = composeAccents(s)
	}
	var b strings.Builder
	b.Grow(len(s))
	for _, r := range s {
		if to, ok := accentsUTF8[r]; ok {
			b.WriteString(to)
		} else {
			b.WriteRune(r)
		}
	}
	return b.String()
}

func hasHighByte(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			return true
		}
	}
	return false
}

// SeemsUTF8 is WordPress's seems_utf8: every byte above 0x7F starts a sequence of
// the length its high bits announce (up to six bytes) followed by continuation bytes.
// It is laxer than UTF-8: overlong forms and surrogates pass.
func SeemsUTF8(s string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		var n int
		switch {
		case c < 0x80:
			n = 0
		case c&0xE0 == 0xC0:
			n = 1
		case c&0xF0 == 0xE0:
			n = 2
		case c&0xF8 == 0xF0:
			n = 3
		case c&0xFC == 0xF8:
			n = 4
		case c&0xFE == 0xFC:
			n = 5
		default:
			return false
		}
		for j := 0; j < n; j++ {
			i++
			if i == len(s) || s[i]&0xC0 != 0x80 {
				return false
			}
		}
	}
	return true
}

func removeLatin1Accents(s string) string {
	var b strings.Builder
	b.Grow(len(s) + 8)
	for i := 0; i < len(s); i++ {
		c := s[i]
		if j := strings.IndexByte(latin1In, c); j >= 0 {
			b.WriteByte(latin1Out[j])
		} else if two, ok := latin1Double[c]; ok {
			b.WriteString(two)
		} else {
			b.WriteByte(c)
		}
	}
	return b.String()
}

// combiningClass is a rune's canonical combining class within U+0300-U+036F; 0 (a
// starter) elsewhere.
func combiningClass(r rune) uint8 {
	if r >= 0x300 && r < 0x370 {
		return combiningClasses[r-0x300]
	}
	return 0
}

func hasCombiningMark(s string) bool {
	// U+0300-U+036F is \xCC\x80 to \xCD\xAF in UTF-8
	for i := 0; i+1 < len(s); i++ {
		if (s[i] == 0xCC || s[i] == 0xCD) && s[i+1] >= 0x80 {
			return true
		}
	}
	return false
}

// accentDecompositions is the inverse of accentCompositions, fully decomposed.
var accentDecompositions = func() map[rune][]rune {
	d := make(map[rune][]rune, len(accentCompositions))
	var full func(r rune) []rune
	full = func(r rune) []rune {
		for pair, c := range accentCompositions {
			if c == r {
				return append(full(pair[0]), pair[1])
			}
		}
		return []rune{r}
	}
	for _, c := range accentCompositions {
		d[c] = full(c)
	}
	return d
}()

// composeAccents is Normalizer::normalize(FORM_C) for the letters of the table: each
// starter and the marks after it are decomposed, the marks put in canonical order,
// and the starter composed with every mark not blocked by an earlier one of the same
// or a higher class.
func composeAccents(s string) string {
	rs := []rune(s)
	out := make([]rune, 0, len(rs))
	for i := 0; i < len(rs); {
		seq := []rune{rs[i]}
		if d, ok := accentDecompositions[rs[i]]; ok {
			seq = slices.Clone(d)
		}
		i++
		for ; i < len(rs) && combiningClass(rs[i]) != 0; i++ {
			if d, ok := accentDecompositions[rs[i]]; ok {
				seq = append(seq, d...)
			} else {
				seq = append(seq, rs[i])
			}
		}
		if combiningClass(seq[0]) != 0 { // marks with no starter before them
			out = append(out, seq...)
			continue
		}
		marks := seq[1:]
		slices.SortStableFunc(marks, func(a, b rune) int { return int(combiningClass(a)) - int(combiningClass(b)) })
		starter, kept := seq[0], []rune{}
		var last uint8 // class of the last mark left uncomposed
		for _, m := range marks {
			cc := combiningClass(m)
			if c, ok := accentCompositions[[2]rune{starter, m}]; ok && (len(kept) == 0 || last < cc) {
				starter = c
				continue
			}
			kept, last = append(kept, m), cc
		}
		out = append(append(out, starter), kept...)
	}
	return string(out)
}
