package mock

import (
	"github.com/wpmock/wpmock/mock/wpfunc"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/wpmock/wpmock/mock/fields"
	"github.com/wpmock/wpmock/mock/rest"
	"github.com/wpmock/wpmock/mock/site"
	"github.com/wpmock/wpmock/mock/store"
	"github.com/wpmock/wpmock/mock/wp"
)

// Writes of users: what WP_REST_Users_Controller's create_item, update_item and
// delete_item do with wp_insert_user, wp_update_user and wp_delete_user (single site).
// As with posts, every check runs before the first change.

// Errors of user writes. Permission errors carry 401 for anonymous callers, 403 otherwise.
const (
	// POST /users without create_users.
	codeCannotCreateUser, msgCannotCreateUser = "rest_cannot_create_user", "Sorry, you are not allowed to create new users."
	// POST /users with a non-empty id.
	codeUserExists, msgUserExists = "rest_user_exists", "Cannot create existing user."
	// POST /users/<id> with roles, without promote_users (code rest_cannot_edit_roles).
	codeCannotEditRoles, msgCannotEditRoles = "rest_cannot_edit_roles", "Sorry, you are not allowed to edit roles of this user."
	// roles naming an unknown role (400), or one the caller may not give, such as an
	// administrator's own demotion (403).
	codeUserInvalidRole, msgRoleMissing, msgCannotGiveRole = "rest_user_invalid_role", "The role %s does not exist.", "Sorry, you are not allowed to give users that role."
	// an update whose email belongs to another user.
	codeUserInvalidEmail, msgUserInvalidEmail = "rest_user_invalid_email", "Invalid email address."
	// an update whose username differs from the user's.
	codeUserInvalidArgument, msgUsernameNotEditable = "rest_user_invalid_argument", "Username is not editable."
	// an update whose slug belongs to another user.
	codeUserInvalidSlug, msgUserInvalidSlug = "rest_user_invalid_slug", "Invalid slug."
	// DELETE /users/<id> without delete_users.
	codeUserCannotDelete, msgUserCannotDelete = "rest_user_cannot_delete", "Sorry, you are not allowed to delete this user."
	// DELETE /users/<id> without force=true (code rest_trash_not_supported, 501).
	msgUserTrashNotSupported = "Users do not support trashing. Set 'force=true' to delete."
	// reassign naming the deleted user or nobody.
	codeUserInvalidReassign, msgUserInvalidReassign = "rest_user_invalid_reassign", "Invalid user ID for reassignment."
	// reassign neither numeric nor empty/false (inside rest_invalid_param, code rest_invalid_param).
	msgInvalidUserParam = "Invalid user parameter(s)."
	// username outside [A-Za-z0-9 _.@-], padded, or empty (inside rest_invalid_param).
	codeUserInvalidUsername, msgIllegalUsername = "rest_user_invalid_username", "This username is invalid because it uses illegal characters. Please enter a valid username."
	// password empty or containing a backslash (inside rest_invalid_param).
	codeUserInvalidPassword, msgEmptyPassword, msgBackslashPassword = "rest_user_invalid_password", "Passwords cannot be empty.", `Passwords cannot contain the "\" character.`
)

// wp_insert_user's errors carry no status: the REST server answers them with HTTP 500
// and "data": null.
const (
	// create with a login some user has (case-insensitively, as MySQL compares).
	codeExistingLogin, msgExistingLogin = "existing_user_login", "Sorry, that username already exists!"
	// create with an email some user has.
	codeExistingEmail, msgExistingEmail = "existing_user_email", "Sorry, that email address is already used!"
	// a login longer than 60 characters.
	codeLoginTooLong, msgLoginTooLong = "user_login_too_long", "Username may not be longer than 60 characters."
	// a slug longer than 50 characters.
	codeNicenameTooLong, msgNicenameTooLong = "user_nicename_too_long", "Nicename may not be longer than 50 characters."
	// a URL longer than 100 characters.
	codeURLTooLong, msgURLTooLong = "user_url_too_long", "User URL may not be longer than 100 characters."
)

