package wpfunc

import (
	"html"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"
)

// WordPress's text sanitizers, as far as term names, term descriptions and meta keys
// go through them: sanitize_text_field, and wp_kses with $allowedtags (what
// wp_filter_kses applies to pre_term_name and pre_term_description whoever the user
// is). Checked against WordPress 6.1 with the cases in mock/kses_test.go.

var (
	textSpace  = regexp.MustCompile(`[\r\n\t ]+`)
	textOctet  = regexp.MustCompile(`(?i)%[a-f0-9]{2}`)
	textSpaces = regexp.MustCompile(` +`)
	scriptTag  = regexp.MustCompile(`(?is)<(script|style)[^>]*?>.*?</(script|style)>`)
	anyTag     = regexp.MustCompile(`(?s)<!--.*?(-->|$)|<[^>]*(>|$)`)
)

// SanitizeTextField is sanitize_text_field: invalid UTF-8 empties the string; a "<"
// that opens no tag is escaped; tags (and script/style with their content) are
// stripped; whitespace runs become one space; percent-encoded octets are removed.
func SanitizeTextField(s string) string {
	if !utf8.ValidString(s) {
		return ""
	}
	if strings.Contains(s, "<") {
		s = escapeLoneLessThan(s)
		s = scriptTag.ReplaceAllStringFunc(s, func(m string) string {
			if sub := scriptTag.FindStringSubmatch(m); strings.EqualFold(sub[1], sub[2]) {
				return ""
			}
			return m
		})
		s = Trim(anyTag.ReplaceAllString(s, "")) // strip_tags, then wp_strip_all_tags' trim
		s = strings.ReplaceAll(s, "<\n", "&lt;\n")
	}
	s = Trim(textSpace.ReplaceAllString(s, " "))
	found := false
	for m := textOctet.FindString(s); m != ""; m = textOctet.FindString(s) {
		s, found = strings.ReplaceAll(s, m, ""), true
	}
	if found {
		s = Trim(textSpaces.ReplaceAllString(s, " "))
	}
	return s
}

// escapeLoneLessThan is wp_pre_kses_less_than: a "<" whose run ends at the next "<" or
// at the end of the text without a ">" is esc_html'd.
func escapeLoneLessThan(s string) string {
	var b strings.Builder
	for {
		i := strings.IndexByte(s, '<')
		if i < 0 {
			b.WriteString(s)
			return b.String()
		}
		b.WriteString(s[:i])
		j := i + 1
		for j < len(s) && s[j] != '>' && s[j] != '<' {
			j++
		}
		if j < len(s) && s[j] == '>' {
			b.WriteString(s[i : j+1])
			s = s[j+1:]
			continue
		}
		b.WriteString(EscHTML(s[i:j]))
		s = s[j:]
	}
}

var quoteEscaper = strings.NewReplacer("<", "&lt;", ">", "&gt;", `"`, "&quot;", "'", "&#039;")

// EscHTML is esc_html: entities normalised, then < > " ' encoded.
func EscHTML(s string) string { return quoteEscaper.Replace(NormalizeEntities(s)) }

// entityAt matches what wp_kses_normalize_entities accepts after an "&": a name of 2-8
// letters and up to 2 digits, a decimal or a hexadecimal reference.
var entityAt = regexp.MustCompile(`^&(?:([A-Za-z]{2,8}[0-9]{0,2});|#(0*[0-9]{1,7});|#[xX](0*[0-9A-Fa-f]{1,6});)`)

// NormalizeEntities is wp_kses_normalize_entities: every "&" that starts no valid
// entity becomes "&amp;"; numeric entities lose leading zeros (decimal ones padded to
// three digits). Named entities are those HTML knows (WordPress keeps its own list).
func NormalizeEntities(s string) string {
	if !strings.Contains(s, "&") {
		return s
	}
	var b strings.Builder
	for {
		i := strings.IndexByte(s, '&')
		if i < 0 {
			b.WriteString(s)
			return b.String()
		}
		b.WriteString(s[:i])
		s = s[i:]
		m := entityAt.FindStringSubmatch(s)
		if m == nil {
			b.WriteString("&amp;")
			s = s[1:]
			continue
		}
		s = s[len(m[0]):]
		switch {
		case m[1] != "":
			if html.UnescapeString(m[0]) == m[0] {
				b.WriteString("&amp;" + m[1] + ";")
			} else {
				b.WriteString(m[0])
			}
		case m[2] != "":
			n, _ := strconv.Atoi(m[2])
			if !validUnicode(n) {
				b.WriteString("&amp;#" + m[2] + ";")
			} else {
				b.WriteString("&#" + leftPad(strings.TrimLeft(m[2], "0"), 3) + ";")
			}
		default:
			n, _ := strconv.ParseInt(m[3], 16, 32)
			if !validUnicode(int(n)) {
				b.WriteString("&amp;#x" + m[3] + ";")
			} else {
				b.WriteString("&#x" + strings.TrimLeft(m[3], "0") + ";")
			}
		}
	}
}

// validUnicode is valid_unicode: the code points XML allows.
func validUnicode(n int) bool {
	return n == 0x9 || n == 0xa || n == 0xd || n >= 0x20 && n <= 0xd7ff ||
		n >= 0xe000 && n <= 0xfffd || n >= 0x10000 && n <= 0x10ffff
}

