package compare

import (
	"bytes"
	"fmt"
	"mime/multipart"
	"net/http"
	"net/textproto"
	"net/url"
	"regexp"
	"strconv"
	"strings"

	"github.com/wpmock/wpmock/mock/rest"
)

// The write rows: a sequence of create, update and delete requests sent to both sides
// in order, after the read rows (which they leave alone: every object they touch is one
// they made). Each row is compared like a read row; save gives a created object's id a
// placeholder name per side, so that later rows name the same object on each site.
// Everything they make is named with the prefix wpcompare-; cleanup and sweep delete it.

// prefix starts the name, title, username or slug of everything the write rows make.
const prefix = "wpcompare-"

// allRows is the whole table: the read rows, then the write rows, then the rows of
// what later releases changed in posts and revisions (profile_rows_test.go), in
// media and users (profile_media_rows_test.go), and the image sub-sizes
// (image_rows_test.go), then the pages rows (page_rows_test.go), the search
// (search_rows_test.go), the types and taxonomies (type_rows_test.go) and the
// comments (comment_rows_test.go), the customized site's (custom_rows_test.go) and
// its meta shapes' (meta_rows_test.go).
func allRows() []row {
	rs := append(append(append(append(rows(), writeRows()...), profileRows()...), mediaUserProfileRows()...), imageRows()...)
	rs = append(append(append(append(append(append(rs, pageRows()...), searchRows()...), typeRows()...), commentRows()...), settingsRows()...), menuRows()...)
	return append(append(append(rs, customRows()...), siteRows(declared())...), metaRows()...)
}

// roleLogins are the logins of the permission table; "" is anonymous.
var roleLogins = []string{"editor", "author", "contributor", "subscriber", ""}

// roleKey is a login as a placeholder suffix and in names.
func roleKey(login string) string {
	if login == "" {
		return "anon"
	}
	return login
}

// uploadPNG is the header pair of a raw PNG upload named name.
func uploadPNG(name string) []string {
	return []string{"Content-Type", "image/png", "Content-Disposition", `attachment; filename="` + name + `"`}
}

// boundary separates the parts of the multipart uploads.
const boundary = "wpcompare-boundary-7d1f0a"

var multipartHeader = []string{"Content-Type", "multipart/form-data; boundary=" + boundary}

// multipartFile is a multipart/form-data body with the fields (name, value pairs) and
// a "file" part.
func multipartFile(filename, ctype string, data []byte, fields ...string) []byte {
	var b bytes.Buffer
	w := multipart.NewWriter(&b)
	if err := w.SetBoundary(boundary); err != nil {
		panic(err)
	}
	for i := 0; i+1 < len(fields); i += 2 {
		if err := w.WriteField(fields[i], fields[i+1]); err != nil {
			panic(err)
		}
	}
	h := textproto.MIMEHeader{}
	h.Set("Content-Disposition", fmt.Sprintf(`form-data; name="file"; filename="%s"`, filename))
	h.Set("Content-Type", ctype)
	p, err := w.CreatePart(h)
	if err == nil {
		_, err = p.Write(data)
	}
	if err == nil {
		err = w.Close()
	}
	if err != nil {
		panic(err)
	}
	return b.Bytes()
}

