package wp

import (
	"net/url"
	"regexp"
	"slices"
	"sort"
	"strings"

	"github.com/wpmock/wpmock/mock/store"
	"github.com/wpmock/wpmock/mock/wpfunc"
	"github.com/wpmock/wpmock/mock/wpversion"
)

// A comment's text on its way in (wp_filter_comment's pre_comment_* filters) and out
// (comment_text's default filters), as WordPress 6.1 and later run them; checked
// against running 6.1, 6.8 and 7.1 by the comments compare rows.
//
// Not imitated: convert_invalid_entities, wp_targeted_link_rel (rel="noopener" on
// links with a target), force_balance_tags beyond closing void elements, and the
// parts of wpautop the mock's autop leaves out (block elements inside a paragraph).

// CommentContentIn is pre_comment_content: wp_filter_kses ($allowedtags) unless kses
// is off, then wp_rel_ugc.
func CommentContentIn(site string, v wpversion.Version, s string, kses bool) string {
	if kses {
		s = wpfunc.Kses(s)
	}
	return relUGC(site, v, s)
}

// CommentAuthorIn is pre_comment_author_name: sanitize_text_field, wp_filter_kses and
// _wp_specialchars, as the users' names get them.
func CommentAuthorIn(s string) string { return TextFilter(s) }

// CommentEmailIn is pre_comment_author_email: trim, sanitize_email, wp_filter_kses.
func CommentEmailIn(s string) string { return wpfunc.NormalizeEntities(sanitizeEmail(wpfunc.Trim(s))) }

// CommentURLIn is pre_comment_author_url: what pre_user_url does.
func CommentURLIn(s string) string { return UserURL(s) }

var (
	emailLocalBad  = regexp.MustCompile(`[^a-zA-Z0-9!#$%&'*+/=?^_` + "`" + `{|}~.-]`)
	emailDomainBad = regexp.MustCompile(`(?i)[^a-z0-9-]+`)
)

// sanitizeEmail is sanitize_email: "" unless local@domain with a dotted domain, the
// local part's and each domain label's invalid characters removed.
func sanitizeEmail(s string) string {
	if len(s) < 6 {
		return ""
	}
	at := strings.IndexByte(s[1:], '@')
	if at < 0 {
		return ""
	}
	local, domain := s[:at+1], s[at+2:]
	if local = emailLocalBad.ReplaceAllString(local, ""); local == "" {
		return ""
	}
	domain = strings.Trim(domain, " \t\n\r\x00\x0B.")
	if strings.Contains(domain, "..") || domain == "" {
		return ""
	}
	var labels []string
	for _, l := range strings.Split(domain, ".") {
		l = strings.Trim(emailDomainBad.ReplaceAllString(l, ""), " \t\n\r\x00\x0B-")
		if l != "" {
			labels = append(labels, l)
		}
	}
	if len(labels) < 2 {
		return ""
	}
	return local + "@" + strings.Join(labels, ".")
}

// internalNoFollow is the versions whose wp_rel_callback and make_clickable leave
// "nofollow" off links to the site itself (wp_is_internal_link, 6.2); 6.1's
// wp_rel_ugc leaves such links alone and its make_clickable marks every URL.
var internalNoFollow = wpversion.Span{Since: wpversion.V62}

// clickableExtension is the versions whose make_clickable keeps a file extension
// after a URL's closing parenthesis (ticket 62037, 6.7).
var clickableExtension = wpversion.Span{Since: wpversion.V67}

var (
	anchorOpen = regexp.MustCompile(`(?i)<a (.+?)>`)
	hairAttr   = regexp.MustCompile(`^([_a-zA-Z][-_a-zA-Z0-9:.]*)(\s*=\s*("[^"]*"|'[^']*'|[^\s"']+))?\s*`)
)

// siteHost is the host (no port) of the site's home URL, lower case.
func siteHost(site string) string {
	u, err := url.Parse(site)
	if err != nil {
		return ""
	}
	return strings.ToLower(u.Hostname())
}

// isInternalLink is wp_is_internal_link: an allowed scheme and the site's host.
func isInternalLink(site string, link string) bool {
	u, err := url.Parse(strings.ToLower(link))
	if err != nil || !slices.Contains(wpfunc.KsesProtocols, u.Scheme) {
		return false
	}
	return u.Hostname() == siteHost(site)
}

// tagAttr is one attribute as wp_kses_hair gives it: its name, its unquoted value,
// and whether it had none ("vless").
type tagAttr struct {
	name, value string
	vless       bool
}

