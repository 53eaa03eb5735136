package compare

import (
	"bytes"
	"encoding/base64"
	"fmt"
	"net/http"
	"net/url"
	"slices"
	"strings"

	"github.com/wpmock/wpmock/mock/rest"
)

// The catalogue's hand-listed cases: global parameters, credentials, routes and ids
// that do not exist, odd strings, malformed JSON, method overrides and uploads.

// globalParams: _fields, _embed, context, _envelope and _jsonp as nobody should send them.
func globalParams(add func(string, row)) {
	for _, q := range []string{"_fields=", "_fields[]=id&_fields[]=title", "_fields=nonexistent", "_fields=id,,title",
		"_fields=title.rendered.x", "_fields=_links", "_fields=ID", "_fields[a]=id", "_fields=%FF", "_fields=id&_fields=slug",
		"_embed=1", "_embed=nope", "_embed[]=author", "_embed=author,nope", "_embed=true", "_embed=wp:term&_fields=id",
		"_embed&_fields=_embedded", "context=EDIT", "context[]=view", "context=", "context=view%00", "context=help",
		"_envelope=0", "_envelope[]=1", "_jsonp=", "_jsonp[]=cb", "_jsonp=cb&_envelope", "_pretty=1", "_pretty[]=1"} {
		add("global parameter", row{path: "/wp/v2/posts/{post}?" + q})
	}
	for _, c := range []struct{ path, as string }{
		{"/wp/v2/posts/999999?_fields=id", ""}, {"/wp/v2/posts/999999?_embed", ""}, {"/wp/v2/posts/999999?_jsonp=cb", ""},
		{"/wp/v2/posts?include={post}&_embed", ""}, {"/wp/v2/posts?_fields=id&_embed=author", ""},
		{"/wp/v2/users/{admin}?context=embed", ""}, {"/wp/v2/types/post?context=edit", ""}, {"/wp/v2/taxonomies/category?context=edit", ""},
		{"/wp/v2/statuses/draft", ""}, {"/wp/v2/statuses/draft", "subscriber"}, {"/wp/v2/statuses?context=edit", "subscriber"},
		{"/?context=edit", ""}, {"/wp/v2?context=edit", ""}, {"/wp/v2/posts?context=edit", "subscriber"},
		{"/wp/v2/posts/{draft}?_embed", "author"}, {"/wp/v2/posts/{release}?_embed=wp:featuredmedia", "subscriber"},
		{"/wp/v2/media/{media}?context=edit", "contributor"}, {"/wp/v2/users?context=edit", "author"},
		{"/wp/v2/tags/{tag}?context=edit", "subscriber"}, {"/wp/v2/posts/{post}/revisions?context=embed", "admin"},
	} {
		add("global parameter", row{path: c.path, as: c.as})
	}
}

// authHeaders: Authorization headers that are malformed, of another scheme, empty, or
// carry wrong or oddly spelt credentials, on a read that needs a user and on a write.
// {adminauth} and the like are filled per side by catCredentials.
func authHeaders(add func(string, row)) {
	headers := []struct{ note, value string }{
		{"Basic alone", "Basic"}, {"Basic and a space", "Basic "}, {"Basic not base64", "Basic !!!"},
		{"Basic without a colon", "Basic " + b64("admin")}, {"Basic without a password", "Basic " + b64("admin:")},
		{"Basic without a user", "Basic " + b64(":x")}, {"Basic wrong password", "Basic " + b64("admin:wrong")},
		{"Basic unknown user", "Basic " + b64("nobody:xxxx xxxx xxxx xxxx xxxx xxxx")}, {"Bearer", "Bearer abc.def.ghi"},
		{"Digest", `Digest username="admin", realm="wp"`}, {"empty", ""}, {"lower-case scheme", "basic {adminauth}"},
		{"upper-case scheme", "BASIC {adminauth}"}, {"two spaces", "Basic  {adminauth}"}, {"trailing junk", "Basic {adminauth} x"},
		{"password without spaces", "Basic {adminnospace}"}, {"password in lower case", "Basic {adminlower}"},
		{"another user's password", "Basic {adminwithedit}"}, {"latin-1 user", "Basic " + b64("adm\xefn:x")},
	}
	for _, h := range headers {
		add("authorization", row{path: "/wp/v2/users/me", header: []string{"Authorization", h.value}, note: h.note})
		add("authorization", row{method: http.MethodPost, path: "/wp/v2/posts/{cpost}", header: []string{"Authorization", h.value},
			body: `{"excerpt":"wpcat-auth"}`, note: h.note})
	}
	add("authorization", row{path: "/wp/v2/users/me", as: "admin", header: []string{"X-WP-Nonce", "bogus"}, note: "a nonce beside credentials"})
	add("authorization", row{path: "/wp/v2/users/me", header: []string{"X-WP-Nonce", "bogus"}, note: "a nonce alone"})
	add("authorization", row{path: "/wp/v2/users/me?_wpnonce=bogus", note: "a nonce in the query"})
	add("authorization", row{path: "/wp/v2/posts?_wpnonce=", note: "an empty nonce"})
}

