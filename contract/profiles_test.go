package contract

import (
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/wpmock/wpmock/mock"
	"github.com/wpmock/wpmock/mock/control"
	"github.com/wpmock/wpmock/mock/rest"
)

// TestContractProfiles checks the mock in each WordPress version it answers as (6.1 is
// TestContract): the suite finds the version from what the mock publishes, as it does
// on any site, and the mock meets that version's exact key sets (strict mode).
func TestContractProfiles(t *testing.T) {
	if testing.Short() || ConfigFromEnv().URL != "" {
		t.Skip("runs the suite against the in-process mock, once per profile")
	}
	t.Parallel()
	for _, v := range rest.Profiles {
		if v == rest.V61 {
			continue
		}
		t.Run(v.String(), func(t *testing.T) {
			t.Parallel() // a mock of its own: the profiles' runs go side by side
			m, err := mock.New(mock.Options{Control: control.Mount, Seed: 1, Version: v})
			if err != nil {
				t.Fatalf("mock.New: %v", err)
			}
			srv := httptest.NewServer(m)
			defer srv.Close()
			cfg := Config{URL: srv.URL + "/wp-json", User: "admin", Password: m.Passwords["admin"], Strict: true}
			probe := &Suite{cfg: cfg, client: http.DefaultClient, schemas: map[string]map[string]any{}}
			probe.detectVersion(Testing(t))
			if probe.wp != wpVersion(v) {
				t.Fatalf("the mock answering as %s is detected as WordPress %s (%s)", v, probe.wp, probe.wpWhy)
			}
			requireRuleIDs(t, Run(Testing(t), cfg))
		})
	}
}
