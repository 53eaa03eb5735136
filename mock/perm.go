package mock

import (
	"github.com/wpmock/wpmock/mock/rest"
	"github.com/wpmock/wpmock/mock/store"
	"github.com/wpmock/wpmock/mock/wp"
)

// Meta capabilities of posts, as WordPress's map_meta_cap resolves them for the
// post and attachment types (both use the "post" capability type).

// canEditPost is current_user_can('edit_post', p) for the caller (wp.CanEditPost).
func canEditPost(r *rest.Request, p *store.Post, parentOf func(int) *store.Post) bool {
	return wp.CanEditPost(actor(r), p, parentOf)
}

// canDeletePost is current_user_can('delete_post', p) for the caller (wp.CanDeletePost).
func canDeletePost(r *rest.Request, p *store.Post, parentOf func(int) *store.Post) bool {
	return wp.CanDeletePost(actor(r), p, parentOf)
}

// canReadPostCap is current_user_can('read_post', p) for the caller (wp.CanReadPost).
func canReadPostCap(r *rest.Request, p *store.Post, parentOf func(int) *store.Post) bool {
	return wp.CanReadPost(actor(r), p, parentOf)
}

// canReadPost is the posts controller's check_read_permission.
func canReadPost(r *rest.Request, p *store.Post, parentOf func(int) *store.Post) bool {
	if p.Status == "publish" || canReadPostCap(r, p, parentOf) {
		return true
	}
	if st := registry(r).Status(p.Status); st != nil && st.Public { // a site's own public status
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
	if c := who(r); c != nil && c.ID == id {
		return true
	}
	return can(r, "edit_users")
}