// writeRows is the write sequence. Rows run in order; a row whose placeholder an
// earlier row failed to set fails with that row's answer as the reason.
func writeRows() []row {
	l := &rowList{method: http.MethodPost}
	add := l.add
	png, err := sampleImage()
	if err != nil {
		panic(err)
	}
	exe := []byte("MZ\x90\x00\x03\x00\x00\x00 wpcompare: not a program")
	const (
		posts = "/wp/v2/posts"
		media = "/wp/v2/media"
		users = "/wp/v2/users"
	)

	// Posts (§8.6-8.9), as admin.
	add(row{path: "/wp/v2/tags", as: "admin", body: `{"name":"wpcompare-post-tag"}`, save: "ptag", note: "a tag for the posts rows"})
	add(row{path: "/wp/v2/categories", as: "admin", body: `{"name":"wpcompare-post-category"}`, save: "pcat", note: "a category for the posts rows"})
	add(row{path: posts, as: "admin", body: `{"title":"wpcompare-post defaults"}`, save: "p1", note: "create with defaults",
		expect: []string{"status", "draft", "author", "{admin}", "sticky", "false", "categories", "[{category}]", "tags", "[]", "slug", ""}})
	add(row{path: posts, as: "admin", body: `{"title":"wpcompare-post published","status":"publish","content":"<p>Published by wpcompare.</p>"}`,
		save: "p2", note: "create published", expect: []string{"status", "publish", "slug", "wpcompare-post-published"}})
	add(row{path: posts + "/{p1}", as: "admin", body: `{"title":"wpcompare-post retitled"}`, note: "update title",
		expect: []string{"title.raw", "wpcompare-post retitled"}})
	add(row{path: posts + "/{p1}", as: "admin", body: `{"content":"<p>New content by wpcompare.</p>"}`, note: "update content",
		expect: []string{"content.raw", "<p>New content by wpcompare.</p>"}})
	add(row{path: posts + "/{p1}", as: "admin", body: `{"status":"publish"}`, note: "update status", expect: []string{"status", "publish"}})
	add(row{path: posts + "/{p1}", as: "admin", body: `{"sticky":true}`, note: "update sticky", expect: []string{"sticky", "true"}})
	add(row{path: posts + "/{p1}", as: "admin", body: `{"categories":[{pcat}],"tags":[{ptag}]}`, note: "update categories and tags",
		expect: []string{"categories", "[{pcat}]", "tags", "[{ptag}]"}})
	add(row{method: http.MethodPut, path: posts + "/{p1}", as: "admin", body: `{"excerpt":"wpcompare excerpt"}`, note: "update excerpt",
		expect: []string{"excerpt.raw", "wpcompare excerpt"}})
	add(row{method: http.MethodPatch, path: posts + "/{p1}", as: "admin", body: `{"comment_status":"closed"}`, note: "update comment status",
		expect: []string{"comment_status", "closed"}})
	add(row{path: posts + "/{p1}", as: "admin", body: `{"password":"secret"}`, note: "password on a sticky post"})
	add(row{path: posts, as: "admin", body: `{"title":"wpcompare-post sticky and password","password":"secret","sticky":true}`, note: "sticky and password"})
	add(row{path: posts + "/{p2}", as: "admin", body: `{"password":"secret"}`, note: "password", expect: []string{"password", "secret"}})
	add(row{path: posts + "/{p2}", as: "admin", body: `{"sticky":true}`, note: "sticky on a protected post"})
	add(row{path: posts, as: "admin", body: `{}`, note: "empty content"})
	add(row{path: posts, as: "admin", body: `{"title":"","content":"","excerpt":""}`, note: "empty title, content and excerpt"})
	add(row{path: posts, as: "admin", body: `{"id":{p2},"title":"wpcompare-post exists"}`, note: "id given"})
	add(row{path: posts, as: "admin", body: `{"title":"wpcompare-post bad status","status":"bogus"}`, note: "invalid status"})
	add(row{path: posts, as: "admin", body: `{"title":"wpcompare-post bad date","date":"notadate"}`, note: "invalid date"})
	add(row{path: posts, as: "admin", body: `{"title":"wpcompare-post bad author","author":999999}`, note: "invalid author"})
	add(row{path: posts + "/999999", as: "admin", body: `{"title":"wpcompare-post nowhere"}`, note: "unknown id"})
	add(row{method: http.MethodDelete, path: posts + "/{p1}", as: "admin", note: "trash",
		expect: []string{"status", "trash", "slug", "wpcompare-post-retitled__trashed"}})
	add(row{method: http.MethodDelete, path: posts + "/{p1}", as: "admin", note: "trash again"})
	add(row{method: http.MethodDelete, path: posts + "/{p1}?force=true", as: "admin", note: "force a trashed post",
		expect: []string{"deleted", "true", "previous.status", "trash", "previous.id", "{p1}"}})
	add(row{method: http.MethodGet, path: posts + "/{p1}?context=edit", as: "admin", note: "after delete"})
	add(row{method: http.MethodDelete, path: posts + "/{p1}?force=true", as: "admin", note: "force again"})
	add(row{method: http.MethodDelete, path: posts + "/{p2}?force=true", as: "admin", note: "force a published post",
		expect: []string{"deleted", "true", "previous.status", "publish"}})
	add(row{method: http.MethodDelete, path: posts + "/999999?force=true", as: "admin", note: "unknown id"})

	// Media (§9.4-9.5), as admin.
	add(row{path: posts, as: "admin", body: `{"title":"wpcompare-media parent","status":"publish"}`, save: "mpost", note: "a parent for the media rows"})
	add(row{path: media, as: "admin", header: uploadPNG("wpcompare-raw.png"), raw: png, save: "m1", note: "raw upload",
		expect: []string{"post", "null", "media_type", "image", "mime_type", "image/png", "title.raw", "wpcompare-raw", "status", "inherit"}})
	add(row{path: media + "?post={mpost}", as: "admin", header: uploadPNG("wpcompare-attached.png"), raw: png, save: "m2",
		note: "raw upload attached", expect: []string{"post", "{mpost}"}})
	add(row{path: media, as: "admin", header: multipartHeader, save: "m3", note: "multipart upload",
		raw:    multipartFile("wpcompare-multipart.png", "image/png", png, "title", "wpcompare-multipart title", "alt_text", "wpcompare alt"),
		expect: []string{"title.raw", "wpcompare-multipart title", "alt_text", "wpcompare alt", "mime_type", "image/png"}})
	add(row{path: media, as: "admin", note: "no data"})
	add(row{path: media, as: "admin", header: []string{"Content-Disposition", `attachment; filename="wpcompare-x.png"`}, raw: png, note: "no content type"})
	add(row{path: media, as: "admin", header: []string{"Content-Type", "image/png"}, raw: png, note: "no disposition"})
	add(row{path: media, as: "admin", header: []string{"Content-Type", "image/png", "Content-Disposition", "attachment"}, raw: png, note: "disposition without a filename"})
	add(row{path: media, as: "admin", header: []string{"Content-Type", "application/x-msdownload", "Content-Disposition", `attachment; filename="wpcompare-x.exe"`},
		raw: exe, note: "raw upload of a disallowed type"})
	add(row{path: media, as: "admin", header: multipartHeader, raw: multipartFile("wpcompare-x.exe", "application/x-msdownload", exe),
		note: "multipart upload of a disallowed type"})
	add(row{path: media + "/{m1}", as: "admin", body: `{"caption":"wpcompare caption","alt_text":"wpcompare alt","post":{mpost}}`,
		note: "update caption, alt text and post", expect: []string{"caption.raw", "wpcompare caption", "alt_text", "wpcompare alt", "post", "{mpost}"}})
	add(row{path: media + "/{m1}", as: "admin", body: `{"post":999999}`, note: "unknown parent post"})
	add(row{method: http.MethodDelete, path: media + "/{m1}", as: "admin", note: "without force"})
	add(row{method: http.MethodDelete, path: media + "/{m1}?force=true", as: "admin", note: "force",
		expect: []string{"deleted", "true", "previous.id", "{m1}"}})
	add(row{method: http.MethodGet, path: media + "/{m1}", as: "admin", note: "after delete"})
	for _, m := range []string{"m2", "m3"} {
		add(row{method: http.MethodDelete, path: media + "/{" + m + "}?force=true", as: "admin", note: "force"})
	}
	add(row{method: http.MethodDelete, path: posts + "/{mpost}?force=true", as: "admin", note: "the media rows' parent"})

	// Users (§10.4-10.6), as admin.
	add(row{path: users, as: "admin", save: "u1", note: "create an author",
		body:   `{"username":"wpcompare-user","email":"wpcompare-user@example.com","password":"wpcompare-Secret-1","roles":["author"]}`,
		expect: []string{"username", "wpcompare-user", "roles", `["author"]`, "name", "wpcompare-user", "slug", "wpcompare-user"}})
	add(row{path: users, as: "admin", save: "u2", note: "create with the default role",
		body:   `{"username":"wpcompare-user2","email":"wpcompare-user2@example.com","password":"wpcompare-Secret-2","name":"wpcompare User Two"}`,
		expect: []string{"roles", `["subscriber"]`, "name", "wpcompare User Two"}})
	add(row{path: users, as: "admin", body: `{}`, note: "no parameters"})
	add(row{path: users, as: "admin", body: `{"username":"wpcompare-user3"}`, note: "no email and password"})
	add(row{path: users, as: "admin", body: `{"username":"wpcompare-user","email":"wpcompare-other@example.com","password":"wpcompare-Secret-3"}`,
		note: "username taken"})
	add(row{path: users, as: "admin", body: `{"username":"wpcompare-other","email":"wpcompare-user@example.com","password":"wpcompare-Secret-3"}`,
		note: "email taken"})
	add(row{path: users, as: "admin", body: `{"username":"wpcompare-bad-email","email":"not-an-email","password":"wpcompare-Secret-3"}`,
		note: "invalid email"})
	add(row{path: users, as: "admin", body: `{"username":"wpcompare-bad-role","email":"wpcompare-bad-role@example.com","password":"wpcompare-Secret-3","roles":["nope"]}`,
		note: "unknown role"})
	add(row{path: users, as: "admin", body: `{"id":{u1},"username":"wpcompare-exists","email":"wpcompare-exists@example.com","password":"wpcompare-Secret-3"}`,
		note: "id given"})
	add(row{path: users + "/{u1}", as: "admin", body: `{"first_name":"Wp","last_name":"Compare","description":"wpcompare","nickname":"wpcompare-nick"}`,
		note: "update", expect: []string{"first_name", "Wp", "last_name", "Compare", "nickname", "wpcompare-nick"}})
	add(row{path: users + "/{u1}", as: "admin", body: `{"username":"wpcompare-renamed"}`, note: "username changed"})
	add(row{path: users + "/{u1}", as: "admin", body: `{"username":"wpcompare-user"}`, note: "username unchanged"})
	add(row{path: users + "/{u1}", as: "admin", body: `{"email":"editor@example.com"}`, note: "email of another user"})
	add(row{path: users + "/{u1}", as: "admin", body: `{"slug":"editor"}`, note: "slug of another user"})
	add(row{path: users + "/999999", as: "admin", body: `{"name":"wpcompare nobody"}`, note: "unknown id"})
	add(row{path: posts, as: "admin", body: `{"title":"wpcompare-user post","status":"publish","author":{u1}}`, save: "upost",
		note: "a post by the user to delete", expect: []string{"author", "{u1}"}})
	add(row{method: http.MethodDelete, path: users + "/{u1}?force=true", as: "admin", note: "no reassign"})
	add(row{method: http.MethodDelete, path: users + "/{u1}?force=true", note: "no reassign"})
	add(row{method: http.MethodDelete, path: users + "/{u1}?force=true&reassign={admin}", note: "anonymous"})
	add(row{method: http.MethodDelete, path: users + "/{u1}?force=true&reassign=abc", as: "admin", note: "reassign not a number"})
	add(row{method: http.MethodDelete, path: users + "/{u1}?force=true&reassign=999999", as: "admin", note: "reassign to nobody"})
	add(row{method: http.MethodDelete, path: users + "/{u1}?force=true&reassign={u1}", as: "admin", note: "reassign to the deleted user"})
	add(row{method: http.MethodDelete, path: users + "/{u1}?reassign={admin}", as: "admin", note: "without force"})
	add(row{method: http.MethodDelete, path: users + "/999999?force=true&reassign={admin}", as: "admin", note: "unknown id"})
	add(row{method: http.MethodDelete, path: users + "/{u1}?force=true&reassign={admin}", as: "admin", note: "reassign to admin",
		expect: []string{"deleted", "true", "previous.username", "wpcompare-user"}})
	add(row{method: http.MethodGet, path: posts + "/{upost}?context=edit", as: "admin", note: "moved to admin",
		expect: []string{"author", "{admin}"}})
	add(row{method: http.MethodGet, path: users + "/{u1}?context=edit", as: "admin", note: "after delete"})
	add(row{method: http.MethodDelete, path: users + "/{u2}?force=true&reassign=false", as: "admin", note: "no reassignment"})
	add(row{method: http.MethodDelete, path: posts + "/{upost}?force=true", as: "admin", note: "the moved post"})

	// Tags and categories (§11.4), as admin.
	for _, tx := range []struct{ base, key, name string }{
		{"/wp/v2/tags", "t", "wpcompare-tag"},
		{"/wp/v2/categories", "c", "wpcompare-category"},
	} {
		k1, k3 := "{"+tx.key+"1}", "{"+tx.key+"3}"
		add(row{path: tx.base, as: "admin", body: `{"name":"` + tx.name + `"}`, save: tx.key + "1", note: "create",
			expect: []string{"name", tx.name, "slug", tx.name, "count", "0"}})
		add(row{path: tx.base, as: "admin", body: `{"name":"` + tx.name + `"}`, note: "name taken"})
		add(row{path: tx.base, as: "admin", body: `{"name":"` + tx.name + `","slug":"` + tx.name + `-same-name"}`, save: tx.key + "3",
			note: "name taken, another slug", expect: []string{"slug", tx.name + "-same-name"}})
		add(row{path: tx.base, as: "admin", body: `{}`, note: "no name"})
		if tx.key == "c" {
			add(row{path: tx.base, as: "admin", body: `{"name":"` + tx.name + ` child","parent":` + k1 + `}`, save: "c2", note: "with a parent",
				expect: []string{"parent", k1}})
			add(row{path: tx.base, as: "admin", body: `{"name":"` + tx.name + ` orphan","parent":999999}`, note: "unknown parent"})
		} else {
			add(row{path: tx.base, as: "admin", body: `{"name":"` + tx.name + ` child","parent":` + k1 + `}`, note: "with a parent"})
		}
		add(row{path: tx.base + "/" + k1, as: "admin", body: `{"name":"` + tx.name + ` renamed","description":"wpcompare"}`, note: "update",
			expect: []string{"name", tx.name + " renamed", "slug", tx.name, "description", "wpcompare"}})
		add(row{path: tx.base + "/" + k3, as: "admin", body: `{"slug":"` + tx.name + `"}`, note: "slug taken"})
		add(row{path: tx.base + "/999999", as: "admin", body: `{"name":"wpcompare nothing"}`, note: "unknown id"})
		add(row{method: http.MethodDelete, path: tx.base + "/" + k1, as: "admin", note: "without force"})
		add(row{method: http.MethodDelete, path: tx.base + "/" + k1 + "?force=true", as: "admin", note: "force",
			expect: []string{"deleted", "true", "previous.name", tx.name + " renamed"}})
		add(row{method: http.MethodGet, path: tx.base + "/" + k1, note: "after delete"})
		add(row{method: http.MethodDelete, path: tx.base + "/" + k1 + "?force=true", as: "admin", note: "force again"})
		if tx.key == "c" {
			add(row{method: http.MethodDelete, path: tx.base + "/{c2}?force=true", as: "admin", note: "force"})
		}
		add(row{method: http.MethodDelete, path: tx.base + "/" + k3 + "?force=true", as: "admin", note: "force"})
	}
	add(row{method: http.MethodDelete, path: "/wp/v2/tags/{ptag}?force=true", as: "admin", note: "the posts rows' tag"})
	add(row{method: http.MethodDelete, path: "/wp/v2/categories/{pcat}?force=true", as: "admin", note: "the posts rows' category"})
	add(row{method: http.MethodDelete, path: "/wp/v2/categories/{category}?force=true", as: "admin", note: "the default category"})
	add(row{method: http.MethodDelete, path: "/wp/v2/categories/{category}", as: "admin", note: "the default category without force"})

	// Revisions (§12), as admin.
	revs := posts + "/{r1}/revisions"
	add(row{path: posts, as: "admin", body: `{"title":"wpcompare-revisions","content":"<p>First.</p>","status":"publish"}`, save: "r1", note: "a post to revise"})
	add(row{method: http.MethodGet, path: revs, as: "admin", note: "none after create", expect: []string{"#", "0"}})
	add(row{path: posts + "/{r1}", as: "admin", body: `{"title":"wpcompare-revisions retitled"}`, note: "first update"})
	add(row{method: http.MethodGet, path: revs + "?context=edit", as: "admin", save: "rv1", note: "one after the first update",
		expect: []string{"#", "1", "[0].parent", "{r1}", "[0].title.raw", "wpcompare-revisions retitled"}})
	add(row{path: posts + "/{r1}", as: "admin", body: `{"status":"publish"}`, note: "an update that changes no text"})
	add(row{method: http.MethodGet, path: revs, as: "admin", note: "none for an update that changes no text", expect: []string{"#", "1"}})
	add(row{path: posts + "/{r1}", as: "admin", body: `{"content":"<p>Second.</p>"}`, note: "second update"})
	add(row{method: http.MethodGet, path: revs, as: "admin", note: "two after a content change", expect: []string{"#", "2", "[1].id", "{rv1}"}})
	add(row{method: http.MethodGet, path: revs + "/{rv1}?context=edit", as: "admin", expect: []string{"parent", "{r1}"}})
	add(row{method: http.MethodGet, path: posts + "/{r1}?context=edit", as: "admin", note: "with revisions"})
	add(row{method: http.MethodDelete, path: revs + "/{rv1}?force=true", as: "admin", note: "force"})
	add(row{method: http.MethodDelete, path: revs + "/{rv1}", as: "admin", note: "without force"})
	add(row{method: http.MethodDelete, path: revs + "/{rv1}?force=true", note: "anonymous"})
	add(row{method: http.MethodDelete, path: revs + "/999999?force=true", as: "admin", note: "unknown revision"})
	add(row{method: http.MethodGet, path: revs + "/{rv1}", as: "admin", note: "after the refused deletes"})
	add(row{method: http.MethodDelete, path: posts + "/{r1}?force=true", as: "admin", note: "the revised post"})
	add(row{method: http.MethodGet, path: revs, as: "admin", note: "of a deleted post"})

	// Application passwords, for a user made here.
	const app = "wpcompare-app"
	aps := users + "/{ua}/application-passwords"
	add(row{path: users, as: "admin", save: "ua", note: "a user for the application password rows",
		body: `{"username":"wpcompare-app","email":"wpcompare-app@example.com","password":"wpcompare-Secret-4","roles":["author"]}`})
	add(row{path: aps, as: "admin", body: `{"name":"wpcompare-app one"}`, save: "ap1", savePassword: app, note: "create",
		expect: []string{"name", "wpcompare-app one", "last_used", "null", "last_ip", "null"}})
	add(row{method: http.MethodGet, path: users + "/me?context=edit", as: app, note: "with the new password",
		expect: []string{"id", "{ua}", "username", app}})
	add(row{method: http.MethodGet, path: users + "/me/application-passwords/introspect", as: app, expect: []string{"uuid", "{ap1}"}})
	add(row{method: http.MethodGet, path: users + "/me/application-passwords/introspect", as: "editor", note: "the caller's own password"})
	add(row{method: http.MethodGet, path: aps, as: "admin", note: "list", expect: []string{"#", "1", "[0].uuid", "{ap1}"}})
	add(row{method: http.MethodGet, path: aps + "/{ap1}", as: "admin", expect: []string{"uuid", "{ap1}"}})
	add(row{method: http.MethodGet, path: aps + "/{ap1}", as: app, note: "by its owner"})
	add(row{method: http.MethodGet, path: aps, as: "editor", note: "another user's"})
	add(row{path: aps, as: "admin", body: `{"name":"wpcompare-app one"}`, note: "name taken"})
	add(row{path: aps, as: "admin", body: `{"name":""}`, note: "empty name"})
	add(row{path: aps, as: "admin", body: `{}`, note: "no name"})
	add(row{path: aps + "/{ap1}", as: "admin", body: `{"name":"wpcompare-app renamed"}`, note: "rename",
		expect: []string{"name", "wpcompare-app renamed", "uuid", "{ap1}"}})
	add(row{path: users + "/me/application-passwords", as: app, body: `{"name":"wpcompare-app own"}`, save: "ap2", note: "for oneself"})
	add(row{path: users + "/{admin}/application-passwords", as: app, body: `{"name":"wpcompare-app for admin"}`, note: "for another user"})
	add(row{path: users + "/me", as: app, body: `{"description":"wpcompare"}`, note: "update oneself", expect: []string{"description", "wpcompare"}})
	add(row{method: http.MethodDelete, path: users + "/me?force=true&reassign={admin}", as: app, note: "delete oneself"})
	add(row{method: http.MethodDelete, path: aps + "/{ap1}", as: "admin", note: "delete",
		expect: []string{"deleted", "true", "previous.uuid", "{ap1}"}})
	add(row{method: http.MethodGet, path: users + "/me", as: app, note: "with the deleted password"})
	add(row{method: http.MethodGet, path: aps + "/{ap1}", as: "admin", note: "after delete"})
	add(row{method: http.MethodDelete, path: aps + "/{ap1}", as: "admin", note: "delete again"})
	// the taken name made a second password from 6.7
	add(row{method: http.MethodDelete, path: aps, as: "admin", note: "delete all",
		expect: concat([]string{"deleted", "true"}, until(rest.V67, "count", "1"), since(rest.V67, "count", "2"))})
	add(row{method: http.MethodGet, path: aps, as: "admin", note: "after delete all", expect: []string{"#", "0"}})
	add(row{method: http.MethodDelete, path: users + "/{ua}?force=true&reassign={admin}", as: "admin", note: "the application password rows' user"})

	// What each role may write (and read of what others wrote), side by side.
	add(row{path: posts, as: "admin", body: `{"title":"wpcompare-roles published","status":"publish"}`, save: "rpub", note: "admin's post for the role rows"})
	add(row{path: posts, as: "admin", body: `{"title":"wpcompare-roles draft"}`, save: "rdraft", note: "admin's draft for the role rows"})
	for _, l := range roleLogins {
		k := roleKey(l)
		own, victim := "{d"+k+"}", "{v"+k+"}"
		add(row{path: posts, as: "admin", body: `{"title":"wpcompare-roles victim of ` + k + `","status":"publish"}`, save: "v" + k,
			note: "admin's post for " + k + " to delete"})
		add(row{path: posts, as: l, body: `{"title":"wpcompare-by-` + k + ` draft","status":"draft"}`, save: "d" + k, note: "create a draft"})
		add(row{path: posts, as: l, body: `{"title":"wpcompare-by-` + k + ` published","status":"publish"}`, note: "create published"})
		add(row{path: posts, as: l, body: `{"title":"wpcompare-by-` + k + ` pending","status":"pending"}`, note: "create pending"})
		add(row{path: posts, as: l, body: `{"title":"wpcompare-by-` + k + ` sticky","sticky":true}`, note: "create sticky"})
		add(row{path: posts, as: l, body: `{"title":"wpcompare-by-` + k + ` for admin","author":{admin}}`, note: "create as another author"})
		if l == "editor" || l == "author" || l == "contributor" {
			add(row{path: posts + "/" + own, as: l, body: `{"title":"wpcompare-by-` + k + ` draft, edited"}`, note: "edit own draft"})
			add(row{path: posts + "/" + own, as: l, body: `{"status":"publish"}`, note: "publish own draft"})
			add(row{method: http.MethodDelete, path: posts + "/" + own, as: l, note: "trash own"})
		}
		add(row{path: posts + "/{rpub}", as: l, body: `{"excerpt":"wpcompare edited by ` + k + `"}`, note: "edit another's"})
		add(row{method: http.MethodDelete, path: posts + "/" + victim, as: l, note: "trash another's"})
		add(row{method: http.MethodDelete, path: posts + "/" + victim + "?force=true", as: l, note: "delete another's"})
		add(row{method: http.MethodGet, path: posts + "/{rdraft}", as: l, note: "another's draft"})
		add(row{method: http.MethodGet, path: posts + "/{rpub}?context=edit", as: l, note: "another's post"})
		add(row{path: users, as: l, body: `{"username":"wpcompare-by-` + k + `","email":"wpcompare-by-` + k + `@example.com","password":"wpcompare-Secret-5"}`,
			note: "create a user"})
		add(row{path: users + "/{admin}", as: l, body: `{"description":"wpcompare"}`, note: "edit another user"})
		add(row{path: "/wp/v2/categories", as: l, body: `{"name":"wpcompare-category-by-` + k + `"}`, note: "create a category"})
		add(row{path: "/wp/v2/tags", as: l, body: `{"name":"wpcompare-tag-by-` + k + `"}`, note: "create a tag"})
		add(row{path: media, as: l, header: uploadPNG("wpcompare-by-" + k + ".png"), raw: png, note: "upload"})
		add(row{path: users + "/{admin}/application-passwords", as: l, body: `{"name":"wpcompare-by-` + k + `"}`,
			note: "application password for another user"})
	}

	// Post meta: mock only (WordPress core has no /posts/<id>/meta route).
	const noMeta = "WordPress core has no /posts/<id>/meta route"
	add(row{path: "/wp/v2/posts/{release}/meta", as: "admin", body: `{"key":"wpcompare","value":"x"}`, mockOnly: noMeta})
	add(row{path: "/wp/v2/posts/{release}/meta/1", as: "admin", body: `{"value":"y"}`, mockOnly: noMeta})
	add(row{method: http.MethodDelete, path: "/wp/v2/posts/{release}/meta/1?force=true", as: "admin", mockOnly: noMeta})
	return l.rows
}

