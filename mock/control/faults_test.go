package control

import (
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/wpmock/wpmock/mock"
)

func TestParseLatency(t *testing.T) {
	for _, c := range []struct {
		in       string
		min, max time.Duration
		bad      bool
	}{
		{"", 0, 0, false}, {"0", 0, 0, false}, {"200ms", 200 * time.Millisecond, 200 * time.Millisecond, false},
		{"50ms-400ms", 50 * time.Millisecond, 400 * time.Millisecond, false}, {" 1s - 2s ", time.Second, 2 * time.Second, false},
		{"400ms-50ms", 0, 0, true}, {"fast", 0, 0, true}, {"-5ms", 0, 0, true}, {"1s-", 0, 0, true},
	} {
		l, err := ParseLatency(c.in)
		if (err != nil) != c.bad || !c.bad && (l.Min != c.min || l.Max != c.max) {
			t.Errorf("ParseLatency(%q) = %v, %v; want %v-%v, error %v", c.in, l, err, c.min, c.max, c.bad)
		}
	}
}

const faultsAdmin = "falt PASS w0rd 1234 abcd efgh"

// TestFaults drives the headers, the site-wide setting and its admin route over a real
// listener, since timeout and reset act on the connection.
func TestFaults(t *testing.T) {
	m, err := newMock(mock.Options{Seed: 1, Clock: fixedClock, AdminAppPassword: faultsAdmin}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(m)
	defer srv.Close()
	do := func(method, path string, hdr map[string]string, admin bool, timeout time.Duration) (*http.Response, string, error) {
		req, _ := http.NewRequest(method, srv.URL+"/wp-json"+path, nil)
		for k, v := range hdr {
			req.Header.Set(k, v)
		}
		if admin {
			req.SetBasicAuth("admin", faultsAdmin)
		}
		res, err := (&http.Client{Timeout: timeout}).Do(req)
		if err != nil {
			return nil, "", err
		}
		defer res.Body.Close()
		b, _ := io.ReadAll(res.Body)
		return res, string(b), nil
	}
	// off: WordPress's CORS headers exactly
	res, _, err := do("GET", "/wp/v2/posts", nil, false, 5*time.Second)
	if err != nil || res.StatusCode != 200 || res.Header.Get("Access-Control-Allow-Headers") != "Authorization, X-WP-Nonce, Content-Disposition, Content-MD5, Content-Type" {
		t.Fatalf("without faults: %v %v", res, err)
	}
	start := time.Now()
	if res, _, err := do("GET", "/wp/v2/posts", map[string]string{HeaderLatency: "150ms"}, false, 5*time.Second); err != nil || res.StatusCode != 200 || time.Since(start) < 150*time.Millisecond {
		t.Errorf("X-WPMock-Latency: 150ms: %v after %s", err, time.Since(start))
	}
	for _, c := range []struct {
		fault  string
		status int
		code   string
	}{{"500", 500, codeFault}, {"503", 503, codeFault}, {"teapot", 400, codeBadFault}} {
		res, body, err := do("GET", "/wp/v2/posts", map[string]string{HeaderFault: c.fault}, false, 5*time.Second)
		if err != nil || res.StatusCode != c.status || !strings.Contains(body, `"code":"`+c.code+`"`) || !strings.Contains(body, `"data":{"status":`) {
			t.Errorf("X-WPMock-Fault: %s: %v %v %s", c.fault, res, err, body)
		}
	}
	if _, _, err := do("GET", "/wp/v2/posts", map[string]string{HeaderFault: "reset"}, false, 5*time.Second); err == nil {
		t.Error("X-WPMock-Fault: reset: the client got an answer")
	}
	start = time.Now()
	if _, _, err := do("GET", "/wp/v2/posts", map[string]string{HeaderFault: "timeout"}, false, 300*time.Millisecond); err == nil || time.Since(start) < 300*time.Millisecond {
		t.Errorf("X-WPMock-Fault: timeout: %v after %s", err, time.Since(start))
	}
	// the admin route: administrators only; fault_rate 1 fails every REST answer but its own
	if res, _, _ := do("POST", "/wpmock/v1/faults?fault_rate=1", nil, false, 5*time.Second); res.StatusCode != 401 {
		t.Errorf("anonymous POST /wpmock/v1/faults: %d", res.StatusCode)
	}
	if res, body, _ := do("POST", "/wpmock/v1/faults?fault_rate=2", nil, true, 5*time.Second); res.StatusCode != 400 || !strings.Contains(body, "rest_invalid_param") {
		t.Errorf("fault_rate=2: %d %s", res.StatusCode, body)
	}
	if res, body, _ := do("POST", "/wpmock/v1/faults?fault_rate=1&latency=10ms-20ms", nil, true, 5*time.Second); res.StatusCode != 200 || body != `{"latency":"10ms-20ms","fault_rate":"1"}` {
		t.Errorf("set: %d %s", res.StatusCode, body)
	}
	for range 5 {
		if res, _, _ := do("GET", "/wp/v2/posts", nil, false, 5*time.Second); res.StatusCode != 500 && res.StatusCode != 503 || res.Header.Get(HeaderFault) == "" {
			t.Errorf("fault_rate 1: %d, %s %q", res.StatusCode, HeaderFault, res.Header.Get(HeaderFault))
		}
	}
	if res, _, _ := do("POST", "/wpmock/v1/faults?fault_rate=0&latency=0", nil, true, 5*time.Second); res.StatusCode != 200 {
		t.Errorf("switching off: %d", res.StatusCode)
	}
	if res, _, _ := do("GET", "/wp/v2/posts", nil, false, 5*time.Second); res.StatusCode != 200 {
		t.Errorf("after switching off: %d", res.StatusCode)
	}
	// a browser's preflight for the mock's headers is allowed to send them
	res, _, _ = do("OPTIONS", "/wp/v2/posts", map[string]string{"Origin": "http://app.test", "Access-Control-Request-Headers": "x-wpmock-latency"}, false, 5*time.Second)
	if got := res.Header.Get("Access-Control-Allow-Headers"); !strings.HasSuffix(got, ", X-WPMock-Latency, X-WPMock-Fault") {
		t.Errorf("preflight asking for X-WPMock-Latency: Access-Control-Allow-Headers %q", got)
	}
}
