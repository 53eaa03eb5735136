package contract

import (
	"fmt"
	"net/http"
	"slices"
)

// The users group: the errors of user create and update, and user delete with its
// order of outcomes and the reassignment of content (reference §10.4–10.6).

func init() {
	register("users", true, func(s *Suite, t T) {
		t.Run("create errors", func(t T) { userCreateErrors(s, t) })
		t.Run("update errors", func(t T) { userUpdateErrors(s, t) })
		t.Run("delete", func(t T) { userDelete(s, t) })
		t.Run("delete, reassign forms", func(t T) { userDeleteForms(s, t) })
		t.Run("writes", func(t T) { userWrites(s, t) })
		t.Run("roundtrips", func(t T) { userRoundtrips(s, t) })
		t.Run("has published posts", func(t T) { userHasPublishedPosts(s, t) })
	})
}

// userHasPublishedPosts: the administrator's has_published_posts filter (true, or a
// list of post types) keeps the users with a published item of those types; false
// and no filter keep everyone (6.1, 6.8 and 7.1 alike).
func userHasPublishedPosts(s *Suite, t T) {
	admin := s.as(s.admin())
	login := s.name("hpp")
	u := s.create(t, nil, "/wp/v2/users", map[string]any{"username": login, "email": login + "@example.com",
		"password": randomPassword(), "roles": []string{"author"}})
	q := "/wp/v2/users?_fields=id&search=" + login
	const rule = "users/list/has-published-posts: has_published_posts keeps only the users with a published item of the given types (true: any)"
	listed := func(filter string, want bool, state string) {
		r := admin.get(t, q+filter)
		got := r.Status == http.StatusOK && slices.Contains(resultIDs(r), idOf(u))
		check(t, r, got == want, rule, "%s, %s: listed %v, want %v", state, filter, got, want)
	}
	for filter, want := range map[string]bool{"": true, "&has_published_posts=false": true, "&has_published_posts=true": false,
		"&has_published_posts=post": false} {
		listed(filter, want, "a user without posts")
	}
	s.create(t, nil, "/wp/v2/posts", map[string]any{"title": s.name("by " + login), "status": "publish", "author": idOf(u)})
	for filter, want := range map[string]bool{"&has_published_posts=true": true, "&has_published_posts=post": true,
		"&has_published_posts[]=page": false} {
		listed(filter, want, "a user with one published post")
	}
}

func userCreateErrors(s *Suite, t T) {
	admin := s.as(s.admin())
	login := s.name("dup")
	for _, c := range []struct {
		body    map[string]any
		missing []any
	}{
		{map[string]any{}, []any{"username", "email", "password"}},
		{map[string]any{"username": login}, []any{"email", "password"}},
		{map[string]any{"username": login, "email": login + "@example.com"}, []any{"password"}},
		{map[string]any{"email": login + "@example.com"}, []any{"username", "password"}},
	} {
		r := admin.send(t, http.MethodPost, "/wp/v2/users", c.body)
		wantError(t, r, http.StatusBadRequest, "rest_missing_callback_param", "users/create/missing-params: a user create without username, email or password: 400 rest_missing_callback_param")
		wantValue(t, r, "data.params", c.missing, "users/create/missing-params-order: rest_missing_callback_param lists the missing parameters in the schema's order (username, email, password)")
	}
	r := admin.send(t, http.MethodPost, "/wp/v2/users", map[string]any{"username": login, "email": "not-an-email", "password": "x"})
	wantError(t, r, http.StatusBadRequest, "rest_invalid_param", "users/create/invalid-email: a user create with a malformed email: 400 rest_invalid_param")
	wantValue(t, r, "data.details.email.code", "rest_invalid_email", "users/create/invalid-email-details: a malformed email is reported as rest_invalid_email under data.details.email")
	r = admin.send(t, http.MethodPost, "/wp/v2/users", map[string]any{"username": login, "email": login + "@example.com", "password": "x", "roles": []string{"wpcontract-nope"}})
	wantError(t, r, http.StatusBadRequest, "rest_user_invalid_role", "users/create/invalid-role: a user create with a role that does not exist: 400 rest_user_invalid_role")
	r = admin.send(t, http.MethodPost, "/wp/v2/users", map[string]any{"username": `¯\_(ツ)_/¯`, "email": s.name("bad-login") + "@example.com", "password": "x"})
	if r.Status == http.StatusCreated {
		s.deleteLater("/wp/v2/users", idOf(r)) // the target wrongly created it
	}
	if wantError(t, r, http.StatusBadRequest, "rest_invalid_param", "users/create/invalid-username: a username of characters WordPress does not allow: 400 rest_invalid_param") {
		wantValue(t, r, "data.params.username", "This username is invalid because it uses illegal characters. Please enter a valid username.",
			"users/create/invalid-username: data.params.username says why")
	}
	r = anonymousCreateUser(s, t, login)
	wantError(t, r, http.StatusUnauthorized, "rest_cannot_create_user", "users/create/anonymous-401: an anonymous user create (valid body): 401 rest_cannot_create_user")

	first := s.create(t, nil, "/wp/v2/users", map[string]any{"username": login, "email": login + "@example.com", "password": randomPassword()})
	r = admin.send(t, http.MethodPost, "/wp/v2/users", map[string]any{"username": login, "email": s.name("other") + "@example.com", "password": "x"})
	wantStatus(t, r, http.StatusInternalServerError, "users/create/duplicate-username-500: a user create with a username that exists: wp_insert_user's error without a status, so 500 (§10.4)")
	wantValue(t, r, "", map[string]any{"code": "existing_user_login", "message": "Sorry, that username already exists!", "data": nil},
		"users/create/duplicate-username-body: a duplicate username: {code: existing_user_login, message, data: null}")
	r = admin.send(t, http.MethodPost, "/wp/v2/users", map[string]any{"username": s.name("other"), "email": login + "@example.com", "password": "x"})
	wantStatus(t, r, http.StatusInternalServerError, "users/create/duplicate-email-500: a user create with an email that is in use: 500 (§10.4)")
	wantValue(t, r, "", map[string]any{"code": "existing_user_email", "message": "Sorry, that email address is already used!", "data": nil},
		"users/create/duplicate-email-body: a duplicate email: {code: existing_user_email, message, data: null}")
	r = admin.send(t, http.MethodPost, "/wp/v2/users", map[string]any{"id": idOf(first), "username": s.name("other"), "email": s.name("other") + "@example.com", "password": "x"})
	wantError(t, r, http.StatusBadRequest, "rest_user_exists", "users/create/with-id-400: a user create with an id: 400 rest_user_exists")
	if r.Status == http.StatusCreated {
		s.deleteLater("/wp/v2/users", idOf(r)) // the target wrongly created it
	}
}

