package contract

import (
	"bytes"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/wpmock/wpmock/mock"
	"github.com/wpmock/wpmock/mock/control"
)

// The suite as a CI product: one message when the target cannot be checked, one line
// per failing rule, reports written however the run ends, nothing left behind.

// mockSite is the mock behind wrap, and its admin's password.
func mockSite(t *testing.T, wrap func(http.Handler) http.Handler) (*httptest.Server, string) {
	t.Helper()
	m, err := mock.New(mock.Options{Control: control.Mount, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	var h http.Handler = m
	if wrap != nil {
		h = wrap(h)
	}
	srv := httptest.NewServer(h)
	t.Cleanup(srv.Close)
	return srv, m.Passwords["admin"]
}

func runQuiet(cfg Config) (*Report, []string) {
	rec := NewRecorder("contract")
	rep := Run(rec, cfg)
	rec.Finish()
	return rep, rec.Errors()
}

// TestPreflight: a target that cannot be checked gets one message saying what to fix,
// and no group runs.
func TestPreflight(t *testing.T) {
	if ConfigFromEnv().URL != "" {
		t.Skip("checks the suite itself")
	}
	t.Parallel()
	srv, pw := mockSite(t, nil)
	html := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=UTF-8")
		fmt.Fprint(w, "<!doctype html><title>Shop</title><p>Welcome</p>")
	}))
	defer html.Close()
	noWP := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		fmt.Fprint(w, `{"namespaces":["oembed/1.0"],"routes":{}}`)
	}))
	defer noWP.Close()
	gone := httptest.NewServer(http.NotFoundHandler())
	gone.Close()
	api := srv.URL + "/wp-json"
	for _, c := range []struct {
		name string
		cfg  Config
		want string
	}{
		{"wrong password", Config{URL: api, User: "admin", Password: "abcd abcd abcd abcd abcd abcd"}, "the credentials are rejected"},
		{"unknown user", Config{URL: api, User: "nobody", Password: pw}, "the credentials are rejected"},
		{"user without password", Config{URL: api, User: "admin"}, "set both WPCONTRACT_USER and WPCONTRACT_PASSWORD"},
		{"not an API root", Config{URL: html.URL}, "is not a WordPress REST API root"},
		{"the site root instead of the API root", Config{URL: srv.URL}, srv.URL + "/wp-json is one"},
		{"no wp/v2", Config{URL: noWP.URL}, "but not wp/v2"},
		{"unreachable", Config{URL: gone.URL}, "cannot reach"},
		{"no target", Config{}, "no target"},
		{"a version that is not one", Config{URL: api, WPVersion: "six"}, "WPCONTRACT_WP_VERSION"},
	} {
		t.Run(c.name, func(t *testing.T) {
			dir := t.TempDir()
			c.cfg.ReportDir = dir
			rep, errs := runQuiet(c.cfg)
			if len(errs) != 1 || !strings.Contains(errs[0], c.want) {
				t.Fatalf("want one message with %q, got %d:\n%s", c.want, len(errs), strings.Join(errs, "\n"))
			}
			if !strings.Contains(rep.Preflight, c.want) || len(rep.Rules) != 0 {
				t.Errorf("report: preflight %q, %d rules checked", rep.Preflight, len(rep.Rules))
			}
			md, err := os.ReadFile(filepath.Join(dir, "summary.md"))
			if err != nil || !strings.Contains(string(md), c.want) {
				t.Errorf("summary.md does not say what to fix (%v):\n%s", err, md)
			}
		})
	}
}

