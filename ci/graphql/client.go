package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strings"
	"time"
)

// site is one side the tool talks to: a real WordPress with WPGraphQL, or the mock. Both
// serve the REST API beside /graphql; the tool reads and seeds through REST, as ci/compare
// does, and logs in as WordPress's REST clients do, with an application password.
type site struct {
	base      string            // http://127.0.0.1:8643, no trailing slash
	passwords map[string]string // application passwords by login
	client    *http.Client
}

func newSite(base string) *site {
	return &site{base: strings.TrimRight(base, "/"), passwords: map[string]string{},
		client: &http.Client{Timeout: 60 * time.Second}}
}

// answer is what came back: the status, the Content-Type and the body as sent.
type answer struct {
	status      int
	contentType string
	body        []byte
}

// do sends one request as login ("" for anonymous) and reads the whole answer.
func (s *site) do(method, url, login string, header map[string]string, body []byte) (*answer, error) {
	var rd io.Reader
	if body != nil {
		rd = bytes.NewReader(body)
	}
	req, err := http.NewRequest(method, url, rd)
	if err != nil {
		return nil, err
	}
	for k, v := range header {
		req.Header.Set(k, v)
	}
	if login != "" {
		pw, ok := s.passwords[login]
		if !ok {
			return nil, fmt.Errorf("no application password for %q on %s", login, s.base)
		}
		req.SetBasicAuth(login, pw)
	}
	resp, err := s.client.Do(req)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		return nil, err
	}
	return &answer{status: resp.StatusCode, contentType: resp.Header.Get("Content-Type"), body: b}, nil
}

// rest sends a REST request as login with a JSON body (nil for none) and decodes the
// JSON answer; a status other than 2xx is an error that quotes the answer.
func (s *site) rest(method, route, login string, body any) (any, error) {
	var raw []byte
	header := map[string]string{}
	if body != nil {
		var err error
		if raw, err = json.Marshal(body); err != nil {
			return nil, err
		}
		header["Content-Type"] = "application/json"
	}
	a, err := s.do(method, s.base+"/wp-json"+route, login, header, raw)
	if err != nil {
		return nil, fmt.Errorf("%s %s: %w", method, route, err)
	}
	if a.status < 200 || a.status > 299 {
		return nil, fmt.Errorf("%s %s: %d %s", method, route, a.status, clip(a.body, 300))
	}
	var v any
	if err := json.Unmarshal(a.body, &v); err != nil {
		return nil, fmt.Errorf("%s %s: %w", method, route, err)
	}
	return v, nil
}

// id is the "id" of a REST object.
func id(v any) int {
	m, _ := v.(map[string]any)
	f, _ := m["id"].(float64)
	return int(f)
}

func clip(b []byte, n int) string {
	if len(b) > n {
		return string(b[:n]) + "..."
	}
	return string(b)
}
