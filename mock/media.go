package mock

import (
	"strconv"
	"strings"

	"github.com/wpmock/wpmock/mock/rest"
	"github.com/wpmock/wpmock/mock/store"
	"github.com/wpmock/wpmock/mock/wp"
	"github.com/wpmock/wpmock/mock/wpfunc"
)

// media is the /wp/v2/media resource: WP_REST_Attachments_Controller, which extends
// the posts controller, so an attachment has the post-like fields (described with the
// noun "post", as WordPress 6.1 does) and its own file fields. How the file fields are
// built (description HTML, media_details, image sizes) is in mediafile.go.
type media struct {
	m    *Mock
	item *rest.Item[store.Post]
	w    *postWriter
}

func (res *media) declare() *rest.Item[store.Post] {
	if res.item != nil {
		return res.item
	}
	m, noun, v := res.m, "post", res.m.version
	guid := pfGUID(noun)
	guid.Properties = []*rest.Schema{guid.Sub[1].Schema, guid.Sub[0].Schema} // the schema lists raw first
	res.item = &rest.Item[store.Post]{Title: "attachment", Links: res.links, Fields: []*postField{
		pfID(noun), pfDate(noun), pfDateGMT(noun), guid, pfModified(noun), pfModifiedGMT(noun),
		pfSlug(noun), pfStatus(noun), pfType(noun), pfLink(noun, m), pfTitle(noun), pfAuthor(noun),
		// 6.5 adds thumbnail to the attachment's fixed schema features
		rest.F(rest.Int("featured_media").Desc("The ID of the featured media for the post.").Ctx(all...).Since(rest.V65),
			func(_ *rest.Request, p *store.Post) any { return p.FeaturedMedia }),
		pfCommentStatus(noun), pfPingStatus(noun), pfTemplate(noun, "attachment"), pfMeta(m),
		pfPermalinkTemplate(noun, m),
		rest.F(rest.Str("generated_slug").Desc("Slug automatically generated from the post title.").Ctx(editOnly...).RO(),
			func(r *rest.Request, p *store.Post) any { return attachmentGeneratedSlug(txOf(r), p) }),
		pfClassList(m),
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
				if isImage(p) {
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
			func(r *rest.Request, p *store.Post) any { return attachmentURL(r, p) }),
		rest.F(rest.Arr("missing_image_sizes", rest.Str("")).Desc("List of the missing image sizes of the attachment.").Ctx(editOnly...).RO(),
			func(r *rest.Request, p *store.Post) any { return missingImageSizes.At(v)(txOf(r), p) }),
	}}
	res.item.Fields = append(res.item.Fields, fileFields()...)
	res.item = res.item.For(v)
	res.w = &postWriter{m: m, typ: "attachment", base: "media", item: res.item, hooks: attachmentHooks}
	return res.item
}

// mediaSchemaOrder is the order of get_item_schema, which OPTIONS prints; the output
// order of prepare_item_for_response is the order of the fields above.
var mediaSchemaOrder = []string{"date", "date_gmt", "guid", "id", "link", "modified", "modified_gmt", "slug",
	"status", "type", "permalink_template", "generated_slug", "class_list", "title", "author", "featured_media",
	"comment_status", "ping_status", "meta", "template", "alt_text", "caption", "description", "media_type",
	"mime_type", "media_details", "post", "source_url", "missing_image_sizes", "filename", "filesize",
	"exif_orientation", "image_quality", "image_output_format", "image_save_progressive"}

