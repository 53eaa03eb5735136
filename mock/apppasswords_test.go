package mock

import (
	"encoding/base64"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"
)

// The expectations below were checked against WordPress 6.1.9 (ci/wordpress) with curl.

// basic is an Authorization header value.
func basic(login, password string) string {
	return "Basic " + base64.StdEncoding.EncodeToString([]byte(login+":"+password))
}

// sendAs is a JSON request with explicit Basic credentials.
func (s *testSite) sendAs(t testing.TB, method, path, auth string, body any) reply {
	t.Helper()
	b, err := json.Marshal(body)
	if err != nil {
		t.Fatal(err)
	}
	return s.do(t, method, path, "", strings.NewReader(string(b)), "Content-Type", "application/json", "Authorization", auth)
}

var chunkedPassword = regexp.MustCompile(`^[A-Za-z0-9]{4}( [A-Za-z0-9]{4}){5}$`)

func keysOf(m map[string]any) string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return strings.Join(keys, ",")
}

// TestAppPasswordLifecycle: an administrator creates a user of any role, gives it an
// application password and acts as it; the password is listed, renamed, introspected,
// and once deleted no longer authenticates.
func TestAppPasswordLifecycle(t *testing.T) {
	s := newTestSite(t)
	u := s.send(t, http.MethodPost, "/wp/v2/users", "admin", map[string]any{
		"username": "bot", "email": "bot@example.com", "password": "pw", "roles": []string{"editor"}})
	id := strconv.Itoa(int(u.obj(t)["id"].(float64)))
	base := "/wp/v2/users/" + id + "/application-passwords"

	created := s.send(t, http.MethodPost, base, "admin", map[string]any{"name": "CI"})
	if created.status != http.StatusCreated {
		t.Fatalf("create: %d %s", created.status, created.body)
	}
	obj := created.obj(t)
	uuid, _ := obj["uuid"].(string)
	password, _ := obj["password"].(string)
	if !chunkedPassword.MatchString(password) {
		t.Errorf("password %q is not 6 groups of 4 letters and digits", password)
	}
	if !regexp.MustCompile(`^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$`).MatchString(uuid) {
		t.Errorf("uuid %q is not a version 4 UUID", uuid)
	}
	if loc, want := created.header.Get("Location"), s.srv.URL+"/wp-json/wp/v2/users/"+id+"/application-passwords/"+uuid; loc != want {
		t.Errorf("Location: got %q, want %q", loc, want)
	}
	if d := valueDiff(mustJSON(`{"uuid":"`+uuid+`","app_id":"","name":"CI","created":"2025-06-01T12:00:00","last_used":null,"last_ip":null,"password":"`+password+`","_links":{"self":[{"href":"`+s.srv.URL+`/wp-json/wp/v2/users/`+id+`/application-passwords/`+uuid+`"}]}}`), created.json); d != "" {
		t.Errorf("create response: %s", d)
	}

	// the new password works at once, with or without its spaces
	auth := basic("bot", password)
	s.sendAs(t, http.MethodGet, "/wp/v2/users/me?_fields=id,roles&context=edit", auth, nil).wantFields(t, map[string]any{"id": u.obj(t)["id"], "roles": []any{"editor"}})
	post := s.sendAs(t, http.MethodPost, "/wp/v2/posts", basic("bot@example.com", strings.ReplaceAll(password, " ", "")), map[string]any{"title": "From the bot"})
	post.wantFields(t, map[string]any{"author": u.obj(t)["id"]})
	intro := s.sendAs(t, http.MethodGet, "/wp/v2/users/me/application-passwords/introspect", auth, nil)
	intro.wantFields(t, map[string]any{"uuid": uuid, "name": "CI", "last_used": "2025-06-01T12:00:00", "last_ip": "127.0.0.1"})

	list := s.get(t, base, "admin")
	items, _ := list.json.([]any)
	if len(items) != 1 || keysOf(items[0].(map[string]any)) != "_links,app_id,created,last_ip,last_used,name,uuid" {
		t.Errorf("list: %s", list.body)
	}
	embed := s.get(t, base+"?context=embed", "admin").json.([]any)[0].(map[string]any)
	if keysOf(embed) != "_links,app_id,name,uuid" {
		t.Errorf("embed context keys: %s", keysOf(embed))
	}

	item := base + "/" + uuid
	s.send(t, http.MethodPatch, item, "admin", map[string]any{"name": "CI <b>2</b>", "app_id": uuid}).
		wantFields(t, map[string]any{"name": "CI 2", "app_id": "", "last_used": "2025-06-01T12:00:00"})
	s.send(t, http.MethodPost, item, "admin", map[string]any{}).wantFields(t, map[string]any{"name": "CI 2"})
	s.send(t, http.MethodPost, base, "admin", map[string]any{"name": "ci 2"}).wantError(t, http.StatusConflict, "application_password_duplicate_name")
	s.get(t, item+"?context=edit", "admin").wantFields(t, map[string]any{"uuid": uuid, "name": "CI 2"})

	gone := s.do(t, http.MethodDelete, item, "admin", nil)
	if d := valueDiff(mustJSON(`{"deleted":true,"previous":{"uuid":"`+uuid+`","app_id":"","name":"CI 2","created":"2025-06-01T12:00:00","last_used":"2025-06-01T12:00:00","last_ip":"127.0.0.1"}}`), gone.json); d != "" {
		t.Errorf("delete: %s", d)
	}
	s.do(t, http.MethodDelete, item, "admin", nil).wantError(t, http.StatusNotFound, "rest_application_password_not_found")
	// a password WordPress does not know leaves the request anonymous
	s.sendAs(t, http.MethodGet, "/wp/v2/users/me", auth, nil).wantError(t, http.StatusUnauthorized, codeNotLoggedIn)

	s.send(t, http.MethodPost, base, "admin", map[string]any{"name": "a", "app_id": uuid}).wantFields(t, map[string]any{"app_id": uuid})
	s.send(t, http.MethodPost, base, "admin", map[string]any{"name": "b", "app_id": uuid, "uuid": "x"}).wantFields(t, map[string]any{"app_id": ""})
	s.do(t, http.MethodDelete, base, "admin", nil).wantFields(t, map[string]any{"deleted": true, "count": 2.0})
	s.do(t, http.MethodDelete, base, "admin", nil).wantFields(t, map[string]any{"deleted": true, "count": 0.0})
}

