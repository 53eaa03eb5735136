// Package contract is a test suite that checks an implementation of the WordPress
// REST API v2 (namespace wp/v2) at a base URL against the contract WordPress defines
// (6.1, 6.8 and 7.1, each on its own facts): routes, fields per context, defaults,
// validation errors, the trash / force / reassign rules, pagination, authentication
// and per-role permissions.
//
// It knows nothing about the implementation it judges (it never imports the mock).
// Run it with go test, or as the wpcontract binary (cmd/wpcontract):
//
//	WPCONTRACT_URL=https://example.com/wp-json WPCONTRACT_USER=admin \
//	WPCONTRACT_PASSWORD='xxxx xxxx xxxx xxxx xxxx xxxx' go test ./contract/...
//
// Without WPCONTRACT_URL the package's tests start the wpmock mock in-process.
//
// Every check is a rule with a stable id (deletes/terms/force-required); a run reports
// each failing rule once, with the number of requests that broke it and the first
// three as curl lines. A preflight stops a run that cannot work (an unreachable site,
// not an API root, rejected credentials) with one message saying what to fix.
// Everything the suite creates is named wpcontract-<run>-… and deleted when it ends,
// whether its checks passed or not, and what a target made for requests it should
// have refused is found by that prefix and deleted too; WPCONTRACT_READONLY=1 skips
// every check that writes.
package contract

import (
	"fmt"
	"io"
	"net/http"
	"os"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/wpmock/wpmock/calls"
)

// Config says which implementation to check and how.
type Config struct {
	// URL is the API root, e.g. http://127.0.0.1:8081/wp-json.
	URL string
	// User and Password are an administrator's login and application password.
	User, Password string
	// ReadOnly skips every check that creates, changes or deletes anything.
	ReadOnly bool
	// Skip names groups not to run (WPCONTRACT_SKIP=meta,media).
	Skip []string
	// ReportDir, when set, receives junit.xml and summary.md.
	ReportDir string
	// WPVersion, when set, is the WordPress version to check the target as (6.1, 6.8,
	// 7.1); otherwise the suite finds it out from what the site publishes.
	WPVersion string
	// Strict demands the exact key sets of the checked version: no field a site adds,
	// even a declared one (WPCONTRACT_STRICT=1; what a reimplementation must meet).
	Strict bool
	// Client sends the requests; nil uses a client with a 30 s timeout.
	Client *http.Client
	// Deadline, when set, is when the run must be over: no group starts within 30 s of
	// it, so the clean-up and the reports still happen (WPCONTRACT_TIMEOUT=20m).
	Deadline time.Time
	// Progress, when set, receives one line as each group ends.
	Progress io.Writer
	// Calls names a file of calls recorded against the mock (wpmock -record): the run
	// replays them (the calls group, calls.go) instead of the suite's own groups.
	Calls string
	// MinCoverage, when above 0, fails the run when the share of the route methods the
	// index exposes that the run checked is below it (coverage.go).
	MinCoverage float64
}

// ConfigFromEnv reads the WPCONTRACT_* variables.
func ConfigFromEnv() Config {
	c := Config{
		URL:       strings.TrimRight(os.Getenv("WPCONTRACT_URL"), "/"),
		User:      os.Getenv("WPCONTRACT_USER"),
		Password:  os.Getenv("WPCONTRACT_PASSWORD"),
		ReadOnly:  isTrue(os.Getenv("WPCONTRACT_READONLY")),
		ReportDir: os.Getenv("WPCONTRACT_REPORT"),
		WPVersion: os.Getenv("WPCONTRACT_WP_VERSION"),
		Strict:    isTrue(os.Getenv("WPCONTRACT_STRICT")),
		Calls:     os.Getenv("WPCONTRACT_CALLS"),
	}
	if f, err := strconv.ParseFloat(os.Getenv("WPCONTRACT_MIN_COVERAGE"), 64); err == nil {
		c.MinCoverage = f
	}
	if d, err := time.ParseDuration(os.Getenv("WPCONTRACT_TIMEOUT")); err == nil && d > 0 {
		c.Deadline = time.Now().Add(d)
	}
	for _, s := range strings.Split(os.Getenv("WPCONTRACT_SKIP"), ",") {
		if s = strings.TrimSpace(s); s != "" {
			c.Skip = append(c.Skip, s)
		}
	}
	return c
}

