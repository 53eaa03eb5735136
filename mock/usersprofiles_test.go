package mock

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"

	"github.com/wpmock/wpmock/mock/rest"
)

// The users routes as WordPress 6.8 and 7.1 answer them (captures in
// testdata/wordpress-<version>).

// TestUserProfileValues: from 6.8 the avatar URLs hash the email with SHA-256 on
// https://secure.gravatar.com; the rest of user 1 is as in the capture.
func TestUserProfileValues(t *testing.T) {
	for _, v := range []rest.Version{rest.V68, rest.V71} {
		s := newProfileSite(t, v)
		want := plain(capturedAt(t, v, "users_item_edit")).(map[string]any)
		got, _ := s.get(t, "/wp/v2/users/1?context=edit", "admin").json.(map[string]any)
		for _, key := range []string{"id", "username", "name", "email", "locale", "slug", "roles", "capabilities",
			"extra_capabilities", "avatar_urls", "meta"} {
			if d := valueDiff(want[key], got[key]); d != "" {
				t.Errorf("%s %s: %s", v, key, d)
			}
		}
	}
	// 6.1 keeps md5 on gravatar host 0-2 over http
	s := newProfileSite(t, rest.V61)
	got, _ := s.get(t, "/wp/v2/users/1", "").json.(map[string]any)
	if u := got["avatar_urls"].(map[string]any)["24"].(string); !strings.HasPrefix(u, "http://2.gravatar.com/avatar/e64c7d89f26bd1972efa854d13d7dd61?") {
		t.Errorf("6.1 avatar: %s", u)
	}
}

// TestUserProfileOptions: users routes are batchable from 6.6 (allow_batch on every
// endpoint of /users and /users/<id>, not /users/me), search_columns is a list
// argument from 6.8, and persisted_preferences' schema has a title from 6.7.
func TestUserProfileOptions(t *testing.T) {
	for _, v := range []rest.Version{rest.V68, rest.V71} {
		s := newProfileSite(t, v)
		for path, capture := range map[string]string{"/wp/v2/users": "options_users", "/wp/v2/users/1": "options_users_1"} {
			raw := strings.ReplaceAll(string(s.do(t, http.MethodOptions, path, "", nil).body), s.srv.URL, captureSite)
			var got map[string]any
			if err := json.Unmarshal([]byte(raw), &got); err != nil {
				t.Fatal(err)
			}
			want := plain(capturedAt(t, v, capture)).(map[string]any)
			if d := valueDiff(want["schema"], got["schema"]); d != "" {
				t.Errorf("%s OPTIONS %s schema: %s", v, path, d)
			}
			we, ge := want["endpoints"].([]any), got["endpoints"].([]any)
			if len(we) != len(ge) {
				t.Fatalf("%s OPTIONS %s: %d endpoints, want %d", v, path, len(ge), len(we))
			}
			for i := range we {
				w, g := we[i].(map[string]any), ge[i].(map[string]any)
				if d := valueDiff(w["allow_batch"], g["allow_batch"]); d != "" {
					t.Errorf("%s OPTIONS %s endpoint %d allow_batch: %s", v, path, i, d)
				}
				if i == 0 {
					wa, ga := w["args"].(map[string]any), g["args"].(map[string]any)
					delete(wa, "has_published_posts") // an object in WordPress, a list in the engine
					delete(ga, "has_published_posts")
					if d := valueDiff(wa, ga); d != "" {
						t.Errorf("%s OPTIONS %s GET args: %s", v, path, d)
					}
				}
			}
		}
		me := s.do(t, http.MethodOptions, "/wp/v2/users/me", "", nil)
		if strings.Contains(string(me.body), "allow_batch") {
			t.Errorf("%s OPTIONS /wp/v2/users/me has allow_batch", v)
		}
	}
	s := newProfileSite(t, rest.V61)
	if body := string(s.do(t, http.MethodOptions, "/wp/v2/users", "", nil).body); strings.Contains(body, "allow_batch") ||
		strings.Contains(body, "search_columns") || strings.Contains(body, "wp_font_face") {
		t.Errorf("6.1 OPTIONS /wp/v2/users has a later version's declarations")
	}
}

// TestUserSearchColumns: search_columns (6.8) chooses the columns a search looks in,
// among those the caller may search (no email without list_users, which falls back to
// the fixed columns); 6.1 has no such argument and ignores it.
func TestUserSearchColumns(t *testing.T) {
	s := newProfileSite(t, rest.V68)
	runListCases(t, s, []listCase{
		{"/wp/v2/users?search=example.com&search_columns=email&orderby=id", "admin", []int{1, 2, 3, 4, 5}, 5},
		{"/wp/v2/users?search=example.com&search_columns=name", "admin", []int{}, 0},
		{"/wp/v2/users?search=edit&search_columns=username", "admin", []int{2}, 1},
		{"/wp/v2/users?search=edit&search_columns=email,slug", "admin", []int{2}, 1},
		{"/wp/v2/users?search=1&search_columns=id", "admin", []int{1}, 1},
		// without list_users, email is no column to search: the fixed four apply
		{"/wp/v2/users?search=example.com&search_columns=email", "", []int{}, 0},
		{"/wp/v2/users?search=admin&search_columns=email", "", []int{1}, 1},
	})
	r := s.get(t, "/wp/v2/users?search=a&search_columns[]=email&search_columns[]=bad", "admin")
	r.wantError(t, http.StatusBadRequest, "rest_invalid_param")
	if !strings.Contains(string(r.body), `"search_columns[1] is not one of email, name, id, username, and slug."`) {
		t.Errorf("search_columns error: %s", r.body)
	}
	runListCases(t, newProfileSite(t, rest.V61), []listCase{
		{"/wp/v2/users?search=example.com&search_columns=name&orderby=id", "admin", []int{1, 2, 3, 4, 5}, 5},
	})
}

// TestAppPasswordProfiles: app_id is a UUID until 6.9, which also takes "" (oneOf) and
// so refuses null; a taken name is refused until 6.7.
func TestAppPasswordProfiles(t *testing.T) {
	create := func(s *testSite, body string) reply {
		b, h := jsonRequest(body)
		return s.do(t, http.MethodPost, "/wp/v2/users/1/application-passwords", "admin", b, h...)
	}
	for _, c := range []struct {
		v          rest.Version
		body, code string
	}{
		{rest.V68, `{"name":"a1","app_id":null}`, ""},
		{rest.V68, `{"name":"a2","app_id":""}`, "rest_invalid_param"},
		{rest.V71, `{"name":"a1","app_id":null}`, "rest_invalid_param"},
		{rest.V71, `{"name":"a2","app_id":""}`, ""},
		{rest.V71, `{"name":"a3","app_id":"nope"}`, "rest_invalid_param"},
	} {
		if r := create(newProfileSite(t, c.v), c.body); r.errorCode() != c.code {
			t.Errorf("%s %s: got %d %s, want %q", c.v, c.body, r.status, r.body, c.code)
		}
	}
	for v, refused := range map[rest.Version]bool{rest.V61: true, rest.V68: false} {
		s := newProfileSite(t, v)
		create(s, `{"name":"twice"}`)
		if r := create(s, `{"name":"Twice"}`); (r.errorCode() == "application_password_duplicate_name") != refused {
			t.Errorf("%s a taken name: %d %s", v, r.status, r.body)
		}
	}
}
