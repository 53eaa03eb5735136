package mock

import (
	"bytes"
	"log"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/wpmock/wpmock/fixtures"
)

// TestStartupRequestsAreNotLogged: the requests the mock makes of itself at start-up
// (the OpenAPI document's examples) are in neither the access log nor the request log
// (issue 37: the start-up log showed a dozen GETs nobody made).
func TestStartupRequestsAreNotLogged(t *testing.T) {
	var out bytes.Buffer
	m, err := New(Options{Dataset: fixtures.Example(), Clock: fixedClock, Log: log.New(&out, "", 0)})
	if err != nil {
		t.Fatal(err)
	}
	if len(m.examples) == 0 {
		t.Fatal("no examples read: the test proves nothing")
	}
	if out.Len() > 0 || m.Requests().Last() != 0 {
		t.Errorf("after New: access log %q, %d requests in the request log; want none", out.String(), m.Requests().Last())
	}
	m.ServeHTTP(httptest.NewRecorder(), httptest.NewRequest(http.MethodGet, "/wp-json/wp/v2/posts?per_page=1", nil))
	if !strings.Contains(out.String(), "GET /wp-json/wp/v2/posts?per_page=1 200 user=-") || m.Requests().Last() != 1 {
		t.Errorf("a client's request: access log %q, request log at %d; want it in both", out.String(), m.Requests().Last())
	}
}
