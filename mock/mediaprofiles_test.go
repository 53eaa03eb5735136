package mock

import (
	"bytes"
	"net/http"
	"strconv"
	"strings"
	"testing"

	"github.com/wpmock/wpmock/mock/rest"
)

// /wp/v2/media as WordPress 6.8 and 7.1 answer it (captures of their sample image, an
// 8x6 PNG attached to a published post, in testdata/wordpress-<version>).

// compareOptionsAt is compareOptions against a capture of version v: the GET and POST
// endpoints' argument names in order, the GET arguments by value, and the schema
// exactly (its "links" and meta's empty "properties" too) once class_list's keys are
// put in the engine's order (items before context; the values are compared).
func compareOptionsAt(t *testing.T, s *testSite, v rest.Version, path, capture string) {
	t.Helper()
	got := orderedJSON(t, s.do(t, http.MethodOptions, path, "admin", nil).body, s.srv.URL).(rest.Object)
	want := capturedAt(t, v, capture).(rest.Object)
	endpoints := func(doc rest.Object) (names [][]string, get any) {
		eps, _ := doc.Get("endpoints")
		for _, e := range eps.([]any) {
			args, _ := e.(rest.Object).Get("args")
			var keys []string
			for _, a := range args.(rest.Object) {
				keys = append(keys, a.Key)
			}
			names = append(names, keys)
			if m, _ := e.(rest.Object).Get("methods"); get == nil && m.([]any)[0] == "GET" {
				get = plain(args)
			}
		}
		return names, get
	}
	wn, wg := endpoints(want)
	gn, gg := endpoints(got)
	if d := valueDiff(wn, gn); d != "" {
		t.Errorf("%s OPTIONS %s argument names: %s", v, path, d)
	}
	if d := valueDiff(wg, gg); d != "" {
		t.Errorf("%s OPTIONS %s GET args: %s", v, path, d)
	}
	ws, _ := want.Get("schema")
	gs, _ := got.Get("schema")
	wantSchema := rest.Object{}
	for _, m := range ws.(rest.Object) {
		if m.Key == "properties" {
			props := rest.Object{}
			for _, p := range m.Value.(rest.Object) {
				switch p.Key {
				case "class_list":
					o := p.Value.(rest.Object)
					items, _ := o.Get("items")
					p.Value = rest.Object{o[0], o[1], {Key: "items", Value: items}, o[2], o[3]}
				}
				props = append(props, p)
			}
			m.Value = props
		}
		wantSchema = append(wantSchema, m)
	}
	compareExact(t, v.String()+" OPTIONS "+path+" schema", wantSchema, gs)
}

// TestMediaProfileSchema: featured_media (6.5), class_list (6.6), search_columns
// (6.2) and search_semantics (6.7), media_type and mime_type as lists (6.9), filename,
// filesize and exif_orientation (7.0), the image editor fields and the upload
// arguments generate_sub_sizes, convert_format and url (7.1), where WordPress puts
// them.
func TestMediaProfileSchema(t *testing.T) {
	for _, v := range []rest.Version{rest.V68, rest.V71} {
		s := newProfileSite(t, v)
		compareOptionsAt(t, s, v, "/wp/v2/media", "options_media")
		compareOptionsAt(t, s, v, "/wp/v2/media/9", "options_media_id")
	}
}

