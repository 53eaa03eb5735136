package mock

import (
	"crypto/md5"
	"encoding/hex"
	"net/http"
	"strconv"
	"strings"

	"github.com/wpmock/wpmock/mock/imaging"
	"github.com/wpmock/wpmock/mock/rest"
	"github.com/wpmock/wpmock/mock/store"
	"github.com/wpmock/wpmock/mock/wp"
	"github.com/wpmock/wpmock/mock/wpfunc"
)

// Writes of /wp/v2/media: the upload of WP_REST_Attachments_Controller::create_item
// (a multipart "file" part, or the raw body with Content-Type and Content-Disposition),
// and the update and delete of the posts controller it extends. As for posts, every
// check runs before the first change, so a refused upload stores no file.

// Error codes of uploads.
const (
	// codeUploadNoData: no file part and an empty raw body.
	codeUploadNoData = "rest_upload_no_data"
	// codeUploadNoContentType: a raw body without a Content-Type header.
	codeUploadNoContentType = "rest_upload_no_content_type"
	// codeUploadNoDisposition: a raw body without a Content-Disposition header.
	codeUploadNoDisposition = "rest_upload_no_content_disposition"
	// codeUploadBadDisposition: a Content-Disposition without a filename.
	codeUploadBadDisposition = "rest_upload_invalid_disposition"
	// codeUploadHashMismatch: Content-MD5 is not the hex MD5 of the file (412).
	codeUploadHashMismatch = "rest_upload_hash_mismatch"
	// codeUploadUnknownError: wp_handle_upload refused a multipart file (500).
	codeUploadUnknownError = "rest_upload_unknown_error"
	// codeUploadSideloadError: wp_handle_sideload refused a raw body (500).
	codeUploadSideloadError = "rest_upload_sideload_error"
	// codeImageTypeNotSupported: a multipart file announced as an image type the image
	// editor cannot resize (6.8).
	codeImageTypeNotSupported = "rest_upload_image_type_not_supported"
	// codeNoFeaturedMedia: featured_media on an attachment that is no audio or video
	// file (6.5).
	codeNoFeaturedMedia = "rest_no_featured_media"
	// codeInvalidFeaturedMedia: set_post_thumbnail failed (6.5 for attachments).
	codeInvalidFeaturedMedia = "rest_invalid_featured_media"
	// codeInvalidURL: url is not a public http(s) URL of an image file (7.1).
	codeInvalidURL = "rest_invalid_url"
	// codeHTTPRequestFailed: download_url could not reach url's host (7.1; 500).
	codeHTTPRequestFailed = "http_request_failed"
	// codeUploadError: media_handle_sideload refused the downloaded file (7.1; 500).
	codeUploadError = "upload_error"
)

// Messages of uploads that clients match on.
const (
	// msgUploadToPost: "post" names a post the caller may not edit (or none).
	msgUploadToPost = "Sorry, you are not allowed to upload media to this post."
	// msgInvalidParentType: "post" names a revision or an attachment.
	msgInvalidParentType = "Invalid parent type."
	// msgFileType: wp_check_filetype_and_ext refused the name or the content.
	msgFileType = "Sorry, you are not allowed to upload this file type."
	// msgFailedUploadTest: multipart files came, but none in the "file" field.
	msgFailedUploadTest = "Specified file failed upload test."
	// msgNoFileUploaded: the "file" part has an empty filename (UPLOAD_ERR_NO_FILE).
	msgNoFileUploaded = "No file was uploaded."
	// msgPartialUpload: the body ended inside the "file" part (UPLOAD_ERR_PARTIAL).
	msgPartialUpload = "The uploaded file was only partially uploaded."
	// msgFileEmpty: the "file" part is empty.
	msgFileEmpty = "File is empty. Please upload something more substantial. This error could also be caused by uploads being disabled in your php.ini file or by post_max_size being defined as smaller than upload_max_filesize in php.ini."
	// msgImageTypeNotSupported: see codeImageTypeNotSupported.
	msgImageTypeNotSupported = "The web server cannot generate responsive image sizes for this image. Convert it to JPEG or PNG before uploading."
	// msgInvalidURL: url failed wp_http_validate_url.
	msgInvalidURL = "Invalid URL. Provide a valid, publicly reachable HTTP or HTTPS image URL."
	// msgURLNoFilename: url's path ends in no file name.
	msgURLNoFilename = "Could not determine a filename from the provided URL."
	// msgURLNotImage: url's file name is no allowed image type.
	msgURLNotImage = "The provided URL does not point to a supported image file."
	// msgBadDisposition: the Content-Disposition names no file.
	msgBadDisposition = "Invalid Content-Disposition supplied. Content-Disposition needs to be formatted as `attachment; filename=\"image.png\"` or similar."
)