// hairAttrs is wp_kses_hair for rebuilding a tag: the attributes in order, each name
// once (the first).
func hairAttrs(list string) []tagAttr {
	var out []tagAttr
	seen := map[string]bool{}
	for rest := strings.TrimLeft(list, " \t\n\r\f\v"); rest != ""; {
		m := hairAttr.FindStringSubmatch(rest)
		if m == nil {
			break
		}
		rest = rest[len(m[0]):]
		name := strings.ToLower(m[1])
		if seen[name] {
			continue
		}
		seen[name] = true
		a := tagAttr{name: name, vless: m[2] == ""}
		if !a.vless {
			v := m[3]
			if v[0] == '"' || v[0] == '\'' {
				v = v[1 : len(v)-1]
			}
			a.value = v
		}
		out = append(out, a)
	}
	return out
}

// relUGC is wp_rel_ugc: every <a> gets rel="nofollow ugc", merged into a rel it has
// (the tag then rebuilt from its attributes); a link to the site itself is left
// alone in 6.1, and gets "ugc" alone from 6.2.
func relUGC(site string, v wpversion.Version, s string) string {
	if !strings.Contains(strings.ToLower(s), "<a ") {
		return s
	}
	return anchorOpen.ReplaceAllStringFunc(s, func(tag string) string {
		text := anchorOpen.FindStringSubmatch(tag)[1]
		attrs := hairAttrs(text)
		rel := "nofollow ugc"
		href := ""
		for _, a := range attrs {
			if a.name == "href" {
				href = a.value
			}
		}
		if href != "" {
			if internalNoFollow.In(v) {
				if isInternalLink(site, href) {
					rel = "ugc"
				}
			} else if u, err := url.Parse(href); err == nil && (strings.EqualFold(u.Scheme, "http") || strings.EqualFold(u.Scheme, "https")) &&
				strings.ToLower(u.Hostname()) == siteHost(site) {
				return tag
			}
		}
		for _, a := range attrs {
			if a.name != "rel" {
				continue
			}
			parts := strings.Split(a.value, " ")
			for i := range parts {
				parts[i] = strings.TrimSpace(parts[i])
			}
			for _, p := range strings.Split(rel, " ") {
				if !slices.Contains(parts, p) {
					parts = append(parts, p)
				}
			}
			rel = strings.Join(parts, " ")
			var b strings.Builder
			for _, o := range attrs {
				switch {
				case o.name == "rel":
				case o.vless:
					b.WriteString(o.name + " ")
				default:
					b.WriteString(o.name + `="` + EscAttr(o.value) + `" `)
				}
			}
			text = strings.TrimSpace(b.String())
			break
		}
		if rel == "" {
			return "<a " + text + ">"
		}
		return "<a " + text + ` rel="` + EscAttr(rel) + `">`
	})
}

// CommentText is comment_text with its default filters, in their order:
// make_clickable (9), wptexturize and convert_chars (10), convert_smilies (20),
// force_balance_tags (25; here only closing void elements), wpautop (30),
// capital_P_dangit (31).
func CommentText(site string, v wpversion.Version, content string) string {
	if content == "" {
		return ""
	}
	s := makeClickable(site, v, content)
	s = convertChars(wpfunc.Texturize(s))
	s = convertSmilies(site, s)
	s = closeVoidTags(s)
	return capitalPDangit(wpfunc.Autop(s))
}

// CommentContent is a comment's content.rendered: as a cloned site rendered it while
// the content is what it rendered (store.Comment.RenderedFrom), else CommentText's.
func CommentContent(site string, v wpversion.Version, c *store.Comment) string {
	if c.Rendered != nil && c.Content == c.RenderedFrom {
		return *c.Rendered
	}
	return CommentText(site, v, c.Content)
}

// convertChars is convert_chars: an "&" that starts no entity becomes &#038;.
func convertChars(s string) string {
	if !strings.Contains(s, "&") {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] != '&' || i+1 >= len(s) || s[i+1] == '#' {
			b.WriteByte(s[i])
			continue
		}
		n := 0
		for j := i + 2; j < len(s) && n <= 8 && isEntityNameByte(s[j]); j++ {
			n++
		}
		if n >= 1 && n <= 8 && i+2+n < len(s) && s[i+2+n] == ';' {
			b.WriteByte('&')
			continue
		}
		b.WriteString("&#038;")
		b.WriteByte(s[i+1])
		i++
	}
	return b.String()
}

