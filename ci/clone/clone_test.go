// Package clone tests wpmock clone against a real WordPress (make conformance, with
// WPCLONE=1 and the env file of ci/wordpress/up.sh): it seeds the site with varied
// content through its API (not with WPCLONE_READONLY=1: a site someone else keeps,
// such as the customized one, is only read), clones it (interrupting the first run and resuming it),
// serves the clone with the mock, then asks both the same GETs (every recorded one, and
// more the clone never asked) and compares the answers byte for byte: status, header
// but Date and the connection's fields, body.
package clone

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/wpmock/wpmock/fixtures"
	"github.com/wpmock/wpmock/mock"
	"github.com/wpmock/wpmock/mock/clone"
	"github.com/wpmock/wpmock/mock/control"
)

// interruptAfter is how many requests the first clone run gets before it is cancelled.
const interruptAfter = 120

func TestClone(t *testing.T) {
	if os.Getenv("WPCLONE") != "1" {
		t.Skip("set WPCLONE=1 (make conformance) to clone a real WordPress")
	}
	api, user, password := strings.TrimRight(os.Getenv("WPCONTRACT_URL"), "/"), os.Getenv("WPCONTRACT_USER"), os.Getenv("WPCONTRACT_PASSWORD")
	if api == "" || user == "" {
		t.Skip("WPCONTRACT_URL is not set: source the env file of ci/wordpress/up.sh")
	}
	client := &http.Client{Timeout: 30 * time.Second,
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	if os.Getenv("WPCLONE_READONLY") == "1" {
		t.Log("clone: WPCLONE_READONLY=1: the site is cloned as it is, without seeding it")
	} else if err := seed(&site{api: api, password: password, client: client}); err != nil {
		t.Fatalf("seeding WordPress: %v", err)
	}
	out := t.TempDir() + "/site.json"
	opts := clone.Options{API: api + "/", User: user, Password: password, Out: out, Progress: &logWriter{t: t}}

	// an interrupted clone, then the same command again
	ctx, cancel := context.WithCancel(context.Background())
	first := &counting{next: http.DefaultTransport, limit: interruptAfter, cancel: cancel}
	opts.Client = &http.Client{Transport: first, Timeout: 30 * time.Second}
	if _, err := clone.Run(ctx, opts); err == nil {
		t.Fatalf("the clone interrupted after %d requests reported no error", interruptAfter)
	}
	if _, err := os.Stat(out + ".partial"); err != nil {
		t.Fatalf("the interrupted clone left no journal: %v", err)
	}
	second := &counting{next: http.DefaultTransport}
	opts.Client = &http.Client{Transport: second, Timeout: 30 * time.Second}
	start := time.Now()
	report, err := clone.Run(context.Background(), opts)
	if err != nil {
		t.Fatalf("clone: %v", err)
	}
	took := time.Since(start)
	again := first.done.intersect(&second.asked)
	t.Logf("clone: interrupted after %d requests (%d answered); resumed: %d requests asked, %d of them asked before (in flight when interrupted)",
		interruptAfter, len(first.done.urls), len(second.asked.urls), len(again))
	if len(again) > 8 {
		t.Errorf("the resumed clone asked again %d answers the first run had: %v", len(again), again)
	}
	if _, err := os.Stat(out + ".partial"); err == nil {
		t.Errorf("the finished clone left its journal")
	}
	info, err := os.Stat(out)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("clone: WordPress %s (answered as %s), %d answers recorded (%d from the interrupted run's journal), %d files (%.1f MiB), items %v",
		report.WordPress, report.Profile, report.Recorded, report.FromJournal, report.Files, float64(report.FileBytes)/(1<<20), report.Items)
	t.Logf("clone: the resumed run took %.1f s and %d requests; site.json is %.1f MiB", took.Seconds(), len(second.asked.urls), float64(info.Size())/(1<<20))
	for _, f := range report.Failures {
		t.Logf("clone: could not read: %v", f)
	}
	for _, n := range report.Notes {
		t.Logf("clone: note: %s", n)
	}

	ds, err := fixtures.LoadFile(out)
	if err != nil {
		t.Fatalf("the clone does not load: %v", err)
	}
	m, err := mock.New(mock.Options{Control: control.Mount, Dataset: ds})
	if err != nil {
		t.Fatalf("mock.New on the clone: %v", err)
	}
	srv := httptest.NewServer(m)
	defer srv.Close()
	t.Logf("clone: WordPress %s, served as %s, %d users, %d posts (all types), %d comments, %d files, %d recorded answers",
		ds.Site.WordPress, m.Version(), len(ds.Users), len(ds.Posts), len(ds.Comments), len(ds.Files), len(ds.Recorded))

	compareAll(t, client, api, srv.URL+"/wp-json", password, ds)
}

// compareAll asks WordPress and the copy every recorded GET and the extra ones, and
// reports the share identical; every difference is listed.
func compareAll(t *testing.T, client *http.Client, api, copyAPI, password string, ds *fixtures.Dataset) {
	recorded := map[string]bool{}
	var gets []get
	for _, r := range ds.Recorded {
		recorded[fixtures.RecordingKey(r.Route, r.User)] = true
		gets = append(gets, get{r.Route, r.User})
	}
	nRecorded := len(gets)
	for _, g := range extraGets(ds, ds.Site.User) {
		if !recorded[fixtures.RecordingKey(g.route, g.user)] {
			gets = append(gets, g)
		}
	}
	var diffs []string
	same := [2]int{} // recorded, extra
	// four at a time, as many as the site's PHP workers; reported in order
	found := make([]string, len(gets))
	errs := make(chan error, len(gets))
	next := make(chan int)
	var wg sync.WaitGroup
	for range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				g := gets[i]
				site, err := fetch(client, api, g, password)
				if err != nil {
					errs <- fmt.Errorf("WordPress: GET %s: %v", g.route, err)
					continue
				}
				mine, err := fetch(client, copyAPI, g, password)
				if err != nil {
					errs <- fmt.Errorf("the copy: GET %s: %v", g.route, err)
					continue
				}
				found[i] = difference(site, mine)
			}
		}()
	}
	for i := range gets {
		next <- i
	}
	close(next)
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Fatal(err)
	}
	for i, g := range gets {
		kind := 1
		if i < nRecorded {
			kind = 0
		}
		if d := found[i]; d != "" {
			who := "anonymous"
			if g.user != "" {
				who = "as " + g.user
			}
			diffs = append(diffs, fmt.Sprintf("%s (%s, %s): %s", g.route, who, [2]string{"recorded", "not recorded"}[kind], d))
		} else {
			same[kind]++
		}
	}
	total := len(gets)
	identical := same[0] + same[1]
	share := 100 * float64(identical) / float64(total)
	t.Logf("clone: %d GETs, %d byte-identical (%.1f%%): recorded %d of %d, not recorded (answered by the mock from the dataset) %d of %d",
		total, identical, share, same[0], nRecorded, same[1], total-nRecorded)
	for _, d := range diffs {
		t.Logf("clone: differs: %s", d)
	}
	if same[0] != nRecorded {
		t.Errorf("%d recorded answers are not replayed byte for byte", nRecorded-same[0])
	}
	if share < 99 {
		t.Errorf("%.1f%% of the GETs byte-identical, below the 99%% goal", share)
	}
}

