package contract

import (
	"bytes"
	"crypto/md5"
	"encoding/hex"
	"fmt"
	"io"
	"mime/multipart"
	"net/http"
	"net/textproto"
	"net/url"
	"path"
	"regexp"
)

// The media group: uploads, raw and multipart, what the attachment says about the
// file, the file served back, and the upload errors (reference §9.3, §9.4).

func init() {
	register("media", true, func(s *Suite, t T) {
		t.Run("raw", func(t T) {
			name := s.name("raw")
			r := s.upload(t, nil, name+".png", "image/png", pngBytes, "")
			mediaUploaded(s, t, r, name, "raw", "a raw upload (Content-Type + Content-Disposition)")
		})
		t.Run("multipart", func(t T) {
			name := s.name("multipart")
			r := s.uploadMultipart(t, name+".png", "image/png", pngBytes)
			mediaUploaded(s, t, r, name, "multipart", "a multipart upload (field file)")
		})
		t.Run("errors", func(t T) { mediaErrors(s, t) })
		t.Run("upload forms", func(t T) { mediaUploadForms(s, t) })
		t.Run("attached", func(t T) { mediaAttached(s, t) })
		t.Run("list parameters", func(t T) { mediaParams(s, t) })
		t.Run("roundtrip", func(t T) { mediaRoundtrip(s, t) })
	})
}

// mediaUploaded checks the attachment an upload of pngBytes created.
func mediaUploaded(s *Suite, t T, r *Result, name, kind, how string) {
	rule := "media/" + kind + "/"
	t.Helper()
	if !wantStatus(t, r, http.StatusCreated, "writes/media/upload: "+how+" of a PNG creates an attachment: 201") {
		return
	}
	id := idOf(r)
	wantHeader(t, r, "Location", fmt.Sprintf("%s/wp/v2/media/%d", s.cfg.URL, id), "writes/location: "+how+": Location is the attachment's absolute URL")
	wantHeader(t, r, "X-WP-Upload-Attachment-ID", fmt.Sprint(id), rule+"attachment-id-header: "+how+": X-WP-Upload-Attachment-ID names the new attachment")
	wantValue(t, r, "media_type", "image", rule+"media-type: "+how+": a PNG is media_type image")
	wantValue(t, r, "mime_type", "image/png", rule+"mime-type: "+how+": mime_type image/png")
	wantValue(t, r, "media_details.width", 2.0, rule+"dimensions: "+how+": media_details.width is the image's width")
	wantValue(t, r, "media_details.height", 3.0, rule+"dimensions: "+how+": media_details.height is the image's height")
	wantValue(t, r, "title.raw", name, rule+"title-from-file-name: "+how+": the title is the file name without its extension")
	wantValue(t, r, "status", "inherit", rule+"status-inherit: "+how+": an attachment's status is inherit")
	wantValue(t, r, "post", nil, rule+"no-parent: "+how+" without post: no parent (post null)")

	src := textAt(r, "source_url")
	if s.wp >= wp66 {
		s.wantClassList(t, r, []string{fmt.Sprintf("post-%d", id), "attachment", "type-attachment", "status-inherit", "hentry"},
			rule+"class-list: "+how+": class_list is post-<id>, attachment, type-attachment, status-inherit, hentry")
	}
	if s.wp >= wp70 {
		wantValue(t, r, "filename", path.Base(src), rule+"filename: "+how+": filename is the stored file's name (source_url's last segment)")
		wantValue(t, r, "filesize", float64(len(pngBytes)), rule+"filesize: "+how+": filesize is the file's size in bytes")
	}
	f := s.fetch(t, src)
	wantStatus(t, f, http.StatusOK, "media/source-url/served: source_url serves the uploaded file")
	wantHeader(t, f, "Content-Type", "image/png", "media/source-url/content-type: source_url serves a PNG as image/png")
	check(t, f, bytes.Equal(f.Body, pngBytes), "media/source-url/same-bytes: source_url serves exactly the uploaded bytes", "%d bytes, want %d", len(f.Body), len(pngBytes))

	g := s.as(anonymous).get(t, fmt.Sprintf("/wp/v2/media/%d", id))
	wantValue(t, g, "source_url", src, "media/source-url/stable: GET the attachment gives the same source_url")
	wantValue(t, g, "media_details.width", 2.0, "media/source-url/stable: GET the attachment gives the same media_details")
}

