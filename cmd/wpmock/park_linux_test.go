package main

import (
	"bufio"
	"fmt"
	"io"
	"net"
	"net/http"
	"strings"
	"testing"
	"time"
)

// testGrace is the grace of the parking tests' servers.
const testGrace = 50 * time.Millisecond

// startParking runs wpmock (a tiny site) parking connections idle for testGrace.
func startParking(t *testing.T, flags ...string) (m *Main, stop func() error) {
	t.Helper()
	args := append([]string{"-addr", "127.0.0.1:0", "-quiet", "-posts", "2", "-users", "2", "-terms", "2", "-media", "0"}, flags...)
	return runMain(t, &Main{Stdout: io.Discard, Stderr: io.Discard, idleGrace: testGrace}, args...)
}

// waitParked waits until n connections are parked, failing after 3 seconds.
func waitParked(t *testing.T, m *Main, n int) {
	t.Helper()
	for deadline := time.Now().Add(3 * time.Second); m.parker.count() != n; time.Sleep(10 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("%d connections parked, want %d", m.parker.count(), n)
		}
	}
}

// dialServer opens a connection to m's server, closed when the test ends.
func dialServer(t *testing.T, m *Main) (net.Conn, *bufio.Reader) {
	t.Helper()
	c, err := net.Dial("tcp", strings.TrimPrefix(m.URL, "http://"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	return c, bufio.NewReader(c)
}

const getPosts = "GET /wp-json/wp/v2/posts HTTP/1.1\r\nHost: x\r\n\r\n"

// get sends req on c and reads its answer, which must be a 200 on a kept-alive
// connection.
func get(t *testing.T, c net.Conn, br *bufio.Reader, req string) string {
	t.Helper()
	if _, err := io.WriteString(c, req); err != nil {
		t.Fatal(err)
	}
	resp, body := readResponse(t, c, br, 5*time.Second)
	if resp.StatusCode != http.StatusOK || resp.Close {
		t.Fatalf("got %d (close %v) %.200s, want 200 on a kept-alive connection", resp.StatusCode, resp.Close, body)
	}
	return body
}

// TestIdleConnParked pins issue 14: an idle keep-alive connection held a goroutine
// and 8 KiB of buffers. Past the grace it is parked, and its next request is answered
// on the same TCP connection as if it never had been.
func TestIdleConnParked(t *testing.T) {
	m, _ := startParking(t)
	c, br := dialServer(t, m)
	first := get(t, c, br, getPosts)
	waitParked(t, m, 1)
	if second := get(t, c, br, getPosts); second != first {
		t.Errorf("after parking got %.200s, want %.200s", second, first)
	}
	waitParked(t, m, 1) // parked again
}

// TestBusyConnNotParked: a client that sends its next request within the grace keeps
// its connection served as before.
func TestBusyConnNotParked(t *testing.T) {
	m, _ := startParking(t)
	c, br := dialServer(t, m)
	for range 20 {
		get(t, c, br, getPosts)
		if n := m.parker.count(); n != 0 {
			t.Fatalf("%d connections parked while busy", n)
		}
	}
}

// TestParkedIdleTimeout: a parked connection is closed once idle past -idle-timeout.
func TestParkedIdleTimeout(t *testing.T) {
	m, _ := startParking(t, "-idle-timeout", "1s")
	c, br := dialServer(t, m)
	start := time.Now()
	get(t, c, br, getPosts)
	waitParked(t, m, 1)
	waitClosed(t, c, br, 4*time.Second)
	if took := time.Since(start); took < 900*time.Millisecond {
		t.Errorf("closed after %s, want after the 1s idle timeout", took)
	}
	waitParked(t, m, 0)
}

// TestPipelinedNotLost: requests a client sends before reading the answers, whole or
// cut anywhere with a pause past the grace, are all answered: a connection is never
// parked with bytes of a request in net/http's buffer.
func TestPipelinedNotLost(t *testing.T) {
	m, _ := startParking(t)
	t.Run("two in one write", func(t *testing.T) {
		c, br := dialServer(t, m)
		if _, err := io.WriteString(c, getPosts+getPosts); err != nil {
			t.Fatal(err)
		}
		for i := range 2 {
			if resp, body := readResponse(t, c, br, 5*time.Second); resp.StatusCode != http.StatusOK {
				t.Errorf("answer %d: got %d %.200s", i+1, resp.StatusCode, body)
			}
		}
	})
	for _, cut := range []int{1, 3, 4, 20, len("GET /wp-json/wp/v2/posts HTTP/1.1\r\n")} {
		t.Run(fmt.Sprintf("second cut after %d bytes", cut), func(t *testing.T) {
			c, br := dialServer(t, m)
			if _, err := io.WriteString(c, getPosts+getPosts[:cut]); err != nil {
				t.Fatal(err)
			}
			if resp, body := readResponse(t, c, br, 5*time.Second); resp.StatusCode != http.StatusOK {
				t.Fatalf("first answer: got %d %.200s", resp.StatusCode, body)
			}
			time.Sleep(4 * testGrace)
			if n := m.parker.count(); n != 0 {
				t.Errorf("%d connections parked with a request begun", n)
			}
			if _, err := io.WriteString(c, getPosts[cut:]); err != nil {
				t.Fatal(err)
			}
			if resp, body := readResponse(t, c, br, 5*time.Second); resp.StatusCode != http.StatusOK {
				t.Errorf("second answer: got %d %.200s", resp.StatusCode, body)
			}
		})
	}
}

// TestParkedClientCloses: a parked connection the client closes is let go of.
func TestParkedClientCloses(t *testing.T) {
	m, _ := startParking(t)
	c, br := dialServer(t, m)
	get(t, c, br, getPosts)
	waitParked(t, m, 1)
	c.Close()
	waitParked(t, m, 0)
}

// TestShutdownClosesParked: shutting down closes parked connections at once.
func TestShutdownClosesParked(t *testing.T) {
	m, stop := startParking(t)
	c, br := dialServer(t, m)
	get(t, c, br, getPosts)
	waitParked(t, m, 1)
	if err := stop(); err != nil {
		t.Fatal(err)
	}
	waitClosed(t, c, br, time.Second)
	if n := m.parker.count(); n != 0 {
		t.Errorf("%d connections parked after shutdown", n)
	}
}

// TestParkedKeepsSlot: a parked connection is open, so it counts against -max-conns;
// once its client closes it, the next connection is served.
func TestParkedKeepsSlot(t *testing.T) {
	m, _ := startParking(t, "-max-conns", "1")
	first, br := dialServer(t, m)
	get(t, first, br, getPosts)
	waitParked(t, m, 1)

	second, br2 := dialServer(t, m)
	io.WriteString(second, getPosts)
	second.SetReadDeadline(time.Now().Add(500 * time.Millisecond))
	if _, err := second.Read(make([]byte, 1)); err == nil {
		t.Fatal("the second connection was served while the first was parked")
	}
	first.Close()
	if resp, _ := readResponse(t, second, br2, 5*time.Second); resp.StatusCode != http.StatusOK {
		t.Errorf("second connection after the first closed: got %d", resp.StatusCode)
	}
}
