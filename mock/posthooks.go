package mock

import (
	"github.com/wpmock/wpmock/mock/rest"
	"github.com/wpmock/wpmock/mock/store"
)

// typeHooks are what a post type's controller does differently from
// WP_REST_Posts_Controller, as WordPress's subclass for attachments
// (WP_REST_Attachments_Controller) overrides it: the list's statuses, its query, the
// status of a new item, the fields written beside the post's own, the featured
// media. The shared code calls the hooks and names no type; postHooks are the posts
// controller's own, attachmentHooks the attachments controller's.
type typeHooks struct {
	// statuses and defaultStatus are get_collection_params' status enum and default.
	statuses      []string
	defaultStatus string
	// prepareItemsQuery adds to the list's query what prepare_items_query adds (nil:
	// nothing).
	prepareItemsQuery func(r *rest.Request, q *postQuery)
	// createStatus is the status create_item gives a new item before the request's.
	createStatus string
	// prepareForDatabase writes the fields prepare_item_for_database adds to the
	// posts controller's (nil: none).
	prepareForDatabase func(r *rest.Request, p *store.Post)
	// featuredMedia is handle_featured_media where the controller overrides it (the
	// attachments controller's, 6.5); nil is the posts controller's.
	featuredMedia func(r *rest.Request, p *store.Post, id int) *rest.Error
}

// postHooks are WP_REST_Posts_Controller's own behaviour (posts, pages, any type).
var postHooks = &typeHooks{statuses: allStatuses, defaultStatus: "publish", createStatus: "draft"}

// attachmentHooks are WP_REST_Attachments_Controller's overrides: the attachment
// statuses (inherit by default), the MIME filter, new items inherit their parent's
// status, caption, description, alt_text and post are written, and its own
// handle_featured_media.
var attachmentHooks = &typeHooks{
	statuses: []string{"inherit", "private", "trash"}, defaultStatus: "inherit", createStatus: "inherit",
	prepareItemsQuery: func(r *rest.Request, q *postQuery) { q.mimes, q.idTieAsc = attachmentMimeFilter(r), true },
	prepareForDatabase: func(r *rest.Request, p *store.Post) {
		applyAttachmentText(r, p)
		if r.Has("post") {
			p.Parent = r.Int("post")
		}
	},
	featuredMedia: attachmentFeaturedMedia,
}
