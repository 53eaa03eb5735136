package control

import (
	"bytes"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/wpmock/wpmock/calls"
	"github.com/wpmock/wpmock/fixtures"
	"github.com/wpmock/wpmock/mock"
	"github.com/wpmock/wpmock/mock/rest"
)

// recordingSite is the example site recording its calls.
func recordingSite(t testing.TB) (*mock.Mock, *rest.Calls) {
	t.Helper()
	rec := rest.NewCalls()
	m, err := newMock(mock.Options{Dataset: fixtures.Example(), Clock: fixedClock, Record: rec}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	return m, rec
}

// callsOf reads the recording as GET /wpmock/v1/calls answers it to the admin.
func callsOf(t *testing.T, m *mock.Mock) calls.File {
	t.Helper()
	req := httptest.NewRequest(http.MethodGet, "/wp-json/wpmock/v1/calls", nil)
	req.SetBasicAuth("admin", m.Passwords["admin"])
	rec := httptest.NewRecorder()
	m.ServeHTTP(rec, req)
	var f calls.File
	if rec.Code != http.StatusOK || json.Unmarshal(rec.Body.Bytes(), &f) != nil {
		t.Fatalf("GET /wpmock/v1/calls: %d %s", rec.Code, rec.Body)
	}
	return f
}

// TestRecordCalls: the distinct calls are the method, the route pattern, the argument
// names, the role, the context and the status; repeats count, list items merge into
// one shape (the items of both answers), and neither the mock's start-up requests, nor _embed's, nor its own routes
// are recorded.
func TestRecordCalls(t *testing.T) {
	m, rec := recordingSite(t)
	if n := rec.Len(); n != 0 {
		t.Fatalf("%d calls recorded before any request: the start-up's own requests were recorded", n)
	}
	send := func(method, target, login, body string) int {
		req := httptest.NewRequest(method, target, strings.NewReader(body))
		if body != "" {
			req.Header.Set("Content-Type", "application/json")
		}
		if login != "" {
			req.SetBasicAuth(login, m.Passwords[login])
		}
		rec := httptest.NewRecorder()
		m.ServeHTTP(rec, req)
		return rec.Code
	}
	send("GET", "/wp-json/wp/v2/posts?per_page=2", "", "")
	send("GET", "/wp-json/wp/v2/posts?per_page=5", "", "") // the same call: other values
	send("GET", "/wp-json/wp/v2/posts?per_page=5&_embed=1", "", "")
	send("GET", "/?rest_route=/wp/v2/posts/1&context=edit", "editor", "")
	send("GET", "/wp-json/wp/v2/posts/1?context=edit", "editor", "")
	send("GET", "/wp-json/wp/v2/posts/999999", "", "")
	send("POST", "/wp-json/wp/v2/tags", "editor", `{"name":"x","password":"secret"}`)
	send("GET", "/wp-json/wpmock/v1/dataset", "admin", "")
	send("GET", "/wp-json/nothing/here", "", "")

	f := callsOf(t, m)
	var got []string
	for _, c := range f.Calls {
		got = append(got, strings.Join([]string{c.Method, c.Route, c.Role, c.Context, http.StatusText(c.Status), names(c.Query), names(c.Body)}, " ")+
			" x"+string(rune('0'+c.Count)))
	}
	want := []string{
		"GET /wp/v2/posts anonymous  OK _embed,per_page  x1",
		"GET /wp/v2/posts anonymous  OK per_page  x2",
		`GET /wp/v2/posts/(?P<id>[\d]+) anonymous  Not Found   x1`,
		`GET /wp/v2/posts/(?P<id>[\d]+) editor edit OK context  x2`,
		"POST /wp/v2/tags editor  Created  name,password x1",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Fatalf("calls:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	list := f.Calls[1]
	if list.Shape == nil || list.Shape.Items == nil || list.Shape.Items.Seen <= 2 || !list.Shape.Items.Required("title") {
		t.Errorf("the list's items are not merged into one shape: %+v", list.Shape)
	}
	if list.Path != "/wp/v2/posts" || list.Query["per_page"] != "2" {
		t.Errorf("the first call's route and values: %q %v", list.Path, list.Query)
	}
	if pw := f.Calls[4].Body["password"]; pw != "" {
		t.Errorf("a password was kept: %q", pw)
	}
	if f.WordPress != "6.1" || f.Version != 1 {
		t.Errorf("version %d, WordPress %q", f.Version, f.WordPress)
	}
	// the recording is the administrator's
	anon := httptest.NewRecorder()
	m.ServeHTTP(anon, httptest.NewRequest(http.MethodGet, "/wp-json/wpmock/v1/calls", nil))
	if anon.Code != http.StatusUnauthorized {
		t.Errorf("anonymous GET /wpmock/v1/calls: %d, want 401", anon.Code)
	}
	var b bytes.Buffer
	if err := rec.WriteJSON(&b, m.Version()); err != nil || !json.Valid(b.Bytes()) {
		t.Errorf("WriteJSON: %v", err)
	}
}

func names(m map[string]any) string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	slices.Sort(out)
	return strings.Join(out, ",")
}

// TestRecordingAllocatesNothing: a call already recorded (past its sampled answers)
// costs its hash and a lookup, no allocation.
func TestRecordingAllocatesNothing(t *testing.T) {
	m, _ := recordingSite(t)
	off, _ := newMock(mock.Options{Dataset: fixtures.Example(), Clock: fixedClock}, Options{})
	req := httptest.NewRequest(http.MethodGet, "/wp-json/wp/v2/tags?per_page=2&orderby=name", nil)
	allocs := func(h http.Handler) float64 {
		for i := 0; i < 40; i++ { // past the sampled answers, and a power of two
			h.ServeHTTP(httptest.NewRecorder(), req)
		}
		// the fewest of many one-request measures: a collection emptying a sync.Pool, and
		// under the race detector sync.Pool dropping a quarter of what is put back at
		// random, add allocations to some requests that are not the request's own; an
		// average of several requests would carry them, the fewest of single ones does not
		least := testing.AllocsPerRun(1, func() { h.ServeHTTP(httptest.NewRecorder(), req) })
		for range 59 {
			least = min(least, testing.AllocsPerRun(1, func() { h.ServeHTTP(httptest.NewRecorder(), req) }))
		}
		return least
	}
	if on, base := allocs(m), allocs(off); on > base {
		t.Errorf("recording: %.0f allocations per request, %.0f without", on, base)
	}
}

// BenchmarkRecording serves one request with the recording off and on (past the
// call's sampled answers), alternately, so that both see the same load: it reports
// each one's time and their ratio, the recording's cost.
func BenchmarkRecording(b *testing.B) {
	on, _ := recordingSite(b)
	off, err := newMock(mock.Options{Dataset: fixtures.Example(), Clock: fixedClock}, Options{})
	if err != nil {
		b.Fatal(err)
	}
	req := httptest.NewRequest(http.MethodGet, "/wp-json/wp/v2/posts?per_page=5&orderby=date", nil)
	for i := 0; i < 64; i++ {
		on.ServeHTTP(httptest.NewRecorder(), req)
	}
	var took [2]time.Duration
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		for j, m := range []*mock.Mock{off, on} {
			start := time.Now()
			m.ServeHTTP(httptest.NewRecorder(), req)
			took[j] += time.Since(start)
		}
	}
	b.ReportMetric(float64(took[0].Nanoseconds())/float64(b.N), "ns-off/req")
	b.ReportMetric(float64(took[1].Nanoseconds())/float64(b.N), "ns-on/req")
	b.ReportMetric(float64(took[1])/float64(took[0]), "on/off")
}
