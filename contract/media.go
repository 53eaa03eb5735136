package contract

import (
	"bytes"
	"fmt"
	"io"
	"mime/multipart"
	"net/http"
	"net/textproto"
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
func (s *Suite) uploadMultipart(t T, filename, contentType string, data []byte) *Result {
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
	r := s.as(s.admin()).do(t, http.MethodPost, "/wp/v2/media", body.Bytes(), "Content-Type", w.FormDataContentType())
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
