package contract

import (
	"bytes"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"

	"encoding/json"
	"regexp"
	"slices"

	"github.com/wpmock/wpmock/mock/rest"
)

// The deliberate defects TestSuiteCatchesDefects (mutation_test.go) runs the suite
// against, one at a time, each with the id of the rule that must catch it.

var defects = []defect{
	// routes
	{"a wrong method answers 405", "routes/no-route", []string{"routes"}, func(h http.Handler) http.Handler {
		return rewrite(h, func(r *http.Request, rec *httptest.ResponseRecorder) {
			if r.Method == "PUT" && rec.Code == http.StatusNotFound {
				rec.Code = http.StatusMethodNotAllowed
			}
		})
	}},
	{"the revisions route is missing", "routes/get-posts-id-revisions", []string{"routes"}, noRoute(on("GET", revisions))},
	{"routes match case-sensitively", "routes/case-insensitive", []string{"routes"}, noRoute(func(r *http.Request) bool { return strings.Contains(r.URL.Path, "/WP/") })},
	{"the ?rest_route= form is not served", "routes/rest-route-param", []string{"routes"}, noRoute(func(r *http.Request) bool { return r.URL.Query().Has("rest_route") })},

	// errors
	{"an unknown post id answers rest_invalid_id", "errors/not-found/codes", []string{"errors"}, replaceBody(`"rest_post_invalid_id"`, `"rest_invalid_id"`)},
	{"validation errors lack data.details", "errors/invalid-param/body", []string{"errors"}, editObjects(func(*http.Request) bool { return true }, func(m map[string]any) {
		if d, ok := m["data"].(map[string]any); ok && m["code"] == "rest_invalid_param" {
			delete(d, "details")
		}
	})},
	{"a bad JSONP callback answers 200", "errors/jsonp/bad-callback-400", []string{"errors"}, restatus("rest_callback_invalid", http.StatusOK)},
	{"a child page has no up link", "pages/links/up", []string{"pages"},
		editObjects(on("", `/wp/v2/pages(/\d+)?`), func(m map[string]any) {
			if l, ok := m["_links"].(map[string]any); ok {
				delete(l, "up")
			}
		})},
	{"a trashed comment's second delete answers 200", "comments/delete/already-trashed", []string{"comments"}, restatus("rest_already_trashed", http.StatusOK)},
	{"an unparsable JSON body is accepted as empty", "errors/invalid-json/400", []string{"errors"}, restatus("rest_invalid_json", http.StatusCreated)},

	// schemas
	{"OPTIONS /wp/v2/posts leaves out the sticky argument", "schemas/posts/args-get", []string{"schemas"},
		editObjects(on("OPTIONS", posts), func(m map[string]any) {
			if eps, ok := m["endpoints"].([]any); ok {
				if args, ok := at(eps[0], "args"); ok {
					delete(args.(map[string]any), "sticky")
				}
			}
		})},
	{"the posts schema types id as a string", "schemas/posts/property-id-type", []string{"schemas"},
		editObjects(on("OPTIONS", posts), func(m map[string]any) {
			if p, ok := at(m, "schema.properties.id"); ok {
				p.(map[string]any)["type"] = "string"
			}
		})},
	{"per_page defaults to 20 in OPTIONS", "schemas/tags/arg-per_page", []string{"schemas"},
		editObjects(on("OPTIONS", `/wp/v2/tags`), func(m map[string]any) {
			if p, ok := at(m, "endpoints.0.args.per_page"); ok {
				p.(map[string]any)["default"] = 20
			}
		})},

	// fields
	{"embed context lacks the post excerpt", "fields/posts/embed-keys", []string{"fields"},
		editObjects(and(on("GET", `/wp/v2/posts(/\d+)?`), hasQuery("context", "embed")), func(m map[string]any) { delete(m, "excerpt") })},
	{"users show their email in view context", "fields/users/view-keys", []string{"fields"},
		editObjects(and(on("GET", `/wp/v2/users(/\d+)?`), hasQuery("context", "view")), func(m map[string]any) { m["email"] = "leak@example.com" })},
	{"tags lack the taxonomy field", "fields/tags/view-keys", []string{"fields"},
		editObjects(on("GET", `/wp/v2/tags(/\d+)?`), func(m map[string]any) { delete(m, "taxonomy") })},
	{"posts lack the wp:term links", "fields/posts/view-keys/_links", []string{"fields"},
		editObjects(on("GET", `/wp/v2/posts(/\d+)?`), func(m map[string]any) {
			if l, ok := m["_links"].(map[string]any); ok {
				delete(l, "wp:term")
			}
		})},
	{"the post type lacks rest_base", "fields/types/view-keys", []string{"fields"},
		editObjects(on("GET", `/wp/v2/types/post`), func(m map[string]any) { delete(m, "rest_base") })},

	// types
	{"post ids are strings", "types/posts/id", []string{"types"},
		editObjects(on("GET", postItem), func(m map[string]any) { m["id"] = fmt.Sprint(m["id"]) })},
	{"post dates carry a Z", "types/posts/date", []string{"types"},
		editObjects(on("GET", postItem), func(m map[string]any) { m["date"] = fmt.Sprint(m["date"], "Z") })},
	{"the response of an id-typed field breaks the OpenAPI document", "openapi/getWpV2PostsById", []string{"types"},
		editObjects(on("GET", postItem), func(m map[string]any) { m["id"] = fmt.Sprint(m["id"]) })},
	{"meta is {} instead of []", "types/posts/meta", []string{"types"},
		editObjects(on("GET", postItem), func(m map[string]any) { m["meta"] = map[string]any{} })},
	{"registered_date has no offset", "types/users/registered_date", []string{"types"},
		editObjects(on("POST", `/wp/v2/users`), func(m map[string]any) {
			if d, ok := m["registered_date"].(string); ok {
				m["registered_date"] = strings.TrimSuffix(d, "+00:00")
			}
		})},
	{"a top-level category's parent is null", "types/categories/parent-zero", []string{"types"},
		editObjects(on("GET", termItem), func(m map[string]any) {
			if m["parent"] == 0.0 {
				m["parent"] = nil
			}
		})},

	// defaults
	{"the posts list defaults to 5 per page", "defaults/posts/per-page-10", []string{"defaults"},
		forceQuery(on("GET", posts), map[string]string{"per_page": "5"})},
	{"tags are ordered by id by default", "defaults/tags/order-name-asc", []string{"defaults"},
		forceQuery(on("GET", `/wp/v2/tags`), map[string]string{"orderby": "id"})},
	{"the posts list shows drafts to editors by default", "defaults/posts/status-publish", []string{"defaults"},
		forceQuery(and(on("GET", posts), func(r *http.Request) bool { return !anonymousRequest(r) }), map[string]string{"status": "publish,draft"})},
	{"reads default to embed context", "defaults/context/view", []string{"defaults"},
		forceQuery(on("GET", `/wp/v2/(tags|categories)/\d+`), map[string]string{"context": "embed"})},
	{"a new tag's description is null", "defaults/tags/create-description-empty", []string{"defaults"},
		editObjects(on("POST", `/wp/v2/tags`), func(m map[string]any) { m["description"] = nil })},

	// params
	{"search= is ignored on posts", "params/posts/search", []string{"params"}, forceQuery(on("GET", posts), nil, "search")},
	{"exclude= is ignored on tags", "params/tags/exclude", []string{"params"}, forceQuery(on("GET", `/wp/v2/tags`), nil, "exclude")},
	{"hide_empty= is ignored", "params/tags/hide-empty-true", []string{"params"}, forceQuery(on("GET", `/wp/v2/tags`), nil, "hide_empty")},
	{"roles= is ignored on users", "params/users/roles", []string{"params"}, forceQuery(on("GET", `/wp/v2/users`), nil, "roles")},
	{"enums compare case-insensitively", "params/invalid/order-not_in_enum", []string{"params"},
		func(h http.Handler) http.Handler {
			return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				r.URL.RawQuery = strings.ReplaceAll(r.URL.RawQuery, "order=ASC", "order=asc")
				h.ServeHTTP(w, r)
			})
		}},
	{"taxonomies of a type without any is []", "params/taxonomies/type-empty-object", []string{"params"},
		replaceBody(`{}`, `[]`)},

	// pagination
	{"collections lack X-WP-TotalPages", "pagination/total-pages", []string{"pagination"}, dropHeader("X-WP-TotalPages")},
	{"X-WP-Total counts one too many", "pagination/total", []string{"pagination"}, func(h http.Handler) http.Handler {
		return rewrite(h, func(_ *http.Request, rec *httptest.ResponseRecorder) {
			for k, v := range rec.Header() {
				if strings.EqualFold(k, "X-WP-Total") && len(v) == 1 {
					var n int
					fmt.Sscan(v[0], &n)
					v[0] = fmt.Sprint(n + 1)
				}
			}
		})
	}},
	{"the Link header drops the query", "pagination/links", []string{"pagination"}, func(h http.Handler) http.Handler {
		return rewrite(h, func(_ *http.Request, rec *httptest.ResponseRecorder) {
			if l := rec.Header().Get("Link"); strings.Contains(l, `rel="next"`) {
				rec.Header().Set("Link", regexp.MustCompile(`\?[^>]*`).ReplaceAllString(l, ""))
			}
		})
	}},
	{"posts past the last page answer 200 []", "pagination/posts/past-end-400", []string{"pagination"}, restatus("rest_post_invalid_page_number", http.StatusOK)},
	{"terms past the last page answer 400", "pagination/tags/past-end-empty", []string{"pagination"}, func(h http.Handler) http.Handler {
		return rewrite(h, func(r *http.Request, rec *httptest.ResponseRecorder) {
			if on("GET", `/wp/v2/tags`)(r) && rec.Body.String() == "[]" && r.URL.Query().Get("page") == "9" {
				rec.Code = http.StatusBadRequest
				rec.Body = bytes.NewBufferString(`{"code":"rest_term_invalid_page_number","message":"x","data":{"status":400}}`)
			}
		})
	}},

	// globals
	{"CORS does not echo the Origin", "globals/cors/echo-origin", []string{"globals"}, dropHeader("Access-Control-Allow-Origin")},
	{"X-Robots-Tag is missing", "globals/headers/x-robots-tag", []string{"globals"}, dropHeader("X-Robots-Tag")},
	{"_envelope is ignored", "globals/envelope/keys", []string{"globals"}, forceQuery(func(*http.Request) bool { return true }, nil, "_envelope")},
	{"_fields is ignored", "globals/fields/keeps-listed", []string{"globals"}, forceQuery(func(*http.Request) bool { return true }, nil, "_fields")},
	{"_method is ignored", "globals/method/query-post", []string{"globals"}, forceQuery(func(*http.Request) bool { return true }, nil, "_method")},
	{"HEAD sends no Allow header", "globals/head/allow", []string{"globals"}, func(h http.Handler) http.Handler {
		return rewrite(h, func(r *http.Request, rec *httptest.ResponseRecorder) {
			if r.Method == http.MethodHead {
				rec.Header().Del("Allow")
			}
		})
	}},

	// auth
	{"a bad nonce is ignored", "auth/nonce/bad-nonce-403", []string{"auth"}, func(h http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			r.Header.Del("X-WP-Nonce")
			h.ServeHTTP(w, r)
		})
	}},
	{"application passwords written with dashes are refused", "auth/app-passwords/login-forms", []string{"auth"}, func(h http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if _, pw, ok := r.BasicAuth(); ok && strings.Count(pw, "-") >= 3 {
				r.Header.Del("Authorization")
			}
			h.ServeHTTP(w, r)
		})
	}},
	{"a wrong password answers 403", "auth/wrong-credentials/run-anonymous", []string{"auth"}, restatus("rest_not_logged_in", http.StatusForbidden)},

	// lifecycle
	{"a created post answers 200 instead of 201", "writes/posts/create", []string{"lifecycle"}, func(h http.Handler) http.Handler {
		return rewrite(h, func(r *http.Request, rec *httptest.ResponseRecorder) {
			if on("POST", posts)(r) && rec.Code == http.StatusCreated {
				rec.Code = http.StatusOK
			}
		})
	}},
	{"a create answers without Location", "writes/location", []string{"lifecycle"}, dropHeader("Location")},
	{"an update ignores the title", "lifecycle/posts/update-applies", []string{"lifecycle"}, func(h http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if on("POST", postItem)(r) && r.Header.Get("Content-Type") == "application/json" {
				var body map[string]any
				b := new(bytes.Buffer)
				b.ReadFrom(r.Body)
				if json.Unmarshal(b.Bytes(), &body) == nil {
					delete(body, "title")
					nb, _ := json.Marshal(body)
					b = bytes.NewBuffer(nb)
				}
				r.Body = httptestBody(b.Bytes())
				r.ContentLength = int64(b.Len())
			}
			h.ServeHTTP(w, r)
		})
	}},
	{"PUT is not a way to update", "lifecycle/posts/put-updates", []string{"lifecycle"}, noRoute(on("PUT", postItem))},

	// deletes
	{"terms are deleted without force=true", "deletes/terms/force-required", []string{"deletes"},
		forceQuery(on("DELETE", termItem), map[string]string{"force": "true"})},
	{"posts are deleted for good without force", "deletes/posts/trash-answer-is-post", []string{"deletes"},
		forceQuery(on("DELETE", postItem), map[string]string{"force": "true"})},
	{"a trashed post keeps its slug", "deletes/posts/trash-slug-suffix", []string{"deletes"}, replaceBody("__trashed", "")},
	{"media are deleted without force=true", "deletes/media/force-required", []string{"deletes"},
		forceQuery(on("DELETE", mediaItem), map[string]string{"force": "true"})},
	{"a forced delete answers the object, not {deleted, previous}", "deletes/users/force-answer", []string{"deletes"},
		editObjects(on("DELETE", userItem), func(m map[string]any) {
			if p, ok := m["previous"].(map[string]any); ok {
				delete(m, "previous")
				delete(m, "deleted")
				for k, v := range p {
					m[k] = v
				}
			}
		})},

	// users
	{"deleting a user does not require reassign", "users/delete/reassign-required", []string{"users"},
		forceQuery(on("DELETE", userItem), map[string]string{"reassign": "1"})},
	{"a duplicate username answers 400", "users/create/duplicate-username-500", []string{"users"}, restatus("existing_user_login", http.StatusBadRequest)},
	{"an unknown role is ignored on create", "users/create/invalid-role", []string{"users"}, func(h http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if on("POST", `/wp/v2/users`)(r) {
				b := new(bytes.Buffer)
				b.ReadFrom(r.Body)
				nb := bytes.ReplaceAll(b.Bytes(), []byte(`"roles":["wpcontract-nope"],`), nil)
				r.Body, r.ContentLength = httptestBody(nb), int64(len(nb))
			}
			h.ServeHTTP(w, r)
		})
	}},
	{"a user's slug may be taken twice", "users/update/slug-taken", []string{"users"}, restatus("rest_user_invalid_slug", http.StatusOK)},

	// revisions
	{"revisions are listed oldest first", "revisions/posts/order-newest-first", []string{"revisions"},
		forceQuery(on("GET", revisions), map[string]string{"order": "asc"})},
	{"a revision can be deleted", "revisions/posts/delete-refused", []string{"revisions"}, restatus("rest_cannot_delete", http.StatusNotImplemented)},
	{"revisions are readable anonymously", "revisions/posts/anonymous-401", []string{"revisions"}, restatus("rest_cannot_read", http.StatusOK)},

	// media
	{"uploads lack X-WP-Upload-Attachment-ID", "media/raw/attachment-id-header", []string{"media"}, dropHeader("X-WP-Upload-Attachment-ID")},
	{"an upload without Content-Disposition answers 500", "media/errors/no-content-disposition", []string{"media"},
		restatus("rest_upload_no_content_disposition", http.StatusInternalServerError)},
	{"uploaded files are served as text/plain", "media/source-url/content-type", []string{"media"}, func(h http.Handler) http.Handler {
		return rewrite(h, func(r *http.Request, rec *httptest.ResponseRecorder) {
			if strings.HasPrefix(r.URL.Path, "/wp-content/uploads/") {
				rec.Header().Set("Content-Type", "text/plain")
			}
		})
	}},

	// meta
	{"meta rows are deleted without force=true", "meta/force-required", []string{"meta"},
		forceQuery(on("DELETE", metaItem), map[string]string{"force": "true"})},
	{"protected meta keys are accepted", "meta/protected-key", []string{"meta"}, restatus("rest_meta_protected", http.StatusBadRequest)},

	// permissions
	{"refusals to log-in users answer 401", "permissions/contributor/create-posts-publish", []string{"permissions"}, restatus("rest_cannot_publish", http.StatusUnauthorized)},
	{"anonymous users see every status", "permissions/anonymous/get-statuses", []string{"permissions"},
		editObjects(and(on("GET", `/wp/v2/statuses`), anonymousRequest), func(m map[string]any) {
			m["draft"] = map[string]any{"name": "Draft", "slug": "draft"}
		})},
	{"editors may create users", "permissions/editor/create-users", []string{"permissions"}, restatus("rest_cannot_create_user", http.StatusBadRequest)},
	{"authors may edit other users' media", "permissions/author/update-others-media", []string{"permissions"}, restatus("rest_cannot_edit", http.StatusOK)},

	// search
	{"the search's subtypes leave out pages", "search/options/subtypes", []string{"search"},
		editAnswer(on("OPTIONS", `/wp/v2/search`), func(_ *http.Request, rec *httptest.ResponseRecorder) {
			rec.Body = bytes.NewBuffer(bytes.Replace(rec.Body.Bytes(), []byte(`"page",`), nil, 1))
		})},
	{"term search results say term instead of their taxonomy", "search/terms/type-is-taxonomy", []string{"search"},
		editObjects(and(on("GET", `/wp/v2/search`), hasQuery("type", "term")), func(m map[string]any) {
			if _, ok := m["url"]; ok {
				m["type"] = "term"
			}
		})},

	// posts
	{"password-protected content is shown to anyone", "posts/password/hidden", []string{"posts"},
		editObjects(and(on("GET", postItem), anonymousRequest), func(m map[string]any) {
			if c, ok := m["content"].(map[string]any); ok && c["protected"] == true {
				c["rendered"] = "<p>leaked</p>\n"
			}
		})},
	{"titles are not texturized", "posts/render/texturize-title", []string{"posts"}, replaceBody("&#8217;", "'")},
	{"a slug in use is given twice", "posts/slug/unique", []string{"posts"}, replaceBody(`-same-2"`, `-same"`)},
	{"a post dated in the future is published at once", "posts/future/scheduled", []string{"posts"},
		editObjects(on("POST", posts), func(m map[string]any) {
			if m["status"] == "future" {
				m["status"] = "publish"
			}
		})},
	{"term counts never change", "posts/term-counts/publish", []string{"posts"}, editObjects(on("GET", termItem), func(m map[string]any) { m["count"] = 0 })},
	{"links are not built from the permalink setting", "posts/links/published", []string{"posts"},
		editObjects(and(on("GET", postItem), hasQuery("context", "edit")), func(m map[string]any) {
			if l, ok := m["link"].(string); ok && !strings.Contains(l, "?p=") {
				m["link"] = strings.TrimSuffix(l, "/")
			}
		})},
	{"authors are offered the sticky action", "posts/actions/author", []string{"posts"},
		editObjects(and(on("GET", postItem), hasQuery("context", "edit")), func(m map[string]any) {
			if l, ok := m["_links"].(map[string]any); ok {
				l["wp:action-sticky"] = []any{map[string]any{"href": "http://example.com/"}}
			}
		})},
	{"a date's UTC offset is ignored", "posts/dates/offset", []string{"posts"},
		editObjects(on("POST", posts), func(m map[string]any) {
			if m["date_gmt"] == "2010-01-01T12:00:00" {
				m["date_gmt"] = "2010-01-01T02:00:00"
			}
		})},
	{"a post with author 0 keeps an author link", "users/delete/reassign-zero-no-author-link", []string{"users"},
		editObjects(on("GET", postItem), func(m map[string]any) {
			if l, ok := m["_links"].(map[string]any); ok && m["author"] == 0.0 {
				l["author"] = []any{map[string]any{"href": "http://example.com/", "embeddable": true}}
			}
		})},

	// more parameters, uploads, the index and schemas
	{"tax_relation is ignored", "params/posts/tax-relation-or", []string{"params"}, forceQuery(on("GET", posts), nil, "tax_relation")},
	{"a wrong Content-MD5 is accepted", "media/errors/hash-mismatch", []string{"media"}, restatus("rest_upload_hash_mismatch", http.StatusCreated)},
	{"OPTIONS answers Allow: GET to everyone", "globals/allow/options-item", []string{"globals"}, func(h http.Handler) http.Handler {
		return rewrite(h, func(r *http.Request, rec *httptest.ResponseRecorder) {
			if r.Method == http.MethodOptions {
				rec.Header().Set("Allow", "GET")
			}
		})
	}},
	{"the index has no help link", "index/help-link", []string{"routes"}, editObjects(on("GET", ``), func(m map[string]any) {
		if l, ok := m["_links"].(map[string]any); ok {
			delete(l, "help")
		}
	})},
	{"the tags schema allows any taxonomy", "schemas/tags/taxonomy-enum", []string{"schemas"}, func(h http.Handler) http.Handler {
		return rewrite(h, func(r *http.Request, rec *httptest.ResponseRecorder) {
			if r.Method == http.MethodOptions && route(r) == "/wp/v2/tags" {
				editJSON(rec, func(v any) any {
					if p, ok := at(v, "schema.properties.taxonomy"); ok {
						p.(map[string]any)["enum"] = []any{"post_tag", "category"}
					}
					return v
				})
			}
		})
	}},

	// Issue 38: the registries' values, and the comments' fields per context.
	{"a comment's author e-mail is shown in the view context", "comments/fields/view-private", []string{"comments"},
		editObjects(and(on("GET", `/wp/v2/comments/\d+`), anonymousRequest), func(m map[string]any) { m["author_email"] = "someone@example.com" })},
	{"a comment in the embed context has its date_gmt", "comments/fields/embed-keys", []string{"comments"},
		editObjects(and(on("GET", `/wp/v2/comments/\d+`), hasQuery("context", "embed")), func(m map[string]any) { m["date_gmt"] = m["date"] })},
	{"a comment in the edit context lacks the author's IP address", "comments/fields/edit-keys", []string{"comments"},
		editObjects(and(on("GET", `/wp/v2/comments/\d+`), hasQuery("context", "edit")), func(m map[string]any) { delete(m, "author_ip") })},
	{"drafts' dates do not float", "fields/statuses/core-values", []string{"fields"},
		editObjects(on("GET", `/wp/v2/statuses/draft`), func(m map[string]any) { m["date_floating"] = false })},
	{"the trash status is listed", "fields/statuses/core-edit-values", []string{"fields"},
		editObjects(and(on("GET", `/wp/v2/statuses/trash`), hasQuery("context", "edit")), func(m map[string]any) { m["show_in_list"] = true })},
	{"categories say they apply to pages", "fields/taxonomies/core-types", []string{"fields"},
		editObjects(on("GET", `/wp/v2/taxonomies/category`), func(m map[string]any) { m["types"] = []any{"page"} })},

	// Issue 38: rules the suite never triggered.
	{"a comment on a post whose comments are closed is accepted", "comments/create/closed", []string{"comments"},
		restatus("rest_comment_closed", http.StatusCreated)},
	{"a subtype the post handler lacks empties the search", "search/posts/foreign-subtype", []string{"search"},
		func(h http.Handler) http.Handler {
			return rewrite(h, func(r *http.Request, rec *httptest.ResponseRecorder) {
				if on("GET", `/wp/v2/search`)(r) && r.URL.Query().Get("subtype") == "category" {
					rec.Body = bytes.NewBufferString("[]")
				}
			})
		}},
	{"_fields naming no field answers objects", "globals/fields/unknown", []string{"globals"},
		func(h http.Handler) http.Handler {
			return rewrite(h, func(r *http.Request, rec *httptest.ResponseRecorder) {
				if hasQuery("_fields", "wpcontract-no-such-field")(r) {
					rec.Body = bytes.NewBuffer(bytes.ReplaceAll(rec.Body.Bytes(), []byte("[]"), []byte("{}")))
				}
			})
		}},
	{"the index is not served at ?rest_route=/", "index/rest-route", []string{"routes"},
		noRoute(func(r *http.Request) bool { return r.URL.Query().Get("rest_route") == "/" })},
	{"has_published_posts is ignored", "users/list/has-published-posts", []string{"users"},
		forceQuery(on("GET", `/wp/v2/users`), nil, "has_published_posts", "has_published_posts[]")},

	// Issue 38: pages and comments, deeper.
	{"pages ignore orderby=menu_order", "pages/list/menu-order", []string{"pages"},
		forceQuery(and(on("GET", `/wp/v2/pages`), hasQuery("orderby", "menu_order")), nil, "orderby")},
	{"pages ignore the menu_order filter", "pages/list/menu-order-filter", []string{"pages"},
		forceQuery(on("GET", `/wp/v2/pages`), nil, "menu_order")},
	{"pages ignore parent_exclude", "pages/list/parent-exclude", []string{"pages"},
		forceQuery(on("GET", `/wp/v2/pages`), nil, "parent_exclude")},
	{"a child page's up link is not embeddable", "pages/embed/up", []string{"pages"},
		forceQuery(and(on("GET", `/wp/v2/pages/\d+`), hasQuery("_embed", "up")), nil, "_embed")},
	{"a trashed page's second delete answers 200", "pages/delete/already-trashed", []string{"pages"},
		restatusOn(on("DELETE", `/wp/v2/pages/\d+`), http.StatusGone, http.StatusOK)},
	{"an empty page is refused as an empty post is", "pages/create/empty-draft", []string{"pages"},
		func(h http.Handler) http.Handler {
			return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				if on("POST", `/wp/v2/pages`)(r) {
					body, _ := io.ReadAll(r.Body)
					if string(body) == `{"status":"draft"}` {
						w.Header().Set("Content-Type", "application/json; charset=UTF-8")
						w.WriteHeader(http.StatusBadRequest)
						fmt.Fprint(w, `{"code":"empty_content","message":"Content, title, and excerpt are empty.","data":{"status":400}}`)
						return
					}
					r.Body = io.NopCloser(bytes.NewReader(body))
				}
				h.ServeHTTP(w, r)
			})
		}},
	{"new pages are open to comments", "pages/create/defaults", []string{"pages"},
		editObjects(on("POST", `/wp/v2/pages`), func(m map[string]any) { m["comment_status"] = "open" })},
	{"a draft page's link has a path", "pages/link/draft", []string{"pages"},
		editObjects(on("POST", `/wp/v2/pages`), func(m map[string]any) {
			if m["status"] == "draft" {
				m["link"] = fmt.Sprint(m["link"]) + "-draft/"
			}
		})},
	{"authors may create pages", "pages/roles/create", []string{"pages"}, func(h http.Handler) http.Handler {
		return rewrite(h, func(r *http.Request, rec *httptest.ResponseRecorder) {
			if on("POST", `/wp/v2/pages`)(r) && rec.Code == http.StatusForbidden {
				rec.Code = http.StatusCreated
				rec.Body = bytes.NewBufferString(`{"id":0}`)
			}
		})
	}},
	{"a page's status filter is not checked against edit_pages", "pages/roles/drafts", []string{"pages"},
		forceQuery(and(on("GET", `/wp/v2/pages`), hasQuery("status", "draft")), nil, "status")},
	{"pages in the edit context are readable without edit_pages", "pages/roles/edit-context", []string{"pages"},
		restatus("rest_forbidden_context", http.StatusOK)},
	{"others' pages may be changed without edit_others_pages", "pages/roles/update", []string{"pages"},
		restatusOn(on("POST", `/wp/v2/pages/\d+`), http.StatusForbidden, http.StatusOK)},
	{"a subscriber's first comment is approved", "comments/roles/held", []string{"comments"},
		replaceBody(`"status":"hold"`, `"status":"approved"`)},
	{"a commenter may not read their held comment", "comments/roles/own-held", []string{"comments"}, func(h http.Handler) http.Handler {
		return rewrite(h, func(r *http.Request, rec *httptest.ResponseRecorder) {
			if user, _, ok := r.BasicAuth(); ok && user != "admin" && on("GET", `/wp/v2/comments/\d+`)(r) && !r.URL.Query().Has("context") {
				rec.Code = http.StatusForbidden
				rec.Body = bytes.NewBufferString(`{"code":"rest_cannot_read","message":"Sorry, you are not allowed to read this comment.","data":{"status":403}}`)
			}
		})
	}},
	{"comments in the edit context are readable without moderate_comments", "comments/roles/edit-context", []string{"comments"},
		restatus("rest_forbidden_context", http.StatusOK)},
	{"commenters change their comment on another's post", "comments/roles/update", []string{"comments"},
		restatusOn(on("POST", `/wp/v2/comments/\d+`), http.StatusForbidden, http.StatusOK)},
	{"commenters delete their comment on another's post", "comments/roles/delete", []string{"comments"},
		restatus("rest_cannot_delete", http.StatusOK)},
	{"a commenter sets their comment's status", "comments/roles/status-field", []string{"comments"},
		restatus("rest_comment_invalid_status", http.StatusCreated)},
	{"a commenter comments as someone else", "comments/roles/author-field", []string{"comments"},
		restatus("rest_comment_invalid_author", http.StatusCreated)},
	{"a term search ignores exclude", "search/terms/exclude", []string{"search"},
		forceQuery(and(on("GET", `/wp/v2/search`), hasQuery("type", "term")), nil, "exclude")},
	{"a term search ignores include", "search/terms/include", []string{"search"},
		forceQuery(and(on("GET", `/wp/v2/search`), hasQuery("type", "term")), nil, "include")},
	{"term results embed nothing", "search/terms/embed", []string{"search"},
		forceQuery(and(on("GET", `/wp/v2/search`), hasQuery("type", "term")), nil, "_embed")},
	{"the search ignores subtype=page", "search/posts/subtype", []string{"search"},
		forceQuery(and(on("GET", `/wp/v2/search`), hasQuery("subtype", "page")), nil, "subtype")},
	{"comments are rendered without paragraphs", "comments/render/content", []string{"comments"},
		editObjects(on("", `/wp/v2/comments(/\d+)?`), func(m map[string]any) {
			if c, ok := m["content"].(map[string]any); ok && c["raw"] != nil {
				c["rendered"] = c["raw"]
			}
		})},
	{"a reply has no in-reply-to link", "comments/threads/in-reply-to", []string{"comments"},
		editObjects(on("", `/wp/v2/comments(/\d+)?`), func(m map[string]any) {
			if l, ok := m["_links"].(map[string]any); ok {
				delete(l, "in-reply-to")
			}
		})},
	{"comments ignore the parent filter", "comments/list/parent", []string{"comments"},
		forceQuery(on("GET", `/wp/v2/comments`), nil, "parent")},
	{"comments ignore order", "comments/list/order", []string{"comments"},
		forceQuery(on("GET", `/wp/v2/comments`), nil, "order")},
	{"an empty comment is accepted", "comments/create/empty", []string{"comments"},
		restatus("rest_comment_content_invalid", http.StatusCreated)},
	// Issue 38: schemas, property by property.
	{"the posts schema does not mark modified readonly", "schemas/properties/readonly", []string{"schemas"},
		editSchema("/wp/v2/posts", func(v any) {
			if p, ok := at(v, "schema.properties.modified"); ok {
				delete(p.(map[string]any), "readonly")
			}
		})},
	{"the users schema gives its link no uri format", "schemas/properties/format", []string{"schemas"},
		editSchema("/wp/v2/users", func(v any) {
			if p, ok := at(v, "schema.properties.link"); ok {
				delete(p.(map[string]any), "format")
			}
		})},
	{"the posts schema's comment_status enum lacks closed", "schemas/properties/enum", []string{"schemas"},
		editSchema("/wp/v2/posts", func(v any) {
			if p, ok := at(v, "schema.properties.comment_status"); ok {
				p.(map[string]any)["enum"] = []any{"open"}
			}
		})},
	{"the posts schema publishes no links", "schemas/links/action-rels", []string{"schemas"},
		editSchema("/wp/v2/posts", func(v any) {
			if m, ok := at(v, "schema"); ok {
				delete(m.(map[string]any), "links")
			}
		})},
	{"the posts list's per_page has no description", "schemas/args/description", []string{"schemas"},
		editSchema("/wp/v2/posts", func(v any) {
			if p, ok := at(v, "endpoints.0.args.per_page"); ok {
				delete(p.(map[string]any), "description")
			}
		})},

	// Issue 38: pages, comments and search as deep as posts.
	{"sibling pages share a slug", "pages/slug/siblings", []string{"pages"},
		editObjects(on("POST", `/wp/v2/pages`), func(m map[string]any) {
			if slug, _ := m["slug"].(string); strings.HasSuffix(slug, "-same-2") {
				m["slug"] = strings.TrimSuffix(slug, "-2")
			}
		})},
	{"a grandchild's link is its parent's path only", "pages/link/grandchild", []string{"pages"},
		editObjects(on("POST", `/wp/v2/pages`), func(m map[string]any) {
			if link, _ := m["link"].(string); strings.Count(link, "/") > 5 {
				parts := strings.Split(strings.TrimSuffix(link, "/"), "/")
				m["link"] = strings.Join(append(parts[:3], parts[4:]...), "/") + "/"
			}
		})},
	{"parent= keeps the first parent only", "pages/list/parents", []string{"pages"}, func(h http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if on("GET", `/wp/v2/pages`)(r) {
				q := r.URL.Query()
				if first, _, ok := strings.Cut(q.Get("parent"), ","); ok {
					q.Set("parent", first)
					r.URL.RawQuery = q.Encode()
				}
			}
			h.ServeHTTP(w, r)
		})
	}},
	{"pages ignore orderby=parent", "pages/list/orderby-parent", []string{"pages"},
		forceQuery(and(on("GET", `/wp/v2/pages`), hasQuery("orderby", "parent")), nil, "orderby")},
	{"a trashed page's children move up", "pages/delete/trash-keeps-children", []string{"pages"},
		editObjects(and(on("GET", `/wp/v2/pages/\d+`), hasQuery("context", "edit")), func(m map[string]any) {
			if link, _ := m["link"].(string); strings.Contains(link, "__trashed") {
				m["parent"] = 0
			}
		})},
	{"private pages are shown to visitors", "pages/private/anonymous", []string{"pages"},
		restatusOn(and(on("GET", `/wp/v2/pages/\d+`), anonymousRequest), http.StatusUnauthorized, http.StatusOK)},
	{"a protected page's content is shown", "pages/password/content-hidden", []string{"pages"},
		editObjects(and(on("GET", `/wp/v2/pages/\d+`), anonymousRequest), func(m map[string]any) {
			if c, ok := m["content"].(map[string]any); ok && c["protected"] == true {
				c["rendered"] = "<p>secret words</p>\n"
			}
		})},
	{"pages link their terms", "pages/links/no-terms", []string{"pages"},
		editObjects(on("GET", `/wp/v2/pages/\d+`), func(m map[string]any) {
			if l, ok := m["_links"].(map[string]any); ok {
				l["wp:term"] = []any{}
			}
		})},
	{"pages are open to comments", "pages/comments/closed-by-default", []string{"pages"}, restatus("rest_comment_closed", http.StatusCreated)},
	{"a comment takes another author URL", "comments/create/author-defaults", []string{"comments"},
		editObjects(on("POST", `/wp/v2/comments`), func(m map[string]any) { m["author_url"] = "http://elsewhere.example" })},
	{"a comment's link has no anchor", "comments/link/anchor", []string{"comments"},
		editObjects(on("", `/wp/v2/comments(/\d+)?`), func(m map[string]any) {
			if l, ok := m["link"].(string); ok {
				m["link"], _, _ = strings.Cut(l, "#")
			}
		})},
	{"comments do not link their children", "comments/links/children", []string{"comments"},
		editObjects(on("GET", `/wp/v2/comments/\d+`), func(m map[string]any) {
			if l, ok := m["_links"].(map[string]any); ok {
				delete(l, "children")
			}
		})},
	{"spam comments are listed by default", "comments/spam/not-listed", []string{"comments"},
		forceQuery(and(on("GET", `/wp/v2/comments`), hasQuery("parent", "0")), map[string]string{"status": "spam"})},
	{"a contributor's comment keeps its script", "comments/render/kses", []string{"comments"},
		replaceBody(`<p>alert(1)`, `<p><script>alert(1)<\/script>`)},
	{"drafts take comments", "comments/create/draft-post", []string{"comments"}, restatus("rest_comment_draft_post", http.StatusCreated)},
	{"trashed posts take comments", "comments/create/trash-post", []string{"comments"}, restatus("rest_comment_trash_post", http.StatusCreated)},
	{"a protected post's comments are listed without its password", "comments/list/protected-post", []string{"comments"},
		forceQuery(on("GET", `/wp/v2/comments`), map[string]string{"password": "pw"})},
	{"an invalid author_email is accepted", "comments/create/email-invalid", []string{"comments"},
		func(h http.Handler) http.Handler {
			return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				if on("POST", `/wp/v2/comments`)(r) {
					b, _ := io.ReadAll(r.Body)
					r.Body = httptestBody(bytes.ReplaceAll(b, []byte(`"not-an-address"`), []byte(`"someone@example.com"`)))
					r.ContentLength = -1
				}
				h.ServeHTTP(w, r)
			})
		}},
	{"comments ignore author=", "comments/list/author", []string{"comments"}, forceQuery(on("GET", `/wp/v2/comments`), nil, "author")},
	{"visitors filter comments by author", "comments/list/author-protected", []string{"comments"},
		forceQuery(and(on("GET", `/wp/v2/comments`), anonymousRequest), nil, "author", "author_exclude")},
	{"comments ignore search=", "comments/list/search", []string{"comments"}, forceQuery(on("GET", `/wp/v2/comments`), nil, "search")},
	{"comments ignore orderby=include", "comments/list/include", []string{"comments"},
		forceQuery(and(on("GET", `/wp/v2/comments`), hasQuery("orderby", "include")), nil, "orderby")},
	{"comments ignore after=", "comments/list/dates", []string{"comments"}, forceQuery(on("GET", `/wp/v2/comments`), nil, "after")},
	{"a comments page past the last answers 400", "comments/list/past-end", []string{"comments"},
		editAnswer(on("GET", `/wp/v2/comments`), func(r *http.Request, rec *httptest.ResponseRecorder) {
			if r.URL.Query().Get("page") == "3" && strings.TrimSpace(rec.Body.String()) == "[]" {
				rec.Code = http.StatusBadRequest
				rec.Body = bytes.NewBufferString(`{"code":"rest_comment_invalid_page_number","message":"x","data":{"status":400}}`)
			}
		})},
	{"a page's Link header lacks its page", "pages/headers/alternate", []string{"pages"},
		editAnswer(on("GET", `/wp/v2/pages/\d+`), func(_ *http.Request, rec *httptest.ResponseRecorder) { rec.Header().Del("Link") })},
	{"a comment's Allow header is GET for its moderator", "comments/headers/allow", []string{"comments"},
		editAnswer(and(on("GET", `/wp/v2/comments/\d+`), func(r *http.Request) bool { return !anonymousRequest(r) }),
			func(_ *http.Request, rec *httptest.ResponseRecorder) { rec.Header().Set("Allow", "GET") })},
	{"a search lists the least relevant first", "search/relevance/ranks", []string{"search"},
		editAnswer(and(on("GET", `/wp/v2/search`), func(r *http.Request) bool { return strings.Contains(r.URL.Query().Get("search"), "-rlb") }),
			func(_ *http.Request, rec *httptest.ResponseRecorder) {
				editJSON(rec, func(v any) any {
					if l, ok := v.([]any); ok {
						slices.Reverse(l)
					}
					return v
				})
			})},
	{"a negated word is searched for", "search/relevance/negated", []string{"search"}, func(h http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			q := r.URL.Query()
			if s := q.Get("search"); on("GET", `/wp/v2/search`)(r) && strings.Contains(s, " -") {
				q.Set("search", strings.Replace(s, " -", " ", 1))
				r.URL.RawQuery = q.Encode()
			}
			h.ServeHTTP(w, r)
		})
	}},
	{"a stopword must be found", "search/terms/stopwords", []string{"search"}, func(h http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			q := r.URL.Query()
			if s := q.Get("search"); on("GET", `/wp/v2/search`)(r) && strings.HasSuffix(s, " the") {
				q.Set("search", s+"zz") // a word nothing has, where the stopword was
				r.URL.RawQuery = q.Encode()
			}
			h.ServeHTTP(w, r)
		})
	}},
	{"the search allows per_page above 100", "search/paging/per-page-max", []string{"search"},
		forceQuery(and(on("GET", `/wp/v2/search`), hasQuery("per_page", "101")), nil, "per_page")},
	{"the search's page links lose the search", "search/paging/links", []string{"search"},
		editAnswer(on("GET", `/wp/v2/search`), func(_ *http.Request, rec *httptest.ResponseRecorder) {
			rec.Header().Set("Link", regexp.MustCompile(`search=[^&>]*&?`).ReplaceAllString(rec.Header().Get("Link"), ""))
		})},
	{"subtype= keeps the first type only", "search/posts/subtypes", []string{"search"},
		setQuery(and(on("GET", `/wp/v2/search`), hasQuery("subtype", "post,page")), "subtype", "post")},
	{"term searches ignore slugs", "search/terms/slug", []string{"search"},
		editObjects(and(on("GET", `/wp/v2/search`), hasQuery("type", "term")), func(m map[string]any) {
			if m["title"] == "Tag called otherwise" {
				m["id"] = 0
			}
		})},

	// Issue 35: settings.
	{"editors read the settings", "settings/permission/roles", []string{"settings"},
		restatusOn(and(on("GET", `/wp/v2/settings`), func(r *http.Request) bool { return !anonymousRequest(r) }), http.StatusForbidden, http.StatusOK)},
	{"the title is kept as sent", "settings/update/title-escaped", []string{"settings"},
		editObjects(on("POST", `/wp/v2/settings`), func(m map[string]any) {
			if t, ok := m["title"].(string); ok {
				m["title"] = strings.NewReplacer("&amp;", "&", "&lt;", "<", "&gt;", ">").Replace(t)
			}
		})},
	{"an unknown time zone is kept", "settings/update/timezone-unknown", []string{"settings"},
		editObjects(on("POST", `/wp/v2/settings`), func(m map[string]any) { m["timezone"] = "Mars/Olympus" })},
	{"new posts are open to comments whatever the settings say", "settings/defaults/comment-status", []string{"settings"},
		editObjects(on("POST", `/wp/v2/posts`), func(m map[string]any) { m["comment_status"] = "open" })},
	{"dates ignore the site's time zone", "settings/dates/local", []string{"settings"},
		editObjects(on("POST", `/wp/v2/posts`), func(m map[string]any) { m["date_gmt"] = m["date"] })},
	{"the index keeps its own name", "settings/index/title", []string{"settings"},
		editObjects(on("GET", `/`), func(m map[string]any) {
			if _, ok := m["namespaces"]; ok {
				m["name"] = "wpmock"
			}
		})},

	// Issue 35: autosaves.
	{"an author's autosave of their draft makes a revision", "autosaves/own-draft/updates-post", []string{"autosaves"},
		editObjects(on("POST", `/wp/v2/posts/\d+/autosaves`), func(m map[string]any) { m["parent"] = m["id"] })},
	{"each autosave is a new revision", "autosaves/one-per-user", []string{"autosaves"},
		editObjects(on("POST", `/wp/v2/posts/\d+/autosaves`), func(m map[string]any) {
			if c, ok := m["content"].(map[string]any); ok && strings.Contains(fmt.Sprint(c["raw"]), "second words") {
				m["id"] = 1
			}
		})},
	{"an autosave's preview link has no nonce", "autosaves/other/preview-link", []string{"autosaves"},
		editObjects(on("POST", `/wp/v2/posts/\d+/autosaves`), func(m map[string]any) {
			if l, ok := m["preview_link"].(string); ok {
				m["preview_link"] = regexp.MustCompile(`&preview_nonce=[0-9a-f]+`).ReplaceAllString(l, "")
			}
		})},
	{"visitors list autosaves", "autosaves/list/anonymous", []string{"autosaves"},
		restatusOn(and(on("GET", `/wp/v2/posts/\d+/autosaves`), anonymousRequest), http.StatusUnauthorized, http.StatusOK)},

	// Issue 35: menus.
	{"a custom link's object_id is 0", "menus/items/custom", []string{"menus"},
		editObjects(on("POST", `/wp/v2/menu-items$`), func(m map[string]any) {
			if m["type"] == "custom" {
				m["object_id"] = 0
			}
		})},
	{"visitors read menu items", "menus/read-access/anonymous", []string{"menus"},
		restatusOn(and(on("GET", `/wp/v2/menu-items`), anonymousRequest), http.StatusUnauthorized, http.StatusOK)},

	// calls: a frontend's calls recorded against the mock (recordFrontend), replayed
	{"a category's count is a string, where the frontend got a number", changedCall, []string{"calls"}, changedShape},
	// custom: the site's own post type book and taxonomy genre (customSite, customsite_test.go)
	{"a custom type's item leaves out a field its schema returns in view", "custom/book/view-keys", []string{"custom"},
		onCustomSite(editObjects(on("GET", `/wp/v2/books/\d+`), func(m map[string]any) { delete(m, "excerpt") }))},
	{"a custom type ignores the filter by its taxonomy", "custom/book/filter-genres", []string{"custom"},
		onCustomSite(forceQuery(on("GET", `/wp/v2/books`), nil, "genres"))},
	{"a custom type's DELETE without force deletes for good", "custom/book/trash", []string{"custom"},
		onCustomSite(forceQuery(on("DELETE", `/wp/v2/books/\d+`), map[string]string{"force": "true"}))},
	{"a subscriber may create a custom type's items", "custom/book/role-subscriber", []string{"custom"},
		onCustomSite(restatusOn(and(on("POST", `/wp/v2/books`), func(r *http.Request) bool { return !anonymousRequest(r) }),
			http.StatusForbidden, http.StatusCreated))},
	{"a custom taxonomy's terms count no posts", "custom/genre/count", []string{"custom"},
		onCustomSite(editObjects(on("GET", `/wp/v2/genres/\d+`), func(m map[string]any) { m["count"] = 0 }))},
	{"a custom taxonomy's child term loses its parent", "custom/genre/parent", []string{"custom"},
		onCustomSite(editObjects(on("POST", `/wp/v2/genres`), func(m map[string]any) { m["parent"] = 0 }))},
	{"a custom taxonomy's terms link to no post type", "custom/genre/post-type-links", []string{"custom"},
		onCustomSite(editObjects(on("GET", `/wp/v2/genres/\d+`), func(m map[string]any) {
			if l, ok := m["_links"].(map[string]any); ok {
				delete(l, "wp:post_type")
			}
		}))},
}

