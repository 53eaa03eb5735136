package mock

import (
	"strings"

	"github.com/wpmock/wpmock/mock/rest"
	"github.com/wpmock/wpmock/mock/store"
	"github.com/wpmock/wpmock/mock/wp"
)

// attachmentHooks are WP_REST_Attachments_Controller's overrides of the posts
// controller it extends, everything /wp/v2/media does that /wp/v2/posts does not:
//
//   - get_collection_params: the attachment statuses (inherit by default), parent
//     and parent_exclude, media_type and mime_type; prepare_items_query: the MIME
//     filter and the search of the file name;
//   - get_item_schema and prepare_item_for_response: no password, the file's own
//     fields (attachmentSchema), in get_item_schema's order (attachmentSchemaOrder),
//     rendered every time (never cached);
//   - prepare_links: the post it is attached to (6.9), no wp:attachment; no publish
//     action, as the type is tested by name in get_available_actions;
//   - register_routes and create_item: an upload (mediawrite.go, mediaurl.go), no
//     batch; create_item_permissions_check: the parent and the file type; new items
//     inherit their parent's status; update_item: the parent's type;
//     prepare_item_for_database: caption, description, alt_text and post;
//     handle_featured_media (6.5);
//   - delete_item: no trash (MEDIA_TRASH).
var attachmentHooks = &typeHooks{
	statuses: []string{"inherit", "private", "trash"}, defaultStatus: "inherit",
	prepareItemsQuery: func(r *rest.Request, q *wp.PostQuery) {
		q.Mimes, q.IDTieAsc = attachmentMimeFilter(r), true
		q.SearchFile = true // wp_allow_query_attachment_by_filename
	},
	collectionArgs: mediaListArgs,
	parentFilter:   true,

	itemSchema:  attachmentSchema,
	schemaOrder: attachmentSchemaOrder,
	fieldsAfter: "template",
	links:       attachmentLinks,

	upload:           true,
	createArgs:       uploadArgs,
	createPermission: (*posts).createAttachmentPermission,
	createItem:       (*posts).createAttachment,
	updateItem:       (*posts).updateAttachment,
	createStatus:     "inherit",
	prepareForDatabase: func(r *rest.Request, p *store.Post) {
		applyAttachmentText(r, p)
		if r.Has("post") {
			p.Parent = r.Int("post")
		}
	},
	featuredMedia: attachmentFeaturedMedia,
}

// attachmentSchema is the attachments controller's get_item_schema: the posts
// controller's fields for the type (described with the noun "post", as WordPress 6.1
// does) without password, with featured_media from 6.5 (which adds thumbnail to the
// attachment's fixed schema features), then its own fields. How the file fields are
// built (description HTML, media_details, image sizes) is in mediafile.go.
func attachmentSchema(res *posts, fields []*postField) []*postField {
	noun, v := "post", res.m.version
	out := make([]*postField, 0, len(fields)+20)
	for _, f := range fields {
		switch f.Name {
		case "password": // unset( $schema['properties']['password'] )
			continue
		case "guid": // the schema lists raw first
			f.Properties = []*rest.Schema{f.Sub[1].Schema, f.Sub[0].Schema}
		case "generated_slug":
			f.Get = func(r *rest.Request, p *store.Post) any { return wp.AttachmentGeneratedSlug(txOf(r), p) }
		}
		out = append(out, f)
		if f.Name == "author" {
			featured := pfFeaturedMedia(noun)
			featured.Since(rest.V65)
			out = append(out, featured)
		}
	}
	out = append(out,
		rest.Nested(rest.Obj("description").Desc("The attachment description.").Ctx(viewEdit...),
			rest.F(rest.Str("raw").Desc("Description for the attachment, as it exists in the database.").Ctx(editOnly...),
				func(_ *rest.Request, p *store.Post) any { return p.Content.String() }),
			rest.F(rest.Str("rendered").Desc("HTML description for the attachment, transformed for display.").Ctx(viewEdit...).RO(),
				func(r *rest.Request, p *store.Post) any { return renderDescription(r, p) }),
		).WithArg(rawText),
		rest.Nested(rest.Obj("caption").Desc("The attachment caption.").Ctx(all...),
			rest.F(rest.Str("raw").Desc("Caption for the attachment, as it exists in the database.").Ctx(editOnly...),
				func(_ *rest.Request, p *store.Post) any { return p.Excerpt }),
			rest.F(rest.Str("rendered").Desc("HTML caption for the attachment, transformed for display.").Ctx(all...).RO(),
				func(r *rest.Request, p *store.Post) any { return renderCaption(r, p) }),
		).WithArg(rawText),
		rest.F(rest.Str("alt_text").Desc("Alternative text to display when attachment is not displayed.").Ctx(all...),
			func(_ *rest.Request, p *store.Post) any { return p.Extra().AltText }).WithArg(altTextArg),
		rest.F(rest.Str("media_type").Desc("Attachment type.").OneOfEnum("image", "file").Ctx(all...).RO(),
			func(_ *rest.Request, p *store.Post) any {
				if wp.IsImage(p) {
					return "image"
				}
				return "file"
			}),
		rest.F(rest.Str("mime_type").Desc("The attachment MIME type.").Ctx(all...).RO(),
			func(_ *rest.Request, p *store.Post) any { return p.Extra().MimeType }),
		rest.F(rest.Obj("media_details").Desc("Details about the media file, specific to its type.").Ctx(all...).RO(),
			func(r *rest.Request, p *store.Post) any { return mediaDetails(r, p, v) }),
		rest.F(rest.Int("post").Desc("The ID for the associated post of the attachment.").Ctx(viewEdit...),
			func(_ *rest.Request, p *store.Post) any {
				if p.Parent == 0 {
					return nil
				}
				return p.Parent
			}),
		rest.F(rest.Str("source_url").Fmt("uri").Desc("URL to the original attachment file.").Ctx(all...).RO(),
			func(r *rest.Request, p *store.Post) any { return wp.AttachmentURL(r.Site, p) }),
		rest.F(rest.Arr("missing_image_sizes", rest.Str("")).Desc("List of the missing image sizes of the attachment.").Ctx(editOnly...).RO(),
			func(r *rest.Request, p *store.Post) any { return missingImageSizes.At(v)(txOf(r), p) }),
	)
	return append(out, fileFields()...)
}

