package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/wpmock/wpmock/fixtures"
)

// persistedSite exports a tiny generated site to a file and returns its path, and
// the flags that serve it with -persist.
func persistedSite(t *testing.T) (path string, flags []string) {
	t.Helper()
	path = filepath.Join(t.TempDir(), "site.json")
	if _, err := run(t, "-posts", "2", "-users", "2", "-terms", "2", "-media", "0", "-export", path); err != nil {
		t.Fatal(err)
	}
	return path, []string{"-addr", "127.0.0.1:0", "-quiet", "-auth", "open", "-data", path, "-persist"}
}

// postJSON sends body to a REST route of the site at url and returns the status
// and the decoded answer.
func postJSON(t *testing.T, url, route, body string) (int, map[string]any) {
	t.Helper()
	resp, err := http.Post(url+"/wp-json"+route, "application/json", strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var out map[string]any
	b, _ := io.ReadAll(resp.Body)
	if err := json.Unmarshal(b, &out); err != nil {
		t.Fatalf("POST %s: %v\n%s", route, err, b)
	}
	return resp.StatusCode, out
}

// postTitles are the titles of the posts (type post) in the dataset file.
func postTitles(t *testing.T, path string) []string {
	t.Helper()
	ds, err := fixtures.LoadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var titles []string
	for _, p := range ds.Posts {
		if p.Type == "post" {
			titles = append(titles, p.Title)
		}
	}
	return titles
}

// TestPersist: with -data FILE -persist, a post created over HTTP is in FILE a moment
// later, one created just before shutdown is in it after shutdown, and a restart
// with -data FILE serves both (issue 16: json-server users expect their db.json to
// keep what the frontend created).
func TestPersist(t *testing.T) {
	path, flags := persistedSite(t)
	m, stop := startMain(t, flags...)
	if status, _ := postJSON(t, m.URL, "/wp/v2/posts", `{"title":"Written a second later","status":"publish"}`); status != http.StatusCreated {
		t.Fatalf("create: got %d, want 201", status)
	}
	deadline := time.Now().Add(PersistDelay + 5*time.Second)
	for !slices.Contains(postTitles(t, path), "Written a second later") {
		if time.Now().After(deadline) {
			t.Fatalf("%s has no new post %s after the change: %q", path, PersistDelay+5*time.Second, postTitles(t, path))
		}
		time.Sleep(50 * time.Millisecond)
	}
	status, created := postJSON(t, m.URL, "/wp/v2/posts", `{"title":"Written on shutdown","status":"publish"}`)
	if status != http.StatusCreated {
		t.Fatalf("create: got %d, want 201", status)
	}
	if err := stop(); err != nil {
		t.Fatal(err)
	}
	if got := postTitles(t, path); !slices.Contains(got, "Written a second later") || !slices.Contains(got, "Written on shutdown") {
		t.Errorf("after shutdown %s has posts %q, want both new ones", path, got)
	}

	// a restart from the file serves the post, with the id it was created with
	m, _ = startMain(t, "-addr", "127.0.0.1:0", "-quiet", "-data", path)
	id, _ := created["id"].(float64)
	resp, err := http.Get(fmt.Sprintf("%s/wp-json/wp/v2/posts/%d", m.URL, int(id)))
	if err != nil {
		t.Fatal(err)
	}
	b, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK || !bytes.Contains(b, []byte(`"rendered":"Written on shutdown"`)) {
		t.Errorf("after a restart, post %d: got %d %s", int(id), resp.StatusCode, b)
	}
}

// TestPersistOnlyChanges: requests that change nothing (a refused write, reads) leave
// the file alone: it is not even rewritten with the same content.
func TestPersistOnlyChanges(t *testing.T) {
	path, flags := persistedSite(t)
	before, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	m, stop := startMain(t, flags...)
	if status, out := postJSON(t, m.URL, "/wp/v2/posts", `{"title":"refused","status":"nonsense"}`); status != http.StatusBadRequest {
		t.Fatalf("bad create: got %d %v, want 400", status, out)
	}
	if resp, err := http.Get(m.URL + "/wp-json/wp/v2/posts"); err != nil {
		t.Fatal(err)
	} else {
		resp.Body.Close()
	}
	time.Sleep(PersistDelay + 200*time.Millisecond)
	if err := stop(); err != nil {
		t.Fatal(err)
	}
	after, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	if !os.SameFile(before, after) || !after.ModTime().Equal(before.ModTime()) {
		t.Errorf("%s was rewritten though nothing changed", path)
	}
}

// TestPersistNeedsData: -persist alone is refused, naming -data.
func TestPersistNeedsData(t *testing.T) {
	m := &Main{Stdout: io.Discard, Stderr: io.Discard}
	if err := m.ParseFlags([]string{"-persist"}); err == nil || !strings.Contains(err.Error(), "-data FILE") {
		t.Errorf("-persist without -data: got %v, want an error naming -data FILE", err)
	}
	t.Setenv("WPMOCK_PERSIST", "1")
	if err := m.ParseFlags(nil); err == nil || !strings.Contains(err.Error(), "-data FILE") {
		t.Errorf("WPMOCK_PERSIST=1 without -data: got %v, want an error naming -data FILE", err)
	}
}
