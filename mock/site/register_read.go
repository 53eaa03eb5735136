package site

import (
	"fmt"
	"slices"
	"strings"

	"github.com/wpmock/wpmock/mock/wp"
)

// A dataset's register part is read once, by one function per kind of declaration,
// into a registry: the mock's (Registry keeps it) or a scratch one (Validate throws it
// away and keeps the refusals). Each reader checks the declaration's shape, then calls
// WordPress's registration function (mock/wp), so a declaration the validator accepts
// is one the registry registers, and the reverse.

// declKind is one kind of declaration: its list in the register part, the argument
// that names a declaration in errors, and its reader.
type declKind struct {
	list, key string
	decls     []Args
	read      func(d *declaring, i int, a Args) error
}

// declaring is the reading of one register part: the registry it fills and what the
// other checks of the dataset need to know of it.
type declaring struct {
	g   *wp.Registry
	r   *Register
	reg *Registered
}

// declError is a declaration's refusal with its dataset path: register.<list>[i],
// and the argument refused ("" when the registration function refused it whole).
type declError struct {
	list, key, field string
	i                int // -1 for nav_menus, whose entries are keys of one object
	err              error
}

// Error is the registry's form: the dataset's register.meta[0]: default: ...
func (e *declError) Error() string {
	s := fmt.Sprintf("the dataset's register.%s[%d]: ", e.list, e.i)
	if e.i < 0 {
		s = "the dataset's register." + e.list + ": "
	}
	if e.field != "" {
		s += e.field + ": "
	}
	return s + e.err.Error()
}

func (e *declError) Unwrap() error { return e.err }

// datasetError is the validator's form: register.post_types[2] (book): field "rest_namespace": ...
func (e *declError) datasetError() *Error {
	rec := "register." + e.list
	if e.i >= 0 {
		rec = recordName(rec, e.i, e.key)
	}
	return &Error{Record: rec, Field: e.field, Err: e.err}
}

// refuse is a reader's refusal of one argument (a MetaError, as ReadMeta's).
func refuse(field, format string, args ...any) error { return metaErr(field, format, args...) }

// newRegistered is an empty reading.
func newRegistered() *Registered {
	return &Registered{types: map[string]Args{}, taxonomies: map[string]Args{}, fields: map[string][]string{}}
}

// declare reads every declaration of r into g, in the order a plugin registers them
// on init, and returns every refusal. reg receives what the dataset's other checks read.
func declare(g *wp.Registry, r *Register, reg *Registered) []*declError {
	d := &declaring{g: g, r: r, reg: reg}
	errs := d.navMenus()
	for _, k := range []declKind{
		{"post_types", "name", r.PostTypes, (*declaring).postType},
		{"taxonomies", "name", r.Taxonomies, (*declaring).taxonomy},
		{"meta", "meta_key", r.Meta, (*declaring).meta},
		{"rest_fields", "attribute", r.RestFields, (*declaring).restField},
		{"post_statuses", "name", r.PostStatuses, (*declaring).postStatus},
		{"roles", "role", r.Roles, (*declaring).role},
		{"settings", "option_name", r.Settings, (*declaring).setting},
		{"rest_routes", "route", r.RestRoutes, (*declaring).restRoute},
	} {
		for i, a := range k.decls {
			if err := readDecl(d, k, i, a); err != nil {
				e := &declError{list: k.list, key: a.String(k.key), i: i, err: err}
				if m, ok := err.(*MetaError); ok {
					e.field, e.err = m.Field, m.Err
				}
				errs = append(errs, e)
			}
		}
	}
	return errs
}

// readDecl checks a declaration's keys (a misspelt key is never silently ignored),
// then reads it.
func readDecl(d *declaring, k declKind, i int, a Args) error {
	for _, m := range a {
		if !slices.Contains(registerKeys[k.list], m.Key) {
			return refuse(m.Key, "unknown argument (the mock reads %s)", strings.Join(registerKeys[k.list], ", "))
		}
	}
	return k.read(d, i, a)
}

// navMenus reads register_nav_menus' argument: {location: description}.
func (d *declaring) navMenus() []*declError {
	for _, m := range d.r.NavMenus {
		desc, ok := m.Value.(string)
		if !ok || !registerName.MatchString(m.Key) {
			return []*declError{{list: "nav_menus", i: -1, field: m.Key,
				err: fmt.Errorf("want a location name (lower-case letters, digits, _ or -) and its description, a string")}}
		}
		d.g.RegisterNavMenus(wp.Location{Name: m.Key, Description: desc})
	}
	return nil
}

// Missing names each declaration of r that g does not hold (`register.taxonomies[1]
// (genre)`): none for the registry Registry built from it, which tests show for
// every dataset and every generated site. A setting without show_in_rest is not
// missing: WordPress keeps nothing of it for REST either.
func (r *Register) Missing(g *wp.Registry) []string {
	if r == nil {
		return nil
	}
	var out []string
	miss := func(list string, i int, key string, held bool) {
		if !held {
			out = append(out, recordName("register."+list, i, key))
		}
	}
	for i, m := range r.NavMenus {
		miss("nav_menus", i, m.Key, g.Location(m.Key) != nil)
	}
	for i, a := range r.PostTypes {
		miss("post_types", i, a.String("name"), g.PostType(a.String("name")) != nil)
	}
	for i, a := range r.Taxonomies {
		miss("taxonomies", i, a.String("name"), g.Taxonomy(a.String("name")) != nil)
	}
	for i, a := range r.Meta {
		k, _ := ReadMeta(a)
		miss("meta", i, a.String("meta_key"), k != nil && slices.ContainsFunc(g.Meta, func(m *wp.MetaKey) bool {
			return m.ObjectType == k.ObjectType && m.Subtype == k.Subtype && m.Key == k.Key
		}))
	}
	for i, a := range r.RestFields {
		held := true
		for _, t := range a.Strings("object_type") {
			held = held && slices.ContainsFunc(g.FieldsOf(t), func(f *wp.RestField) bool { return f.Attribute == a.String("attribute") })
		}
		miss("rest_fields", i, a.String("attribute"), held)
	}
	for i, a := range r.PostStatuses {
		miss("post_statuses", i, a.String("name"), g.Status(a.String("name")) != nil)
	}
	for i, a := range r.Roles {
		miss("roles", i, a.String("role"), g.Role(a.String("role")) != nil)
	}
	for i, a := range r.Settings {
		if sir, _ := a.Get("show_in_rest"); sir != nil && sir != false {
			miss("settings", i, a.String("option_name"), slices.ContainsFunc(g.Settings, func(s *wp.Setting) bool {
				return s.Site && s.Option == a.String("option_name")
			}))
		}
	}
	for i, a := range r.RestRoutes {
		ns, route := a.String("namespace"), strings.TrimPrefix(a.String("route"), "/")
		miss("rest_routes", i, a.String("route"), slices.ContainsFunc(g.Routes, func(rt *wp.RestRoute) bool {
			return rt.Namespace == ns && strings.HasSuffix(rt.Pattern, route)
		}))
	}
	return out
}
