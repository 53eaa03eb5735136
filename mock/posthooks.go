package mock

import (
	"github.com/wpmock/wpmock/mock/rest"
	"github.com/wpmock/wpmock/mock/store"
	"github.com/wpmock/wpmock/mock/wp"
)

// typeHooks are what a post type's controller does differently from
// WP_REST_Posts_Controller, as WordPress's subclass for attachments
// (WP_REST_Attachments_Controller) overrides it: register_routes (an upload),
// get_item_schema and prepare_item_for_response (its own fields), prepare_links,
// get_collection_params and prepare_items_query (statuses, the MIME filter),
// create_item and its permissions, update_item, prepare_item_for_database,
// handle_featured_media and delete_item (no trash). The posts controller (posts.go,
// postwrite.go, postquery.go, postdelete.go) calls the hooks and names no type;
// postHooks are its own behaviour, attachmentHooks (media.go) the attachments
// controller's. Each field says what its zero value does; postHooks set the posts
// controller's own values, which any type without hooks of its own gets.
type typeHooks struct {
	// statuses and defaultStatus are get_collection_params' status enum and default;
	// nil statuses: every registered status and "any".
	statuses      []string
	defaultStatus string
	// prepareItemsQuery adds to the list's query what prepare_items_query adds (nil:
	// nothing).
	prepareItemsQuery func(r *rest.Request, q *wp.PostQuery)
	// collectionArgs are the list parameters get_collection_params adds to the posts
	// controller's (nil: none).
	collectionArgs func() []*rest.Schema
	// parentFilter: the list has parent and parent_exclude though the type is not
	// hierarchical (get_collection_params: attachments, by the post they belong to).
	parentFilter bool
	// listArgs edits the whole list of get_collection_params where the controller
	// changes the posts controller's own (defaults, enums; nil: none).
	listArgs func(args []*rest.Schema) []*rest.Schema
	// readAccess is what get_items_permissions_check and get_item_permissions_check
	// check after the posts controller's (nil: nothing).
	readAccess func(r *rest.Request) *rest.Error

	// itemSchema is get_item_schema where the controller overrides it: it is given
	// the posts controller's fields for the type, in prepare_item_for_response's
	// order, and returns the item's (nil: those).
	itemSchema func(res *posts, fields []*postField) []*postField
	// schemaOrder is get_item_schema's property order where it is not the order of
	// the fields (OPTIONS and the write arguments follow it; nil: the fields').
	schemaOrder []string
	// fieldsAfter is the property of schemaOrder the site's register_rest_field fields
	// follow: the attachments controller's get_item_schema adds its own properties to
	// the posts controller's schema, which add_additional_fields_schema has already
	// given the fields, so they come before alt_text ("": at the end, where the
	// controllers that build their schema whole have them).
	fieldsAfter string
	// cacheID is the item's identity in the fragment cache (rest.Item.Cache); nil
	// renders the item every time.
	cacheID func(r *rest.Request, p *store.Post) (int, bool)
	// links adds prepare_links' own links to the posts controller's, before the edit
	// context's actions (nil: none).
	links func(res *posts, r *rest.Request, p *store.Post, ls rest.Links) rest.Links
	// schemaLinks are get_schema_links' own links after the posts controller's, given
	// the href of an item (nil: none).
	schemaLinks func(href string) []any
	// attachments: prepare_links links the item's attachments (wp:attachment), which
	// WordPress leaves out for attachments themselves.
	attachments bool
	// publishes: the type's items are published, so get_available_actions and
	// get_schema_links offer wp:action-publish (WordPress tests 'attachment' !==
	// $this->post_type: an attachment inherits its parent's status).
	publishes bool

	// allowBatch is the controller's $allow_batch: its routes take part in /batch/v1
	// (the attachments controller's do not).
	allowBatch bool
	// upload: create_item reads a file, a multipart "file" part or the raw body, which
	// the collection route keeps for it (rest.Shape.Upload).
	upload bool
	// createArgs are the create endpoint's arguments after the item's writable fields
	// (nil: none).
	createArgs func() []*rest.Schema
	// createPermission is what create_item_permissions_check checks after the posts
	// controller's check (nil: nothing).
	createPermission func(res *posts, r *rest.Request) *rest.Error
	// createItem and updateItem are create_item and update_item where the controller
	// overrides them (nil: the posts controller's, postWriter.create and update).
	createItem, updateItem func(res *posts, r *rest.Request) (*rest.Response, *rest.Error)
	// createStatus is the status create_item gives a new item before the request's.
	createStatus string
	// prepareForDatabase writes the fields prepare_item_for_database adds to the
	// posts controller's (nil: none).
	prepareForDatabase func(r *rest.Request, p *store.Post)
	// featuredMedia is handle_featured_media where the controller overrides it (the
	// attachments controller's, 6.5); nil is the posts controller's.
	featuredMedia func(r *rest.Request, p *store.Post, id int) *rest.Error
	// deleteItem is delete_item where the controller overrides it (nil: the posts
	// controller's, postWriter.delete).
	deleteItem func(res *posts, r *rest.Request) (*rest.Response, *rest.Error)
	// trash: delete_item may trash an item (EMPTY_TRASH_DAYS); attachments only with
	// MEDIA_TRASH, which is off by default, so they are deleted with force or not at all.
	trash bool
}

// postHooks are WP_REST_Posts_Controller's own behaviour (posts, pages, any type).
var postHooks = &typeHooks{defaultStatus: "publish", createStatus: "draft",
	cacheID: postCacheID, attachments: true, publishes: true, allowBatch: true, trash: true}

// controllerHooks are the hooks of the types whose REST controller is a subclass of
// the posts controller: register_post_type's rest_controller_class, as data.
var controllerHooks = map[string]*typeHooks{"attachment": attachmentHooks, "nav_menu_item": menuItemHooks}

// hooksOf are the hooks of post type pt's controller: its own, or postHooks, as any
// type a site declares gets WP_REST_Posts_Controller.
func hooksOf(pt *wp.PostType) *typeHooks {
	if h := controllerHooks[pt.Slug]; h != nil {
		return h
	}
	return postHooks
}

// schemaLinks is get_schema_links for the controller of type pt: the action rels an
// item in the edit context may carry, each with the href of an item and the schema of
// the field the action sets. (The unfiltered-html target is WordPress's own
// {"content": {"raw": ...}}, with no properties level.)
func schemaLinks(pt *wp.PostType, h *typeHooks, v rest.Version) func(r *rest.Request) []any {
	return func(r *rest.Request) []any {
		href := r.RestURL(pt.Route() + "/{id}")
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
			tax := registry(r).Taxonomy(slug)
			ids := rest.Object{{Key: tax.RestBase, Value: rest.Object{{Key: "type", Value: "array"}, {Key: "items", Value: typed("integer")}}}}
			out = append(out,
				link("action-assign-"+tax.RestBase, "The current user can assign terms in the "+tax.Slug+" taxonomy.", ids),
				link("action-create-"+tax.RestBase, "The current user can create terms in the "+tax.Slug+" taxonomy.", ids))
		}
		if h.schemaLinks != nil {
			out = append(out, h.schemaLinks(href)...)
		}
		return out
	}
}
