package contract

import (
	"encoding/xml"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"
)

// What a run found, and its reports: a text for the log, a JUnit file with one test
// case per rule (passing rules included) and a Markdown summary. Failures are grouped
// by rule: one line per failing rule with the number of requests that broke it and
// the first three as curl lines, so one defect reads as one line however many
// requests it breaks.

// maxRepros is how many failing requests of a rule are kept as curl lines.
const maxRepros = 3

// maxGots is how many failures of a rule keep what they got (for the suite's own tests).
const maxGots = 200

// ruleResult is what the run found out about one rule.
type ruleResult struct {
	id, text string
	group    string // the group that checked it first
	passed   int
	failed   int
	skipped  int    // times it could not be checked (skipRule)
	skipWhy  string // why, the first time
	repros   []Repro
	gots     []string
}

// Repro is one failing request of a rule: how to replay it and what it got.
type Repro struct {
	Curl     string // the request as a curl command line, password masked
	Got      string // what was wrong
	Response string // the status and the start of the body
}

type repro = Repro

// groupResult is what a group did.
type groupResult struct {
	name           string
	passed, failed int      // checks
	state          string   // "" (ran), "skipped", "blocked" or "not run"
	note           string   // why it was skipped, blocked or not run
	skips          []string // subtests that were skipped, with why
	ran            bool
}

func (s *Suite) result(name string) *groupResult {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.resultLocked(name)
}

func (s *Suite) resultLocked(name string) *groupResult {
	if r, ok := s.results[name]; ok {
		return r
	}
	r := &groupResult{name: name}
	s.results[name] = r
	return r
}

func (s *Suite) rule(id, text, group string) *ruleResult {
	r, ok := s.rules[id]
	if !ok {
		r = &ruleResult{id: id, text: text, group: group}
		s.rules[id] = r
		s.ruleOrder = append(s.ruleOrder, id)
	}
	return r
}

// pass records a check that held.
func (s *Suite) pass(group, id, text string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.rule(id, text, group).passed++
	s.resultLocked(group).passed++
}

// fail records a check that did not hold; it reports whether it is the rule's first
// failure in the run.
func (s *Suite) fail(group, id, text string, rp Repro) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	r := s.rule(id, text, group)
	if r.failed == 0 {
		r.text = text // the text of the failure shown
	}
	r.failed++
	if len(r.repros) < maxRepros {
		r.repros = append(r.repros, rp)
	}
	if len(r.gots) < maxGots {
		r.gots = append(r.gots, rp.Got)
	}
	s.resultLocked(group).failed++
	return r.failed == 1
}

// skip records that a rule could not be checked once, and why.
func (s *Suite) skip(group, id, text, why string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	r := s.rule(id, text, group)
	if r.skipped == 0 {
		r.skipWhy = why
	}
	r.skipped++
}

// noteSkip records why a group (top) or one of its subtests was skipped.
func (s *Suite) noteSkip(group, test string, top bool, why string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	g := s.resultLocked(group)
	if top {
		if g.state == "" {
			g.state, g.note = "skipped", why
			if strings.HasPrefix(why, "blocked") {
				g.state = "blocked"
			}
		}
		return
	}
	sub := test
	if i := strings.Index(test, "/"+group+"/"); i >= 0 {
		sub = test[i+len(group)+2:]
	}
	g.skips = append(g.skips, strings.ReplaceAll(sub, "_", " ")+": "+why)
}

// Report is what a run found.
type Report struct {
	URL       string
	Version   string // which WordPress version's facts the target was checked on, and how
	Mode      string // what the run left out on purpose (no credentials, read-only), or ""
	Preflight string // what to fix, when the preflight stopped the run before any group
	Aborted   string // why the run stopped before its end, when it did
	Groups    []GroupResult
	Rules     []RuleResult // in the order first checked
	Cleanup   string       // what the clean-up did
	// Coverage is what the run reached of the route methods the index exposes; nil
	// when the index was not read.
	Coverage *Coverage
	Started  time.Time
	Elapsed  time.Duration
}

// GroupResult is one group's outcome.
type GroupResult struct {
	Name           string
	Result         string // pass, FAIL, skipped, blocked or not run
	Note           string // why it was skipped, blocked or not run
	Skips          []string
	Passed, Failed int // checks
}

// RuleResult is one rule's outcome.
type RuleResult struct {
	ID, Text, Group string
	Passed, Failed  int    // checks
	Skipped         int    // times it could not be checked: a fact of the site the suite cannot read
	SkipWhy         string // why
	Repros          []Repro
	Gots            []string // what failures got (the first 200)
}

