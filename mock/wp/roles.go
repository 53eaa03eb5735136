package wp

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/wpmock/wpmock/mock/store"
	"github.com/wpmock/wpmock/mock/wpfunc"
)

// class-wp-roles.php: the site's roles, core's five (populate_roles) and those a
// plugin adds (add_role), each with its capabilities, granted or denied. A custom
// capability type's capabilities (edit_books, ...) are granted to exactly the roles
// that list them, as in WordPress: no role of core's has them.

// Role is a role and its capabilities in the order given ({cap: true|false}).
type Role struct {
	Name, DisplayName string
	Caps              wpfunc.Object
	set               map[string]bool // the granted ones
}

// coreRoles are RoleCaps as roles.
var coreRoles = func() []*Role {
	out := make([]*Role, len(RoleNames))
	for i, name := range RoleNames {
		caps := make(wpfunc.Object, len(RoleCaps[name]))
		for j, c := range RoleCaps[name] {
			caps[j] = wpfunc.Member{Key: c, Value: true}
		}
		out[i] = &Role{Name: name, DisplayName: RoleLabels[name], Caps: caps, set: RoleCapSets[name]}
	}
	return out
}()

// AddRole is add_role(role, display_name, capabilities). WordPress adds nothing for a
// role that exists; the mock refuses it, as it is a mistake in a dataset.
func (g *Registry) AddRole(name, displayName string, caps wpfunc.Object) error {
	if !namePattern.MatchString(name) {
		return fmt.Errorf("role %q: lower-case letters, digits, _ or -", name)
	}
	if g.Role(name) != nil {
		return fmt.Errorf("role %q exists already", name)
	}
	if displayName == "" {
		return fmt.Errorf("role %q: a display name is needed", name)
	}
	r := &Role{Name: name, DisplayName: displayName, set: map[string]bool{}}
	for _, m := range caps {
		granted, ok := m.Value.(bool)
		if !ok {
			return fmt.Errorf("role %q: capability %q: want true or false", name, m.Key)
		}
		r.Caps = append(r.Caps, wpfunc.Member{Key: m.Key, Value: granted})
		if granted {
			r.set[m.Key] = true
		}
	}
	g.Roles = append(g.Roles, r)
	return nil
}

// Role is the role name, nil for none.
func (g *Registry) Role(name string) *Role {
	for _, r := range g.Roles {
		if r.Name == name {
			return r
		}
	}
	return nil
}

// Has says whether the role is granted cap.
func (r *Role) Has(cap string) bool { return r != nil && r.set[cap] }

// UserCan is user_can for a user other than the caller: whether one of the user's
// roles grants the capability.
func (g *Registry) UserCan(u *store.User, cap string) bool {
	for _, role := range u.Roles {
		if g.Role(role).Has(cap) {
			return true
		}
	}
	return false
}

// AllCaps is WP_User::$allcaps in order: the roles' capabilities (array_merge: a
// later role's value wins, the first position stays), then the roles themselves.
func (g *Registry) AllCaps(roles []string) wpfunc.Object {
	var out wpfunc.Object
	for _, name := range roles {
		if r := g.Role(name); r != nil {
			for _, m := range r.Caps {
				out = out.Set(m.Key, m.Value)
			}
		}
	}
	for _, name := range roles {
		out = out.Set(name, true)
	}
	if out == nil {
		return wpfunc.Object{}
	}
	return out
}

// UserLevel is the highest level_N capability the roles grant (0 for none), as
// user_level.
func (g *Registry) UserLevel(roles []string) int {
	level := 0
	for _, name := range roles {
		r := g.Role(name)
		if r == nil {
			continue
		}
		for c := range r.set {
			if n, err := strconv.Atoi(strings.TrimPrefix(c, "level_")); err == nil && strings.HasPrefix(c, "level_") && n > level {
				level = n
			}
		}
	}
	return level
}

// capSet is the capabilities a user's roles grant: a single role's set is shared,
// not copied.
func (g *Registry) capSet(roles []string) map[string]bool {
	if len(roles) == 1 {
		if r := g.Role(roles[0]); r != nil {
			return r.set
		}
		return nil
	}
	out := map[string]bool{}
	for _, name := range roles {
		if r := g.Role(name); r != nil {
			for c := range r.set {
				out[c] = true
			}
		}
	}
	return out
}
