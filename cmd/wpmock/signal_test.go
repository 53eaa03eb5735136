//go:build unix

package main

import (
	"bufio"
	"errors"
	"os"
	"os/exec"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestMain runs the program itself when the test binary is started as wpmock (by
// TestSignalsExitZero), so the signal handling of main is tested, not a copy of it.
func TestMain(m *testing.M) {
	if os.Getenv("WPMOCK_TEST_RUN_MAIN") == "1" {
		os.Args = append([]string{"wpmock"}, strings.Fields(os.Getenv("WPMOCK_TEST_ARGS"))...)
		main()
		os.Exit(0)
	}
	os.Exit(m.Run())
}

// TestSignalsExitZero: SIGINT (Ctrl-C) and SIGTERM shut the server down gracefully and
// the process exits 0, so make, npm and process managers see a clean stop (issue 46:
// Ctrl-C on make run ended in "make: *** Error 1"); a mistyped flag exits 2 with one line.
func TestSignalsExitZero(t *testing.T) {
	for _, sig := range []syscall.Signal{syscall.SIGINT, syscall.SIGTERM} {
		cmd := exec.Command(os.Args[0])
		cmd.Env = append(os.Environ(), "WPMOCK_TEST_RUN_MAIN=1",
			"WPMOCK_TEST_ARGS=-port 0 -quiet -posts 2 -users 2 -terms 2 -media 0 -ready-json")
		out, err := cmd.StdoutPipe()
		if err != nil {
			t.Fatal(err)
		}
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		lines := bufio.NewScanner(out)
		for lines.Scan() && !strings.HasPrefix(lines.Text(), "{") {
		}
		if err := cmd.Process.Signal(sig); err != nil {
			t.Fatal(err)
		}
		var last string
		for lines.Scan() {
			last = lines.Text()
		}
		done := make(chan error, 1)
		go func() { done <- cmd.Wait() }()
		select {
		case err := <-done:
			if err != nil || last != "wpmock: stopped" {
				t.Errorf("%v: exited with %v after %q, want status 0 after wpmock: stopped", sig, err, last)
			}
		case <-time.After(15 * time.Second):
			cmd.Process.Kill()
			t.Fatalf("%v: still running 15 s later", sig)
		}
	}
	cmd := exec.Command(os.Args[0])
	cmd.Env = append(os.Environ(), "WPMOCK_TEST_RUN_MAIN=1", "WPMOCK_TEST_ARGS=-sed 1")
	stderr, err := cmd.CombinedOutput()
	var exit *exec.ExitError
	if !errors.As(err, &exit) || exit.ExitCode() != 2 || string(stderr) != "wpmock: unknown flag -sed; did you mean -seed? (wpmock -h lists them)\n" {
		t.Errorf("wpmock -sed 1: exit %v, printed %q; want 2 and one line", err, stderr)
	}
}