// Failed reports whether the run failed: the preflight stopped it, it was aborted, or
// a rule failed.
func (r *Report) Failed() bool {
	return r.Preflight != "" || r.Aborted != "" || len(r.FailedRules()) > 0
}

// FailedRules are the rules that failed, in the order first checked.
func (r *Report) FailedRules() []RuleResult {
	var out []RuleResult
	for _, x := range r.Rules {
		if x.Failed > 0 {
			out = append(out, x)
		}
	}
	return out
}

// SkippedRules are the rules that could not be checked somewhere in the run, in the
// order first met.
func (r *Report) SkippedRules() []RuleResult {
	var out []RuleResult
	for _, x := range r.Rules {
		if x.Skipped > 0 {
			out = append(out, x)
		}
	}
	return out
}

// Rule looks a rule up by id.
func (r *Report) Rule(id string) (RuleResult, bool) {
	for _, x := range r.Rules {
		if x.ID == id {
			return x, true
		}
	}
	return RuleResult{}, false
}

// report is a snapshot of what the run found so far.
func (s *Suite) report() *Report {
	s.mu.Lock()
	defer s.mu.Unlock()
	rep := &Report{URL: s.cfg.URL, Mode: s.mode, Preflight: s.preflightMsg, Aborted: s.aborted, Cleanup: s.cleanupMsg,
		Started: s.started, Elapsed: time.Since(s.started), Coverage: s.hits.coverage()}
	if s.wp != 0 {
		rep.Version = s.versionLine()
	}
	for _, id := range s.ruleOrder {
		x := s.rules[id]
		rep.Rules = append(rep.Rules, RuleResult{ID: x.id, Text: x.text, Group: x.group, Passed: x.passed, Failed: x.failed,
			Skipped: x.skipped, SkipWhy: x.skipWhy, Repros: append([]Repro(nil), x.repros...), Gots: append([]string(nil), x.gots...)})
	}
	for _, g := range s.groups() {
		x := s.resultLocked(g.name)
		res := "pass"
		switch {
		case x.state == "not run" || !x.ran && x.state == "":
			res = "not run"
		case x.failed > 0:
			res = "FAIL"
		case x.state != "":
			res = x.state
		}
		rep.Groups = append(rep.Groups, GroupResult{Name: x.name, Result: res, Note: x.note, Skips: append([]string(nil), x.skips...),
			Passed: x.passed, Failed: x.failed})
	}
	return rep
}

// SummaryLine counts rules and groups: "contract: PASS: 612 rules held (3,904 checks);
// 17 groups: 16 passed, 0 failed, 1 skipped".
func (r *Report) SummaryLine() string {
	failed := len(r.FailedRules())
	var checks int
	for _, x := range r.Rules {
		checks += x.Passed + x.Failed
	}
	count := map[string]int{}
	for _, g := range r.Groups {
		count[g.Result]++
	}
	verdict := "PASS"
	if r.Failed() {
		verdict = "FAIL"
	}
	if r.Preflight != "" {
		return "contract: FAIL: the preflight stopped the run before any group"
	}
	skipped := ""
	if n := len(r.SkippedRules()); n > 0 {
		skipped = fmt.Sprintf(", %d skipped", n)
	}
	line := fmt.Sprintf("contract: %s: %d of %d rules failed%s (%d checks); %d groups: %d passed, %d failed, %d skipped, %d blocked",
		verdict, failed, len(r.Rules), skipped, checks, len(r.Groups), count["pass"], count["FAIL"], count["skipped"], count["blocked"])
	if n := count["not run"]; n > 0 {
		line += fmt.Sprintf(", %d not run", n)
	}
	return line
}