// b64 is the base64 of s, as a Basic header carries it.
func b64(s string) string { return base64.StdEncoding.EncodeToString([]byte(s)) }

// unknownRoutes: paths no route matches, and every method a route does not answer.
func unknownRoutes(routes []*rest.Route, add func(string, row)) {
	for _, p := range []string{"/wp/v2/nope", "/wp/v2/posts/{post}/nope", "/wp/v3/posts", "/wp/v2/", "/wp", "/wp/v2/users/nope",
		"/wp/v2/posts/{post}/revisions/{revision}/nope", "/wp/v2/posts/{post}/revisions/abc", "/wp/v2/posts/1.5", "/wp/v2/posts/-1",
		"/wp/v2/posts/%FF", "/wp/v2/posts/{post}%00", "/wp/v2/types/nope", "/wp/v2/taxonomies/nope", "/wp/v2/statuses/nope",
		"/wp/v2/types/post%20", "/wp/v2/users/{admin}/application-passwords/not-a-uuid", "/oembed/1.0/nope"} {
		add("unknown route", row{path: p, as: "admin"})
	}
	paths := []struct{ pattern, path string }{
		{`/wp/v2/types`, "/wp/v2/types"}, {`/wp/v2/types/(?P<type>[\w-]+)`, "/wp/v2/types/post"},
		{`/wp/v2/statuses`, "/wp/v2/statuses"}, {`/wp/v2/statuses/(?P<status>[\w-]+)`, "/wp/v2/statuses/publish"},
		{`/wp/v2/taxonomies`, "/wp/v2/taxonomies"}, {`/wp/v2/taxonomies/(?P<taxonomy>[\w-]+)`, "/wp/v2/taxonomies/category"},
		{`/wp/v2/users/me`, "/wp/v2/users/me"},
		{`/wp/v2/users/(?P<user_id>(?:[\d]+|me))/application-passwords/introspect`, "/wp/v2/users/me/application-passwords/introspect"},
	}
	for _, res := range catResources {
		paths = append(paths, struct{ pattern, path string }{res.collection, res.base})
		if item := res.mine; item != "" {
			paths = append(paths, struct{ pattern, path string }{res.item, item})
		} else {
			paths = append(paths, struct{ pattern, path string }{res.item, res.seen})
		}
	}
	for _, p := range paths {
		for _, m := range []string{http.MethodGet, http.MethodPost, http.MethodPut, http.MethodPatch, http.MethodDelete} {
			if endpointOf(routes, p.pattern, m) != nil {
				continue
			}
			add("unknown method", row{method: m, path: p.path, as: "admin"})
		}
	}
	for _, m := range []string{"TRACE", "PROPFIND"} {
		add("unknown method", row{method: m, path: "/wp/v2/posts", as: "admin"})
	}
	add("unknown method", row{method: http.MethodHead, path: "/wp/v2/posts/999999"})
	add("unknown method", row{method: http.MethodPost, path: "/", as: "admin"})
	add("unknown method", row{method: http.MethodDelete, path: "/wp/v2", as: "admin"})
}

