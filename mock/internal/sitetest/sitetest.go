// Package sitetest sends the requests the tests of mock and mock/control send to a
// served site: one helper for both, as neither package's tests can import the other's.
package sitetest

import (
	"encoding/json"
	"io"
	"net/http"
	"strings"
	"testing"
)

// Reply is a response, its body decoded when it is JSON.
type Reply struct {
	Status int
	Header http.Header
	Body   []byte
	JSON   any
}

// Do sends method to url (with header's name, value pairs), as user with password
// when user is not "" (basic auth, as application passwords are sent).
func Do(t testing.TB, method, url, user, password string, body io.Reader, header ...string) Reply {
	t.Helper()
	req, err := http.NewRequest(method, url, body)
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i+1 < len(header); i += 2 {
		req.Header.Set(header[i], header[i+1])
	}
	if user != "" {
		req.SetBasicAuth(user, password)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	r := Reply{Status: resp.StatusCode, Header: resp.Header, Body: b}
	if len(b) > 0 && strings.HasPrefix(resp.Header.Get("Content-Type"), "application/json") {
		if err := json.Unmarshal(b, &r.JSON); err != nil {
			t.Fatalf("%s %s: body is not JSON: %v\n%s", method, url, err, b)
		}
	}
	return r
}