// TestMediaProfileItems compares the sample image with WordPress's in every context:
// the same fields in the same order, and the same values where they do not depend on
// the site's data (ids, dates, file paths, the alt text the mock's sample has).
func TestMediaProfileItems(t *testing.T) {
	dataKeys := map[string]bool{"id": true, "date": true, "date_gmt": true, "guid": true, "modified": true,
		"modified_gmt": true, "link": true, "permalink_template": true, "class_list": true, "description": true,
		"alt_text": true, "media_details": true, "post": true, "source_url": true, "_links": true, "_embedded": true}
	for _, v := range []rest.Version{rest.V68, rest.V71} {
		s := newProfileSite(t, v)
		for _, c := range []struct{ query, capture string }{
			{"", "media_item_view"}, {"?context=embed", "media_item_embed"}, {"?context=edit", "media_item_edit"},
		} {
			got := orderedJSON(t, s.get(t, "/wp/v2/media/9"+c.query, "admin").body, s.srv.URL).(rest.Object)
			want := capturedAt(t, v, c.capture).(rest.Object)
			var gk, wk []string
			for _, m := range got {
				gk = append(gk, m.Key)
			}
			for _, m := range want {
				wk = append(wk, m.Key)
			}
			if strings.Join(gk, ",") != strings.Join(wk, ",") {
				t.Errorf("%s %s: got fields %v\nwant %v", v, c.capture, gk, wk)
			}
			for _, m := range want {
				if dataKeys[m.Key] {
					continue
				}
				g, _ := got.Get(m.Key)
				compareExact(t, v.String()+" "+c.capture+" "+m.Key, m.Value, g)
			}
		}
		edit := s.get(t, "/wp/v2/media/9?context=edit", "admin").json.(map[string]any)
		meta := edit["media_details"].(map[string]any)["image_meta"]
		wantMeta := plain(capturedAt(t, v, "media_item_edit")).(map[string]any)["media_details"].(map[string]any)["image_meta"]
		if d := valueDiff(wantMeta, meta); d != "" {
			t.Errorf("%s image_meta: %s", v, d)
		}
		if got, want := edit["class_list"], []any{"post-9", "attachment", "type-attachment", "status-inherit", "hentry"}; valueDiff(want, got) != "" {
			t.Errorf("%s class_list: %s", v, valueDiff(want, got))
		}
		// the_content puts loading and decoding first from 6.4
		desc := edit["description"].(map[string]any)["rendered"].(string)
		if !strings.Contains(desc, `<img loading="lazy" decoding="async" width="8" height="6" src="`) {
			t.Errorf("%s description: %s", v, desc)
		}
	}
	desc := newTestSite(t).get(t, "/wp/v2/media/9", "").json.(map[string]any)["description"].(map[string]any)["rendered"].(string)
	if !strings.Contains(desc, `alt="A sample image" decoding="async" loading="lazy" />`) {
		t.Errorf("6.1 description: %s", desc)
	}
}

// TestMediaProfileLinks: 6.9 links an attachment to its post (embeddable, with the
// post's type and id); a featured image of an audio file is linked in 6.8 whoever
// asks, in 7.1 only for callers who may read it.
func TestMediaProfileLinks(t *testing.T) {
	links := func(s *testSite, path, login string) map[string]any {
		return s.get(t, path, login).json.(map[string]any)["_links"].(map[string]any)
	}
	if _, ok := links(newProfileSite(t, rest.V68), "/wp/v2/media/9", "")["wp:attached-to"]; ok {
		t.Errorf("6.8 links the attachment to its post")
	}
	s := newProfileSite(t, rest.V71)
	got := links(s, "/wp/v2/media/9", "")["wp:attached-to"]
	want := []any{map[string]any{"embeddable": true, "post_type": "post", "id": 2.0, "href": s.srv.URL + "/wp-json/wp/v2/posts/2"}}
	if d := valueDiff(want, got); d != "" {
		t.Errorf("7.1 wp:attached-to: %s", d)
	}
	if r := s.get(t, "/wp/v2/media/9?_embed=wp:attached-to", ""); !strings.Contains(string(r.body), `"_embedded":{"wp:attached-to":[{"id":2,`) {
		t.Errorf("7.1 _embed=wp:attached-to: %.300s", r.body)
	}

	for _, c := range []struct {
		v      rest.Version
		login  string
		linked bool
	}{{rest.V68, "", true}, {rest.V71, "", false}, {rest.V71, "admin", true}} {
		s := newProfileSite(t, c.v)
		audio := s.uploadRaw(t, "admin", "", []byte("ID3\x03\x00\x00\x00\x00\x00\x00"),
			"Content-Type", "audio/mpeg", "Content-Disposition", `attachment; filename="song.mp3"`).id(t)
		// the image becomes private: only those who may read it see the link in 7.1
		img := s.upload(t, "admin", "cover.png", testPNG(t)).id(t)
		body, h := jsonRequest(`{"status":"private"}`)
		s.do(t, http.MethodPost, "/wp/v2/media/"+strconv.Itoa(img), "admin", body, h...)
		body, h = jsonRequest(`{"featured_media":` + strconv.Itoa(img) + `}`)
		if r := s.do(t, http.MethodPost, "/wp/v2/media/"+strconv.Itoa(audio), "admin", body, h...); r.obj(t)["featured_media"] != float64(img) {
			t.Fatalf("%s featured_media of an audio file: %s", c.v, r.body)
		}
		_, linked := links(s, "/wp/v2/media/"+strconv.Itoa(audio), c.login)["wp:featuredmedia"]
		if linked != c.linked {
			t.Errorf("%s as %q: wp:featuredmedia linked %v, want %v", c.v, c.login, linked, c.linked)
		}
	}
}

