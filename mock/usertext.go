package mock

import (
	"math"
	"regexp"
	"slices"
	"strings"

	"github.com/wpmock/wpmock/mock/wpfunc"
)

// The filters a user's fields go through on their way in, on top of wpfunc.Kses.go:
// the pre_user_* filters of the names and esc_url_raw for the URL, and PHP's
// is_numeric / absint for the reassign argument. Over the REST API these filters
// apply even to administrators: kses_init runs before the application password is
// checked.

var (
	urlDisallow  = regexp.MustCompile(`(?i)[^a-z0-9~+_.?#=!&;,/:%@$|*'()\[\]\x{80}-\x{10FFFF}-]`)
	urlScheme    = regexp.MustCompile(`^([a-zA-Z][a-zA-Z0-9+.-]*):`)
	phpScript    = regexp.MustCompile(`(?i)^[a-z0-9-]+?\.php`)
	intPrefix    = regexp.MustCompile(`^[ \t\n\r\v\f]*[+-]?\d+`)
	specialChars = strings.NewReplacer("<", "&lt;", ">", "&gt;")
)

// textFilter is what pre_user_display_name, _first_name, _last_name and _nickname do:
// sanitize_text_field, wp_filter_kses (which leaves no tag in plain text and writes a
// bare "&" as an entity) and _wp_specialchars.
func textFilter(s string) string {
	return specialChars.Replace(wpfunc.NormalizeEntities(wpfunc.SanitizeTextField(s)))
}

// userURL is pre_user_url: wp_strip_all_tags, esc_url_raw, then wp_filter_kses (so an
// "&" in a query string is stored as "&amp;").
func userURL(u string) string {
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
	if m := urlScheme.FindStringSubmatch(u); m != nil && !slices.Contains(wpfunc.KsesProtocols, strings.ToLower(m[1])) {
		return ""
	}
	return u
}

// absint is WordPress's absint: abs(intval(v)). PHP's abs(PHP_INT_MIN) is a float no
// row has as its id; math.MaxInt stands for it.
func absint(v any) int {
	n, ok := wpfunc.Absint(wpfunc.IntVal(v))
	if !ok {
		return math.MaxInt
	}
	return n
}
