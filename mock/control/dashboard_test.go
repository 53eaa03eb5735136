package control

import (
	"bufio"
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/wpmock/wpmock/fixtures"
	"github.com/wpmock/wpmock/mock"
	"github.com/wpmock/wpmock/mock/rest"
)

// TestDashboardPage: the page and its files are served at /wpmock/ of every site, with a
// policy that lets them load nothing from elsewhere; an unknown file is a 404 in
// WordPress's envelope.
func TestDashboardPage(t *testing.T) {
	s := newTestSite(t)
	for _, c := range []struct {
		path, status, typ, has string
	}{
		{"/wpmock/", "200", "text/html", `<script src="dashboard.js"`},
		{"/wpmock/dashboard.js", "200", "text/javascript", "wpmock/v1/requests?stream=true"},
		{"/wpmock/dashboard.css", "200", "text/css", "details.op"},
		{"/sites/w1/wpmock/", "200", "text/html", "<title>wpmock dashboard</title>"},
		{"/wpmock", "301", "", ""},
		{"/wpmock/nothing.js", "404", "application/json", `"code":"wpmock_dashboard_not_found"`},
		{"/wpmock/static/index.html", "404", "application/json", `"data":{"status":404}`},
	} {
		resp, err := http.Get(s.srv.URL + c.path)
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if c.status == "301" {
			// the client followed it: a relative Location keeps a named site's base
			if resp.Request.URL.Path != "/wpmock/" || resp.StatusCode != 200 {
				t.Errorf("%s: ended at %s %d, want /wpmock/ 200", c.path, resp.Request.URL.Path, resp.StatusCode)
			}
			continue
		}
		if got := resp.Status[:3]; got != c.status || !strings.HasPrefix(resp.Header.Get("Content-Type"), c.typ) || !strings.Contains(string(body), c.has) {
			t.Errorf("%s: got %s %s, want %s %s with %q\n%.300s", c.path, got, resp.Header.Get("Content-Type"), c.status, c.typ, c.has, body)
		}
		if c.status == "200" && !strings.Contains(resp.Header.Get("Content-Security-Policy"), "default-src 'none'") {
			t.Errorf("%s: Content-Security-Policy %q", c.path, resp.Header.Get("Content-Security-Policy"))
		}
	}
	// a request naming the page was no REST request: the request log has none
	if n := s.Requests().Last(); n != 0 {
		t.Errorf("the page's files are in the request log: %d entries", n)
	}
}

// TestSummary: the counts per resource (a site's own post types and taxonomies too)
// and the users' application passwords, the administrator's alone.
func TestSummary(t *testing.T) {
	s := newTestSiteWith(t, fixtures.Example())
	s.get(t, "/wpmock/v1/summary", "").wantError(t, http.StatusUnauthorized, rest.CodeForbidden)
	s.get(t, "/wpmock/v1/summary", "editor").wantError(t, http.StatusForbidden, rest.CodeForbidden)
	r := s.get(t, "/wpmock/v1/summary", "admin")
	if r.status != http.StatusOK {
		t.Fatalf("summary: %d %s", r.status, r.body)
	}
	var sum struct {
		Site  struct{ Auth, WordPress string }
		Posts []struct {
			Type, Rest string
			Count      int
			Statuses   map[string]int
		}
		Terms []struct {
			Taxonomy string
			Count    int
		}
		Comments struct{ Count int }
		Users    struct {
			Count  int
			Listed []struct {
				Login    string
				Password *string
			}
		}
	}
	if err := json.Unmarshal(r.body, &sum); err != nil {
		t.Fatal(err)
	}
	ds := fixtures.Example()
	posts := map[string]int{}
	for _, p := range ds.Posts {
		posts[p.Type]++
	}
	for _, p := range sum.Posts {
		total := 0
		for _, n := range p.Statuses {
			total += n
		}
		if p.Count != posts[p.Type] || total != p.Count {
			t.Errorf("%s: got %d (by status %v), want %d", p.Type, p.Count, p.Statuses, posts[p.Type])
		}
	}
	terms := map[string]int{}
	for _, tm := range ds.Terms {
		terms[tm.Taxonomy]++
	}
	for _, tx := range sum.Terms {
		if tx.Count != terms[tx.Taxonomy] {
			t.Errorf("%s terms: got %d, want %d", tx.Taxonomy, tx.Count, terms[tx.Taxonomy])
		}
	}
	if sum.Comments.Count != len(ds.Comments) || sum.Users.Count != len(ds.Users) || sum.Site.Auth != "app-password" {
		t.Errorf("comments %d users %d auth %s, want %d, %d, app-password", sum.Comments.Count, sum.Users.Count, sum.Site.Auth, len(ds.Comments), len(ds.Users))
	}
	for _, u := range sum.Users.Listed {
		if want := s.Passwords[u.Login]; u.Password == nil || *u.Password != want {
			t.Errorf("%s: got password %v, want %q (the banner's)", u.Login, u.Password, want)
		}
	}
}

