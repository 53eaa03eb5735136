package mock

import (
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/wpmock/wpmock/mock/prose"
	"github.com/wpmock/wpmock/mock/rest"
	"github.com/wpmock/wpmock/mock/store"
	"github.com/wpmock/wpmock/mock/wp"
)

// captureMediaSite is a test site holding, as attachment 4, the attachment of the media
// captures: an unattached 4x4 PNG "sample" uploaded by the admin (post 4 and the seeded
// attachment make way for it).
func captureMediaSite(t *testing.T) *testSite {
	t.Helper()
	s := newTestSite(t)
	d := time.Date(2026, 11, 21, 10, 55, 17, 0, time.UTC)
	s.store.Write(func(tx *store.Tx) {
		tx.DeletePost(tx.PostsByID("attachment")[0].ID)
		tx.DeletePost(4)
		img, err := seedImage(4, 4)
		if err != nil {
			t.Fatal(err)
		}
		path := "2026/11/sample.png"
		tx.PutFile(&store.File{Path: path, MimeType: "image/png", Data: img})
		p := &store.Post{ID: 4, Type: "attachment", Status: "inherit", Author: 1, Date: d, DateGMT: d,
			Modified: d, ModifiedGMT: d, Title: "sample", Slug: "sample", CommentStatus: "open", PingStatus: "closed"}
		p.SetExtra(store.Extra{GUID: wp.UploadsPrefix + path, MimeType: "image/png", File: path, Width: 4, Height: 4, FileSize: 73})
		tx.InsertPost(p)
	})
	return s
}

// TestMediaResponses pins media items and lists to WordPress 6.1 exactly, key order
// included: the captured attachment rebuilt in the mock must come back as captured in
// every context. No "free" paths are needed: the image is too small for any sub-size,
// so WordPress's media_details.sizes is {} as the mock's always is, and image_meta has
// WordPress's fixed keys.
func TestMediaResponses(t *testing.T) {
	s := captureMediaSite(t)
	for _, c := range []struct{ path, login, capture string }{
		{"/wp/v2/media/4", "", "media_item_view"},
		{"/wp/v2/media/4?context=embed", "admin", "media_item_embed"},
		{"/wp/v2/media/4?context=edit", "admin", "media_item_edit"},
		{"/wp/v2/media", "", "media_list_view"},
		{"/wp/v2/media?context=embed", "admin", "media_list_embed"},
		{"/wp/v2/media?context=edit", "admin", "media_list_edit"},
	} {
		r := s.get(t, c.path, c.login)
		if r.status != http.StatusOK {
			t.Fatalf("GET %s: status %d\n%s", c.path, r.status, r.body)
		}
		compareExact(t, c.path, capturedOrdered(t, c.capture), orderedJSON(t, r.body, s.srv.URL))
	}
	r := s.get(t, "/wp/v2/media/4", "")
	if got, want := r.header.Get("Link"), "<"+s.srv.URL+`/sample/>; rel="alternate"; type=text/html`; got != want {
		t.Errorf("item Link header: got %s, want %s", got, want)
	}
	r = s.get(t, "/wp/v2/media", "")
	if r.header.Get("X-WP-Total") != "1" || r.header.Get("X-WP-TotalPages") != "1" {
		t.Errorf("list headers: got total %s, pages %s, want 1, 1", r.header.Get("X-WP-Total"), r.header.Get("X-WP-TotalPages"))
	}
}

// TestMediaSchema pins the OPTIONS document of /media to WordPress's: the schema with
// its property order, and the list arguments (values; the order of keys inside each
// argument is the engine's), meta's empty "properties" included.
func TestMediaSchema(t *testing.T) {
	compareOptions(t, "/wp/v2/media", "options_media")
}

