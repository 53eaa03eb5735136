package mock

import (
	"bytes"
	"crypto/md5"
	"encoding/hex"
	"github.com/wpmock/wpmock/mock/wpfunc"
	"io"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"
)

// Uploads and the other media writes, checked against what WordPress 6.1.9 answered
// for the same requests (ci/wordpress, compared side by side with curl).

// testPNG is a 5x3 PNG.
func testPNG(t testing.TB) []byte {
	t.Helper()
	b, err := seedImage(5, 3)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// upload is a multipart POST /wp/v2/media with a "file" part named name (none when
// name is "-") and form fields.
func (s *testSite) upload(t testing.TB, login, name string, data []byte, fields ...string) reply {
	t.Helper()
	body, ct := multipartBody(t, name, data, fields...)
	return s.do(t, http.MethodPost, "/wp/v2/media", login, body, "Content-Type", ct)
}

func multipartBody(t testing.TB, name string, data []byte, fields ...string) (io.Reader, string) {
	t.Helper()
	var body bytes.Buffer
	mw := multipart.NewWriter(&body)
	if name != "-" {
		fw, err := mw.CreateFormFile("file", name)
		if err != nil {
			t.Fatal(err)
		}
		fw.Write(data)
	}
	for i := 0; i+1 < len(fields); i += 2 {
		mw.WriteField(fields[i], fields[i+1])
	}
	mw.Close()
	return &body, mw.FormDataContentType()
}

// uploadRaw is a raw-body POST /wp/v2/media; header pairs as for do.
func (s *testSite) uploadRaw(t testing.TB, login, query string, data []byte, header ...string) reply {
	t.Helper()
	return s.do(t, http.MethodPost, "/wp/v2/media"+query, login, bytes.NewReader(data), header...)
}

func (r reply) id(t testing.TB) int { t.Helper(); return int(r.obj(t)["id"].(float64)) }

// fetch GETs a URL of the test site (an uploaded file).
func (s *testSite) fetch(t testing.TB, url string) (int, string, []byte) {
	t.Helper()
	resp, err := http.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, resp.Header.Get("Content-Type"), b
}

// TestMediaUploadLifecycle: upload (raw and multipart), read in every context, fetch
// the file, update, list, delete without force (501), force delete, and the file, the
// attachment and the featured image are gone.
func TestMediaUploadLifecycle(t *testing.T) {
	png := testPNG(t)
	for _, c := range []struct {
		name string
		send func(s *testSite) reply
	}{
		{"raw", func(s *testSite) reply {
			return s.uploadRaw(t, "admin", "?title=Cycle&alt_text=Alt", png,
				"Content-Type", "image/png", "Content-Disposition", `attachment; filename="cycle.png"`)
		}},
		{"multipart", func(s *testSite) reply {
			return s.upload(t, "admin", "cycle.png", png, "title", "Cycle", "alt_text", "Alt")
		}},
	} {
		t.Run(c.name, func(t *testing.T) {
			s := newTestSite(t)
			created := c.send(s)
			if created.status != http.StatusCreated {
				t.Fatalf("upload: %d %s", created.status, created.body)
			}
			id := created.id(t)
			path := "/wp/v2/media/" + strconv.Itoa(id)
			if got := created.header.Get("Location"); got != s.srv.URL+"/wp-json"+path {
				t.Errorf("Location: got %q", got)
			}
			if got := created.header.Get("X-WP-Upload-Attachment-ID"); got != strconv.Itoa(id) {
				t.Errorf("X-WP-Upload-Attachment-ID: got %q, want %d", got, id)
			}
			src := s.srv.URL + "/wp-content/uploads/2025/06/cycle.png"
			created.wantFields(t, map[string]any{
				"title.raw": "Cycle", "slug": "cycle", "status": "inherit", "type": "attachment", "author": 1.0,
				"comment_status": "open", "ping_status": "closed", "alt_text": "Alt", "media_type": "image",
				"mime_type": "image/png", "post": nil, "source_url": src, "guid.raw": src, "link": s.srv.URL + "/cycle/",
				"media_details.width": 5.0, "media_details.height": 3.0, "media_details.file": "2025/06/cycle.png",
				"media_details.filesize": float64(len(png)), "missing_image_sizes": []any{},
			})
			for ctx, capture := range map[string]string{"view": "media_item_view", "embed": "media_item_embed", "edit": "media_item_edit"} {
				r := s.get(t, path+"?context="+ctx, "admin")
				for _, d := range shapeDiff(captured(t, capture), r.json) {
					t.Errorf("GET %s context %s vs WordPress: %s", path, ctx, d)
				}
			}
			for _, d := range shapeDiff(captured(t, "media_item_edit"), created.json) {
				t.Errorf("upload response vs WordPress: %s", d)
			}
			if status, ct, b := s.fetch(t, src); status != http.StatusOK || ct != "image/png" || !bytes.Equal(b, png) {
				t.Errorf("GET %s: %d %s, same bytes %v", src, status, ct, bytes.Equal(b, png))
			}

			updated := s.send(t, http.MethodPost, path, "admin", map[string]any{
				"title": "Renamed", "caption": map[string]any{"raw": "Cap"}, "description": "Desc", "post": 1,
				"alt_text": " a <b>b</b>\t c %41", "status": "draft"})
			updated.wantFields(t, map[string]any{"title.raw": "Renamed", "caption.raw": "Cap", "description.raw": "Desc",
				"post": 1.0, "alt_text": "a b c", "status": "inherit", "slug": "cycle",
				"link": s.srv.URL + "/hello-world/cycle/"})
			if ids := listIDs(t, s.get(t, "/wp/v2/media?parent=1", "")); len(ids) != 1 || ids[0] != id {
				t.Errorf("media?parent=1: got %v, want [%d]", ids, id)
			}
			s.send(t, http.MethodPost, "/wp/v2/posts/1", "admin", map[string]any{"featured_media": id})

			s.do(t, http.MethodDelete, path, "admin", nil).wantError(t, http.StatusNotImplemented, "rest_trash_not_supported")
			gone := s.do(t, http.MethodDelete, path+"?force=true", "admin", nil)
			gone.wantFields(t, map[string]any{"deleted": true, "previous.id": float64(id), "previous.title.raw": "Renamed"})
			s.get(t, path, "admin").wantError(t, http.StatusNotFound, "rest_post_invalid_id")
			if status, _, _ := s.fetch(t, src); status != http.StatusNotFound {
				t.Errorf("file after delete: got %d, want 404", status)
			}
			s.get(t, "/wp/v2/posts/1", "").wantFields(t, map[string]any{"featured_media": 0.0})
		})
	}
}

func listIDs(t testing.TB, r reply) []int {
	t.Helper()
	list, _ := r.json.([]any)
	ids := make([]int, 0, len(list))
	for _, x := range list {
		ids = append(ids, int(x.(map[string]any)["id"].(float64)))
	}
	return ids
}

// TestMediaUploadNames: the stored name is sanitize_file_name's, made unique with -1,
// -2 (names like sub-sizes always get one), the extension lower-cased and corrected to
// the image's real type; the title is the stored name without its extension.
func TestMediaUploadNames(t *testing.T) {
	s := newTestSite(t)
	png, gif := testPNG(t), []byte("GIF89a\x05\x00\x03\x00\x00\x00\x00;")
	for _, c := range []struct {
		name      string
		data      []byte
		file      string
		title     string
		slug      string
		mime      string
		login     string
		extraArgs []string
	}{
		{"a.png", png, "a.png", "a", "a", "image/png", "", nil},
		{"a.png", png, "a-1.png", "a-1", "a-1", "image/png", "", nil},
		{"a.png", png, "a-2.png", "a-2", "a-2", "image/png", "", nil},
		{"Big File.PNG", png, "Big-File.png", "Big-File", "big-file", "image/png", "", nil},
		{"big-file.png", png, "big-file.png", "big-file", "big-file-2", "image/png", "", nil},
		{"x-150x150.png", png, "x-150x150-1.png", "x-150x150-1", "x-150x150-1", "image/png", "", nil},
		{"x-150x150.png", png, "x-150x150-2.png", "x-150x150-2", "x-150x150-2", "image/png", "", nil},
		{"w h#?&é(1).png", png, "w-he1.png", "w-he1", "w-he1", "image/png", "", nil},
		{"x.php.png", png, "x.php_.png", "x.php_", "x-php_", "image/png", "", nil},
		{"photo.jpg", png, "photo.png", "photo", "photo", "image/png", "", nil},
		{"anim.png", gif, "anim.gif", "anim", "anim", "image/gif", "", nil},
		{"notes.txt", []byte("hello\n"), "notes.txt", "notes", "notes", "text/plain", "", nil},
		{"data.csv", []byte("a,b\n1,2\n"), "data.csv", "data", "data", "text/csv", "", nil},
		{"page.html", []byte("<!DOCTYPE html><html></html>"), "page.html", "page", "page", "text/html", "", nil},
		{"report.doc", []byte("\xd0\xcf\x11\xe0\x00\x01binary"), "report.doc", "report", "report", "application/msword", "", nil},
		// the slug of a clashing title is unique across every type ("hello-world" is post 1)
		{"hw.png", png, "hw.png", "Hello World", "hello-world-2", "image/png", "", []string{"title", "Hello World"}},
		// PHP's empty("0"): the title falls back to the file name
		{"zero.png", png, "zero.png", "zero", "zero", "image/png", "", []string{"title", "0"}},
	} {
		r := s.upload(t, "admin", c.name, c.data, c.extraArgs...)
		if r.status != http.StatusCreated {
			t.Errorf("upload %q: %d %s", c.name, r.status, r.body)
			continue
		}
		r.wantFields(t, map[string]any{"source_url": s.srv.URL + "/wp-content/uploads/2025/06/" + c.file,
			"title.raw": c.title, "slug": c.slug, "mime_type": c.mime})
	}
	// a title that sanitises to nothing leaves the slug to be the id
	r := s.upload(t, "admin", "bang.png", png, "title", "!!!")
	r.wantFields(t, map[string]any{"slug": strconv.Itoa(r.id(t)), "title.raw": "!!!"})
}

// TestMediaUploadFields: what an upload makes of the other fields.
func TestMediaUploadFields(t *testing.T) {
	s := newTestSite(t)
	png := testPNG(t)
	for _, c := range []struct {
		name   string
		fields []string
		want   map[string]any
	}{
		{"status draft is inherit", []string{"status", "draft"}, map[string]any{"status": "inherit", "date_gmt": "2025-06-01T12:00:00"}},
		{"status private", []string{"status", "private"}, map[string]any{"status": "private", "title.rendered": "Private: f-1"}},
		{"fields", []string{"title", "T", "slug", "my-slug", "comment_status", "closed", "ping_status", "open",
			"date", "2020-01-02T03:04:05", "description", "D", "caption", "C", "post", "2"},
			map[string]any{"title.raw": "T", "slug": "my-slug", "comment_status": "closed", "ping_status": "open",
				"date": "2020-01-02T03:04:05", "modified": "2020-01-02T03:04:05", "description.raw": "D",
				"caption.raw": "C", "post": 2.0}},
		// insert_attachment ignores prepare_item_for_database's error: the title, slug
		// and comment_status are lost, caption, post and alt_text kept
		{"unknown author", []string{"author", "999", "title", "T", "slug", "lost", "comment_status", "closed",
			"caption", "C", "post", "1", "alt_text", "A"},
			map[string]any{"author": 1.0, "title.raw": "f-3", "slug": "f-3", "comment_status": "open",
				"caption.raw": "C", "post": 1.0, "alt_text": "A"}},
	} {
		r := s.upload(t, "admin", "f.png", png, c.fields...)
		if r.status != http.StatusCreated {
			t.Errorf("%s: %d %s", c.name, r.status, r.body)
			continue
		}
		for k, v := range c.want {
			if d := valueDiff(v, field(r.obj(t), k)); d != "" {
				t.Errorf("%s: %s: %s", c.name, k, d)
			}
		}
	}
}

// TestMediaUploadErrors: every refusal, with WordPress's status, code and message.
func TestMediaUploadErrors(t *testing.T) {
	s := newTestSite(t)
	png := testPNG(t)
	disp := func(name string) []string {
		return []string{"Content-Type", "image/png", "Content-Disposition", `attachment; filename="` + name + `"`}
	}
	sum := md5.Sum(png)
	for _, c := range []struct {
		name         string
		send         func() reply
		status       int
		code, msgHas string
	}{
		{"anonymous", func() reply { return s.upload(t, "", "a.png", png) }, 401, "rest_cannot_create", "Sorry, you are not allowed to create posts as this user."},
		{"contributor", func() reply { return s.upload(t, "contributor", "a.png", png) }, 403, "rest_cannot_create", ""},
		{"author attaches to another's post", func() reply { return s.upload(t, "author", "a.png", png, "post", "1") }, 403, "rest_cannot_edit", msgUploadToPost},
		{"post that does not exist", func() reply { return s.upload(t, "admin", "a.png", png, "post", "999999") }, 403, "rest_cannot_edit", msgUploadToPost},
		{"post is a revision", func() reply { return s.upload(t, "admin", "a.png", png, "post", "8") }, 400, "rest_invalid_param", msgInvalidParentType},
		{"post is an attachment", func() reply { return s.upload(t, "admin", "a.png", png, "post", "9") }, 400, "rest_invalid_param", msgInvalidParentType},
		{"author as someone else", func() reply { return s.upload(t, "author", "a.png", png, "author", "1") }, 403, "rest_cannot_edit_others", ""},
		{"with an id", func() reply { return s.upload(t, "author", "a.png", png, "id", "5") }, 400, "rest_post_exists", ""},
		// form fields are arguments like any other
		{"bad status field", func() reply { return s.upload(t, "admin", "a.png", png, "status", "bogus") }, 400, "rest_invalid_param", "Invalid parameter(s): status"},
		{"bad post field", func() reply { return s.upload(t, "admin", "a.png", png, "post", "abc") }, 400, "rest_invalid_param", "Invalid parameter(s): post"},
		{"exe", func() reply { return s.upload(t, "admin", "x.exe", []byte("MZ\x90\x00")) }, 500, "rest_upload_unknown_error", msgFileType},
		{"php", func() reply { return s.upload(t, "admin", "x.php", []byte("<?php echo 1;")) }, 500, "rest_upload_unknown_error", msgFileType},
		{"text named gif", func() reply { return s.upload(t, "admin", "x.gif", []byte("hello")) }, 500, "rest_upload_unknown_error", msgFileType},
		{"html named txt", func() reply { return s.upload(t, "admin", "x.txt", []byte("<html><body>x</body></html>")) }, 500, "rest_upload_unknown_error", msgFileType},
		{"css", func() reply { return s.upload(t, "admin", "x.css", []byte("body { color: red; }")) }, 500, "rest_upload_unknown_error", msgFileType},
		{"html without unfiltered_html", func() reply { return s.upload(t, "author", "x.html", []byte("<html></html>")) }, 500, "rest_upload_unknown_error", msgFileType},
		{"no extension", func() reply { return s.upload(t, "admin", "noext", []byte("hello")) }, 500, "rest_upload_unknown_error", msgFileType},
		{"empty file", func() reply { return s.upload(t, "admin", "e.png", nil) }, 500, "rest_upload_unknown_error", "File is empty."},
		{"empty filename", func() reply { return s.upload(t, "admin", "", png) }, 500, "rest_upload_unknown_error", msgNoFileUploaded},
		{"no file part", func() reply { return s.upload(t, "admin", "-", nil, "title", "x") }, 400, "rest_upload_no_data", "No data supplied."},
		{"hash mismatch", func() reply {
			body, ct := multipartBody(t, "a.png", png)
			return s.do(t, http.MethodPost, "/wp/v2/media", "admin", body, "Content-Type", ct, "Content-MD5", "abc")
		}, 412, "rest_upload_hash_mismatch", "Content hash did not match expected."},
		{"hash of a missing file part", func() reply {
			body, ct := multipartBody(t, "-", nil, "title", "x")
			return s.do(t, http.MethodPost, "/wp/v2/media", "admin", body, "Content-Type", ct, "Content-MD5", hex.EncodeToString(sum[:]))
		}, 400, "rest_upload_no_data", ""},
		{"raw exe", func() reply {
			return s.uploadRaw(t, "admin", "", []byte("MZ\x90\x00"), "Content-Type", "application/octet-stream", "Content-Disposition", "attachment; filename=x.exe")
		}, 500, "rest_upload_sideload_error", msgFileType},
		{"raw no data", func() reply { return s.uploadRaw(t, "admin", "", nil, disp("a.png")...) }, 400, "rest_upload_no_data", ""},
		{"raw \"0\"", func() reply { return s.uploadRaw(t, "admin", "", []byte("0"), disp("a.png")...) }, 400, "rest_upload_no_data", ""},
		{"raw no content type", func() reply {
			return s.uploadRaw(t, "admin", "", png, "Content-Disposition", `attachment; filename="a.png"`)
		}, 400, "rest_upload_no_content_type", "No Content-Type supplied."},
		{"raw no disposition", func() reply { return s.uploadRaw(t, "admin", "", png, "Content-Type", "image/png") }, 400, "rest_upload_no_content_disposition", "No Content-Disposition supplied."},
		{"raw disposition without filename", func() reply {
			return s.uploadRaw(t, "admin", "", png, "Content-Type", "image/png", "Content-Disposition", "attachment")
		}, 400, "rest_upload_invalid_disposition", "Invalid Content-Disposition supplied."},
		{"raw filename*", func() reply {
			return s.uploadRaw(t, "admin", "", png, "Content-Type", "image/png", "Content-Disposition", "attachment; filename*=UTF-8''a.png")
		}, 400, "rest_upload_invalid_disposition", ""},
		{"raw MD5 mismatch", func() reply { return s.uploadRaw(t, "admin", "", png, append(disp("a.png"), "Content-MD5", "abc")...) }, 412, "rest_upload_hash_mismatch", ""},
		{"raw MD5 in upper case", func() reply {
			return s.uploadRaw(t, "admin", "", png, append(disp("a.png"), "Content-MD5", strings.ToUpper(hex.EncodeToString(sum[:])))...)
		}, 412, "rest_upload_hash_mismatch", ""},
	} {
		r := c.send()
		r.wantError(t, c.status, c.code)
		if m, _ := r.json.(map[string]any); c.msgHas != "" && !strings.Contains(m["message"].(string), c.msgHas) {
			t.Errorf("%s: message %q, want it to contain %q", c.name, m["message"], c.msgHas)
		}
	}
	if r := s.uploadRaw(t, "admin", "", png, append(disp("a.png"), "Content-MD5", hex.EncodeToString(sum[:]))...); r.status != http.StatusCreated {
		t.Errorf("raw upload with the right MD5: %d %s", r.status, r.body)
	}
	if n := len(listIDs(t, s.get(t, "/wp/v2/media?per_page=100", "admin"))); n != 2 {
		t.Errorf("after the refusals: %d attachments, want the seeded one and the last upload", n)
	}
}

// TestMediaUploadEnvelope: X-WP-Upload-Attachment-ID is sent with header(), so it stays
// on the HTTP response and is not among the envelope's headers.
func TestMediaUploadEnvelope(t *testing.T) {
	s := newTestSite(t)
	r := s.uploadRaw(t, "admin", "?_envelope", testPNG(t), "Content-Type", "image/png", "Content-Disposition", "attachment; filename=e.png")
	env := r.obj(t)
	if env["status"] != 201.0 || r.header.Get("X-WP-Upload-Attachment-ID") == "" {
		t.Errorf("got status %v, header %q", env["status"], r.header.Get("X-WP-Upload-Attachment-ID"))
	}
	if d := valueDiff([]any{"Allow", "Location"}, sortedKeys(env["headers"].(map[string]any))); d != "" {
		t.Errorf("envelope headers: %s", d)
	}
}

// TestMediaBodyTooLarge: a body over Options.MaxBody is refused before anything runs,
// in WordPress's error shape.
func TestMediaBodyTooLarge(t *testing.T) {
	m, err := New(Options{Seed: 1, Clock: fixedClock, MaxBody: 64})
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(m)
	t.Cleanup(srv.Close)
	s := &testSite{Mock: m, srv: srv}
	r := s.upload(t, "admin", "a.png", testPNG(t))
	r.wantError(t, http.StatusRequestEntityTooLarge, "rest_body_too_large")
	r.wantFields(t, map[string]any{"data.status": 413.0})
}

// TestMediaUpdateRules: the attachments controller's update on top of the posts one.
func TestMediaUpdateRules(t *testing.T) {
	s := newTestSite(t)
	id := s.upload(t, "author", "mine.png", testPNG(t)).id(t)
	path := "/wp/v2/media/" + strconv.Itoa(id)
	for _, c := range []struct {
		login  string
		body   map[string]any
		status int
		want   map[string]any
	}{
		{"admin", map[string]any{"post": 8}, 400, map[string]any{"code": "rest_invalid_param", "message": msgInvalidParentType}},
		{"admin", map[string]any{"post": id}, 400, map[string]any{"message": msgInvalidParentType}},
		{"admin", map[string]any{"post": 999999}, 200, map[string]any{"post": 999999.0}},
		{"admin", map[string]any{"post": 0}, 200, map[string]any{"post": nil}},
		{"admin", map[string]any{"status": "publish", "title": ""}, 200, map[string]any{"status": "inherit", "title.raw": ""}},
		{"admin", map[string]any{"alt_text": 5}, 400, map[string]any{"data.params.alt_text": "alt_text is not of type string."}},
		{"editor", map[string]any{"title": "By the editor"}, 200, map[string]any{"title.raw": "By the editor"}},
		{"contributor", map[string]any{"title": "x"}, 403, map[string]any{"code": "rest_cannot_edit"}},
		{"author", map[string]any{"author": 1}, 403, map[string]any{"code": "rest_cannot_edit_others"}},
	} {
		r := s.send(t, http.MethodPost, path, c.login, c.body)
		if r.status != c.status {
			t.Errorf("%v as %s: status %d, want %d\n%s", c.body, c.login, r.status, c.status, r.body)
			continue
		}
		r.wantFields(t, c.want)
	}
	s.do(t, http.MethodDelete, path+"?force=true", "contributor", nil).wantError(t, http.StatusForbidden, "rest_cannot_delete")
	s.do(t, http.MethodDelete, "/wp/v2/media/999999?force=true", "admin", nil).wantError(t, http.StatusNotFound, "rest_post_invalid_id")
	s.do(t, http.MethodDelete, path+"?force=true", "author", nil).wantFields(t, map[string]any{"deleted": true})
}

// TestSanitizeTextField: alt_text's sanitize_text_field (wpfunc.Kses.go) gives what WordPress 6.1
// stored for the same input.
func TestSanitizeTextField(t *testing.T) {
	for in, want := range map[string]string{
		"a < b":                      "a &lt; b",
		"x <b>y</b> < z & w":         "x y &lt; z &amp; w",
		"<script>bad()</script>ok":   "ok",
		"a%20b  c\n\td":              "ab c d",
		"<<b>>":                      "&lt;>",
		"a &amp; <i>b":               "a &amp; b",
		" al <b>t</b>  x %41 ":       "al t x",
		"q \"x\" 'y'  <":             "q \"x\" 'y' &lt;",
		"plain text, no tags at all": "plain text, no tags at all",
	} {
		if got := wpfunc.SanitizeTextField(in); got != want {
			t.Errorf("wpfunc.SanitizeTextField(%q): got %q, want %q", in, got, want)
		}
	}
}