func (res *media) routes() []*rest.Route {
	it := res.declare()
	schema := schemaInOrder(it, mediaSchemaOrder...)
	base := "/" + Namespace + "/media"
	return []*rest.Route{
		// create_item reads the file from $_FILES or the raw body
		{Namespace: Namespace, Pattern: base, Shape: rest.Shape{Upload: true}, Schema: schema, SchemaLinks: schemaLinks(wp.FindPostType("attachment"), attachmentHooks, res.m.version), Endpoints: []*rest.Endpoint{
			{Methods: rest.Readable, Args: mediaListArgs(), Permission: res.listPermission, Handler: res.list},
			{Methods: rest.Creatable, Args: append(argsInOrder(it.WriteArgs(true), mediaSchemaOrder), uploadArgs()...),
				Permission: res.createPermission, Handler: res.create},
		}},
		{Namespace: Namespace, Pattern: base + `/(?P<id>[\d]+)`, Schema: schema, SchemaLinks: schemaLinks(wp.FindPostType("attachment"), attachmentHooks, res.m.version), Endpoints: []*rest.Endpoint{
			{Methods: rest.Readable, Args: []*rest.Schema{idArg("post"), contextArg()},
				Permission: res.getPermission, Handler: res.get},
			{Methods: rest.Editable, Args: append([]*rest.Schema{idArg("post")}, argsInOrder(it.WriteArgs(false), mediaSchemaOrder)...),
				Permission: res.w.updatePermission, Handler: res.update},
			{Methods: rest.Deletable, Args: deleteArgs("post"), Permission: res.w.deletePermission, Handler: res.w.delete},
		}},
	}
}

// argsInOrder sorts write arguments into the schema's order, which is the order
// rest_get_endpoint_args_for_schema lists them in.
func argsInOrder(args []*rest.Schema, order []string) []*rest.Schema {
	out := make([]*rest.Schema, 0, len(args))
	for _, name := range order {
		for _, a := range args {
			if a.Name == name {
				out = append(out, a)
			}
		}
	}
	return out
}

// mediaListArgs are the posts list parameters (with parent, parent_exclude and the
// attachment statuses) plus media_type and mime_type: a string each until 6.9, which
// makes both lists (attachmentMimeFilter reads either). The media_type enum is the
// top-level types of the allowed MIME types, in their order.
func mediaListArgs() []*rest.Schema {
	mediaTypes := []string{"image", "video", "text", "application", "audio"}
	return append(postListArgs("attachment", "media", attachmentHooks),
		rest.Str("media_type").Desc("Limit result set to attachments of a particular media type.").Def(nil).
			OneOfEnum(mediaTypes...).Until(rest.V69),
		rest.Str("mime_type").Desc("Limit result set to attachments of a particular MIME type.").Def(nil).Until(rest.V69),
		rest.Arr("media_type", rest.Str("").OneOfEnum(mediaTypes...)).
			Desc("Limit result set to attachments of a particular media type or media types.").Def(nil).Since(rest.V69),
		rest.Arr("mime_type", rest.Str("")).
			Desc("Limit result set to attachments of a particular MIME type or MIME types.").Def(nil).Since(rest.V69),
	)
}

// listPermission is the posts controller's get_items_permissions_check for attachments
// (whose edit_posts capability is edit_posts).
func (res *media) listPermission(r *rest.Request) *rest.Error {
	if r.Context() == rest.Edit && !can(r, "edit_posts") {
		return r.Forbidden(codeForbiddenContext, "Sorry, you are not allowed to edit posts in this post type.")
	}
	return nil
}

// getPermission is get_item_permissions_check: an attachment is readable when its
// parent is (canReadPost follows "inherit"), or when it has none.
func (res *media) getPermission(r *rest.Request) *rest.Error {
	return postReadPermission(r, "attachment", "Sorry, you are not allowed to edit this post.")
}

func (res *media) get(r *rest.Request) (*rest.Response, *rest.Error) {
	p, err := getPost(r, r.Int("id"), "attachment")
	if err != nil {
		return nil, err
	}
	resp := rest.OK(res.item.Render(r, p))
	resp.LinkHeader("alternate", res.m.permalink(r, p), "type=text/html")
	return resp, nil
}

// list is get_items: the shared post query walks the attachment date index for the
// default order.
func (res *media) list(r *rest.Request) (*rest.Response, *rest.Error) {
	q, err := parsePostQuery(r, "attachment", attachmentHooks)
	if err != nil {
		return nil, err
	}
	return res.m.listPosts(r, q, "/"+Namespace+"/media", func(p *store.Post) any { return res.item.Render(r, p) })
}