// stringArg gives a string argument a sanitize_callback run after the schema check
// (the arg_options of the users schema, attached where users.go declares the fields):
// username and password are refused by theirs after every argument with a
// validate_callback (email, locale, ...) has passed.
func stringArg(sanitize func(s string) (string, *rest.Error)) func(a *rest.Schema) {
	return func(a *rest.Schema) {
		a.SchemaFirst = true
		a.Sanitize = func(_ *rest.Request, v any, param string) (any, *rest.Error) {
			s, ok := v.(string)
			if !ok && v != nil { // has_valid_params skips null; the callback gets (string) null
				return a.Validate(v, param)
			}
			return sanitize(s)
		}
	}
}

func textField(s string) (string, *rest.Error) { return wpfunc.SanitizeTextField(s), nil }

// checkUsername is check_username: validate_username holds when sanitize_user(strict)
// leaves the name unchanged and non-empty.
func checkUsername(s string) (string, *rest.Error) {
	valid := !wp.EmptyStr(s) && strings.TrimSpace(s) == s && !strings.Contains(s, "  ")
	for _, c := range s {
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || strings.ContainsRune(" _.-@", c)) {
			valid = false
		}
	}
	if !valid {
		return "", rest.Errorf(http.StatusBadRequest, codeUserInvalidUsername, msgIllegalUsername)
	}
	return s, nil
}