// Text is the report for a log: the version line, the failing rules (one line each,
// with the first three requests that broke them as curl lines), what was skipped and
// why, and the summary line.
func (r *Report) Text() string {
	var b strings.Builder
	if r.Preflight != "" {
		fmt.Fprintf(&b, "contract: preflight: %s\n", r.Preflight)
		return b.String()
	}
	if r.Version != "" {
		fmt.Fprintf(&b, "%s\n", r.Version)
	}
	if r.Mode != "" {
		fmt.Fprintf(&b, "contract: %s\n", r.Mode)
	}
	for _, x := range r.FailedRules() {
		fmt.Fprintf(&b, "FAIL %s (%s): %s\n", x.ID, plural(x.Failed, "request"), x.Text)
		if len(x.Repros) > 0 {
			fmt.Fprintf(&b, "     got: %s\n", oneLine(x.Repros[0].Got, 300))
		}
		for _, rp := range x.Repros {
			if rp.Curl != "(none)" {
				fmt.Fprintf(&b, "     %s\n", rp.Curl)
			}
		}
	}
	for _, x := range r.SkippedRules() {
		fmt.Fprintf(&b, "Skipped rule %s (%s%s): %s\n", x.ID, plural(x.Skipped, "time"), checkedToo(x), x.SkipWhy)
	}
	for _, g := range r.Groups {
		switch g.Result {
		case "skipped", "blocked", "not run":
			fmt.Fprintf(&b, "%s %s: %s\n", strings.ToUpper(g.Result[:1])+g.Result[1:], g.Name, g.Note)
		}
	}
	if r.Aborted != "" {
		fmt.Fprintf(&b, "contract: the run stopped early: %s\n", r.Aborted)
	}
	if r.Cleanup != "" {
		fmt.Fprintf(&b, "contract: clean-up: %s\n", r.Cleanup)
	}
	if r.Coverage != nil {
		fmt.Fprintf(&b, "contract: %s\n", r.Coverage.Line())
	}
	b.WriteString(r.SummaryLine() + "\n")
	return b.String()
}

// checkedToo says how often a skipped rule was checked elsewhere in the run.
func checkedToo(x RuleResult) string {
	if n := x.Passed + x.Failed; n > 0 {
		return ", checked " + plural(n, "time") + " elsewhere"
	}
	return ""
}

func plural(n int, what string) string {
	if n == 1 {
		return "1 " + what
	}
	return fmt.Sprintf("%d %ss", n, what)
}

// oneLine is s on one line, at most n bytes.
func oneLine(s string, n int) string {
	s = strings.Join(strings.Fields(s), " ")
	if len(s) > n {
		s = s[:n] + "…"
	}
	return s
}

type junitSuites struct {
	XMLName xml.Name     `xml:"testsuites"`
	Suites  []junitSuite `xml:"testsuite"`
}

type junitSuite struct {
	Name       string          `xml:"name,attr"`
	Tests      int             `xml:"tests,attr"`
	Failures   int             `xml:"failures,attr"`
	Skipped    int             `xml:"skipped,attr"`
	Time       string          `xml:"time,attr"`
	Properties []junitProperty `xml:"properties>property,omitempty"`
	Cases      []junitCase     `xml:"testcase"`
}

type junitProperty struct {
	Name  string `xml:"name,attr"`
	Value string `xml:"value,attr"`
}

type junitCase struct {
	Name    string        `xml:"name,attr"`
	Class   string        `xml:"classname,attr"`
	Failure *junitFailure `xml:"failure,omitempty"`
	Skipped *junitSkipped `xml:"skipped,omitempty"`
	Output  string        `xml:"system-out,omitempty"`
}

type junitFailure struct {
	Message string `xml:"message,attr"`
	Text    string `xml:",chardata"`
}

type junitSkipped struct {
	Message string `xml:"message,attr"`
}

// JUnit is the report as JUnit XML: one test case per rule, passing rules included,
// named by the rule's id and classed by the group that checked it first; a skipped
// case per group that did not run, and a failed one for a preflight or an abort.
func (r *Report) JUnit() ([]byte, error) {
	suite := junitSuite{Name: "wpcontract " + r.URL, Time: fmt.Sprintf("%.3f", r.Elapsed.Seconds())}
	if c := r.Coverage; c != nil {
		suite.Properties = []junitProperty{{"coverage", fmt.Sprintf("%.4f", c.Share())},
			{"coverage.checked", fmt.Sprint(c.Checked)}, {"coverage.exposed", fmt.Sprint(c.Exposed)}}
	}
	add := func(c junitCase) {
		suite.Tests++
		if c.Failure != nil {
			suite.Failures++
		}
		if c.Skipped != nil {
			suite.Skipped++
		}
		suite.Cases = append(suite.Cases, c)
	}
	if r.Preflight != "" {
		add(junitCase{Name: "preflight", Class: "wpcontract", Failure: &junitFailure{Message: r.Preflight, Text: r.Preflight}})
	}
	for _, x := range r.Rules {
		c := junitCase{Name: x.ID, Class: "wpcontract." + x.Group, Output: fmt.Sprintf("%s\n%d checks held, %d failed", x.Text, x.Passed, x.Failed)}
		if x.Failed > 0 {
			var text strings.Builder
			for _, rp := range x.Repros {
				fmt.Fprintf(&text, "%s\n  got: %s\n  response: %s\n\n", rp.Curl, rp.Got, rp.Response)
			}
			c.Failure = &junitFailure{Message: fmt.Sprintf("%s broke it: %s", plural(x.Failed, "request"), x.Text), Text: text.String()}
		} else if x.Passed == 0 && x.Skipped > 0 {
			c.Skipped = &junitSkipped{Message: "skipped: " + x.SkipWhy}
		}
		add(c)
	}
	for _, g := range r.Groups {
		if r.Preflight != "" {
			break // no group ran: the preflight case says why
		}
		switch g.Result {
		case "skipped", "blocked", "not run":
			add(junitCase{Name: g.Name, Class: "wpcontract.groups", Skipped: &junitSkipped{Message: g.Result + ": " + g.Note}})
		}
	}
	if r.Aborted != "" {
		add(junitCase{Name: "run", Class: "wpcontract", Failure: &junitFailure{Message: "the run stopped early: " + r.Aborted, Text: r.Aborted}})
	}
	out, err := xml.MarshalIndent(junitSuites{Suites: []junitSuite{suite}}, "", "  ")
	if err != nil {
		return nil, err
	}
	return append([]byte(xml.Header), out...), nil
}