// missingIDs: ids that name nothing, or an object of another kind, on every item route.
func missingIDs(add func(string, row)) {
	items := []string{"/wp/v2/posts/", "/wp/v2/media/", "/wp/v2/users/", "/wp/v2/tags/", "/wp/v2/categories/"}
	for _, it := range items {
		for _, id := range []string{"999999", "0", "99999999999999999999"} {
			add("missing id", row{path: it + id, as: "admin"})
			add("missing id", row{method: http.MethodPost, path: it + id, as: "admin", body: `{"description":"wpcat"}`})
			q := "?force=true"
			if it == "/wp/v2/users/" {
				q += "&reassign={admin}"
			}
			add("missing id", row{method: http.MethodDelete, path: it + id + q, as: "admin"})
		}
	}
	for _, p := range []string{"/wp/v2/posts/000{post}", "/wp/v2/media/{post}", "/wp/v2/posts/{media}", "/wp/v2/tags/{category}",
		"/wp/v2/categories/{tag}", "/wp/v2/posts/{revision}", "/wp/v2/media/{revision}", "/wp/v2/posts/999999/revisions",
		"/wp/v2/posts/999999/revisions/{revision}", "/wp/v2/posts/{cpost}/revisions/{revision}", "/wp/v2/posts/{post}/revisions/999999",
		"/wp/v2/posts/{post}/revisions/{post}", "/wp/v2/posts/{media}/revisions",
		"/wp/v2/users/999999/application-passwords", "/wp/v2/users/{cuser}/application-passwords/00000000-0000-4000-8000-000000000000",
		"/wp/v2/users/{admin}/application-passwords/{capp}", "/wp/v2/users/0/application-passwords"} {
		add("missing id", row{path: p, as: "admin"})
	}
	add("missing id", row{method: http.MethodDelete, path: "/wp/v2/posts/{post}/revisions/999999?force=true", as: "admin"})
	add("missing id", row{method: http.MethodDelete, path: "/wp/v2/users/{cuser}/application-passwords/00000000-0000-4000-8000-000000000000", as: "admin"})
	add("missing id", row{method: http.MethodPost, path: "/wp/v2/users/{admin}/application-passwords/{capp}", as: "admin",
		body: `{"name":"wpcat-moved"}`, note: "another user's password"})
}

// stringOddities: overlong strings, invalid UTF-8 and NUL bytes in queries, paths and
// bodies, and the lengths WordPress's columns hold.
func stringOddities(add func(string, row)) {
	long := func(n int) string { return strings.Repeat("a", n) }
	for _, q := range []string{"search=" + long(5000), "search=%FF", "search=%00", "search=%C0%AF", "slug=%FF", "slug=" + long(300),
		"search=%F0%9F%98%80", "search=%25", "search=" + url.QueryEscape("' OR 1=1 -- ")} {
		add("string", row{path: "/wp/v2/posts?" + q})
	}
	for _, base := range []string{"/wp/v2/users", "/wp/v2/tags", "/wp/v2/categories", "/wp/v2/media"} {
		add("string", row{path: base + "?search=%FF"})
		add("string", row{path: base + "?slug=%FF"})
	}
	fields := []struct{ path, field, value string }{
		{"/wp/v2/posts/{cpost}", "title", long(100000)},
		{"/wp/v2/posts/{cpost}", "slug", long(300)},
		{"/wp/v2/posts/{cpost}", "slug", "wpcat-café-ñ"},
		{"/wp/v2/posts/{cpost}", "slug", "%FF"},
		{"/wp/v2/posts/{cpost}", "title", "wpcat 😀"},
		{"/wp/v2/posts/{cpost}", "title", "wpcat \u0000 nul"},
		{"/wp/v2/posts/{cpost}", "password", long(300)},
		{"/wp/v2/posts/{cpost}", "password", ""},
		{"/wp/v2/media/{cmedia}", "alt_text", long(10000)},
		{"/wp/v2/users/{cuser}", "url", "http://example.com/" + long(100)},
		{"/wp/v2/users/{cuser}", "email", long(95) + "@example.com"},
		{"/wp/v2/users/{cuser}", "name", long(251)},
		{"/wp/v2/users/{cuser}", "nickname", long(300)},
		{"/wp/v2/users/{cuser}", "slug", "wpcat-" + long(50)},
		{"/wp/v2/users/{cuser}", "first_name", long(300)},
		{"/wp/v2/users/{cuser}", "url", "javascript:alert(1)"},
		{"/wp/v2/users/{cuser}", "email", "wpcat user@example.com"},
		{"/wp/v2/users/{cuser}", "password", "wpcat\\secret"},
		{"/wp/v2/users/{cuser}", "password", ""},
		{"/wp/v2/users/{cuser}", "locale", "xx_XX"},
		{"/wp/v2/tags/{ctag}", "name", "wpcat-" + long(200)},
		{"/wp/v2/tags/{ctag}", "slug", long(201)},
		{"/wp/v2/tags/{ctag}", "name", ""},
		{"/wp/v2/categories/{ccat}", "description", long(100000)},
		{"/wp/v2/categories/{ccat}", "name", " "},
		{"/wp/v2/users/{cuser}/application-passwords/{capp}", "name", "wpcat-" + long(300)},
		{"/wp/v2/users/{cuser}/application-passwords/{capp}", "name", "<b>"},
	}
	for _, f := range fields {
		note := fmt.Sprintf("%s=%.20q (%d bytes)", f.field, f.value, len(f.value))
		add("string", row{method: http.MethodPost, path: f.path, as: "admin", body: fmt.Sprintf(`{%q:%q}`, f.field, f.value), note: note})
	}
	for _, c := range []struct{ path, body string }{
		{"/wp/v2/users", `{"username":"wpcat-` + long(60) + `","email":"wpcat-long@example.com","password":"x"}`},
		{"/wp/v2/users", `{"username":"wpcat ü","email":"wpcat-u@example.com","password":"x"}`},
		{"/wp/v2/users", `{"username":"","email":"wpcat-e@example.com","password":"x"}`},
		{"/wp/v2/users", `{"username":"wpcat-pw","email":"wpcat-pw@example.com","password":""}`},
		{"/wp/v2/users", `{"username":"wpcat-pw2","email":"wpcat-pw2@example.com","password":"a\\b"}`},
		{"/wp/v2/tags", `{"name":""}`},
		{"/wp/v2/tags", `{"name":"   "}`},
		{"/wp/v2/categories", `{"name":"wpcat-` + long(250) + `"}`},
		{"/wp/v2/users/{cuser}/application-passwords", `{"name":""}`},
	} {
		add("string", row{method: http.MethodPost, path: c.path, as: "admin", body: c.body, note: fmt.Sprintf("create %.60s", c.body)})
	}
	form := []string{"Content-Type", "application/x-www-form-urlencoded"}
	for _, b := range []string{"title=%FF", "title=wpcat%00nul", "excerpt=" + long(20000), "title[]=x", "title[raw]=wpcat-raw", "status[]=publish"} {
		add("string", row{method: http.MethodPost, path: "/wp/v2/posts/{cpost}", as: "admin", header: form, raw: []byte(b),
			note: fmt.Sprintf("form %.40s", b)})
	}
}

