package mock

import (
	"regexp"
	"strings"
	"sync"
	"unicode"

	"github.com/wpmock/wpmock/fixtures/prose"
	"github.com/wpmock/wpmock/mock/rest"
	"github.com/wpmock/wpmock/mock/store"
	"github.com/wpmock/wpmock/mock/wpfunc"
)

// The "rendered" forms of titles, content and excerpts, as WordPress's default filters
// produce them for ordinary text: wptexturize's typographic entities, wpautop's
// paragraphs, block comments removed, and wp_trim_excerpt's 55 words.

// hasBlocks is has_blocks: the content holds block markup.
func hasBlocks(content string) bool { return strings.Contains(content, "<!-- wp:") }

// renders caches rendered content and excerpts: the filters cost far more than the
// rest of an item, and clients fetch the same posts again and again. An entry is keyed
// by post id and used only while its source text is unchanged, so edits need no
// invalidation; the cache is emptied when it reaches its bound.
type renders struct {
	mu sync.Mutex
	m  map[int]rendered
}

type rendered struct {
	content            prose.Text // sources
	excerpt            string
	rContent, rExcerpt string // their rendered forms
}

const maxRenders = 20000

func (c *renders) get(p *store.Post) rendered {
	c.mu.Lock()
	e, ok := c.m[p.ID]
	c.mu.Unlock()
	if ok && e.content.Equal(p.Content) && e.excerpt == p.Excerpt {
		return e
	}
	content := p.Content.String()
	e = rendered{content: p.Content, excerpt: p.Excerpt,
		rContent: renderContent(content), rExcerpt: renderExcerpt(p.Excerpt, content)}
	c.mu.Lock()
	if c.m == nil || len(c.m) >= maxRenders {
		c.m = make(map[int]rendered)
	}
	c.m[p.ID] = e
	c.mu.Unlock()
	return e
}

// renderedContent is the post's content.rendered: as a cloned site rendered it while
// the post is unchanged, else the mock's.
func (m *Mock) renderedContent(p *store.Post) string {
	if r := p.Rendered; r != nil && r.Content != nil {
		return *r.Content
	}
	return m.renders.get(p).rContent
}

// renderedExcerpt is the post's excerpt.rendered.
func (m *Mock) renderedExcerpt(p *store.Post) string {
	if r := p.Rendered; r != nil && r.Excerpt != nil {
		return *r.Excerpt
	}
	return m.renders.get(p).rExcerpt
}

// renderedTitle is the post's title.rendered; status is the post's status where the
// version's title shows a "Private: " prefix, else "".
func renderedTitle(p *store.Post, status string) string {
	if r := p.Rendered; r != nil && r.Title != nil {
		return *r.Title
	}
	return renderTitle(p.Title, status)
}

// renderContent is the_content: do_blocks (block comments removed, and then no
// wpautop), or wpautop for classic content; wptexturize outside tags.
func renderContent(content string) string {
	if content == "" {
		return ""
	}
	if hasBlocks(content) {
		return texturize(stripBlockComments(content))
	}
	return autop(texturize(content))
}

// renderTitle is get_the_title with the_title's filters (wptexturize, convert_chars,
// trim); private posts get WordPress 6.1's "Private: " prefix.
func renderTitle(title, status string) string {
	t := strings.TrimSpace(texturize(title))
	if status == "private" {
		return "Private: " + t
	}
	return t
}

// renderExcerpt is the excerpt's rendered form: the stored excerpt, or one made from
// the content (tags stripped, 55 words, " [&hellip;]" when cut), then wpautop.
func renderExcerpt(excerpt, content string) string {
	text := excerpt
	if text == "" {
		text = trimWords(wpfunc.StripTags(stripBlockComments(content)), 55, " [&hellip;]")
	}
	if text == "" {
		return ""
	}
	return autop(texturize(text))
}

// renderExcerptWords is renderExcerpt with the excerpt_length filter returning n, as
// the posts controller sets it from excerpt_length (6.6): a generated excerpt keeps n
// words, cut by wp_trim_words (so 0 or less keeps nothing but " [&hellip;]").
func renderExcerptWords(excerpt, content string, n int) string {
	if excerpt != "" {
		return renderExcerpt(excerpt, content)
	}
	text := wpTrimWords(wpfunc.StripTags(stripBlockComments(content)), n, " [&hellip;]")
	if text == "" {
		return ""
	}
	return autop(texturize(text))
}

// excerptLength is $request['excerpt_length'] as the excerpt_length filter returns it
// to wp_trim_excerpt, which casts it with (int): the validated argument where the
// route declares it (GET /posts/<id>), else whatever a parameter source has.
func excerptLength(r *rest.Request) (int, bool) {
	if v := r.Param("excerpt_length"); v != nil {
		return wpfunc.IntVal(v), true
	}
	v, ok := r.Raw("excerpt_length")
	if !ok || v == nil {
		return 0, false
	}
	return wpfunc.IntVal(v), true
}

// stripBlockComments removes the block delimiters (<!-- wp:name {...} --> and
// <!-- /wp:name -->), which is all do_blocks leaves of them for static blocks.
func stripBlockComments(s string) string {
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

// trimWords is wp_trim_words for the default 55 words.
func trimWords(text string, n int, more string) string {
	words := strings.FieldsFunc(text, unicode.IsSpace)
	if len(words) > n {
		return strings.Join(words[:n], " ") + more
	}
	return strings.Join(words, " ")
}

var trimWordsSep = regexp.MustCompile(`[\n\r\t ]+`)

// wpTrimWords is wp_trim_words with any count: preg_split on runs of "\n\r\t " into at
// most n+1 non-empty pieces (no limit when n+1 <= 0; the whole text when it is 1),
// then, if there are more than n, the last piece dropped and more added.
func wpTrimWords(text string, n int, more string) string {
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

// texturize is the common part of wptexturize: dashes, ellipses, curly quotes and
// apostrophes in text outside HTML tags.
func texturize(s string) string {
	if !strings.ContainsAny(s, "'\"-.(") {
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

// autop is wpautop for the shapes of text the mock stores: paragraphs separated by
// blank lines become <p>…</p>, single line breaks <br />, and block-level elements are
// left unwrapped.
func autop(s string) string {
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

func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] > unicode.MaxASCII {
			return false
		}
	}
	return true
}
