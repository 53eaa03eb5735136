package contract

import (
	"encoding/xml"
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// Reports: a JUnit XML file (one test case per group) and a Markdown summary, written
// to Config.ReportDir.

type junitSuites struct {
	XMLName xml.Name     `xml:"testsuites"`
	Suites  []junitSuite `xml:"testsuite"`
}

type junitSuite struct {
	Name     string      `xml:"name,attr"`
	Tests    int         `xml:"tests,attr"`
	Failures int         `xml:"failures,attr"`
	Skipped  int         `xml:"skipped,attr"`
	Cases    []junitCase `xml:"testcase"`
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

func (s *Suite) orderedResults() []*groupResult {
	var out []*groupResult
	for _, g := range sortedGroups() {
		out = append(out, s.result(g.name))
	}
	return out
}

func (s *Suite) writeReports(dir string) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	suite := junitSuite{Name: "wpcontract " + s.cfg.URL}
	var md strings.Builder
	fmt.Fprintf(&md, "# Contract run against %s\n\n%s\n\n| group | result | checks passed | checks failed |\n|---|---|---:|---:|\n", s.cfg.URL, s.versionLine())
	for _, r := range s.orderedResults() {
		c := junitCase{Name: r.name, Class: "contract", Output: fmt.Sprintf("%d checks passed, %d failed", r.passed, r.failed)}
		result := "pass"
		switch {
		case r.skipped != "":
			c.Skipped = &junitSkipped{Message: r.skipped}
			suite.Skipped++
			result = "skipped: " + r.skipped
		case r.failed > 0:
			c.Failure = &junitFailure{Message: fmt.Sprintf("%d checks failed", r.failed), Text: strings.Join(r.failures, "\n\n")}
			suite.Failures++
			result = "FAIL"
		}
		suite.Tests++
		suite.Cases = append(suite.Cases, c)
		fmt.Fprintf(&md, "| %s | %s | %d | %d |\n", r.name, result, r.passed, r.failed)
	}
	fmt.Fprintf(&md, "\n%s\n", s.summaryLine())
	out, err := xml.MarshalIndent(junitSuites{Suites: []junitSuite{suite}}, "", "  ")
	if err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(dir, "junit.xml"), append([]byte(xml.Header), out...), 0o644); err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(dir, "summary.md"), []byte(md.String()), 0o644)
}

// summaryLine counts groups and checks: "contract: 17 groups (16 passed, 0 failed, 1
// skipped), 812 checks passed, 0 failed".
func (s *Suite) summaryLine() string {
	var pass, fail, skip, checks, failedChecks int
	for _, r := range s.orderedResults() {
		checks += r.passed
		failedChecks += r.failed
		switch {
		case r.skipped != "":
			skip++
		case r.failed > 0:
			fail++
		default:
			pass++
		}
	}
	return fmt.Sprintf("contract: %d groups (%d passed, %d failed, %d skipped), %d checks passed, %d failed",
		pass+fail+skip, pass, fail, skip, checks, failedChecks)
}