// nested is a JSON body with a value nested depth levels deep in arrays (objects
// when obj), under a key of a top-level object when key is set.
func nested(depth int, obj bool, key string) string {
	open, closing := strings.Repeat("[", depth), strings.Repeat("]", depth)
	if obj {
		open, closing = strings.Repeat(`{"a":`, depth)+"1", strings.Repeat("}", depth)
		if key != "" {
			return `{"` + key + `":` + open + closing + "}"
		}
		return open + closing
	}
	if key != "" {
		return `{"` + key + `":` + open + closing + "}"
	}
	return open + closing
}

// malformedJSON: bodies PHP's json_decode refuses or reads oddly, and JSON sent under
// other content types.
func malformedJSON(add func(string, row)) {
	jsonType := []string{"Content-Type", "application/json"}
	bodies := []struct{ note, body string }{
		{"open brace", "{"}, {"missing value", `{"title":}`}, {"trailing comma", `{"title":"wpcat",}`},
		{"single quotes", `{'title':'wpcat'}`}, {"top-level array", `["wpcat"]`}, {"top-level string", `"wpcat"`},
		{"top-level number", `123`}, {"top-level null", `null`}, {"top-level true", `true`}, {"zero", `0`},
		{"trailing text", `{"title":"wpcat"} x`}, {"two objects", `{"title":"wpcat"}{"x":1}`}, {"NaN", `{"title":NaN}`},
		{"huge exponent", `{"menu_order":1e400}`}, {"NUL escape", `{"excerpt":"wpcat\u0000"}`}, {"empty key", `{"":1}`},
		{"BOM", "\xef\xbb\xbf{\"excerpt\":\"wpcat\"}"}, {"comment", `{"excerpt":"wpcat" /* c */}`},
		{"invalid UTF-8", "{\"excerpt\":\"wpcat\xff\"}"}, {"overlong UTF-8", "{\"excerpt\":\"wpcat\xc0\xaf\"}"},
		{"surrogate pair", `{"excerpt":"wpcat \ud83d\ude00"}`}, {"lone low surrogate", `{"excerpt":"wpcat \udc00"}`},
		{"bad escape", `{"excerpt":"wpcat \x"}`}, {"short unicode escape", `{"excerpt":"wpcat \u00"}`},
		{"raw tab", "{\"excerpt\":\"wpcat\tx\"}"}, {"raw newline", "{\"excerpt\":\"wpcat\nx\"}"},
		{"brace closed by bracket", `{"excerpt":"wpcat"]`}, {"unquoted key", `{excerpt:"wpcat"}`}, {"leading zeros", `{"author":01}`},
		{"plus sign", `{"author":+1}`}, {"hex number", `{"author":0x1}`}, {"white space only", "  \n\t "}, {"empty body", ""},
		{"deep arrays 511", nested(511, false, "meta")}, {"deep arrays 512", nested(512, false, "meta")},
		{"deep arrays 513", nested(513, false, "meta")}, {"deep objects 512", nested(511, true, "meta")},
		{"deep objects 513", nested(512, true, "meta")}, {"deep top-level 512", nested(512, false, "")},
		{"deep top-level 513", nested(513, false, "")}, {"deep 100000", nested(100000, false, "")},
		{"deep unclosed", strings.Repeat("[", 600)}, {"deep objects unclosed", strings.Repeat(`{"a":`, 600)},
	}
	for _, b := range bodies {
		add("malformed JSON", row{method: http.MethodPost, path: "/wp/v2/posts/{cpost}", as: "admin", header: jsonType,
			raw: []byte(b.body), note: b.note})
	}
	for _, p := range []string{"/wp/v2/posts", "/wp/v2/tags", "/wp/v2/users", "/wp/v2/media/{cmedia}",
		"/wp/v2/users/{cuser}/application-passwords"} {
		add("malformed JSON", row{method: http.MethodPost, path: p, as: "admin", header: jsonType, raw: []byte(`{"name":"wpcat-x",`), note: "truncated"})
	}
	add("malformed JSON", row{method: http.MethodDelete, path: "/wp/v2/posts/{cpost}", header: jsonType, raw: []byte(`{"force":`),
		note: "truncated, anonymous"})
	add("malformed JSON", row{method: http.MethodPut, path: "/wp/v2/posts/{cpost}", as: "admin", header: jsonType,
		raw: []byte(`{"excerpt":"wpcat",`), note: "truncated"})
	add("malformed JSON", row{method: http.MethodGet, path: "/wp/v2/posts/{post}", header: jsonType, raw: []byte(`{"x":`),
		note: "truncated, on a read"})
	types := []struct{ note, ctype, body string }{
		{"charset", "application/json; charset=utf-8", `{"excerpt":"wpcat-charset"}`},
		{"latin-1 charset", "application/json; charset=iso-8859-1", `{"excerpt":"wpcat-latin1"}`},
		{"upper case", "APPLICATION/JSON", `{"excerpt":"wpcat-upper"}`},
		{"+json", "application/vnd.api+json", `{"excerpt":"wpcat-vnd"}`},
		{"text/json", "text/json", `{"excerpt":"wpcat-textjson"}`},
		{"text/plain", "text/plain", `{"excerpt":"wpcat-plain"}`},
		{"form type, JSON body", "application/x-www-form-urlencoded", `{"excerpt":"wpcat-form"}`},
		{"JSON type, form body", "application/json", `excerpt=wpcat-formbody`},
		{"no type", "", `{"excerpt":"wpcat-none"}`},
		{"broken type", "application/json; charset", `{"excerpt":"wpcat-broken"}`},
		{"bad JSON under text/plain", "text/plain", `{"excerpt":`},
	}
	for _, c := range types {
		h := []string{"Content-Type", c.ctype}
		if c.ctype == "" {
			h = nil
		}
		add("malformed JSON", row{method: http.MethodPost, path: "/wp/v2/posts/{cpost}", as: "admin", header: h, raw: []byte(c.body), note: c.note})
	}
}

