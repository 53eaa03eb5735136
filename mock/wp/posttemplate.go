package wp

import (
	"strings"
	"sync"

	"github.com/wpmock/wpmock/mock/prose"
	"github.com/wpmock/wpmock/mock/store"
	"github.com/wpmock/wpmock/mock/wpfunc"
)

// post-template.php and the filters on its output: the "rendered" forms of titles,
// content and excerpts, as WordPress's default filters produce them for ordinary text:
// wptexturize's typographic entities, wpautop's paragraphs, block comments removed,
// and wp_trim_excerpt's 55 words.

// HasBlocks is has_blocks: the content holds block markup.
func HasBlocks(content string) bool { return strings.Contains(content, "<!-- wp:") }

// RenderCache caches rendered content and excerpts: the filters cost far more than the
// rest of an item, and clients fetch the same posts again and again. An entry is keyed
// by post id and used only while its source text is unchanged, so edits need no
// invalidation; the cache is emptied when it reaches its bound.
type RenderCache struct {
	mu sync.Mutex
	m  map[int]Rendered
}

// Rendered is a post's content and excerpt as the_content and the_excerpt render them.
type Rendered struct {
	content prose.Text // sources
	excerpt string
	// Content and Excerpt are their rendered forms.
	Content, Excerpt string
}

const maxRendered = 20000

// Get is the rendered content and excerpt of p, from the cache while its text is
// unchanged.
func (c *RenderCache) Get(p *store.Post) Rendered {
	c.mu.Lock()
	e, ok := c.m[p.ID]
	c.mu.Unlock()
	if ok && e.content.Equal(p.Content) && e.excerpt == p.Excerpt {
		return e
	}
	content := p.Content.String()
	e = Rendered{content: p.Content, excerpt: p.Excerpt,
		Content: RenderContent(content), Excerpt: RenderExcerpt(p.Excerpt, content)}
	c.mu.Lock()
	if c.m == nil || len(c.m) >= maxRendered {
		c.m = make(map[int]Rendered)
	}
	c.m[p.ID] = e
	c.mu.Unlock()
	return e
}

// Content is the post's content.rendered: as a cloned site rendered it while the post
// is unchanged (store.Post.Rendered), else the_content's, from the cache.
func (c *RenderCache) Content(p *store.Post) string {
	if r := p.Rendered; r != nil && r.Content != nil {
		return *r.Content
	}
	return c.Get(p).Content
}

// Excerpt is the post's excerpt.rendered: a cloned site's while the post is unchanged,
// else the_excerpt's, from the cache.
func (c *RenderCache) Excerpt(p *store.Post) string {
	if r := p.Rendered; r != nil && r.Excerpt != nil {
		return *r.Excerpt
	}
	return c.Get(p).Excerpt
}

// RenderedTitle is the post's title.rendered; status is the post's status where the
// version's title shows a "Private: " prefix, else "".
func RenderedTitle(p *store.Post, status string) string {
	if r := p.Rendered; r != nil && r.Title != nil {
		return *r.Title
	}
	return RenderTitle(p.Title, status)
}

// RenderContent is the_content: do_blocks (block comments removed, and then no
// wpautop), or wpautop for classic content; wptexturize outside tags.
func RenderContent(content string) string {
	if content == "" {
		return ""
	}
	if HasBlocks(content) {
		return wpfunc.Texturize(wpfunc.StripBlockComments(content))
	}
	return wpfunc.Autop(wpfunc.Texturize(content))
}

// RenderTitle is get_the_title with the_title's filters (wptexturize, convert_chars,
// trim); private posts get WordPress 6.1's "Private: " prefix.
func RenderTitle(title, status string) string {
	t := strings.TrimSpace(wpfunc.Texturize(title))
	if status == "private" {
		return "Private: " + t
	}
	return t
}

// RenderExcerpt is the excerpt's rendered form: the stored excerpt, or one made from
// the content (tags stripped, 55 words, " [&hellip;]" when cut), then wpautop.
func RenderExcerpt(excerpt, content string) string {
	text := excerpt
	if text == "" {
		text = wpfunc.TrimWords55(wpfunc.StripTags(wpfunc.StripBlockComments(content)), 55, " [&hellip;]")
	}
	if text == "" {
		return ""
	}
	return wpfunc.Autop(wpfunc.Texturize(text))
}

// RenderExcerptWords is RenderExcerpt with the excerpt_length filter returning n, as
// the posts controller sets it from excerpt_length (6.6): a generated excerpt keeps n
// words, cut by wp_trim_words (so 0 or less keeps nothing but " [&hellip;]").
func RenderExcerptWords(excerpt, content string, n int) string {
	if excerpt != "" {
		return RenderExcerpt(excerpt, content)
	}
	text := wpfunc.TrimWords(wpfunc.StripTags(wpfunc.StripBlockComments(content)), n, " [&hellip;]")
	if text == "" {
		return ""
	}
	return wpfunc.Autop(wpfunc.Texturize(text))
}