// TestMediaProfileFeaturedMedia: featured_media (6.5) is for audio and video files;
// an image's create answers rest_no_featured_media once the file is stored, its update
// ignores it; setting the featured image an audio file already has fails, as
// update_post_meta does for an unchanged value.
func TestMediaProfileFeaturedMedia(t *testing.T) {
	s := newProfileSite(t, rest.V68)
	r := s.upload(t, "admin", "fm.png", testPNG(t), "featured_media", "9")
	r.wantError(t, http.StatusBadRequest, "rest_no_featured_media")
	if m, _ := r.json.(map[string]any); m["message"] != "This site does not support post thumbnails on attachments with MIME type image/png." {
		t.Errorf("message: %v", m["message"])
	}
	if ids := listIDs(t, s.get(t, "/wp/v2/media?search=fm", "admin")); len(ids) != 1 {
		t.Errorf("the refused upload is not stored: %v", ids)
	}
	body, h := jsonRequest(`{"featured_media":9}`)
	if r := s.do(t, http.MethodPost, "/wp/v2/media/9", "admin", body, h...); r.status != 200 || r.obj(t)["featured_media"] != 0.0 {
		t.Errorf("image update: %d %.200s", r.status, r.body)
	}
	audio := s.uploadRaw(t, "admin", "", []byte("ID3\x03\x00\x00\x00\x00\x00\x00"),
		"Content-Type", "audio/mpeg", "Content-Disposition", `attachment; filename="song.mp3"`).id(t)
	for _, c := range []struct {
		body   string
		status int
		want   float64
	}{{`{"featured_media":9}`, 200, 9}, {`{"featured_media":-9}`, 200, 9}, {`{"featured_media":0}`, 200, 0}} {
		body, h := jsonRequest(c.body)
		r := s.do(t, http.MethodPost, "/wp/v2/media/"+strconv.Itoa(audio), "admin", body, h...)
		if r.status != c.status || r.obj(t)["featured_media"] != c.want {
			t.Errorf("%s: %d %v, want %d %v", c.body, r.status, r.obj(t)["featured_media"], c.status, c.want)
		}
	}
	r = s.upload(t, "admin", "song2.mp3", []byte("ID3\x03\x00\x00\x00\x00\x00\x00"), "featured_media", "999")
	r.wantError(t, http.StatusBadRequest, "rest_invalid_featured_media")
	// 6.1 has no such argument: it is ignored
	r = newProfileSite(t, rest.V61).upload(t, "admin", "fm.png", testPNG(t), "featured_media", "9")
	if r.status != http.StatusCreated {
		t.Errorf("6.1: %d %.200s", r.status, r.body)
	}
}

