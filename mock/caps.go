package mock

import (
	"github.com/wpmock/wpmock/mock/store"
	"github.com/wpmock/wpmock/mock/wp"
)

// caller is the user a request acts as: a snapshot of the user's id and capabilities
// taken when the request was authenticated. caps is read-only (it may be a role's
// shared set).
type caller struct {
	wp.Actor
	login string // for the request log
	roles []string
	// appPassword is the uuid of the application password the request authenticated
	// with (rest_get_authenticated_app_password), "" otherwise.
	appPassword string
	// recordUse: authenticating must record the password's use (last used a day ago
	// or more).
	recordUse bool
}

func newCaller(tx *store.Tx, u *store.User) *caller {
	return &caller{Actor: wp.ActorOf(wp.RegistryOf(tx), u), login: u.Login, roles: append([]string(nil), u.Roles...)}
}
