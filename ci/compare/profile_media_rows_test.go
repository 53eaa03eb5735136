package compare

import (
	"net/http"
	"strconv"

	"github.com/wpmock/wpmock/mock/rest"
)

// The rows of what later WordPress releases changed in media and users (the
// reference's §18), side by side in every version, as profile_rows_test.go does for
// posts: the expectations of a release hold from it on (since), those it took away
// before it (until). The rows make their own objects, named with the prefix.

// mediaUserProfileRows are the media and users rows of the later releases.
func mediaUserProfileRows() []row {
	l := &rowList{method: http.MethodPost}
	add := l.add
	get := l.getJoined
	const media, posts, users = "/wp/v2/media", "/wp/v2/posts", "/wp/v2/users"
	png, err := sampleImage()
	if err != nil {
		panic(err)
	}
	size := strconv.Itoa(len(png))

	// An image uploaded to an old post: the post's month from 6.6, the link to the post
	// from 6.9, the file fields from 7.0, the image editor's from 7.1.
	add(row{path: posts, as: "admin", save: "mpp", note: "an old post to upload to",
		body: `{"title":"wpcompare-mprofile parent","status":"publish","date":"2020-05-01T10:00:00"}`})
	add(row{path: media + "?post={mpp}", as: "admin", header: uploadPNG("wpcompare-mprofile.png"), raw: png, save: "mpi",
		note: "to the old post", expect: concat(
			since(rest.V66, "media_details.file", "2020/05/wpcompare-mprofile.png"),
			until(rest.V69, "_links.wp:attached-to", "(absent)"),
			since(rest.V69, "_links.wp:attached-to[0].id", "{mpp}", "_links.wp:attached-to[0].post_type", "post"),
			since(rest.V70, "filename", "wpcompare-mprofile.png", "filesize", size, "exif_orientation", "1",
				"media_details.image_meta.alt", ""),
			since(rest.V71, "image_output_format", "null", "image_save_progressive", "false",
				"image_quality", `{"default":82,"sizes":[]}`),
			since(rest.V66, "class_list", `["post-{mpi}","attachment","type-attachment","status-inherit","hentry"]`),
			since(rest.V65, "featured_media", "0"))})
	get(media+"/{mpi}?_embed=wp:attached-to", "", "the post embedded", since(rest.V69, "_embedded.wp:attached-to[0].id", "{mpp}"))

	// A multipart file's own name is the title from 6.6; 6.8 refuses an image type the
	// editor cannot resize (BMP), 7.1 lets HEIC through.
	add(row{path: media, as: "admin", header: multipartHeader, save: "mpn", note: "a spaced name",
		raw:    multipartFile("wpcompare-mprofile My Photo.png", "image/png", png),
		expect: concat(until(rest.V66, "title.raw", "wpcompare-mprofile-My-Photo"), since(rest.V66, "title.raw", "wpcompare-mprofile My Photo"))})
	add(row{path: media, as: "admin", header: multipartHeader, note: "an image type the editor cannot resize",
		raw: multipartFile("wpcompare-mprofile.bmp", "image/bmp", png)})
	add(row{path: media, as: "admin", header: multipartHeader, note: "announced as HEIC",
		raw: multipartFile("wpcompare-mprofile-heic.png", "image/heic", png)})

	// featured_media (6.5): an image has no featured image; its create fails once the
	// file is stored, its update ignores it.
	add(row{path: media, as: "admin", header: multipartHeader, note: "featured_media on an image",
		raw: multipartFile("wpcompare-mprofile-fm.png", "image/png", png, "featured_media", "{mpi}")})
	add(row{path: media + "/{mpi}", as: "admin", body: `{"featured_media":{mpn}}`, note: "featured_media update of an image",
		expect: since(rest.V65, "featured_media", "0")})
	add(row{path: media + "/{mpi}", as: "admin", body: `{"featured_media":"x"}`, note: "featured_media not an integer"})

	// media_type and mime_type are lists from 6.9.
	get(media+"?media_type[]=image&media_type[]=video&include={mpi}&_fields=id", "", "two media types",
		since(rest.V69, "[0].id", "{mpi}"))
	get(media+"?media_type=bogus&_fields=id", "", "unknown media type")
	get(media+"?media_type[]=image&media_type[]=bogus&_fields=id", "", "an unknown media type in a list")
	get(media+"?mime_type[]=image/jpeg&mime_type[]=image/png&include={mpi}&_fields=id", "", "two MIME types",
		since(rest.V69, "[0].id", "{mpi}"))
	get(media+"?media_type=video&mime_type=image/png&include={mpi}&_fields=id", "", "media and MIME type")
	// search_columns (6.2) and search_semantics (6.7) on media (an attachment's file
	// name matches whatever the columns).
	get(media+"?search=wpcompare-mprofile&search_columns=post_content&_fields=id", "", "title word, content column")
	get(media+"?search=wpcompare-mprofile&search_semantics=exact&_fields=id", "", "exact")

	// The upload arguments of 7.1.
	for _, c := range []struct{ body, note string }{
		{`{"url":"notaurl"}`, "url not a URL"},
		{`{"url":"http://localhost/x.png"}`, "url on localhost"},
		{`{"url":"http://10.1.2.3/x.png"}`, "url on a private address"},
		{`{"url":"http://8.8.8.8:81/x.png"}`, "url on an unsafe port"},
		{`{"url":"http://8.8.8.8/x.txt"}`, "url of no image"},
		{`{"url":"http://8.8.8.8/"}`, "url without a file name"},
		{`{"url":5}`, "url not a string"},
		{`{"generate_sub_sizes":"maybe"}`, "generate_sub_sizes not a boolean"},
		{`{"convert_format":[]}`, "convert_format not a boolean"},
	} {
		add(row{path: media, as: "admin", body: c.body, note: c.note})
	}

	// Users: search_columns (6.8), which leaves out email for callers without
	// list_users.
	get(users+"?search=example.com&search_columns=email&include={admin}&_fields=id", "admin", "email column", since(rest.V68, "#", "1"))
	get(users+"?search=example.com&search_columns=name&include={admin}&_fields=id", "admin", "name column", since(rest.V68, "#", "0"))
	get(users+"?search=admin&search_columns=email&include={admin}&_fields=id", "", "email column, anonymous", since(rest.V68, "#", "1"))
	get(users+"?search_columns=bogus", "admin", "unknown column")

	for _, m := range []string{"mpi", "mpn"} {
		add(row{method: http.MethodDelete, path: media + "/{" + m + "}?force=true", as: "admin", note: "the media profile rows' image"})
	}
	add(row{method: http.MethodDelete, path: posts + "/{mpp}?force=true", as: "admin", note: "the media profile rows' post"})
	return l.rows
}

// concat joins lists of expectations.
func concat(lists ...[]string) []string {
	var out []string
	for _, l := range lists {
		out = append(out, l...)
	}
	return out
}
