package mock

import (
	"bytes"
	"mime/multipart"
	"net/http"
	"net/textproto"
	"strings"
	"testing"
)

// TestUploadNamesPastNameMax: a raw upload named with 250 characters was stored;
// wp_tempnam's temporary name (the name, "-xxxxxx.tmp") cannot be created, so
// upload_from_data answers 500 rest_upload_file_error, and a multipart file cannot be
// moved to its name (rest_upload_unknown_error).
func TestUploadNamesPastNameMax(t *testing.T) {
	s := newTestSite(t)
	name := strings.Repeat("a", 245) + ".png" // 249 bytes; its temporary name has 256
	s.do(t, http.MethodPost, "/wp/v2/media", "admin", bytes.NewReader(testPNG(t)), "Content-Type", "image/png",
		"Content-Disposition", `attachment; filename="`+name+`"`).wantError(t, 500, "rest_upload_file_error")
	name = strings.Repeat("a", 252) + ".png" // 256 bytes
	var b bytes.Buffer
	w := multipart.NewWriter(&b)
	p, _ := w.CreatePart(textproto.MIMEHeader{"Content-Disposition": {`form-data; name="file"; filename="` + name + `"`},
		"Content-Type": {"image/png"}})
	p.Write(testPNG(t))
	w.Close()
	s.do(t, http.MethodPost, "/wp/v2/media", "admin", &b, "Content-Type", w.FormDataContentType()).wantError(t, 500, "rest_upload_unknown_error")
}

// TestMultipartReadAsPHPReadsIt: PHP's own multipart parser decides what WordPress
// sees. Without a boundary nothing is parsed and the body stays in php://input (so
// the raw upload misses its Content-Disposition); a body that ends inside the file
// leaves it UPLOAD_ERR_PARTIAL; a file part without a name is filed under "0".
func TestMultipartReadAsPHPReadsIt(t *testing.T) {
	s := newTestSite(t)
	const bd = "xyzB"
	part := "--" + bd + "\r\nContent-Disposition: form-data; name=\"file\"; filename=\"a.png\"\r\nContent-Type: image/png\r\n\r\n" + string(testPNG(t)) + "\r\n"
	for _, c := range []struct {
		name, ctype, body, code, message string
		status                           int
	}{
		{"no boundary", "multipart/form-data", part + "--" + bd + "--\r\n", "rest_upload_no_content_disposition", "No Content-Disposition supplied.", 400},
		{"not closed", "multipart/form-data; boundary=" + bd, part, "rest_upload_unknown_error", "The uploaded file was only partially uploaded.", 500},
		{"no name", "multipart/form-data; boundary=" + bd, strings.Replace(part, ` name="file";`, "", 1) + "--" + bd + "--\r\n",
			"rest_upload_unknown_error", "Specified file failed upload test.", 500},
	} {
		got := s.do(t, http.MethodPost, "/wp/v2/media", "admin", strings.NewReader(c.body), "Content-Type", c.ctype)
		got.wantError(t, c.status, c.code)
		if m, _ := got.json.(map[string]any); m["message"] != c.message {
			t.Errorf("%s: message %q, want %q", c.name, m["message"], c.message)
		}
	}
}