// methodOverrides: _method and X-HTTP-Method-Override, by callers that may not do what
// the override asks (nothing is deleted) and by admin for harmless ones.
func methodOverrides(add func(string, row)) {
	for _, c := range []struct {
		method, path, as string
		header           []string
		body             string
		note             string
	}{
		{"POST", "/wp/v2/posts/{cpost}?_method=DELETE", "", nil, "", ""},
		{"POST", "/wp/v2/posts/{cpost}?_method=DELETE", "subscriber", nil, "", ""},
		{"GET", "/wp/v2/posts/{cpost}?_method=DELETE", "", nil, "", ""},
		{"POST", "/wp/v2/posts/{post}?_method=GET", "", nil, "", ""},
		{"POST", "/wp/v2/posts?_method=HEAD", "", nil, "", ""},
		{"POST", "/wp/v2/posts/{cpost}?_method=delete", "", nil, "", "lower case"},
		{"POST", "/wp/v2/posts/{cpost}?_method=PUT", "admin", nil, `{"excerpt":"wpcat-put"}`, ""},
		{"POST", "/wp/v2/posts/{cpost}?_method=bogus", "admin", nil, `{"excerpt":"wpcat-bogus"}`, ""},
		{"POST", "/wp/v2/posts/{cpost}?_method=", "admin", nil, `{"excerpt":"wpcat-empty"}`, "empty"},
		{"POST", "/wp/v2/posts/{cpost}?_method[]=DELETE", "", nil, "", "an array"},
		{"POST", "/wp/v2/posts/{cpost}", "", []string{"X-HTTP-Method-Override", "DELETE"}, "", ""},
		{"POST", "/wp/v2/posts", "", []string{"X-HTTP-Method-Override", "GET"}, "", ""},
		{"POST", "/wp/v2/posts?_method=GET", "", []string{"X-HTTP-Method-Override", "DELETE"}, "", "both"},
		{"POST", "/wp/v2/posts?_method=OPTIONS", "", nil, "", ""},
		{"GET", "/wp/v2/posts?_method=POST", "", nil, "", ""},
		{"GET", "/wp/v2/posts?_method=PATCH", "subscriber", nil, "", ""},
		{"DELETE", "/wp/v2/posts/{post}?_method=GET", "", nil, "", ""},
		{"POST", "/wp/v2/users/{cuser}?_method=DELETE&force=true&reassign={admin}", "author", nil, "", ""},
	} {
		add("method override", row{method: c.method, path: c.path, as: c.as, header: c.header, body: c.body, note: c.note})
	}
}