// links is prepare_links for an attachment: the posts controller's (no version
// history, no terms: none is registered for attachments) with the featured media an
// audio or video file may have (6.5); 6.9 adds the post the file is attached to,
// embeddable. In edit context the unfiltered-html and assign-author actions follow.
func (res *media) links(r *rest.Request, p *store.Post) rest.Links {
	tx := txOf(r)
	base := "/" + Namespace + "/media"
	self := r.RestURL(base + "/" + strconv.Itoa(p.ID))
	ls := rest.Links{}.
		Add("self", self).
		Add("collection", r.RestURL(base)).
		Add("about", r.RestURL("/"+Namespace+"/types/attachment"))
	if p.Author != 0 {
		ls = ls.Embed("author", r.RestURL("/"+Namespace+"/users/"+strconv.Itoa(p.Author)))
	}
	ls = ls.Embed("replies", r.RestURL("/"+Namespace+"/comments?post="+strconv.Itoa(p.ID)))
	if p.FeaturedMedia != 0 && featuredMediaLinked.At(res.m.version)(r, p.FeaturedMedia) {
		ls = ls.Embed("wp:featuredmedia", r.RestURL(base+"/"+strconv.Itoa(p.FeaturedMedia)))
	}
	if attachedTo.In(res.m.version) && p.Parent != 0 {
		if parent := tx.Post(p.Parent); parent != nil {
			ls = ls.Add("wp:attached-to", r.RestURL(routeForPost(tx, parent)),
				rest.Member{Key: "embeddable", Value: true}, rest.Member{Key: "post_type", Value: parent.Type},
				rest.Member{Key: "id", Value: parent.ID})
		}
	}
	if r.Context() == rest.Edit {
		for _, rel := range postActions(r, wp.FindPostType("attachment"), attachmentHooks) {
			ls = ls.Add(rel, self)
		}
	}
	return ls
}

// attachedTo is the versions that link an attachment to its parent post
// (https://api.w.org/attached-to).
var attachedTo = rest.Span{Since: rest.V69}

// routeForPost is rest_get_route_for_post: the REST route of a post of the types the
// mock serves (a revision's under its parent), or "/" (the index, as rest_url(”)
// links it) for no post or one without a route.
func routeForPost(tx *store.Tx, p *store.Post) string {
	if p == nil {
		return "/"
	}
	if p.Type == "revision" {
		parent := tx.Post(p.Parent)
		if parent == nil {
			return "/"
		}
		return routeForPost(tx, parent) + "/revisions/" + strconv.Itoa(p.ID)
	}
	pt := wp.FindPostType(p.Type)
	if pt == nil {
		return "/"
	}
	return "/" + Namespace + "/" + pt.RestBase + "/" + strconv.Itoa(p.ID)
}

// mimeType is one entry of wp_get_mime_types: extensions ("jpg|jpeg|jpe") and a type.
type mimeType struct{ exts, mime string }

