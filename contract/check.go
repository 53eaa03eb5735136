package contract

import (
	"encoding/json"
	"fmt"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
)

// groupResult counts a group's checks for the reports.
type groupResult struct {
	mu       sync.Mutex
	name     string
	passed   int
	failed   int
	skipped  string
	failures []string
}

func (s *Suite) result(name string) *groupResult {
	s.mu.Lock()
	defer s.mu.Unlock()
	if r, ok := s.results[name]; ok {
		return r
	}
	r := &groupResult{name: name}
	s.results[name] = r
	return r
}

// counting is the T of a group: it counts failures for the reports.
type counting struct {
	T
	res *groupResult
}

func (c *counting) Errorf(format string, args ...any) {
	c.T.Helper()
	c.record(fmt.Sprintf(format, args...))
	c.T.Errorf(format, args...)
}

func (c *counting) Fatalf(format string, args ...any) {
	c.T.Helper()
	c.record(fmt.Sprintf(format, args...))
	c.T.Fatalf(format, args...)
}

func (c *counting) record(msg string) {
	c.res.mu.Lock()
	defer c.res.mu.Unlock()
	c.res.failed++
	c.res.failures = append(c.res.failures, msg)
}

func (c *counting) pass() {
	c.res.mu.Lock()
	defer c.res.mu.Unlock()
	c.res.passed++
}

func (c *counting) Run(name string, f func(t T)) bool {
	return c.T.Run(name, func(t T) { f(&counting{T: t, res: c.res}) })
}

// check records one check of the contract: a rule, the exchange it was checked on,
// whether it held, and what came back if not.
func check(t T, r *Result, ok bool, rule string, format string, args ...any) bool {
	t.Helper()
	if ok {
		if c, isCounting := t.(*counting); isCounting {
			c.pass()
		}
		return true
	}
	got := fmt.Sprintf(format, args...)
	msg := fmt.Sprintf("rule: %s\n  request: %s\n  got: %s", rule, curlOf(r), got)
	if r != nil {
		msg += "\n  response: " + summary(r)
	}
	t.Errorf("%s", msg)
	return false
}

func curlOf(r *Result) string {
	if r == nil {
		return "(none)"
	}
	return r.curl
}

// summary is the status line and the start of the body.
func summary(r *Result) string {
	s := strconv.Itoa(r.Status)
	if c := r.code(); c != "" {
		s += " " + c
	}
	if len(r.Body) > 0 {
		s += " " + clip(r.Body, 400)
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
	return check(t, r, msgOK && data != nil && data["status"] == float64(status), "error envelope: {code, message, data:{status}}",
		"body %s", clip(r.Body, 300))
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

// jsonType names the JSON type of a decoded value.
func jsonType(v any) string {
	switch v.(type) {
	case nil:
		return "null"
	case bool:
		return "boolean"
	case float64:
		return "number"
	case string:
		return "string"
	case []any:
		return "array"
	case map[string]any:
		return "object"
	}
	return fmt.Sprintf("%T", v)
}

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
