package contract

import (
	"encoding/json"
	"fmt"
	"regexp"
	"runtime/debug"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/wpmock/wpmock/jsonshape"
)

// counting is the T of a group: every check made through it is recorded under its
// rule for the reports, and the reasons its subtests were skipped are kept.
type counting struct {
	T
	s     *Suite
	group string
	top   bool // the group's own T, not a subtest's
}

func (c *counting) Run(name string, f func(t T)) bool {
	return c.T.Run(name, func(t T) {
		ct := &counting{T: t, s: c.s, group: c.group}
		defer ct.recoverPanic()
		f(ct)
	})
}

// recoverPanic, deferred, turns a panic in a group or subtest into a failure of the
// rule suite/panic, so one unexpected answer ends one subtest, not the run.
func (c *counting) recoverPanic() {
	if p := recover(); p != nil {
		stack := strings.Split(string(debug.Stack()), "\n")
		if len(stack) > 24 {
			stack = stack[:24]
		}
		check(c, nil, false, "suite/panic: the suite runs to its end whatever the target answers",
			"%s panicked: %v\n%s", c.Name(), p, strings.Join(stack, "\n"))
	}
}

func (c *counting) Skipf(format string, args ...any) {
	c.T.Helper()
	c.s.noteSkip(c.group, c.Name(), c.top, fmt.Sprintf(format, args...))
	c.T.Skipf(format, args...)
}

// A rule is written "id: what it says", e.g. "deletes/tags/force-required: DELETE
// without force=true answers 501". The id is stable: reports group failures by it,
// JUnit has one test case per id, and the suite's own tests match on it.
var ruleID = regexp.MustCompile(`^[A-Za-z0-9_.-]+(/[A-Za-z0-9_.{}-]+)+$`)

// splitRule separates a rule's id from its text. A rule written without an id gets
// one under "unnamed/", which TestEveryRuleHasAnID refuses.
func splitRule(rule string) (id, text string) {
	if id, text, ok := strings.Cut(rule, ": "); ok && ruleID.MatchString(id) {
		return id, text
	}
	return "unnamed/" + rule, rule
}

// check records one check of the contract: a rule, the exchange it was checked on,
// whether it held, and what came back if not. The first failure of a rule in the run
// is reported in full; later ones only count (the report lists the first three as
// curl lines), so one defect is one message, not a flood.
func check(t T, r *Result, ok bool, rule string, format string, args ...any) bool {
	t.Helper()
	id, text := splitRule(rule)
	c, counted := t.(*counting)
	if ok {
		if counted {
			c.s.pass(c.group, id, text)
		}
		return true
	}
	got := fmt.Sprintf(format, args...)
	resp := ""
	if r != nil {
		resp = summary(r)
	}
	first := true
	if counted {
		first = c.s.fail(c.group, id, text, repro{Curl: curlOf(r), Got: got, Response: resp})
	}
	if !first {
		t.Fail()
		return false
	}
	msg := fmt.Sprintf("rule %s: %s\n  request: %s\n  got: %s", id, text, curlOf(r), got)
	if resp != "" {
		msg += "\n  response: " + resp
	}
	t.Errorf("%s", msg)
	return false
}

// skipRule records that a rule could not be checked here, and why: it needs a fact of
// the site the suite cannot read (facts.go). The reports list it as skipped, with the
// reason, never as passed.
func skipRule(t T, rule, why string) {
	t.Helper()
	id, text := splitRule(rule)
	if c, ok := t.(*counting); ok {
		c.s.skip(c.group, id, text, why)
	}
	t.Logf("rule %s skipped: %s", id, why)
}

// routeSlug names a route in a rule id: "/wp/v2/posts/{id}/revisions" →
// "posts-id-revisions", "/wp/v2/types/post" → "types-post".
func routeSlug(route string) string {
	r := strings.TrimPrefix(strings.ToLower(route), "/wp/v2")
	r = strings.NewReplacer("{", "", "}", "", "?", "/", "=", "-", "&", "-", "_", "-").Replace(r)
	return strings.Trim(strings.ReplaceAll(r, "/", "-"), "-")
}

func curlOf(r *Result) string {
	if r == nil || r.curl == "" {
		return "(none)"
	}
	return r.curl
}

// summary is the status line and the start of the body (binary bodies by their type
// and length only).
func summary(r *Result) string {
	s := strconv.Itoa(r.Status)
	if c := r.code(); c != "" {
		s += " " + c
	}
	if len(r.Body) > 0 {
		s += " " + showBody(r.Header.Get("Content-Type"), r.Body, 400)
	}
	return s
}

// wantStatus checks the status code.
func wantStatus(t T, r *Result, status int, rule string) bool {
	t.Helper()
	return check(t, r, r.Status == status, rule, "status %d, want %d", r.Status, status)
}

