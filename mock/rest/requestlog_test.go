package rest

import (
	"net/http"
	"net/http/httptest"
	"testing"
	"time"
)

// TestRequestLogRing: the ring keeps the last requests, says how many a reader missed,
// and bounds what Since returns.
func TestRequestLogRing(t *testing.T) {
	l := NewRequestLog(3)
	for i := 0; i < 5; i++ {
		l.add(LoggedRequest{Method: "GET", URI: "/" + string(rune('a'+i))})
	}
	if got := l.Last(); got != 5 {
		t.Fatalf("Last: got %d, want 5", got)
	}
	for _, c := range []struct {
		after  uint64
		max    int
		want   string // the URIs
		missed uint64
	}{
		{0, 0, "/c/d/e", 2}, // 1 and 2 are gone
		{3, 0, "/d/e", 0},   // after the third
		{0, 1, "/e", 4},     // the newest only
		{5, 0, "", 0},       // nothing new
		{2, 2, "/d/e", 1},   // the third left out by max
	} {
		got, missed := l.Since(c.after, c.max)
		uris := ""
		for _, e := range got {
			uris += e.URI
		}
		if uris != c.want || missed != c.missed {
			t.Errorf("Since(%d, %d): got %q missed %d, want %q missed %d", c.after, c.max, uris, missed, c.want, c.missed)
		}
	}
}

// TestRequestLogSubscribers: a listener is woken by a request, once for many, and a
// closed log ends every listener (a server shutting down ends the dashboard's streams).
func TestRequestLogSubscribers(t *testing.T) {
	l := NewRequestLog(0)
	sub := l.Subscribe()
	if l.Listeners() != 1 {
		t.Fatalf("Listeners: got %d, want 1", l.Listeners())
	}
	l.add(LoggedRequest{})
	l.add(LoggedRequest{})
	select {
	case <-sub.Wake():
	case <-time.After(time.Second):
		t.Fatal("no wake after two requests")
	}
	select {
	case <-sub.Wake():
		t.Fatal("woken twice for two requests before reading")
	default:
	}
	l.Close()
	select {
	case <-sub.Done():
	default:
		t.Fatal("Done still open after Close")
	}
	sub.Close()
	if late := l.Subscribe(); late.Done() == nil {
		t.Fatal("no Done channel")
	} else {
		select {
		case <-late.Done():
		default:
			t.Fatal("a subscription to a closed log is not done")
		}
	}
}

// TestRequestLogOfServer: the server keeps what the access log writes, with the site's
// base path, and none of the requests it makes of itself (ServeInternal).
func TestRequestLogOfServer(t *testing.T) {
	l := NewRequestLog(0)
	s := &Server{Requests: l, BasePath: "/sites/w1"}
	s.Register(&Route{Namespace: "t/v1", Pattern: "/t/v1/a", Endpoints: []*Endpoint{{
		Methods: Readable, Handler: func(*Request) (*Response, *Error) { return OK(1), nil }}}})
	s.ServeInternal(httptest.NewRecorder(), httptest.NewRequest(http.MethodGet, "/wp-json/t/v1/a", nil))
	s.ServeHTTP(httptest.NewRecorder(), httptest.NewRequest(http.MethodGet, "/wp-json/t/v1/b?x=1", nil))
	got, _ := l.Since(0, 0)
	if len(got) != 1 {
		t.Fatalf("got %d requests, want 1 (the internal one left out): %+v", len(got), got)
	}
	e := got[0]
	if e.Seq != 1 || e.Method != "GET" || e.URI != "/sites/w1/wp-json/t/v1/b?x=1" || e.Site != "/sites/w1" ||
		e.Status != 404 || e.Code != CodeNoRoute || e.User != "-" || e.Time.IsZero() {
		t.Errorf("got %+v", e)
	}
}