// counting is a transport that notes the requests asked and answered (URL and
// identity), and cancels its run once limit have been answered (0: never).
type counting struct {
	next        http.RoundTripper
	limit       int
	cancel      func()
	asked, done urlSet
}

func (c *counting) RoundTrip(r *http.Request) (*http.Response, error) {
	// one URL asked anonymously and as the user is two answers, and so is one URL asked
	// with OPTIONS (a route's schema) and GET
	key := r.URL.String()
	if r.Method != http.MethodGet {
		key = r.Method + " " + key
	}
	if r.Header.Get("Authorization") != "" {
		key += " (as the user)"
	}
	c.asked.add(key)
	resp, err := c.next.RoundTrip(r)
	if err == nil && c.done.add(key) >= c.limit && c.limit > 0 {
		c.cancel()
	}
	return resp, err
}

type urlSet struct {
	mu   sync.Mutex
	urls map[string]bool
}

func (s *urlSet) add(u string) int {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.urls == nil {
		s.urls = map[string]bool{}
	}
	s.urls[u] = true
	return len(s.urls)
}

func (s *urlSet) intersect(o *urlSet) []string {
	var out []string
	for u := range s.urls {
		if o.urls[u] {
			out = append(out, u)
		}
	}
	sort.Strings(out)
	return out
}

// logWriter passes the clone's progress lines to the test log.
type logWriter struct{ t *testing.T }

func (w *logWriter) Write(b []byte) (int, error) {
	w.t.Log(strings.TrimRight(string(b), "\n"))
	return len(b), nil
}
