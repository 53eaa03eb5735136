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

// TestMistakesAreOneLine: a mistaken command line prints nothing itself and is
// explained in one line, which main prints before exiting 2 (issue 46: a mistyped
// flag printed its error and 104 lines of usage, with no suggestion).
func TestMistakesAreOneLine(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"-sed", "1"}, "unknown flag -sed; did you mean -seed? (wpmock -h lists them)"},
		{[]string{"-prot", "3000"}, "unknown flag -prot; did you mean -port? (wpmock -h lists them)"},
		{[]string{"-posts", "many"}, `-posts "many": want a whole number, such as 50`},
		{[]string{"-port", "http"}, `-port "http": want a port from 0 (one the system picks) to 65535`},
		{[]string{"-addr", "localhost"}, "-addr localhost: want host:port (127.0.0.1:8080), :port (every interface) or a port (8080)"},
		{[]string{"-fault-rate", "2"}, `-fault-rate "2": want a number from 0 to 1, such as 0.05`},
		{[]string{"clone", "-usr", "admin"}, "unknown flag -usr; did you mean -user? (wpmock clone -h lists them)"},
		{[]string{"clone", "-concurrency", "x", "http://x"}, `-concurrency "x": want a whole number, such as 4`},
	} {
		var stderr bytes.Buffer
		err := (&Main{Stdout: io.Discard, Stderr: &stderr}).ParseFlags(c.args)
		if err == nil || err.Error() != c.want {
			t.Errorf("wpmock %s: got %v, want %s", strings.Join(c.args, " "), err, c.want)
		}
		if stderr.Len() > 0 {
			t.Errorf("wpmock %s printed besides its one line:\n%s", strings.Join(c.args, " "), stderr.String())
		}
	}
	t.Setenv("WPMOCK_PORT", "eighty")
	if err := (&Main{Stdout: io.Discard, Stderr: io.Discard}).ParseFlags(nil); err == nil || err.Error() != "WPMOCK_PORT=eighty: want a port from 0 (one the system picks) to 65535" {
		t.Errorf("WPMOCK_PORT=eighty: got %v", err)
	}
}

// TestListenAddress: -port and a port alone for -addr, as dev servers take them
// (issue 46: -addr 32087 said "missing port in address" and there was no -port).
func TestListenAddress(t *testing.T) {
	for _, c := range []struct {
		args []string
		env  string // WPMOCK_PORT
		want string
	}{
		{nil, "", "127.0.0.1:8080"},
		{[]string{"-addr", "32087"}, "", "127.0.0.1:32087"},
		{[]string{"-port", "3000"}, "", "127.0.0.1:3000"},
		{[]string{"-port", "0"}, "", "127.0.0.1:0"},
		{[]string{"-addr", "0.0.0.0:8080", "-port", "9000"}, "", "0.0.0.0:9000"},
		{[]string{"-addr", ":8080"}, "", ":8080"},
		{[]string{"-addr", "[::1]:80"}, "", "[::1]:80"},
		{nil, "4000", "127.0.0.1:4000"},
		{[]string{"-port", "5000"}, "4000", "127.0.0.1:5000"},
		// an address on the command line wins over the environment's port
		{[]string{"-addr", "127.0.0.1:9000"}, "4000", "127.0.0.1:9000"},
		{[]string{"-addr", "9000"}, "4000", "127.0.0.1:9000"},
	} {
		t.Setenv("WPMOCK_PORT", c.env)
		m := &Main{Stdout: io.Discard, Stderr: io.Discard}
		if err := m.ParseFlags(c.args); err != nil || m.Addr != c.want {
			t.Errorf("wpmock %s (WPMOCK_PORT=%s): listens on %q (%v), want %s", strings.Join(c.args, " "), c.env, m.Addr, err, c.want)
		}
	}
	t.Setenv("WPMOCK_ADDR", "0.0.0.0:8080")
	t.Setenv("WPMOCK_PORT", "3000")
	if m := (&Main{Stdout: io.Discard, Stderr: io.Discard}); m.ParseFlags(nil) != nil || m.Addr != "0.0.0.0:3000" {
		t.Errorf("WPMOCK_ADDR=0.0.0.0:8080 WPMOCK_PORT=3000: listens on %q, want 0.0.0.0:3000", m.Addr)
	}
}
