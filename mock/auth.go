package mock

import (
	"crypto/subtle"
	"net/http"
	"strings"

	"github.com/wpmock/wpmock/mock/rest"
	"github.com/wpmock/wpmock/mock/store"
)

// Authentication error codes of wp_authenticate_application_password (with the 401
// that rest_application_password_check_errors adds).
const (
	// codeInvalidUsername: Basic auth names a login that does not exist.
	codeInvalidUsername = "invalid_username"
	// codeInvalidEmail: Basic auth names an email that does not exist.
	codeInvalidEmail = "invalid_email"
	// codeIncorrectPassword: the password is none of the user's application passwords.
	codeIncorrectPassword = "incorrect_password"
)

// authenticate identifies the caller from HTTP Basic credentials holding an
// application password. No credentials: anonymous. Bad credentials: 401, before
// routing, as WordPress's rest_authentication_errors.
func (m *Mock) authenticate(hr *http.Request) (any, *rest.Error) {
	if m.opts.OpenAuth {
		var c *caller
		m.store.Read(func(tx *store.Tx) {
			if u := tx.User(1); u != nil {
				c = newCaller(u)
			}
		})
		if c == nil {
			return nil, nil
		}
		return c, nil
	}
	login, password, ok := hr.BasicAuth()
	if !ok {
		return nil, nil
	}
	password = normalizeAppPassword(password)
	var c *caller
	var err *rest.Error
	m.store.Read(func(tx *store.Tx) {
		var u *store.User
		byEmail := strings.Contains(login, "@")
		for _, x := range tx.Users() {
			if (!byEmail && x.Login == login) || (byEmail && strings.EqualFold(x.Email, login)) {
				u = x
				break
			}
		}
		if u == nil {
			if byEmail {
				err = rest.Errorf(http.StatusUnauthorized, codeInvalidEmail, "Unknown email address. Check again or try your username.")
			} else {
				err = rest.Errorf(http.StatusUnauthorized, codeInvalidUsername, "<strong>Error:</strong> Unknown username. Check again or try your email address.")
			}
			return
		}
		for _, ap := range u.AppPasswords {
			if subtle.ConstantTimeCompare([]byte(ap.Password), []byte(password)) == 1 {
				c = newCaller(u)
				return
			}
		}
		err = rest.Errorf(http.StatusUnauthorized, codeIncorrectPassword, "The provided password is an invalid application password.")
	})
	if err != nil {
		return nil, err
	}
	return c, nil
}

// normalizeAppPassword drops everything but letters and digits, as WordPress does
// before comparing (so "abcd EFGH ..." and "abcdEFGH..." are the same password).
func normalizeAppPassword(p string) string {
	var b strings.Builder
	for _, r := range p {
		if (r >= 'a' && r <= 'z') || (r >= 'A' && r <= 'Z') || (r >= '0' && r <= '9') {
			b.WriteRune(r)
		}
	}
	return b.String()
}

// chunkAppPassword prints a password in groups of four, as chunk_password does.
func chunkAppPassword(p string) string {
	var parts []string
	for len(p) > 4 {
		parts = append(parts, p[:4])
		p = p[4:]
	}
	return strings.Join(append(parts, p), " ")
}

// who returns the request's caller, or nil for anonymous.
func who(r *rest.Request) *caller {
	c, _ := r.Caller.(*caller)
	return c
}

// can reports whether the caller has a primitive capability.
func can(r *rest.Request, cap string) bool {
	c := who(r)
	return c != nil && c.caps[cap]
}

// callerID is the caller's user id, 0 for anonymous.
func callerID(r *rest.Request) int {
	if c := who(r); c != nil {
		return c.id
	}
	return 0
}
