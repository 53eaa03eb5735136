package contract

import (
	"fmt"
	"net/http"
	"strings"
)

// The auth group: Basic authentication with application passwords, and what an
// anonymous caller is told (reference §5).
//
// WordPress 6.1 checks the application password lazily: serve_request forgets the
// anonymous user found while loading, runs the rest_authentication_errors filter (which
// looks for a failed application password) and only then asks who the user is. So a
// wrong password or an unknown login is never reported as incorrect_password /
// invalid_username: the request simply runs as anonymous. The group encodes that, as
// the real 6.1 answers it.

func init() {
	register("auth", false, func(s *Suite, t T) {
		t.Run("anonymous", func(t T) { authAnonymous(s, t) })
		t.Run("application passwords", func(t T) { authAdmin(s, t) })
	})
}

// authAnonymous is what the group checks without credentials.
func authAnonymous(s *Suite, t T) {
	anon := s.as(anonymous)
	r := anon.get(t, "/wp/v2/users/me")
	wantError(t, r, http.StatusUnauthorized, "rest_not_logged_in", "auth/users-me/anonymous-401: GET /users/me anonymously: 401 rest_not_logged_in")
	wantValue(t, r, "message", "You are not currently logged in.", "auth/users-me/anonymous-message: rest_not_logged_in has WordPress's message")
	for _, path := range []string{"/wp/v2/posts?context=edit", "/wp/v2/users?context=edit", "/wp/v2/categories?context=edit", "/wp/v2/tags?context=edit"} {
		wantError(t, anon.get(t, path), http.StatusUnauthorized, "rest_forbidden_context", "auth/edit-context/anonymous-401: GET "+path+" anonymously: 401 rest_forbidden_context")
	}
	wantError(t, anon.get(t, "/wp/v2/types?context=edit"), http.StatusUnauthorized, "rest_cannot_view",
		"auth/edit-context/types-anonymous-401: GET /wp/v2/types?context=edit anonymously: 401 rest_cannot_view")

	// a nonce without a login cookie is still checked (§5)
	r = anon.do(t, http.MethodGet, "/wp/v2/types/post", nil, "X-WP-Nonce", "wpcontract")
	wantError(t, r, http.StatusForbidden, "rest_cookie_invalid_nonce", "auth/nonce/bad-nonce-403: a bad X-WP-Nonce on an anonymous request: 403 rest_cookie_invalid_nonce")
	wantValue(t, r, "message", "Cookie check failed", "auth/nonce/bad-nonce-message: rest_cookie_invalid_nonce has WordPress's message")
}

// authAdmin checks the configured administrator's application password.
func authAdmin(s *Suite, t T) {
	admin := s.as(s.admin())
	me := admin.get(t, "/wp/v2/users/me?context=edit")
	const authenticates = "auth/users-me/admin-200: GET /users/me with the admin's application password: 200, the admin"
	if !wantStatus(t, me, http.StatusOK, authenticates) {
		t.Skipf("blocked: %s", blockedBy(authenticates, me))
	}
	id := me.object()["id"]
	login, _ := me.object()["username"].(string)
	email, _ := me.object()["email"].(string)
	check(t, me, login == s.cfg.User || strings.EqualFold(email, s.cfg.User),
		"auth/users-me/is-the-login: /users/me is the authenticated user (username or email = the login used)", "username %q, email %q, login %q", login, email, s.cfg.User)
	wantValue(t, me, "roles", []any{"administrator"}, "auth/users-me/admin-role: the configured user is an administrator")
	view := admin.get(t, "/wp/v2/users/me")
	_, hasEmail := view.object()["email"]
	check(t, view, !hasEmail, "auth/users-me/view-default: /users/me defaults to view context: no email", "email present")
	wantHeader(t, view, "Location", "", "auth/users-me/no-location: /users/me answers the user itself, with no Location header")
	self, _ := at(view.JSON(), "_links.self.0.href")
	check(t, view, self == s.url(fmt.Sprintf("/wp/v2/users/%v", id)), "auth/users-me/self-link: /users/me links to the user's own route (/wp/v2/users/<id>)",
		"_links.self %s", show(self, self != nil))

	// the login may be the username or the email; spaces in the password are optional
	compact := strings.ReplaceAll(s.cfg.Password, " ", "")
	for _, acc := range []*account{
		{name: "admin (email)", user: email, password: s.cfg.Password},
		{name: "admin (username)", user: login, password: s.cfg.Password},
		{name: "admin (no spaces)", user: s.cfg.User, password: compact},
		{name: "admin (dashes)", user: s.cfg.User, password: chunkPassword(compact, "-")},
	} {
		r := s.as(acc).get(t, "/wp/v2/users/me")
		wantValue(t, r, "id", id, "auth/app-passwords/login-forms: application passwords: "+acc.name+" authenticates (the login may be the username or the email; characters other than letters and digits are ignored)")
	}

	// wrong credentials: the request runs as anonymous (see the comment above)
	wrong := wrongPassword(compact)
	for _, acc := range []*account{
		{name: "a wrong password", user: s.cfg.User, password: wrong},
		{name: "an unknown username", user: s.name("nobody"), password: s.cfg.Password},
		{name: "an unknown email", user: s.name("nobody") + "@example.invalid", password: s.cfg.Password},
	} {
		r := s.as(acc).get(t, "/wp/v2/users/me")
		wantError(t, r, http.StatusUnauthorized, "rest_not_logged_in",
			"auth/wrong-credentials/run-anonymous: Basic auth with "+acc.name+": 6.1 runs the request as anonymous, so /users/me gives 401 rest_not_logged_in")
		r = s.as(acc).get(t, "/wp/v2/types/post")
		wantStatus(t, r, http.StatusOK, "auth/wrong-credentials/public-read: Basic auth with "+acc.name+": a public read still answers 200 (the request is anonymous, not refused)")
	}

	for _, path := range []string{"/wp/v2/posts?context=edit", "/wp/v2/users?context=edit", "/wp/v2/categories?context=edit", "/wp/v2/tags?context=edit"} {
		wantStatus(t, admin.get(t, path), http.StatusOK, "auth/edit-context/admin-200: GET "+path+" as an administrator: 200")
	}
	r := admin.do(t, http.MethodGet, "/wp/v2/users/me", nil, "X-WP-Nonce", "wpcontract")
	wantValue(t, r, "id", id, "auth/nonce/app-password-wins: a valid application password wins over a bad X-WP-Nonce (the nonce is only checked for cookie logins)")
}

// chunkPassword rewrites a password as groups of four joined by sep.
func chunkPassword(pw, sep string) string {
	var parts []string
	for len(pw) > 4 {
		parts = append(parts, pw[:4])
		pw = pw[4:]
	}
	return strings.Join(append(parts, pw), sep)
}

// wrongPassword changes the last character of a password.
func wrongPassword(pw string) string {
	if pw == "" {
		return "wrong"
	}
	last := byte('A')
	if pw[len(pw)-1] == 'A' {
		last = 'B'
	}
	return pw[:len(pw)-1] + string(last)
}