// TestMediaProfileUploads: from 6.6 an upload to a post goes to the post's month and
// takes its title from the client's file name; 6.8 refuses a multipart image the
// editor cannot resize (7.1 lets HEIC through); 7.0 adds filename and filesize, and
// the image fields of 7.1 are left out for other files.
func TestMediaProfileUploads(t *testing.T) {
	for _, c := range []struct {
		v            rest.Version
		title, file  string
		bmp, heicErr bool
	}{
		{rest.V61, "My-Photo", "2025/06/My-Photo.png", false, true},
		{rest.V68, "My Photo", "2024/01/My-Photo.png", true, true},
		{rest.V71, "My Photo", "2024/01/My-Photo.png", true, false},
	} {
		s := newProfileSite(t, c.v)
		r := s.upload(t, "admin", "My Photo.png", testPNG(t), "post", "2") // post 2 is of January 2024
		o := r.obj(t)
		if title := o["title"].(map[string]any)["raw"]; title != c.title || o["media_details"].(map[string]any)["file"] != c.file {
			t.Errorf("%s: title %v file %v, want %s %s", c.v, title, o["media_details"].(map[string]any)["file"], c.title, c.file)
		}
		body, ct := multipartTyped(t, "x.bmp", "image/bmp", bmpFile())
		if r := s.do(t, http.MethodPost, "/wp/v2/media", "admin", body, "Content-Type", ct); (r.status == http.StatusBadRequest) != c.bmp {
			t.Errorf("%s bmp: %d %.200s", c.v, r.status, r.body)
		} else if c.bmp {
			r.wantError(t, http.StatusBadRequest, "rest_upload_image_type_not_supported")
		}
		body, ct = multipartTyped(t, "x.heic", "image/heic", testPNG(t))
		r = s.do(t, http.MethodPost, "/wp/v2/media", "admin", body, "Content-Type", ct)
		if got := r.errorCode() == "rest_upload_image_type_not_supported"; got != (c.heicErr && c.v >= rest.V68) {
			t.Errorf("%s heic: %d %.200s", c.v, r.status, r.body)
		}
	}
	s := newProfileSite(t, rest.V71)
	o := s.uploadRaw(t, "admin", "", []byte("%PDF-1.4 test"), "Content-Type", "application/pdf",
		"Content-Disposition", `attachment; filename="doc.pdf"`).obj(t)
	for _, key := range []string{"exif_orientation", "image_output_format", "image_save_progressive", "image_quality"} {
		if _, ok := o[key]; ok {
			t.Errorf("7.1 pdf has %s", key)
		}
	}
	if o["filename"] != "doc.pdf" || o["filesize"] != 13.0 || valueDiff([]any{"thumbnail", "medium", "large"}, o["missing_image_sizes"]) != "" {
		t.Errorf("7.1 pdf: filename %v filesize %v missing_image_sizes %v", o["filename"], o["filesize"], o["missing_image_sizes"])
	}
}

// bmpFile is a 2x1 24-bit BMP.
func bmpFile() []byte {
	row := []byte{0, 0, 255, 0, 255, 0, 0, 0}
	hdr := []byte("BM")
	le := func(n, size int) []byte {
		b := make([]byte, size)
		for i := range b {
			b[i] = byte(n >> (8 * i))
		}
		return b
	}
	hdr = append(hdr, le(54+len(row), 4)...)
	hdr = append(hdr, le(0, 4)...)
	hdr = append(hdr, le(54, 4)...)
	hdr = append(hdr, le(40, 4)...)
	hdr = append(hdr, le(2, 4)...)
	hdr = append(hdr, le(1, 4)...)
	hdr = append(hdr, le(1, 2)...)
	hdr = append(hdr, le(24, 2)...)
	hdr = append(hdr, make([]byte, 24)...)
	return append(hdr, row...)
}

// multipartTyped is a multipart body with one "file" part of the given Content-Type.
func multipartTyped(t *testing.T, name, ctype string, data []byte) (*bytes.Buffer, string) {
	t.Helper()
	var b bytes.Buffer
	b.WriteString("--b\r\nContent-Disposition: form-data; name=\"file\"; filename=\"" + name + "\"\r\nContent-Type: " + ctype + "\r\n\r\n")
	b.Write(data)
	b.WriteString("\r\n--b--\r\n")
	return &b, "multipart/form-data; boundary=b"
}

// TestMediaProfileListArgs: media_type and mime_type are lists from 6.9, whose types
// add up (as strings, mime_type replaced media_type), and whose errors name the item.
func TestMediaProfileListArgs(t *testing.T) {
	for _, c := range []struct {
		v     rest.Version
		query string
		ids   []int
		err   string
	}{
		{rest.V68, "media_type=video&mime_type=image/png", []int{9}, ""},
		{rest.V68, "media_type=video", []int{}, ""},
		{rest.V68, "media_type[]=image", nil, "media_type is not of type string."},
		{rest.V71, "media_type[]=video&media_type[]=image", []int{9}, ""},
		{rest.V71, "media_type=video&mime_type=image/jpeg", []int{}, ""},
		{rest.V71, "mime_type[]=image/jpeg&mime_type[]=image/png", []int{9}, ""},
		{rest.V71, "mime_type=foo/bar", []int{9}, ""},
		{rest.V71, "media_type[]=image&media_type[]=bogus", nil, "media_type[1] is not one of image, video, text, application, and audio."},
	} {
		r := newProfileSite(t, c.v).get(t, "/wp/v2/media?"+c.query, "")
		if c.err != "" {
			r.wantError(t, http.StatusBadRequest, "rest_invalid_param")
			if !strings.Contains(string(r.body), c.err) {
				t.Errorf("%s %s: %s", c.v, c.query, r.body)
			}
			continue
		}
		if ids := listIDs(t, r); valueDiff(c.ids, ids) != "" {
			t.Errorf("%s %s: got %v, want %v", c.v, c.query, ids, c.ids)
		}
	}
}

