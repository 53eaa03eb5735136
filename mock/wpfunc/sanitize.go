package wpfunc

import (
	"regexp"
	"strconv"
	"strings"
	"unicode"
)

// formatting.php's slugs: sanitize_title and what it is made of.

// StripTags is wp_strip_all_tags' tag removal.
func StripTags(s string) string {
	if !strings.Contains(s, "<") {
		return s
	}
	var b strings.Builder
	b.Grow(len(s))
	for {
		i := strings.IndexByte(s, '<')
		if i < 0 {
			b.WriteString(s)
			return b.String()
		}
		j := strings.IndexByte(s[i:], '>')
		if j < 0 {
			b.WriteString(s)
			return b.String()
		}
		b.WriteString(s[:i])
		s = s[i+j+1:]
	}
}

var (
	slugEntity = regexp.MustCompile(`&.+?;`)
	slugStrip  = regexp.MustCompile(`[^%a-z0-9 _-]`)
	slugSpaces = regexp.MustCompile(`\s+`)
	slugDashes = regexp.MustCompile(`-+`)
)

// SanitizeTitle is sanitize_title (remove_accents, then sanitize_title_with_dashes in
// the "save" context): tags stripped, accents transliterated, other non-ASCII
// characters percent-encoded in lower case, entities removed, dots and slashes to
// dashes, other punctuation dropped.
func SanitizeTitle(s string) string {
	return SanitizeTitleWithDashes(RemoveAccents(StripTags(s)), true)
}

// SanitizeTitleWithDashes is sanitize_title_with_dashes, in the "save" context (slashes to
// dashes) or the display one (they are dropped). Only text seems_utf8() accepts is
// percent-encoded; in any other the bytes above 0x7F are dropped with the punctuation.
func SanitizeTitleWithDashes(s string, save bool) string {
	s = StripTags(s)
	if SeemsUTF8(s) {
		var b strings.Builder
		for _, r := range strings.ToLower(s) {
			if r > unicode.MaxASCII {
				for _, c := range []byte(string(r)) {
					b.WriteString("%" + strings.ToLower(strconv.FormatInt(int64(c), 16)))
				}
				continue
			}
			b.WriteRune(r)
		}
		s = b.String()
	} else {
		s = StrToLower(s) // strtolower: PHP 8.2's is ASCII only
	}
	s = slugEntity.ReplaceAllString(s, "")
	s = strings.ReplaceAll(s, ".", "-")
	if save {
		s = strings.ReplaceAll(s, "/", "-")
	}
	s = slugStrip.ReplaceAllString(s, "")
	s = slugSpaces.ReplaceAllString(s, "-")
	s = slugDashes.ReplaceAllString(s, "-")
	return strings.Trim(s, "-")
}

// StrToLower is PHP 8.2's strtolower: A-Z only, byte by byte, so text that is not
// UTF-8 keeps its bytes.
func StrToLower(s string) string {
	b := []byte(s)
	for i, c := range b {
		if 'A' <= c && c <= 'Z' {
			b[i] = c + 'a' - 'A'
		}
	}
	return string(b)
}

// StripAllTags is wp_strip_all_tags: tags removed (script and style with their
// content), then trimmed.
func StripAllTags(s string) string { return Trim(StripTags(s)) }

// SanitizeKey is sanitize_key: lower case (strtolower: ASCII letters only, so no
// other letter becomes one of a-z), then anything but a-z, 0-9, "_" and "-" removed.
func SanitizeKey(s string) string {
	b := make([]byte, 0, len(s))
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c >= 'A' && c <= 'Z' {
			c += 'a' - 'A'
		}
		if c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '_' || c == '-' {
			b = append(b, c)
		}
	}
	return string(b)
}

// ParseList is wp_parse_list of a string: split on commas and whitespace, empty
// pieces dropped.
func ParseList(s string) []string {
	return strings.FieldsFunc(s, func(r rune) bool { return r == ',' || unicode.IsSpace(r) })
}

// urlProtocols are wp_allowed_protocols().
var urlProtocols = []string{"http", "https", "ftp", "ftps", "mailto", "news", "irc", "irc6", "ircs", "gopher", "nntp",
	"feed", "telnet", "mms", "rtsp", "sms", "svn", "tel", "fax", "xmpp", "webcal", "urn"}

var urlStrip = regexp.MustCompile(`[^a-zA-Z0-9-~+_.?#=!&;,/:%@$|*'()\[\]\x{80}-\x{10FFFF}]`)

// SanitizeURL is sanitize_url (esc_url_raw) for the common cases: spaces encoded,
// characters a URL cannot hold removed, "http://" put before a URL that names no
// protocol and is not relative (/, #, ?, or a .php file), and "" for a protocol
// WordPress does not allow.
func SanitizeURL(u string) string {
	u = strings.ReplaceAll(Trim(u), " ", "%20")
	u = urlStrip.ReplaceAllString(u, "")
	if u == "" {
		return ""
	}
	if !strings.Contains(u, ":") && !strings.HasPrefix(u, "/") && !strings.HasPrefix(u, "#") &&
		!strings.HasPrefix(u, "?") && !regexp.MustCompile(`^[a-z0-9-]+?\.php`).MatchString(u) {
		u = "http://" + u
	}
	if i := strings.IndexByte(u, ':'); i > 0 && !strings.ContainsAny(u[:i], "/?#") {
		scheme := strings.ToLower(u[:i])
		ok := false
		for _, p := range urlProtocols {
			ok = ok || p == scheme
		}
		if !ok {
			return ""
		}
	}
	return u
}