// uploads: odd file names and Content-Disposition headers on raw uploads, and
// malformed multipart bodies. What WordPress accepts is made on both sides and deleted
// at the end.
func uploads(add func(string, row)) {
	png, err := sampleImage()
	if err != nil {
		panic(err)
	}
	names := []string{"../../wpcat-evil.png", "wpcat-dir/wpcat-sub.png", `wpcat-dir\wpcat-win.png`, "wpcat-x.PHP", "wpcat-x.php.png",
		".htaccess", "wpcat-noext", "wpcat-café.png", "wpcat-" + strings.Repeat("a", 250) + ".png", "wpcat-space .png",
		"wpcat-x..png", "wpcat-x.svg", "wpcat-x.PNG", "wpcat-‮gnp.exe", "wpcat-x.png."}
	for _, n := range names {
		add("upload name", row{method: http.MethodPost, path: "/wp/v2/media", as: "admin", raw: png,
			header: []string{"Content-Type", "image/png", "Content-Disposition", `attachment; filename="` + n + `"`}, note: fmt.Sprintf("%.40q", n)})
	}
	for _, d := range []string{`attachment; filename*=UTF-8''wpcat-caf%C3%A9.png`, `inline; filename="wpcat-inline.png"`,
		`attachment; filename=wpcat-unquoted.png`, `form-data; name="file"; filename="wpcat-fd.png"`, `attachment; filename=""`,
		`attachment; filename="wpcat-a.png"; filename="wpcat-b.png"`, `attachment; filename="wpcat-x.png`, `filename="wpcat-bare.png"`} {
		add("upload disposition", row{method: http.MethodPost, path: "/wp/v2/media", as: "admin", raw: png,
			header: []string{"Content-Type", "image/png", "Content-Disposition", d}, note: d})
	}
	disp := `attachment; filename="wpcat-odd.png"`
	for _, c := range []struct {
		note  string
		ctype string
		data  []byte
	}{
		{"empty body", "image/png", nil}, {"JPEG type, PNG bytes", "image/jpeg", png}, {"PNG type, text bytes", "image/png", []byte("wpcat: not a picture")},
		{"octet-stream", "application/octet-stream", png}, {"type with parameters", "image/png; charset=binary", png},
	} {
		add("upload body", row{method: http.MethodPost, path: "/wp/v2/media", as: "admin", raw: c.data,
			header: []string{"Content-Type", c.ctype, "Content-Disposition", disp}, note: c.note})
	}
	add("upload body", row{method: http.MethodPost, path: "/wp/v2/media", header: uploadPNG("wpcat-anon.png"), raw: png, note: "anonymous"})
	add("upload body", row{method: http.MethodPost, path: "/wp/v2/media", as: "subscriber", header: uploadPNG("wpcat-sub.png"), raw: png, note: "subscriber"})

	good := multipartFile("wpcat-mp.png", "image/png", png, "title", "wpcat-mp")
	withoutClose := good[:bytes.LastIndex(good, []byte("--"+boundary+"--"))]
	mp := func(b string) []string { return []string{"Content-Type", "multipart/form-data" + b} }
	parts := func(lines ...string) []byte { return []byte(strings.Join(lines, "\r\n")) }
	for _, c := range []struct {
		note   string
		path   string
		method string
		header []string
		body   []byte
	}{
		{"no boundary", "/wp/v2/media", "", mp(""), good},
		{"another boundary", "/wp/v2/media", "", mp("; boundary=elsewhere"), good},
		{"quoted boundary", "/wp/v2/media", "", mp(`; boundary="` + boundary + `"`), good},
		{"not closed", "/wp/v2/media", "", multipartHeader, withoutClose},
		{"cut in the file", "/wp/v2/media", "", multipartHeader, good[:len(good)/2]},
		{"empty body", "/wp/v2/media", "", multipartHeader, []byte{}},
		{"part without a name", "/wp/v2/media", "", multipartHeader, parts("--"+boundary,
			`Content-Disposition: form-data; filename="wpcat-noname.png"`, "Content-Type: image/png", "", string(png), "--"+boundary+"--", "")},
		{"empty file name", "/wp/v2/media", "", multipartHeader, multipartFile("", "image/png", png)},
		{"file under another field", "/wp/v2/media", "", multipartHeader, parts("--"+boundary,
			`Content-Disposition: form-data; name="upload"; filename="wpcat-other.png"`, "Content-Type: image/png", "", string(png), "--"+boundary+"--", "")},
		{"fields only", "/wp/v2/media", "", multipartHeader, parts("--"+boundary, `Content-Disposition: form-data; name="title"`, "",
			"wpcat-fields", "--"+boundary+"--", "")},
		{"file without a type", "/wp/v2/media", "", multipartHeader, parts("--"+boundary,
			`Content-Disposition: form-data; name="file"; filename="wpcat-notype.png"`, "", string(png), "--"+boundary+"--", "")},
		{"bare LF", "/wp/v2/media", "", multipartHeader, bytes.ReplaceAll(good, []byte("\r\n"), []byte("\n"))},
		{"bad field value", "/wp/v2/media", "", multipartHeader, multipartFile("wpcat-bad.png", "image/png", png, "status", "bogus")},
		{"odd file name", "/wp/v2/media", "", multipartHeader, multipartFile("../wpcat-mp-up.png", "image/png", png)},
		{"long file name", "/wp/v2/media", "", multipartHeader, multipartFile("wpcat-"+strings.Repeat("b", 250)+".png", "image/png", png)},
		{"PUT to an item", "/wp/v2/media/{cmedia}", http.MethodPut, multipartHeader, multipartFile("wpcat-put.png", "image/png", png, "alt_text", "wpcat-put")},
		{"POST to a post", "/wp/v2/posts/{cpost}", "", multipartHeader, parts("--"+boundary, `Content-Disposition: form-data; name="excerpt"`, "",
			"wpcat-multipart", "--"+boundary+"--", "")},
	} {
		m := c.method
		if m == "" {
			m = http.MethodPost
		}
		add("multipart", row{method: m, path: c.path, as: "admin", header: c.header, raw: c.body, note: c.note})
	}
}

// readOnly reports whether a case cannot change anything when it succeeds: a read
// without a method override.
func readOnly(rw *row) bool {
	if !slices.Contains([]string{http.MethodGet, http.MethodHead, http.MethodOptions}, rw.method) {
		return false
	}
	if strings.Contains(rw.path, "_method") {
		return false
	}
	for i := 0; i+1 < len(rw.header); i += 2 {
		if strings.EqualFold(rw.header[i], "X-HTTP-Method-Override") {
			return false
		}
	}
	return true
}
