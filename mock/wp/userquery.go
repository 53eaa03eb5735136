package wp

import (
	"regexp"
	"slices"
	"strings"

	"github.com/wpmock/wpmock/mock/store"
)

// class-wp-user-query.php: what WP_User_Query makes of its arguments before its SQL,
// which runs in the store (store.UserQuery).

// AuthorRoles are the roles of a nonzero user_level, which who=authors asks a user to
// have one of (WP_User_Query's user_level != 0, Registry.UserLevel).
func AuthorRoles(g *Registry) map[string]bool {
	set := map[string]bool{}
	for _, role := range g.Roles {
		if g.UserLevel([]string{role.Name}) != 0 {
			set[role.Name] = true
		}
	}
	return set
}

// RoleFilter is role__in plus capability__in: the roles asked for, the roles having
// any of the capabilities, and the capability names themselves (which match users
// granted them directly, by WordPress's LIKE on the capabilities meta). nil: no filter.
func RoleFilter(g *Registry, roles, caps []string) map[string]bool {
	if len(roles) == 0 && len(caps) == 0 {
		return nil
	}
	set := map[string]bool{}
	for _, role := range roles {
		set[role] = true
	}
	for _, role := range g.Roles {
		for _, c := range caps {
			if role.Has(c) {
				set[role.Name] = true
				break
			}
		}
	}
	for _, c := range caps {
		set[c] = true
	}
	return set
}

// PublishedAuthors are the authors of published posts of the given types.
func PublishedAuthors(tx *store.Tx, types []string) map[int]bool {
	set := map[int]bool{}
	for _, u := range tx.Users() {
		for _, p := range tx.PostsByAuthor(u.ID) {
			if p.Status == "publish" && slices.Contains(types, p.Type) {
				set[u.ID] = true
				break
			}
		}
	}
	return set
}

var (
	numericSearch = regexp.MustCompile(`^\s*[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?\s*$`)
	urlSearch     = regexp.MustCompile(`^https?://`)
)

// UserSearchColumns are the columns WP_User_Query searches when its search_columns
// names none: chosen from the term's look (an email, a number, a URL, else the rest).
func UserSearchColumns(s string) []string {
	switch {
	case strings.Contains(s, "@"):
		return []string{"user_email"}
	case numericSearch.MatchString(s):
		return []string{"user_login", "ID"}
	case urlSearch.MatchString(s):
		return []string{"user_url"}
	}
	return []string{"user_login", "user_url", "user_email", "user_nicename", "display_name"}
}
