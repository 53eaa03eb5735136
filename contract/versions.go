package contract

import (
	"fmt"
	"net/http"
	"slices"
	"strconv"
	"strings"
)

// The WordPress versions the suite knows the facts of, how it finds out which one a
// target runs, and the facts that differ between them. Every fact of the suite is
// WordPress 6.1's; a fact that a later version changes says so where it is declared
// (words(...) with since(...) for key and argument lists, fact(...) with from(...)
// for any other value), so each version is checked on its own facts exactly, and a
// version the suite learns later is a few since(...) lines, not a copy of a table.

// wpVersion is a WordPress major.minor release: 601 is 6.1.
type wpVersion int

// Releases that changed something the suite checks (shared/reference §18 lists what).
// A fact is tagged with the release that changed it.
const (
	wp61 wpVersion = 601 + iota
	wp62
	wp63
	wp64
	wp65
	wp66
	wp67
	wp68
	wp69
	wp70 wpVersion = 700
	wp71 wpVersion = 701
)

// knownVersions are the versions the project runs for real (ci/wordpress) and checks
// the suite against; a target is checked as one of them.
var knownVersions = []wpVersion{wp61, wp68, wp71}

func (v wpVersion) String() string { return fmt.Sprintf("%d.%d", v/100, v%100) }

// parseVersion reads "6.8", "6.8.12" or "7.1-beta1" as a major.minor release.
func parseVersion(s string) (wpVersion, error) {
	s = strings.TrimSpace(s)
	major, rest, _ := strings.Cut(s, ".")
	minor := strings.FieldsFunc(rest, func(r rune) bool { return r < '0' || r > '9' })
	ma, err := strconv.Atoi(major)
	if err != nil || len(minor) == 0 || ma < 1 {
		return 0, fmt.Errorf("%q is not a WordPress version (want major.minor, e.g. 6.8)", s)
	}
	mi, err := strconv.Atoi(minor[0])
	if err != nil || mi > 99 {
		return 0, fmt.Errorf("%q is not a WordPress version (want major.minor, e.g. 6.8)", s)
	}
	return wpVersion(ma*100 + mi), nil
}

// knownAtOrBelow is the newest known version not newer than v: a 6.9 site is checked
// on 6.8's facts (what it adds beyond them is accepted where its schema declares it),
// and a site older than 6.1 on 6.1's.
func knownAtOrBelow(v wpVersion) wpVersion {
	best := knownVersions[0]
	for _, k := range knownVersions {
		if k <= v {
			best = k
		}
	}
	return best
}

// words is a list of names (an object's keys, a route's arguments) as WordPress 6.1
// has it, with the changes of later versions, oldest first.
type words struct {
	base    string
	changes []wordChange
}

type wordChange struct {
	since     wpVersion
	add, drop string
}

// w declares a list of names: 6.1's, then what later versions add or drop.
func w(base string, changes ...wordChange) words { return words{base: base, changes: changes} }

// since says version v adds the names in add.
func since(v wpVersion, add string) wordChange { return wordChange{since: v, add: add} }

// dropped says version v no longer has the names in drop.
func dropped(v wpVersion, drop string) wordChange { return wordChange{since: v, drop: drop} }

// at lists the names version v has.
func (ws words) at(v wpVersion) []string {
	out := strings.Fields(ws.base)
	for _, c := range ws.changes {
		if v < c.since {
			continue
		}
		drop := strings.Fields(c.drop)
		out = slices.DeleteFunc(out, func(x string) bool { return slices.Contains(drop, x) })
		out = append(out, strings.Fields(c.add)...)
	}
	return out
}

// plus is the list with more names in every version.
func (ws words) plus(more string) words {
	return words{base: ws.base + " " + more, changes: ws.changes}
}

// changed is a value of WordPress 6.1 that later versions change.
type changed[V any] struct {
	base  V
	steps []step[V]
}

type step[V any] struct {
	since wpVersion
	v     V
}

// fact declares a value: 6.1's, then the value from each later version on, oldest first.
func fact[V any](base V, steps ...step[V]) changed[V] { return changed[V]{base: base, steps: steps} }

// from says the value is v from version since on.
func from[V any](since wpVersion, v V) step[V] { return step[V]{since: since, v: v} }

// at is the value in version v.
func (c changed[V]) at(v wpVersion) V {
	out := c.base
	for _, s := range c.steps {
		if v >= s.since {
			out = s.v
		}
	}
	return out
}

// versionMarker is an argument a version declares in its OPTIONS answers that no
// earlier known version has, and that no plugin has a reason to add.
type versionMarker struct {
	v      wpVersion
	route  string // the route asked with OPTIONS
	method string // the endpoint
	arg    string // an argument of it that exists from v on
}

var versionMarkers = []versionMarker{
	{wp68, "/wp/v2/posts", http.MethodGet, "ignore_sticky"},
	{wp71, "/wp/v2/media", http.MethodPost, "generate_sub_sizes"},
}

// detectVersion decides which version's facts the target is checked on: the version
// WPCONTRACT_WP_VERSION names, else the newest version whose markers the site's own
// OPTIONS answers show.
func (s *Suite) detectVersion(t T) {
	t.Helper()
	if s.cfg.WPVersion != "" {
		v, err := parseVersion(s.cfg.WPVersion)
		if err != nil {
			t.Fatalf("contract: WPCONTRACT_WP_VERSION: %v", err)
			return
		}
		s.wp = knownAtOrBelow(v)
		s.wpWhy = "set by WPCONTRACT_WP_VERSION=" + s.cfg.WPVersion
		return
	}
	s.wp = knownVersions[0]
	s.wpWhy = "none of the markers of a later version"
	answers := map[string]*Result{}
	for _, m := range versionMarkers {
		r, ok := answers[m.route]
		if !ok {
			r = s.as(anonymous).do(t, http.MethodOptions, m.route, nil)
			answers[m.route] = r
		}
		if _, has := at(r.JSON(), endpointFor(r, m.method)+".args."+m.arg); has && m.v > s.wp {
			s.wp = m.v
			s.wpWhy = fmt.Sprintf("OPTIONS %s: %s takes %s, new in %s", m.route, m.method, m.arg, m.v)
		}
	}
}

// versionLine says which version the target is checked as, and why.
func (s *Suite) versionLine() string {
	mode := "declared extra fields accepted"
	if s.cfg.Strict {
		mode = "strict: exact key sets"
	}
	return fmt.Sprintf("contract: checked as WordPress %s (%s); %s", s.wp, s.wpWhy, mode)
}
