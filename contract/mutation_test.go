package contract

import (
	"bytes"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"regexp"
	"strings"
	"testing"

	"github.com/wpmock/wpmock/mock"
)

// TestSuiteCatchesDefects runs the suite against the mock with one rule of the contract
// broken at a time, and requires the suite to fail with a message naming that rule. It
// is the evidence that the checks can fail, and fail usefully.
func TestSuiteCatchesDefects(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the whole suite once per defect")
	}
	if ConfigFromEnv().URL != "" {
		t.Skip("checks the suite itself, against the in-process mock only")
	}
	// the unbroken mock must pass, or a defect could be "caught" by an unrelated failure
	base := defect{name: "baseline", wrap: func(h http.Handler) http.Handler { return h }}
	if errs := runAgainst(t, base); len(errs) > 0 {
		t.Fatalf("the suite fails against the unbroken mock, so defects cannot be told apart:\n%s", strings.Join(first(errs, 3), "\n---\n"))
	}
	for _, d := range defects {
		d := d
		t.Run(d.name, func(t *testing.T) {
			errs := runAgainst(t, d)
			if len(errs) == 0 {
				t.Fatalf("the suite passed against an implementation where %s", d.name)
			}
			re := regexp.MustCompile(d.rule)
			for _, e := range errs {
				if re.MatchString(e) {
					return
				}
			}
			t.Errorf("the suite failed, but no failure names the rule /%s/; first failures:\n%s", d.rule, strings.Join(first(errs, 3), "\n---\n"))
		})
	}
}

// runAgainst runs the whole suite against the mock with the defect and returns what it
// reported.
func runAgainst(t *testing.T, d defect) []string {
	t.Helper()
	m, err := mock.New(mock.Options{Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(d.wrap(m))
	defer srv.Close()
	rec := NewRecorder("contract")
	Run(rec, Config{URL: srv.URL + "/wp-json", User: "admin", Password: m.Passwords["admin"], Skip: d.skip, Strict: true})
	rec.Finish()
	return rec.Errors()
}

func first(list []string, n int) []string {
	if len(list) > n {
		return list[:n]
	}
	return list
}

// defect is one deliberate mistake in an implementation.
type defect struct {
	name string
	rule string // a regexp the failure message must match
	skip []string
	wrap func(http.Handler) http.Handler
}

// rewrite answers through h, then lets edit change the recorded response.
func rewrite(h http.Handler, edit func(r *http.Request, rec *httptest.ResponseRecorder)) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, r)
		edit(r, rec)
		for k, v := range rec.Header() {
			w.Header()[k] = v
		}
		w.WriteHeader(rec.Code)
		_, _ = w.Write(rec.Body.Bytes())
	})
}

// editJSON rewrites a JSON body.
func editJSON(rec *httptest.ResponseRecorder, f func(v any) any) {
	var v any
	if err := json.Unmarshal(rec.Body.Bytes(), &v); err != nil {
		return
	}
	b, _ := json.Marshal(f(v))
	rec.Body = bytes.NewBuffer(b)
}

// forceQuery changes the request before the mock sees it.
func forceQuery(h http.Handler, match func(r *http.Request) bool, set map[string]string) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if match(r) {
			q := r.URL.Query()
			for k, v := range set {
				if !q.Has(k) {
					q.Set(k, v)
				}
			}
			r.URL.RawQuery = q.Encode()
		}
		h.ServeHTTP(w, r)
	})
}

func route(r *http.Request) string {
	if rr := r.URL.Query().Get("rest_route"); rr != "" {
		return rr
	}
	return strings.TrimPrefix(r.URL.Path, "/wp-json")
}

var (
	postsList = regexp.MustCompile(`^/wp/v2/posts/?$`)
	tagItem   = regexp.MustCompile(`^/wp/v2/(tags|categories)/\d+$`)
	userItem  = regexp.MustCompile(`^/wp/v2/users/\d+$`)
	postItem  = regexp.MustCompile(`^/wp/v2/posts/\d+$`)
)

