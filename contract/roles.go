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
// the suite ends. When the target does not let the admin do that, the rule that failed
// blocks the test (and every later one that needs the role).
func (s *Suite) accountFor(t T, role string) *account {
	t.Helper()
	s.mu.Lock()
	acc, ok := s.roles[role]
	why := s.blocked[role]
	s.mu.Unlock()
	if why != "" {
		t.Skipf("blocked: no %s to act as: %s", role, why)
	}
	if ok {
		return acc
	}
	acc, why = s.makeAccount(t, role)
	s.mu.Lock()
	if why != "" {
		s.blocked[role] = why
	} else {
		s.roles[role] = acc
	}
	s.mu.Unlock()
	if why != "" {
		t.Skipf("blocked: no %s to act as: %s", role, why)
	}
	return acc
}

func (s *Suite) makeAccount(t T, role string) (*account, string) {
	t.Helper()
	login := s.name(role)
	created, why := s.tryCreate(t, nil, "/wp/v2/users", map[string]any{
		"username": login, "email": login + "@example.com", "password": randomPassword(), "roles": []string{role},
	})
	if why != "" {
		return nil, why
	}
	id := idOf(created)
	app := s.as(s.admin()).send(t, http.MethodPost, fmt.Sprintf("/wp/v2/users/%d/application-passwords", id), map[string]any{"name": s.name("app")})
	const rule = "writes/application-passwords/create: the admin can create an application password for a user (201 with the password)"
	password, _ := app.object()["password"].(string)
	if !check(t, app, app.Status == http.StatusCreated && password != "", rule, "status %d", app.Status) {
		return nil, blockedBy(rule, app)
	}
	return &account{name: role, user: login, password: password, id: id}, ""
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
func (nopT) Fail()                    {}
func (nopT) Errorf(string, ...any)    {}
func (nopT) Fatalf(string, ...any)    {}
func (nopT) Skipf(string, ...any)     {}
func (nopT) Logf(string, ...any)      {}
func (nopT) Failed() bool             { return false }
func (nopT) Cleanup(func())           {}
func (nopT) Run(string, func(T)) bool { return true }
