package main

import (
	"bufio"
	"context"
	"errors"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"
)

// startServer runs wpmock on 127.0.0.1:0 with the given flags (a tiny generated site)
// and returns its host:port; it stops when the test ends.
func startServer(t *testing.T, flags ...string) string {
	t.Helper()
	args := append([]string{"-addr", "127.0.0.1:0", "-quiet", "-posts", "2", "-users", "2", "-terms", "2", "-media", "0"}, flags...)
	m, _ := startMain(t, args...)
	return strings.TrimPrefix(m.URL, "http://")
}

// startMain runs wpmock with exactly these flags until stop is called (it returns
// Run's error) or the test ends.
func startMain(t *testing.T, args ...string) (m *Main, stop func() error) {
	t.Helper()
	return runMain(t, &Main{Stdout: io.Discard, Stderr: io.Discard}, args...)
}

// runMain runs m (built by the test) with these flags, as startMain does.
func runMain(t *testing.T, m *Main, args ...string) (_ *Main, stop func() error) {
	t.Helper()
	m.ready = make(chan struct{})
	if err := m.ParseFlags(args); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- m.Run(ctx) }()
	select {
	case <-m.ready:
	case err := <-done:
		cancel()
		t.Fatalf("wpmock stopped: %v", err)
	}
	var once sync.Once
	var err error
	stop = func() error {
		once.Do(func() {
			cancel()
			err = <-done
		})
		return err
	}
	t.Cleanup(func() {
		if err := stop(); err != nil {
			t.Errorf("Run: %v", err)
		}
	})
	return m, stop
}

// readResponse reads one response from c, waiting at most d.
func readResponse(t *testing.T, c net.Conn, br *bufio.Reader, d time.Duration) (*http.Response, string) {
	t.Helper()
	c.SetReadDeadline(time.Now().Add(d))
	resp, err := http.ReadResponse(br, nil)
	if err != nil {
		t.Fatalf("no response within %s: %v", d, err)
	}
	b, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	return resp, string(b)
}

// waitClosed reports how long the server took to close c (a read returns EOF),
// failing after d.
func waitClosed(t *testing.T, c net.Conn, br *bufio.Reader, d time.Duration) time.Duration {
	t.Helper()
	start := time.Now()
	c.SetReadDeadline(start.Add(d))
	_, err := br.ReadByte()
	var ne net.Error
	if errors.As(err, &ne) && ne.Timeout() {
		t.Fatalf("connection still open after %s", d)
	}
	if err == nil {
		t.Fatal("unexpected data instead of a close")
	}
	return time.Since(start)
}

// TestSlowClientsAreCut pins issue 15: only a header timeout was set, so a client
// sending its body a byte a second, or never, held a connection (and a goroutine)
// for as long as it liked, as did an idle kept-alive connection.
func TestSlowClientsAreCut(t *testing.T) {
	addr := startServer(t, "-body-timeout", "2s", "-idle-timeout", "1s", "-read-header-timeout", "1s")
	const post = "POST /wp-json/wp/v2/posts HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n"

	t.Run("body a byte a second", func(t *testing.T) {
		c, err := net.Dial("tcp", addr)
		if err != nil {
			t.Fatal(err)
		}
		defer c.Close()
		start := time.Now()
		if _, err := io.WriteString(c, post); err != nil {
			t.Fatal(err)
		}
		stop := make(chan struct{})
		defer close(stop)
		go func() { // a byte a second, never finishing in time
			for {
				select {
				case <-stop:
					return
				case <-time.After(time.Second):
					if _, err := c.Write([]byte("{")); err != nil {
						return
					}
				}
			}
		}()
		br := bufio.NewReader(c)
		resp, body := readResponse(t, c, br, 6*time.Second)
		if took := time.Since(start); took < 1500*time.Millisecond || took > 4*time.Second {
			t.Errorf("cut after %s, want about the 2s body timeout", took)
		}
		if resp.StatusCode != http.StatusRequestTimeout || !strings.Contains(body, `"code":"rest_body_timeout"`) {
			t.Errorf("got %d %s, want 408 rest_body_timeout", resp.StatusCode, body)
		}
		waitClosed(t, c, br, 3*time.Second)
	})

	t.Run("body never sent", func(t *testing.T) {
		c, err := net.Dial("tcp", addr)
		if err != nil {
			t.Fatal(err)
		}
		defer c.Close()
		start := time.Now()
		io.WriteString(c, post)
		br := bufio.NewReader(c)
		resp, _ := readResponse(t, c, br, 6*time.Second)
		if took := time.Since(start); took > 4*time.Second || resp.StatusCode != http.StatusRequestTimeout {
			t.Errorf("got %d after %s, want 408 after about 2s", resp.StatusCode, took)
		}
		waitClosed(t, c, br, 3*time.Second)
	})

	t.Run("idle keep-alive", func(t *testing.T) {
		c, err := net.Dial("tcp", addr)
		if err != nil {
			t.Fatal(err)
		}
		defer c.Close()
		io.WriteString(c, "GET /wp-json/wp/v2/posts HTTP/1.1\r\nHost: x\r\n\r\n")
		br := bufio.NewReader(c)
		if resp, _ := readResponse(t, c, br, 5*time.Second); resp.StatusCode != http.StatusOK || resp.Close {
			t.Fatalf("got %d (close %v), want 200 on a kept-alive connection", resp.StatusCode, resp.Close)
		}
		if took := waitClosed(t, c, br, 4*time.Second); took < 500*time.Millisecond {
			t.Errorf("closed after %s, want about the 1s idle timeout", took)
		}
	})

	t.Run("headers never finished", func(t *testing.T) {
		c, err := net.Dial("tcp", addr)
		if err != nil {
			t.Fatal(err)
		}
		defer c.Close()
		io.WriteString(c, "GET /wp-json/ HTTP/1.1\r\nHost: x\r\n")
		waitClosed(t, c, bufio.NewReader(c), 4*time.Second)
	})
}

