package rest

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

// TestPanicBecomesEnvelope: a failing handler answers 500 in WordPress's envelope and
// the server keeps serving.
func TestPanicBecomesEnvelope(t *testing.T) {
	s := &Server{}
	s.Register(&Route{Namespace: "t/v1", Pattern: "/t/v1/boom", Endpoints: []*Endpoint{{
		Methods: Readable,
		Handler: func(*Request) (*Response, *Error) { panic("boom") },
	}}})
	rec := httptest.NewRecorder()
	s.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/wp-json/t/v1/boom", nil))
	if rec.Code != http.StatusInternalServerError || !strings.Contains(rec.Body.String(), `"code":"internal_server_error"`) ||
		!strings.Contains(rec.Body.String(), `"data":{"status":500}`) {
		t.Errorf("got %d %s", rec.Code, rec.Body)
	}
}

// TestValidationOrder: required before invalid, has_valid_params arguments alone when
// they fail, invalid JSON first of all.
func TestValidationOrder(t *testing.T) {
	s := &Server{}
	s.Register(&Route{Namespace: "t/v1", Pattern: "/t/v1/x", Endpoints: []*Endpoint{{
		Methods: Creatable,
		Args:    []*Schema{Str("name").Req(), Int("n").Checked(), Str("order").OneOfEnum("asc")},
		Handler: func(r *Request) (*Response, *Error) { return OK(r.String("name")), nil },
	}}})
	do := func(query, ct, body string) string {
		req := httptest.NewRequest(http.MethodPost, "/wp-json/t/v1/x"+query, strings.NewReader(body))
		if ct != "" {
			req.Header.Set("Content-Type", ct)
		}
		rec := httptest.NewRecorder()
		s.ServeHTTP(rec, req)
		return rec.Body.String()
	}
	for _, c := range []struct{ query, ct, body, want string }{
		{"?n=x&order=no", "", "", `"code":"rest_missing_callback_param","message":"Missing parameter(s): name","data":{"status":400,"params":["name"]}`},
		{"?name=a&n=x&order=no", "", "", `"params":{"n":"n is not of type integer."}`},
		{"?name=a&order=no", "", "", `"params":{"order":"order is not asc."}`},
		{"", "application/json", "{bad", `"code":"rest_invalid_json"`},
		{"?name=query", "application/json", `{"name":"json"}`, `"json"`},
		{"?name=query", "application/x-www-form-urlencoded", `name=form`, `"form"`},
	} {
		if got := do(c.query, c.ct, c.body); !strings.Contains(got, c.want) {
			t.Errorf("POST %s %s: got %s, want it to contain %s", c.query, c.body, got, c.want)
		}
	}
}
