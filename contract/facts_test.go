package contract

import (
	"strings"
	"testing"
)

// TestUnknownFactsAreSkipped: without credentials the suite cannot list a site's
// statuses that are not public, so the rule that needs them is reported skipped, with
// why, in the text and the summary line: never passed quietly.
func TestUnknownFactsAreSkipped(t *testing.T) {
	suiteOnly(t)
	if testing.Short() || ConfigFromEnv().URL != "" {
		t.Skip("runs the suite against the in-process mock")
	}
	t.Parallel()
	srv, _ := mockSite(t, nil)
	rep, errs := runQuiet(Config{URL: srv.URL + "/wp-json", Skip: []string{"errors", "fields", "types", "params", "pagination", "globals", "auth", "search"}})
	if len(errs) > 0 {
		t.Fatalf("%d failures without credentials:\n%s", len(errs), strings.Join(first(errs, 3), "\n"))
	}
	r, ok := rep.Rule("schemas/posts/arg-status")
	if !ok || r.Skipped == 0 || !strings.Contains(r.SkipWhy, "no credentials") {
		t.Fatalf("schemas/posts/arg-status: %+v, want it skipped for want of credentials", r)
	}
	if text := rep.Text(); !strings.Contains(text, "Skipped rule schemas/posts/arg-status") {
		t.Errorf("the text report does not list the skipped rule:\n%s", text)
	}
	if line := rep.SummaryLine(); !strings.Contains(line, "skipped (") {
		t.Errorf("the summary line does not count the skipped rules: %s", line)
	}
}

// TestSkippedRuleReports: a rule that was only ever skipped is a skipped JUnit case and
// a row of the Markdown summary's skipped rules, with why.
func TestSkippedRuleReports(t *testing.T) {
	rep := &Report{URL: "http://example.test/wp-json", Rules: []RuleResult{
		{ID: "defaults/posts/default-category", Text: "a post is put in the default category", Group: "defaults", Skipped: 1, SkipWhy: "no credentials"},
		{ID: "posts/dates/local", Text: "date is local", Group: "posts", Passed: 3},
	}}
	junit, err := rep.JUnit()
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(junit), `<skipped message="skipped: no credentials">`) {
		t.Errorf("junit.xml has no skipped case for the rule:\n%s", junit)
	}
	if md := rep.Markdown(); !strings.Contains(md, "| `defaults/posts/default-category` | 1 | 0 | no credentials |") {
		t.Errorf("summary.md does not list the skipped rule:\n%s", md)
	}
	if got, want := rep.SummaryLine(), "0 of 2 rules failed, 1 skipped (3 checks)"; !strings.Contains(got, want) {
		t.Errorf("summary line %q, want it to say %q", got, want)
	}
}

// TestWPList: WordPress's wp_sprintf_l lists, as its enum messages give them.
func TestWPList(t *testing.T) {
	for _, c := range []struct {
		in   []string
		want string
	}{{[]string{"a"}, "a"}, {[]string{"a", "b"}, "a and b"}, {[]string{"a", "b", "c"}, "a, b, and c"}} {
		if got := wpList(c.in); got != c.want {
			t.Errorf("wpList(%v) = %q, want %q", c.in, got, c.want)
		}
	}
}
