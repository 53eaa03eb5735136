package webhook

import (
	"bytes"
	"cmp"
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"log"
	"maps"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"sync"
	"time"
)

// Defaults of Config.
const (
	DefaultAttempts = 5
	DefaultBackoff  = time.Second
	DefaultTimeout  = 10 * time.Second
	DefaultKeep     = 200
	DefaultQueue    = 256
	// maxBackoff caps the wait between two attempts.
	maxBackoff = 30 * time.Second
	// keptResponse is how much of a receiver's answer the log keeps.
	keptResponse = 512
)

// Target is a receiver: a URL, the preset of its requests, and the secret they carry.
type Target struct {
	URL    string
	Preset string // a name of Presets(); "" is wpmock
	Secret string
}

// Config configures a Dispatcher; its zero values are the defaults.
type Config struct {
	Targets []Target
	// Attempts bounds the tries of one delivery, the first included.
	Attempts int
	// Backoff is the wait before the second attempt; each next wait doubles, up to
	// 30 seconds.
	Backoff time.Duration
	// Timeout bounds one attempt.
	Timeout time.Duration
	// Keep is how many deliveries the log keeps, the newest.
	Keep int
	// Queue is how many deliveries may wait for one receiver; past it a delivery is
	// dropped (and logged so), never waited for.
	Queue int
	// Client makes the requests; nil is a client of its own.
	Client *http.Client
	// Log hears of failed deliveries; nil is silent.
	Log *log.Logger
	// Now is the clock of the log's timings; nil is time.Now.
	Now func() time.Time
}

// Dispatcher delivers changes to the targets, each from a goroutine of its own
// that sends its deliveries in order, so that a slow or failing receiver delays no
// request and no other receiver.
type Dispatcher struct {
	cfg    Config
	ctx    context.Context
	cancel context.CancelFunc
	wg     sync.WaitGroup

	mu      sync.Mutex
	targets []*target
	log     []*Delivery // oldest first, at most cfg.Keep
	next    uint64      // the last delivery id given
	closed  bool
}

type target struct {
	Target
	preset *preset
	queue  chan *Delivery
}

// The states of a delivery.
const (
	Queued    = "queued"    // waiting for its receiver's earlier deliveries
	Sending   = "sending"   // an attempt is under way
	Retrying  = "retrying"  // an attempt failed; waiting for the next
	Delivered = "delivered" // the receiver answered 2xx
	Failed    = "failed"    // every attempt failed, or the receiver refused (4xx)
	Dropped   = "dropped"   // the receiver's queue was full, or the site stopped
)

// Delivery is one request to one receiver, as the log shows it.
type Delivery struct {
	ID      uint64  `json:"id"`
	Change  uint64  `json:"change"`
	Target  string  `json:"target"`
	Preset  string  `json:"preset"`
	Request Request `json:"request"`
	State   string  `json:"state"`
	// Status is the last answer's status, 0 for none.
	Status   int       `json:"status"`
	Error    string    `json:"error,omitempty"`
	Attempts []Attempt `json:"attempts"`
	Queued   time.Time `json:"queued"`
	// Finished is when it was delivered, failed or dropped; zero before.
	Finished time.Time `json:"finished,omitzero"`
}

// Attempt is one try of a delivery.
type Attempt struct {
	Start time.Time `json:"start"`
	// Ms is how long it took, in milliseconds.
	Ms       float64 `json:"ms"`
	Status   int     `json:"status"`
	Error    string  `json:"error,omitempty"`
	Response string  `json:"response,omitempty"` // the answer's first 512 bytes
}

