package contract

import (
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"sync"
)

// The deliberate defects of issue 48 on pages, comments and search (depth.go's
// rules), one per rule, added to the defects TestSuiteCatchesDefects runs.
func init() { defects = append(defects, depthDefects...) }

const (
	pagesRoute    = `/wp/v2/pages(/\d+)?`
	commentsRoute = `/wp/v2/comments(/\d+)?`
)

var depthDefects = []defect{
	{"pages are listed by menu order by default", "pages/list/default-order", []string{"pages"},
		forceQuery(on("GET", `/wp/v2/pages`), map[string]string{"orderby": "menu_order", "order": "asc"})},
	{"a top-level page links up to itself", "pages/links/no-up", []string{"pages"},
		editObjects(on("", pagesRoute), func(m map[string]any) {
			l, ok := m["_links"].(map[string]any)
			if ok && m["parent"] == 0.0 && l["up"] == nil {
				l["up"] = l["self"]
			}
		})},
	{"a child page's permalink_template ignores its parent", "pages/link/template-child", []string{"pages"},
		editObjects(and(on("GET", pagesRoute), hasQuery("context", "edit")), func(m map[string]any) {
			if u, err := url.Parse(textOf(m["link"])); err == nil && m["parent"] != 0.0 && !strings.Contains(u.RawQuery, "page_id") {
				m["permalink_template"] = u.Scheme + "://" + u.Host + "/%pagename%/"
			}
		})},
	{"pages carry a key their schema does not declare", "pages/fields/declared", []string{"pages"},
		editObjects(on("GET", `/wp/v2/pages/\d+`), func(m map[string]any) { m["menu_position"] = 0 })},
	{"OPTIONS on pages leaves out parent_exclude", "pages/options/hierarchy-args", []string{"pages"},
		editObjects(on("OPTIONS", `/wp/v2/pages`), func(m map[string]any) {
			if args, ok := at(m, "endpoints.0.args"); ok {
				delete(args.(map[string]any), "parent_exclude")
			}
		})},
	{"OPTIONS on pages says pages are ordered by menu_order", "pages/options/order-default", []string{"pages"},
		editObjects(on("OPTIONS", `/wp/v2/pages`), func(m map[string]any) {
			if o, ok := at(m, "endpoints.0.args.orderby"); ok {
				o.(map[string]any)["default"] = "menu_order"
			}
		})},
	{"pages lists send no paging links", "pages/paging/last", []string{"pages"},
		editAnswer(on("GET", `/wp/v2/pages`), func(_ *http.Request, rec *httptest.ResponseRecorder) { rec.Header().Del("Link") })},
	{"a page of pages past the last answers 200", "pages/paging/past-end", []string{"pages"}, restatus("rest_post_invalid_page_number", http.StatusOK)},
	{"HEAD on the pages list answers 405", "pages/head/totals", []string{"pages"},
		editAnswer(on("HEAD", `/wp/v2/pages`), func(_ *http.Request, rec *httptest.ResponseRecorder) { rec.Code = http.StatusMethodNotAllowed })},
	{"a CORS preflight of pages is not echoed", "pages/cors/preflight", []string{"pages"}, unechoedPreflight(`/wp/v2/pages`)},

	{"a duplicate comment answers 409 with another code", "comments/create/duplicate", []string{"comments"},
		replaceBody(`"comment_duplicate"`, `"rest_comment_duplicate"`)},
	{"a comment on a page links up to the posts route", "comments/links/up-type", []string{"comments"},
		editObjects(on("", commentsRoute), func(m map[string]any) {
			if up, ok := at(m, "_links.up.0"); ok {
				u := up.(map[string]any)
				u["href"] = strings.Replace(textOf(u["href"]), "/wp/v2/pages/", "/wp/v2/posts/", 1)
			}
		})},
	{"comments send no Vary: Origin", "comments/headers/vary-origin", []string{"comments"},
		editAnswer(on("", commentsRoute), func(_ *http.Request, rec *httptest.ResponseRecorder) { rec.Header().Del("Vary") })},
	{"the comments schema declares author_email in view", "comments/options/edit-only", []string{"comments"},
		editObjects(on("OPTIONS", `/wp/v2/comments`), func(m map[string]any) {
			if p, ok := at(m, "schema.properties.author_email"); ok {
				p.(map[string]any)["context"] = []any{"view", "edit"}
			}
		})},
	{"a post's _embed=replies embeds nothing", "comments/embed/replies", []string{"comments"},
		forceQuery(and(on("GET", `/wp/v2/posts/\d+`), hasQuery("_embed", "replies")), nil, "_embed")},
	{"HEAD on the comments list answers 405", "comments/head/totals", []string{"comments"},
		editAnswer(on("HEAD", `/wp/v2/comments`), func(_ *http.Request, rec *httptest.ResponseRecorder) { rec.Code = http.StatusMethodNotAllowed })},
	{"a CORS preflight of comments is not echoed", "comments/cors/preflight", []string{"comments"}, unechoedPreflight(`/wp/v2/comments`)},
	{"a CORS preflight of the search is not echoed", "search/cors/preflight", []string{"search"}, unechoedPreflight(`/wp/v2/search`)},
	{"HEAD on the search answers 405", "search/head/totals", []string{"search"},
		editAnswer(on("HEAD", `/wp/v2/search`), func(_ *http.Request, rec *httptest.ResponseRecorder) { rec.Code = http.StatusMethodNotAllowed })},
	{"comments lists send no paging links", "comments/paging/last", []string{"comments"},
		editAnswer(on("GET", `/wp/v2/comments`), func(_ *http.Request, rec *httptest.ResponseRecorder) { rec.Header().Del("Link") })},
	{"an editor's status=hold lists the approved comments", "comments/list/status-editor", []string{"comments"},
		forceQuery(and(on("GET", `/wp/v2/comments`), hasQuery("status", "hold")), nil, "status")},
	{"visitors' comment lists show every status", "comments/list/held-hidden", []string{"comments"}, visitorsSeeAll},

	{"a search result's embedded post has no links", "search/embed/links", []string{"search"},
		editObjects(on("GET", `/wp/v2/search`), func(m map[string]any) {
			self, _ := at(m, "_embedded.self")
			for _, it := range asList(self) {
				if o, ok := it.(map[string]any); ok {
					delete(o, "_links")
				}
			}
		})},
}