// TestPreflightNeedsAnAdministrator: another role's application password is refused
// before anything runs.
func TestPreflightNeedsAnAdministrator(t *testing.T) {
	if ConfigFromEnv().URL != "" {
		t.Skip("checks the suite itself")
	}
	t.Parallel()
	m, err := mock.New(mock.Options{Control: control.Mount, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(m)
	defer srv.Close()
	for login, pw := range m.Passwords {
		if login == "admin" {
			continue
		}
		rep, _ := runQuiet(Config{URL: srv.URL + "/wp-json", User: login, Password: pw})
		if strings.Contains(rep.Preflight, "not an administrator") {
			return
		}
	}
	t.Errorf("no seeded user other than admin was refused as not an administrator")
}

// TestAnonymousChecksOnly: without credentials the anonymous checks run, and what needs
// the administrator is skipped with that reason, not failed.
func TestAnonymousChecksOnly(t *testing.T) {
	suiteOnly(t)
	if testing.Short() || ConfigFromEnv().URL != "" {
		t.Skip("runs the suite against the in-process mock")
	}
	t.Parallel()
	srv, _ := mockSite(t, nil)
	rep, errs := runQuiet(Config{URL: srv.URL + "/wp-json", Strict: true})
	if len(errs) > 0 {
		t.Fatalf("%d failures without credentials:\n%s", len(errs), strings.Join(first(errs, 3), "\n"))
	}
	if !strings.Contains(rep.Mode, "anonymous checks only") {
		t.Errorf("the report does not say the run was anonymous: %q", rep.Mode)
	}
	skipped := 0
	for _, g := range rep.Groups {
		if g.Result == "skipped" && strings.Contains(g.Note, "needs an administrator") {
			skipped++
		}
	}
	if skipped == 0 || len(rep.Rules) < 300 {
		t.Errorf("%d groups skipped for want of an administrator, %d rules checked", skipped, len(rep.Rules))
	}
}

// TestOneDefectOneRule: a target that drops X-WP-TotalPages fails one rule, named, with
// its count and three curl lines, not hundreds of messages.
func TestOneDefectOneRule(t *testing.T) {
	suiteOnly(t)
	if testing.Short() || ConfigFromEnv().URL != "" {
		t.Skip("runs the suite against the in-process mock")
	}
	t.Parallel()
	srv, pw := mockSite(t, dropHeader("X-WP-TotalPages"))
	dir := t.TempDir()
	rep, errs := runQuiet(Config{URL: srv.URL + "/wp-json", User: "admin", Password: pw, Strict: true, ReportDir: dir})
	failed := rep.FailedRules()
	if len(failed) != 1 || failed[0].ID != "pagination/total-pages" {
		t.Fatalf("want exactly the rule pagination/total-pages to fail, got:\n%s", rep.Text())
	}
	if len(errs) != 1 {
		t.Errorf("want one message in the log, got %d", len(errs))
	}
	if n := len(failed[0].Repros); n != 3 || failed[0].Failed < 10 {
		t.Errorf("%d requests broke it, %d repros kept; want many and 3", failed[0].Failed, n)
	}
	text := rep.Text()
	if strings.Count(text, "FAIL pagination/total-pages") != 1 || strings.Count(text, "curl -i") != 3 {
		t.Errorf("the text lists the rule once with three curl lines:\n%s", text)
	}
	md, _ := os.ReadFile(filepath.Join(dir, "summary.md"))
	junit, _ := os.ReadFile(filepath.Join(dir, "junit.xml"))
	if !bytes.Contains(md, []byte("`pagination/total-pages`")) || !bytes.Contains(md, []byte("curl -i")) {
		t.Errorf("summary.md does not list the failing rule with its first repro:\n%s", md)
	}
	// one case per rule, and a skipped one per group that did not run (the mock
	// registers no post type of its own, so the custom group is skipped)
	skipped := 0
	for _, g := range rep.Groups {
		if g.Result == "skipped" {
			skipped++
		}
	}
	cases, failures := bytes.Count(junit, []byte("<testcase ")), bytes.Count(junit, []byte("<failure "))
	if failures != 1 || cases != len(rep.Rules)+skipped {
		t.Errorf("junit.xml: %d test cases, %d failures; want one per rule (%d) and per skipped group (%d), one failure", cases, failures, len(rep.Rules), skipped)
	}
}

// TestReportOnEveryExit: a panic inside a group, and a deadline, still end with the
// reports written and say so.
func TestReportOnEveryExit(t *testing.T) {
	suiteOnly(t)
	if testing.Short() || ConfigFromEnv().URL != "" {
		t.Skip("runs the suite against the in-process mock")
	}
	t.Parallel()
	srv, pw := mockSite(t, nil)
	t.Run("panic", func(t *testing.T) {
		dir := t.TempDir()
		client := &http.Client{Transport: panicky{on: "/WP/V2/TYPES"}} // only the routes group asks this
		// the group that panics and one after it: the others would only add time
		rep, _ := runQuiet(Config{URL: srv.URL + "/wp-json", User: "admin", Password: pw, Strict: true, ReportDir: dir, Client: client,
			Skip: allGroupsBut("routes", "globals")})
		if r, ok := rep.Rule("suite/panic"); !ok || r.Failed == 0 {
			t.Fatalf("a panic in a group is not reported as the rule suite/panic:\n%s", rep.Text())
		}
		if g := groupOf(rep, "globals"); g.Result != "pass" {
			t.Errorf("the groups after the panic did not run on: globals %s", g.Result)
		}
		if md, err := os.ReadFile(filepath.Join(dir, "summary.md")); err != nil || !bytes.Contains(md, []byte("suite/panic")) {
			t.Errorf("summary.md (%v):\n%s", err, md)
		}
	})
	t.Run("deadline", func(t *testing.T) {
		dir := t.TempDir()
		rep, _ := runQuiet(Config{URL: srv.URL + "/wp-json", User: "admin", Password: pw, ReportDir: dir, Deadline: time.Now().Add(cleanupReserve / 2)})
		if !strings.Contains(rep.Aborted, "time limit") || groupOf(rep, "routes").Result != "not run" {
			t.Fatalf("a run past its deadline: aborted %q, routes %s", rep.Aborted, groupOf(rep, "routes").Result)
		}
		if md, _ := os.ReadFile(filepath.Join(dir, "summary.md")); !bytes.Contains(md, []byte("stopped early")) {
			t.Errorf("summary.md does not say the run stopped early:\n%s", md)
		}
	})
}

func groupOf(rep *Report, name string) GroupResult {
	for _, g := range rep.Groups {
		if g.Name == name {
			return g
		}
	}
	return GroupResult{}
}

// panicky is a transport that panics on one route, as a broken client library might.
type panicky struct{ on string }

func (p panicky) RoundTrip(r *http.Request) (*http.Response, error) {
	if strings.HasSuffix(r.URL.Path, p.on) {
		panic("panicky transport: " + p.on)
	}
	return http.DefaultTransport.RoundTrip(r)
}

// TestNoResidue: a target that wrongly accepts a request the suite expects it to refuse
// (a user with a role that does not exist) makes an object the suite never learns the
// id of; the clean-up finds it by the run's prefix and deletes it.
func TestNoResidue(t *testing.T) {
	suiteOnly(t)
	if testing.Short() || ConfigFromEnv().URL != "" {
		t.Skip("runs the suite against the in-process mock")
	}
	t.Parallel()
	var d defect
	for _, x := range defects {
		if x.rule == "users/create/invalid-role" {
			d = x
		}
	}
	srv, pw := mockSite(t, d.wrap)
	rep, _ := runQuiet(Config{URL: srv.URL + "/wp-json", User: "admin", Password: pw, Strict: true, Skip: allGroupsBut("users")})
	if !strings.Contains(rep.Cleanup, "deleted 1 object ") {
		t.Errorf("the clean-up did not find the user made for a refused request: %q", rep.Cleanup)
	}
	admin := &Suite{cfg: Config{URL: srv.URL + "/wp-json", User: "admin", Password: pw}, client: http.DefaultClient}
	for _, route := range []string{"/wp/v2/users", "/wp/v2/posts?status=any", "/wp/v2/posts?status=trash", "/wp/v2/media", "/wp/v2/tags", "/wp/v2/categories"} {
		sep := "?"
		if strings.Contains(route, "?") {
			sep = "&"
		}
		l := admin.as(admin.admin()).get(nopT{}, route+sep+"context=edit&search="+url.QueryEscape("wpcontract-"))
		if n := len(l.list()); n > 0 {
			t.Errorf("%s: %d objects of the suite left behind: %s", route, n, clip(l.Body, 300))
		}
	}
}

func allGroupsBut(keep ...string) []string {
	var skip []string
	for _, g := range sortedGroups() {
		if !strings.Contains(" "+strings.Join(keep, " ")+" ", " "+g.name+" ") {
			skip = append(skip, g.name)
		}
	}
	return skip
}

// TestBinaryBodiesAreNotPrinted: an image, in a request or a response, is shown by its
// type and length.
func TestBinaryBodiesAreNotPrinted(t *testing.T) {
	s := &Suite{cfg: Config{URL: "http://wp.test/wp-json"}}
	r := &Result{Method: http.MethodPost, Path: "/wp/v2/media", ReqBody: pngBytes, Status: 500,
		ReqHeader: map[string]string{"Content-Type": "image/png", "Content-Disposition": `attachment; filename="x.png"`},
		Header:    http.Header{"Content-Type": {"image/png"}}, Body: pngBytes}
	curl := s.curlLine(r)
	for _, got := range []string{curl, summary(r), showBody("", []byte{0xff, 0xfe, 0x00, 0x01}, 100)} {
		if !strings.Contains(got, "bytes") || strings.ContainsRune(got, 0) || strings.Contains(got, "PNG\r\n") {
			t.Errorf("a binary body is printed raw: %q", got)
		}
	}
	if !strings.Contains(curl, "--data-binary @x.png") {
		t.Errorf("the curl line does not name the file: %s", curl)
	}
}

// TestEveryRuleHasAnID: every check the suite makes against the mock without
// credentials is written with a stable id. The checks made with the administrator, in
// strict mode, are held to the same by TestContract, on its own run of the suite.
func TestEveryRuleHasAnID(t *testing.T) {
	suiteOnly(t)
	if testing.Short() || ConfigFromEnv().URL != "" {
		t.Skip("runs the suite against the in-process mock")
	}
	t.Parallel()
	srv, _ := mockSite(t, nil)
	rep, _ := runQuiet(Config{URL: srv.URL + "/wp-json"})
	requireRuleIDs(t, rep)
}

// requireRuleIDs fails t for each rule of rep written without a stable id.
func requireRuleIDs(t *testing.T, rep *Report) {
	t.Helper()
	if rep == nil || len(rep.Rules) == 0 {
		t.Fatalf("the run checked no rule")
	}
	for _, r := range rep.Rules {
		if strings.HasPrefix(r.ID, "unnamed/") || !ruleID.MatchString(r.ID) {
			t.Errorf("a rule without an id: %q", r.Text)
		}
	}
}