// attachmentSchemaOrder is the order of get_item_schema, which OPTIONS prints; the
// output order of prepare_item_for_response is the order of the fields above.
var attachmentSchemaOrder = []string{"date", "date_gmt", "guid", "id", "link", "modified", "modified_gmt", "slug",
	"status", "type", "permalink_template", "generated_slug", "class_list", "title", "author", "featured_media",
	"comment_status", "ping_status", "meta", "template", "alt_text", "caption", "description", "media_type",
	"mime_type", "media_details", "post", "source_url", "missing_image_sizes", "filename", "filesize",
	"exif_orientation", "image_quality", "image_output_format", "image_save_progressive"}

// mediaListArgs are the list parameters the attachments controller adds to the posts
// controller's: media_type and mime_type, a string each until 6.9, which makes both
// lists (attachmentMimeFilter reads either). The media_type enum is the top-level
// types of the allowed MIME types, in their order.
func mediaListArgs() []*rest.Schema {
	mediaTypes := []string{"image", "video", "text", "application", "audio"}
	return []*rest.Schema{
		rest.Str("media_type").Desc("Limit result set to attachments of a particular media type.").Def(nil).
			OneOfEnum(mediaTypes...).Until(rest.V69),
		rest.Str("mime_type").Desc("Limit result set to attachments of a particular MIME type.").Def(nil).Until(rest.V69),
		rest.Arr("media_type", rest.Str("").OneOfEnum(mediaTypes...)).
			Desc("Limit result set to attachments of a particular media type or media types.").Def(nil).Since(rest.V69),
		rest.Arr("mime_type", rest.Str("")).
			Desc("Limit result set to attachments of a particular MIME type or MIME types.").Def(nil).Since(rest.V69),
	}
}

// attachmentLinks is what the attachments controller's prepare_links adds to the
// posts controller's (which for an attachment has no version history, no
// wp:attachment and no terms: none is registered for attachments): from 6.9 the post
// the file is attached to, embeddable.
func attachmentLinks(res *posts, r *rest.Request, p *store.Post, ls rest.Links) rest.Links {
	if !attachedTo.In(res.m.version) || p.Parent == 0 {
		return ls
	}
	tx := txOf(r)
	if parent := tx.Post(p.Parent); parent != nil {
		ls = ls.Add("wp:attached-to", r.RestURL(wp.RouteForPost(tx, parent)),
			rest.Member{Key: "embeddable", Value: true}, rest.Member{Key: "post_type", Value: parent.Type},
			rest.Member{Key: "id", Value: parent.ID})
	}
	return ls
}

// attachedTo is the versions that link an attachment to its parent post
// (https://api.w.org/attached-to).
var attachedTo = rest.Span{Since: rest.V69}

// allowedMimeTypes is get_allowed_mime_types for the caller: never swf or exe; html and
// js only for users with unfiltered_html. Keyed by extension list, as WordPress keys it.
func allowedMimeTypes(r *rest.Request) map[string]string {
	list := allowedTypes(r)
	out := make(map[string]string, len(list))
	for _, t := range list {
		out[t.Exts] = t.Mime
	}
	return out
}

// allowedTypes is get_allowed_mime_types for the caller, in WordPress's order.
func allowedTypes(r *rest.Request) []wp.MimeType {
	return wp.AllowedMimeTypes(r.Server().Version, can(r, "unfiltered_html"))
}

// attachmentMimeFilter is what the attachments controller's prepare_items_query makes of
// media_type and mime_type. As strings (until 6.9): media_type selects every allowed
// MIME type of that top-level type; mime_type, when it is itself an allowed type,
// replaces it. As lists (6.9): every allowed type of each media type, then each
// mime_type that is an allowed type, together. An unknown mime_type is ignored; nil
// means no filter.
func attachmentMimeFilter(r *rest.Request) map[string]bool {
	allowed := allowedMimeTypes(r)
	ofMedia := func(set map[string]bool, mediaType string) {
		for _, mime := range allowed {
			if strings.HasPrefix(mime, mediaType+"/") {
				set[mime] = true
			}
		}
	}
	isAllowed := func(mimeType string) bool {
		for _, mime := range allowed {
			if mime == mimeType {
				return true
			}
		}
		return false
	}
	if mediaTypes, mimeTypes := r.Strings("media_type"), r.Strings("mime_type"); len(mediaTypes) > 0 || len(mimeTypes) > 0 {
		set := map[string]bool{}
		for _, t := range mediaTypes {
			ofMedia(set, t)
		}
		for _, t := range mimeTypes {
			if isAllowed(t) {
				set[t] = true
			}
		}
		if len(set) == 0 {
			return nil
		}
		return set
	}
	mediaType, mimeType := r.String("media_type"), r.String("mime_type")
	if mediaType == "" && mimeType == "" {
		return nil
	}
	var set map[string]bool
	if mediaType != "" {
		set = map[string]bool{}
		ofMedia(set, mediaType)
	}
	if mimeType != "" && isAllowed(mimeType) {
		set = map[string]bool{mimeType: true}
	}
	return set
}