// checkUserPassword is check_user_password ("0" is empty to PHP too).
func checkUserPassword(s string) (string, *rest.Error) {
	if wp.EmptyStr(s) {
		return "", rest.Errorf(http.StatusBadRequest, codeUserInvalidPassword, msgEmptyPassword)
	}
	if strings.Contains(s, `\`) {
		return "", rest.Errorf(http.StatusBadRequest, codeUserInvalidPassword, msgBackslashPassword)
	}
	return s, nil
}

// checkReassign is the reassign argument's sanitize_callback: a number passes as sent,
// an empty value or "false" becomes false (delete the user's content), anything else
// is refused.
func checkReassign(_ *rest.Request, v any, _ string) (any, *rest.Error) {
	if _, ok := wpfunc.Numeric(v); ok {
		return v, nil
	}
	if wpfunc.Empty(v) || v == "false" {
		return false, nil
	}
	return nil, rest.Errorf(http.StatusBadRequest, rest.CodeInvalidParam, msgInvalidUserParam)
}

// userDeleteArgs are the DELETE endpoint's arguments (id only on /users/<id>).
func userDeleteArgs(withID bool) []*rest.Schema {
	reassign := rest.Int("reassign").Desc("Reassign the deleted user's posts and links to this user ID.").Req()
	reassign.Sanitize = checkReassign
	args := []*rest.Schema{rest.Bool("force").Desc("Required to be true, as users do not support trashing.").Def(false), reassign}
	if withID {
		args = append([]*rest.Schema{idArg("user")}, args...)
	}
	return args
}

// userTarget picks the user an item route acts on: the id placeholder, or the caller
// on /users/me (WordPress sets $request['id'] to the current user, 0 when anonymous,
// which makes anonymous writes to /users/me a 404).
type userTarget func(r *rest.Request) int

func byID(r *rest.Request) int { return r.Int("id") }

func createUserPermission(r *rest.Request) *rest.Error {
	if !can(r, "create_users") {
		return r.Forbidden(codeCannotCreateUser, msgCannotCreateUser)
	}
	return nil
}

// updateUserPermission is update_item_permissions_check. (WordPress lets a request that
// sends only id and roles through on promote_users alone; with the default roles only
// administrators have promote_users, and they have edit_users too.)
func updateUserPermission(target userTarget) rest.Permission {
	return func(r *rest.Request) *rest.Error {
		u, err := getUser(r, target(r))
		if err != nil {
			return err
		}
		if len(r.Strings("roles")) > 0 && !can(r, "promote_users") {
			return r.Forbidden(codeCannotEditRoles, msgCannotEditRoles)
		}
		if !canEditUser(r, u.ID) {
			return r.Forbidden(codeCannotEdit, msgCannotEditUser)
		}
		return nil
	}
}

// deleteUserPermission is delete_item_permissions_check: delete_user maps to
// delete_users, so an administrator may delete themselves.
func deleteUserPermission(target userTarget) rest.Permission {
	return func(r *rest.Request) *rest.Error {
		if _, err := getUser(r, target(r)); err != nil {
			return err
		}
		if !can(r, "delete_users") {
			return r.Forbidden(codeUserCannotDelete, msgUserCannotDelete)
		}
		return nil
	}
}

// checkRoleUpdate is check_role_update: every role must exist, and nobody may give
// themselves a role without edit_users. (get_editable_roles lists every role.)
func checkRoleUpdate(r *rest.Request, userID int, roles []string) *rest.Error {
	for _, role := range roles {
		rl := registry(r).Role(role)
		if rl == nil {
			return rest.Errorf(http.StatusBadRequest, codeUserInvalidRole, msgRoleMissing, role)
		}
		if callerID(r) == userID && !rl.Has("edit_users") {
			return r.Forbidden(codeUserInvalidRole, msgCannotGiveRole)
		}
	}
	return nil
}

// insertError is a wp_insert_user error: no data, so HTTP 500.
func insertError(code, msg string) *rest.Error { return &rest.Error{Code: code, Message: msg} }

// createUser is create_item.
func (res *users) createUser(r *rest.Request) (*rest.Response, *rest.Error) {
	tx := txOf(r)
	if id, ok := r.Raw("id"); ok && !wpfunc.Empty(id) {
		return nil, rest.Errorf(http.StatusBadRequest, codeUserExists, msgUserExists)
	}
	if roles := r.Strings("roles"); len(roles) > 0 {
		if err := checkRoleUpdate(r, 0, roles); err != nil {
			return nil, err
		}
	}
	u := &store.User{Registered: tx.Now()}
	if err := prepareUser(r, tx, u, true); err != nil {
		return nil, err
	}
	tx.InsertUser(u)
	if err := res.writeMetaAndFields(r, u.ID); err != nil {
		return nil, err
	}
	u = tx.User(u.ID)
	r.SetParam("context", rest.Edit)
	return rest.Created(res.item.RenderIn(r, u, rest.Edit), r.RestURL("/"+Namespace+"/users/"+strconv.Itoa(u.ID))), nil
}

// updateUser is update_item, its checks in WordPress's order.
func (res *users) updateUser(target userTarget) rest.Handler {
	return func(r *rest.Request) (*rest.Response, *rest.Error) {
		tx := txOf(r)
		stored, err := getUser(r, target(r))
		if err != nil {
			return nil, err
		}
		if r.Has("email") {
			if owner := wp.FindUser(tx, wp.ByEmail(r.String("email"))); owner != nil && owner.ID != stored.ID {
				return nil, rest.Errorf(http.StatusBadRequest, codeUserInvalidEmail, msgUserInvalidEmail)
			}
		}
		if login := r.String("username"); !wp.EmptyStr(login) && login != stored.Login {
			return nil, rest.Errorf(http.StatusBadRequest, codeUserInvalidArgument, msgUsernameNotEditable)
		}
		if slug := r.String("slug"); !wp.EmptyStr(slug) && slug != stored.Slug && wp.FindUser(tx, wp.BySlug(slug)) != nil {
			return nil, rest.Errorf(http.StatusBadRequest, codeUserInvalidSlug, msgUserInvalidSlug)
		}
		if roles := r.Strings("roles"); len(roles) > 0 {
			if err := checkRoleUpdate(r, stored.ID, roles); err != nil {
				return nil, err
			}
		}
		next := *stored
		if err := prepareUser(r, tx, &next, false); err != nil {
			return nil, err
		}
		stored = tx.ChangeUser(stored.ID, func(u *store.User) { *u = next })
		if err := res.writeMetaAndFields(r, stored.ID); err != nil {
			return nil, err
		}
		stored = tx.User(stored.ID)
		r.SetParam("context", rest.Edit)
		return rest.OK(res.item.RenderIn(r, stored, rest.Edit)), nil
	}
}

// prepareUser applies a create or update to u (a new user, or a copy of the stored
// one) as prepare_item_for_database and wp_insert_user do: unsent fields keep their
// value, every field goes through WordPress's pre_user_* filters again, and the
// errors come in wp_insert_user's order. The store is not touched.
func prepareUser(r *rest.Request, tx *store.Tx, u *store.User, create bool) *rest.Error {
	given := func(name, current string) string {
		if r.Has(name) {
			return r.String(name)
		}
		return current
	}
	login := u.Login
	if create {
		login = r.String("username") // check_username let through only sanitize_user's fixed points
		if utf8.RuneCountInString(login) > 60 {
			return insertError(codeLoginTooLong, msgLoginTooLong)
		}
		if wp.FindUser(tx, func(x *store.User) bool { return strings.EqualFold(x.Login, login) }) != nil {
			return insertError(codeExistingLogin, msgExistingLogin)
		}
	}
	nicename := given("slug", u.Slug)
	if wp.EmptyStr(nicename) {
		nicename = wp.FirstRunes(login, 50)
	}
	nicename = wpfunc.SanitizeTitle(nicename)
	if utf8.RuneCountInString(nicename) > 50 {
		return insertError(codeNicenameTooLong, msgNicenameTooLong)
	}
	nicename = wp.UniqueNicename(tx, nicename, login)
	email := strings.TrimSpace(given("email", u.Email))
	if create || !strings.EqualFold(email, u.Email) {
		if owner := wp.FindUser(tx, wp.ByEmail(email)); owner != nil && owner.ID != u.ID {
			return insertError(codeExistingEmail, msgExistingEmail)
		}
	}
	url := u.URL
	if r.Has("url") {
		url = wp.UserURL(r.String("url"))
	}
	if utf8.RuneCountInString(url) > 100 {
		return insertError(codeURLTooLong, msgURLTooLong)
	}
	nickname := given("nickname", u.Nickname)
	if wp.EmptyStr(nickname) {
		nickname = login
	}
	first, last := wp.TextFilter(wp.Emptied(given("first_name", u.FirstName))), wp.TextFilter(wp.Emptied(given("last_name", u.LastName)))
	display := given("name", u.Name)
	if wp.EmptyStr(display) {
		switch {
		case !create:
			display = login
		case !wp.EmptyStr(first) && !wp.EmptyStr(last):
			display = first + " " + last
		case !wp.EmptyStr(first):
			display = first
		case !wp.EmptyStr(last):
			display = last
		default:
			display = login
		}
	}
	u.Login, u.Slug, u.Email, u.URL = login, nicename, email, url
	u.Nickname, u.FirstName, u.LastName, u.Name = wp.TextFilter(nickname), first, last, wp.TextFilter(display)
	u.Description = wpfunc.Kses(wp.Emptied(given("description", u.Description)))
	u.Locale = given("locale", u.Locale)
	if r.Has("password") {
		u.PassHash = site.HashPassword(r.String("password"))
	}
	// roles: set_role(false) empties them when roles is sent (even as []), then
	// add_role adds each once; a new user without roles gets the default role
	if r.Has("roles") {
		u.Roles = []string{}
		for _, role := range r.Strings("roles") {
			if !slices.Contains(u.Roles, role) {
				u.Roles = append(u.Roles, role)
			}
		}
	} else if create {
		u.Roles = []string{"subscriber"}
	}
	return nil
}

// deleteUser is delete_item.
func (res *users) deleteUser(target userTarget) rest.Handler {
	return func(r *rest.Request) (*rest.Response, *rest.Error) {
		tx := txOf(r)
		u, err := getUser(r, target(r))
		if err != nil {
			return nil, err
		}
		var reassign *int // nil: the user's content is deleted (reassign=false)
		if v := r.Param("reassign"); v != false {
			n := absint(v)
			reassign = &n
		}
		if !r.Bool("force") {
			return nil, rest.Errorf(http.StatusNotImplemented, codeTrashNotSupported, msgUserTrashNotSupported)
		}
		if reassign != nil && *reassign != 0 && (*reassign == u.ID || tx.User(*reassign) == nil) {
			return nil, rest.Errorf(http.StatusBadRequest, codeUserInvalidReassign, msgUserInvalidReassign)
		}
		r.SetParam("context", rest.Edit)
		previous := withoutLinks(res.item.RenderIn(r, u, rest.Edit))
		wp.DeleteUser(txOf(r), u, reassign, actor(r), res.m.version, res.m.revisionMetaKeys)
		return rest.OK(rest.Object{{"deleted", true}, {"previous", previous}}), nil
	}
}

// writeMetaAndFields is what create_item and update_item do once the user is saved:
// the registered meta keys the request's meta names (an error answers, the user
// saved), then the plugin fields (update_additional_fields_for_object).
func (res *users) writeMetaAndFields(r *rest.Request, id int) *rest.Error {
	tx := txOf(r)
	if meta, ok := r.Param("meta").(map[string]any); ok {
		if err := res.m.updateUserMeta(r, tx, id, meta); err != nil {
			return err
		}
	}
	if fields, changed := fields.UpdateAdditional(r, res.m.reg, "user", tx.User(id).Fields); changed {
		tx.ChangeUser(id, func(u *store.User) { u.Fields = fields })
	}
	return nil
}