// TestBodyLimits: a body declared over -max-body is refused before it is read, and the
// request line and headers are bounded by -max-header-bytes (Go adds 4 KB of slack).
func TestBodyLimits(t *testing.T) {
	addr := startServer(t, "-max-body", "1000", "-max-header-bytes", "4096")
	c, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	io.WriteString(c, "POST /wp-json/wp/v2/posts HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000000\r\n\r\n")
	resp, body := readResponse(t, c, bufio.NewReader(c), 5*time.Second)
	if resp.StatusCode != http.StatusRequestEntityTooLarge || !strings.Contains(body, `"code":"rest_body_too_large"`) {
		t.Errorf("declared 1000000 bytes: got %d %s, want 413 rest_body_too_large", resp.StatusCode, body)
	}
	long, err := http.Get("http://" + addr + "/wp-json/wp/v2/posts?include=" + strings.Repeat("1,", 10000))
	if err != nil {
		t.Fatal(err)
	}
	long.Body.Close()
	if long.StatusCode != http.StatusRequestHeaderFieldsTooLarge {
		t.Errorf("a 20 KB request line with -max-header-bytes 4096: got %d, want 431", long.StatusCode)
	}
}

// TestMaxConns: past -max-conns, a connection waits to be accepted until one closes.
func TestMaxConns(t *testing.T) {
	addr := startServer(t, "-max-conns", "1")
	first, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	io.WriteString(first, "GET /wp-json/ HTTP/1.1\r\nHost: x\r\n\r\n")
	br := bufio.NewReader(first)
	readResponse(t, first, br, 5*time.Second) // served, and kept alive

	second, err := net.Dial("tcp", addr) // the kernel takes it; wpmock does not yet
	if err != nil {
		t.Fatal(err)
	}
	defer second.Close()
	io.WriteString(second, "GET /wp-json/ HTTP/1.1\r\nHost: x\r\n\r\n")
	second.SetReadDeadline(time.Now().Add(500 * time.Millisecond))
	if _, err := second.Read(make([]byte, 1)); err == nil {
		t.Fatal("the second connection was served while the first was open")
	}
	first.Close()
	if resp, _ := readResponse(t, second, bufio.NewReader(second), 5*time.Second); resp.StatusCode != http.StatusOK {
		t.Errorf("second connection after the first closed: got %d", resp.StatusCode)
	}
}

// TestLimitFlags: every limit has its flag and its environment variable, and a write
// timeout that would cut a body still arriving is refused.
func TestLimitFlags(t *testing.T) {
	t.Setenv("WPMOCK_BODY_TIMEOUT", "3s")
	t.Setenv("WPMOCK_MAX_CONNS", "7")
	m := &Main{Stdout: io.Discard, Stderr: io.Discard}
	if err := m.ParseFlags([]string{"-max-conns", "9", "-idle-timeout", "5s"}); err != nil {
		t.Fatal(err)
	}
	want := DefaultLimits
	want.BodyTimeout, want.MaxConns, want.IdleTimeout = 3*time.Second, 9, 5*time.Second
	if m.Limits != want {
		t.Errorf("got %+v, want %+v", m.Limits, want)
	}
	t.Setenv("WPMOCK_BODY_TIMEOUT", "soon")
	if err := (&Main{Stdout: io.Discard, Stderr: io.Discard}).ParseFlags(nil); err == nil || !strings.Contains(err.Error(), "WPMOCK_BODY_TIMEOUT") {
		t.Errorf("a bad WPMOCK_BODY_TIMEOUT: got %v", err)
	}
	t.Setenv("WPMOCK_BODY_TIMEOUT", "")
	if err := (&Main{Stdout: io.Discard, Stderr: io.Discard}).ParseFlags([]string{"-body-timeout", "3m"}); err == nil {
		t.Error("-body-timeout 3m with -write-timeout 2m: want an error")
	}
}

// TestQuietReleasesOncePerSpell: the memory goes back once the server has had no
// request in flight for quietAfter, once per busy spell, and never while a request is
// in flight.
func TestQuietReleasesOncePerSpell(t *testing.T) {
	var q quiet
	release := make(chan struct{}, 1)
	h := q.count(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/slow" {
			<-release
		}
	}))
	done := make(chan struct{})
	defer close(done)
	go q.release(done)
	serve := func(path string) {
		h.ServeHTTP(httptest.NewRecorder(), httptest.NewRequest("GET", path, nil))
	}
	serve("/")
	if !q.dirty.Load() {
		t.Fatal("a request did not mark the spell")
	}
	go serve("/slow")
	time.Sleep(quietAfter + quietAfter/2)
	if !q.dirty.Load() {
		t.Fatal("released while a request was in flight")
	}
	release <- struct{}{}
	deadline := time.Now().Add(3 * quietAfter)
	for q.dirty.Load() && time.Now().Before(deadline) {
		time.Sleep(quietAfter / 10)
	}
	if q.dirty.Load() {
		t.Fatal("no release a quiet second after the last request")
	}
}