func mediaErrors(s *Suite, t T) {
	admin := s.as(s.admin())
	r := admin.do(t, http.MethodPost, "/wp/v2/media", nil)
	wantError(t, r, http.StatusBadRequest, "rest_upload_no_data", "media/errors/no-data: an upload without a body: 400 rest_upload_no_data")
	wantValue(t, r, "message", "No data supplied.", "media/errors/no-data-message: rest_upload_no_data has WordPress's message")
	r = admin.do(t, http.MethodPost, "/wp/v2/media", pngBytes, "Content-Type", "image/png")
	wantError(t, r, http.StatusBadRequest, "rest_upload_no_content_disposition", "media/errors/no-content-disposition: a raw upload without Content-Disposition: 400 rest_upload_no_content_disposition")
	wantValue(t, r, "message", "No Content-Disposition supplied.", "media/errors/no-content-disposition-message: rest_upload_no_content_disposition has WordPress's message")
	r = admin.do(t, http.MethodPost, "/wp/v2/media", pngBytes, "Content-Type", "image/png", "Content-Disposition", "attachment")
	wantError(t, r, http.StatusBadRequest, "rest_upload_invalid_disposition", "media/errors/invalid-disposition: a Content-Disposition without a filename: 400 rest_upload_invalid_disposition")
	if r.Status == http.StatusCreated {
		s.deleteLater("/wp/v2/media", idOf(r)) // the target wrongly accepted it
	}
	r = s.upload(t, anonymous, s.name("anon")+".png", "image/png", pngBytes, "")
	wantError(t, r, http.StatusUnauthorized, "rest_cannot_create", "media/errors/anonymous-401: an anonymous upload: 401 rest_cannot_create")
}

// uploadMultipart sends a file as the multipart/form-data field "file" and registers
// the attachment's deletion.
func (s *Suite) uploadMultipart(t T, filename, contentType string, data []byte, header ...string) *Result {
	t.Helper()
	var body bytes.Buffer
	w := multipart.NewWriter(&body)
	h := textproto.MIMEHeader{}
	h.Set("Content-Disposition", fmt.Sprintf(`form-data; name="file"; filename="%s"`, filename))
	h.Set("Content-Type", contentType)
	part, err := w.CreatePart(h)
	if err == nil {
		_, err = part.Write(data)
	}
	if err == nil {
		err = w.Close()
	}
	if err != nil {
		t.Fatalf("contract: building a multipart body: %v", err)
	}
	r := s.as(s.admin()).do(t, http.MethodPost, "/wp/v2/media", body.Bytes(), append([]string{"Content-Type", w.FormDataContentType()}, header...)...)
	if r.Status == http.StatusCreated {
		s.deleteLater("/wp/v2/media", idOf(r))
	}
	return r
}

// fetch GETs an absolute URL outside the API (an uploaded file) with the suite's client.
func (s *Suite) fetch(t T, url string) *Result {
	t.Helper()
	res := &Result{Method: http.MethodGet, Path: url, Account: anonymous.name, curl: "curl -i '" + url + "'"}
	resp, err := s.client.Get(url)
	if err != nil {
		check(t, res, false, "media/source-url/fetchable: the URL the API gave can be fetched", "%v", err)
		return res
	}
	defer resp.Body.Close()
	res.Status, res.Header = resp.StatusCode, resp.Header
	res.Body, _ = io.ReadAll(resp.Body)
	return res
}

// rawUpload posts pngBytes with the given headers as the admin, and registers the
// deletion of whatever it creates (also when the upload was expected to fail).
func (s *Suite) rawUpload(t T, query string, header ...string) *Result {
	t.Helper()
	path := "/wp/v2/media"
	if query != "" {
		path += "?" + query
	}
	r := s.as(s.admin()).do(t, http.MethodPost, path, pngBytes, header...)
	if r.Status == http.StatusCreated {
		s.deleteLater("/wp/v2/media", idOf(r))
	}
	return r
}

