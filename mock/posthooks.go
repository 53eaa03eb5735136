package mock

import (
	"github.com/wpmock/wpmock/mock/rest"
	"github.com/wpmock/wpmock/mock/store"
	"github.com/wpmock/wpmock/mock/wp"
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
	prepareItemsQuery func(r *rest.Request, q *wp.PostQuery)
	// createStatus is the status create_item gives a new item before the request's.
	createStatus string
	// prepareForDatabase writes the fields prepare_item_for_database adds to the
	// posts controller's (nil: none).
	prepareForDatabase func(r *rest.Request, p *store.Post)
	// featuredMedia is handle_featured_media where the controller overrides it (the
	// attachments controller's, 6.5); nil is the posts controller's.
	featuredMedia func(r *rest.Request, p *store.Post, id int) *rest.Error
	// publishes: the type's items are published, so get_available_actions and
	// get_schema_links offer wp:action-publish (WordPress tests 'attachment' !==
	// $this->post_type: an attachment inherits its parent's status).
	publishes bool
	// trash: delete_item may trash an item (EMPTY_TRASH_DAYS); attachments only with
	// MEDIA_TRASH, which is off by default, so they are deleted with force or not at all.
	trash bool
	// parentFilter: the list has parent and parent_exclude though the type is not
	// hierarchical (get_collection_params: attachments, by the post they belong to).
	parentFilter bool
}

// postHooks are WP_REST_Posts_Controller's own behaviour (posts, pages, any type).
var postHooks = &typeHooks{statuses: allStatuses, defaultStatus: "publish", createStatus: "draft",
	publishes: true, trash: true}

// attachmentHooks are WP_REST_Attachments_Controller's overrides: the attachment
// statuses (inherit by default), the MIME filter and the search of the file name, new
// items inherit their parent's status, caption, description, alt_text and post are
// written, its own handle_featured_media; no publish action, no trash, a parent filter.
var attachmentHooks = &typeHooks{
	statuses: []string{"inherit", "private", "trash"}, defaultStatus: "inherit", createStatus: "inherit",
	parentFilter: true,
	prepareItemsQuery: func(r *rest.Request, q *wp.PostQuery) {
		q.Mimes, q.IDTieAsc = attachmentMimeFilter(r), true
		q.SearchFile = true // wp_allow_query_attachment_by_filename
	},
	prepareForDatabase: func(r *rest.Request, p *store.Post) {
		applyAttachmentText(r, p)
		if r.Has("post") {
			p.Parent = r.Int("post")
		}
	},
	featuredMedia: attachmentFeaturedMedia,
}

// schemaLinks is get_schema_links for the controller of type pt: the action rels an
// item in the edit context may carry, each with the href of an item and the schema of
// the field the action sets. (The unfiltered-html target is WordPress's own
// {"content": {"raw": ...}}, with no properties level.)
func schemaLinks(pt *wp.PostType, h *typeHooks, v rest.Version) func(r *rest.Request) []any {
	return func(r *rest.Request) []any {
		href := r.RestURL("/" + Namespace + "/" + pt.RestBase + "/{id}")
		link := func(rel, title string, props rest.Object) rest.Object {
			return rest.Object{{Key: "rel", Value: "https://api.w.org/" + rel}, {Key: "title", Value: title}, {Key: "href", Value: href},
				{Key: "targetSchema", Value: rest.Object{{Key: "type", Value: "object"}, {Key: "properties", Value: props}}}}
		}
		typed := func(t string) rest.Object { return rest.Object{{Key: "type", Value: t}} }
		var out []any
		if h.publishes {
			out = append(out, link("action-publish", "The current user can publish this post.",
				rest.Object{{Key: "status", Value: rest.Object{{Key: "type", Value: "string"}, {Key: "enum", Value: []string{"publish", "future"}}}}}))
		}
		out = append(out, link("action-unfiltered-html", "The current user can post unfiltered HTML markup and JavaScript.",
			rest.Object{{Key: "content", Value: rest.Object{{Key: "raw", Value: typed("string")}}}}))
		if pt.Sticky {
			out = append(out, link("action-sticky", "The current user can sticky this post.", rest.Object{{Key: "sticky", Value: typed("boolean")}}))
		}
		if pt.Supported("author", v) {
			out = append(out, link("action-assign-author", "The current user can change the author on this post.", rest.Object{{Key: "author", Value: typed("integer")}}))
		}
		for _, slug := range pt.Taxonomies {
			tax := wp.FindTaxonomy(slug)
			ids := rest.Object{{Key: tax.RestBase, Value: rest.Object{{Key: "type", Value: "array"}, {Key: "items", Value: typed("integer")}}}}
			out = append(out,
				link("action-assign-"+tax.RestBase, "The current user can assign terms in the "+tax.Slug+" taxonomy.", ids),
				link("action-create-"+tax.RestBase, "The current user can create terms in the "+tax.Slug+" taxonomy.", ids))
		}
		return out
	}
}
