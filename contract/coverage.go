package contract

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"regexp"
	"slices"
	"strings"
	"sync"

	"github.com/wpmock/wpmock/jsonshape"
)

// Coverage: which of the route methods the site's index (GET /wp-json/) exposes the
// run's checks reached. Each request a group makes is matched against the index's
// routes as WordPress matches them (in the index's order, '@^route$@i'), and counts
// for the first that matches and exposes its method (HEAD counts as GET; _method and
// X-HTTP-Method-Override as WordPress reads them). Config.MinCoverage fails a run
// below a share, under the rule coverage/min-share.

// hits are the route methods the run's requests reached.
type hits struct {
	mu     sync.Mutex
	routes []indexRoute // the index's, in its order
	got    map[string]map[string]bool
}

type indexRoute struct {
	pattern string
	re      *regexp.Regexp // nil when Go cannot compile it; then nothing matches it
	methods []string
}

// load takes the routes of the index (its body, for their order).
func (h *hits) load(index []byte, routes map[string]any) {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.got = map[string]map[string]bool{}
	h.routes = nil
	for _, p := range routeOrder(index) {
		data, _ := routes[p].(map[string]any)
		ms, _ := data["methods"].([]any)
		var methods []string
		for _, m := range ms {
			if s, ok := m.(string); ok && !slices.Contains(methods, s) {
				methods = append(methods, s)
			}
		}
		re, _ := regexp.Compile(`(?i)^` + p + `$`)
		h.routes = append(h.routes, indexRoute{pattern: p, re: re, methods: methods})
	}
}

// routeOrder lists the keys of the index's "routes" in the order the index gives them
// (a Go map forgets it, and WordPress matches the first route that fits).
func routeOrder(index []byte) []string {
	var root struct {
		Routes json.RawMessage `json:"routes"`
	}
	if json.Unmarshal(index, &root) != nil {
		return nil
	}
	return jsonshape.Keys(root.Routes)
}

// note records the route method a request of the run reached, if the index exposes it.
func (h *hits) note(r *Result) {
	method, route := requestRoute(r)
	h.mu.Lock()
	defer h.mu.Unlock()
	for _, rt := range h.routes {
		if rt.re == nil || !rt.re.MatchString(route) {
			continue
		}
		if slices.Contains(rt.methods, method) {
			if h.got[rt.pattern] == nil {
				h.got[rt.pattern] = map[string]bool{}
			}
			h.got[rt.pattern][method] = true
		}
		return
	}
}

// requestRoute is the method WordPress dispatches a request as, and its route.
func requestRoute(r *Result) (method, route string) {
	path, rawQuery, _ := strings.Cut(r.Path, "?")
	q, _ := url.ParseQuery(rawQuery)
	method = r.Method
	if m := q.Get("_method"); m != "" {
		method = strings.ToUpper(m)
	} else if m := r.ReqHeader["X-HTTP-Method-Override"]; m != "" {
		method = strings.ToUpper(m)
	}
	if method == http.MethodHead {
		method = http.MethodGet
	}
	route = strings.TrimRight(path, "/")
	if q.Has("rest_route") {
		route = strings.TrimRight(q.Get("rest_route"), "/")
	}
	if route == "" {
		route = "/"
	}
	return method, route
}

// Coverage is what the run reached of what the index exposes.
type Coverage struct {
	Routes           []RouteCoverage // in the index's order
	Exposed, Checked int             // route methods
}

// RouteCoverage is one route of the index: the methods it exposes and those checked.
type RouteCoverage struct {
	Route            string
	Exposed, Checked []string
}

// Share is the share of the exposed route methods the run checked.
func (c *Coverage) Share() float64 {
	if c.Exposed == 0 {
		return 0
	}
	return float64(c.Checked) / float64(c.Exposed)
}

// Line says it in one line: "coverage: 120 of 160 route methods the index exposes
// were checked (75.0%)".
func (c *Coverage) Line() string {
	return fmt.Sprintf("coverage: %d of %d route methods the index exposes were checked (%.1f%%)", c.Checked, c.Exposed, 100*c.Share())
}

// coverage is the coverage so far; nil before the index was read.
func (h *hits) coverage() *Coverage {
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.routes == nil {
		return nil
	}
	c := &Coverage{}
	for _, rt := range h.routes {
		rc := RouteCoverage{Route: rt.pattern, Exposed: rt.methods}
		for _, m := range rt.methods {
			if h.got[rt.pattern][m] {
				rc.Checked = append(rc.Checked, m)
			}
		}
		c.Exposed += len(rc.Exposed)
		c.Checked += len(rc.Checked)
		c.Routes = append(c.Routes, rc)
	}
	return c
}

// checkCoverage records the rule coverage/min-share when Config.MinCoverage is set.
func (s *Suite) checkCoverage() {
	min := s.cfg.MinCoverage
	c := s.hits.coverage()
	if min <= 0 || c == nil {
		return
	}
	const id, group = "coverage/min-share", "coverage"
	text := fmt.Sprintf("the run checks at least %.1f%% of the route methods the index exposes (-min-coverage %g)", 100*min, min)
	if c.Share() >= min {
		s.pass(group, id, text)
		return
	}
	got := fmt.Sprintf("%d of %d route methods checked (%.1f%%), below -min-coverage %g: summary.md lists the routes and methods not checked",
		c.Checked, c.Exposed, 100*c.Share(), min)
	s.fail(group, id, text, Repro{Curl: "(none)", Got: got})
}

// coverageMarkdown is summary.md's table: each route of the index, the methods it
// exposes and those the run checked.
func (c *Coverage) markdown() string {
	var b strings.Builder
	fmt.Fprintf(&b, "## Coverage\n\n%s.\n\n| route | methods exposed | methods checked |\n|---|---|---|\n",
		strings.ToUpper(c.Line()[:1])+c.Line()[1:])
	for _, r := range c.Routes {
		checked := strings.Join(r.Checked, ", ")
		if checked == "" {
			checked = "—"
		}
		fmt.Fprintf(&b, "| `%s` | %s | %s |\n", mdCell(r.Route), strings.Join(r.Exposed, ", "), checked)
	}
	return b.String()
}
