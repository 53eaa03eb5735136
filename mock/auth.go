package mock

import (
	"net/http"

	"github.com/wpmock/wpmock/mock/rest"
	"github.com/wpmock/wpmock/mock/site"
	"github.com/wpmock/wpmock/mock/wp"
)

// codeInvalidNonce: a request carries a REST nonce (X-WP-Nonce or _wpnonce) but no
// logged-in user; the mock issues no nonces, so every one it sees is invalid
// (rest_cookie_check_errors).
const codeInvalidNonce = "rest_cookie_invalid_nonce"

// authenticate identifies the caller from HTTP Basic credentials holding an
// application password, as WordPress 6.1 does on the running site (not as its
// documentation suggests): wrong credentials are no error. rest_authentication_errors
// asks for the application password's status before anything has determined the user,
// finds none, and the request then runs as anonymous. A nonce without a logged-in user
// is refused with 403 before routing, as rest_cookie_check_errors does.
func (m *Mock) authenticate(r *rest.Request) (any, *rest.Error) {
	hr := r.HTTP
	c := m.identify(r)
	if c == nil && (hr.Header.Get("X-WP-Nonce") != "" || hr.URL.Query().Has("_wpnonce")) {
		return nil, rest.Errorf(http.StatusForbidden, codeInvalidNonce, "Cookie check failed")
	}
	if c == nil {
		return nil, nil
	}
	if c.RecordUse {
		if !txOf(r).Writable() {
			// the use must be recorded before the request reads anything (WordPress
			// records it while authenticating): inTx, seeing the caller, runs the
			// request again in a write transaction
			r.Caller = c
			return nil, errNeedsWrite
		}
		c.RecordAppPasswordUse(txOf(r), hr.RemoteAddr)
	}
	return c, nil
}

// errNeedsWrite is authenticate's answer in a read transaction when the request's
// authentication must write; inTx runs the request again in a write transaction.
var errNeedsWrite = &rest.Error{Status: http.StatusInternalServerError, Code: "wpmock_needs_write",
	Message: "Authentication must record an application password's use."}

// identify returns the caller the request's credentials name, or nil (wp.Identify),
// read in the request's transaction.
func (m *Mock) identify(r *rest.Request) *wp.Caller {
	return wp.Identify(txOf(r), r.HTTP.Header.Get("Authorization"), m.opts.OpenAuth, site.HashPassword)
}

// who returns the request's caller, or nil for anonymous.
func who(r *rest.Request) *wp.Caller {
	c, _ := r.Caller.(*wp.Caller)
	return c
}

// actor is the caller as WordPress's capability checks take it (nil: anonymous).
func actor(r *rest.Request) *wp.Actor {
	if c := who(r); c != nil {
		return &c.Actor
	}
	return nil
}

// can reports whether the caller has a primitive capability.
func can(r *rest.Request, cap string) bool {
	c := who(r)
	return c != nil && c.Caps[cap]
}

// callerID is the caller's user id, 0 for anonymous.
func callerID(r *rest.Request) int {
	if c := who(r); c != nil {
		return c.ID
	}
	return 0
}