func TestAppPasswordRules(t *testing.T) {
	s := newTestSite(t)
	seeded := "/wp/v2/users/1/application-passwords/00000000-0000-4000-8000-000000000001"
	for _, c := range []struct {
		name, method, path, login string
		body                      any
		status                    int
		code                      string
	}{
		{"unknown user", "GET", "/wp/v2/users/999/application-passwords", "admin", nil, 404, "rest_user_invalid_id"},
		{"user 0", "GET", "/wp/v2/users/0/application-passwords", "admin", nil, 404, "rest_user_invalid_id"},
		{"ME is not me", "GET", "/wp/v2/users/ME/application-passwords", "admin", nil, 404, "rest_user_invalid_id"},
		{"anonymous me", "GET", "/wp/v2/users/me/application-passwords", "", nil, 401, "rest_not_logged_in"},
		{"anonymous list", "GET", "/wp/v2/users/1/application-passwords", "", nil, 401, "rest_cannot_list_application_passwords"},
		{"editor lists admin's", "GET", "/wp/v2/users/1/application-passwords", "editor", nil, 403, "rest_cannot_list_application_passwords"},
		{"editor creates for admin", "POST", "/wp/v2/users/1/application-passwords", "editor", map[string]any{"name": "x"}, 403, "rest_cannot_create_application_passwords"},
		{"editor deletes admin's", "DELETE", "/wp/v2/users/1/application-passwords", "editor", nil, 403, "rest_cannot_delete_application_passwords"},
		{"editor reads one", "GET", seeded, "editor", nil, 403, "rest_cannot_read_application_password"},
		{"editor renames one", "POST", seeded, "editor", map[string]any{"name": "x"}, 403, "rest_cannot_edit_application_password"},
		{"editor deletes one", "DELETE", seeded, "editor", nil, 403, "rest_cannot_delete_application_password"},
		{"no name", "POST", "/wp/v2/users/me/application-passwords", "subscriber", map[string]any{}, 400, "rest_missing_callback_param"},
		{"blank name", "POST", "/wp/v2/users/me/application-passwords", "subscriber", map[string]any{"name": " "}, 400, "rest_invalid_param"},
		{"name sanitised away", "POST", "/wp/v2/users/me/application-passwords", "subscriber", map[string]any{"name": "<b></b>"}, 400, "application_password_empty_name"},
		{"name 0", "POST", "/wp/v2/users/me/application-passwords", "subscriber", map[string]any{"name": "0"}, 400, "application_password_empty_name"},
		{"duplicate name", "POST", "/wp/v2/users/me/application-passwords", "subscriber", map[string]any{"name": "WPMOCK"}, 409, "application_password_duplicate_name"},
		{"bad app_id", "POST", "/wp/v2/users/me/application-passwords", "subscriber", map[string]any{"name": "x", "app_id": "nope"}, 400, "rest_invalid_param"},
		{"unknown uuid", "GET", "/wp/v2/users/1/application-passwords/nope", "admin", nil, 404, "rest_application_password_not_found"},
		{"rename to blank", "POST", seeded, "admin", map[string]any{"name": ""}, 400, "rest_invalid_param"},
		{"introspect another", "GET", "/wp/v2/users/1/application-passwords/introspect", "editor", nil, 403, "rest_cannot_introspect_app_password_for_non_authenticated_user"},
		{"introspect anonymous", "GET", "/wp/v2/users/me/application-passwords/introspect", "", nil, 401, "rest_not_logged_in"},
	} {
		t.Run(c.name, func(t *testing.T) {
			s.send(t, c.method, c.path, c.login, c.body).wantError(t, c.status, c.code)
		})
	}
	// the seeded password, introspected
	s.get(t, "/wp/v2/users/me/application-passwords/introspect", "admin").
		wantFields(t, map[string]any{"uuid": "00000000-0000-4000-8000-000000000001", "name": "wpmock", "created": "2024-01-15T09:30:00"})
	// a request not made with an application password has none to introspect
	open, err := New(Options{Seed: 1, Clock: fixedClock, OpenAuth: true})
	if err != nil {
		t.Fatal(err)
	}
	rec := httptest.NewRecorder()
	open.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/wp-json/wp/v2/users/me/application-passwords/introspect", nil))
	if rec.Code != http.StatusNotFound || !strings.Contains(rec.Body.String(), `"rest_no_authenticated_app_password"`) {
		t.Errorf("introspect with open auth: %d %s", rec.Code, rec.Body)
	}
}

