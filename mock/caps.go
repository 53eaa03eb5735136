package mock

import (
	"strconv"
	"strings"

	"github.com/wpmock/wpmock/mock/store"
)

// The five default roles of WordPress 6.1 and their capabilities, in the order
// populate_roles() adds them (which is the order a user's "capabilities" field lists).
var roleCaps = map[string][]string{
	"administrator": {"switch_themes", "edit_themes", "activate_plugins", "edit_plugins", "edit_users", "edit_files",
		"manage_options", "moderate_comments", "manage_categories", "manage_links", "upload_files", "import",
		"unfiltered_html", "edit_posts", "edit_others_posts", "edit_published_posts", "publish_posts", "edit_pages",
		"read", "level_10", "level_9", "level_8", "level_7", "level_6", "level_5", "level_4", "level_3", "level_2",
		"level_1", "level_0", "edit_others_pages", "edit_published_pages", "publish_pages", "delete_pages",
		"delete_others_pages", "delete_published_pages", "delete_posts", "delete_others_posts",
		"delete_published_posts", "delete_private_posts", "edit_private_posts", "read_private_posts",
		"delete_private_pages", "edit_private_pages", "read_private_pages", "delete_users", "create_users",
		"unfiltered_upload", "edit_dashboard", "update_plugins", "delete_plugins", "install_plugins",
		"update_themes", "install_themes", "update_core", "list_users", "remove_users", "promote_users",
		"edit_theme_options", "delete_themes", "export"},
	"editor": {"moderate_comments", "manage_categories", "manage_links", "upload_files", "unfiltered_html",
		"edit_posts", "edit_others_posts", "edit_published_posts", "publish_posts", "edit_pages", "read",
		"level_7", "level_6", "level_5", "level_4", "level_3", "level_2", "level_1", "level_0",
		"edit_others_pages", "edit_published_pages", "publish_pages", "delete_pages", "delete_others_pages",
		"delete_published_pages", "delete_posts", "delete_others_posts", "delete_published_posts",
		"delete_private_posts", "edit_private_posts", "read_private_posts", "delete_private_pages",
		"edit_private_pages", "read_private_pages"},
	"author": {"upload_files", "edit_posts", "edit_published_posts", "publish_posts", "read", "level_2",
		"level_1", "level_0", "delete_posts", "delete_published_posts"},
	"contributor": {"edit_posts", "read", "level_1", "level_0", "delete_posts"},
	"subscriber":  {"read", "level_0"},
}

// roleNames is the order of wp_roles (and the enum of the users "roles" argument).
var roleNames = []string{"administrator", "editor", "author", "contributor", "subscriber"}

// Role display names, as the roles' "name" in wp_roles.
var roleLabels = map[string]string{
	"administrator": "Administrator", "editor": "Editor", "author": "Author",
	"contributor": "Contributor", "subscriber": "Subscriber",
}

// caller is the user a request acts as: a snapshot of the user's id and capabilities
// taken when the request was authenticated. caps is read-only (it may be a role's
// shared set).
type caller struct {
	id    int
	login string // for the request log
	roles []string
	caps  map[string]bool
	// appPassword is the uuid of the application password the request authenticated
	// with (rest_get_authenticated_app_password), "" otherwise.
	appPassword string
	// recordUse: authenticating must record the password's use (last used a day ago
	// or more).
	recordUse bool
}

func newCaller(u *store.User) *caller {
	c := &caller{id: u.ID, login: u.Login, roles: append([]string(nil), u.Roles...)}
	if len(u.Roles) == 1 {
		c.caps = roleCapSets[u.Roles[0]] // shared and never changed: no map per request
		return c
	}
	c.caps = map[string]bool{}
	for _, role := range u.Roles {
		for cap := range roleCapSets[role] {
			c.caps[cap] = true
		}
	}
	return c
}

// userCan is user_can for a user other than the caller: whether one of the user's
// roles has the capability (from the sets built once, without a list per call).
func userCan(u *store.User, cap string) bool {
	for _, role := range u.Roles {
		if roleCapSets[role][cap] {
			return true
		}
	}
	return false
}

// roleCapSets are the roles' capabilities as sets, built once.
var roleCapSets = func() map[string]map[string]bool {
	sets := make(map[string]map[string]bool, len(roleCaps))
	for role, caps := range roleCaps {
		set := make(map[string]bool, len(caps))
		for _, cap := range caps {
			set[cap] = true
		}
		sets[role] = set
	}
	return sets
}()

// allCaps is WP_User::$allcaps in order: the role capabilities, then the roles.
func allCaps(roles []string) []string {
	var out []string
	seen := map[string]bool{}
	for _, role := range roles {
		for _, cap := range roleCaps[role] {
			if !seen[cap] {
				seen[cap] = true
				out = append(out, cap)
			}
		}
	}
	for _, role := range roles {
		if !seen[role] {
			seen[role] = true
			out = append(out, role)
		}
	}
	return out
}

// userLevel is the user's highest level_N capability (0 for none), as user_level.
func userLevel(roles []string) int {
	level := 0
	for _, role := range roles {
		for _, cap := range roleCaps[role] {
			if n, err := strconv.Atoi(strings.TrimPrefix(cap, "level_")); err == nil && cap != strings.TrimPrefix(cap, "level_") && n > level {
				level = n
			}
		}
	}
	return level
}
