package contract

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
)

// The globals group: what the server does for every route (reference §4): the global
// parameters _fields, _embed, _envelope, _jsonp and _method, HEAD, CORS and the headers
// every response carries. It only reads: the post it looks at is the newest published
// one, whatever it is.

// WordPress's fixed header values (serve_request and rest_send_cors_headers, §4).
const (
	jsonContentType  = "application/json; charset=UTF-8"
	jsonpContentType = "application/javascript; charset=UTF-8"
	exposeHeaders    = "X-WP-Total, X-WP-TotalPages, Link"
	allowHeaders     = "Authorization, X-WP-Nonce, Content-Disposition, Content-MD5, Content-Type"
	corsMethods      = "OPTIONS, GET, POST, PUT, PATCH, DELETE"
	noCacheDate      = "Wed, 11 Jan 1984 05:00:00 GMT"
	allowItem        = "GET, POST, PUT, PATCH, DELETE"
)

// noCache is Cache-Control for a logged-in user (wp_get_nocache_headers).
var noCache = fact("no-cache, must-revalidate, max-age=0", from(wp63, "no-cache, must-revalidate, max-age=0, no-store, private"))

// userEmbedKeys are a user's fields in embed context (§10.3), as _embed gives them.
var userEmbedKeys = []string{"_links", "avatar_urls", "description", "id", "link", "name", "slug", "url"}

// termEmbedKeys are a term's fields in embed context (§11.3).
var termEmbedKeys = []string{"_links", "id", "link", "name", "slug", "taxonomy"}

func init() {
	register("globals", false, func(s *Suite, t T) {
		t.Run("headers", func(t T) { globalHeaders(s, t) })
		t.Run("method override", func(t T) { globalMethod(s, t) })
		t.Run("jsonp", func(t T) { globalJSONP(s, t) })
		t.Run("envelope", func(t T) { globalEnvelope(s, t) })
		post := s.anyPublishedPost(t)
		if post == 0 {
			t.Logf("globals: the target has no published post; the _fields, _embed and Allow checks on an item are skipped")
			return
		}
		t.Run("fields", func(t T) { globalFields(s, t, post) })
		t.Run("embed", func(t T) { globalEmbed(s, t, post) })
		t.Run("allow", func(t T) { globalAllow(s, t, post) })
	})
}

// anyPublishedPost is the id of the newest published post, or 0 when there is none.
func (s *Suite) anyPublishedPost(t T) int {
	r := s.as(anonymous).get(t, "/wp/v2/posts?per_page=1&_fields=id")
	if !wantStatus(t, r, http.StatusOK, "globals/posts/anonymous-200: GET /wp/v2/posts answers 200 to anyone") || len(r.list()) == 0 {
		return 0
	}
	f, _ := at(r.JSON(), "0.id")
	n, _ := f.(float64)
	return int(n)
}