// compareOptions compares the OPTIONS answer of path with a capture: the GET
// endpoint's arguments by value, the schema exactly (key order included, its "links"
// too) once the "properties" of the named fields are dropped from the capture.
func compareOptions(t *testing.T, path, capture string, noProps ...string) {
	t.Helper()
	s := newTestSite(t)
	r := s.do(t, http.MethodOptions, path, "admin", nil)
	got := orderedJSON(t, r.body, s.srv.URL).(rest.Object)
	want := capturedOrdered(t, capture).(rest.Object)
	endpoint := func(doc rest.Object) any {
		eps, _ := doc.Get("endpoints")
		for _, e := range eps.([]any) {
			if m, _ := e.(rest.Object).Get("methods"); len(m.([]any)) == 1 && m.([]any)[0] == "GET" {
				args, _ := e.(rest.Object).Get("args")
				return plain(args)
			}
		}
		return nil
	}
	if d := valueDiff(endpoint(want), endpoint(got)); d != "" {
		t.Errorf("OPTIONS %s: GET args: %s", path, d)
	}
	ws, _ := want.Get("schema")
	gs, _ := got.Get("schema")
	wantSchema := rest.Object{}
	for _, m := range ws.(rest.Object) {
		if m.Key == "properties" {
			props := rest.Object{}
			for _, p := range m.Value.(rest.Object) {
				for _, name := range noProps {
					if p.Key == name {
						p.Value = without(p.Value.(rest.Object), "properties")
					}
				}
				props = append(props, p)
			}
			m.Value = props
		}
		wantSchema = append(wantSchema, m)
	}
	compareExact(t, "OPTIONS "+path+" schema", wantSchema, gs)
}

// without is an object without one of its keys.
func without(o rest.Object, key string) rest.Object {
	out := rest.Object{}
	for _, m := range o {
		if m.Key != key {
			out = append(out, m)
		}
	}
	return out
}

// TestMediaFields checks the fields that depend on the attachment's place: the seeded
// 8x6 PNG is attached to post 2 (published), so its page sits under the post's.
func TestMediaFields(t *testing.T) {
	s := newTestSite(t)
	id := "9"
	r := s.get(t, "/wp/v2/media/"+id+"?context=edit", "admin")
	site := s.srv.URL
	for path, want := range map[string]any{
		"link":                site + "/release-notes-for-version-2-0/sample/",
		"permalink_template":  site + "/release-notes-for-version-2-0/%postname%/",
		"generated_slug":      "sample",
		"post":                2.0,
		"alt_text":            "A sample image",
		"media_type":          "image",
		"source_url":          site + "/wp-content/uploads/2024/01/sample.png",
		"missing_image_sizes": []any{},
		"description.rendered": `<p class="attachment"><a href='` + site + `/wp-content/uploads/2024/01/sample.png'>` +
			`<img width="8" height="6" src="` + site + `/wp-content/uploads/2024/01/sample.png" class="attachment-medium size-medium" ` +
			`alt="A sample image" decoding="async" loading="lazy" /></a></p>` + "\n",
		"caption.rendered": "",
	} {
		if d := valueDiff(want, jsonAt(r.json, path)); d != "" {
			t.Errorf("%s: %s", path, d)
		}
	}
	if got := r.header.Get("Link"); !strings.Contains(got, "/release-notes-for-version-2-0/sample/>") {
		t.Errorf("Link header %q, want the attachment page", got)
	}
}

// jsonAt follows a dotted path into a decoded JSON value.
func jsonAt(v any, path string) any {
	for _, k := range strings.Split(path, ".") {
		m, _ := v.(map[string]any)
		v = m[k]
	}
	return v
}