// TestSummaryOfASiteOfItsOwn: a site's own post types and taxonomies are counted too.
func TestSummaryOfASiteOfItsOwn(t *testing.T) {
	ds, err := fixtures.LoadFile("../../fixtures/examples/shop.json")
	if err != nil {
		t.Fatal(err)
	}
	s := newTestSiteWith(t, ds)
	r := s.get(t, "/wpmock/v1/summary?_fields=posts.type,terms.taxonomy", "admin")
	for _, want := range []string{`"type":"product"`, `"taxonomy":"product_cat"`} {
		if !strings.Contains(string(r.body), want) {
			t.Errorf("summary of shop.json: no %s in %s", want, r.body)
		}
	}
}

// sseEvent is one event read from a stream.
type sseEvent struct{ id, event, data string }

// eventStreams are the events read from each stream's body: one reader per body for
// the whole test, so that what one readEvents leaves unread comes to the next (a
// reader of its own each would race the last one's, still scanning, for the bytes).
var eventStreams sync.Map // io.Reader -> chan sseEvent

func eventsOf(body io.Reader) chan sseEvent {
	if ch, ok := eventStreams.Load(body); ok {
		return ch.(chan sseEvent)
	}
	events := make(chan sseEvent, 1024)
	eventStreams.Store(body, events)
	go func() {
		sc := bufio.NewScanner(body)
		var e sseEvent
		for sc.Scan() {
			line := sc.Text()
			switch {
			case line == "":
				if e.event != "" {
					events <- e
				}
				e = sseEvent{}
			case strings.HasPrefix(line, "id: "):
				e.id = line[4:]
			case strings.HasPrefix(line, "event: "):
				e.event = line[7:]
			case strings.HasPrefix(line, "data: "):
				e.data = line[6:]
			}
		}
		close(events)
	}()
	return events
}

// readEvents reads events from a stream until want says stop or the time runs out.
func readEvents(t *testing.T, body io.Reader, want func(sseEvent) bool) {
	t.Helper()
	events := eventsOf(body)
	deadline := time.After(5 * time.Second)
	for {
		select {
		case e, ok := <-events:
			if !ok || want(e) {
				return
			}
		case <-deadline:
			t.Fatal("the awaited event did not come in 5 s")
		}
	}
}