// headerUploadID is the header create_item sends with PHP's header(), so it is on the
// HTTP response but not in an _envelope's headers.
const headerUploadID = "X-WP-Upload-Attachment-ID"

// upload is a received file before WordPress stores it.
type upload struct {
	name     string // as the client named it
	data     []byte
	sideload bool // a raw body (upload_from_data) rather than a multipart file
}

// fail is the error wp_handle_upload / wp_handle_sideload end in.
func (u *upload) fail(msg string) *rest.Error {
	code := codeUploadUnknownError
	if u.sideload {
		code = codeUploadSideloadError
	}
	return &rest.Error{Code: code, Message: msg, Status: http.StatusInternalServerError}
}

// readUpload is upload_from_file when PHP saw file parts, upload_from_data otherwise.
func readUpload(r *rest.Request) (*upload, *rest.Error) {
	md5Header := strings.TrimSpace(r.HTTP.Header.Get("Content-MD5"))
	hashMismatch := rest.Errorf(http.StatusPreconditionFailed, codeUploadHashMismatch, "Content hash did not match expected.")
	if len(r.Files) > 0 {
		f := r.Files["file"]
		u := &upload{sideload: false}
		if md5Header != "" && (f == nil || f.Error != rest.UploadErrOK || md5Header != md5Hex(f.Data)) {
			return nil, hashMismatch
		}
		switch {
		case f == nil:
			return nil, u.fail(msgFailedUploadTest)
		case f.Error == rest.UploadErrNoFile:
			return nil, u.fail(msgNoFileUploaded)
		case f.Error == rest.UploadErrPartial:
			return nil, u.fail(msgPartialUpload)
		case len(f.Data) == 0:
			return nil, u.fail(msgFileEmpty)
		}
		u.name, u.data = f.Name, f.Data
		return u, nil
	}
	data := r.RawBody
	if r.ContentType() == "multipart/form-data" && !r.Unparsed {
		data = nil // PHP keeps no raw body of a multipart request it parsed
	}
	if len(data) == 0 || string(data) == "0" { // PHP's empty()
		return nil, rest.Errorf(http.StatusBadRequest, codeUploadNoData, "No data supplied.")
	}
	if r.HTTP.Header.Get("Content-Type") == "" {
		return nil, rest.Errorf(http.StatusBadRequest, codeUploadNoContentType, "No Content-Type supplied.")
	}
	disposition := r.HTTP.Header.Get("Content-Disposition")
	if disposition == "" {
		return nil, rest.Errorf(http.StatusBadRequest, codeUploadNoDisposition, "No Content-Disposition supplied.")
	}
	name := filenameFromDisposition(disposition)
	if name == "" || name == "0" {
		return nil, rest.Errorf(http.StatusBadRequest, codeUploadBadDisposition, msgBadDisposition)
	}
	if md5Header != "" && md5Header != md5Hex(data) {
		return nil, hashMismatch
	}
	if err := tempFileError(r, name); err != nil && tempnamUntruncated.In(r.Server().Version) {
		return nil, err
	}
	return &upload{name: name, data: data, sideload: true}, nil
}

