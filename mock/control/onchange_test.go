package control

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/wpmock/wpmock/fixtures"
	"github.com/wpmock/wpmock/mock"
	"github.com/wpmock/wpmock/mock/webhook"
)

// TestOnChange: Options.OnChange hears of every write that changed the site and of a
// reset, with the items changed, and of nothing else (cmd/wpmock's -persist saves on
// it, the webhooks post it).
func TestOnChange(t *testing.T) {
	var changes atomic.Int32
	var last atomic.Pointer[webhook.Change]
	m, err := newMock(mock.Options{Dataset: fixtures.Example(), Clock: fixedClock}, Options{OnChange: func(c *webhook.Change) {
		changes.Add(1)
		last.Store(c)
	}})
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
		items                     string // kind:type:action of each item; "reset" for a reset
	}{
		{http.MethodGet, "/wp/v2/posts", "admin", "", http.StatusOK, false, ""},
		{http.MethodPost, "/wp/v2/posts", "", `{"title":"anonymous"}`, http.StatusUnauthorized, false, ""},
		{http.MethodPost, "/wp/v2/posts", "admin", `{"title":"x","status":"nonsense"}`, http.StatusBadRequest, false, ""},
		{http.MethodDelete, "/wp/v2/posts/99999", "admin", "", http.StatusNotFound, false, ""},
		{http.MethodPost, "/wp/v2/posts", "admin", `{"title":"kept"}`, http.StatusCreated, true, "post:post:created"},
		{http.MethodPost, "/wp/v2/posts?_method=GET", "admin", "", http.StatusOK, false, ""},
		{http.MethodOptions, "/wp/v2/posts", "", "", http.StatusOK, false, ""},
		{http.MethodPost, "/wpmock/v1/faults?latency=0", "admin", "", http.StatusOK, false, ""},
		{http.MethodPost, "/wp/v2/categories", "admin", `{"name":"Fresh"}`, http.StatusCreated, true, "term:category:created"},
		{http.MethodPost, "/wp/v2/settings", "admin", `{"title":"Renamed","description":"New"}`, http.StatusOK, true, "settings:settings:updated"},
		{http.MethodPost, "/wpmock/v1/reset", "admin", "", http.StatusOK, true, "reset"},
	} {
		before := changes.Load()
		r := s.do(t, c.method, c.path, c.login, strings.NewReader(c.body), json...)
		if r.status != c.status {
			t.Fatalf("%s %s: got %d, want %d\n%s", c.method, c.path, r.status, c.status, r.body)
		}
		if got := changes.Load() - before; got != map[bool]int32{false: 0, true: 1}[c.changed] {
			t.Errorf("%s %s %s: OnChange called %d times, want it called: %v", c.method, c.path, c.body, got, c.changed)
		}
		if !c.changed {
			continue
		}
		var items []string
		if ch := last.Load(); ch.Reset {
			items = append(items, "reset")
		} else {
			for _, it := range ch.Items {
				items = append(items, it.Kind+":"+it.Type+":"+it.Action)
			}
		}
		if got := strings.Join(items, " "); got != c.items {
			t.Errorf("%s %s: items %q, want %q", c.method, c.path, got, c.items)
		}
	}
}
