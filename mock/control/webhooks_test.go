package control

import (
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/wpmock/wpmock/fixtures"
	"github.com/wpmock/wpmock/mock"
	"github.com/wpmock/wpmock/mock/webhook"
)

// delivered is a request a test receiver got.
type delivered struct {
	method, url string
	header      http.Header
	body        []byte
}

// receiver is a test webhook receiver: each request it gets goes to the channel,
// then it answers with answer (nil: 200).
func receiver(t testing.TB, answer http.HandlerFunc) (*httptest.Server, chan delivered) {
	t.Helper()
	got := make(chan delivered, 16)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		b, _ := io.ReadAll(r.Body)
		got <- delivered{r.Method, r.URL.String(), r.Header.Clone(), b}
		if answer != nil {
			answer(w, r)
		}
	}))
	t.Cleanup(srv.Close)
	return srv, got
}

// hookedSite is the example site at http://wp.example posting its changes to
// targets.
func hookedSite(t testing.TB, targets ...webhook.Target) *testSite {
	t.Helper()
	m, ctl, err := newMockSite(mock.Options{Dataset: fixtures.Example(), Clock: fixedClock, SiteURL: "http://wp.example"},
		Options{Webhooks: webhook.Config{Targets: targets, Backoff: 10 * time.Millisecond}})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(m.Close)
	srv := httptest.NewServer(m)
	t.Cleanup(srv.Close)
	return &testSite{Mock: m, ctl: ctl, srv: srv}
}

func next(t testing.TB, got chan delivered) delivered {
	t.Helper()
	select {
	case c := <-got:
		return c
	case <-time.After(5 * time.Second):
		t.Fatal("no delivery within 5s")
		return delivered{}
	}
}

// TestWebhookAfterPostUpdate: a post's update reaches a receiver of each preset:
// the mock's full change, signed, and each plugin's request with the secret where
// the plugin puts it.
func TestWebhookAfterPostUpdate(t *testing.T) {
	const secret = "s3cret"
	srv, got := receiver(t, nil)
	var targets []webhook.Target
	for _, p := range webhook.Presets() {
		targets = append(targets, webhook.Target{URL: srv.URL + "/" + p, Preset: p, Secret: secret})
	}
	s := hookedSite(t, targets...)
	r := s.do(t, http.MethodPost, "/wp/v2/posts/1", "admin", strings.NewReader(`{"slug":"hello-again","title":"Hello again"}`), "Content-Type", "application/json")
	if r.status != http.StatusOK {
		t.Fatalf("update: %d %s", r.status, r.body)
	}
	byPreset := map[string]delivered{}
	for range targets {
		c := next(t, got)
		byPreset[strings.Split(strings.TrimPrefix(c.url, "/"), "?")[0]] = c
	}
	for _, c := range byPreset {
		if sig := c.header.Get(webhook.HeaderSignature); sig != webhook.Sign(secret, c.body) {
			t.Errorf("%s %s: signature %q, want the body's %q", c.method, c.url, sig, webhook.Sign(secret, c.body))
		}
		if ua := c.header.Get("User-Agent"); ua != "WordPress/6.1; http://wp.example" {
			t.Errorf("%s: User-Agent %q", c.url, ua)
		}
		if c.header.Get(webhook.HeaderChange) != "1" {
			t.Errorf("%s: %s %q, want 1", c.url, webhook.HeaderChange, c.header.Get(webhook.HeaderChange))
		}
	}

	full := byPreset[webhook.PresetWPMock]
	var body struct {
		Event   string
		Change  int
		Request struct{ Method, Route, User string }
		Items   []struct {
			Kind, Type, Action, Slug, Status, Link string
			ID                                     int
			Viewable                               bool
			Before                                 struct{ Slug, Link string }
			Paths                                  []string
		}
		Paths []string
	}
	if err := json.Unmarshal(full.body, &body); err != nil {
		t.Fatalf("wpmock body: %v\n%s", err, full.body)
	}
	if full.method != http.MethodPost || full.header.Get("Content-Type") != "application/json" || body.Event != "change" || body.Change != 1 ||
		body.Request.Method != "POST" || body.Request.Route != "/wp/v2/posts/1" || body.Request.User != "admin" || len(body.Items) != 1 {
		t.Fatalf("wpmock delivery: %s %v\n%s", full.method, full.header, full.body)
	}
	it := body.Items[0]
	if it.Kind != "post" || it.Type != "post" || it.ID != 1 || it.Action != "updated" || it.Slug != "hello-again" || it.Status != "publish" ||
		!it.Viewable || it.Link != "http://wp.example/hello-again/" || it.Before.Slug != "hello-world" || it.Before.Link != "http://wp.example/hello-world/" {
		t.Errorf("item: %+v", it)
	}
	for _, p := range []string{"/hello-again/", "/hello-world/", "/", "/category/uncategorized/", "/author/admin/"} {
		if !slices.Contains(body.Paths, p) || !slices.Contains(it.Paths, p) {
			t.Errorf("paths %v (item: %v) lack %s", body.Paths, it.Paths, p)
		}
	}

	ondemand := byPreset[webhook.PresetOnDemandRevalidation]
	if ondemand.method != http.MethodPut || ondemand.header.Get("Authorization") != "Bearer "+secret ||
		string(ondemand.body) != `{"postId":1,"paths":["\/","\/hello-again","\/hello-world"]}` {
		t.Errorf("on-demand-revalidation: %s %v %s", ondemand.method, ondemand.header, ondemand.body)
	}
	nextjs := byPreset[webhook.PresetNextjsRevalidate]
	if nextjs.method != http.MethodGet || !strings.HasSuffix(nextjs.url, "?path=/hello-again/&secret="+secret) || len(nextjs.body) != 0 {
		t.Errorf("nextjs-revalidate: %s %s %s", nextjs.method, nextjs.url, nextjs.body)
	}
	nextwp := byPreset[webhook.PresetNextWP]
	if nextwp.method != http.MethodPost || nextwp.header.Get("x-webhook-secret") != secret || string(nextwp.body) != `{"contentType":"post","contentId":1}` {
		t.Errorf("next-wp: %s %v %s", nextwp.method, nextwp.header, nextwp.body)
	}
}