// wantError checks an error answer: status, code and WordPress's envelope
// {code, message, data:{status}}.
func wantError(t T, r *Result, status int, code, rule string) bool {
	t.Helper()
	if !check(t, r, r.Status == status && r.code() == code, rule, "%d %q, want %d %q", r.Status, r.code(), status, code) {
		return false
	}
	obj := r.object()
	_, msgOK := obj["message"].(string)
	data, _ := obj["data"].(map[string]any)
	return check(t, r, msgOK && data != nil && data["status"] == float64(status), "errors/envelope: an error is {code, message, data:{status}}",
		"body %s", showBody(r.Header.Get("Content-Type"), r.Body, 300))
}

// at returns the value at a dotted path ("data.params.0"); ok is false when absent.
func at(v any, path string) (any, bool) {
	if path == "" {
		return v, true
	}
	for _, k := range strings.Split(path, ".") {
		switch x := v.(type) {
		case map[string]any:
			var ok bool
			if v, ok = x[k]; !ok {
				return nil, false
			}
		case []any:
			i, err := strconv.Atoi(k)
			if err != nil || i < 0 || i >= len(x) {
				return nil, false
			}
			v = x[i]
		default:
			return nil, false
		}
	}
	return v, true
}

// wantValue checks the JSON value at path.
func wantValue(t T, r *Result, path string, want any, rule string) bool {
	t.Helper()
	got, ok := at(r.JSON(), path)
	return check(t, r, ok && jsonEqual(got, want), rule, "%s = %s, want %s", orRoot(path), show(got, ok), show(want, true))
}

func orRoot(p string) string {
	if p == "" {
		return "(body)"
	}
	return p
}

func show(v any, ok bool) string {
	if !ok {
		return "(absent)"
	}
	b, _ := json.Marshal(v)
	return clip(b, 200)
}

func jsonEqual(a, b any) bool {
	x, _ := json.Marshal(a)
	y, _ := json.Marshal(b)
	return string(x) == string(y)
}

// keysOf lists an object's keys, sorted.
func keysOf(v any) []string {
	m, _ := v.(map[string]any)
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// wantKeys checks that the object at path has exactly the keys want.
func wantKeys(t T, r *Result, path string, want []string, rule string) bool {
	t.Helper()
	v, ok := at(r.JSON(), path)
	if _, isObj := v.(map[string]any); !ok || !isObj {
		return check(t, r, false, rule, "%s is %s, want an object", orRoot(path), show(v, ok))
	}
	got := keysOf(v)
	missing, extra := diffSets(want, got)
	return check(t, r, len(missing)+len(extra) == 0, rule, "%s: missing %v, unexpected %v", orRoot(path), missing, extra)
}

func diffSets(want, got []string) (missing, extra []string) {
	w, g := map[string]bool{}, map[string]bool{}
	for _, k := range want {
		w[k] = true
	}
	for _, k := range got {
		g[k] = true
		if !w[k] {
			extra = append(extra, k)
		}
	}
	for _, k := range want {
		if !g[k] {
			missing = append(missing, k)
		}
	}
	sort.Strings(missing)
	sort.Strings(extra)
	return missing, extra
}

// wantHeader checks a response header's value.
func wantHeader(t T, r *Result, name, want, rule string) bool {
	t.Helper()
	got := r.Header.Get(name)
	return check(t, r, got == want, rule, "header %s: %q, want %q", name, got, want)
}

// jsonType names the JSON type of a decoded value (jsonshape.Type).
var jsonType = jsonshape.Type

// wantKeysInclude checks that the object at path has at least the keys want (a site's
// post types, taxonomies and statuses are its configuration: plugins add more).
func wantKeysInclude(t T, r *Result, path string, want []string, rule string) bool {
	t.Helper()
	v, ok := at(r.JSON(), path)
	if _, isObj := v.(map[string]any); !ok || !isObj {
		return check(t, r, false, rule, "%s is %s, want an object", orRoot(path), show(v, ok))
	}
	missing, _ := diffSets(want, keysOf(v))
	return check(t, r, len(missing) == 0, rule, "%s: missing %v (has %v)", orRoot(path), missing, keysOf(v))
}

// wantNoKeys checks that the object at path has none of the keys.
func wantNoKeys(t T, r *Result, path string, keys []string, rule string) bool {
	t.Helper()
	v, _ := at(r.JSON(), path)
	got := keysOf(v)
	var present []string
	for _, k := range keys {
		if slices.Contains(got, k) {
			present = append(present, k)
		}
	}
	return check(t, r, len(present) == 0, rule, "%s has %v", orRoot(path), present)
}

// linkRels reads a Link header: the URL of each rel.
func linkRels(h string) map[string]string {
	out := map[string]string{}
	for _, part := range strings.Split(h, ",") {
		u, params, ok := strings.Cut(strings.TrimSpace(part), ";")
		if !ok {
			continue
		}
		for _, param := range strings.Split(params, ";") {
			if rel, ok := strings.CutPrefix(strings.TrimSpace(param), "rel="); ok {
				out[strings.Trim(rel, `"`)] = strings.Trim(strings.TrimSpace(u), "<>")
			}
		}
	}
	return out
}