// New returns a dispatcher with cfg's targets, or the first target's error.
func New(cfg Config) (*Dispatcher, error) {
	cfg.Attempts = cmp.Or(cfg.Attempts, DefaultAttempts)
	cfg.Backoff = cmp.Or(cfg.Backoff, DefaultBackoff)
	cfg.Timeout = cmp.Or(cfg.Timeout, DefaultTimeout)
	cfg.Keep = cmp.Or(cfg.Keep, DefaultKeep)
	cfg.Queue = cmp.Or(cfg.Queue, DefaultQueue)
	if cfg.Client == nil {
		cfg.Client = &http.Client{}
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	d := &Dispatcher{cfg: cfg}
	d.ctx, d.cancel = context.WithCancel(context.Background())
	for _, t := range cfg.Targets {
		if err := d.Add(t); err != nil {
			d.Close()
			return nil, err
		}
	}
	return d, nil
}

// CheckTarget says what is wrong with a target, nil if nothing.
func CheckTarget(t Target) error {
	u, err := url.Parse(t.URL)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return fmt.Errorf("webhook %q: want an http:// or https:// URL", t.URL)
	}
	if t.Preset != "" && findPreset(t.Preset) == nil {
		return fmt.Errorf("webhook preset %q: want one of %s", t.Preset, strings.Join(Presets(), ", "))
	}
	return nil
}

// Add starts delivering to another target.
func (d *Dispatcher) Add(t Target) error {
	if err := CheckTarget(t); err != nil {
		return err
	}
	t.Preset = cmp.Or(t.Preset, PresetWPMock)
	tg := &target{Target: t, preset: findPreset(t.Preset), queue: make(chan *Delivery, d.cfg.Queue)}
	d.mu.Lock()
	defer d.mu.Unlock()
	if d.closed {
		return errors.New("webhook: the dispatcher is closed")
	}
	d.targets = append(d.targets, tg)
	d.wg.Go(func() { d.work(tg) })
	return nil
}

// Targets are the receivers, in the order they were added.
func (d *Dispatcher) Targets() []Target {
	d.mu.Lock()
	defer d.mu.Unlock()
	out := make([]Target, len(d.targets))
	for i, t := range d.targets {
		out[i] = t.Target
	}
	return out
}

// Active reports whether there is any receiver.
func (d *Dispatcher) Active() bool {
	d.mu.Lock()
	defer d.mu.Unlock()
	return len(d.targets) > 0
}

// Send queues the change's requests for every receiver and returns at once.
func (d *Dispatcher) Send(c *Change) {
	d.mu.Lock()
	defer d.mu.Unlock()
	if d.closed {
		return
	}
	now := d.cfg.Now()
	for _, t := range d.targets {
		for _, req := range t.preset.requests(t.Target, c) {
			d.next++
			req.Header[HeaderChange] = fmt.Sprint(c.Seq)
			req.Header[HeaderDelivery] = fmt.Sprint(d.next)
			if c.Name != "" {
				req.Header[HeaderSite] = c.Name
			}
			if t.Secret != "" {
				req.Header[HeaderSignature] = Sign(t.Secret, []byte(req.Body))
			}
			dl := &Delivery{ID: d.next, Change: c.Seq, Target: t.URL, Preset: t.Preset, Request: req,
				State: Queued, Attempts: []Attempt{}, Queued: now}
			d.keep(dl)
			select {
			case t.queue <- dl:
			default:
				dl.State, dl.Error, dl.Finished = Dropped, "the receiver's queue is full", now
				d.logf("webhook %s: delivery %d dropped: %d deliveries wait already", t.URL, dl.ID, d.cfg.Queue)
			}
		}
	}
}

// Sign is the value of HeaderSignature for a body: "sha256=" and the body's
// HMAC-SHA256 under the secret, in lower-case hex.
func Sign(secret string, body []byte) string {
	mac := hmac.New(sha256.New, []byte(secret))
	mac.Write(body)
	return "sha256=" + hex.EncodeToString(mac.Sum(nil))
}

// keep adds a delivery to the log, dropping the oldest past cfg.Keep. d.mu is held.
func (d *Dispatcher) keep(dl *Delivery) {
	if len(d.log) >= d.cfg.Keep {
		d.log = slices.Delete(d.log, 0, len(d.log)-d.cfg.Keep+1)
	}
	d.log = append(d.log, dl)
}

// Deliveries are the deliveries the log keeps, newest first, as they stand.
func (d *Dispatcher) Deliveries() []Delivery {
	d.mu.Lock()
	defer d.mu.Unlock()
	out := make([]Delivery, 0, len(d.log))
	for _, dl := range slices.Backward(d.log) {
		c := *dl
		c.Attempts = slices.Clone(dl.Attempts)
		c.Request.Header = maps.Clone(dl.Request.Header)
		out = append(out, c)
	}
	return out
}