func globalHeaders(s *Suite, t T) {
	anon := s.as(anonymous)
	r := anon.get(t, "/wp/v2/types/post")
	wantHeader(t, r, "Content-Type", jsonContentType, "globals/headers/content-type: JSON responses have Content-Type: application/json; charset=UTF-8 (§4)")
	wantHeader(t, r, "X-Robots-Tag", "noindex", "globals/headers/x-robots-tag: every API response has X-Robots-Tag: noindex (§4)")
	wantHeader(t, r, "X-Content-Type-Options", "nosniff", "globals/headers/nosniff: every API response has X-Content-Type-Options: nosniff (§4)")
	wantHeader(t, r, "Access-Control-Expose-Headers", exposeHeaders, "globals/headers/cors-expose: every API response exposes the paging headers to CORS clients (§4)")
	wantHeader(t, r, "Access-Control-Allow-Headers", allowHeaders, "globals/headers/cors-allow-headers: every API response lists the request headers CORS clients may send (§4)")
	wantHeader(t, r, "Link", "<"+s.cfg.URL+"/>; rel=\"https://api.w.org/\"", "globals/headers/api-link: a response without links of its own has Link: <API root>; rel=\"https://api.w.org/\" (§4)")
	wantHeader(t, r, "Access-Control-Allow-Origin", "", "globals/cors/no-origin: without an Origin header no Access-Control-Allow-Origin is sent (§4 CORS)")

	e := anon.get(t, "/wp/v2/nope")
	wantHeader(t, e, "Content-Type", jsonContentType, "globals/headers/error-content-type: error responses are JSON too: Content-Type: application/json; charset=UTF-8")

	for _, origin := range []string{"https://client.example", "null"} {
		c := anon.do(t, http.MethodGet, "/wp/v2/types/post", nil, "Origin", origin)
		wantHeader(t, c, "Access-Control-Allow-Origin", origin, "globals/cors/echo-origin: CORS: any Origin (even \"null\") is echoed in Access-Control-Allow-Origin")
		wantHeader(t, c, "Access-Control-Allow-Methods", corsMethods, "globals/cors/allow-methods: CORS: Access-Control-Allow-Methods lists OPTIONS, GET, POST, PUT, PATCH, DELETE")
		wantHeader(t, c, "Access-Control-Allow-Credentials", "true", "globals/cors/allow-credentials: CORS: Access-Control-Allow-Credentials: true")
		check(t, c, strings.Contains(c.Header.Get("Vary"), "Origin"), "globals/cors/vary-origin: CORS: a response to a request with an Origin varies on it (Vary: Origin)",
			"Vary: %q", c.Header.Get("Vary"))
	}

	// HEAD runs the GET handler and sends its headers. (Go's client never reads a body
	// of a HEAD response, so that it has none is not checked here.)
	head := anon.do(t, http.MethodHead, "/wp/v2/posts?per_page=1", nil)
	wantStatus(t, head, http.StatusOK, "globals/head/status: HEAD on a GET route answers like GET (200)")
	var total int
	_, err := fmt.Sscan(head.Header.Get("X-WP-Total"), &total)
	check(t, head, err == nil, "pagination/total: HEAD on a collection sends X-WP-Total", "X-WP-Total %q", head.Header.Get("X-WP-Total"))
	empty := anon.do(t, http.MethodHead, "/wp/v2/posts?include="+missingID, nil)
	wantHeader(t, empty, "X-WP-Total", "0", "pagination/total: HEAD sends GET's X-WP-Total (0 for a collection no post can enter)")
	wantHeader(t, empty, "X-WP-TotalPages", "0", "pagination/total-pages: HEAD sends GET's X-WP-TotalPages")
	wantHeader(t, head, "Content-Type", jsonContentType, "globals/head/content-type: HEAD sends GET's Content-Type")
	wantHeader(t, head, "Allow", "GET", "globals/head/allow: HEAD sends GET's Allow header")
	for _, path := range []string{"/wp/v2/tags?_fields=id", "/wp/v2/categories?_fields=id"} {
		wantStatus(t, anon.do(t, http.MethodHead, path, nil), http.StatusOK, "globals/head/fields: HEAD with _fields answers 200, as GET")
	}
	missing := anon.do(t, http.MethodHead, "/wp/v2/posts/"+missingID, nil)
	wantStatus(t, missing, http.StatusNotFound, "globals/head/not-found: HEAD of a post that does not exist: 404, as GET")
	pub := anon.get(t, "/wp/v2/types/post")
	check(t, pub, !strings.Contains(pub.Header.Get("Cache-Control"), "no-cache") && pub.Header.Get("Expires") != noCacheDate,
		"globals/headers/anonymous-cacheable: responses to an anonymous reader do not carry the no-cache headers", "Cache-Control %q, Expires %q", pub.Header.Get("Cache-Control"), pub.Header.Get("Expires"))
	if s.anonymousOnly {
		return // the rest needs the administrator
	}
	admin := s.as(s.admin()).get(t, "/wp/v2/types/post")
	wantHeader(t, admin, "Cache-Control", noCache.at(s.wp), "globals/headers/logged-in-cache-control: responses to a logged-in user are not cached: Cache-Control: "+noCache.at(s.wp))
	wantHeader(t, admin, "Expires", noCacheDate, "globals/headers/logged-in-expires: responses to a logged-in user have Expires: Wed, 11 Jan 1984 05:00:00 GMT")
	wantHeader(t, admin, "Last-Modified", "", "globals/headers/logged-in-no-last-modified: responses to a logged-in user have no Last-Modified")
}

