package mock

import (
	"encoding/base64"
	"net/http"
	"testing"
)

// TestBasicHeaderReadAsPHPReadsIt: "Basic  <credentials>" (two spaces) was anonymous;
// PHP matches the scheme in any case and decodes base64 leniently, skipping blanks and
// stray "=".
func TestBasicHeaderReadAsPHPReadsIt(t *testing.T) {
	s := newTestSite(t)
	cred := base64.StdEncoding.EncodeToString([]byte("admin:" + s.Passwords["admin"]))
	for _, h := range []string{"Basic  " + cred, "basic " + cred, "BASIC " + cred, "Basic " + cred[:4] + " " + cred[4:]} {
		got := s.do(t, http.MethodGet, "/wp/v2/users/me", "", nil, "Authorization", h)
		if got.status != http.StatusOK {
			t.Errorf("%q: got %d %s, want 200", h, got.status, got.body)
		}
	}
	for _, h := range []string{"Basic" + cred, "Bearer " + cred, "Basic " + base64.StdEncoding.EncodeToString([]byte("admin"))} {
		s.do(t, http.MethodGet, "/wp/v2/users/me", "", nil, "Authorization", h).wantError(t, 401, "rest_not_logged_in")
	}
}
