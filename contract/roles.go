package contract

import (
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"net/http"
)

// roles are WordPress's five default roles.
var roles = []string{"administrator", "editor", "author", "contributor", "subscriber"}

// accountFor returns a user of the role, created through the API on first use with an
// application password of its own, and deleted (content reassigned to the admin) when
// the suite ends. It fails the test when the target does not let the admin do that.
func (s *Suite) accountFor(t T, role string) *account {
	t.Helper()
	s.mu.Lock()
	acc, ok := s.roles[role]
	s.mu.Unlock()
	if ok {
		return acc
	}
	admin := s.as(s.admin())
	me := admin.get(t, "/wp/v2/users/me")
	adminID, _ := me.object()["id"].(float64)
	login := s.name(role)
	pw := randomPassword()
	created := admin.send(t, http.MethodPost, "/wp/v2/users", map[string]any{
		"username": login, "email": login + "@example.com", "password": pw, "roles": []string{role},
	})
	if !wantStatus(t, created, http.StatusCreated, "the admin can create a user of each role (POST /wp/v2/users)") {
		t.Fatalf("contract: cannot create a %s to check permissions with", role)
	}
	id := int(created.object()["id"].(float64))
	s.onCleanup(func() {
		s.as(s.admin()).do(nopT{}, http.MethodDelete, fmt.Sprintf("/wp/v2/users/%d?force=true&reassign=%d", id, int(adminID)), nil)
	})
	app := admin.send(t, http.MethodPost, fmt.Sprintf("/wp/v2/users/%d/application-passwords", id), map[string]any{"name": s.name("app")})
	if !wantStatus(t, app, http.StatusCreated, "the admin can create an application password for a user") {
		t.Fatalf("contract: cannot create an application password for the %s", role)
	}
	password, _ := app.object()["password"].(string)
	acc = &account{name: role, user: login, password: password}
	acc.id = id
	s.mu.Lock()
	s.roles[role] = acc
	s.mu.Unlock()
	return acc
}

func randomPassword() string {
	b := make([]byte, 16)
	if _, err := rand.Read(b); err != nil {
		panic(err)
	}
	return "Wpc-" + hex.EncodeToString(b)
}

// nopT is a T for clean-up requests, whose failures do not matter any more.
type nopT struct{}

func (nopT) Helper()                  {}
func (nopT) Name() string             { return "cleanup" }
func (nopT) Errorf(string, ...any)    {}
func (nopT) Fatalf(string, ...any)    {}
func (nopT) Skipf(string, ...any)     {}
func (nopT) Logf(string, ...any)      {}
func (nopT) Failed() bool             { return false }
func (nopT) Cleanup(func())           {}
func (nopT) Run(string, func(T)) bool { return true }