func globalMethod(s *Suite, t T) {
	anon := s.as(anonymous)
	r := anon.get(t, "/wp/v2/types?_method=POST")
	wantError(t, r, http.StatusNotFound, "rest_no_route", "globals/method/query-post: ?_method=POST turns a GET into a POST (/wp/v2/types has no POST: 404 rest_no_route)")
	r = anon.do(t, http.MethodPost, "/wp/v2/types/post?_method=GET", nil)
	wantStatus(t, r, http.StatusOK, "globals/method/query-get: ?_method=GET turns a POST into a GET")
	wantValue(t, r, "slug", "post", "globals/method/query-get: ?_method=GET on /wp/v2/types/post returns the post type")
	r = anon.do(t, http.MethodGet, "/wp/v2/users/"+missingID, nil, "X-HTTP-Method-Override", "DELETE")
	wantError(t, r, http.StatusBadRequest, "rest_missing_callback_param",
		"globals/method/override-header-delete: X-HTTP-Method-Override: DELETE turns a GET into a DELETE (a user DELETE without reassign: 400 rest_missing_callback_param)")
	r = anon.do(t, http.MethodPost, "/wp/v2/types/post", nil, "X-HTTP-Method-Override", "GET")
	wantStatus(t, r, http.StatusOK, "globals/method/override-header-get: X-HTTP-Method-Override: GET turns a POST into a GET")
}

func globalJSONP(s *Suite, t T) {
	anon := s.as(anonymous)
	plain := anon.get(t, "/wp/v2/types/post")
	r := anon.get(t, "/wp/v2/types/post?_jsonp=wpc.cb_1")
	wantStatus(t, r, http.StatusOK, "globals/jsonp/200: _jsonp with a valid callback name answers 200")
	wantHeader(t, r, "Content-Type", jsonpContentType, "globals/jsonp/content-type: _jsonp responses have Content-Type: application/javascript; charset=UTF-8")
	body := string(r.Body)
	const head = "/**/wpc.cb_1("
	ok := strings.HasPrefix(body, head) && strings.HasSuffix(body, ")")
	if check(t, r, ok, "globals/jsonp/wrapper: _jsonp=cb wraps the JSON body as /**/cb(<json>)", "body %s", clip(r.Body, 80)) {
		var inner any
		err := json.Unmarshal([]byte(body[len(head):len(body)-1]), &inner)
		check(t, r, err == nil && jsonEqual(inner, plain.JSON()), "globals/jsonp/wrapper-body: the JSON inside the _jsonp wrapper is the plain response's body",
			"inner %s (error %v)", clip([]byte(body[len(head):len(body)-1]), 120), err)
	}
}

func globalEnvelope(s *Suite, t T) {
	anon := s.as(anonymous)
	plain := anon.get(t, "/wp/v2/types/post")
	r := anon.get(t, "/wp/v2/types/post?_envelope")
	wantStatus(t, r, http.StatusOK, "globals/envelope/status-200: _envelope: the HTTP status is 200")
	wantKeys(t, r, "", []string{"body", "headers", "status"}, "globals/envelope/keys: _envelope: the body is {body, status, headers}")
	wantValue(t, r, "status", 200.0, "globals/envelope/status: _envelope: status is the real status")
	wantValue(t, r, "body", plain.JSON(), "globals/envelope/body: _envelope: body is the response's own body")

	// a collection no post can enter (ids that cannot exist), so the totals are stable
	r = anon.get(t, "/wp/v2/posts?include="+missingID+"&_envelope")
	wantValue(t, r, "body", []any{}, "globals/envelope/body: _envelope: body of an empty collection is []")
	wantValue(t, r, "headers.X-WP-Total", 0.0, "globals/envelope/headers: _envelope: the response's headers move inside, X-WP-Total as a number")
	wantValue(t, r, "headers.X-WP-TotalPages", 0.0, "globals/envelope/headers: _envelope: headers holds X-WP-TotalPages, as a number")
	wantValue(t, r, "headers.Allow", "GET", "globals/envelope/headers: _envelope: headers holds the Allow header")
	wantHeader(t, r, "X-WP-Total", "", "globals/envelope/outer-headers: _envelope: the outer response carries none of the response's own headers")

	e := anon.get(t, "/wp/v2/posts/"+missingID+"?_envelope")
	wantStatus(t, e, http.StatusOK, "globals/envelope/status-200: _envelope on an error: the HTTP status is still 200")
	wantValue(t, e, "status", 404.0, "globals/envelope/status: _envelope on an error: status holds the real 404")
	wantValue(t, e, "body.code", "rest_post_invalid_id", "globals/envelope/body: _envelope on an error: body holds the error")
}