// answerID is what a row's save takes from an answer: the "id" of an object (of a
// list's first item), or its "uuid" (application passwords); "" when there is none.
func answerID(v any) string {
	if l, ok := v.([]any); ok {
		if len(l) == 0 {
			return ""
		}
		v = l[0]
	}
	m, _ := v.(map[string]any)
	if id, ok := m["id"].(float64); ok && id > 0 {
		return strconv.Itoa(int(id))
	}
	if u, ok := m["uuid"].(string); ok {
		return u
	}
	return ""
}

// remember records what a write row's answer on this side means for later rows: the
// object it created (for cleanup), its id under the row's save name, the application
// password under its savePassword login.
func (tg *target) remember(rw *row, path string, r *response) {
	if rw.method == http.MethodPost && r.status == http.StatusCreated {
		item := ""
		if loc := r.header.Get("Location"); strings.HasPrefix(loc, tg.api+"/") {
			item = strings.TrimPrefix(loc, tg.api)
		} else if id := answerID(r.json); id != "" {
			item = strings.SplitN(path, "?", 2)[0] + "/" + id
		}
		if item != "" {
			tg.created = append(tg.created, item)
		}
	}
	if rw.save != "" {
		if id := answerID(r.json); id != "" && r.status/100 == 2 {
			tg.ids[rw.save] = id
			delete(tg.unresolved, rw.save)
		} else {
			delete(tg.ids, rw.save)
			tg.unresolved[rw.save] = fmt.Sprintf("%s %s answered %s", rw.method, path, r.summary())
		}
	}
	if rw.savePassword != "" {
		m, _ := r.json.(map[string]any)
		if pw, _ := m["password"].(string); pw != "" {
			tg.passwords[rw.savePassword] = pw
		}
	}
}