// tempnamUntruncated is the versions whose wp_tempnam fails on a name past NAME_MAX;
// 6.3 truncates the name, so the upload fails later, where it is moved.
var tempnamUntruncated = rest.Span{Until: rest.V63}

func md5Hex(b []byte) string { s := md5.Sum(b); return hex.EncodeToString(s[:]) }

// filenameFromDisposition is get_filename_from_disposition: the filename attribute
// after the first ";", trimmed and unquoted; RFC 6266's filename* is not read.
func filenameFromDisposition(header string) string {
	_, attrs, ok := strings.Cut(strings.TrimSpace(header), ";")
	if !ok {
		return ""
	}
	name := ""
	for _, part := range strings.Split(attrs, ";") {
		k, v, ok := strings.Cut(part, "=")
		if ok && strings.TrimSpace(k) == "filename" {
			name = strings.TrimSpace(v)
		}
	}
	if len(name) >= 2 && name[0] == '"' && name[len(name)-1] == '"' {
		name = name[1 : len(name)-1]
	}
	return name
}

// altTextArg is alt_text's arg_options: sanitize_text_field after the string check.
func altTextArg(a *rest.Schema) {
	a.Sanitize = func(_ *rest.Request, v any, param string) (any, *rest.Error) {
		s, ok := v.(string)
		if !ok && v != nil { // null skips the check and is sanitised as ""
			return a.Validate(v, param)
		}
		return wpfunc.SanitizeTextField(s), nil
	}
}

// checkParentType is the start of create_item and update_item: "post" may not name a
// revision or an attachment (itself included).
func checkParentType(r *rest.Request) *rest.Error {
	if id := r.Int("post"); id != 0 {
		if p := txOf(r).Post(id); p != nil && (p.Type == "revision" || p.Type == "attachment") {
			return rest.Errorf(http.StatusBadRequest, rest.CodeInvalidParam, msgInvalidParentType)
		}
	}
	return nil
}

// createAttachmentPermission is what the attachments controller's
// create_item_permissions_check adds after the posts controller's check (where
// create_posts is upload_files for attachments): edit_post on the post the file is
// attached to, which fails for a post that does not exist, then (6.8) the image type a
// multipart file announces, which the image editor must support.
func (res *posts) createAttachmentPermission(r *rest.Request) *rest.Error {
	if id := r.Int("post"); id != 0 {
		tx := txOf(r)
		if p := tx.Post(id); p == nil || !canEditPost(r, p, tx.Post) {
			return r.Forbidden(codeCannotEdit, msgUploadToPost)
		}
	}
	if f := r.Files["file"]; f != nil && !editorTakes.At(res.m.version)(f.ContentType) {
		return rest.Errorf(http.StatusBadRequest, codeImageTypeNotSupported, msgImageTypeNotSupported)
	}
	return nil
}

// editorTakes is the check of an uploaded file's announced type: none until 6.8, which
// refuses an image type the image editor cannot resize (the mock answers as the GD of
// the reference site: JPEG, PNG, GIF, WebP, AVIF), SVG aside; 7.1 lets still HEIC and
// HEIF through, for the browser to convert.
var editorTakes = rest.Changed[func(typ string) bool]{
	Base: func(string) bool { return true },
	Steps: []rest.Step[func(typ string) bool]{
		{Since: rest.V68, Value: func(typ string) bool { return !strings.HasPrefix(typ, "image/") || editorSupports(typ) }},
		{Since: rest.V71, Value: func(typ string) bool {
			return !strings.HasPrefix(typ, "image/") || editorSupports(typ) || typ == "image/heic" || typ == "image/heif"
		}},
	},
}

// editorSupports is wp_image_editor_supports for a type, with image/svg+xml, which no
// editor resizes and the check leaves alone.
func editorSupports(typ string) bool {
	switch typ {
	case "image/jpeg", "image/png", "image/gif", "image/webp", "image/avif", "image/svg+xml":
		return true
	}
	return false
}