// mimeTypes is wp_get_mime_types: file extensions and their MIME type, in WordPress's
// order (which gives the media_type enum its order). 6.5 adds AVIF, 6.7 the other
// HEIF types, 6.8 the x-wav extension.
var mimeTypes = []mimeType{
	{"jpg|jpeg|jpe", "image/jpeg"}, {"gif", "image/gif"}, {"png", "image/png"},
	{"bmp", "image/bmp"}, {"tiff|tif", "image/tiff"}, {"webp", "image/webp"},
	{"avif", "image/avif"}, {"ico", "image/x-icon"},
	{"heic", "image/heic"}, {"heif", "image/heif"},
	{"heics", "image/heic-sequence"}, {"heifs", "image/heif-sequence"},
	{"asf|asx", "video/x-ms-asf"}, {"wmv", "video/x-ms-wmv"}, {"wmx", "video/x-ms-wmx"}, {"wm", "video/x-ms-wm"},
	{"avi", "video/avi"}, {"divx", "video/divx"}, {"flv", "video/x-flv"}, {"mov|qt", "video/quicktime"},
	{"mpeg|mpg|mpe", "video/mpeg"}, {"mp4|m4v", "video/mp4"}, {"ogv", "video/ogg"}, {"webm", "video/webm"},
	{"mkv", "video/x-matroska"}, {"3gp|3gpp", "video/3gpp"}, {"3g2|3gp2", "video/3gpp2"},
	{"txt|asc|c|cc|h|srt", "text/plain"}, {"csv", "text/csv"}, {"tsv", "text/tab-separated-values"},
	{"ics", "text/calendar"}, {"rtx", "text/richtext"}, {"css", "text/css"}, {"htm|html", "text/html"},
	{"vtt", "text/vtt"}, {"dfxp", "application/ttaf+xml"},
	{"mp3|m4a|m4b", "audio/mpeg"}, {"aac", "audio/aac"}, {"ra|ram", "audio/x-realaudio"}, {"wav", "audio/wav"}, {"wav|x-wav", "audio/wav"},
	{"ogg|oga", "audio/ogg"}, {"flac", "audio/flac"}, {"mid|midi", "audio/midi"}, {"wma", "audio/x-ms-wma"},
	{"wax", "audio/x-ms-wax"}, {"mka", "audio/x-matroska"},
	{"rtf", "application/rtf"}, {"js", "application/javascript"}, {"pdf", "application/pdf"},
	{"swf", "application/x-shockwave-flash"}, {"class", "application/java"}, {"tar", "application/x-tar"},
	{"zip", "application/zip"}, {"gz|gzip", "application/x-gzip"}, {"rar", "application/rar"},
	{"7z", "application/x-7z-compressed"}, {"exe", "application/x-msdownload"},
	{"psd", "application/octet-stream"}, {"xcf", "application/octet-stream"},
	{"doc", "application/msword"}, {"pot|pps|ppt", "application/vnd.ms-powerpoint"},
	{"wri", "application/vnd.ms-write"}, {"xla|xls|xlt|xlw", "application/vnd.ms-excel"},
	{"mdb", "application/vnd.ms-access"}, {"mpp", "application/vnd.ms-project"},
	{"docx", "application/vnd.openxmlformats-officedocument.wordprocessingml.document"},
	{"docm", "application/vnd.ms-word.document.macroEnabled.12"},
	{"dotx", "application/vnd.openxmlformats-officedocument.wordprocessingml.template"},
	{"dotm", "application/vnd.ms-word.template.macroEnabled.12"},
	{"xlsx", "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"},
	{"xlsm", "application/vnd.ms-excel.sheet.macroEnabled.12"},
	{"xlsb", "application/vnd.ms-excel.sheet.binary.macroEnabled.12"},
	{"xltx", "application/vnd.openxmlformats-officedocument.spreadsheetml.template"},
	{"xltm", "application/vnd.ms-excel.template.macroEnabled.12"},
	{"xlam", "application/vnd.ms-excel.addin.macroEnabled.12"},
	{"pptx", "application/vnd.openxmlformats-officedocument.presentationml.presentation"},
	{"pptm", "application/vnd.ms-powerpoint.presentation.macroEnabled.12"},
	{"ppsx", "application/vnd.openxmlformats-officedocument.presentationml.slideshow"},
	{"ppsm", "application/vnd.ms-powerpoint.slideshow.macroEnabled.12"},
	{"potx", "application/vnd.openxmlformats-officedocument.presentationml.template"},
	{"potm", "application/vnd.ms-powerpoint.template.macroEnabled.12"},
	{"ppam", "application/vnd.ms-powerpoint.addin.macroEnabled.12"},
	{"sldx", "application/vnd.openxmlformats-officedocument.presentationml.slide"},
	{"sldm", "application/vnd.ms-powerpoint.slide.macroEnabled.12"},
	{"onetoc|onetoc2|onetmp|onepkg", "application/onenote"}, {"oxps", "application/oxps"},
	{"xps", "application/vnd.ms-xpsdocument"}, {"odt", "application/vnd.oasis.opendocument.text"},
	{"odp", "application/vnd.oasis.opendocument.presentation"},
	{"ods", "application/vnd.oasis.opendocument.spreadsheet"},
	{"odg", "application/vnd.oasis.opendocument.graphics"}, {"odc", "application/vnd.oasis.opendocument.chart"},
	{"odb", "application/vnd.oasis.opendocument.database"}, {"odf", "application/vnd.oasis.opendocument.formula"},
	{"wp|wpd", "application/wordperfect"}, {"key", "application/vnd.apple.keynote"},
	{"numbers", "application/vnd.apple.numbers"}, {"pages", "application/vnd.apple.pages"},
}

