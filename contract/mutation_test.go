package contract

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/wpmock/wpmock/mock"
	"github.com/wpmock/wpmock/mock/control"
	"github.com/wpmock/wpmock/mock/rest"
)

// TestSuiteCatchesDefects runs the suite against the mock with one rule of the contract
// broken at a time, and requires the rule with that exact id to fail. It is the
// evidence that the checks can fail, and fail under the right name. Each defect runs
// only the groups it names, so a defect that breaks a fixture cannot be "caught" by
// some unrelated group. It is the suite's own proof, run by make proof (which CI runs),
// not by make test: about a hundred runs of the suite, under the race detector most of
// make test's time, and they prove the rules, not the mock.
func TestSuiteCatchesDefects(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the suite once per defect")
	}
	proofOnly(t)
	if ConfigFromEnv().URL != "" {
		t.Skip("checks the suite itself, against the in-process mock only")
	}
	// the unbroken mock must pass, or a defect could be "caught" by an unrelated failure
	base := defect{name: "baseline", wrap: func(h http.Handler) http.Handler { return h }}
	for _, v := range []rest.Version{rest.V61, rest.V71} {
		if rep := runAgainst(t, base, v); rep.Failed() {
			t.Fatalf("the suite fails against the unbroken mock as %s, so defects cannot be told apart:\n%s", v, rep.Text())
		}
	}
	groupsHit := map[string]bool{}
	all := make([]laterDefect, 0, len(defects)+len(laterDefects))
	for _, d := range defects {
		all = append(all, laterDefect{rest.V61, d})
	}
	for _, d := range append(all, laterDefects...) {
		for _, g := range d.only {
			groupsHit[g] = true
		}
		t.Run(d.name, func(t *testing.T) {
			rep := runAgainst(t, d.defect, d.version)
			if r, ok := rep.Rule(d.rule); ok && r.Failed > 0 {
				return
			}
			var failed []string
			for _, r := range rep.FailedRules() {
				failed = append(failed, r.ID)
			}
			if len(failed) == 0 {
				t.Fatalf("the suite passed against an implementation where %s", d.name)
			}
			t.Errorf("rule %s did not fail; the rules that did: %v\n%s", d.rule, failed, rep.Text())
		})
	}
	for _, g := range sortedGroups() {
		if !groupsHit[g.name] {
			t.Errorf("no deliberate defect exercises the group %s", g.name)
		}
	}
}

// runAgainst runs the groups of the defect against the mock, answering as version v,
// with the defect.
func runAgainst(t *testing.T, d defect, v rest.Version) *Report {
	t.Helper()
	m, err := mock.New(mock.Options{Control: control.Mount, Seed: 1, Version: v})
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(d.wrap(m))
	defer srv.Close()
	var skip []string
	for _, g := range sortedGroups() {
		if len(d.only) > 0 && !slices.Contains(d.only, g.name) {
			skip = append(skip, g.name)
		}
	}
	cfg := Config{URL: srv.URL + "/wp-json", User: "admin", Password: m.Passwords["admin"], Skip: skip, Strict: true}
	if slices.Contains(d.only, callsGroup) {
		cfg.Calls = recordFrontend(t) // the calls group runs on a frontend's recorded calls
	}
	rec := NewRecorder("contract")
	rep := Run(rec, cfg)
	rec.Finish()
	return rep
}

func first(list []string, n int) []string {
	if len(list) > n {
		return list[:n]
	}
	return list
}

// laterDefect is a defect in what only a later version has: the mock answers as
// version for it.
type laterDefect struct {
	version rest.Version
	defect
}

// defect is one deliberate mistake in an implementation.
type defect struct {
	name string
	rule string   // the id of the rule that must fail
	only []string // the groups to run
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

// editAnswer is a defect that edits the answers to the requests match accepts.
func editAnswer(match func(r *http.Request) bool, edit func(r *http.Request, rec *httptest.ResponseRecorder)) func(http.Handler) http.Handler {
	return func(h http.Handler) http.Handler {
		return rewrite(h, func(r *http.Request, rec *httptest.ResponseRecorder) {
			if match(r) {
				edit(r, rec)
			}
		})
	}
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

// eachObject applies f to a JSON object, or to each object of a list.
func eachObject(v any, f func(m map[string]any)) any {
	if l, ok := v.([]any); ok {
		for _, x := range l {
			if m, ok := x.(map[string]any); ok {
				f(m)
			}
		}
	}
	if m, ok := v.(map[string]any); ok {
		f(m)
	}
	return v
}

// editObjects rewrites each object of the JSON bodies of the requests match accepts.
func editObjects(match func(r *http.Request) bool, f func(m map[string]any)) func(http.Handler) http.Handler {
	return func(h http.Handler) http.Handler {
		return rewrite(h, func(r *http.Request, rec *httptest.ResponseRecorder) {
			if match(r) {
				editJSON(rec, func(v any) any { return eachObject(v, f) })
			}
		})
	}
}

// forceQuery changes the request before the mock sees it: sets the parameters in set
// (when absent) and drops those in drop.
func forceQuery(match func(r *http.Request) bool, set map[string]string, drop ...string) func(http.Handler) http.Handler {
	return func(h http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if match(r) {
				q := r.URL.Query()
				for k, v := range set {
					if !q.Has(k) {
						q.Set(k, v)
					}
				}
				for _, k := range drop {
					q.Del(k)
				}
				r.URL.RawQuery = q.Encode()
			}
			h.ServeHTTP(w, r)
		})
	}
}