// mediaSite is a test site with attachments of several kinds next to the seeded 8x6
// PNG (9, attached to post 2, 2024-01-15):
//
//	10 text/plain "Notes", unattached, with a description           2024-02-01
//	11 image/jpeg "Photo" 400x300, attached to post 4 (a draft)      2024-03-01
//	12 video/mp4 "Clip", attached to post 1, numeric slug "12345"    2024-04-01
//	13 text/html "Page", unattached                                  2024-05-01
//	14 image/gif "Secret", unattached, private, by the editor        2024-06-01
func mediaSite(t *testing.T) *testSite {
	t.Helper()
	s := newTestSite(t)
	s.store.Write(func(tx *store.Tx) {
		for i, x := range []struct {
			store.Post
			e store.Extra
		}{
			{store.Post{Title: "Notes", Slug: "exp-notes", Content: prose.Plain("Long words here in the description")},
				store.Extra{MimeType: "text/plain", File: "2024/02/exp-notes.txt", FileSize: 11}},
			{store.Post{Title: "Photo", Slug: "photo", Parent: 4},
				store.Extra{MimeType: "image/jpeg", File: "2024/03/photo.jpg", Width: 400, Height: 300, FileSize: 1135}},
			{store.Post{Title: "Clip", Slug: "12345", Parent: 1},
				store.Extra{MimeType: "video/mp4", File: "2024/04/clip.mp4", FileSize: 2048}},
			{store.Post{Title: "Page", Slug: "page"},
				store.Extra{MimeType: "text/html", File: "2024/05/page.html", FileSize: 20}},
			{store.Post{Title: "Secret", Slug: "secret", Status: "private", Author: 2},
				store.Extra{MimeType: "image/gif", File: "2024/06/secret.gif", Width: 10, Height: 10, FileSize: 40}},
		} {
			a := x.Post
			d := time.Date(2024, time.Month(2+i), 1, 0, 0, 0, 0, time.UTC)
			a.Type, a.Date, a.DateGMT, a.Modified, a.ModifiedGMT = "attachment", d, d, d, d
			a.CommentStatus, a.PingStatus, x.e.GUID = "open", "closed", wp.UploadsPrefix+x.e.File
			a.SetExtra(x.e)
			if a.Status == "" {
				a.Status = "inherit"
			}
			if a.Author == 0 {
				a.Author = 1
			}
			tx.InsertPost(&a)
		}
	})
	return s
}

// TestMediaList checks the collection's filters and paging against what WordPress 6.1
// answered for the same cases (see the report): items the caller may not read are
// counted in X-WP-Total but left out; media_type and mime_type follow the caller's
// allowed MIME types; a mime_type that is not allowed is ignored; search also matches
// file names.
func TestMediaList(t *testing.T) {
	s := mediaSite(t)
	runListCases(t, s, []listCase{
		{"/wp/v2/media", "", []int{13, 12, 10, 9}, 5},
		{"/wp/v2/media", "admin", []int{13, 12, 11, 10, 9}, 5},
		{"/wp/v2/media?order=asc", "admin", []int{9, 10, 11, 12, 13}, 5},
		{"/wp/v2/media?media_type=image", "", []int{9}, 2},
		{"/wp/v2/media?media_type=image", "admin", []int{11, 9}, 2},
		{"/wp/v2/media?media_type=video", "", []int{12}, 1},
		// text/html is an allowed type only with unfiltered_html
		{"/wp/v2/media?media_type=text", "", []int{10}, 1},
		{"/wp/v2/media?media_type=text", "admin", []int{13, 10}, 2},
		{"/wp/v2/media?mime_type=text/plain", "", []int{10}, 1},
		{"/wp/v2/media?mime_type=bogus/x", "", []int{13, 12, 10, 9}, 5},
		{"/wp/v2/media?mime_type=text/html", "", []int{13, 12, 10, 9}, 5},
		{"/wp/v2/media?mime_type=text/html", "admin", []int{13}, 1},
		{"/wp/v2/media?mime_type=image/png&media_type=text", "", []int{9}, 1},
		{"/wp/v2/media?parent=2", "", []int{9}, 1},
		{"/wp/v2/media?parent=0", "", []int{13, 10}, 2},
		{"/wp/v2/media?parent_exclude=0", "admin", []int{12, 11, 9}, 3},
		{"/wp/v2/media?include=10,9,12&orderby=include", "", []int{10, 9, 12}, 3},
		{"/wp/v2/media?exclude=13,12", "", []int{10, 9}, 3},
		{"/wp/v2/media?search=exp-notes", "", []int{10}, 1},
		{"/wp/v2/media?search=clip.mp4", "", []int{12}, 1},
		{"/wp/v2/media?search=words", "", []int{10}, 1},
		{"/wp/v2/media?search=-exp-notes", "admin", []int{13, 12, 11, 9}, 4},
		{"/wp/v2/media?orderby=title&order=asc", "admin", []int{12, 10, 13, 11, 9}, 5},
		{"/wp/v2/media?slug=photo,page", "admin", []int{13, 11}, 2},
		{"/wp/v2/media?status=private", "admin", []int{14}, 1},
		{"/wp/v2/media?status=private", "editor", []int{14}, 1},
		{"/wp/v2/media?status=inherit,private", "admin", []int{14, 13, 12, 11, 10, 9}, 6},
		// edit context: only what the caller may edit
		{"/wp/v2/media?context=edit", "contributor", []int{}, 5},
		{"/wp/v2/media?per_page=2&page=3", "admin", []int{9}, 5},
	})
	r := s.get(t, "/wp/v2/media?per_page=2&page=2", "admin")
	base := s.srv.URL + "/wp-json/wp/v2/media?per_page=2&page="
	if got, want := r.header.Get("Link"), "<"+base+`1>; rel="prev", <`+base+`3>; rel="next"`; got != want {
		t.Errorf("page 2 Link: got %s, want %s", got, want)
	}
	if got := r.header.Get("X-WP-TotalPages"); got != "3" {
		t.Errorf("page 2: got X-WP-TotalPages %s, want 3", got)
	}
}

