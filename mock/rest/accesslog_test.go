package rest

import (
	"bytes"
	"log"
	"net/http"
	"net/http/httptest"
	"regexp"
	"testing"
)

// TestAccessLog: one line per request names the caller and, for an error answer, the
// WordPress error code (issue 16: the log said only method, URI and status).
func TestAccessLog(t *testing.T) {
	var out bytes.Buffer
	s := &Server{
		Log: log.New(&out, "", 0),
		Auth: func(r *Request) (any, *Error) {
			if u, _, ok := r.HTTP.BasicAuth(); ok {
				return u, nil
			}
			return nil, nil
		},
		CallerName: func(c any) string { return c.(string) },
	}
	s.Register(&Route{Namespace: "t/v1", Pattern: "/t/v1/(?P<id>[\\d]+)", Endpoints: []*Endpoint{{
		Methods: Readable,
		Args:    []*Schema{Int("id")},
		Handler: func(r *Request) (*Response, *Error) {
			if r.Int("id") != 1 {
				return nil, Errorf(http.StatusNotFound, "rest_post_invalid_id", "Invalid post ID.")
			}
			return OK(Object{{"id", 1}}), nil
		},
	}}})
	for _, c := range []struct {
		path, user string
		want       string // the line without its time
	}{
		{"/wp-json/t/v1/9", "", `GET /wp-json/t/v1/9 404 rest_post_invalid_id user=-`},
		{"/wp-json/t/v1/1", "admin", `GET /wp-json/t/v1/1 200 user=admin`},
		{"/wp-json/t/v1/9", "editor", `GET /wp-json/t/v1/9 404 rest_post_invalid_id user=editor`},
		{"/wp-json/nothing", "", `GET /wp-json/nothing 404 rest_no_route user=-`},
		{"/wp-json/t/v1/1?_jsonp=a(b", "", `GET /wp-json/t/v1/1?_jsonp=a(b 400 rest_callback_invalid user=-`},
		{"/not-rest", "", `GET /not-rest 404 user=-`},
	} {
		out.Reset()
		req := httptest.NewRequest(http.MethodGet, c.path, nil)
		if c.user != "" {
			req.SetBasicAuth(c.user, "pw")
		}
		s.ServeHTTP(httptest.NewRecorder(), req)
		line := regexp.MustCompile(` [0-9.]+(µs|ms|s)\n$`).ReplaceAllString(out.String(), "")
		if line != c.want {
			t.Errorf("%s as %q: got log %q, want %q and a time", c.path, c.user, out.String(), c.want)
		}
	}
}