// setQuery sets a query parameter of the requests match accepts.
func setQuery(match func(r *http.Request) bool, k, v string) func(http.Handler) http.Handler {
	return func(h http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if match(r) {
				q := r.URL.Query()
				q.Set(k, v)
				r.URL.RawQuery = q.Encode()
			}
			h.ServeHTTP(w, r)
		})
	}
}

// restatus answers with status instead of the status of an error with code.
func restatus(code string, status int) func(http.Handler) http.Handler {
	return func(h http.Handler) http.Handler {
		return rewrite(h, func(_ *http.Request, rec *httptest.ResponseRecorder) {
			if bytes.Contains(rec.Body.Bytes(), []byte(`"code":"`+code+`"`)) {
				rec.Code = status
			}
		})
	}
}

// restatusOn answers the requests match accepts with status to instead of status from.
func restatusOn(match func(r *http.Request) bool, from, to int) func(http.Handler) http.Handler {
	return func(h http.Handler) http.Handler {
		return rewrite(h, func(r *http.Request, rec *httptest.ResponseRecorder) {
			if match(r) && rec.Code == from {
				rec.Code = to
			}
		})
	}
}

// dropHeader removes a response header (WordPress's spelling is not Go's canonical form).
func dropHeader(name string) func(http.Handler) http.Handler {
	return func(h http.Handler) http.Handler {
		return rewrite(h, func(_ *http.Request, rec *httptest.ResponseRecorder) {
			rec.Header().Del(name)
			delete(rec.Header(), name)
		})
	}
}

// noRoute answers the requests match accepts with WordPress's rest_no_route.
func noRoute(match func(r *http.Request) bool) func(http.Handler) http.Handler {
	return func(h http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if !match(r) {
				h.ServeHTTP(w, r)
				return
			}
			w.Header().Set("Content-Type", "application/json; charset=UTF-8")
			w.WriteHeader(http.StatusNotFound)
			fmt.Fprint(w, `{"code":"rest_no_route","message":"No route was found matching the URL and request method.","data":{"status":404}}`)
		})
	}
}

func route(r *http.Request) string {
	if rr := r.URL.Query().Get("rest_route"); rr != "" {
		return rr
	}
	return strings.TrimPrefix(r.URL.Path, "/wp-json")
}

// on matches a method and a route pattern.
func on(method, pattern string) func(r *http.Request) bool {
	re := regexp.MustCompile(`^` + pattern + `/?$`)
	return func(r *http.Request) bool { return (method == "" || r.Method == method) && re.MatchString(route(r)) }
}

// and matches when both do.
func and(a, b func(r *http.Request) bool) func(r *http.Request) bool {
	return func(r *http.Request) bool { return a(r) && b(r) }
}

func hasQuery(k, v string) func(r *http.Request) bool {
	return func(r *http.Request) bool { return r.URL.Query().Has(k) && (v == "" || r.URL.Query().Get(k) == v) }
}

func anonymousRequest(r *http.Request) bool { return r.Header.Get("Authorization") == "" }

func replaceBody(old, new string) func(http.Handler) http.Handler {
	return func(h http.Handler) http.Handler {
		return rewrite(h, func(_ *http.Request, rec *httptest.ResponseRecorder) {
			rec.Body = bytes.NewBuffer(bytes.ReplaceAll(rec.Body.Bytes(), []byte(old), []byte(new)))
		})
	}
}

const (
	posts     = `/wp/v2/posts`
	postItem  = `/wp/v2/posts/\d+`
	termItem  = `/wp/v2/(tags|categories)/\d+`
	userItem  = `/wp/v2/users/\d+`
	mediaItem = `/wp/v2/media/\d+`
	revisions = `/wp/v2/posts/\d+/revisions`
	revItem   = `/wp/v2/posts/\d+/revisions/\d+`
	metaItem  = `/wp/v2/posts/\d+/meta/\d+`
)

// editSchema lets edit change the JSON of OPTIONS on route.
func editSchema(path string, edit func(v any)) func(http.Handler) http.Handler {
	return func(h http.Handler) http.Handler {
		return rewrite(h, func(r *http.Request, rec *httptest.ResponseRecorder) {
			if r.Method == http.MethodOptions && route(r) == path {
				editJSON(rec, func(v any) any { edit(v); return v })
			}
		})
	}
}

// httptestBody is a request body of b.
func httptestBody(b []byte) io.ReadCloser { return io.NopCloser(bytes.NewReader(b)) }

// proofEnv, set to 1, runs the suite's slow proofs of itself (make proof).
const proofEnv = "WPCONTRACT_PROOF"

// suiteOnly skips, under the race detector, a test that runs the suite against the mock
// to check the suite (what it reports, names, skips or catches), not the mock: make
// test runs these without -race (about five times faster), beside the -race run of
// everything else, in which TestContract and TestContractProfiles run the whole suite
// against the mock in each version, so the mock keeps the race detector under the
// suite's load.
func suiteOnly(t *testing.T) {
	t.Helper()
	if raceDetector {
		t.Skip("checks the suite, not the mock: make test runs it without -race")
	}
}

// proofOnly skips a proof of the suite unless proofEnv asks for it.
func proofOnly(t *testing.T) {
	t.Helper()
	if os.Getenv(proofEnv) != "1" {
		t.Skipf("the suite's proof of itself: make proof (%s=1)", proofEnv)
	}
}