// multipartTitle is the title an attachment gets from an uploaded file name with
// spaces or periods: before 6.8 sanitize_file_name's dashes and underscores stay in it.
var multipartTitle = fact(map[string]string{" With Spaces": "-With-Spaces", ".With.Periods": ".With_.Periods"},
	from(wp68, map[string]string{" With Spaces": " With Spaces", ".With.Periods": ".With.Periods"}))

func mediaUploadForms(s *Suite, t T) {
	for i, form := range []string{`attachment; filename=%s.png`, `inline; filename="%s.png"`, `attachment;filename="%s.png"`, `attachment; filename = "%s.png"`} {
		name := s.name(fmt.Sprintf("disposition-%d", i))
		r := s.rawUpload(t, "", "Content-Type", "image/png", "Content-Disposition", fmt.Sprintf(form, name))
		if wantStatus(t, r, http.StatusCreated, "media/raw/disposition-forms: Content-Disposition "+form+" is accepted: 201") {
			wantValue(t, r, "title.raw", name, "media/raw/disposition-forms: the title is the file name of Content-Disposition "+form)
		}
	}
	r := s.rawUpload(t, "", "Content-Type", "image/png", "Content-Disposition", s.name("bare")+".png")
	if wantError(t, r, http.StatusBadRequest, "rest_upload_invalid_disposition", "media/errors/invalid-disposition: a Content-Disposition that is only a file name: 400 rest_upload_invalid_disposition") {
		wantValue(t, r, "message", "Invalid Content-Disposition supplied. Content-Disposition needs to be formatted as `attachment; filename=\"image.png\"` or similar.",
			"media/errors/invalid-disposition-message: rest_upload_invalid_disposition has WordPress's message")
	}
	sum := md5.Sum(pngBytes)
	r = s.rawUpload(t, "", "Content-Type", "image/png", "Content-Disposition", `attachment; filename="`+s.name("md5")+`.png"`, "Content-MD5", hex.EncodeToString(sum[:]))
	wantStatus(t, r, http.StatusCreated, "media/raw/content-md5: an upload whose Content-MD5 is the MD5 of the body is accepted: 201")
	mismatch := []*Result{
		s.rawUpload(t, "", "Content-Type", "image/png", "Content-Disposition", `attachment; filename="`+s.name("md5-bad")+`.png"`, "Content-MD5", "abc123"),
		s.uploadMultipart(t, s.name("md5-bad-mp")+".png", "image/png", pngBytes, "Content-MD5", "abc123"),
	}
	for i, r := range mismatch {
		how := []string{"raw", "multipart"}[i]
		if wantError(t, r, http.StatusPreconditionFailed, "rest_upload_hash_mismatch", "media/errors/hash-mismatch: a "+how+" upload whose Content-MD5 does not match: 412 rest_upload_hash_mismatch") {
			wantValue(t, r, "message", "Content hash did not match expected.", "media/errors/hash-mismatch: WordPress's message ("+how+")")
		}
	}
	r = s.rawUpload(t, "", "Content-Disposition", `attachment; filename="`+s.name("no-type")+`.png"`)
	if wantError(t, r, http.StatusBadRequest, "rest_upload_no_content_type", "media/errors/no-content-type: a raw upload without Content-Type: 400 rest_upload_no_content_type") {
		wantValue(t, r, "message", "No Content-Type supplied.", "media/errors/no-content-type: WordPress's message")
	}
	name := s.name("applied")
	r = s.upload(t, nil, name+".png", "image/png", pngBytes, "title="+url.QueryEscape(name+" Title")+"&caption=Cap&description=Desc&alt_text=Alt")
	for k, v := range map[string]string{"title.raw": name + " Title", "caption.raw": "Cap", "description.raw": "Desc", "alt_text": "Alt"} {
		wantValue(t, r, k, v, "media/raw/create-applies: an upload applies the title, caption, description and alt_text given in its query ("+k+")")
	}
	if r.Status == http.StatusCreated {
		p := s.upload(t, nil, s.name("parent-media")+".png", "image/png", pngBytes, fmt.Sprintf("post=%d", idOf(r)))
		if wantError(t, p, http.StatusBadRequest, "rest_invalid_param", "media/errors/parent-not-a-post: an upload attached to an attachment (post=<attachment id>): 400 rest_invalid_param") {
			wantValue(t, p, "message", "Invalid parent type.", "media/errors/parent-not-a-post: WordPress's message")
		}
	}
	r = s.upload(t, nil, s.name("alt")+".png", "image/png", pngBytes, "alt_text="+url.QueryEscape("<script>alert(1)</script>"))
	wantValue(t, r, "alt_text", "", "media/raw/alt-text-sanitized: alt_text is sanitized as text: a script element and its content are removed")
	titles := multipartTitle.at(s.wp)
	for _, suffix := range []string{" With Spaces", ".With.Periods"} {
		m := s.uploadMultipart(t, s.name("mp")+suffix+".png", "image/png", pngBytes)
		wantValue(t, m, "title.raw", s.name("mp")+titles[suffix], "media/multipart/title-keeps-spaces: a multipart file name's spaces and periods become the title "+
			"(6.1 keeps sanitize_file_name's dashes and underscores; 6.8 the name as sent)")
	}
}