func isTrue(s string) bool {
	switch strings.ToLower(s) {
	case "1", "true", "yes", "on":
		return true
	}
	return false
}

// T is what the suite needs of a test: *testing.T through Testing, or a Recorder.
type T interface {
	Helper()
	Name() string
	Errorf(format string, args ...any)
	Fatalf(format string, args ...any)
	Skipf(format string, args ...any)
	Logf(format string, args ...any)
	Fail()
	Failed() bool
	Cleanup(func())
	// Run runs f as a subtest and reports whether it passed.
	Run(name string, f func(t T)) bool
}

// group is one area of the contract.
type group struct {
	name  string
	write bool // needs write access (skipped when read-only)
	run   func(s *Suite, t T)
}

var (
	groupsMu sync.Mutex
	groups   []group
)

// register adds a group; groups run in registration order (the files register them
// in init, in the order they are listed in order below).
func register(name string, write bool, run func(s *Suite, t T)) {
	groupsMu.Lock()
	defer groupsMu.Unlock()
	groups = append(groups, group{name: name, write: write, run: run})
}

// order is the order groups run in; groups not listed run after, by name.
var order = []string{"routes", "errors", "schemas", "fields", "types", "defaults", "params", "pagination",
	"globals", "auth", "lifecycle", "deletes", "users", "revisions", "media", "meta", "permissions"}

func sortedGroups() []group {
	groupsMu.Lock()
	defer groupsMu.Unlock()
	out := append([]group(nil), groups...)
	rank := func(name string) int {
		for i, n := range order {
			if n == name {
				return i
			}
		}
		return len(order)
	}
	sort.SliceStable(out, func(i, j int) bool {
		ri, rj := rank(out[i].name), rank(out[j].name)
		if ri != rj {
			return ri < rj
		}
		return out[i].name < out[j].name
	})
	return out
}

// Suite is one run of the contract against one target.
type Suite struct {
	cfg     Config
	client  *http.Client
	prefix  string // names of created objects start with it: wpcontract-<run>
	spec    *apiSpec
	started time.Time

	mu      sync.Mutex
	cleanup []func()
	roles   map[string]*account
	blocked map[string]string // role accounts that could not be made, and why
	// adminUserID is the configured admin's id, once known
	adminUserID int
	results     map[string]*groupResult
	rules       map[string]*ruleResult
	ruleOrder   []string
	caps        targetCaps
	// wp is the WordPress version whose facts the target is checked on, wpWhy how the
	// suite decided it.
	wp      wpVersion
	wpWhy   string
	schemas map[string]map[string]any // item schemas by collection route, as OPTIONS gave them
	decl    *siteDecl                 // the site's post types and taxonomies, once read (site.go)
	facts   siteFacts                 // what the site's owner chose, each read once (facts.go)
	// anonymousOnly: no credentials were given, so only what an anonymous caller can
	// check runs; mode says so in the reports.
	anonymousOnly bool
	mode          string
	finishOnce    sync.Once
	final         *Report
	preflightMsg  string
	aborted       string
	cleanupMsg    string
	lastGroup     string
	// calls are the recorded calls the calls group replays (Config.Calls), nil without.
	calls *calls.File
	// hits are the route methods the run's requests reached (coverage.go).
	hits hits
}

