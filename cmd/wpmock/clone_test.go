package main

import (
	"bytes"
	"context"
	"io"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"testing"

	"github.com/wpmock/wpmock/fixtures"
	"github.com/wpmock/wpmock/mock"
	"github.com/wpmock/wpmock/mock/control"
)

// TestCloneArguments: clone takes its flags and one URL; anything else is refused with
// its usage, and an unknown first word is still refused.
func TestCloneArguments(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string // "" parses
	}{
		{[]string{"clone", "-o", "site.json", "https://example.com"}, ""},
		{[]string{"clone", "-user", "admin", "-password", "abcd efgh", "-concurrency", "2", "-o", "s.json", "https://example.com/wp-json/"}, ""},
		{[]string{"clone", "https://example.com"}, "-o FILE is required"},
		{[]string{"clone", "-o", "s.json"}, "one URL"},
		{[]string{"clone", "-o", "s.json", "https://a", "https://b"}, "one URL"},
		{[]string{"clone", "-user", "admin", "-o", "s.json", "https://a"}, "go together"},
		{[]string{"-quiet", "clone", "-o", "s.json", "https://a"}, "unexpected argument"},
		{[]string{"clones", "https://a"}, "unexpected argument"},
	} {
		var stderr bytes.Buffer
		m := &Main{Stdout: io.Discard, Stderr: &stderr}
		err := m.ParseFlags(c.args)
		switch {
		case c.want == "" && (err != nil || m.clone == nil):
			t.Errorf("wpmock %s: got %v, want a clone", strings.Join(c.args, " "), err)
		case c.want != "" && (err == nil || !strings.Contains(err.Error(), c.want)):
			t.Errorf("wpmock %s: got %v, want %q", strings.Join(c.args, " "), err, c.want)
		}
	}
}

// TestCloneCommand clones a mock, then serves the copy from the file.
func TestCloneCommand(t *testing.T) {
	site, err := mock.New(mock.Options{Control: control.Mount, Dataset: fixtures.Example(), AdminAppPassword: "abcd EFGH 1234 ijkl MNOP 5678"})
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(site)
	defer srv.Close()
	out := filepath.Join(t.TempDir(), "site.json")
	var stdout bytes.Buffer
	m := &Main{Stdout: &stdout, Stderr: io.Discard}
	t.Setenv("WPMOCK_CLONE_USER", "admin")
	t.Setenv("WPMOCK_CLONE_PASSWORD", "abcd EFGH 1234 ijkl MNOP 5678")
	if err := m.ParseFlags([]string{"clone", "-o", out, srv.URL}); err != nil {
		t.Fatal(err)
	}
	if err := m.Run(context.Background()); err != nil {
		t.Fatalf("%v\n%s", err, stdout.String())
	}
	if !strings.Contains(stdout.String(), "as admin") || strings.Contains(stdout.String(), "could not read") {
		t.Errorf("report:\n%s", stdout.String())
	}
	served := &Main{Stdout: io.Discard, Stderr: io.Discard}
	if err := served.ParseFlags([]string{"-data", out, "-export", filepath.Join(t.TempDir(), "again.json")}); err != nil {
		t.Fatal(err)
	}
	if err := served.Run(context.Background()); err != nil {
		t.Errorf("serving the clone: %v", err)
	}
}

// TestCloneNothingRead: a URL with no WordPress behind it fails the command.
func TestCloneNothingRead(t *testing.T) {
	srv := httptest.NewServer(nil)
	defer srv.Close()
	m := &Main{Stdout: io.Discard, Stderr: io.Discard}
	if err := m.ParseFlags([]string{"clone", "-retries", "0", "-o", filepath.Join(t.TempDir(), "s.json"), srv.URL}); err != nil {
		t.Fatal(err)
	}
	if err := m.Run(context.Background()); err == nil || !strings.Contains(err.Error(), "no WordPress REST API") {
		t.Errorf("got %v, want no WordPress REST API found", err)
	}
}