// anonymousCreateUser sends a valid user create anonymously; validation passes, so the
// permission check answers.
func anonymousCreateUser(s *Suite, t T, login string) *Result {
	r := s.as(anonymous).send(t, http.MethodPost, "/wp/v2/users", map[string]any{"username": login, "email": login + "@example.com", "password": "x"})
	if r.Status == http.StatusCreated {
		s.deleteLater("/wp/v2/users", idOf(r))
	}
	return r
}

func userUpdateErrors(s *Suite, t T) {
	admin := s.as(s.admin())
	a := s.create(t, nil, "/wp/v2/users", map[string]any{"username": s.name("upd-a"), "email": s.name("upd-a") + "@example.com", "password": randomPassword()})
	b := s.create(t, nil, "/wp/v2/users", map[string]any{"username": s.name("upd-b"), "email": s.name("upd-b") + "@example.com", "password": randomPassword()})
	item := fmt.Sprintf("/wp/v2/users/%d", idOf(a))
	r := admin.send(t, http.MethodPost, item, map[string]any{"username": s.name("upd-c")})
	wantError(t, r, http.StatusBadRequest, "rest_user_invalid_argument", "users/update/username-not-editable: changing a user's username: 400 rest_user_invalid_argument (not editable)")
	r = admin.send(t, http.MethodPost, item, map[string]any{"username": textAt(a, "username")})
	wantStatus(t, r, http.StatusOK, "users/update/same-username-ok: sending a user's own username back is not a change: 200")
	r = admin.send(t, http.MethodPost, item, map[string]any{"email": textAt(b, "email")})
	wantError(t, r, http.StatusBadRequest, "rest_user_invalid_email", "users/update/email-taken: an update to an email another user has: 400 rest_user_invalid_email")
	r = admin.send(t, http.MethodPost, item, map[string]any{"slug": textAt(b, "slug")})
	wantError(t, r, http.StatusBadRequest, "rest_user_invalid_slug", "users/update/slug-taken: an update to a slug another user has: 400 rest_user_invalid_slug")
	r = admin.send(t, http.MethodPost, fmt.Sprintf("/wp/v2/users/%s", missingID), map[string]any{"name": "x"})
	wantError(t, r, http.StatusNotFound, "rest_user_invalid_id", "users/update/missing-404: an update of a user that does not exist: 404 rest_user_invalid_id")
	userUpdateRules(s, t, a, b)
}