// TestWebhookRetried: a receiver failing twice gets the change on the third
// attempt, and the log says so.
func TestWebhookRetried(t *testing.T) {
	failures := 2
	srv, got := receiver(t, func(w http.ResponseWriter, r *http.Request) {
		if failures > 0 { // the receiver's requests come one at a time
			failures--
			w.WriteHeader(http.StatusBadGateway)
		}
	})
	s := hookedSite(t, webhook.Target{URL: srv.URL})
	s.do(t, http.MethodDelete, "/wp/v2/posts/3", "admin", nil)
	for range 3 {
		next(t, got)
	}
	deadline := time.Now().Add(5 * time.Second)
	for {
		log := s.ctl.plane.hooks.Deliveries()
		if len(log) == 1 && log[0].State == webhook.Delivered {
			if n := len(log[0].Attempts); n != 3 || log[0].Attempts[0].Status != http.StatusBadGateway {
				t.Errorf("attempts: %+v", log[0].Attempts)
			}
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("log: %+v", log)
		}
		time.Sleep(5 * time.Millisecond)
	}
}

// TestSlowWebhookReceiver: a receiver that does not answer delays no answer of
// the site.
func TestSlowWebhookReceiver(t *testing.T) {
	release := make(chan struct{})
	srv, got := receiver(t, func(http.ResponseWriter, *http.Request) { <-release })
	defer close(release) // before the receiver's Close, which waits for its handlers
	s := hookedSite(t, webhook.Target{URL: srv.URL})
	start := time.Now()
	for i := range 5 {
		r := s.do(t, http.MethodPost, "/wp/v2/posts", "admin", strings.NewReader(`{"title":"Quick","status":"publish"}`), "Content-Type", "application/json")
		if r.status != http.StatusCreated {
			t.Fatalf("create %d: %d %s", i, r.status, r.body)
		}
		if i == 0 {
			next(t, got) // the receiver holds the first delivery from here on
		}
	}
	if took := time.Since(start); took > 3*time.Second {
		t.Errorf("5 writes took %v with a receiver that never answers", took)
	}
	states := map[string]int{}
	for _, d := range s.ctl.plane.hooks.Deliveries() {
		states[d.State]++
	}
	if states[webhook.Sending] != 1 || states[webhook.Queued] != 4 {
		t.Errorf("deliveries: %v, want 1 sending, 4 queued", states)
	}
}

