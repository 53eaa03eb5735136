package store

// Post formats are terms in WordPress (post-format-aside, ...) that set_post_format
// creates the first time a post gets the format, and that stay when the post changes
// format or goes: get_post_format_link, and so the search of post formats, finds a
// format once any post has had it. The store keeps that set of formats: every format a
// post of the store has had since it was loaded.

// noteFormat records p's format ("" is standard, which has no term), as set_post_format
// makes the format's term: on every insert and change of a post.
func (s *Store) noteFormat(p *Post) {
	if p.Format == "" || s.formats[p.Format] {
		return
	}
	if s.formats == nil {
		s.formats = map[string]bool{}
	}
	s.formats[p.Format] = true
}

// HasFormat reports whether the post format has its term: some post has had it.
func (tx *Tx) HasFormat(format string) bool { return tx.s.formats[format] }
