package rest

import (
	"fmt"
	"io"
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

// TestStreamedBody: a Stream body reaches the client as written, in pieces (no
// Content-Length), and is held whole where the server must wrap it: _envelope,
// _jsonp, _pretty. A HEAD request gets no body.
func TestStreamedBody(t *testing.T) {
	s := &Server{}
	s.Register(&Route{Namespace: "t/v1", Pattern: "/t/v1/big", Endpoints: []*Endpoint{{
		Methods: Readable,
		Handler: func(*Request) (*Response, *Error) {
			return OK(Stream(func(w io.Writer) error {
				for i := 0; i < 3; i++ {
					if _, err := fmt.Fprintf(w, "%s{\"n\":%d}", map[bool]string{true: "[", false: ","}[i == 0], i); err != nil {
						return err
					}
				}
				_, err := io.WriteString(w, "]")
				return err
			})), nil
		},
	}}})
	get := func(method, target string) *httptest.ResponseRecorder {
		rec := httptest.NewRecorder()
		s.ServeHTTP(rec, httptest.NewRequest(method, target, nil))
		return rec
	}
	const list = `[{"n":0},{"n":1},{"n":2}]`
	for target, want := range map[string]string{
		"/wp-json/t/v1/big":           list,
		"/wp-json/t/v1/big?_envelope": `{"body":` + list + `,"status":200,"headers":{"Allow":"GET"}}`,
		"/wp-json/t/v1/big?_jsonp=f":  `/**/f(` + list + `)`,
		"/wp-json/t/v1/big?_pretty=1": "[\n    {\n        \"n\": 0\n    },\n    {\n        \"n\": 1\n    },\n    {\n        \"n\": 2\n    }\n]",
	} {
		rec := get(http.MethodGet, target)
		if rec.Code != http.StatusOK || rec.Body.String() != want {
			t.Errorf("GET %s: %d %q, want %q", target, rec.Code, rec.Body, want)
		}
	}
	if rec := get(http.MethodHead, "/wp-json/t/v1/big"); rec.Code != http.StatusOK || rec.Body.Len() != 0 {
		t.Errorf("HEAD: %d %q", rec.Code, rec.Body)
	}
}