func mediaAttached(s *Suite, t T) {
	admin, anon := s.as(s.admin()), s.as(anonymous)
	draft := idOf(s.create(t, nil, "/wp/v2/posts", map[string]any{"title": s.name("media-parent-draft"), "status": "draft"}))
	pub := idOf(s.create(t, nil, "/wp/v2/posts", map[string]any{"title": s.name("media-parent"), "status": "publish"}))
	md := s.upload(t, nil, s.name("on-draft")+".png", "image/png", pngBytes, fmt.Sprintf("post=%d", draft))
	mp := s.upload(t, nil, s.name("on-published")+".png", "image/png", pngBytes, fmt.Sprintf("post=%d", pub))
	if !wantStatus(t, md, http.StatusCreated, "writes/media/upload: an upload attached to a post (post=<id>) creates an attachment: 201") ||
		!wantStatus(t, mp, http.StatusCreated, "writes/media/upload: an upload attached to a post (post=<id>) creates an attachment: 201") {
		t.Skipf("blocked: %s", blockedBy("writes/media/upload: an upload attached to a post creates an attachment", md))
	}
	d, p := idOf(md), idOf(mp)
	wantValue(t, md, "post", float64(draft), "media/attached/parent: an upload with post=<id> is attached to that post")
	wantIDs(t, anon.get(t, "/wp/v2/media?include="+joinIDs(d, p)), []int{p}, "media/attached/draft-parent-hidden: an attachment of a draft is not listed for anonymous readers")
	wantIDSet(t, admin.get(t, "/wp/v2/media?include="+joinIDs(d, p)), []int{d, p}, "media/attached/draft-parent-hidden: the admin lists it")
	wantError(t, anon.get(t, fmt.Sprintf("/wp/v2/media/%d", d)), http.StatusUnauthorized, "rest_forbidden", "media/attached/draft-parent-401: reading an attachment of a draft, anonymous: 401 rest_forbidden")
	wantStatus(t, anon.get(t, fmt.Sprintf("/wp/v2/media/%d", p)), http.StatusOK, "media/attached/published-parent-public: an attachment of a published post is public")
	wantIDs(t, anon.get(t, fmt.Sprintf("/wp/v2/media?parent=%d", pub)), []int{p}, "params/media/parent: parent= lists the attachments of that post")

	un := s.upload(t, nil, s.name("unattached")+".png", "image/png", pngBytes, "")
	item := fmt.Sprintf("/wp/v2/media/%d", idOf(un))
	u := admin.send(t, http.MethodPost, item, map[string]any{"post": pub})
	wantValue(t, u, "post", float64(pub), "media/attached/update-parent: an update with post=<id> attaches the file to that post")
	u = admin.send(t, http.MethodPost, item, map[string]any{"post": 0})
	wantValue(t, u, "post", nil, "media/attached/update-parent: an update with post 0 detaches it (post null)")
	u = admin.send(t, http.MethodPost, item, map[string]any{"post": idOf(un)})
	if wantError(t, u, http.StatusBadRequest, "rest_invalid_param", "media/errors/parent-not-a-post: an update attaching a file to an attachment (itself): 400 rest_invalid_param") {
		wantValue(t, u, "message", "Invalid parent type.", "media/errors/parent-not-a-post: WordPress's message")
	}
	admin.send(t, http.MethodPost, item, map[string]any{"status": "private"})
	u = admin.send(t, http.MethodPost, item, map[string]any{"status": "inherit"})
	const notSettable = "media/status/inherit-not-settable: a private attachment cannot be set back to inherit: 400 rest_invalid_param (the update's status enum has no inherit)"
	if enum, note, ok, why := s.withOwnStatuses(t, itemStatuses); ok {
		wantInvalid(t, u, "status", "rest_not_in_enum", "status is not one of "+wpList(enum)+".", nil, notSettable+" "+note)
	} else {
		skipRule(t, notSettable, why)
	}
	for _, c := range []struct {
		acc  *account
		want string
		who  string
	}{{anonymous, "GET", "an anonymous reader"}, {s.admin(), allowItem, "the admin"}} {
		r := s.as(c.acc).do(t, http.MethodOptions, fmt.Sprintf("/wp/v2/media/%d", p), nil)
		wantHeader(t, r, "Allow", c.want, "globals/allow/options-item: OPTIONS on an item answers Allow with what the caller may do: "+c.want+" for "+c.who)
	}
}

