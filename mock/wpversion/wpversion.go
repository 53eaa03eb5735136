// Package wpversion names the WordPress releases the mock knows (V61 ... V71), the
// ones it answers as (Profiles: the one list of them in Go; ci/wordpress/versions is
// the scripts' and is checked against it), and how a declaration or a value depends
// on the version: Span (from Since, until Until) and Changed (a value and the
// releases that changed it). A leaf, below the engine (mock/rest) and WordPress's
// rules alike, as wp-includes/version.php is.
package wpversion

import (
	"fmt"
	"strconv"
	"strings"
)

// Version is a WordPress major.minor release: 601 is 6.1. The mock answers as one
// version (a profile); a declaration (a field, an argument, a route) says in which
// versions it exists with Since and Until, and the server, items and arguments of a
// profile are built from the declarations that exist in it, once, at start.
type Version int

// The releases that changed something the mock serves (shared/reference §18), and the
// ones the mock answers as.
const (
	V61 Version = 601 + iota
	V62
	V63
	V64
	V65
	V66
	V67
	V68
	V69
	V70 Version = 700
	V71 Version = 701
)

// Profiles are the versions the mock answers as (checked against the real WordPress
// of each in CI); V61, the specification's version, is the default.
var Profiles = []Version{V61, V68, V71}

func (v Version) String() string { return fmt.Sprintf("%d.%d", v/100, v%100) }

// Parse reads "6.8" or "6.8.12" and returns the profile it names; a version
// the mock has no profile for is an error that lists the known ones.
func Parse(s string) (Version, error) {
	major, rest, _ := strings.Cut(strings.TrimSpace(s), ".")
	minor, _, _ := strings.Cut(rest, ".")
	ma, err1 := strconv.Atoi(major)
	mi, err2 := strconv.Atoi(minor)
	if err1 == nil && err2 == nil && mi >= 0 && mi < 100 {
		for _, p := range Profiles {
			if p == Version(ma*100+mi) {
				return p, nil
			}
		}
	}
	return 0, fmt.Errorf("unknown WordPress version %q (known: %s)", s, strings.Join(ProfileNames(), ", "))
}

// ProfileNames are the profiles as their versions read ("6.1", "6.8", ...).
func ProfileNames() []string {
	names := make([]string, len(Profiles))
	for i, p := range Profiles {
		names[i] = p.String()
	}
	return names
}

// ProfileFor is the profile that answers for a site running WordPress version s
// ("6.9.1"): the newest profile not newer than it, the oldest for older ones. It
// reports false when s is not a version.
func ProfileFor(s string) (Version, bool) {
	major, rest, _ := strings.Cut(strings.TrimSpace(s), ".")
	minor, _, _ := strings.Cut(rest, ".")
	ma, err1 := strconv.Atoi(major)
	mi, err2 := strconv.Atoi(minor)
	if err1 != nil || err2 != nil || mi < 0 || mi >= 100 {
		return 0, false
	}
	p := Profiles[0]
	for _, q := range Profiles {
		if q <= Version(ma*100+mi) {
			p = q
		}
	}
	return p, true
}

// Span is the versions a declaration exists in: from Since (0: always) up to, not
// including, Until (0: still there).
type Span struct {
	Since, Until Version
}

// In reports whether version v has the declaration. The zero Version (no profile
// chosen) is the default profile, 6.1.
func (s Span) In(v Version) bool {
	if v == 0 {
		v = V61
	}
	return v >= s.Since && (s.Until == 0 || v < s.Until)
}

// Changed is a value of WordPress 6.1 that later releases change: Base, then each
// Step's value from its version on (oldest first).
type Changed[T any] struct {
	Base  T
	Steps []Step[T]
}

// Step is a value from a version on.
type Step[T any] struct {
	Since Version
	Value T
}

// At is the value in version v.
func (c Changed[T]) At(v Version) T {
	out := c.Base
	for _, s := range c.Steps {
		if (Span{Since: s.Since}).In(v) {
			out = s.Value
		}
	}
	return out
}
