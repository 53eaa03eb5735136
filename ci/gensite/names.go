package main

import (
	"fmt"
	"slices"
	"strings"
)

// WordPress refuses, or silently breaks on, some names: register_post_type() takes 1 to 20
// characters (wp_posts.post_type is varchar(20)) and _doing_it_wrong()s otherwise,
// register_taxonomy() 1 to 32, a post status lives in wp_posts.post_status (varchar(20));
// and a name that is a public or private query var of WP (class-wp.php), or one of the
// terms the Codex lists as reserved for register_taxonomy/register_post_type, makes the
// front end's query parsing take the wrong branch (a type "year" turns every ?year= into
// a type query). The generator draws from pools of its own that avoid all of them, and
// checks each name against these lists anyway, so a pool edit cannot slip one in.
const (
	maxPostTypeLen = 20 // register_post_type: "Post type names must be between 1 and 20 characters in length."
	maxTaxonomyLen = 32 // register_taxonomy: "Taxonomy names must be between 1 and 32 characters in length."
	maxStatusLen   = 20 // wp_posts.post_status is varchar(20)
)

// reserved are WP's public and private query vars and the Codex's reserved terms, plus
// the post types, taxonomies and statuses core registers itself.
var reserved = strings.Fields(`
attachment attachment_id author author_name calendar cat category category__and category__in
category__not_in category_name comments_per_page comments_popup custom customize_messenger_channel
customized cpage day debug embed error exact favicon feed fields hour link_category m minute monthnum
more name nav_menu nonce nopaging offset order orderby p page page_id paged pagename pb perm post
post__in post__not_in post_format post_mime_type post_status post_tag post_type posts
posts_per_archive_page posts_per_page preview robots s search second sentence showposts static status
subpost subpost_id tag tag__and tag__in tag__not_in tag_id tag_slug__and tag_slug__in taxonomy tb term
terms theme title type types w withcomments withoutcomments year action
revision nav_menu_item custom_css customize_changeset oembed_cache user_request wp_block wp_template
wp_template_part wp_global_styles wp_navigation wp_font_family wp_font_face wp_pattern_category
publish future draft pending private trash auto-draft inherit request-pending request-confirmed
request-failed request-completed`)

// restBasesTaken are the routes core answers under wp/v2: a site's rest_base must not
// shadow one.
var restBasesTaken = strings.Fields(`posts pages media categories tags users comments types statuses
taxonomies settings search blocks block-renderer block-types block-directory themes plugins menus
menu-items menu-locations navigation templates template-parts global-styles sidebars widgets
widget-types pattern-directory block-patterns font-families font-collections wp_pattern_category`)

// The pools: prefixes a plugin would use, and nouns for things, groups and states.
var (
	prefixes      = []string{"acme", "zed", "lx", "nova", "kite", "orb", "fjord", "quill"}
	thingNouns    = []string{"book", "recipe", "event", "venue", "product", "course", "lesson", "album", "track", "project", "client", "ticket", "review", "place", "report", "speaker"}
	groupNouns    = []string{"genre", "topic", "region", "level", "mood", "brand", "series", "skill", "shade", "cuisine", "season", "audience", "flavour", "channel", "theme_area", "difficulty"}
	statusNouns   = []string{"review", "archived", "approved", "stale", "embargo", "queued", "retired", "curated"}
	roleNouns     = []string{"curator", "reviewer", "librarian", "moderator", "partner", "student", "coach", "auditor"}
	metaNouns     = []string{"isbn", "rating", "price", "color", "tags_list", "address", "hours", "links", "notes", "score", "featured", "weight", "sku", "location", "sources", "schedule", "credits", "flags", "ratio", "contact"}
	namespaceTail = []string{"v1", "v2"}
	locationNouns = []string{"primary", "footer", "social", "sidebar", "header_top", "mobile"}
)

// validName says whether WordPress takes name where at most max characters fit: lowercase
// letters, digits, "_" and "-" (sanitize_key), not reserved.
func validName(name string, max int) error {
	if name == "" || len(name) > max {
		return fmt.Errorf("%q: want 1 to %d characters", name, max)
	}
	for _, c := range name {
		if !(c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '_' || c == '-') {
			return fmt.Errorf("%q: %q is not a key character (sanitize_key)", name, c)
		}
	}
	if slices.Contains(reserved, name) {
		return fmt.Errorf("%q is reserved by WordPress", name)
	}
	return nil
}

// names hands out names once per site: a post type, a taxonomy, a query var and a REST
// route all share WordPress's one query-var and rewrite space, so one set holds them.
type names struct {
	used map[string]bool
}

func (n *names) take(s string) bool {
	if n.used == nil {
		n.used = map[string]bool{}
	}
	if n.used[s] || slices.Contains(reserved, s) || slices.Contains(restBasesTaken, s) {
		return false
	}
	n.used[s] = true
	return true
}

// draw picks a name from pool, prefixed by prefix when it is not "", with separator
// "_" or "-", no longer than max; it tries the pool's nouns in a random order and
// panics only if the pool is exhausted, which the pools' sizes rule out for the counts
// the generator draws.
func (g *gen) name(pool []string, max int, prefixed bool) string {
	for _, i := range g.r.Perm(len(pool)) {
		s := pool[i]
		if prefixed {
			sep := "_"
			if g.chance(0.25) {
				sep = "-"
			}
			s = g.prefix + sep + s
		}
		if len(s) > max || validName(s, max) != nil || !g.names.take(s) {
			continue
		}
		return s
	}
	panic(fmt.Sprintf("gensite: pool %v exhausted", pool))
}

// derived takes the first of candidates (names made from a name taken already: a REST
// base, an archive or rewrite slug) still free, or "" if none is.
func (g *gen) derived(candidates ...string) string {
	for _, c := range candidates {
		if g.names.take(c) {
			return c
		}
	}
	return ""
}

// plural is the English plural the generator uses for labels and REST bases.
func plural(s string) string {
	switch {
	case strings.HasSuffix(s, "ies"), strings.HasSuffix(s, "series"):
		return s
	case strings.HasSuffix(s, "y") && !strings.HasSuffix(s, "ey"):
		return s[:len(s)-1] + "ies"
	case strings.HasSuffix(s, "s"), strings.HasSuffix(s, "x"), strings.HasSuffix(s, "ch"):
		return s + "es"
	}
	return s + "s"
}

// label is a name as a person would write it: "acme_book" -> "Book".
func label(name string) string {
	for _, p := range prefixes {
		if len(name) > len(p)+1 && strings.HasPrefix(name, p) && strings.ContainsRune("_-", rune(name[len(p)])) {
			name = name[len(p)+1:]
			break
		}
	}
	name = strings.ReplaceAll(name, "_", " ")
	return strings.ToUpper(name[:1]) + name[1:]
}
