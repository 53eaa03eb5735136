package main

import (
	"bytes"
	"context"
	"errors"
	"flag"
	"io"
	"net"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestOpenAPIFlag: wpmock -openapi prints the committed document.
func TestOpenAPIFlag(t *testing.T) {
	var out bytes.Buffer
	m := &Main{Stdout: &out, Stderr: io.Discard}
	if err := m.ParseFlags([]string{"-openapi"}); err != nil {
		t.Fatal(err)
	}
	if err := m.Run(context.Background()); err != nil {
		t.Fatal(err)
	}
	want, err := os.ReadFile(filepath.Join("..", "..", "fixtures", "openapi.json"))
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(out.Bytes(), want) {
		t.Errorf("wpmock -openapi differs from fixtures/openapi.json (%d bytes, want %d); regenerate it with go test ./mock -run TestOpenAPI -update",
			out.Len(), len(want))
	}
}

// TestHelpListsEnvironment: -h ends with every WPMOCK_* variable of envFlags, each
// with an example its flag accepts (issue 16: -h named no environment variables).
func TestHelpListsEnvironment(t *testing.T) {
	var help bytes.Buffer
	m := &Main{Stdout: io.Discard, Stderr: &help}
	if err := m.ParseFlags([]string{"-h"}); !errors.Is(err, flag.ErrHelp) {
		t.Fatalf("-h: got %v, want flag.ErrHelp", err)
	}
	_, env, ok := strings.Cut(help.String(), "\nEnvironment variables")
	if !ok {
		t.Fatalf("-h has no environment section:\n%s", help.String())
	}
	for _, e := range envFlags {
		if !strings.Contains(env, "  "+e.env+"="+e.example+" ") || !strings.Contains(env, " -"+e.flag+"\n") {
			t.Errorf("-h does not list %s=%s for -%s:\n%s", e.env, e.example, e.flag, env)
		}
		// the example is a value the flag takes (shell quotes aside)
		t.Setenv(e.env, strings.Trim(e.example, "'"))
	}
	t.Setenv("WPMOCK_DATA", "")    // -data and -seed do not go together
	t.Setenv("WPMOCK_PERSIST", "") // nor -persist without -data
	if err := (&Main{Stdout: io.Discard, Stderr: io.Discard}).ParseFlags(nil); err != nil {
		t.Errorf("the examples of -h, set together: %v", err)
	}
}

// TestVersionFlag: -version names the build and the WordPress versions.
func TestVersionFlag(t *testing.T) {
	got, err := run(t, "-version")
	if err != nil || !strings.HasPrefix(got, "wpmock devel") || !strings.Contains(got, "WordPress 6.1, 6.8, 7.1") {
		t.Errorf("-version: got %q %v, want wpmock devel... and WordPress 6.1, 6.8, 7.1", got, err)
	}
}

// TestReachableAddr: the banner's URL of a server listening on every interface (the
// container's 0.0.0.0:8080) is one a browser can open.
func TestReachableAddr(t *testing.T) {
	for _, c := range []struct{ listen, want string }{
		{"0.0.0.0:8080", "localhost:8080"},
		{"[::]:8080", "localhost:8080"},
		{"127.0.0.1:8080", "127.0.0.1:8080"},
		{"[::1]:8080", "[::1]:8080"},
	} {
		a, err := net.ResolveTCPAddr("tcp", c.listen)
		if err != nil {
			t.Fatal(err)
		}
		if got := reachableAddr(a); got != c.want {
			t.Errorf("%s: got %s, want %s", c.listen, got, c.want)
		}
	}
}