func mediaParams(s *Suite, t T) {
	admin, anon := s.as(s.admin()), s.as(anonymous)
	wantIDs(t, anon.get(t, "/wp/v2/media?parent="+missingID), nil, "params/media/parent-missing: parent=<no such post> lists nothing")
	base := s.name("dated")
	var ids []int
	for _, d := range []string{"2016-01-15T00:00:00", "2016-01-16T00:00:00", "2016-01-17T00:00:00"} {
		r := s.upload(t, nil, base+".png", "image/png", pngBytes, "date="+d)
		wantValue(t, r, "date", d, "media/raw/create-applies: an upload applies the date given in its query")
		ids = append(ids, idOf(r))
	}
	wantIDs(t, anon.get(t, pathQuery("/wp/v2/media", "search", base, "after", "2016-01-15T00:00:00", "before", "2016-01-17T00:00:00")), ids[1:2],
		"params/media/after-before: after= and before= keep the attachments dated strictly between them")
	name := s.name("fname-xyz")
	r := s.upload(t, nil, name+".png", "image/png", pngBytes, "title=Other")
	wantIDs(t, anon.get(t, pathQuery("/wp/v2/media", "search", name)), []int{idOf(r)}, "params/media/search-filename: search= finds an attachment by its file name, whatever its title")
	wantKeys(t, admin.get(t, fmt.Sprintf("/wp/v2/media/%d?_fields=id,slug&context=edit", idOf(r))), "", []string{"id", "slug"},
		"globals/fields/keeps-listed: _fields=id,slug keeps exactly those keys (an attachment)")
}

// attachmentParagraph is the first line of an image attachment's description.rendered:
// the image itself, before the description.
var attachmentParagraph = regexp.MustCompile(`^<p class="attachment">.*</p>\n`)

func mediaRoundtrip(s *Suite, t T) {
	author := s.accountFor(t, "author")
	m := s.upload(t, author, s.name("author-media")+".png", "image/png", pngBytes, "")
	if !wantStatus(t, m, http.StatusCreated, "permissions/author/create-media: authors have upload_files: 201") {
		t.Skipf("blocked: %s", blockedBy("permissions/author/create-media: authors have upload_files", m))
	}
	const text = `\o/ ¯\_(ツ)_/¯`
	r := s.as(author).send(t, http.MethodPost, fmt.Sprintf("/wp/v2/media/%d", idOf(m)), map[string]any{"title": text, "caption": text, "description": text})
	for k, v := range map[string]string{"title.raw": text, "title.rendered": text, "caption.raw": text, "caption.rendered": "<p>" + text + "</p>\n", "description.raw": text} {
		wantValue(t, r, k, v, "media/roundtrip/author-text: backslashes and non-ASCII text written by an author come back as sent ("+k+")")
	}
	desc := attachmentParagraph.ReplaceAllString(textAt(r, "description.rendered"), "")
	check(t, r, desc == "<p>"+text+"</p>\n", "media/roundtrip/author-text: backslashes and non-ASCII text written by an author come back as sent (description.rendered, after the image paragraph)",
		"description.rendered without the image: %q", desc)
}