// targetCaps is what the suite found out about the target before checking it.
type targetCaps struct {
	routes map[string]bool // route patterns of the index
	meta   bool            // the post meta routes exist
	// home is the site's home URL, offset its offset from UTC in hours now, timezone
	// its time zone's name ("" when it has a fixed offset), as the API root says
	home        string
	offset      float64
	offsetKnown bool
	timezone    string
}

// cleanupReserve is the time kept, before Config.Deadline, for the clean-up and the
// reports: no group starts later than that.
const cleanupReserve = 30 * time.Second

// Run checks the target, one subtest per group, and returns what it found. The
// reports (Config.ReportDir) are written after each group and at the end, however the
// run ends: a failed preflight, a group that panics, a deadline, a test binary's
// Fatalf. A preflight failure is reported as one message saying what to fix.
func Run(t T, cfg Config) *Report {
	t.Helper()
	return New(cfg).Run(t)
}

// New prepares a run against cfg's target; Run runs it. A program that must be able to
// stop a run from outside (a signal, a watchdog) keeps the Suite to call Abort.
func New(cfg Config) *Suite { return newSuite(cfg) }

// Run checks the target (see the package function Run).
func (s *Suite) Run(t T) (rep *Report) {
	t.Helper()
	defer func() {
		p := recover()
		if p != nil {
			s.abort(fmt.Sprintf("the suite panicked: %v", p))
		}
		rep = s.finish(t)
		if p != nil {
			panic(p)
		}
	}()
	if msg := s.preflight(); msg != "" {
		s.mu.Lock()
		s.preflightMsg = msg
		s.mu.Unlock()
		t.Errorf("contract: preflight: %s", msg)
		return nil
	}
	t.Logf("%s", s.versionLine())
	if s.mode != "" {
		t.Logf("contract: %s", s.mode)
	}
	gs := s.groups()
	for i, g := range gs {
		if why := s.outOfTime(); why != "" {
			s.notRun(gs[i:], why)
			s.abort(fmt.Sprintf("%s; %d groups were not run (%s ...)", why, len(gs)-i, g.name))
			break
		}
		s.runGroup(t, g)
		s.progress(g.name)
		s.writePartial(t)
	}
	return nil
}

func newSuite(cfg Config) *Suite {
	s := &Suite{cfg: cfg, client: cfg.Client, roles: map[string]*account{}, blocked: map[string]string{},
		results: map[string]*groupResult{}, rules: map[string]*ruleResult{}, schemas: map[string]map[string]any{},
		prefix: fmt.Sprintf("wpcontract-%09d", time.Now().UnixNano()%1e9), started: time.Now()}
	if s.client == nil {
		s.client = &http.Client{Timeout: 30 * time.Second}
	}
	return s
}

// runGroup runs one group as a subtest. A panic anywhere in it is recorded as a
// failure of the rule suite/panic and ends only that group.
func (s *Suite) runGroup(t T, g group) {
	t.Helper()
	s.mu.Lock()
	s.resultLocked(g.name).ran = true
	s.lastGroup = g.name
	s.mu.Unlock()
	t.Run(g.name, func(t T) {
		ct := &counting{T: t, s: s, group: g.name, top: true}
		defer ct.recoverPanic()
		switch {
		case slices.Contains(s.cfg.Skip, g.name):
			ct.Skipf("skipped by WPCONTRACT_SKIP")
		case g.write && s.anonymousOnly:
			ct.Skipf("%s", needAdmin)
		case g.write && s.cfg.ReadOnly:
			ct.Skipf("writes, and WPCONTRACT_READONLY is set")
		}
		g.run(s, ct)
	})
}

// needAdmin is why a check that needs the administrator is skipped without credentials.
const needAdmin = "needs an administrator, and no credentials were given (anonymous checks only)"

// outOfTime says why no further group may start, or "".
func (s *Suite) outOfTime() string {
	if s.cfg.Deadline.IsZero() || time.Until(s.cfg.Deadline) > cleanupReserve {
		return ""
	}
	return fmt.Sprintf("the time limit is near (the run must end by %s, and the clean-up needs %s)",
		s.cfg.Deadline.Format(time.TimeOnly), cleanupReserve)
}