func leftPad(s string, n int) string {
	for len(s) < n {
		s = "0" + s
	}
	return s
}

// allowedTags is $allowedtags (Kses.php): the elements and attributes wp_filter_kses
// keeps in term names and descriptions.
var allowedTags = map[string][]string{
	"a": {"href", "title"}, "abbr": {"title"}, "acronym": {"title"}, "b": nil,
	"blockquote": {"cite"}, "cite": nil, "code": nil, "del": {"datetime"}, "em": nil,
	"i": nil, "q": {"cite"}, "s": nil, "strike": nil, "strong": nil,
}

var (
	ksesPiece   = regexp.MustCompile(`(?s)<!--.*?(-->|$)|<[^>]*(>|$)|>`)
	ksesElement = regexp.MustCompile(`^<\s*(/\s*)?([a-zA-Z0-9-]+)([^>]*)>?$`)
	ksesAttr    = regexp.MustCompile(`^([_a-zA-Z][-_a-zA-Z0-9:.]*)(\s*=\s*("[^"]*"|'[^']*'|[^\s"']+))?\s*`)
)

// Kses is wp_kses($s, $allowedtags): NULs dropped, entities normalised, lone "<"
// escaped, then every tag outside allowedTags removed (its content stays), allowed
// tags rebuilt with their allowed attributes only, and a stray ">" encoded. Comments
// are kept.
func Kses(s string) string {
	s = NormalizeEntities(strings.ReplaceAll(s, "\x00", ""))
	s = escapeLoneLessThan(s)
	return ksesPiece.ReplaceAllStringFunc(s, func(piece string) string {
		switch {
		case piece == ">":
			return "&gt;"
		case strings.HasPrefix(piece, "<!--"):
			return piece
		}
		m := ksesElement.FindStringSubmatch(piece)
		if m == nil {
			return ""
		}
		elem := m[2]
		attrs, ok := allowedTags[strings.ToLower(elem)]
		if !ok {
			return ""
		}
		if m[1] != "" {
			return "</" + elem + ">"
		}
		return "<" + elem + ksesAttrs(m[3], attrs) + ">"
	})
}

// ksesAttrs is wp_kses_attr: the allowed attributes of the list (the first of each
// name), unquoted values quoted, URL values through wp_kses_bad_protocol; " /" when
// the tag closes itself.
func ksesAttrs(list string, allowed []string) string {
	slash := ""
	if t := strings.TrimRight(list, " \t\n\r\f\v"); strings.HasSuffix(t, "/") {
		slash, list = " /", strings.TrimSuffix(t, "/")
	}
	var b strings.Builder
	seen := map[string]bool{}
	for rest := strings.TrimLeft(list, " \t\n\r\f\v"); rest != ""; {
		m := ksesAttr.FindStringSubmatch(rest)
		if m == nil { // wp_kses_hair gives up on what it cannot parse
			break
		}
		rest = rest[len(m[0]):]
		name, lname := m[1], strings.ToLower(m[1])
		if seen[lname] || !slices.Contains(allowed, lname) {
			seen[lname] = true
			continue
		}
		seen[lname] = true
		whole := name
		if m[2] != "" {
			v, quote := m[3], `"`
			if v[0] == '"' || v[0] == '\'' {
				quote, v = v[:1], v[1:len(v)-1]
			}
			if lname == "href" || lname == "cite" {
				v = ksesBadProtocol(v)
			}
			whole = name + "=" + quote + v + quote
		}
		b.WriteString(" " + whole)
	}
	return b.String() + slash
}

// KsesProtocols are wp_allowed_protocols(): the URL schemes kses and esc_url keep.
var KsesProtocols = []string{"http", "https", "ftp", "ftps", "mailto", "news", "irc", "irc6", "ircs",
	"gopher", "nntp", "feed", "telnet", "mms", "rtsp", "sms", "svn", "tel", "fax", "xmpp", "webcal", "urn"}

// ksesBadProtocol is wp_kses_bad_protocol: a scheme outside KsesProtocols is cut off,
// again and again (at most six times).
func ksesBadProtocol(v string) string {
	for i := 0; i < 6; i++ {
		scheme, rest, ok := strings.Cut(v, ":")
		if !ok || strings.Contains(scheme, "/?") {
			return v
		}
		next := Trim(rest)
		if s := strings.ToLower(strings.Join(strings.Fields(html.UnescapeString(scheme)), "")); slices.Contains(KsesProtocols, s) {
			next = s + ":" + next
		}
		if next == v {
			return v
		}
		v = next
	}
	return v
}

// SanitizeHTMLClass is sanitize_html_class: percent-encoded octets removed, then
// anything but A-Z, a-z, 0-9, "_" and "-"; the fallback's class when nothing is left.
func SanitizeHTMLClass(class, fallback string) string {
	out := notClassChar.ReplaceAllString(percentOctet.ReplaceAllString(class, ""), "")
	if out == "" && fallback != "" && fallback != "0" { // PHP's truthy $fallback
		return SanitizeHTMLClass(fallback, "")
	}
	return out
}

var (
	percentOctet = regexp.MustCompile(`%[a-fA-F0-9][a-fA-F0-9]`)
	notClassChar = regexp.MustCompile(`[^A-Za-z0-9_-]`)
)
