package main

import (
	"encoding/json"
	"net/http"
	"os"
	"path/filepath"
	"testing"

	"github.com/wpmock/wpmock/calls"
)

// TestRecordFlag: -record writes the calls clients made when wpmock shuts down, and
// none of the requests wpmock made itself while starting.
func TestRecordFlag(t *testing.T) {
	path := filepath.Join(t.TempDir(), "calls.json")
	m, stop := startMain(t, "-addr", "127.0.0.1:0", "-quiet", "-posts", "2", "-users", "2", "-terms", "2", "-media", "0", "-record", path)
	for _, p := range []string{"/wp-json/wp/v2/posts", "/wp-json/wp/v2/posts?per_page=1", "/wp-json/wp/v2/users/me"} {
		resp, err := http.Get(m.URL + p)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
	}
	if err := stop(); err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var f calls.File
	if err := json.Unmarshal(b, &f); err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, c := range f.Calls {
		got = append(got, c.Method+" "+c.Route+" "+c.Role)
	}
	if len(got) != 3 || got[0] != "GET /wp/v2/posts anonymous" || got[2] != "GET /wp/v2/users/me anonymous" {
		t.Errorf("recorded %q", got)
	}
}
