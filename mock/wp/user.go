package wp

import (
	"slices"
	"strconv"
	"strings"

	"github.com/wpmock/wpmock/mock/store"
	"github.com/wpmock/wpmock/mock/wpfunc"
	"github.com/wpmock/wpmock/mock/wpversion"
)

// user.php's lookups and wp_insert_user's rules that need no request: users by email
// (email_exists) and by slug, unique nicenames, PHP's empty() on a field, and
// wp_delete_user.

// UniqueNicename is wp_insert_user's user_nicename suffixing: -2, -3, ... on a base cut
// so that the whole stays within 50 characters; the user's own row does not count.
func UniqueNicename(tx *store.Tx, nicename, login string) string {
	taken := func(s string) bool {
		return FindUser(tx, func(x *store.User) bool {
			return strings.EqualFold(x.Slug, s) && !strings.EqualFold(x.Login, login)
		}) != nil
	}
	if !taken(nicename) {
		return nicename
	}
	for n := 2; ; n++ {
		suffix := strconv.Itoa(n)
		alt := FirstRunes(nicename, 49-len(suffix)) + "-" + suffix
		if !taken(alt) {
			return alt
		}
	}
}

// FindUser returns the first user (by id) that match accepts, or nil.
func FindUser(tx *store.Tx, match func(u *store.User) bool) *store.User {
	for _, u := range tx.Users() {
		if match(u) {
			return u
		}
	}
	return nil
}

// ByEmail is email_exists: trimmed, compared as MySQL's collation does.
func ByEmail(email string) func(u *store.User) bool {
	email = strings.TrimSpace(email)
	return func(u *store.User) bool { return strings.EqualFold(u.Email, email) }
}

// BySlug is get_user_by('slug').
func BySlug(slug string) func(u *store.User) bool {
	slug = wpfunc.SanitizeTitle(slug)
	return func(u *store.User) bool { return strings.EqualFold(u.Slug, slug) }
}

// EmptyStr is PHP's empty() for a string.
func EmptyStr(s string) bool { return s == "" || s == "0" }

// Emptied is wp_insert_user's "empty( $x ) ? ” : $x".
func Emptied(s string) string {
	if EmptyStr(s) {
		return ""
	}
	return s
}

// FirstRunes is mb_substr(s, 0, n): the first n characters of s.
func FirstRunes(s string, n int) string {
	for i := range s {
		if n == 0 {
			return s[:i]
		}
		n--
	}
	return s
}

// DeleteUser is wp_delete_user (wp-admin/includes/user.php), by the actor a in version
// v; revisionMeta is wp_post_revision_meta_keys of a post type, for the revisions the
// trash saves. With a reassign target (0 included, which leaves the
// posts without author) every post, attachment and revision of the user changes
// author. Without one, what wp_delete_post does to each: posts and pages go to the trash (or for
// good when already there), attachments and revisions are deleted.
func DeleteUser(tx *store.Tx, u *store.User, reassign *int, a *Actor, v wpversion.Version, revisionMeta func(typ string) []string) {
	reg := RegistryOf(tx)
	owned := slices.Clone(tx.PostsByAuthor(u.ID)) // by ascending id; the loop changes the index
	for _, p := range owned {
		if reassign != nil {
			tx.ChangePost(p.ID, func(p *store.Post) { p.Author = *reassign })
			continue
		}
		p = tx.Post(p.ID) // as it is now: an earlier delete may have moved it
		switch {
		case p == nil: // went with a post deleted before it
		case keptWithoutUser(reg, p.Type): // its author is gone, it stays
		case p.Type == "revision":
			tx.DeletePost(p.ID)
		case (p.Type == "post" || p.Type == "page") && p.Status != "trash": // wp_delete_post trashes these two
			trashForUser(tx, p, a, revisionMeta(p.Type), v)
		default:
			DeletePost(tx, p)
		}
	}
	tx.DeleteUser(u.ID)
}

// keptWithoutUser says whether wp_delete_user leaves the items of a site's own type
// alone: not among post_types_to_delete (delete_with_user false, or not given and
// no author support).
func keptWithoutUser(reg *Registry, typ string) bool {
	pt := reg.PostType(typ)
	return pt != nil && pt.DeleteWithUser != nil && !*pt.DeleteWithUser
}

// trashForUser is wp_trash_post as wp_delete_user's wp_delete_post calls it.
func trashForUser(tx *store.Tx, p *store.Post, a *Actor, metaKeys []string, v wpversion.Version) {
	before := *p
	p = TrashPost(tx, p.ID)
	SaveRevision(tx, p, a, metaKeys, v)
	UpdateTermCounts(tx, &before, p)
}