// onCustomSite is a defect of the simulated customized site: the mock with the post
// type book and the taxonomy genre (customSite), broken by d.
func onCustomSite(d func(http.Handler) http.Handler) func(http.Handler) http.Handler {
	return func(h http.Handler) http.Handler { return d(customSite(h)) }
}

// laterDefects are the defects in fields and rules of later versions (6.6's
// class_list, 7.0's filename and filesize), each against the mock as 7.1.
var laterDefects = []laterDefect{
	{rest.V71, defect{"a post's class_list lacks its terms' classes", "posts/class-list/values", []string{"posts"},
		editObjects(on("", `/wp/v2/posts(/\d+)?`), func(m map[string]any) {
			if l, ok := m["class_list"].([]any); ok && len(l) > 6 {
				m["class_list"] = l[:6]
			}
		})}},
	{rest.V71, defect{"posts have no footnotes meta", "posts/meta/footnotes", []string{"posts"},
		editObjects(on("", `/wp/v2/posts(/\d+)?`), func(m map[string]any) {
			if meta, ok := m["meta"].(map[string]any); ok {
				delete(meta, "footnotes")
			}
		})}},
	{rest.V71, defect{"an attachment's class_list says status-publish", "media/raw/class-list", []string{"media"},
		replaceBody(`"status-inherit"`, `"status-publish"`)}},
	{rest.V71, defect{"an attachment's filename keeps the name as uploaded, not as stored", "media/raw/filename", []string{"media"},
		editObjects(on("POST", `/wp/v2/media`), func(m map[string]any) { m["filename"] = "upload.png" })}},
	{rest.V71, defect{"an attachment's filesize is in kilobytes", "media/multipart/filesize", []string{"media"},
		editObjects(on("POST", `/wp/v2/media`), func(m map[string]any) { m["filesize"] = 1 })}},
}