// TestMediaItems checks each kind of attachment against what WordPress 6.1 gives the
// same attachment (values taken from the running reference site).
func TestMediaItems(t *testing.T) {
	s := mediaSite(t)
	site, up := s.srv.URL, s.srv.URL+"/wp-content/uploads/"
	for _, c := range []struct {
		id, login string
		want      map[string]any
	}{
		{"10", "admin", map[string]any{
			"media_type":    "file",
			"post":          nil,
			"media_details": map[string]any{"filesize": 11.0, "sizes": map[string]any{}},
			"description.rendered": `<p class="attachment"><a href='` + up + `2024/02/exp-notes.txt'>Notes</a></p>` + "\n" +
				"<p>Long words here in the description</p>\n",
			// an empty caption is made from the description, file link text included
			"caption.rendered":    "<p>Notes Long words here in the description</p>\n",
			"link":                site + "/exp-notes/",
			"permalink_template":  site + "/?attachment_id=10",
			"generated_slug":      "notes",
			"missing_image_sizes": []any{},
		}},
		{"11", "admin", map[string]any{
			// the parent is a draft: plain links, and no sub-sizes of the 400x300 image
			"link":                site + "/?attachment_id=11",
			"permalink_template":  site + "/?attachment_id=11",
			"missing_image_sizes": []any{"thumbnail", "medium"},
			"media_details.sizes": map[string]any{},
			"description.rendered": `<p class="attachment"><a href='` + up + `2024/03/photo.jpg'><img width="300" height="225" src="` +
				up + `2024/03/photo.jpg" class="attachment-medium size-medium" alt="" decoding="async" loading="lazy" /></a></p>` + "\n",
		}},
		{"12", "", map[string]any{
			"link":                site + "/hello-world/attachment/12345/",
			"post":                1.0,
			"media_type":          "file",
			"media_details":       map[string]any{"filesize": 2048.0, "sizes": map[string]any{}},
			"missing_image_sizes": nil, // edit only
		}},
		{"12", "admin", map[string]any{"permalink_template": site + "/hello-world/%postname%/", "generated_slug": "clip"}},
		{"14", "editor", map[string]any{"link": site + "/secret/", "title.rendered": "Private: Secret"}},
	} {
		path := "/wp/v2/media/" + c.id
		if c.login != "" {
			path += "?context=edit"
		}
		r := s.get(t, path, c.login)
		if r.status != http.StatusOK {
			t.Fatalf("GET %s as %q: status %d\n%s", path, c.login, r.status, r.body)
		}
		for key, want := range c.want {
			if d := valueDiff(want, jsonAt(r.json, key)); d != "" {
				t.Errorf("GET %s as %q: %s: %s", path, c.login, key, d)
			}
		}
	}
}