// TestMediaProfileURL: url (7.1) must pass wp_http_validate_url, name an image file,
// and be downloadable: the mock reaches its own uploads only.
func TestMediaProfileURL(t *testing.T) {
	s := newProfileSite(t, rest.V71)
	post := func(body string) reply {
		b, h := jsonRequest(body)
		return s.do(t, http.MethodPost, "/wp/v2/media", "admin", b, h...)
	}
	for _, c := range []struct {
		url, code, msg string
		status         int
	}{
		{"notaurl", "rest_invalid_param", "Invalid URL. Provide a valid, publicly reachable HTTP or HTTPS image URL.", 400},
		{"http://10.1.2.3/x.png", "rest_invalid_param", "", 400},
		{"http://example.com/x.png", "rest_invalid_param", "", 400}, // no name resolves
		{"http://8.8.8.8/x.txt", "rest_invalid_url", "The provided URL does not point to a supported image file.", 400},
		{"http://8.8.8.8/", "rest_invalid_url", "Could not determine a filename from the provided URL.", 400},
		{"http://8.8.8.8/x.png", "http_request_failed", "cURL error 7: Failed to connect to 8.8.8.8 port 80 after 0 ms: Couldn't connect to server", 500},
		{s.srv.URL + "/wp-content/uploads/nope.png", "http_404", "Not Found", 500},
	} {
		r := post(`{"url":"` + c.url + `"}`)
		r.wantError(t, c.status, c.code)
		if m, _ := r.json.(map[string]any); c.msg != "" && m["message"] != c.msg && !strings.Contains(string(r.body), c.msg) {
			t.Errorf("%s: %s", c.url, r.body)
		}
	}
	// the seeded image, sideloaded from the mock's own uploads, attached to post 2
	r := post(`{"url":"` + s.srv.URL + `/wp-content/uploads/2024/01/sample.png","post":2,"title":"ignored"}`)
	if r.status != http.StatusCreated {
		t.Fatalf("sideload: %d %s", r.status, r.body)
	}
	o := r.obj(t)
	if o["title"].(map[string]any)["raw"] != "sample-1" || o["post"] != 2.0 || o["media_details"].(map[string]any)["file"] != "2024/01/sample-1.png" ||
		r.header.Get("X-WP-Upload-Attachment-ID") != "" || r.header.Get("Location") == "" {
		t.Errorf("sideload: %s", r.body)
	}
	if body := newProfileSite(t, rest.V68).do(t, http.MethodOptions, "/wp/v2/media", "", nil).body; bytes.Contains(body, []byte(`"url":{`)) {
		t.Errorf("6.8 declares url")
	}
}

// jsonRequest is a JSON body and its Content-Type header pair.
func jsonRequest(s string) (*strings.Reader, []string) {
	return strings.NewReader(s), []string{"Content-Type", "application/json"}
}

// TestMediaProfileLongRawName: a raw upload whose name is past NAME_MAX fails at
// wp_tempnam until 6.3, which truncates the temporary name, so the upload fails
// where it is moved (rest_upload_sideload_error).
func TestMediaProfileLongRawName(t *testing.T) {
	name := "x" + strings.Repeat("a", 260) + ".png"
	for v, code := range map[rest.Version]string{rest.V61: "rest_upload_file_error", rest.V68: "rest_upload_sideload_error"} {
		newProfileSite(t, v).uploadRaw(t, "admin", "", testPNG(t), "Content-Type", "image/png",
			"Content-Disposition", `attachment; filename="`+name+`"`).wantError(t, http.StatusInternalServerError, code)
	}
}