func isEntityNameByte(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '1' && c <= '4'
}

var capitalP = strings.NewReplacer(" Wordpress", " WordPress", "&#8216;Wordpress", "&#8216;WordPress",
	"&#8220;Wordpress", "&#8220;WordPress", ">Wordpress", ">WordPress", "(Wordpress", "(WordPress")

// capitalPDangit is capital_P_dangit outside titles.
func capitalPDangit(s string) string {
	if !strings.Contains(s, "Wordpress") {
		return s
	}
	return capitalP.Replace(s)
}

var voidTag = regexp.MustCompile(`(?i)<(area|base|basefont|br|col|command|embed|frame|hr|img|input|isindex|link|meta|param|source|track|wbr)(\s[^<>]*)?>`)

// closeVoidTags is what force_balance_tags does to a void element written without
// its closing slash: <img src="x"> becomes <img src="x"/>.
func closeVoidTags(s string) string {
	if !strings.Contains(s, "<") {
		return s
	}
	return voidTag.ReplaceAllStringFunc(s, func(t string) string {
		if strings.HasSuffix(t, "/>") {
			return t
		}
		return t[:len(t)-1] + "/>"
	})
}

// smilies is $wpsmiliestrans, in krsort order (the order the search pattern tries
// them in).
var smilies = func() [][2]string {
	m := map[string]string{
		":mrgreen:": "mrgreen.png", ":neutral:": "\U0001f610", ":twisted:": "\U0001f608", ":arrow:": "\u27a1",
		":shock:": "\U0001f62f", ":smile:": "\U0001f642", ":???:": "\U0001f615", ":cool:": "\U0001f60e",
		":evil:": "\U0001f47f", ":grin:": "\U0001f600", ":idea:": "\U0001f4a1", ":oops:": "\U0001f633",
		":razz:": "\U0001f61b", ":roll:": "\U0001f644", ":wink:": "\U0001f609", ":cry:": "\U0001f625",
		":eek:": "\U0001f62e", ":lol:": "\U0001f606", ":mad:": "\U0001f621", ":sad:": "\U0001f641",
		"8-)": "\U0001f60e", "8-O": "\U0001f62f", ":-(": "\U0001f641", ":-)": "\U0001f642", ":-?": "\U0001f615",
		":-D": "\U0001f600", ":-P": "\U0001f61b", ":-o": "\U0001f62e", ":-x": "\U0001f621", ":-|": "\U0001f610",
		";-)": "\U0001f609", "8O": "\U0001f62f", ":(": "\U0001f641", ":)": "\U0001f642", ":?": "\U0001f615",
		":D": "\U0001f600", ":P": "\U0001f61b", ":o": "\U0001f62e", ":x": "\U0001f621", ":|": "\U0001f610",
		";)": "\U0001f609", ":!:": "\u2757", ":?:": "\u2753",
	}
	out := make([][2]string, 0, len(m))
	for k, v := range m {
		out = append(out, [2]string{k, v})
	}
	sort.Slice(out, func(i, j int) bool { return out[i][0] > out[j][0] })
	return out
}()

// smileySpace reports whether s starts with one of wp_spaces_regexp's spaces.
func smileySpace(s string) int {
	switch {
	case s == "":
		return 0
	case strings.ContainsRune("\r\n\t ", rune(s[0])):
		return 1
	case strings.HasPrefix(s, "\xc2\xa0"):
		return 2
	case strings.HasPrefix(s, "&nbsp;"):
		return 6
	}
	return 0
}

var smileyIgnore = regexp.MustCompile(`(?i)^<(code|pre|style|script|textarea)[\s>]`)

// convertSmilies is convert_smilies: a smiley between spaces (or the ends of a text
// run) outside tags, and outside code, pre, style, script and textarea, becomes its
// emoji, or the smilies image for :mrgreen:.
func convertSmilies(site string, s string) string {
	if !strings.ContainsAny(s, ":;8") {
		return s
	}
	var b strings.Builder
	ignore := ""
	for len(s) > 0 {
		i := strings.IndexByte(s, '<')
		text := s
		if i >= 0 {
			text = s[:i]
		}
		if ignore == "" {
			text = smileText(site, text)
		}
		b.WriteString(text)
		if i < 0 {
			break
		}
		j := strings.IndexByte(s[i:], '>')
		if j < 0 {
			b.WriteString(s[i:])
			break
		}
		tag := s[i : i+j+1]
		b.WriteString(tag)
		if m := smileyIgnore.FindStringSubmatch(tag); ignore == "" && m != nil {
			ignore = strings.ToLower(m[1])
		} else if ignore != "" && strings.EqualFold(tag, "</"+ignore+">") {
			ignore = ""
		}
		s = s[i+j+1:]
	}
	return b.String()
}