// visitorsSeeAll lists every status of comments to visitors: a visitor's GET
// /wp/v2/comments is sent on with the credentials of the last administrator request
// seen, and status=all (a list that checks no reader's right to the held comments).
func visitorsSeeAll(h http.Handler) http.Handler {
	var mu sync.Mutex
	var auth string
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		if user, _, ok := r.BasicAuth(); ok && user == "admin" {
			auth = r.Header.Get("Authorization")
		}
		a := auth
		mu.Unlock()
		if anonymousRequest(r) && a != "" && on("GET", `/wp/v2/comments`)(r) && !r.URL.Query().Has("status") {
			r.Header.Set("Authorization", a)
			q := r.URL.Query()
			q.Set("status", "all")
			r.URL.RawQuery = q.Encode()
		}
		h.ServeHTTP(w, r)
	})
}

// unechoedPreflight answers a CORS preflight of route without Access-Control-Allow-Origin.
func unechoedPreflight(route string) func(http.Handler) http.Handler {
	return editAnswer(and(on("OPTIONS", route), func(r *http.Request) bool { return r.Header.Get("Origin") != "" }),
		func(_ *http.Request, rec *httptest.ResponseRecorder) { rec.Header().Del("Access-Control-Allow-Origin") })
}

func textOf(v any) string { s, _ := v.(string); return s }

func asList(v any) []any { l, _ := v.([]any); return l }
