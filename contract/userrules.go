package contract

import (
	"fmt"
	"net/http"
	"net/url"
	"strings"
)

// What WordPress's users controller does beyond the lifecycle (WP_REST_Users_Controller
// and wp_insert_user): the fields a create and an update apply, form-encoded bodies,
// the locale and roles rules, the parameter order that lets a body's id win over the
// route's, how names, URLs and descriptions are sanitized, and the reassign forms of a
// delete.

// form sends a form-encoded body (application/x-www-form-urlencoded), the way an HTML
// form or curl -d does; lists are written key[]=value.
func (c *client) form(t T, method, path string, v url.Values) *Result {
	t.Helper()
	return c.do(t, method, path, []byte(v.Encode()), "Content-Type", "application/x-www-form-urlencoded")
}

// newLogin is a user's create body: username, email and password.
func (s *Suite) newLogin(what string) map[string]any {
	login := s.name(what)
	return map[string]any{"username": login, "email": login + "@example.com", "password": randomPassword()}
}

// userWrites checks what a create and an update apply, in JSON and in a form body.
func userWrites(s *Suite, t T) {
	admin := s.as(s.admin())
	body := s.newLogin("explicit")
	for k, v := range map[string]any{"name": "Test User", "nickname": "testuser", "slug": s.name("test-user"), "roles": []string{"editor"},
		"description": "New API User", "url": "http://example.com"} {
		body[k] = v
	}
	r := s.create(t, nil, "/wp/v2/users", body)
	for _, k := range []string{"name", "nickname", "slug", "roles", "description", "url"} {
		wantValue(t, r, k, body[k], "lifecycle/users/create-applies: a user created with "+k+" keeps it")
	}
	item := fmt.Sprintf("/wp/v2/users/%d", idOf(r))
	wantKeys(t, admin.get(t, item+"?context=edit&_fields=id,name"), "", []string{"id", "name"}, "globals/fields/keeps-listed: _fields=id,name keeps exactly those keys (a user)")

	login := s.name("form")
	f := admin.form(t, http.MethodPost, "/wp/v2/users", url.Values{"username": {login}, "email": {login + "@example.com"},
		"password": {randomPassword()}, "name": {"Form User"}, "roles[]": {"editor"}})
	if wantStatus(t, f, http.StatusCreated, "writes/users/form-body: a form-encoded create (roles[]=editor) answers 201") {
		s.deleteLater("/wp/v2/users", idOf(f))
		wantValue(t, f, "roles", []string{"editor"}, "writes/users/form-body: a form-encoded create reads roles[]= as a list")
		wantValue(t, f, "name", "Form User", "writes/users/form-body: a form-encoded create applies name")
		u := admin.form(t, http.MethodPut, fmt.Sprintf("/wp/v2/users/%d", idOf(f)), url.Values{"first_name": {"New Name"}, "url": {"http://google.com"}})
		wantValue(t, u, "first_name", "New Name", "writes/users/form-body: a form-encoded update applies first_name")
		wantValue(t, u, "url", "http://google.com", "writes/users/form-body: a form-encoded update applies url")
	}
	if r.Status == http.StatusCreated {
		for range 2 { // twice: an update that changes nothing still succeeds
			wantStatus(t, admin.send(t, http.MethodPut, item, map[string]any{"slug": textAt(r, "slug")}), http.StatusOK,
				"lifecycle/users/update-no-change: a PUT that changes nothing answers 200")
		}
	}
}

// userUpdateRules checks an update's refusals and rules on a user a, with b another user.
func userUpdateRules(s *Suite, t T, a, b *Result) {
	admin := s.as(s.admin())
	item := fmt.Sprintf("/wp/v2/users/%d", idOf(a))
	upper := func(e string) string { return strings.ToUpper(e[:1]) + e[1:] }
	r := admin.send(t, http.MethodPut, item, map[string]any{"email": upper(textAt(a, "email"))})
	wantStatus(t, r, http.StatusOK, "users/update/email-case: an update of a user's own email with other letter case answers 200")
	wantValue(t, r, "email", upper(textAt(a, "email")), "users/update/email-case: the email is kept as sent")
	r = admin.send(t, http.MethodPut, item, map[string]any{"email": upper(textAt(b, "email"))})
	wantError(t, r, http.StatusBadRequest, "rest_user_invalid_email", "users/update/email-taken: another user's email in other letter case: 400 rest_user_invalid_email")
	wantError(t, admin.send(t, http.MethodPut, item, map[string]any{"locale": "klingon"}), http.StatusBadRequest, "rest_invalid_param",
		"users/update/invalid-locale: a locale that is not installed: 400 rest_invalid_param")
	wantValue(t, admin.send(t, http.MethodPut, item, map[string]any{"locale": "en_US"}), "locale", "en_US", "users/update/locale: locale en_US is always available")
	r = admin.send(t, http.MethodPut, item, map[string]any{"locale": ""})
	check(t, r, r.Status == http.StatusOK && textAt(r, "locale") != "", "users/update/locale: an empty locale falls back to the site's (a non-empty locale is answered)",
		"status %d, locale %q", r.Status, textAt(r, "locale"))
	r = admin.send(t, http.MethodPut, item, map[string]any{"roles": []string{"wpcontract-BeSharp"}})
	wantError(t, r, http.StatusBadRequest, "rest_user_invalid_role", "users/update/invalid-role: an update to a role that does not exist: 400 rest_user_invalid_role")
	r = admin.form(t, http.MethodPut, item, url.Values{"id": {"0"}, "first_name": {"Nobody"}})
	wantError(t, r, http.StatusNotFound, "rest_user_invalid_id",
		"users/update/body-id-wins: a body's id wins over the route's (WordPress reads the body before the URL): id=0 is 404 rest_user_invalid_id")
	for _, pw := range []string{`no\backslashes\allowed`, ""} {
		wantError(t, admin.send(t, http.MethodPut, item, map[string]any{"password": pw}), http.StatusBadRequest, "rest_invalid_param",
			"users/update/invalid-password: a password with a backslash, or empty: 400 rest_invalid_param")
	}

	c := s.create(t, nil, "/wp/v2/users", map[string]any{"username": s.name("promoted"), "email": s.name("promoted") + "@example.com",
		"password": randomPassword(), "roles": []string{"author"}})
	citem := fmt.Sprintf("/wp/v2/users/%d", idOf(c))
	wantValue(t, admin.send(t, http.MethodPut, citem, map[string]any{"roles": []string{"editor"}}), "roles", []string{"editor"},
		"users/update/roles: an update with roles replaces them")
	wantValue(t, admin.send(t, http.MethodPut, citem, map[string]any{"roles": "author,editor"}), "roles", []string{"author", "editor"},
		"users/update/roles: roles=a,b (a comma-separated list) gives the user both roles")
	wantValue(t, admin.send(t, http.MethodPut, citem, map[string]any{"roles": []string{"editor"}, "name": "Short-Lived User"}), "roles", []string{"editor"},
		"users/update/roles: roles update together with other fields")
}

