package wp

import (
	"github.com/wpmock/wpmock/mock/store"
)

// capabilities.php: the default roles and their capabilities, user_can, and
// map_meta_cap's mapping of the post meta capabilities (edit_post, delete_post,
// read_post) to the primitive ones of the post's type.

// The five default roles of WordPress 6.1 and their capabilities, in the order
// populate_roles() adds them (which is the order a user's "capabilities" field lists).
var RoleCaps = map[string][]string{
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

// RoleNames is the order of wp_roles (and the enum of the users "roles" argument).
var RoleNames = []string{"administrator", "editor", "author", "contributor", "subscriber"}

// RoleLabels are the role display names, as the roles' "name" in wp_roles.
var RoleLabels = map[string]string{
	"administrator": "Administrator", "editor": "Editor", "author": "Author",
	"contributor": "Contributor", "subscriber": "Subscriber",
}

// RoleCapSets are the roles' capabilities as sets, built once.
var RoleCapSets = func() map[string]map[string]bool {
	sets := make(map[string]map[string]bool, len(RoleCaps))
	for role, caps := range RoleCaps {
		set := make(map[string]bool, len(caps))
		for _, cap := range caps {
			set[cap] = true
		}
		sets[role] = set
	}
	return sets
}()

// Actor is who acts: a user's id and capabilities, as current_user_can reads them.
// A nil *Actor is nobody logged in. Caps is read-only (it may be a role's shared set).
type Actor struct {
	ID   int
	Caps map[string]bool
	// Site is the site's registry, whose post types map_meta_cap reads.
	Site *Registry
}

// ActorOf is the user as an Actor: the capabilities its roles grant on the site
// (roles.go).
func ActorOf(g *Registry, u *store.User) Actor {
	return Actor{ID: u.ID, Site: g, Caps: g.capSet(u.Roles)}
}

// registry is the actor's site's registry (Core when none was given).
func (a *Actor) registry() *Registry {
	if a.Site == nil {
		return Core
	}
	return a.Site
}

// Can is current_user_can for a primitive capability.
func (a *Actor) Can(cap string) bool { return a != nil && a.Caps[cap] }

// Meta capabilities of posts, as map_meta_cap resolves them for the post types.

// CanEditPost is current_user_can('edit_post', p).
func CanEditPost(a *Actor, p *store.Post, parentOf func(int) *store.Post) bool {
	if p.Type == "revision" {
		if parent := parentOf(p.Parent); parent != nil {
			return CanEditPost(a, parent, parentOf)
		}
		return false
	}
	return canOnPost(a, p, "edit")
}

// CanDeletePost is current_user_can('delete_post', p). map_meta_cap gives a revision
// do_not_allow (unlike edit_post, which maps it to its parent), so no one may delete
// one, administrators included.
func CanDeletePost(a *Actor, p *store.Post, _ func(int) *store.Post) bool {
	if p.Type == "revision" {
		return false
	}
	return canOnPost(a, p, "delete")
}

// canOnPost maps edit_post / delete_post ("edit" or "delete") to the primitive caps
// of the post's type (edit_published_posts, edit_others_pages, ...).
func canOnPost(a *Actor, p *store.Post, verb string) bool {
	c := a
	if c == nil {
		return false
	}
	pt := c.registry().TypeOf(p.Type)
	has := func(name string) bool { return c.Caps[pt.Cap(verb+name)] }
	status := p.Status
	if was := p.Extra().TrashedStatus; status == "trash" && was != "" {
		status = was
	}
	if p.Author != 0 && p.Author == c.ID {
		if status == "publish" || status == "future" {
			return has("_published_posts")
		}
		return has("_posts")
	}
	if !has("_others_posts") {
		return false
	}
	switch status {
	case "publish", "future":
		return has("_published_posts")
	case "private":
		return has("_private_posts")
	}
	return true
}

// CanReadPost is current_user_can('read_post', p).
func CanReadPost(a *Actor, p *store.Post, parentOf func(int) *store.Post) bool {
	c := a
	status := p.Status
	if status == "inherit" && p.Parent > 0 {
		if parent := parentOf(p.Parent); parent != nil {
			status = parent.Status
		}
	} else if status == "inherit" {
		status = "publish"
	}
	// map_meta_cap reads the status object: public ones (publish, and a site's own
	// public statuses) need read, private ones read_private_posts
	if c == nil {
		return false
	}
	g := c.registry()
	if g.statusPublic(status) {
		return c.Caps["read"]
	}
	if p.Author != 0 && p.Author == c.ID {
		return c.Caps["read"]
	}
	if g.statusPrivate(status) {
		return c.Caps[g.TypeOf(p.Type).Cap("read_private_posts")]
	}
	return CanEditPost(a, p, parentOf)
}