// TestRequestsStream: the request log streamed as Server-Sent Events: the requests
// before, then each new one as it is answered; a named site's stream has its own
// requests only; closing the log (a shutdown) ends the streams.
func TestRequestsStream(t *testing.T) {
	s := newTestSite(t)
	s.get(t, "/wp/v2/posts?per_page=1", "")
	stream := func(site *testSite) *http.Response {
		req, _ := http.NewRequest(http.MethodGet, site.srv.URL+"/wp-json/wpmock/v1/requests", nil)
		req.Header.Set("Accept", "text/event-stream")
		req.SetBasicAuth("admin", s.Passwords["admin"])
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		if resp.StatusCode != 200 || !strings.HasPrefix(resp.Header.Get("Content-Type"), "text/event-stream") {
			t.Fatalf("stream: %d %s", resp.StatusCode, resp.Header.Get("Content-Type"))
		}
		t.Cleanup(func() { resp.Body.Close() })
		return resp
	}
	all, w1 := stream(s), stream(s.named("w1"))
	var seen []string
	readEvents(t, all.Body, func(e sseEvent) bool {
		var r struct{ URI string }
		json.Unmarshal([]byte(e.data), &r)
		seen = append(seen, r.URI)
		return r.URI == "/wp-json/wp/v2/posts?per_page=1"
	})
	if len(seen) != 1 || seen[0] != "/wp-json/wp/v2/posts?per_page=1" {
		t.Errorf("the backlog: got %v, want the one request before", seen)
	}
	s.named("w1").get(t, "/wp/v2/posts/999999", "editor")
	s.get(t, "/wp/v2/tags?per_page=1", "")
	readEvents(t, all.Body, func(e sseEvent) bool { return strings.Contains(e.data, `"uri":"\/wp-json\/wp\/v2\/tags?per_page=1"`) })
	readEvents(t, w1.Body, func(e sseEvent) bool {
		var r struct {
			URI, Site, Code, User string
			Status                int
		}
		json.Unmarshal([]byte(e.data), &r)
		if r.Site != "w1" {
			t.Errorf("w1's stream has another site's request: %s", e.data)
		}
		return r.URI == "/sites/w1/wp-json/wp/v2/posts/999999" && r.Status == 404 && r.Code == "rest_post_invalid_id" && r.User == "editor"
	})
	// the JSON answer, with the same requests
	r := s.get(t, "/wpmock/v1/requests?limit=2", "admin")
	if r.status != 200 || !strings.Contains(string(r.body), `"uri":"\/wp-json\/wp\/v2\/tags?per_page=1"`) {
		t.Errorf("GET requests: %d %s", r.status, r.body)
	}
	s.get(t, "/wpmock/v1/requests", "").wantError(t, http.StatusUnauthorized, rest.CodeForbidden)
	s.Requests().Close()
	done := make(chan struct{})
	go func() { io.Copy(io.Discard, all.Body); close(done) }()
	select {
	case <-done:
	case <-time.After(5 * time.Second):
		t.Fatal("the stream goes on after the log was closed")
	}
}

// BenchmarkRequestLog serves one request three ways, alternately, so that all see the
// same load: with no request log at all (as before the dashboard), with the log and
// nobody listening (every wpmock process), and with a dashboard listening (a
// subscriber that reads each request as it comes, and encodes it as the stream does).
// It reports each one's time and the ratios: idle/none is what the ring costs every
// request, listening/idle what a connected dashboard adds.
func BenchmarkRequestLog(b *testing.B) {
	site := func() *mock.Mock {
		m, err := newMock(mock.Options{Dataset: fixtures.Example(), Clock: fixedClock}, Options{})
		if err != nil {
			b.Fatal(err)
		}
		return m
	}
	none, idle, listening := site(), site(), site()
	none.Server().Requests = nil
	sub := listening.Requests().Subscribe()
	stop := make(chan struct{})
	drained := make(chan struct{})
	go func() { // the dashboard's stream, without the network
		defer close(drained)
		var seq uint64
		var buf bytes.Buffer
		for {
			select {
			case <-stop:
				return
			case <-sub.Wake():
				entries, _ := listening.Requests().Since(seq, 0)
				for _, e := range entries {
					seq = e.Seq
					buf.Reset()
					rest.Encode(&buf, viewRequest(e))
				}
			}
		}
	}()
	req := httptest.NewRequest(http.MethodGet, "/wp-json/wp/v2/posts?per_page=5&orderby=date", nil)
	sites := []*mock.Mock{none, idle, listening}
	for _, m := range sites {
		for i := 0; i < 64; i++ {
			m.ServeHTTP(httptest.NewRecorder(), req)
		}
	}
	var took [3]time.Duration
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		for j, m := range sites {
			start := time.Now()
			m.ServeHTTP(httptest.NewRecorder(), req)
			took[j] += time.Since(start)
		}
	}
	b.StopTimer()
	close(stop)
	<-drained
	sub.Close()
	for j, name := range []string{"none", "idle", "listening"} {
		b.ReportMetric(float64(took[j].Nanoseconds())/float64(b.N), "ns-"+name+"/req")
	}
	b.ReportMetric(float64(took[1])/float64(took[0]), "idle/none")
	b.ReportMetric(float64(took[2])/float64(took[1]), "listening/idle")
}
