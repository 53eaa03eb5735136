package wpfunc

import (
	"regexp"
	"strings"
	"unicode"
)

// formatting.php's filters on post text: wptexturize, wpautop, wp_trim_words,
// excerpt_remove_blocks' removal of block delimiters, and normalize_whitespace.

// StripBlockComments removes the block delimiters (<!-- wp:name {...} --> and
// <!-- /wp:name -->), which is all do_blocks leaves of them for static blocks.
func StripBlockComments(s string) string {
	if !strings.Contains(s, "<!--") {
		return s
	}
	var b strings.Builder
	b.Grow(len(s))
	for {
		i := strings.Index(s, "<!--")
		if i < 0 {
			b.WriteString(s)
			return b.String()
		}
		rest := strings.TrimLeft(s[i+4:], " \t\n\r")
		end := strings.Index(s[i:], "-->")
		if end < 0 || !(strings.HasPrefix(rest, "wp:") || strings.HasPrefix(rest, "/wp:")) {
			b.WriteString(s[:i+4])
			s = s[i+4:]
			continue
		}
		b.WriteString(s[:i])
		s = s[i+end+3:]
	}
}

// TrimWords55 is wp_trim_words for the default 55 words.
func TrimWords55(text string, n int, more string) string {
	words := strings.FieldsFunc(text, unicode.IsSpace)
	if len(words) > n {
		return strings.Join(words[:n], " ") + more
	}
	return strings.Join(words, " ")
}

var trimWordsSep = regexp.MustCompile(`[\n\r\t ]+`)

// TrimWords is wp_trim_words with any count: preg_split on runs of "\n\r\t " into at
// most n+1 non-empty pieces (no limit when n+1 <= 0; the whole text when it is 1),
// then, if there are more than n, the last piece dropped and more added.
func TrimWords(text string, n int, more string) string {
	var words []string
	switch {
	case n+1 == 1:
		if text != "" {
			words = []string{text}
		}
	default:
		limit := -1
		if n+1 > 0 {
			limit = n + 1
		}
		for _, w := range trimWordsSep.Split(text, -1) {
			if w == "" {
				continue
			}
			if limit > 0 && len(words) == limit-1 {
				// the last piece is the rest of the text from this word on
				i := strings.Index(text, w)
				words = append(words, text[i:])
				break
			}
			words = append(words, w)
			text = text[strings.Index(text, w)+len(w):]
		}
	}
	if len(words) > n { // array_pop of an empty array (n < 0) pops nothing
		return strings.Join(words[:max(len(words)-1, 0)], " ") + more
	}
	return strings.Join(words, " ")
}

var texturizeReplacer = strings.NewReplacer(
	"---", "&#8212;",
	" -- ", " &#8212; ",
	"--", "&#8211;",
	"...", "&#8230;",
	"(tm)", "&#8482;",
)

// Texturize is the common part of wptexturize: dashes, ellipses, curly quotes,
// apostrophes and dimensions (640x480 as 640&#215;480) in text outside HTML tags.
func Texturize(s string) string {
	if !strings.ContainsAny(s, "'\"-.(x") {
		return s
	}
	var b strings.Builder
	b.Grow(len(s) + 16)
	for len(s) > 0 {
		i := strings.IndexByte(s, '<')
		if i < 0 {
			texturizeText(&b, s)
			break
		}
		texturizeText(&b, s[:i])
		j := strings.IndexByte(s[i:], '>')
		if j < 0 {
			b.WriteString(s[i:])
			break
		}
		b.WriteString(s[i : i+j+1])
		s = s[i+j+1:]
	}
	return b.String()
}

// dimensions is wptexturize's "9x9" rule, /\b(\d(?(?<=0)[\d\.,]+|[\d\.,]*))x(\d[\d\.,]*)\b/
// without PCRE's condition (Texturize checks the lone 0 itself).
var dimensions = regexp.MustCompile(`\b(\d[\d.,]*)x(\d[\d.,]*)\b`)

// texturizeText curls the quotes of a run of text in one pass: a quote after a space
// or an opening bracket (or at the start) opens, after a word character it is an
// apostrophe (single) or closes (double), anywhere else it closes.
func texturizeText(b *strings.Builder, s string) {
	if s == "" {
		return
	}
	if strings.Contains(s, "--") || strings.Contains(s, "...") || strings.Contains(s, "(tm)") {
		s = texturizeReplacer.Replace(s)
	}
	if strings.IndexByte(s, 'x') > 0 {
		s = dimensions.ReplaceAllStringFunc(s, func(m string) string {
			// (?(?<=0)[\d\.,]+|[\d\.,]*): a lone 0 before the x is no dimension (0x1F)
			if i := strings.IndexByte(m, 'x'); m[:i] != "0" {
				return m[:i] + "&#215;" + m[i+1:]
			}
			return m
		})
	}
	prev := rune(0)
	for _, r := range s {
		switch r {
		case '"', '\'':
			opening := prev == 0 || unicode.IsSpace(prev) || strings.ContainsRune("([{", prev)
			switch {
			case r == '"' && opening:
				b.WriteString("&#8220;")
			case r == '"':
				b.WriteString("&#8221;")
			case opening:
				b.WriteString("&#8216;")
			default:
				b.WriteString("&#8217;")
			}
		default:
			b.WriteRune(r)
		}
		prev = r
	}
}

var blockTag = regexp.MustCompile(`^<(/?)(table|thead|tfoot|caption|col|colgroup|tbody|tr|td|th|div|dl|dd|dt|ul|ol|li|pre|form|map|area|blockquote|address|math|style|p|h[1-6]|hr|fieldset|legend|section|article|aside|hgroup|header|footer|nav|figure|figcaption|details|menu|summary)[\s/>]`)

var paragraphBreak = regexp.MustCompile(`\n\s*\n`)

// Autop is wpautop for the shapes of text the mock stores: paragraphs separated by
// blank lines become <p>…</p>, single line breaks <br />, and block-level elements are
// left unwrapped.
func Autop(s string) string {
	s = strings.ReplaceAll(strings.ReplaceAll(s, "\r\n", "\n"), "\r", "\n")
	if strings.TrimSpace(s) == "" {
		return ""
	}
	var b strings.Builder
	for _, para := range paragraphBreak.Split(s, -1) {
		if block := strings.TrimSpace(para); block == "" || blockTag.MatchString(block) {
			if block != "" {
				b.WriteString(block)
				b.WriteString("\n")
			}
			continue
		}
		// wpautop trims a paragraph's newlines only: the spaces at its ends stay
		para = strings.Trim(para, "\n")
		b.WriteString("<p>")
		b.WriteString(strings.ReplaceAll(para, "\n", "<br />\n"))
		b.WriteString("</p>\n")
	}
	return b.String()
}

var (
	newlines = regexp.MustCompile(`\n+`)
	blanks   = regexp.MustCompile(`[ \t]+`)
)

// NormalizeWhitespace is normalize_whitespace: trimmed, CR as LF, runs of newlines and
// of blanks collapsed.
func NormalizeWhitespace(s string) string {
	s = strings.ReplaceAll(strings.TrimSpace(s), "\r", "\n")
	return blanks.ReplaceAllString(newlines.ReplaceAllString(s, "\n"), " ")
}
