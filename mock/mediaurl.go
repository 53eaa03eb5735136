package mock

import (
	"net/http"
	"net/url"
	"strconv"
	"strings"

	"github.com/wpmock/wpmock/mock/imaging"
	"github.com/wpmock/wpmock/mock/rest"
	"github.com/wpmock/wpmock/mock/store"
	"github.com/wpmock/wpmock/mock/wp"
	"github.com/wpmock/wpmock/mock/wpfunc"
)

// The upload arguments of WordPress 7.1 (get_endpoint_args_for_item_schema for
// CREATABLE) and create_item_from_url, which sideloads an image from a URL.
//
// The mock downloads nothing from other hosts: it answers as a server that cannot
// resolve host names (as the reference site, which has no network, does) and cannot
// reach the addresses it is given, except for its own uploads, which a URL on the
// site's own host and port sideloads from the store.

// uploadArgs are the create arguments 7.1 adds after the schema's. generate_sub_sizes
// and convert_format change nothing the mock does: they only matter when client-side
// media processing is on, which it never is (that needs https or a localhost host).
func uploadArgs() []*rest.Schema {
	u := rest.Str("url").Fmt("uri").
		Desc("URL of an external image to sideload into the media library, instead of uploading a file.").Since(rest.V71)
	u.Early = true
	// validate_callback: the schema, then wp_http_validate_url; sanitize_callback:
	// sanitize_url, which leaves a URL that passed unchanged
	u.Sanitize = func(r *rest.Request, v any, param string) (any, *rest.Error) {
		if _, err := u.Validate(v, param); err != nil {
			return nil, err
		}
		s, _ := v.(string)
		if !validHTTPURL(r, s) {
			return nil, rest.Errorf(http.StatusBadRequest, codeInvalidURL, msgInvalidURL)
		}
		return s, nil
	}
	return []*rest.Schema{
		rest.Bool("generate_sub_sizes").Def(true).Desc("Whether to generate image sub sizes.").Since(rest.V71),
		rest.Bool("convert_format").Def(true).Desc("Whether to convert image formats.").Since(rest.V71),
		u,
	}
}

// validHTTPURL is wp_http_validate_url (wp.ValidateHTTPURL) against the request's site.
func validHTTPURL(r *rest.Request, s string) bool { return wp.ValidateHTTPURL(r.Site, s) }

// createAttachmentFromURL is create_item_from_url: the caller must be able to upload; the file
// name is the URL path's last segment, which must be an allowed image type; the file
// is downloaded (download_url) and stored as media_handle_sideload stores it, under
// the post given (its month's directory, as an upload to it), titled after the stored
// file. The request's other fields are not used. The answer is the attachment in edit
// context, 201, without the upload id header.
func (res *posts) createAttachmentFromURL(r *rest.Request) (*rest.Response, *rest.Error) {
	if !can(r, "upload_files") {
		return nil, r.Forbidden(codeCannotCreate, "Sorry, you are not allowed to upload media on this site.")
	}
	raw := r.String("url")
	u, _ := url.Parse(raw) // validated
	segment := strings.TrimRight(u.EscapedPath(), "/")
	name := segment[strings.LastIndexByte(segment, '/')+1:]
	if name == "" {
		return nil, rest.Errorf(http.StatusBadRequest, codeInvalidURL, msgURLNoFilename)
	}
	if _, typ := wp.CheckFiletype(allowedTypes(r), name); !strings.HasPrefix(typ, "image/") {
		return nil, rest.Errorf(http.StatusBadRequest, codeInvalidURL, msgURLNotImage)
	}
	data, err := res.m.download(r, u)
	if err != nil {
		return nil, err
	}
	up := &upload{name: name, data: data, sideload: true}
	sideloadErr := func(msg string) *rest.Error { return &rest.Error{Code: codeUploadError, Message: msg} }
	if len(data) == 0 {
		return nil, sideloadErr(msgFileEmpty)
	}
	ext, typ, fixed := wp.CheckFiletypeAndExt(allowedTypes(r), name, data)
	if ext == "" || typ == "" {
		return nil, sideloadErr(msgFileType)
	}
	tx := txOf(r)
	dir := uploadDir.At(res.m.version)(r)
	file := wp.UniqueFileName(txOf(r), r.Server().Version, allowedTypes(r), dir, fixed)
	if err := up.moveError(file, dir); err != nil {
		return nil, sideloadErr(err.Message)
	}
	path := dir + "/" + file
	local, now := wp.Now(tx)
	p := &store.Post{Type: "attachment", Status: "inherit", Author: callerID(r), CommentStatus: "open", PingStatus: "closed",
		Date: local, DateGMT: now, Modified: local, ModifiedGMT: now, Parent: r.Int("post"),
	}
	e := store.Extra{MimeType: typ, File: path, GUID: wp.UploadsPrefix + path, FileSize: len(data)}
	e.Width, e.Height = imaging.Dimensions(typ, data)
	p.SetExtra(e)
	p.Title = storedFileTitle(up, path)
	tx.PutFile(&store.File{Path: path, MimeType: typ, Data: data})
	attachUploadImages(r, p, data)
	tx.InsertPost(p)
	slug := wpfunc.SanitizeTitle(p.Title)
	if slug == "" {
		slug = strconv.Itoa(p.ID)
	}
	slug = res.w.uniqueSlug(tx, slug, p.ID, p.Parent)
	p = tx.ChangePost(p.ID, func(p *store.Post) { p.Slug = slug })
	r.SetParam("context", rest.Edit)
	return rest.Created(res.item.RenderIn(r, p, rest.Edit), r.RestURL("/"+Namespace+"/media/"+strconv.Itoa(p.ID))), nil
}

// download is download_url as the mock can do it: a URL on the site's own host and
// port is served from the uploads (a missing file is http_404, with what the mock's
// 404 says as the body sample); any other host cannot be reached.
func (m *Mock) download(r *rest.Request, u *url.URL) ([]byte, *rest.Error) {
	home, _ := url.Parse(r.Site)
	port := func(v *url.URL) string {
		if p := v.Port(); p != "" {
			return p
		}
		if strings.EqualFold(v.Scheme, "https") {
			return "443"
		}
		return "80"
	}
	if home != nil && strings.EqualFold(home.Hostname(), u.Hostname()) && port(home) == port(u) {
		tx := txOf(r)
		if f := tx.File(strings.TrimPrefix(u.Path, wp.UploadsPrefix)); strings.HasPrefix(u.Path, wp.UploadsPrefix) && f != nil {
			if data := m.drawn.BytesOf(f, tx.File(f.Of)); data != nil {
				return data, nil
			}
		}
		return nil, &rest.Error{Code: "http_404", Message: "Not Found",
			Data: rest.Object{{Key: "code", Value: http.StatusNotFound}, {Key: "body", Value: "404 page not found\n"}}}
	}
	return nil, &rest.Error{Code: codeHTTPRequestFailed, Message: "cURL error 7: Failed to connect to " + u.Hostname() +
		" port " + port(u) + " after 0 ms: Couldn't connect to server"}
}