var defects = []defect{
	{
		name: "the posts list defaults to 5 per page",
		rule: `per_page|per page|10`,
		wrap: func(h http.Handler) http.Handler {
			return forceQuery(h, func(r *http.Request) bool { return r.Method == "GET" && postsList.MatchString(route(r)) },
				map[string]string{"per_page": "5"})
		},
	},
	{
		name: "embed context lacks the post excerpt",
		rule: `excerpt`,
		wrap: func(h http.Handler) http.Handler {
			return rewrite(h, func(r *http.Request, rec *httptest.ResponseRecorder) {
				if r.URL.Query().Get("context") != "embed" || !strings.HasPrefix(route(r), "/wp/v2/posts") {
					return
				}
				editJSON(rec, func(v any) any {
					drop := func(x any) {
						if m, ok := x.(map[string]any); ok {
							delete(m, "excerpt")
						}
					}
					if l, ok := v.([]any); ok {
						for _, x := range l {
							drop(x)
						}
					}
					drop(v)
					return v
				})
			})
		},
	},
	{
		name: "terms are deleted without force=true",
		rule: `(?i)force|trash`,
		wrap: func(h http.Handler) http.Handler {
			return forceQuery(h, func(r *http.Request) bool { return r.Method == "DELETE" && tagItem.MatchString(route(r)) },
				map[string]string{"force": "true"})
		},
	},
	{
		name: "deleting a user does not require reassign",
		rule: `reassign`,
		wrap: func(h http.Handler) http.Handler {
			return forceQuery(h, func(r *http.Request) bool { return r.Method == "DELETE" && userItem.MatchString(route(r)) },
				map[string]string{"reassign": "1"})
		},
	},
	{
		name: "a created post answers 200 instead of 201",
		rule: `201|creates`,
		wrap: func(h http.Handler) http.Handler {
			return rewrite(h, func(r *http.Request, rec *httptest.ResponseRecorder) {
				if r.Method == "POST" && rec.Code == http.StatusCreated && postsList.MatchString(route(r)) {
					rec.Code = http.StatusOK
				}
			})
		},
	},
	{
		name: "collections lack X-WP-TotalPages",
		rule: `X-WP-TotalPages`,
		wrap: func(h http.Handler) http.Handler {
			return rewrite(h, func(_ *http.Request, rec *httptest.ResponseRecorder) {
				rec.Header().Del("X-WP-TotalPages")
				delete(rec.Header(), "X-WP-TotalPages") // WordPress's spelling is not Go's canonical form
			})
		},
	},
	{
		name: "posts are deleted for good without force",
		rule: `(?i)trash`,
		wrap: func(h http.Handler) http.Handler {
			return forceQuery(h, func(r *http.Request) bool { return r.Method == "DELETE" && postItem.MatchString(route(r)) },
				map[string]string{"force": "true"})
		},
	},
	{
		name: "an unknown post id answers rest_invalid_id",
		rule: `rest_post_invalid_id`,
		wrap: func(h http.Handler) http.Handler {
			return rewrite(h, func(_ *http.Request, rec *httptest.ResponseRecorder) {
				rec.Body = bytes.NewBuffer(bytes.ReplaceAll(rec.Body.Bytes(), []byte(`"rest_post_invalid_id"`), []byte(`"rest_invalid_id"`)))
			})
		},
	},
	{
		name: "a wrong method answers 405",
		rule: `rest_no_route|405`,
		wrap: func(h http.Handler) http.Handler {
			return rewrite(h, func(r *http.Request, rec *httptest.ResponseRecorder) {
				if r.Method == "PUT" && rec.Code == http.StatusNotFound {
					rec.Code = http.StatusMethodNotAllowed
				}
			})
		},
	},
	{
		name: "CORS does not echo the Origin",
		rule: `Access-Control-Allow-Origin|Origin`,
		wrap: func(h http.Handler) http.Handler {
			return rewrite(h, func(_ *http.Request, rec *httptest.ResponseRecorder) { rec.Header().Del("Access-Control-Allow-Origin") })
		},
	},
	{
		name: "users show their email in view context",
		rule: `email`,
		wrap: func(h http.Handler) http.Handler {
			return rewrite(h, func(r *http.Request, rec *httptest.ResponseRecorder) {
				if !strings.HasPrefix(route(r), "/wp/v2/users") || r.URL.Query().Get("context") == "edit" {
					return
				}
				editJSON(rec, func(v any) any {
					add := func(x any) {
						if m, ok := x.(map[string]any); ok && m["slug"] != nil {
							m["email"] = "leak@example.com"
						}
					}
					if l, ok := v.([]any); ok {
						for _, x := range l {
							add(x)
						}
					}
					add(v)
					return v
				})
			})
		},
	},
	{
		name: "validation errors lack data.details",
		rule: `details`,
		wrap: func(h http.Handler) http.Handler {
			return rewrite(h, func(_ *http.Request, rec *httptest.ResponseRecorder) {
				editJSON(rec, func(v any) any {
					if m, ok := v.(map[string]any); ok && m["code"] == "rest_invalid_param" {
						if d, ok := m["data"].(map[string]any); ok {
							delete(d, "details")
						}
					}
					return v
				})
			})
		},
	},
}