// Markdown is the report as summary.md: the verdict, the failing rules with their first
// repro, the groups, and the clean-up.
func (r *Report) Markdown() string {
	var md strings.Builder
	fmt.Fprintf(&md, "# Contract run against %s\n\n", r.URL)
	if r.Version != "" {
		fmt.Fprintf(&md, "%s\n\n", r.Version)
	}
	if r.Mode != "" {
		fmt.Fprintf(&md, "%s\n\n", r.Mode)
	}
	fmt.Fprintf(&md, "**%s**\n\n", strings.TrimPrefix(r.SummaryLine(), "contract: "))
	if r.Preflight != "" {
		fmt.Fprintf(&md, "## Preflight failed\n\n%s\n", r.Preflight)
		return md.String()
	}
	if r.Aborted != "" {
		fmt.Fprintf(&md, "## The run stopped early\n\n%s\n\n", r.Aborted)
	}
	if failed := r.FailedRules(); len(failed) > 0 {
		md.WriteString("## Failing rules\n\n| rule | requests | what it says | first repro |\n|---|---:|---|---|\n")
		for _, x := range failed {
			rp := ""
			if len(x.Repros) > 0 {
				rp = fmt.Sprintf("`%s`<br>got: %s", mdCell(x.Repros[0].Curl), mdCell(oneLine(x.Repros[0].Got, 300)))
			}
			fmt.Fprintf(&md, "| `%s` | %d | %s | %s |\n", x.ID, x.Failed, mdCell(x.Text), rp)
		}
		md.WriteString("\n")
	}
	if skipped := r.SkippedRules(); len(skipped) > 0 {
		md.WriteString("## Skipped rules\n\n| rule | times skipped | times checked | why |\n|---|---:|---:|---|\n")
		for _, x := range skipped {
			fmt.Fprintf(&md, "| `%s` | %d | %d | %s |\n", x.ID, x.Skipped, x.Passed+x.Failed, mdCell(x.SkipWhy))
		}
		md.WriteString("\n")
	}
	md.WriteString("## Groups\n\n| group | result | checks passed | checks failed | note |\n|---|---|---:|---:|---|\n")
	for _, g := range r.Groups {
		note := g.Note
		if len(g.Skips) > 0 {
			note = strings.TrimPrefix(note+"; skipped: "+strings.Join(g.Skips, "; "), "; ")
		}
		fmt.Fprintf(&md, "| %s | %s | %d | %d | %s |\n", g.Name, g.Result, g.Passed, g.Failed, mdCell(note))
	}
	if r.Cleanup != "" {
		fmt.Fprintf(&md, "\n## Clean-up\n\n%s\n", r.Cleanup)
	}
	if r.Coverage != nil {
		md.WriteString("\n" + r.Coverage.markdown())
	}
	return md.String()
}

// mdCell makes text safe inside a Markdown table cell.
func mdCell(s string) string {
	return strings.NewReplacer("|", `\|`, "\n", " ").Replace(s)
}

// WriteFiles writes junit.xml and summary.md to dir, each whole or not at all (a
// temporary file renamed over it), so a run that stops mid-write leaves the last
// complete report.
func (r *Report) WriteFiles(dir string) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	junit, err := r.JUnit()
	if err != nil {
		return err
	}
	if err := writeWhole(filepath.Join(dir, "junit.xml"), junit); err != nil {
		return err
	}
	return writeWhole(filepath.Join(dir, "summary.md"), []byte(r.Markdown()))
}

func writeWhole(path string, data []byte) error {
	tmp := path + ".tmp"
	if err := os.WriteFile(tmp, data, 0o644); err != nil {
		return err
	}
	return os.Rename(tmp, path)
}