func (s *Suite) notRun(gs []group, why string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, g := range gs {
		r := s.resultLocked(g.name)
		r.state, r.note = "not run", why
	}
}

// abort records why the run stopped before its end (the first reason wins).
func (s *Suite) abort(why string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.aborted == "" {
		s.aborted = why
	}
}

// Groups are the names of the suite's groups, in the order they run: the names
// Config.Skip (WPCONTRACT_SKIP, -skip) takes.
func Groups() []string {
	var out []string
	for _, g := range sortedGroups() {
		out = append(out, g.name)
	}
	return out
}

// Versions are the WordPress versions whose contract the suite knows.
func Versions() []string {
	var out []string
	for _, v := range knownVersions {
		out = append(out, v.String())
	}
	return out
}

// Abort ends a run from outside (a signal, a watchdog): it records why, runs the
// clean-up and returns the report, written to Config.ReportDir. It is safe to call
// while Run is still going; Run's own report then says the same.
func (s *Suite) Abort(why string) *Report {
	s.abort(why)
	return s.finish(nopT{})
}

// progress writes one line about a group that has ended to Config.Progress.
func (s *Suite) progress(name string) {
	if s.cfg.Progress == nil {
		return
	}
	for _, g := range s.report().Groups {
		if g.Name != name {
			continue
		}
		line := fmt.Sprintf("%-12s %-8s %5d checks passed, %d failed", g.Name, g.Result, g.Passed, g.Failed)
		if g.Note != "" {
			line += ": " + g.Note
		}
		fmt.Fprintln(s.cfg.Progress, line)
	}
}

// writePartial writes the reports as they stand, marked as not the final ones, so a
// run that is killed (go test's -timeout, a CI job's) still leaves a report behind.
func (s *Suite) writePartial(t T) {
	if s.cfg.ReportDir == "" {
		return
	}
	rep := s.report()
	if rep.Aborted == "" {
		rep.Aborted = fmt.Sprintf("incomplete: this report was written after group %s, while the run went on; "+
			"if nothing replaced it, the run was killed before its end", s.lastGroupDone())
	}
	if err := rep.WriteFiles(s.cfg.ReportDir); err != nil {
		t.Errorf("contract: writing reports to %s: %v", s.cfg.ReportDir, err)
	}
}

func (s *Suite) lastGroupDone() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.lastGroup
}

// finish runs the clean-up (once), then writes and logs the final report.
func (s *Suite) finish(t T) *Report {
	s.finishOnce.Do(func() {
		s.runCleanup()
		s.checkCoverage()
		rep := s.report()
		if s.cfg.ReportDir != "" {
			if err := rep.WriteFiles(s.cfg.ReportDir); err != nil {
				t.Errorf("contract: writing reports to %s: %v", s.cfg.ReportDir, err)
			}
		}
		if rep.Preflight == "" {
			t.Logf("\n%s", rep.Text())
		}
		s.final = rep
	})
	return s.final
}

// onCleanup registers a clean-up step; they run last-in first-out when the suite ends.
func (s *Suite) onCleanup(f func()) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.cleanup = append(s.cleanup, f)
}

// runCleanup deletes what the suite made: first each object it registered, then
// whatever still carries the run's prefix (see sweep).
func (s *Suite) runCleanup() {
	s.mu.Lock()
	steps := s.cleanup
	s.cleanup = nil
	s.mu.Unlock()
	for i := len(steps) - 1; i >= 0; i-- {
		steps[i]()
	}
	msg := s.sweep()
	s.mu.Lock()
	s.cleanupMsg = msg
	s.mu.Unlock()
}

// name returns a recognisable name for an object the suite creates.
func (s *Suite) name(what string) string { return s.prefix + "-" + what }