// createAttachment is the attachments controller's create_item: the file is checked
// and named (wp_handle_upload), the attachment prepared from the request and both
// stored. From 7.1 a url instead sideloads a remote image (createAttachmentFromURL).
func (res *posts) createAttachment(r *rest.Request) (*rest.Response, *rest.Error) {
	if err := checkParentType(r); err != nil {
		return nil, err
	}
	if r.String("url") != "" {
		return res.createAttachmentFromURL(r)
	}
	up, err := readUpload(r)
	if err != nil {
		return nil, err
	}
	ext, typ, name := wp.CheckFiletypeAndExt(allowedTypes(r), up.name, up.data)
	if ext == "" || typ == "" { // no one has unfiltered_upload
		return nil, up.fail(msgFileType)
	}
	tx := txOf(r)
	dir := uploadDir.At(res.m.version)(r)
	file := wp.UniqueFileName(txOf(r), r.Server().Version, allowedTypes(r), dir, name)
	if err := up.moveError(file, dir); err != nil {
		return nil, err
	}
	path := dir + "/" + file
	p := &store.Post{Type: "attachment", Status: "inherit", Author: callerID(r), CommentStatus: "open", PingStatus: "closed"}
	prepared := res.w.prepare(r, p, true) == nil
	if !prepared {
		p = fallbackAttachment(r)
	}
	if p.Title == "" || p.Title == "0" { // PHP's empty()
		p.Title = uploadTitle.At(res.m.version)(up, path)
		if !prepared || r.String("slug") == "" {
			p.Slug = res.w.uniqueSlug(tx, wpfunc.SanitizeTitle(p.Title), 0, p.Parent)
		}
	}
	e := p.Extra()
	e.MimeType, e.File, e.GUID, e.FileSize = typ, path, wp.UploadsPrefix+path, len(up.data)
	e.Width, e.Height = imaging.Dimensions(typ, up.data)
	p.SetExtra(e)
	if err := postRowError(p, true); err != nil {
		err.Status = http.StatusBadRequest // insert_attachment: any error but db_update_error is 400
		return nil, err
	}
	tx.PutFile(&store.File{Path: path, MimeType: typ, Data: up.data})
	attachUploadImages(r, p, up.data)
	tx.InsertPost(p)
	if p.Slug == "" { // a title that sanitises to nothing: the id
		slug := res.w.uniqueSlug(tx, strconv.Itoa(p.ID), p.ID, p.Parent)
		tx.ChangePost(p.ID, func(p *store.Post) { p.Slug = slug })
	}
	p, aerr := res.w.applyAfterInsert(r, p.ID, true)
	if aerr != nil {
		return nil, aerr // the attachment stays, as in WordPress
	}
	r.SetParam("context", rest.Edit)
	resp := rest.Created(res.item.RenderIn(r, p, rest.Edit), r.RestURL("/"+Namespace+"/media/"+strconv.Itoa(p.ID)))
	resp.SetDirectHeader(headerUploadID, p.ID)
	return resp, nil
}

// attachUploadImages is wp_create_image_subsizes for an uploaded image whose file is
// stored: its sub-sizes are made and stored, and a big image's scaled copy becomes the
// attached file (the GUID keeps the upload's URL). With generate_sub_sizes false (7.1)
// the filters create_item adds make neither.
func attachUploadImages(r *rest.Request, p *store.Post, data []byte) {
	if r.Param("generate_sub_sizes") == false {
		return
	}
	tx := txOf(r)
	e := p.Extra()
	made := wp.MakeUploadImages(e.File, e.MimeType, data, e.Width, e.Height, bigPNGScaled.In(r.Server().Version), prerenderedFor(r))
	for _, f := range made.Files {
		tx.PutFile(f)
	}
	e.File, e.Width, e.Height, e.FileSize = made.File, made.Width, made.Height, made.Size
	p.SetExtra(e)
}