func globalFields(s *Suite, t T, post int) {
	anon := s.as(anonymous)
	item := fmt.Sprintf("/wp/v2/posts/%d", post)
	r := anon.get(t, item+"?_fields=title,slug")
	wantKeys(t, r, "", []string{"slug", "title"}, "globals/fields/keeps-listed: _fields=title,slug keeps exactly those keys (id is dropped unless asked for, links too)")
	r = anon.get(t, item+"?_fields=id,content.protected")
	wantKeys(t, r, "", []string{"content", "id"}, "globals/fields/dotted: _fields with a dotted key keeps the top-level key")
	wantKeys(t, r, "content", []string{"protected"}, "globals/fields/dotted: _fields=content.protected keeps only that sub-key of content")
	r = anon.get(t, item+"?_fields=wpcontract-no-such-field")
	check(t, r, r.Status == http.StatusOK && string(r.Body) == "[]",
		"globals/fields/unknown: _fields naming no field answers 200 [] (the item filtered to an empty PHP array)", "%d %s", r.Status, clip(r.Body, 80))
	r = anon.get(t, "/wp/v2/posts?per_page=2&_fields=wpcontract-no-such-field")
	check(t, r, r.Status == http.StatusOK && strings.Trim(string(r.Body), "[],") == "" && strings.Count(string(r.Body), "[]") == len(r.list()),
		"globals/fields/unknown: _fields naming no field answers 200 [] (the item filtered to an empty PHP array)", "%d %s", r.Status, clip(r.Body, 80))
	r = anon.get(t, item+"?_fields=id,_links")
	wantKeys(t, r, "", []string{"_links", "id"}, "globals/fields/links: _fields=id,_links keeps the links")
	r = anon.get(t, "/wp/v2/posts?per_page=2&_fields=id,link")
	for i := range r.list() {
		wantKeys(t, r, fmt.Sprint(i), []string{"id", "link"}, "globals/fields/collection: _fields applies to each item of a collection")
	}
	r = anon.get(t, "/wp/v2/posts/"+missingID+"?_fields=id")
	wantKeys(t, r, "", []string{"code", "data", "message"}, "globals/fields/not-on-errors: _fields is not applied to an error")
	r = anon.get(t, "/wp/v2/types/post?_fields=slug")
	wantKeys(t, r, "", []string{"slug"}, "globals/fields/every-route: _fields applies to every route (a post type)")
	for _, c := range []struct {
		path string
		keys []string
	}{
		{"/wp/v2/types/post", []string{"name"}}, {"/wp/v2/taxonomies/category", []string{"name"}},
		// the statuses controller adds its links whatever _fields says
		{"/wp/v2/statuses/publish", []string{"_links", "name"}},
	} {
		r = anon.get(t, c.path+"?_fields=id,name")
		wantKeys(t, r, "", c.keys, "globals/fields/unknown-field-ignored: _fields naming a field the object does not have (id) keeps the others")
	}
}

