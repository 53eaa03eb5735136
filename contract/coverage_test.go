package contract

import (
	"strings"
	"testing"
)

// TestCoverage: the report lists each route of the index with the methods it exposes
// and those the run's requests reached, in summary.md and junit.xml; -min-coverage
// fails a run below the share under the rule coverage/min-share.
func TestCoverage(t *testing.T) {
	suiteOnly(t)
	t.Parallel()
	cfg := inProcess(t)
	cfg.Skip = allGroupsBut("routes")
	cfg.MinCoverage = 0.99
	rec := NewRecorder("contract")
	rep := Run(rec, cfg)
	rec.Finish()
	c := rep.Coverage
	if c == nil || c.Exposed == 0 || c.Checked == 0 || c.Checked >= c.Exposed {
		t.Fatalf("coverage %+v", c)
	}
	var posts *RouteCoverage
	for i, r := range c.Routes {
		if r.Route == "/wp/v2/posts" {
			posts = &c.Routes[i]
		}
	}
	if posts == nil || strings.Join(posts.Exposed, ",") != "GET,POST" || len(posts.Checked) == 0 {
		t.Errorf("/wp/v2/posts: %+v", posts)
	}
	r, ok := rep.Rule("coverage/min-share")
	if !ok || r.Failed != 1 || !strings.Contains(r.Gots[0], "below -min-coverage 0.99") {
		t.Errorf("coverage/min-share: %+v", r)
	}
	md := rep.Markdown()
	for _, want := range []string{"## Coverage", "| route | methods exposed | methods checked |", "| `/wp/v2/posts` | GET, POST |"} {
		if !strings.Contains(md, want) {
			t.Errorf("summary.md lacks %q", want)
		}
	}
	junit, err := rep.JUnit()
	if err != nil || !strings.Contains(string(junit), `<property name="coverage" value="0.`) ||
		!strings.Contains(string(junit), `<testcase name="coverage/min-share"`) {
		t.Errorf("junit.xml: %v\n%.1500s", err, junit)
	}
}