// TestAppPasswordOptions compares OPTIONS of the three routes with WordPress's.
func TestAppPasswordOptions(t *testing.T) {
	s := newTestSite(t)
	for path, capture := range map[string]string{
		"/wp/v2/users/1/application-passwords":            "options_application_passwords",
		"/wp/v2/users/1/application-passwords/introspect": "options_application_passwords_introspect",
		"/wp/v2/users/1/application-passwords/x":          "options_application_passwords_uuid",
	} {
		got := s.do(t, http.MethodOptions, path, "", nil)
		if d := valueDiff(captured(t, capture), got.json); d != "" {
			t.Errorf("OPTIONS %s: %s", path, d)
		}
	}
}

// TestAppPasswordUseRecordedInTheRequest: authentication runs inside the request's
// transaction. A password's first use, by a GET, is recorded before the request reads
// (the answer shows its own use: the read is run again under the write lock); a use
// within the day writes nothing, so the GET stays one read transaction.
func TestAppPasswordUseRecordedInTheRequest(t *testing.T) {
	s := newTestSite(t)
	created := s.send(t, http.MethodPost, "/wp/v2/users/1/application-passwords", "admin", map[string]any{"name": "first use"})
	password, _ := created.obj(t)["password"].(string)
	auth := basic("admin", password)
	before := s.store.Generation()
	intro := s.sendAs(t, http.MethodGet, "/wp/v2/users/me/application-passwords/introspect", auth, nil)
	intro.wantFields(t, map[string]any{"name": "first use", "last_used": "2025-06-01T12:00:00", "last_ip": "127.0.0.1"})
	if got := s.store.Generation(); got != before+1 {
		t.Errorf("the first use: %d write transactions, want 1", got-before)
	}
	s.sendAs(t, http.MethodGet, "/wp/v2/users/me", auth, nil).wantFields(t, map[string]any{"id": 1.0})
	if got := s.store.Generation(); got != before+1 {
		t.Errorf("a second use the same day wrote (%d write transactions in all)", got-before)
	}
}
