package compare

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"regexp"
	"sort"
	"strings"
	"time"
)

// target is one side of the comparison: a site, the application password of each login
// that takes part, and the ids its objects have there.
type target struct {
	name   string // "WordPress" or "mock", for messages
	api    string // REST root, ".../wp-json"
	site   string // site root, for the ?rest_route= form
	client *http.Client
	// passwords are application passwords by login.
	passwords map[string]string
	// ids are the values of the request templates' placeholders ({post}, {tag}, ...).
	ids map[string]string
	// unresolved says why a placeholder has no id here.
	unresolved map[string]string
	// created are the paths (under the REST root) of the objects the write rows made
	// here, in order; cleanup deletes them.
	created []string
}

func newTarget(name, api, site string) *target {
	return &target{
		name: name, api: strings.TrimRight(api, "/"), site: strings.TrimRight(site, "/"),
		client: &http.Client{
			Timeout: 20 * time.Second,
			// A redirect is an answer to compare, not something to follow.
			CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse },
		},
		passwords:  map[string]string{},
		ids:        map[string]string{},
		unresolved: map[string]string{},
	}
}

// response is one answer, its body decoded when it is JSON.
type response struct {
	status int
	header http.Header
	body   []byte
	json   any
	// jsonErr is set when the body should have been JSON and is not.
	jsonErr error
}

// code is the "code" of an error body, "" if there is none.
func (r *response) code() string {
	if m, ok := r.json.(map[string]any); ok {
		c, _ := m["code"].(string)
		return c
	}
	return ""
}

// summary is a short description of an answer for messages: status, error code or the
// start of the body.
func (r *response) summary() string {
	if c := r.code(); c != "" {
		return fmt.Sprintf("%d %s", r.status, c)
	}
	b := r.body
	if len(b) > 120 {
		b = append(b[:120:120], "..."...)
	}
	return fmt.Sprintf("%d %s", r.status, b)
}

// do sends one request as login ("" for anonymous). url is absolute.
func (tg *target) do(method, url, login string, header []string, body []byte) (*response, error) {
	var rd io.Reader
	if body != nil {
		rd = bytes.NewReader(body)
	}
	req, err := http.NewRequest(method, url, rd)
	if err != nil {
		return nil, err
	}
	for i := 0; i+1 < len(header); i += 2 {
		req.Header.Set(header[i], header[i+1])
	}
	if login != "" {
		pw, ok := tg.passwords[login]
		if !ok {
			return nil, fmt.Errorf("no application password for %q on %s", login, tg.name)
		}
		req.SetBasicAuth(login, pw)
	}
	resp, err := tg.client.Do(req)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		return nil, err
	}
	r := &response{status: resp.StatusCode, header: resp.Header, body: b}
	if len(b) > 0 && strings.HasPrefix(resp.Header.Get("Content-Type"), "application/json") {
		if err := json.Unmarshal(b, &r.json); err != nil {
			r.jsonErr = err
		}
	}
	return r, nil
}

// call sends a request under the REST root with an optional JSON body and returns the
// decoded answer; it is what preparation and id resolution use.
func (tg *target) call(method, path, login string, in any) (*response, error) {
	var body []byte
	var header []string
	if in != nil {
		var err error
		if body, err = json.Marshal(in); err != nil {
			return nil, err
		}
		header = []string{"Content-Type", "application/json"}
	}
	r, err := tg.do(method, tg.api+path, login, header, body)
	if err != nil {
		return nil, fmt.Errorf("%s %s on %s: %w", method, path, tg.name, err)
	}
	if r.jsonErr != nil {
		return nil, fmt.Errorf("%s %s on %s: body is not JSON: %v", method, path, tg.name, r.jsonErr)
	}
	return r, nil
}

// want2xx is call that fails unless the answer is a success.
func (tg *target) want2xx(method, path, login string, in any) (*response, error) {
	r, err := tg.call(method, path, login, in)
	if err != nil {
		return nil, err
	}
	if r.status/100 != 2 {
		return nil, fmt.Errorf("%s %s on %s: got %s", method, path, tg.name, r.summary())
	}
	return r, nil
}

// placeholder matches {name} in a request template: a lowercase letter, then
// lowercase letters and digits (so JSON bodies' {"key": ...} never match).
var placeholder = regexp.MustCompile(`\{([a-z][a-z0-9]*)\}`)

// expand fills a template's placeholders with this target's ids.
func (tg *target) expand(tmpl string) (string, error) {
	var missing []string
	out := placeholder.ReplaceAllStringFunc(tmpl, func(m string) string {
		name := m[1 : len(m)-1]
		id, ok := tg.ids[name]
		if !ok {
			reason := tg.unresolved[name]
			if reason == "" {
				reason = "no such placeholder"
			}
			missing = append(missing, fmt.Sprintf("{%s}: %s", name, reason))
		}
		return id
	})
	if len(missing) > 0 {
		sort.Strings(missing)
		return "", fmt.Errorf("cannot resolve on %s: %s", tg.name, strings.Join(missing, "; "))
	}
	return out, nil
}
