package wp

import (
	"strconv"
	"strings"

	"github.com/wpmock/wpmock/mock/store"
	"github.com/wpmock/wpmock/mock/wpfunc"
)

// user.php's lookups and wp_insert_user's rules that need no request: users by email
// (email_exists) and by slug, unique nicenames, PHP's empty() on a field.

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