// checkExpect checks a row's expected values on each side that succeeded (a status
// difference is reported already). A value WordPress itself does not have means the
// row is wrong; it fails too, saying so.
func checkExpect(rw *row, wp *target, want *response, mk *target, got *response) []difference {
	var d differ
	for i := 0; i+1 < len(rw.expect); i += 2 {
		p, tmpl := rw.expect[i], rw.expect[i+1]
		for _, side := range []struct {
			tg *target
			r  *response
		}{{wp, want}, {mk, got}} {
			if side.r.status/100 != 2 {
				continue
			}
			exp, err := side.tg.expand(tmpl)
			if err != nil {
				d.add("value "+p, "%v", err)
				continue
			}
			v, ok := valueAt(side.r.json, p)
			val := "(absent)"
			if ok {
				val = valueString(v)
			}
			if val == exp {
				continue
			}
			if side.tg == wp {
				d.add("value "+p, "WordPress has %s, the row expects %s (the row is wrong)", val, exp)
			} else {
				d.add("value "+p, "got %s, want %s (as on WordPress)", val, exp)
			}
		}
	}
	return d
}

var indexSuffix = regexp.MustCompile(`^(.*)\[(\d+)\]$`)

// valueAt follows a path of keys and [n] indexes ("previous.status", "[0].title.raw")
// into a decoded JSON value; "#" is the length of a list.
func valueAt(v any, path string) (any, bool) {
	if path == "#" {
		l, ok := v.([]any)
		return float64(len(l)), ok
	}
	for _, seg := range strings.Split(path, ".") {
		var idx []int
		for {
			m := indexSuffix.FindStringSubmatch(seg)
			if m == nil {
				break
			}
			n, _ := strconv.Atoi(m[2])
			idx = append([]int{n}, idx...)
			seg = m[1]
		}
		if seg != "" {
			o, ok := v.(map[string]any)
			if !ok {
				return nil, false
			}
			if v, ok = o[seg]; !ok {
				return nil, false
			}
		}
		for _, n := range idx {
			l, ok := v.([]any)
			if !ok || n >= len(l) {
				return nil, false
			}
			v = l[n]
		}
	}
	return v, true
}