// TestWebhooksRoute: GET /wpmock/v1/webhooks is the administrator's, and shows the
// receivers (not their secrets) and the log; POST adds a receiver, and refuses a bad
// one in WordPress's envelope.
func TestWebhooksRoute(t *testing.T) {
	srv, got := receiver(t, nil)
	s := hookedSite(t)
	s.get(t, "/wpmock/v1/webhooks", "").wantError(t, http.StatusUnauthorized, "rest_forbidden")
	s.get(t, "/wpmock/v1/webhooks", "editor").wantError(t, http.StatusForbidden, "rest_forbidden")
	form := []string{"Content-Type", "application/x-www-form-urlencoded"}
	s.do(t, http.MethodPost, "/wpmock/v1/webhooks", "admin", strings.NewReader("url=ftp://example.com"), form...).
		wantError(t, http.StatusBadRequest, "rest_invalid_param")
	s.do(t, http.MethodPost, "/wpmock/v1/webhooks", "admin", strings.NewReader("url="+srv.URL+"&preset=gatsby"), form...).
		wantError(t, http.StatusBadRequest, "rest_invalid_param")
	s.do(t, http.MethodPost, "/wpmock/v1/webhooks", "admin", strings.NewReader("preset=next-wp"), form...).
		wantError(t, http.StatusBadRequest, "rest_missing_callback_param")
	r := s.do(t, http.MethodPost, "/wpmock/v1/webhooks", "admin", strings.NewReader("url="+srv.URL+"&preset=next-wp&secret=abc"), form...)
	var added struct{ Targets []map[string]any }
	if err := json.Unmarshal(r.body, &added); err != nil || r.status != http.StatusOK || len(added.Targets) != 1 ||
		added.Targets[0]["url"] != srv.URL || added.Targets[0]["preset"] != "next-wp" || added.Targets[0]["signed"] != true {
		t.Fatalf("add: %d %s", r.status, r.body)
	}
	s.do(t, http.MethodPost, "/wp/v2/tags", "admin", strings.NewReader(`{"name":"Fresh"}`), "Content-Type", "application/json")
	c := next(t, got)
	if string(c.body) != `{"contentType":"tag","contentId":6}` || c.header.Get("x-webhook-secret") != "abc" {
		t.Errorf("delivery: %s %v", c.body, c.header)
	}
	var log struct {
		Targets    []map[string]any
		Deliveries []webhook.Delivery
	}
	deadline := time.Now().Add(5 * time.Second)
	for {
		r = s.get(t, "/wpmock/v1/webhooks", "admin")
		if err := json.Unmarshal(r.body, &log); err != nil {
			t.Fatalf("log: %v\n%s", err, r.body)
		}
		if len(log.Deliveries) == 1 && log.Deliveries[0].State == webhook.Delivered || time.Now().After(deadline) {
			break
		}
		time.Sleep(5 * time.Millisecond)
	}
	if len(log.Deliveries) != 1 {
		t.Fatalf("log: %s", r.body)
	}
	d := log.Deliveries[0]
	if d.State != webhook.Delivered || d.Status != 200 || len(d.Attempts) != 1 || d.Request.Method != "POST" || d.Target != srv.URL ||
		d.Preset != "next-wp" || d.Request.Body != `{"contentType":"tag","contentId":6}` || d.Queued.IsZero() || d.Finished.IsZero() {
		t.Errorf("delivery logged: %+v", d)
	}
	if strings.Contains(string(r.body), `"secret"`) {
		t.Errorf("the log shows a target's secret field: %s", r.body)
	}
}
