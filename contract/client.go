package contract

import (
	"encoding/json"
	"fmt"
	"net/http"
	"sort"
	"strings"

	"github.com/gavv/httpexpect/v2"
)

// account is who a request acts as.
type account struct {
	name           string // anonymous, admin, editor, ...
	user, password string
	id             int // the user's id, once known
}

var anonymous = &account{name: "anonymous"}

// admin is the configured administrator.
func (s *Suite) admin() *account {
	return &account{name: "admin", user: s.cfg.User, password: s.cfg.Password}
}

// client sends requests as one account.
type client struct {
	s   *Suite
	acc *account
}

func (s *Suite) as(acc *account) *client { return &client{s: s, acc: acc} }

// Result is one exchange with the target.
type Result struct {
	Method, Path string // Path is relative to the API root, query included
	Account      string
	ReqHeader    map[string]string
	ReqBody      []byte
	Status       int
	Header       http.Header
	Body         []byte

	decoded bool
	json    any
	jsonErr error
	user    string
	curl    string
}

// JSON is the decoded body (nil when it is not JSON).
func (r *Result) JSON() any {
	if !r.decoded {
		r.decoded = true
		if len(r.Body) > 0 {
			r.jsonErr = json.Unmarshal(r.Body, &r.json)
		}
	}
	return r.json
}

func (r *Result) object() map[string]any {
	m, _ := r.JSON().(map[string]any)
	return m
}

func (r *Result) list() []any {
	l, _ := r.JSON().([]any)
	return l
}

// code is the error code of an error body.
func (r *Result) code() string {
	c, _ := r.object()["code"].(string)
	return c
}

// Curl is the request as a curl command line, with the password masked.
func (r *Result) Curl() string { return r.curl }

func (c *client) get(t T, path string) *Result { return c.do(t, http.MethodGet, path, nil) }

// send sends body as JSON.
func (c *client) send(t T, method, path string, body any) *Result {
	b, err := json.Marshal(body)
	if err != nil {
		t.Fatalf("contract: encoding a request body: %v", err)
	}
	return c.do(t, method, path, b, "Content-Type", "application/json")
}

// do sends a request through httpexpect; header is a list of name, value pairs.
func (c *client) do(t T, method, path string, body []byte, header ...string) *Result {
	t.Helper()
	s := c.s
	res := &Result{Method: method, Path: path, Account: c.acc.name, ReqBody: body, ReqHeader: map[string]string{}}
	e := httpexpect.WithConfig(httpexpect.Config{
		BaseURL:  s.cfg.URL,
		Client:   s.client,
		Reporter: httpexpect.ReporterFunc(func(msg string, args ...any) { t.Errorf("transport: "+msg, args...) }),
	})
	route, query, _ := strings.Cut(path, "?")
	req := e.Request(method, escapeBraces(route)).WithRedirectPolicy(httpexpect.DontFollowRedirects)
	if query != "" {
		req = req.WithQueryString(query)
	}
	for i := 0; i+1 < len(header); i += 2 {
		req = req.WithHeader(header[i], header[i+1])
		res.ReqHeader[header[i]] = header[i+1]
	}
	if c.acc.user != "" {
		req = req.WithBasicAuth(c.acc.user, c.acc.password)
		res.user = c.acc.user
	}
	if body != nil {
		req = req.WithBytes(body)
	}
	resp := req.Expect()
	raw := resp.Raw()
	res.curl = s.curlLine(res)
	if raw == nil {
		t.Fatalf("contract: %s: no response", res.curl)
		return res
	}
	res.Status = raw.StatusCode
	res.Header = raw.Header
	if method != http.MethodHead {
		res.Body = []byte(resp.Body().Raw())
	}
	s.spec.check(t, res) // every response, against the OpenAPI document
	return res
}

// escapeBraces keeps httpexpect from reading {x} in a path as a template.
func escapeBraces(p string) string {
	return strings.NewReplacer("{", "%7B", "}", "%7D").Replace(p)
}

// curlLine prints a request so a person can replay it; the password is masked.
func (s *Suite) curlLine(r *Result) string {
	var b strings.Builder
	b.WriteString("curl -i")
	if r.Method != http.MethodGet {
		if r.Method == http.MethodHead {
			b.WriteString(" -I")
		} else {
			b.WriteString(" -X " + r.Method)
		}
	}
	if r.user != "" {
		fmt.Fprintf(&b, " -u '%s:****'", r.user)
	}
	keys := make([]string, 0, len(r.ReqHeader))
	for k := range r.ReqHeader {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		fmt.Fprintf(&b, " -H '%s: %s'", k, r.ReqHeader[k])
	}
	if r.ReqBody != nil {
		body := string(r.ReqBody)
		if len(body) > 300 {
			body = body[:300] + "…"
		}
		fmt.Fprintf(&b, " --data-binary '%s'", strings.ReplaceAll(body, "'", `'\''`))
	}
	fmt.Fprintf(&b, " '%s%s'", s.cfg.URL, r.Path)
	return b.String()
}

func clip(b []byte, n int) string {
	if len(b) > n {
		return string(b[:n]) + "…"
	}
	return string(b)
}
