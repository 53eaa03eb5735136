// Package contract is a test suite that checks an implementation of the WordPress
// REST API v2 (namespace wp/v2) at a base URL against the contract WordPress 6.1
// defines: routes, fields per context, defaults, validation errors, the trash / force /
// reassign rules, pagination, authentication and per-role permissions.
//
// It knows nothing about the implementation it judges (it never imports the mock).
// Run it with go test:
//
//	WPCONTRACT_URL=https://example.com/wp-json WPCONTRACT_USER=admin \
//	WPCONTRACT_PASSWORD='xxxx xxxx xxxx xxxx xxxx xxxx' go test ./contract/...
//
// Without WPCONTRACT_URL the package's tests start the wpmock mock in-process.
// Everything the suite creates is named with the "wpcontract" prefix and deleted with
// force=true when it ends, whether its checks passed or not; WPCONTRACT_READONLY=1
// skips every check that writes.
package contract

import (
	"fmt"
	"net/http"
	"os"
	"slices"
	"sort"
	"strings"
	"sync"
	"time"
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
	cfg    Config
	client *http.Client
	prefix string // names of created objects start with it
	spec   *apiSpec

	mu      sync.Mutex
	cleanup []func()
	roles   map[string]*account
	// adminUserID is the configured admin's id, once asked for
	adminUserID int
	results     map[string]*groupResult
	caps        targetCaps
	// wp is the WordPress version whose facts the target is checked on, wpWhy how the
	// suite decided it.
	wp      wpVersion
	wpWhy   string
	schemas map[string]map[string]any // item schemas by collection route, as OPTIONS gave them
}

// targetCaps is what the suite found out about the target before checking it.
type targetCaps struct {
	routes map[string]bool // route patterns of the index
	meta   bool            // the post meta routes exist
}

// Run checks the target, one subtest per group.
func Run(t T, cfg Config) {
	t.Helper()
	if cfg.URL == "" {
		t.Fatalf("contract: no target: set WPCONTRACT_URL to the API root (e.g. http://host/wp-json)")
	}
	s := &Suite{cfg: cfg, client: cfg.Client, roles: map[string]*account{}, results: map[string]*groupResult{},
		schemas: map[string]map[string]any{}, prefix: fmt.Sprintf("wpcontract-%d", time.Now().UnixNano()%1e9)}
	if s.client == nil {
		s.client = &http.Client{Timeout: 30 * time.Second}
	}
	spec, err := loadSpec()
	if err != nil {
		t.Fatalf("contract: loading the OpenAPI document: %v", err)
	}
	s.spec = spec
	t.Cleanup(s.runCleanup)
	if !s.discover(t) {
		return
	}
	s.detectVersion(t)
	t.Logf("%s", s.versionLine())
	for _, g := range sortedGroups() {
		g := g
		res := s.result(g.name)
		t.Run(g.name, func(t T) {
			switch {
			case slices.Contains(cfg.Skip, g.name):
				res.skipped = "skipped by WPCONTRACT_SKIP"
				t.Skipf("%s: %s", g.name, res.skipped)
			case g.write && cfg.ReadOnly:
				res.skipped = "writes, and WPCONTRACT_READONLY is set"
				t.Skipf("%s: %s", g.name, res.skipped)
			}
			g.run(s, &counting{T: t, res: res})
		})
	}
	if cfg.ReportDir != "" {
		if err := s.writeReports(cfg.ReportDir); err != nil {
			t.Errorf("contract: writing reports to %s: %v", cfg.ReportDir, err)
		}
	}
	t.Logf("%s", s.summaryLine())
}

// onCleanup registers a clean-up step; they run last-in first-out when the suite ends.
func (s *Suite) onCleanup(f func()) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.cleanup = append(s.cleanup, f)
}

func (s *Suite) runCleanup() {
	s.mu.Lock()
	steps := s.cleanup
	s.cleanup = nil
	s.mu.Unlock()
	for i := len(steps) - 1; i >= 0; i-- {
		steps[i]()
	}
}

// discover reads the index, so groups can skip what the target does not implement.
func (s *Suite) discover(t T) bool {
	res := s.as(anonymous).get(t, "/")
	if res.Status != http.StatusOK {
		t.Fatalf("contract: GET %s/ answered %d; is WPCONTRACT_URL the API root (ending in /wp-json)?\n%s",
			s.cfg.URL, res.Status, clip(res.Body, 300))
		return false
	}
	s.caps.routes = map[string]bool{}
	if routes, ok := res.object()["routes"].(map[string]any); ok {
		for k := range routes {
			s.caps.routes[k] = true
		}
	}
	s.caps.meta = s.caps.routes[`/wp/v2/posts/(?P<parent_id>[\d]+)/meta`]
	return true
}

// name returns a recognisable name for an object the suite creates.
func (s *Suite) name(what string) string { return s.prefix + "-" + what }
