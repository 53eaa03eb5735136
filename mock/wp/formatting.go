package wp

import (
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/wpmock/wpmock/mock/wpfunc"
)

// formatting.php's escaping and the filters a user's fields go through on their way
// in, on top of wpfunc.Kses: the pre_user_* filters of the names, esc_url_raw for the
// URL, esc_attr and esc_url for markup. Over the REST API these filters apply even to
// administrators: kses_init runs before the application password is checked.

var (
	urlDisallow = regexp.MustCompile(`(?i)[^a-z0-9~+_.?#=!&;,/:%@$|*'()\[\]\x{80}-\x{10FFFF}-]`)
	// URLScheme finds a URL's scheme, as wp_kses_bad_protocol reads it.
	URLScheme    = regexp.MustCompile(`^([a-zA-Z][a-zA-Z0-9+.-]*):`)
	phpScript    = regexp.MustCompile(`(?i)^[a-z0-9-]+?\.php`)
	specialChars = strings.NewReplacer("<", "&lt;", ">", "&gt;")
)

// TextFilter is what pre_user_display_name, _first_name, _last_name and _nickname do:
// sanitize_text_field, wp_filter_kses (which leaves no tag in plain text and writes a
// bare "&" as an entity) and _wp_specialchars.
func TextFilter(s string) string {
	return specialChars.Replace(wpfunc.NormalizeEntities(wpfunc.SanitizeTextField(s)))
}

// UserURL is pre_user_url: wp_strip_all_tags, esc_url_raw, then wp_filter_kses (so an
// "&" in a query string is stored as "&amp;").
func UserURL(u string) string {
	return wpfunc.NormalizeEntities(escURLRaw(wpfunc.Trim(wpfunc.StripTags(u))))
}

// escURLRaw is esc_url_raw: spaces encoded, unsafe characters dropped, http:// added
// to a URL without a scheme, and a URL whose scheme is not allowed emptied.
func escURLRaw(u string) string {
	u = strings.ReplaceAll(strings.TrimLeft(u, " \t\n\r\x00\x0B"), " ", "%20")
	u = urlDisallow.ReplaceAllString(u, "")
	if u == "" {
		return ""
	}
	if !strings.HasPrefix(strings.ToLower(u), "mailto:") {
		for _, crlf := range []string{"%0d", "%0a", "%0D", "%0A"} {
			for strings.Contains(u, crlf) {
				u = strings.ReplaceAll(u, crlf, "")
			}
		}
	}
	u = strings.ReplaceAll(u, ";//", "://")
	if !strings.Contains(u, ":") && !strings.ContainsRune("/#?", rune(u[0])) && !phpScript.MatchString(u) {
		u = "http://" + u
	}
	if u[0] == '/' {
		return u
	}
	if m := URLScheme.FindStringSubmatch(u); m != nil && !slices.Contains(wpfunc.KsesProtocols, strings.ToLower(m[1])) {
		return ""
	}
	return u
}

// EscAttr is esc_attr: HTML special characters encoded, entities already in the text
// left as they are.
func EscAttr(s string) string {
	if !strings.ContainsAny(s, `&<>"'`) {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		switch c := s[i]; c {
		case '&':
			if isEntityAt(s[i:]) {
				b.WriteByte('&')
			} else {
				b.WriteString("&amp;")
			}
		case '<':
			b.WriteString("&lt;")
		case '>':
			b.WriteString("&gt;")
		case '"':
			b.WriteString("&quot;")
		case '\'':
			b.WriteString("&#039;")
		default:
			b.WriteByte(c)
		}
	}
	return b.String()
}

// isEntityAt reports whether s starts with a character reference (&amp; &#38; &#x26;).
func isEntityAt(s string) bool {
	end := strings.IndexByte(s, ';')
	if end < 2 || end > 32 {
		return false
	}
	name := s[1:end]
	if name[0] == '#' {
		digits := name[1:]
		if len(digits) > 0 && (digits[0] == 'x' || digits[0] == 'X') {
			_, err := strconv.ParseUint(digits[1:], 16, 32)
			return len(digits) > 1 && err == nil
		}
		_, err := strconv.ParseUint(digits, 10, 32)
		return err == nil
	}
	for _, c := range name {
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9') {
			return false
		}
	}
	return true
}

// EscURL is what esc_url changes in an upload URL: ampersands and single quotes.
func EscURL(u string) string {
	return strings.NewReplacer("&", "&#038;", "'", "&#039;").Replace(u)
}
