package main

import (
	"io"
	"net/http"
	"slices"
	"testing"

	"github.com/wpmock/wpmock/mock/control"
)

// TestSitesWithPersist: under -persist, the file keeps the default site: a named
// site's writes never reach it, a snapshot lives in memory only, and a restore of the
// default site is a change, written back like any other.
func TestSitesWithPersist(t *testing.T) {
	path, flags := persistedSite(t)
	m, stop := startMain(t, flags...)
	if status, _ := postJSON(t, m.URL+"/sites/w1", "/wp/v2/posts", `{"title":"Only in w1","status":"publish"}`); status != http.StatusCreated {
		t.Fatalf("create in w1: got %d", status)
	}
	if status, _ := postJSON(t, m.URL, "/wpmock/v1/snapshots", `{"name":"start"}`); status != http.StatusOK {
		t.Fatalf("snapshot: got %d", status)
	}
	if status, _ := postJSON(t, m.URL, "/wp/v2/posts", `{"title":"Undone by the restore","status":"publish"}`); status != http.StatusCreated {
		t.Fatalf("create: got %d", status)
	}
	if status, _ := postJSON(t, m.URL, "/wpmock/v1/snapshots/start/restore", `{}`); status != http.StatusOK {
		t.Fatalf("restore: got %d", status)
	}
	if err := stop(); err != nil {
		t.Fatal(err)
	}
	titles := postTitles(t, path)
	if slices.Contains(titles, "Only in w1") || slices.Contains(titles, "Undone by the restore") {
		t.Errorf("%s after shutdown: got %q, want neither w1's post nor the one the restore undid", path, titles)
	}
	// a restart has no snapshots: they were in memory
	m, _ = startMain(t, flags...)
	resp, err := http.Get(m.URL + "/wp-json/wpmock/v1/snapshots")
	if err != nil {
		t.Fatal(err)
	}
	b, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if string(b) != "[]" {
		t.Errorf("snapshots after a restart: got %s, want []", b)
	}
}

// TestMaxSitesFlag: -max-sites (and WPMOCK_MAX_SITES) bounds the named sites; 0 is no
// bound.
func TestMaxSitesFlag(t *testing.T) {
	for _, c := range []struct {
		env  string
		args []string
		want int
	}{
		{"", nil, control.DefaultMaxSites},
		{"3", nil, 3},
		{"3", []string{"-max-sites", "5"}, 5},
		{"", []string{"-max-sites", "0"}, -1},
	} {
		t.Setenv("WPMOCK_MAX_SITES", c.env)
		m := &Main{Stdout: io.Discard, Stderr: io.Discard}
		if err := m.ParseFlags(c.args); err != nil {
			t.Fatal(err)
		}
		if m.Control.MaxSites != c.want {
			t.Errorf("WPMOCK_MAX_SITES=%s %v: got %d, want %d", c.env, c.args, m.Control.MaxSites, c.want)
		}
	}
	if err := (&Main{Stdout: io.Discard, Stderr: io.Discard}).ParseFlags([]string{"-max-sites", "-1"}); err == nil {
		t.Error("-max-sites -1: want an error")
	}
}