// userRoundtrips sends names, URLs and descriptions through a create and an update, as
// WordPress's roundtrip tests do (as an administrator of a single site).
func userRoundtrips(s *Suite, t T) {
	const html = `<div>div</div> <strong>strong</strong> <script>oh noes</script>`
	const ent = `\\&\\ &amp; &invalid; < &lt; &amp;lt;`
	const entOut = `\\&amp;\\ &amp; &amp;invalid; &lt; &lt; &amp;lt;`
	for i, c := range []struct {
		rule                  string
		in, out, url, descOut string
	}{
		{"roundtrip-text", `\o/ ¯\_(ツ)_/¯`, `\o/ ¯\_(ツ)_/¯`, `http://o/%20¯_(ツ)_/¯`, `\o/ ¯\_(ツ)_/¯`},
		{"roundtrip-html", html, "div strong", "", "div <strong>strong</strong> oh noes"}, // url: see the catalogue
		{"roundtrip-entities", ent, entOut, "http://&amp;%20&amp;%20&amp;invalid;%20%20&lt;%20&amp;lt;", entOut},
	} {
		fields := map[string]any{"name": c.in, "first_name": c.in, "last_name": c.in, "nickname": c.in, "url": c.in, "description": c.in}
		want := map[string]string{"name": c.out, "first_name": c.out, "last_name": c.out, "nickname": c.out, "url": c.url, "description": c.descOut}
		body := s.newLogin(fmt.Sprintf("rt%d", i))
		for k, v := range fields {
			body[k] = v
		}
		rule := "lifecycle/users/" + c.rule + ": a user's names, URL and description come back as WordPress sanitizes them"
		r := s.create(t, nil, "/wp/v2/users", body)
		u := s.as(s.admin()).send(t, http.MethodPut, fmt.Sprintf("/wp/v2/users/%d", idOf(r)), fields)
		for _, k := range []string{"name", "first_name", "last_name", "nickname", "url", "description"} {
			if want[k] == "" {
				continue
			}
			wantValue(t, r, k, want[k], rule+" ("+k+", create)")
			wantValue(t, u, k, want[k], rule+" ("+k+", update)")
		}
	}
}

// userDeleteForms checks the forms reassign takes: empty (the user's posts go to the
// trash) and 0 (they are kept, without author).
func userDeleteForms(s *Suite, t T) {
	admin := s.as(s.admin())
	for _, c := range []struct {
		reassign, rule, status string
		author                 float64
	}{
		{"", "users/delete/reassign-empty-trashes-posts: with reassign= (empty) the deleted user's posts go to the trash", "trash", -1},
		{"0", "users/delete/reassign-zero: with reassign=0 the deleted user's posts stay, with author 0", "draft", 0},
	} {
		u := s.create(t, nil, "/wp/v2/users", s.newLogin("leaver-"+map[string]string{"": "empty", "0": "zero"}[c.reassign]))
		p := s.create(t, nil, "/wp/v2/posts", map[string]any{"title": s.name("orphan"), "author": idOf(u)})
		r := admin.do(t, http.MethodDelete, fmt.Sprintf("/wp/v2/users/%d?force=true&reassign=%s", idOf(u), c.reassign), nil)
		wantValue(t, r, "deleted", true, "users/delete/answer: DELETE a user with force=true: {deleted: true, previous}")
		got := admin.get(t, fmt.Sprintf("/wp/v2/posts/%d?context=edit", idOf(p)))
		wantValue(t, got, "status", c.status, c.rule)
		if c.author >= 0 {
			wantValue(t, got, "author", c.author, c.rule)
			wantNoKey(t, got, "_links.author", "users/delete/reassign-zero-no-author-link: a post with author 0 has no author link")
		}
	}
}