func userDelete(s *Suite, t T) {
	admin, anon := s.as(s.admin()), s.as(anonymous)
	login := s.name("leaver")
	u := s.create(t, nil, "/wp/v2/users", map[string]any{"username": login, "email": login + "@example.com", "password": randomPassword(), "roles": []string{"author"}})
	id := idOf(u)
	item := fmt.Sprintf("/wp/v2/users/%d", id)
	post := s.create(t, nil, "/wp/v2/posts", map[string]any{"title": s.name("leaver-post"), "author": id})
	wantValue(t, post, "author", float64(id), "users/delete/post-for-other-author: an administrator may create a post for another author")

	for _, who := range []*client{anon, admin} {
		r := who.do(t, http.MethodDelete, item+"?force=true", nil)
		wantError(t, r, http.StatusBadRequest, "rest_missing_callback_param",
			"users/delete/reassign-required: DELETE a user without reassign: 400 rest_missing_callback_param, checked before permissions (so anonymous gets it too)")
		wantValue(t, r, "data.params", []any{"reassign"}, "users/delete/reassign-required: the missing parameter is reassign")
	}
	for _, bad := range []string{"abc", "null"} {
		r := admin.do(t, http.MethodDelete, item+"?force=true&reassign="+bad, nil)
		wantError(t, r, http.StatusBadRequest, "rest_invalid_param", "users/delete/reassign-invalid: reassign that is neither a number nor false: 400 rest_invalid_param")
	}
	var r *Result
	r = anon.do(t, http.MethodDelete, fmt.Sprintf("%s?force=true&reassign=%d", item, s.adminID()), nil)
	wantError(t, r, http.StatusUnauthorized, "rest_user_cannot_delete", "users/delete/anonymous-401: DELETE a user anonymously (with reassign): 401 rest_user_cannot_delete")
	r = admin.do(t, http.MethodDelete, fmt.Sprintf("/wp/v2/users/%s?force=true&reassign=%d", missingID, s.adminID()), nil)
	wantError(t, r, http.StatusNotFound, "rest_user_invalid_id", "users/delete/missing-404: DELETE a user that does not exist: 404 rest_user_invalid_id")
	r = admin.do(t, http.MethodDelete, fmt.Sprintf("%s?reassign=%s", item, missingID), nil)
	wantError(t, r, http.StatusNotImplemented, "rest_trash_not_supported", "users/delete/force-before-reassign: force is checked before reassign: without force=true, 501 rest_trash_not_supported")
	for _, bad := range []string{fmt.Sprint(id), missingID} {
		r = admin.do(t, http.MethodDelete, item+"?force=true&reassign="+bad, nil)
		wantError(t, r, http.StatusBadRequest, "rest_user_invalid_reassign", "users/delete/reassign-invalid-user: reassign to the user being deleted or to a user that does not exist: 400 rest_user_invalid_reassign")
		wantValue(t, r, "message", "Invalid user ID for reassignment.", "users/delete/reassign-invalid-user-message: rest_user_invalid_reassign has WordPress's message")
	}
	wantStatus(t, admin.get(t, item), http.StatusOK, "users/delete/refused-keeps-user: after refused DELETEs the user is still there")

	r = admin.do(t, http.MethodDelete, fmt.Sprintf("%s?force=true&reassign=%d", item, s.adminID()), nil)
	wantValue(t, r, "deleted", true, "users/delete/answer: DELETE a user with force=true and a valid reassign: {deleted: true, previous}")
	wantValue(t, r, "previous.username", login, "users/delete/answer-previous: previous is the deleted user in edit context")
	p := admin.get(t, fmt.Sprintf("/wp/v2/posts/%d?context=edit", idOf(post)))
	wantValue(t, p, "author", float64(s.adminID()), "users/delete/reassigns-posts: the deleted user's posts now belong to the reassign user")
	wantValue(t, p, "status", "draft", "users/delete/reassigns-posts: reassigned posts keep their status")

	// reassign=false: no one takes the content; the user's posts go to the trash (§10.6)
	login = s.name("leaver2")
	u = s.create(t, nil, "/wp/v2/users", map[string]any{"username": login, "email": login + "@example.com", "password": randomPassword(), "roles": []string{"author"}})
	post = s.create(t, nil, "/wp/v2/posts", map[string]any{"title": s.name("leaver2-post"), "author": idOf(u)})
	r = admin.do(t, http.MethodDelete, fmt.Sprintf("/wp/v2/users/%d?force=true&reassign=false", idOf(u)), nil)
	wantValue(t, r, "deleted", true, "users/delete/answer: DELETE a user with reassign=false: {deleted: true, previous}")
	p = admin.get(t, fmt.Sprintf("/wp/v2/posts/%d?context=edit", idOf(post)))
	wantValue(t, p, "status", "trash", "users/delete/reassign-false-trashes-posts: with reassign=false the deleted user's posts go to the trash")
}