// valueString is a value as an expectation spells it: a string as it is, anything
// else as compact JSON.
func valueString(v any) string {
	if s, ok := v.(string); ok {
		return s
	}
	return compact(v)
}

// cleanup force-deletes, newest first, every object the write rows created on this
// side, then sweeps what is left by prefix. An object already gone is fine.
func cleanup(tg *target) []error {
	var errs []error
	for i := len(tg.created) - 1; i >= 0; i-- {
		if err := deleteObject(tg, tg.created[i]); err != nil {
			errs = append(errs, err)
		}
	}
	tg.created = nil
	return append(errs, sweep(tg)...)
}

// deleteObject deletes one object as admin, for good: users' content goes to admin.
func deleteObject(tg *target, path string) error {
	q := "?force=true"
	switch {
	case strings.Contains(path, "/application-passwords/"):
		q = ""
	case strings.HasPrefix(path, "/wp/v2/users/"):
		q += "&reassign=" + tg.ids["admin"]
	}
	r, err := tg.call(http.MethodDelete, path+q, "admin", nil)
	if err != nil {
		return err
	}
	if r.status != http.StatusOK && r.status != http.StatusNotFound && r.status != http.StatusGone {
		return fmt.Errorf("DELETE %s%s: %s", path, q, r.summary())
	}
	return nil
}