func TestMediaErrors(t *testing.T) {
	s := mediaSite(t)
	editPost := "Sorry, you are not allowed to edit this post."
	runErrorCases(t, s, []errorCase{
		{"/wp/v2/media/abc", "", http.StatusNotFound, "rest_no_route", ""},
		{"/wp/v2/media/999999", "", http.StatusNotFound, "rest_post_invalid_id", "Invalid post ID."},
		{"/wp/v2/media/0", "", http.StatusNotFound, "rest_post_invalid_id", ""},
		{"/wp/v2/media/1", "admin", http.StatusNotFound, "rest_post_invalid_id", ""}, // a post
		{"/wp/v2/media/8", "admin", http.StatusNotFound, "rest_post_invalid_id", ""}, // a revision
		// attached to a draft: unreadable like its parent
		{"/wp/v2/media/11", "", http.StatusUnauthorized, "rest_forbidden", "Sorry, you are not allowed to do that."},
		{"/wp/v2/media/11", "subscriber", http.StatusForbidden, "rest_forbidden", ""},
		{"/wp/v2/media/14", "", http.StatusUnauthorized, "rest_forbidden", ""},
		{"/wp/v2/media/14", "author", http.StatusForbidden, "rest_forbidden", ""},
		{"/wp/v2/media/9?context=edit", "", http.StatusUnauthorized, "rest_forbidden_context", editPost},
		{"/wp/v2/media/9?context=edit", "contributor", http.StatusForbidden, "rest_forbidden_context", editPost},
		{"/wp/v2/media?context=edit", "", http.StatusUnauthorized, "rest_forbidden_context", "Sorry, you are not allowed to edit posts in this post type."},
		{"/wp/v2/media?context=edit", "subscriber", http.StatusForbidden, "rest_forbidden_context", ""},
		{"/wp/v2/media?page=9", "", http.StatusBadRequest, "rest_post_invalid_page_number", "The page number requested is larger than the number of pages available."},
		{"/wp/v2/media?orderby=relevance", "", http.StatusBadRequest, "rest_no_search_term_defined", ""},
		{"/wp/v2/media?orderby=include", "", http.StatusBadRequest, "rest_orderby_include_missing_include", ""},
		{"/wp/v2/media?per_page=101", "", http.StatusBadRequest, "rest_invalid_param", ""},
	})
	// whole bodies as WordPress 6.1 gave them
	for path, want := range map[string]string{
		"/wp/v2/media?media_type=foo": `{"code":"rest_invalid_param","message":"Invalid parameter(s): media_type","data":{"status":400,"params":{"media_type":"media_type is not one of image, video, text, application, and audio."},"details":{"media_type":{"code":"rest_not_in_enum","message":"media_type is not one of image, video, text, application, and audio.","data":null}}}}`,
		"/wp/v2/media?status=private": `{"code":"rest_invalid_param","message":"Invalid parameter(s): status","data":{"status":400,"params":{"status":"Status is forbidden."},"details":{"status":{"code":"rest_forbidden_status","message":"Status is forbidden.","data":{"status":401}}}}}`,
	} {
		if got := s.get(t, path, ""); string(got.body) != want {
			t.Errorf("GET %s:\n got %s\nwant %s", path, got.body, want)
		}
	}
	want := `{"code":"rest_invalid_param","message":"Invalid parameter(s): status","data":{"status":400,"params":{"status":"status[0] is not one of inherit, private, and trash."},"details":{"status":{"code":"rest_not_in_enum","message":"status[0] is not one of inherit, private, and trash.","data":null}}}}`
	if got := s.get(t, "/wp/v2/media?status=publish", "admin"); string(got.body) != want {
		t.Errorf("GET /wp/v2/media?status=publish:\n got %s\nwant %s", got.body, want)
	}
}
