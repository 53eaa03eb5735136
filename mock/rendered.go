package mock

import (
	"github.com/wpmock/wpmock/mock/rest"
	"github.com/wpmock/wpmock/mock/store"
	"github.com/wpmock/wpmock/mock/wpfunc"
)

// The rendered forms a controller shows: a cloned site's where it rendered them, else
// post-template.php's (mock/wp/posttemplate.go), cached in Mock.renders.

// renderedContent is the post's content.rendered: as a cloned site rendered it while
// the post is unchanged, else the mock's.
func (m *Mock) renderedContent(p *store.Post) string {
	if r := p.Rendered; r != nil && r.Content != nil {
		return *r.Content
	}
	return m.renders.Get(p).Content
}

// renderedExcerpt is the post's excerpt.rendered.
func (m *Mock) renderedExcerpt(p *store.Post) string {
	if r := p.Rendered; r != nil && r.Excerpt != nil {
		return *r.Excerpt
	}
	return m.renders.Get(p).Excerpt
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
