package dashboard

import (
	"crypto/rand"
	"crypto/subtle"
	"net"
	"net/http"
	"net/url"
	"strings"
)

// Signing in from the banner's link, as notebook servers do (Jupyter's ?token=): the
// mock started on a local address prints its dashboard's URL with a per-process token;
// opening it sets a cookie that signs this browser in to the dashboard, and redirects
// to the URL without the token, so that it stays out of the history and of what is
// shared. No application password is pasted, in this tab or the next.

// TokenParam is the query parameter the banner's link carries the token in.
const TokenParam = "token"

// signOutParam, on the page's URL, ends the sign-in (the page's "Forget the password").
const signOutParam = "signout"

// NewToken is a per-process token: 130 random bits (crypto/rand.Text).
func NewToken() string { return rand.Text() }

// Link is the dashboard's URL (site + Path) that signs a browser in with token.
func Link(dashboardURL, token string) string {
	if token == "" {
		return dashboardURL
	}
	return dashboardURL + "?" + TokenParam + "=" + token
}

// cookieName is the sign-in cookie's name. Browsers keep cookies per host, not per
// port: two mocks on 127.0.0.1 (8080 and 8081) must not overwrite each other's.
func cookieName(r *http.Request) string {
	name := "wpmock_dashboard"
	if _, port, err := net.SplitHostPort(r.Host); err == nil && port != "" && strings.Trim(port, "0123456789") == "" {
		name += "_" + port
	}
	return name
}

// SignIn answers a page request carrying ?token=: with the process's token it sets the
// sign-in cookie (HttpOnly: no script reads it; SameSite=Strict: no other site's page
// sends it; scoped to this dashboard's path) and redirects to the page without the
// token, and done is true. A wrong token is not answered (done false): bad says the
// page should show why it asks for a password. Tokens are compared in constant time.
func SignIn(w http.ResponseWriter, r *http.Request, token, path string) (done, bad bool) {
	q := r.URL.Query()
	if q.Has(signOutParam) {
		http.SetCookie(w, &http.Cookie{Name: cookieName(r), Value: "", Path: path, MaxAge: -1, HttpOnly: true, SameSite: http.SameSiteStrictMode})
		redirectClean(w, r, q, signOutParam)
		return true, false
	}
	given, ok := q[TokenParam]
	if !ok {
		return false, false
	}
	if !Valid(strings.Join(given, ""), token) {
		return false, true
	}
	http.SetCookie(w, &http.Cookie{Name: cookieName(r), Value: token, Path: path, HttpOnly: true,
		SameSite: http.SameSiteStrictMode, Secure: r.TLS != nil})
	redirectClean(w, r, q, TokenParam)
	return true, false
}

// redirectClean sends the browser to the page without the parameter; relative, so a
// named site's page stays under its base (as Serve's redirect).
func redirectClean(w http.ResponseWriter, r *http.Request, q url.Values, param string) {
	q.Del(param)
	to := "./"
	if enc := q.Encode(); enc != "" {
		to += "?" + enc
	}
	w.Header().Set("Location", to)
	w.Header().Set("Cache-Control", "no-store")
	w.Header().Set("Referrer-Policy", "no-referrer")
	w.WriteHeader(http.StatusSeeOther)
}

// SignedIn says whether the request carries the sign-in cookie of this process.
func SignedIn(r *http.Request, token string) bool {
	c, err := r.Cookie(cookieName(r))
	return err == nil && Valid(c.Value, token)
}

// Valid compares a given token with the process's in constant time; no token (sign-in
// by link off) accepts nothing.
func Valid(given, token string) bool {
	return token != "" && subtle.ConstantTimeCompare([]byte(given), []byte(token)) == 1
}
