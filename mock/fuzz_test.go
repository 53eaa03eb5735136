package mock

import (
	"bytes"
	"encoding/json"
	"flag"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/wpmock/wpmock/fixtures"
	"github.com/wpmock/wpmock/mock/rest"
)

// Fuzz targets of the whole mock (issue 15): any request, as any caller, through
// routing, authentication, validation and the handlers; and any dataset file through
// loading. Their seed corpora are in testdata/fuzz (TestFuzzSeeds); make fuzz runs
// each for a bounded time.

var updateFuzzSeeds = flag.Bool("update-fuzz-seeds", false, "rewrite testdata/fuzz from fuzzSeeds")

// fuzzCallers are who FuzzRequest acts as: its who argument picks one.
var fuzzCallers = []string{"", "admin", "editor", "author", "contributor", "subscriber"}

// fuzzMethods and fuzzRoutes are what FuzzRequest's method and route arguments pick
// from, so that mutations reach every handler instead of rest_no_route; the target's
// tail (a query, more path) is free. The ids are the example dataset's.
var (
	fuzzMethods = []string{"GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS", "TRACE"}
	fuzzRoutes  = []string{"", "/wp-json/", "/wp-json/wp/v2", "/wp-json/wp/v2/posts", "/wp-json/wp/v2/posts/1", "/wp-json/wp/v2/posts/4",
		"/wp-json/wp/v2/posts/5", "/wp-json/wp/v2/posts/1/revisions", "/wp-json/wp/v2/posts/1/revisions/8", "/wp-json/wp/v2/posts/1/meta",
		"/wp-json/wp/v2/media", "/wp-json/wp/v2/media/9", "/wp-json/wp/v2/users", "/wp-json/wp/v2/users/3", "/wp-json/wp/v2/users/me",
		"/wp-json/wp/v2/users/3/application-passwords", "/wp-json/wp/v2/users/me/application-passwords/introspect",
		"/wp-json/wp/v2/tags", "/wp-json/wp/v2/tags/4", "/wp-json/wp/v2/categories", "/wp-json/wp/v2/categories/2",
		"/wp-json/wp/v2/types/post", "/wp-json/wp/v2/statuses/draft", "/wp-json/wp/v2/taxonomies/category",
		"/wp-json/wpmock/v1/dataset", "/wp-json/wpmock/v1/reset", "/?rest_route=/wp/v2/posts", "/wp-content/uploads/"}
)

// FuzzRequest: whatever the method, target, content type, body and caller, the mock
// answers as WordPress can: a status below 500, or a 5xx WordPress gives too (one of
// its own error codes, never the mock's internal_server_error, which a panic or a
// handler without an answer becomes); a JSON body that is JSON; and a request it
// refuses changes nothing but what authentication itself records (an application
// password's last use). The site starts from the example dataset every time, so a
// failing input fails again alone.
func FuzzRequest(f *testing.F) {
	m, err := New(Options{Dataset: fixtures.Example(), Clock: fixedClock})
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, method, route uint, tail, contentType string, body []byte, who uint) {
		verb := fuzzMethods[method%uint(len(fuzzMethods))]
		target := fuzzRoutes[route%uint(len(fuzzRoutes))] + tail
		req, err := http.NewRequest(verb, "http://example.com"+target, bytes.NewReader(body))
		if err != nil || !strings.HasPrefix(req.URL.Path, "/") || req.URL.Host != "example.com" {
			return // nothing an HTTP server would hand over
		}
		req.RequestURI = req.URL.RequestURI()
		if contentType != "" {
			req.Header.Set("Content-Type", contentType)
		}
		if login := fuzzCallers[who%uint(len(fuzzCallers))]; login != "" {
			req.SetBasicAuth(login, m.Passwords[login])
		}
		m.Reset()
		before := comparableDataset(t, m)
		rec := httptest.NewRecorder()
		m.ServeHTTP(rec, req)
		status, out := rec.Code, rec.Body.Bytes()
		isJSON := strings.HasPrefix(rec.Header().Get("Content-Type"), "application/json")
		if isJSON && verb != http.MethodHead && !json.Valid(out) {
			t.Fatalf("%s %s: %d with a body that is not JSON: %.200q", verb, target, status, out)
		}
		if status >= 500 && verb != http.MethodHead { // a HEAD answer has no body to name its code
			var e struct{ Code string }
			json.Unmarshal(out, &e)
			if !isJSON || e.Code == "" || e.Code == rest.CodeInternal {
				t.Fatalf("%s %s: %d %.300s", verb, target, status, out)
			}
		}
		if status >= 400 {
			if after := comparableDataset(t, m); !bytes.Equal(before, after) {
				t.Fatalf("%s %s: refused with %d %.200s, and the dataset changed", verb, target, status, out)
			}
		}
	})
}

// comparableDataset is the site's content without what authentication records.
func comparableDataset(t *testing.T, m *Mock) []byte {
	t.Helper()
	ds := m.Dataset()
	for i := range ds.Users {
		for j := range ds.Users[i].AppPasswords {
			ds.Users[i].AppPasswords[j].LastUsed, ds.Users[i].AppPasswords[j].LastIP = time.Time{}, ""
		}
	}
	var b bytes.Buffer
	if err := ds.Encode(&b); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// FuzzLoadDataset: any file either is refused by fixtures.Decode with an error naming
// the problem, or loads into a site (mock.New, the store's Load) that serves its
// lists, and exports a dataset that decodes again to the same export.
func FuzzLoadDataset(f *testing.F) {
	f.Fuzz(func(t *testing.T, data []byte) {
		ds, err := fixtures.Decode(data, "fuzz.json")
		if err != nil {
			if err.Error() == "" {
				t.Fatal("an error without a message")
			}
			return
		}
		m, err := New(Options{Dataset: ds, Clock: fixedClock})
		if err != nil {
			return // a dataset can name a WordPress version the mock has no profile of
		}
		for _, path := range []string{"/wp/v2/posts", "/wp/v2/media", "/wp/v2/users", "/wp/v2/tags", "/wp/v2/categories"} {
			rec := httptest.NewRecorder()
			m.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/wp-json"+path+"?per_page=100&_embed", nil))
			if rec.Code >= 500 {
				t.Fatalf("GET %s: %d %.300s", path, rec.Code, rec.Body.Bytes())
			}
		}
		var first bytes.Buffer
		if err := m.Export(&first); err != nil {
			t.Fatal(err)
		}
		again, err := fixtures.Decode(first.Bytes(), "export.json")
		if err != nil {
			t.Fatalf("the export does not load: %v", err)
		}
		var second bytes.Buffer
		if err := again.Encode(&second); err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(first.Bytes(), second.Bytes()) {
			t.Fatalf("the export changes when loaded again:\n%s\n%s", first.Bytes(), second.Bytes())
		}
	})
}
