package wp

import (
	"crypto/sha256"
	"encoding/hex"
	"strconv"

	"github.com/wpmock/wpmock/mock/prose"
	"github.com/wpmock/wpmock/mock/store"
	"github.com/wpmock/wpmock/mock/wpfunc"
)

// A post's autosaves: wp_create_post_autosave (wp-admin/includes/post.php) and
// wp_get_post_autosave (revision.php), the revisions named <id>-autosave-v1, one per
// author; and the nonce of their preview links.

// AutosaveSlug is the post_name of the autosaves of a post.
func AutosaveSlug(parent int) string { return strconv.Itoa(parent) + "-autosave-v1" }

// AutosavesOf are the post's autosaves, newest first (wp_get_post_revisions, kept
// to the autosaves).
func AutosavesOf(tx *store.Tx, parent int) []*store.Post {
	var out []*store.Post
	for _, p := range RevisionsOf(tx, parent) {
		if p.Slug == AutosaveSlug(parent) {
			out = append(out, p)
		}
	}
	return out
}

// SetPostText writes the text fields (title, content, excerpt; those fields holds)
// into p.
func SetPostText(p *store.Post, fields map[string]string) {
	for name, v := range fields {
		switch name {
		case "title":
			p.Title = v
		case "content":
			p.Content = prose.Plain(v)
		case "excerpt":
			p.Excerpt = v
		}
	}
}

// CreatePostAutosave is wp_create_post_autosave by the author for a post that is not
// the author's draft, with the text fields sent (_wp_post_revision_data): the
// author's autosave is updated where a field differs from the post's (whitespace
// normalized) and kept as it is otherwise; without one, a new autosave is made. It
// returns the autosave.
func CreatePostAutosave(tx *store.Tx, post *store.Post, author int, fields map[string]string) *store.Post {
	current := map[string]string{"title": post.Title, "content": post.Content.String(), "excerpt": post.Excerpt}
	different := false
	for name, v := range fields {
		if wpfunc.NormalizeWhitespace(v) != wpfunc.NormalizeWhitespace(current[name]) {
			different = true
		}
	}
	var old *store.Post
	for _, p := range AutosavesOf(tx, post.ID) {
		if p.Author == author {
			old = p
			break
		}
	}
	local, now := Now(tx)
	set := func(p *store.Post) {
		SetPostText(p, fields)
		p.Modified, p.ModifiedGMT = local, now
	}
	switch {
	case old != nil && !different:
	case old != nil:
		old = tx.ChangePost(old.ID, set)
	default:
		old = &store.Post{Type: "revision", Status: "inherit", Author: author, Parent: post.ID,
			Slug: AutosaveSlug(post.ID), Date: local, DateGMT: now, CommentStatus: "closed", PingStatus: "closed"}
		set(old)
		tx.InsertPost(old)
		old = tx.ChangePost(old.ID, func(p *store.Post) { p.SetExtra(store.Extra{GUID: "/?p=" + strconv.Itoa(p.ID)}) })
	}
	return old
}

// PreviewNonce is wp_create_nonce('post_preview_<id>') in form: ten hex digits that
// stay the same for a user and post for twelve hours (a nonce tick). WordPress's
// depend on the site's secret keys; a frontend only passes them back.
func PreviewNonce(user, post int, unix int64) string {
	tick := (unix + 43200 - 1) / 43200
	sum := sha256.Sum256([]byte(strconv.FormatInt(tick, 10) + "|post_preview_" + strconv.Itoa(post) + "|" + strconv.Itoa(user)))
	return hex.EncodeToString(sum[:])[:10]
}