func smileText(site string, s string) string {
	var b strings.Builder
	start := true // at the start of the run, or after a space
	for i := 0; i < len(s); {
		if start {
			if sm, ok := smileyAt(s[i:]); ok {
				b.WriteString(translateSmiley(site, sm))
				i += len(sm[0])
				start = false
				continue
			}
		}
		if n := smileySpace(s[i:]); n > 0 {
			b.WriteString(s[i : i+n])
			i += n
			start = true
			continue
		}
		b.WriteByte(s[i])
		i++
		start = false
	}
	return b.String()
}

// smileyAt is the first smiley (in krsort order) s starts with that a space or the
// end of s follows.
func smileyAt(s string) ([2]string, bool) {
	for _, sm := range smilies {
		if strings.HasPrefix(s, sm[0]) {
			if rest := s[len(sm[0]):]; rest == "" || smileySpace(rest) > 0 {
				return sm, true
			}
		}
	}
	return [2]string{}, false
}

// translateSmiley is translate_smiley: the emoji, or an img for an image file.
func translateSmiley(site string, sm [2]string) string {
	if !strings.HasSuffix(sm[1], ".png") {
		return sm[1]
	}
	return `<img src="` + EscURL(site+"/wp-includes/images/smilies/"+sm[1]) + `" alt="` + EscAttr(sm[0]) +
		`" class="wp-smiley" style="height: 1em; max-height: 1em;" />`
}

var (
	clickableTag     = regexp.MustCompile(`<[^<>]+>`)
	clickableOpen    = regexp.MustCompile(`(?i)^<(code|pre|script|style)[\s>]`)
	clickableSchemed = regexp.MustCompile(`^<\s*\w{1,20}://`)
	clickableWeb     = regexp.MustCompile(`(?i)([\s>])((www|ftp)\.[\w\x{80}-\x{10FFFF}#$%&~/.\-;:=,?@\[\]+]+)`)
	clickableEmail   = regexp.MustCompile(`(?i)([\s>])([.0-9a-z_+-]+)@(([0-9a-z-]+\.)+[0-9a-z]{2,})`)
	linkInLink       = regexp.MustCompile(`(?i)(<a([ \r\n\t]+[^>]+?>|>))<a [^>]+?>([^>]+?)</a>([^<]*)</a>`)
)

// makeClickable is make_clickable in comment_text: URLs with a scheme, www. and ftp.
// hosts, and email addresses in text outside tags (and outside code, pre, script and
// style) become links; then a link that ended up inside a link is unwrapped.
func makeClickable(site string, v wpversion.Version, s string) string {
	if !strings.ContainsAny(s, ":.@") {
		return s
	}
	var b strings.Builder
	nested := 0
	write := func(piece string) {
		if piece == "" {
			return
		}
		if m := clickableOpen.FindStringSubmatch(piece); m != nil {
			nested++
		} else if nested > 0 {
			switch strings.ToLower(piece) {
			case "</code>", "</pre>", "</script>", "</style>":
				nested--
			}
		}
		if nested > 0 || piece[0] == '<' && !clickableSchemed.MatchString(piece) {
			b.WriteString(piece)
			return
		}
		ret := " " + piece + " "
		ret = clickURLs(site, v, ret)
		ret = clickableWeb.ReplaceAllStringFunc(ret, func(m string) string {
			sm := clickableWeb.FindStringSubmatch(m)
			dest, suffix := "http://"+sm[2], ""
			if last := dest[len(dest)-1]; strings.IndexByte(".,;:)", last) >= 0 {
				dest, suffix = dest[:len(dest)-1], string(last)
			}
			dest = escURLDisplay(dest)
			if dest == "" {
				return m
			}
			return sm[1] + `<a href="` + dest + `"` + clickableRel(site, v, dest) + ">" + dest + "</a>" + suffix
		})
		ret = clickableEmail.ReplaceAllString(ret, `$1<a href="mailto:$2@$3">$2@$3</a>`)
		b.WriteString(ret[1 : len(ret)-1])
	}
	for len(s) > 0 {
		loc := clickableTag.FindStringIndex(s)
		if loc == nil {
			write(s)
			break
		}
		write(s[:loc[0]])
		write(s[loc[0]:loc[1]])
		s = s[loc[1]:]
	}
	return linkInLink.ReplaceAllString(b.String(), "$1$3</a>")
}

