package rest

import "github.com/wpmock/wpmock/mock/wpversion"

// The engine's names for the versions of mock/wpversion: a declaration (a field, an
// argument, a route) says in which versions it exists with Since and Until, and the
// server, items and arguments of a profile are built from the declarations that
// exist in it, once, at start.
type (
	// Version is wpversion.Version, a WordPress major.minor release (601 is 6.1).
	Version = wpversion.Version
	// Span is wpversion.Span, the versions a declaration exists in.
	Span = wpversion.Span
	// Changed is wpversion.Changed, a value later releases change.
	Changed[T any] = wpversion.Changed[T]
	// Step is wpversion.Step, a value from a version on.
	Step[T any] = wpversion.Step[T]
)

// The releases, as wpversion names them.
const (
	V61 = wpversion.V61
	V62 = wpversion.V62
	V63 = wpversion.V63
	V64 = wpversion.V64
	V65 = wpversion.V65
	V66 = wpversion.V66
	V67 = wpversion.V67
	V68 = wpversion.V68
	V69 = wpversion.V69
	V70 = wpversion.V70
	V71 = wpversion.V71
)

// Profiles are the versions the mock answers as (wpversion.Profiles).
var Profiles = wpversion.Profiles

// ParseVersion reads "6.8" or "6.8.12" and returns the profile it names
// (wpversion.Parse).
func ParseVersion(s string) (Version, error) { return wpversion.Parse(s) }

// ProfileFor is the profile that answers for a site running WordPress version s
// (wpversion.ProfileFor).
func ProfileFor(s string) (Version, bool) { return wpversion.ProfileFor(s) }

// ProfileNames are the profiles as their versions read (wpversion.ProfileNames).
func ProfileNames() []string { return wpversion.ProfileNames() }

// Since says the node exists from version v on (a field or argument a release added).
func (s *Schema) Since(v Version) *Schema { s.Span.Since = v; return s }

// Until says the node exists before version v only (what a release removed or
// replaced: a declaration Until(v) and its replacement Since(v)).
func (s *Schema) Until(v Version) *Schema { s.Span.Until = v; return s }

// inVersion filters schema nodes to those version v has, copying a node whose
// properties change so that declarations stay shared between profiles.
func inVersion(nodes []*Schema, v Version) []*Schema {
	out := make([]*Schema, 0, len(nodes))
	for _, n := range nodes {
		if n.Span.In(v) {
			out = append(out, n.forVersion(v))
		}
	}
	return out
}

// forVersion is the node as version v has it: its properties and items filtered.
func (s *Schema) forVersion(v Version) *Schema {
	props := inVersion(s.Properties, v)
	changed := len(props) != len(s.Properties)
	for i := range props {
		changed = changed || props[i] != s.Properties[i]
	}
	var items *Schema
	if s.Items != nil {
		items = s.Items.forVersion(v)
		changed = changed || items != s.Items
	}
	if !changed {
		return s
	}
	c := *s
	c.Properties, c.Items = props, items
	if s.Properties == nil {
		c.Properties = nil
	}
	return &c
}
