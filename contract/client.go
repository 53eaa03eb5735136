package contract

import (
	"bytes"
	"encoding/json"
	"fmt"
	"mime"
	"net/http"
	"sort"
	"strings"
	"unicode/utf8"

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
	res := &Result{Method: method, Path: path, Account: c.acc.name, ReqBody: body, ReqHeader: map[string]string{}, Header: http.Header{}}
	if c.acc.name == "admin" && c.acc.user == "" {
		t.Skipf("%s", needAdmin)
		return res
	}
	var transport []string
	e := httpexpect.WithConfig(httpexpect.Config{
		BaseURL:  s.cfg.URL,
		Client:   s.client,
		Reporter: httpexpect.ReporterFunc(func(msg string, args ...any) { transport = append(transport, fmt.Sprintf(msg, args...)) }),
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
		check(t, res, false, "suite/transport: the target answers every request (no connection error, no timeout)",
			"no answer: %s", oneLine(strings.Join(transport, "; "), 300))
		t.Fatalf("contract: the rest of this test cannot run without an answer")
		return res
	}
	res.Status = raw.StatusCode
	res.Header = raw.Header
	if method != http.MethodHead {
		res.Body = []byte(resp.Body().Raw())
	}
	if _, checking := t.(*counting); checking {
		s.hits.note(res) // a group's request: the coverage counts it
	}
	s.spec.check(t, res, s.siteEnumValue) // every response, against the OpenAPI document
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
	var note string
	if r.ReqBody != nil {
		ct, _, _ := mime.ParseMediaType(r.ReqHeader["Content-Type"])
		if isBinary(ct, r.ReqBody) || strings.HasPrefix(ct, "multipart/") {
			// a file: name it instead of printing its bytes
			file := "file"
			if _, p, err := mime.ParseMediaType(r.ReqHeader["Content-Disposition"]); err == nil && p["filename"] != "" {
				file = p["filename"]
			}
			fmt.Fprintf(&b, " --data-binary @%s", file)
			note = fmt.Sprintf("  # the body: %s, %d bytes", ct, len(r.ReqBody))
		} else {
			fmt.Fprintf(&b, " --data-binary '%s'", strings.ReplaceAll(clip(r.ReqBody, 300), "'", `'\''`))
		}
	}
	fmt.Fprintf(&b, " '%s%s'", s.cfg.URL, r.Path)
	return b.String() + note
}

// clip is b as text, cut to at most n bytes at a character boundary.
func clip(b []byte, n int) string {
	if len(b) <= n {
		return string(b)
	}
	for n > 0 && !utf8.RuneStart(b[n]) {
		n--
	}
	return string(b[:n]) + "…"
}

// isBinary says whether a body is a file rather than text: an image, audio, video or
// other opaque type, or bytes that are not UTF-8 text.
func isBinary(mediaType string, body []byte) bool {
	for _, p := range []string{"image/", "audio/", "video/", "font/"} {
		if strings.HasPrefix(mediaType, p) {
			return true
		}
	}
	switch mediaType {
	case "application/octet-stream", "application/pdf", "application/zip":
		return true
	}
	return !utf8.Valid(body) || bytes.IndexByte(body, 0) >= 0
}