// clickableRel is the rel attribute make_clickable gives a URL in comment_text:
// "nofollow ugc" in 6.1; from 6.2 (_make_clickable_rel_attr) nofollow only for an
// http(s) URL that is not the site's, then ugc.
func clickableRel(site string, v wpversion.Version, u string) string {
	if !internalNoFollow.In(v) {
		return ` rel="nofollow ugc"`
	}
	scheme := ""
	if i := strings.IndexByte(u, ':'); i > 0 {
		scheme = strings.ToLower(u[:i])
	}
	if (scheme == "http" || scheme == "https") && !isInternalLink(site, u) {
		return ` rel="nofollow ugc"`
	}
	return ` rel="ugc"`
}

func isWordByte(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_'
}

// isURLByte is the pattern's non-punctuation URL character: [\w\x80-\xff#%~/@[]*(+=&$-].
func isURLByte(c byte) bool {
	return isWordByte(c) || c >= 0x80 || strings.IndexByte("#%~/@[]*(+=&$-", c) >= 0
}

func isSpaceByte(c byte) bool { return strings.IndexByte(" \t\n\v\f\r", c) >= 0 }

// clickURLs is make_clickable's first pattern, scanned by hand (it needs a lookahead
// and possessive quantifiers): a leading space or punctuation, a scheme of up to 20
// word characters and "://", at most 2000 characters before the next space, URL
// characters with punctuation only between them, and a closing parenthesis kept
// aside; _make_url_clickable_cb then balances the parentheses.
func clickURLs(site string, v wpversion.Version, s string) string {
	var b strings.Builder
	i := 0
	for i < len(s) {
		c := s[i]
		if i+1 < len(s) && (isSpaceByte(c) || strings.IndexByte("(<.,;:!?", c) >= 0) {
			if end, out, ok := clickURLAt(site, v, s, i+1); ok {
				b.WriteByte(c)
				b.WriteString(out)
				i = end
				continue
			}
		}
		b.WriteByte(c)
		i++
	}
	return b.String()
}

func clickURLAt(site string, v wpversion.Version, s string, j int) (int, string, bool) {
	k := j
	for k < len(s) && k-j < 20 && isWordByte(s[k]) {
		k++
	}
	if k == j || !strings.HasPrefix(s[k:], "://") {
		return 0, "", false
	}
	p := k + 3
	n := 0
	for p+n < len(s) && !isSpaceByte(s[p+n]) {
		n++
	}
	if n < 1 || n > 2000 || p+n >= len(s) {
		return 0, "", false
	}
	q := p
	for q < len(s) && isURLByte(s[q]) {
		q++
	}
	for q+1 < len(s) && strings.IndexByte("'.,;:!?)", s[q]) >= 0 && isURLByte(s[q+1]) {
		q++
		for q < len(s) && isURLByte(s[q]) {
			q++
		}
	}
	u, end, paren := s[j:q], q, ""
	if end < len(s) && s[end] == ')' {
		paren, end = ")", end+1
	}
	ext := ""
	if clickableExtension.In(v) && end < len(s) && s[end] == '.' {
		e := end + 1
		for e < len(s) && e-end-1 < 6 && isWordByte(s[e]) {
			e++
		}
		if e-end-1 >= 2 {
			ext, end = s[end:e], e
		}
	}
	suffix := paren
	if paren == ")" && strings.Contains(u[1:], "(") {
		u, suffix = u+paren, ""
	}
	u += ext
	for strings.Count(u, "(") < strings.Count(u, ")") {
		i := strings.LastIndexByte(u, ')')
		suffix = u[i:] + suffix
		u = u[:i]
	}
	esc := escURLDisplay(u)
	if esc == "" {
		return 0, "", false
	}
	return end, `<a href="` + esc + `"` + clickableRel(site, v, esc) + ">" + esc + "</a>" + suffix, true
}

// escURLDisplay is esc_url in the display context: esc_url_raw's cleaning, then
// entities normalised and "&amp;" and "'" written as &#038; and &#039;.
func escURLDisplay(u string) string {
	u = escURLRaw(u)
	if u == "" {
		return ""
	}
	u = strings.ReplaceAll(wpfunc.NormalizeEntities(u), "&amp;", "&#038;")
	return strings.ReplaceAll(u, "'", "&#039;")
}