// sweep deletes, as admin, whatever on this side carries the prefix: posts in any
// status, media, users, tags, categories and admin's application passwords. It makes
// the write rows start from the same state on a WordPress an interrupted run left
// objects on.
func sweep(tg *target) []error {
	lists := []namedList{
		{"/wp/v2/menus?search=wpcompare&per_page=100&context=edit", "name"}, // with their items
		{"/wp/v2/posts?status=publish,future,draft,pending,private,trash&search=wpcompare&per_page=100&context=edit", "title.raw"},
		{"/wp/v2/pages?status=publish,future,draft,pending,private,trash&search=wpcompare&per_page=100&context=edit", "title.raw"},
		{"/wp/v2/media?search=wpcompare&per_page=100&context=edit", "title.raw"},
		{"/wp/v2/users?search=wpcompare&per_page=100&context=edit", "username"},
		{"/wp/v2/tags?search=wpcompare&per_page=100&context=edit", "name"},
		{"/wp/v2/categories?search=wpcompare&per_page=100&context=edit", "name"},
		{"/wp/v2/users/" + tg.ids["admin"] + "/application-passwords", "name"},
	}
	lists = append(lists, customSweep()...)
	return deleteNamed(tg, lists, prefix)
}

// namedList is a list to sweep: its path (as admin, edit context) and where an item's
// name is.
type namedList = struct{ path, field string }

// deleteNamed deletes, as admin, every item of the lists whose name starts with prefix.
func deleteNamed(tg *target, lists []namedList, prefix string) []error {
	var errs []error
	for _, l := range lists {
		r, err := tg.want2xx(http.MethodGet, l.path, "admin", nil)
		if err != nil {
			errs = append(errs, err)
			continue
		}
		items, _ := r.json.([]any)
		base := strings.SplitN(l.path, "?", 2)[0]
		for _, it := range items {
			name, _ := valueAt(it, l.field)
			if s, _ := name.(string); !strings.HasPrefix(s, prefix) {
				continue
			}
			if err := deleteObject(tg, base+"/"+url.PathEscape(answerID(it))); err != nil {
				errs = append(errs, err)
			}
		}
	}
	return errs
}
