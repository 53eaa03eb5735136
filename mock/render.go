package mock

import (
	"strings"
	"sync"

	"github.com/wpmock/wpmock/mock/prose"
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
// invalidation; the cache is wp.Emptied when it reaches its bound.
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
		return wpfunc.Texturize(wpfunc.StripBlockComments(content))
	}
	return wpfunc.Autop(wpfunc.Texturize(content))
}

// renderTitle is get_the_title with the_title's filters (wptexturize, convert_chars,
// trim); private posts get WordPress 6.1's "Private: " prefix.
func renderTitle(title, status string) string {
	t := strings.TrimSpace(wpfunc.Texturize(title))
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
		text = wpfunc.TrimWords55(wpfunc.StripTags(wpfunc.StripBlockComments(content)), 55, " [&hellip;]")
	}
	if text == "" {
		return ""
	}
	return wpfunc.Autop(wpfunc.Texturize(text))
}

// renderExcerptWords is renderExcerpt with the excerpt_length filter returning n, as
// the posts controller sets it from excerpt_length (6.6): a generated excerpt keeps n
// words, cut by wp_trim_words (so 0 or less keeps nothing but " [&hellip;]").
func renderExcerptWords(excerpt, content string, n int) string {
	if excerpt != "" {
		return renderExcerpt(excerpt, content)
	}
	text := wpfunc.TrimWords(wpfunc.StripTags(wpfunc.StripBlockComments(content)), n, " [&hellip;]")
	if text == "" {
		return ""
	}
	return wpfunc.Autop(wpfunc.Texturize(text))
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
