package wp

import (
	"strings"

	"github.com/wpmock/wpmock/mock/store"
	"github.com/wpmock/wpmock/mock/wpfunc"
)

// user.php's authentication of an API request by its Authorization header:
// wp_authenticate_application_password for HTTP Basic credentials, and what it leaves
// for rest_get_authenticated_app_password. The REST API (mock's auth.go, which adds
// the nonce rule) and WPGraphQL (mock/graphql) identify their callers alike.

// Caller is the user a request acts as: a snapshot of the user's id and capabilities
// taken when the request was authenticated. Caps is read-only (it may be a role's
// shared set).
type Caller struct {
	Actor
	Login string // for the request log
	Roles []string
	// AppPassword is the uuid of the application password the request authenticated
	// with (rest_get_authenticated_app_password), "" otherwise.
	AppPassword string
	// RecordUse: authenticating must record the password's use (last used a day ago
	// or more), which makes a read request write (RecordAppPasswordUse).
	RecordUse bool
}

// NewCaller is the user as a request's caller, with the capabilities its roles grant.
func NewCaller(tx *store.Tx, u *store.User) *Caller {
	return &Caller{Actor: ActorOf(RegistryOf(tx), u), Login: u.Login, Roles: append([]string(nil), u.Roles...)}
}

// Identify returns the caller an Authorization header's credentials name, or nil for
// anonymous: HTTP Basic credentials whose password is one of the user's application
// passwords (the login may be the user's email), hashed by hash as the site keeps them.
// Wrong credentials are no error: the request runs as anonymous, as on WordPress 6.1's
// running site. open makes every request act as the administrator, user 1 (-auth=open).
func Identify(tx *store.Tx, authorization string, open bool, hash func(plain string) string) *Caller {
	if open {
		if u := tx.User(1); u != nil {
			return NewCaller(tx, u)
		}
		return nil
	}
	login, password, ok := wpfunc.BasicAuth(authorization)
	if !ok {
		return nil
	}
	u := tx.UserByLogin(login)
	if strings.Contains(login, "@") {
		u = tx.UserByEmail(login)
	}
	if u == nil {
		return nil
	}
	ap, recordUse := AuthenticateApplicationPassword(tx, u, hash(NormalizeApplicationPassword(password)))
	if ap == nil {
		return nil
	}
	c := NewCaller(tx, u)
	c.AppPassword, c.RecordUse = ap.UUID, recordUse
	return c
}

// RecordAppPasswordUse sets last_used and last_ip of the caller's application
// password, as WordPress does while authenticating, so the request itself already
// sees them.
func (c *Caller) RecordAppPasswordUse(tx *store.Tx, remoteAddr string) {
	RecordApplicationPasswordUsage(tx, c.ID, c.AppPassword, remoteAddr)
}
