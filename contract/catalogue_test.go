package contract

import (
	"bufio"
	"fmt"
	"net/http/httptest"
	"os"
	"strings"
	"testing"

	"github.com/wpmock/wpmock/mock"
	"github.com/wpmock/wpmock/mock/control"
	"github.com/wpmock/wpmock/mock/rest"
)

// catalogueRow is one line of catalogue.tsv: a test of WordPress's own REST API suite
// and what the contract suite does about it.
type catalogueRow struct {
	line          int
	class, method string
	status        string   // covered, not covered or not observable
	rules         []string // the rule ids that check it (covered rows only); a family such as types/posts stands for its rules types/posts/...
	note          string   // why it is not covered or not observable, or a remark
}

const (
	covered       = "covered"
	notCovered    = "not covered"
	notObservable = "not observable"
)

func readCatalogue(t *testing.T) []catalogueRow {
	t.Helper()
	f, err := os.Open("catalogue.tsv")
	if err != nil {
		t.Fatalf("catalogue: %v", err)
	}
	defer f.Close()
	var rows []catalogueRow
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		cols := strings.Split(line, "\t")
		if len(cols) != 5 {
			t.Errorf("catalogue.tsv:%d: %d columns, want 5 (class, method, status, rules, note)", n, len(cols))
			continue
		}
		rows = append(rows, catalogueRow{line: n, class: cols[0], method: cols[1], status: cols[2], rules: strings.Fields(cols[3]), note: cols[4]})
	}
	if err := sc.Err(); err != nil {
		t.Fatalf("catalogue: %v", err)
	}
	return rows
}

// coverageLine is the sentence catalogue.md and docs/contract.md give for the table.
func coverageLine(rows []catalogueRow) string {
	n := map[string]int{}
	for _, r := range rows {
		n[r.status]++
	}
	return fmt.Sprintf("%d tests: %d observable over HTTP (%d covered by rules, %d not covered), %d not observable over HTTP",
		len(rows), n[covered]+n[notCovered], n[covered], n[notCovered], n[notObservable])
}

// TestCatalogue checks catalogue.tsv: each of WordPress's tests is listed once, with a
// status; a covered one names rules the suite really checks (seen in a run against
// the mock as 6.1 and as 7.1), the others say why; and catalogue.md's coverage line is
// the table's. A proof of the catalogue's claims, two runs of the suite: make proof.
func TestCatalogue(t *testing.T) {
	if testing.Short() || ConfigFromEnv().URL != "" {
		t.Skip("runs the suite against the in-process mock to learn its rule ids")
	}
	proofOnly(t)
	rows := readCatalogue(t)
	checked := map[string]bool{}
	for _, v := range []rest.Version{rest.V61, rest.V71} {
		m, err := mock.New(mock.Options{Control: control.Mount, Seed: 1, Version: v})
		if err != nil {
			t.Fatalf("mock.New: %v", err)
		}
		srv := httptest.NewServer(m)
		rec := NewRecorder("catalogue")
		rep := Run(rec, Config{URL: srv.URL + "/wp-json", User: "admin", Password: m.Passwords["admin"], Strict: true})
		rec.Finish()
		srv.Close()
		for _, r := range rep.Rules {
			checked[r.ID] = true
		}
	}
	seen := map[string]int{}
	for _, r := range rows {
		where := fmt.Sprintf("catalogue.tsv:%d: %s::%s", r.line, r.class, r.method)
		if prev, dup := seen[r.class+"::"+r.method]; dup {
			t.Errorf("%s: listed again (first on line %d)", where, prev)
		}
		seen[r.class+"::"+r.method] = r.line
		switch r.status {
		case covered:
			if len(r.rules) == 0 {
				t.Errorf("%s: covered, but names no rule", where)
			}
			for _, id := range r.rules {
				if !checked[id] && !family(checked, id) {
					t.Errorf("%s: rule %s is not checked by the suite (against the mock as 6.1 or 7.1)", where, id)
				}
			}
		case notCovered, notObservable:
			if len(r.rules) != 0 || strings.TrimSpace(r.note) == "" {
				t.Errorf("%s: %s rows name no rule and say why (rules %v, note %q)", where, r.status, r.rules, r.note)
			}
		default:
			t.Errorf("%s: status %q, want covered, not covered or not observable", where, r.status)
		}
	}
	type counts struct{ all, c, nc, no int }
	var classes []string
	per := map[string]*counts{}
	for _, r := range rows {
		if per[r.class] == nil {
			per[r.class] = &counts{}
			classes = append(classes, r.class)
		}
		n := per[r.class]
		n.all++
		switch r.status {
		case covered:
			n.c++
		case notCovered:
			n.nc++
		case notObservable:
			n.no++
		}
	}
	md, err := os.ReadFile("catalogue.md")
	if err != nil {
		t.Fatalf("catalogue: %v", err)
	}
	for _, c := range classes {
		n := per[c]
		if want := fmt.Sprintf("| %s | %d | %d | %d | %d |", c, n.all, n.c, n.nc, n.no); !strings.Contains(string(md), want) {
			t.Errorf("catalogue.md: the line for %s is not %q", c, want)
		}
	}
	line := coverageLine(rows)
	for _, doc := range []string{"catalogue.md", "../docs/contract.md"} {
		b, err := os.ReadFile(doc)
		if err != nil {
			t.Fatalf("catalogue: %v", err)
		}
		if !strings.Contains(string(b), line) {
			t.Errorf("%s does not give the catalogue's coverage line: %q", doc, line)
		}
	}
}

// family says whether id names a family of checked rules: id/... .
func family(checked map[string]bool, id string) bool {
	for k := range checked {
		if strings.HasPrefix(k, id+"/") {
			return true
		}
	}
	return false
}