// Close stops delivering: an attempt under way is cancelled, what waits is dropped.
func (d *Dispatcher) Close() {
	d.mu.Lock()
	d.closed = true
	d.mu.Unlock()
	d.cancel()
	d.wg.Wait()
}

// work delivers a target's deliveries in order until the dispatcher closes.
func (d *Dispatcher) work(t *target) {
	for {
		select {
		case <-d.ctx.Done():
			d.dropQueued(t)
			return
		case dl := <-t.queue:
			d.deliver(dl)
		}
	}
}

// dropQueued marks what still waits for a target as dropped.
func (d *Dispatcher) dropQueued(t *target) {
	for {
		select {
		case dl := <-t.queue:
			d.finish(dl, Dropped, "the site stopped")
		default:
			return
		}
	}
}

// deliver tries a delivery until the receiver answers 2xx, refuses it for good
// (a 4xx but 408 and 429), or the attempts run out, waiting Backoff, then twice as
// long, ... between two attempts.
func (d *Dispatcher) deliver(dl *Delivery) {
	wait := d.cfg.Backoff
	for n := 1; ; n++ {
		d.set(dl, func() { dl.State = Sending })
		a := d.attempt(dl.Request)
		retry := a.Error != "" || a.Status == http.StatusRequestTimeout || a.Status == http.StatusTooManyRequests || a.Status >= 500
		d.set(dl, func() {
			dl.Attempts = append(dl.Attempts, a)
			dl.Status, dl.Error = a.Status, a.Error
			if a.Error == "" && (a.Status < 200 || a.Status > 299) {
				dl.Error = fmt.Sprintf("the receiver answered %d", a.Status)
			}
		})
		switch {
		case a.Error == "" && a.Status >= 200 && a.Status <= 299:
			d.finish(dl, Delivered, "")
			return
		case !retry || n >= d.cfg.Attempts:
			d.finish(dl, Failed, dl.Error)
			d.logf("webhook %s: delivery %d failed after %d attempts: %s", dl.Target, dl.ID, n, dl.Error)
			return
		}
		d.set(dl, func() { dl.State = Retrying })
		select {
		case <-d.ctx.Done():
			d.finish(dl, Dropped, "the site stopped")
			return
		case <-time.After(wait):
		}
		wait = min(2*wait, maxBackoff)
	}
}

// attempt makes one request.
func (d *Dispatcher) attempt(r Request) (a Attempt) {
	a.Start = d.cfg.Now()
	defer func() { a.Ms = float64(d.cfg.Now().Sub(a.Start).Microseconds()) / 1000 }()
	ctx, cancel := context.WithTimeout(d.ctx, d.cfg.Timeout)
	defer cancel()
	var body io.Reader
	if r.Body != "" {
		body = strings.NewReader(r.Body)
	}
	req, err := http.NewRequestWithContext(ctx, r.Method, r.URL, body)
	if err != nil {
		a.Error = err.Error()
		return a
	}
	for k, v := range r.Header {
		req.Header[k] = []string{v} // as written: x-webhook-secret stays lower case
	}
	resp, err := d.cfg.Client.Do(req)
	if err != nil {
		a.Error = err.Error()
		return a
	}
	defer resp.Body.Close()
	var buf bytes.Buffer
	_, _ = io.CopyN(&buf, resp.Body, keptResponse)
	_, _ = io.Copy(io.Discard, io.LimitReader(resp.Body, 1<<20)) // so the connection is reused
	a.Status, a.Response = resp.StatusCode, buf.String()
	return a
}

// set changes a delivery under the lock the log is read with.
func (d *Dispatcher) set(dl *Delivery, f func()) {
	d.mu.Lock()
	defer d.mu.Unlock()
	f()
}

func (d *Dispatcher) finish(dl *Delivery, state, err string) {
	d.set(dl, func() {
		dl.State, dl.Finished = state, d.cfg.Now()
		if err != "" {
			dl.Error = err
		}
	})
}

func (d *Dispatcher) logf(format string, args ...any) {
	if d.cfg.Log != nil {
		d.cfg.Log.Printf(format, args...)
	}
}
