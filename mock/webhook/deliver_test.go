package webhook

import (
	"net/http"
	"net/http/httptest"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// change is a post updated on http://wp.example.
func change(seq uint64) *Change {
	return &Change{Seq: seq, Site: "http://wp.example", WordPress: "6.8", Method: "POST", Route: "/wp/v2/posts/1",
		Items: []Item{{Kind: KindPost, Type: "post", ID: 1, Action: Updated,
			State:  State{Slug: "hello", Status: "publish", Link: "http://wp.example/hello/", Viewable: true},
			Before: &State{Slug: "hi", Status: "publish", Link: "http://wp.example/hi/", Viewable: true}}}}
}

// waitFor polls the log until ok holds of the newest delivery, or fails after 5s.
func waitFor(t *testing.T, d *Dispatcher, ok func(Delivery) bool) Delivery {
	t.Helper()
	deadline := time.Now().Add(5 * time.Second)
	for {
		if log := d.Deliveries(); len(log) > 0 && ok(log[0]) {
			return log[0]
		}
		if time.Now().After(deadline) {
			t.Fatalf("no such delivery in the log: %+v", d.Deliveries())
		}
		time.Sleep(5 * time.Millisecond)
	}
}

func finished(dl Delivery) bool { return !dl.Finished.IsZero() }

// TestRetriesWithBackoff: a receiver that fails twice gets the delivery on the
// third attempt, each wait twice the one before; the log has every attempt.
func TestRetriesWithBackoff(t *testing.T) {
	var mu sync.Mutex
	var at []time.Time
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		at = append(at, time.Now())
		n := len(at)
		mu.Unlock()
		if n <= 2 {
			http.Error(w, "not yet", http.StatusServiceUnavailable)
			return
		}
		w.Write([]byte(`{"revalidated":true}`))
	}))
	defer srv.Close()
	const backoff = 40 * time.Millisecond
	d, err := New(Config{Targets: []Target{{URL: srv.URL}}, Backoff: backoff})
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	d.Send(change(1))
	dl := waitFor(t, d, finished)
	if dl.State != Delivered || dl.Status != 200 || len(dl.Attempts) != 3 {
		t.Fatalf("got state %s, status %d, %d attempts; want delivered, 200, 3\n%+v", dl.State, dl.Status, len(dl.Attempts), dl)
	}
	for i, want := range []int{503, 503, 200} {
		if a := dl.Attempts[i]; a.Status != want || a.Ms <= 0 || a.Start.IsZero() {
			t.Errorf("attempt %d: status %d in %vms from %v, want %d timed", i+1, a.Status, a.Ms, a.Start, want)
		}
	}
	if dl.Attempts[2].Response != `{"revalidated":true}` || dl.Attempts[0].Response != "not yet\n" {
		t.Errorf("responses kept: %q, %q", dl.Attempts[0].Response, dl.Attempts[2].Response)
	}
	mu.Lock()
	defer mu.Unlock()
	if first, second := at[1].Sub(at[0]), at[2].Sub(at[1]); first < backoff || second < 2*backoff {
		t.Errorf("waits %v and %v, want at least %v and %v", first, second, backoff, 2*backoff)
	}
}

// TestGivesUp: attempts are bounded, and a refusal (a 4xx but 408 and 429) is not
// retried; the log says why.
func TestGivesUp(t *testing.T) {
	for _, c := range []struct {
		status, attempts int
	}{
		{http.StatusInternalServerError, 3},
		{http.StatusTooManyRequests, 3},
		{http.StatusUnauthorized, 1},
	} {
		var hits atomic.Int32
		srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			hits.Add(1)
			w.WriteHeader(c.status)
		}))
		d, err := New(Config{Targets: []Target{{URL: srv.URL}}, Backoff: time.Millisecond, Attempts: 3})
		if err != nil {
			t.Fatal(err)
		}
		d.Send(change(1))
		dl := waitFor(t, d, finished)
		if dl.State != Failed || len(dl.Attempts) != c.attempts || int(hits.Load()) != c.attempts || dl.Error == "" {
			t.Errorf("%d: state %s, %d attempts (%d requests), error %q; want failed after %d", c.status, dl.State, len(dl.Attempts), hits.Load(), dl.Error, c.attempts)
		}
		d.Close()
		srv.Close()
	}
	// nobody listening: connection errors are retried too
	d, _ := New(Config{Targets: []Target{{URL: "http://127.0.0.1:1/revalidate"}}, Backoff: time.Millisecond, Attempts: 2})
	defer d.Close()
	d.Send(change(1))
	if dl := waitFor(t, d, finished); dl.State != Failed || len(dl.Attempts) != 2 || dl.Attempts[0].Error == "" {
		t.Errorf("unreachable: %+v", dl)
	}
}

// TestLogIsBounded: the log keeps the newest Keep deliveries, newest first; a full
// queue drops a delivery (logged) instead of waiting.
func TestLogIsBounded(t *testing.T) {
	release := make(chan struct{})
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { <-release }))
	defer srv.Close()
	defer close(release)
	d, err := New(Config{Targets: []Target{{URL: srv.URL}}, Keep: 3, Queue: 1})
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	d.Send(change(1))
	waitFor(t, d, func(dl Delivery) bool { return dl.State == Sending }) // the worker holds 1
	start := time.Now()
	for seq := uint64(2); seq <= 5; seq++ {
		d.Send(change(seq)) // 2 waits in the queue; 3, 4, 5 find it full
	}
	if time.Since(start) > time.Second {
		t.Errorf("Send waited for a blocked receiver")
	}
	log := d.Deliveries()
	if len(log) != 3 || log[0].Change != 5 || log[2].Change != 3 {
		t.Fatalf("log: %d entries, want changes 5, 4, 3: %+v", len(log), log)
	}
	for _, dl := range log {
		if dl.State != Dropped {
			t.Errorf("change %d: state %s, want dropped", dl.Change, dl.State)
		}
	}
}

// TestCloseDropsWaiting: Close cancels the attempt under way and drops the rest.
func TestCloseDropsWaiting(t *testing.T) {
	release := make(chan struct{})
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { <-release }))
	defer srv.Close()
	defer close(release)
	d, _ := New(Config{Targets: []Target{{URL: srv.URL}}})
	d.Send(change(1))
	d.Send(change(2))
	waitFor(t, d, func(Delivery) bool { return d.Deliveries()[1].State == Sending })
	d.Close()
	for _, dl := range d.Deliveries() {
		if dl.State != Dropped && dl.State != Failed {
			t.Errorf("after Close, change %d is %s", dl.Change, dl.State)
		}
	}
}

// TestCheckTarget: a receiver needs an http(s) URL and a known preset.
func TestCheckTarget(t *testing.T) {
	for _, c := range []struct {
		t  Target
		ok bool
	}{
		{Target{URL: "http://localhost:3000/api/revalidate"}, true},
		{Target{URL: "https://example.com/hook", Preset: PresetNextWP}, true},
		{Target{URL: "localhost:3000"}, false},
		{Target{URL: "ftp://example.com"}, false},
		{Target{URL: "http://example.com", Preset: "gatsby"}, false},
	} {
		if err := CheckTarget(c.t); (err == nil) != c.ok {
			t.Errorf("%+v: error %v, want ok %v", c.t, err, c.ok)
		}
	}
}
