package mock

import (
	"github.com/wpmock/wpmock/mock/rest"
	"github.com/wpmock/wpmock/mock/store"
	"github.com/wpmock/wpmock/mock/wp"
)

// Meta capabilities of posts, as WordPress's map_meta_cap resolves them for the
// post and attachment types (both use the "post" capability type).

// canEditPost is current_user_can('edit_post', p).
func canEditPost(r *rest.Request, p *store.Post, parentOf func(int) *store.Post) bool {
	if p.Type == "revision" {
		if parent := parentOf(p.Parent); parent != nil {
			return canEditPost(r, parent, parentOf)
		}
		return false
	}
	return canOnPost(r, p, "edit")
}

// canDeletePost is current_user_can('delete_post', p). map_meta_cap gives a revision
// do_not_allow (unlike edit_post, which maps it to its parent), so no one may delete
// one, administrators included.
func canDeletePost(r *rest.Request, p *store.Post, _ func(int) *store.Post) bool {
	if p.Type == "revision" {
		return false
	}
	return canOnPost(r, p, "delete")
}

// canOnPost maps edit_post / delete_post ("edit" or "delete") to the primitive caps
// of the post's type (edit_published_posts, edit_others_pages, ...).
func canOnPost(r *rest.Request, p *store.Post, verb string) bool {
	c := who(r)
	if c == nil {
		return false
	}
	pt := wp.TypeOf(p.Type)
	has := func(name string) bool { return c.caps[pt.Cap(verb+name)] }
	status := p.Status
	if was := p.Extra().TrashedStatus; status == "trash" && was != "" {
		status = was
	}
	if p.Author != 0 && p.Author == c.id {
		if status == "publish" || status == "future" {
			return has("_published_posts")
		}
		return has("_posts")
	}
	if !has("_others_posts") {
		return false
	}
	switch status {
	case "publish", "future":
		return has("_published_posts")
	case "private":
		return has("_private_posts")
	}
	return true
}

// canReadPostCap is current_user_can('read_post', p).
func canReadPostCap(r *rest.Request, p *store.Post, parentOf func(int) *store.Post) bool {
	c := who(r)
	status := p.Status
	if status == "inherit" && p.Parent > 0 {
		if parent := parentOf(p.Parent); parent != nil {
			status = parent.Status
		}
	} else if status == "inherit" {
		status = "publish"
	}
	if status == "publish" {
		return c != nil && c.caps["read"]
	}
	if c == nil {
		return false
	}
	if p.Author != 0 && p.Author == c.id {
		return c.caps["read"]
	}
	if status == "private" {
		return c.caps[wp.TypeOf(p.Type).Cap("read_private_posts")]
	}
	return canEditPost(r, p, parentOf)
}

// canReadPost is the posts controller's check_read_permission.
func canReadPost(r *rest.Request, p *store.Post, parentOf func(int) *store.Post) bool {
	if p.Status == "publish" || canReadPostCap(r, p, parentOf) {
		return true
	}
	if p.Status == "inherit" && p.Parent > 0 {
		if parent := parentOf(p.Parent); parent != nil {
			return canReadPost(r, parent, parentOf)
		}
	}
	return p.Status == "inherit"
}

// canEditUser is current_user_can('edit_user', id): users may always edit themselves.
func canEditUser(r *rest.Request, id int) bool {
	if c := who(r); c != nil && c.id == id {
		return true
	}
	return can(r, "edit_users")
}
