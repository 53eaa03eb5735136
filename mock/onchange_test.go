package mock

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/wpmock/wpmock/fixtures"
)

// TestOnChange: Options.OnChange hears of every write that went through and of a
// reset, and of nothing else (cmd/wpmock's -persist saves on it).
func TestOnChange(t *testing.T) {
	var changes atomic.Int32
	m, err := New(Options{Dataset: fixtures.Example(), Clock: fixedClock, OnChange: func() { changes.Add(1) }})
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(m)
	t.Cleanup(srv.Close)
	s := &testSite{Mock: m, srv: srv}
	json := []string{"Content-Type", "application/json"}
	for _, c := range []struct {
		method, path, login, body string
		status                    int
		changed                   bool
	}{
		{http.MethodGet, "/wp/v2/posts", "admin", "", http.StatusOK, false},
		{http.MethodPost, "/wp/v2/posts", "", `{"title":"anonymous"}`, http.StatusUnauthorized, false},
		{http.MethodPost, "/wp/v2/posts", "admin", `{"title":"x","status":"nonsense"}`, http.StatusBadRequest, false},
		{http.MethodDelete, "/wp/v2/posts/99999", "admin", "", http.StatusNotFound, false},
		{http.MethodPost, "/wp/v2/posts", "admin", `{"title":"kept"}`, http.StatusCreated, true},
		{http.MethodPost, "/wp/v2/posts?_method=GET", "admin", "", http.StatusOK, false},
		{http.MethodOptions, "/wp/v2/posts", "", "", http.StatusOK, false},
		{http.MethodPost, "/wpmock/v1/reset", "admin", "", http.StatusOK, true},
	} {
		before := changes.Load()
		r := s.do(t, c.method, c.path, c.login, strings.NewReader(c.body), json...)
		if r.status != c.status {
			t.Fatalf("%s %s: got %d, want %d\n%s", c.method, c.path, r.status, c.status, r.body)
		}
		if got := changes.Load() - before; got != map[bool]int32{false: 0, true: 1}[c.changed] {
			t.Errorf("%s %s %s: OnChange called %d times, want it called: %v", c.method, c.path, c.body, got, c.changed)
		}
	}
}