// bigPNGScaled is the versions that scale a big PNG too (until 6.8 PNGs were left
// alone, as their scaled copies could be larger files).
var bigPNGScaled = rest.Span{Since: rest.V68}

// uploadDir is the uploads subdirectory (YYYY/MM) an upload goes to: the current
// month's until 6.6, which files an upload to a post (not a page) under the post's
// month, as media_handle_upload does.
var uploadDir = rest.Changed[func(r *rest.Request) string]{
	Base: func(r *rest.Request) string { return txOf(r).Now().Format("2006/01") },
	Steps: []rest.Step[func(r *rest.Request) string]{{Since: rest.V66, Value: func(r *rest.Request) string {
		tx := txOf(r)
		if id := r.Int("post"); id != 0 {
			if parent := tx.Post(id); parent != nil && parent.Type != "page" && parent.Date.Year() > 0 {
				return parent.Date.Format("2006/01")
			}
		}
		return wp.Local(tx, tx.Now()).Format("2006/01") // current_time: the site's clock
	}}},
}

// uploadTitle is the title of an upload the request gives none: the stored file's
// name without its extension; from 6.6 a multipart file's own name (as the client
// sent it) without its extension, when that leaves something.
var uploadTitle = rest.Changed[func(up *upload, path string) string]{
	Base: storedFileTitle,
	Steps: []rest.Step[func(up *upload, path string) string]{{Since: rest.V66, Value: func(up *upload, path string) string {
		if !up.sideload {
			if dot := strings.LastIndexByte(up.name, '.'); dot > 0 && up.name[:dot] != "0" {
				return up.name[:dot]
			}
		}
		return storedFileTitle(up, path)
	}}},
}

func storedFileTitle(_ *upload, path string) string {
	title, _ := wp.SplitExt(path[strings.LastIndexByte(path, '/')+1:])
	return title
}

// attachmentFeaturedMedia is the attachments controller's handle_featured_media (6.5):
// only audio and video files support a featured image (attachment:audio and
// attachment:video support thumbnail, attachment does not); for them the posts
// controller's, whose failed set_post_thumbnail is rest_invalid_featured_media.
func attachmentFeaturedMedia(r *rest.Request, p *store.Post, id int) *rest.Error {
	if e := p.Extra(); e.File == "" || !strings.HasPrefix(e.MimeType, "audio/") && !strings.HasPrefix(e.MimeType, "video/") {
		return rest.Errorf(http.StatusBadRequest, codeNoFeaturedMedia,
			"This site does not support post thumbnails on attachments with MIME type %s.", e.MimeType)
	}
	if id == 0 {
		p.FeaturedMedia = 0 // delete_post_thumbnail: its result is no error
		return nil
	}
	if !wp.SetPostThumbnail(txOf(r), p, id) {
		return rest.Errorf(http.StatusBadRequest, codeInvalidFeaturedMedia, "Invalid featured media ID.")
	}
	return nil
}

// fallbackAttachment is what insert_attachment stores when the posts controller's
// prepare_item_for_database fails (an unknown author, say): it never checks the
// result, so the attachment gets the defaults plus what the attachments controller
// adds on top, caption, description and post; alt_text and meta are set afterwards.
func fallbackAttachment(r *rest.Request) *store.Post {
	local, now := wp.Now(txOf(r))
	p := &store.Post{Type: "attachment", Status: "inherit", Author: callerID(r), CommentStatus: "open",
		PingStatus: "closed", Date: local, DateGMT: now, Modified: local, ModifiedGMT: now, Parent: r.Int("post")}
	applyAttachmentText(r, p)
	return p
}

// updateAttachment is the attachments controller's update_item: the parent-type
// check, then the posts controller's update.
func (res *posts) updateAttachment(r *rest.Request) (*rest.Response, *rest.Error) {
	if err := checkParentType(r); err != nil {
		return nil, err
	}
	return res.w.update(r)
}