// mimeTypeSpans are the versions of the entries that not every version has.
var mimeTypeSpans = map[string]rest.Span{
	"avif": {Since: rest.V65}, "heif": {Since: rest.V67}, "heics": {Since: rest.V67}, "heifs": {Since: rest.V67},
	"wav": {Until: rest.V68}, "wav|x-wav": {Since: rest.V68},
}

// mimeTypesIn is wp_get_mime_types of version v.
func mimeTypesIn(v rest.Version) []mimeType {
	out := make([]mimeType, 0, len(mimeTypes))
	for _, t := range mimeTypes {
		if mimeTypeSpans[t.exts].In(v) {
			out = append(out, t)
		}
	}
	return out
}

// allowedMimeTypes is get_allowed_mime_types for the caller: never swf or exe; html and
// js only for users with unfiltered_html. Keyed by extension list, as WordPress keys it.
func allowedMimeTypes(r *rest.Request) map[string]string {
	list := allowedTypes(r)
	out := make(map[string]string, len(list))
	for _, t := range list {
		out[t.exts] = t.mime
	}
	return out
}

// allowedTypes is get_allowed_mime_types in WordPress's order, which decides the match
// of wp_check_filetype.
func allowedTypes(r *rest.Request) []mimeType {
	unfiltered := can(r, "unfiltered_html")
	out := make([]mimeType, 0, len(mimeTypes))
	for _, t := range mimeTypesIn(r.Server().Version) {
		switch t.exts {
		case "swf", "exe":
			continue
		case "htm|html", "js":
			if !unfiltered {
				continue
			}
		}
		out = append(out, t)
	}
	return out
}

// attachmentMimeFilter is what the media controller's prepare_items_query makes of
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

// isImage is wp_attachment_is_image: an attached file whose MIME type is image/*.
func isImage(p *store.Post) bool {
	e := p.Extra()
	return e.File != "" && strings.HasPrefix(e.MimeType, "image/")
}

// attachmentURL is wp_get_attachment_url: the uploads URL of the file, or the GUID of
// an attachment without one.
func attachmentURL(r *rest.Request, p *store.Post) string {
	f := p.Extra().File
	if f == "" {
		return absURL(r, guid(p))
	}
	return r.Site + uploadsPrefix + f
}

// attachmentGeneratedSlug is the generated_slug get_sample_permalink gives an
// attachment: the title sanitised (the id when that is empty), made unique across every
// post type as wp_unique_post_slug does for attachments.
func attachmentGeneratedSlug(tx *store.Tx, p *store.Post) string {
	base := wpfunc.SanitizeTitle(p.Title)
	if base == "" {
		base = strconv.Itoa(p.ID)
	}
	taken := func(slug string) bool {
		switch slug {
		case "feed", "rdf", "rss", "rss2", "atom", "embed":
			return true
		}
		for _, typ := range []string{"post", "page", "attachment", "revision"} {
			for _, q := range tx.PostsByID(typ) {
				if q.Slug == slug && q.ID != p.ID {
					return true
				}
			}
		}
		return false
	}
	slug := base
	for n := 2; taken(slug); n++ {
		slug = base + "-" + strconv.Itoa(n)
	}
	return slug
}