func globalEmbed(s *Suite, t T, post int) {
	anon := s.as(anonymous)
	item := fmt.Sprintf("/wp/v2/posts/%d", post)
	plain := anon.get(t, item)
	_, has := plain.object()["_embedded"]
	check(t, plain, !has, "globals/embed/absent-without: without _embed there is no _embedded", "_embedded present")

	r := anon.get(t, item+"?_embed")
	author, _ := plain.object()["author"].(float64)
	wantValue(t, r, "_embedded.author.0.id", author, "globals/embed/author: _embed: _embedded.author holds the post's author")
	// a plugin's field on users (register_rest_field) declared in the embed context is
	// embedded too: the users' schema says which
	s.wantKeysAt(t, r, "_embedded.author.0", "", w(strings.Join(userEmbedKeys, " ")),
		"globals/embed/author-embed-keys: _embed: the author is embedded with the user's embed-context fields"+s.schemaNote(t, "/wp/v2/users", "embed"), schemaAt{"/wp/v2/users", "embed"})
	terms, _ := at(r.JSON(), "_embedded.wp:term")
	list, _ := terms.([]any)
	taxes := s.postTaxonomies(t, "post")
	check(t, r, len(list) == len(taxes), "globals/embed/terms: _embed: _embedded.wp:term has one list per wp:term link (categories, then tags, then the site's taxonomies), kept in link order",
		"wp:term = %s, want %d lists", show(terms, terms != nil), len(taxes))
	wantValue(t, r, "_embedded.wp:term.0.0.taxonomy", "category", "globals/embed/terms: _embed: the first wp:term list holds the post's categories")
	s.wantKeysAt(t, r, "_embedded.wp:term.0.0", "", w(strings.Join(termEmbedKeys, " ")),
		"globals/embed/terms-embed-keys: _embed: terms are embedded with their embed-context fields"+s.schemaNote(t, "/wp/v2/categories", "embed"), schemaAt{"/wp/v2/categories", "embed"})

	r = anon.get(t, item+"?_embed&_envelope")
	_, has = at(r.JSON(), "body._embedded.author")
	check(t, r, has, "globals/envelope/embed: _embed with _envelope embeds inside the envelope's body", "body._embedded.author absent")
	r = anon.get(t, item+"?_embed=author")
	wantKeys(t, r, "_embedded", []string{"author"}, "globals/embed/listed-rels: _embed=author embeds only the author rel")
	r = anon.get(t, item+"?_embed=author,wp:term")
	wantKeys(t, r, "_embedded", []string{"author", "wp:term"}, "globals/embed/listed-rels: _embed=author,wp:term embeds exactly the listed rels")
	r = anon.get(t, "/wp/v2/posts?per_page=1&_embed=author")
	wantKeys(t, r, "0._embedded", []string{"author"}, "globals/embed/collection: _embed applies to each item of a collection")
}

func globalAllow(s *Suite, t T, post int) {
	anon := s.as(anonymous)
	item := fmt.Sprintf("/wp/v2/posts/%d", post)
	wantHeader(t, anon.get(t, "/wp/v2/posts?per_page=1"), "Allow", "GET",
		"globals/allow/anonymous-collection: Allow lists the methods this user may use: anonymous on /wp/v2/posts → GET")
	wantHeader(t, anon.get(t, item), "Allow", "GET", "globals/allow/anonymous-item: Allow: anonymous on a published post → GET")
	wantHeader(t, anon.get(t, "/wp/v2/users/me"), "Allow", "GET", "globals/allow/on-401: Allow is sent on a 401 from a matched route too")
	wantHeader(t, anon.get(t, "/wp/v2/nope"), "Allow", "", "globals/allow/no-route: no Allow header when no route matched")
	wantHeader(t, anon.do(t, http.MethodOptions, item, nil), "Allow", "GET", "globals/allow/options-item: OPTIONS on an item answers Allow with what the caller may do: GET for an anonymous reader")
	if s.anonymousOnly {
		return // the rest needs the administrator
	}
	admin := s.as(s.admin())
	wantHeader(t, admin.get(t, "/wp/v2/posts?per_page=1"), "Allow", "GET, POST",
		"globals/allow/admin-collection: Allow lists the methods this user may use: an administrator on /wp/v2/posts → GET, POST")
	wantHeader(t, admin.get(t, item), "Allow", allowItem, "globals/allow/admin-item: Allow: an administrator on a post → GET, POST, PUT, PATCH, DELETE")
	wantHeader(t, admin.do(t, http.MethodOptions, item, nil), "Allow", allowItem, "globals/allow/options-item: OPTIONS on an item answers Allow with what the caller may do: "+allowItem+" for the admin")
}
