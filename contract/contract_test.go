package contract

import (
	"net/http/httptest"
	"os"
	"testing"

	"github.com/wpmock/wpmock/mock"
	"github.com/wpmock/wpmock/mock/control"
)

// TestContract checks the target named by WPCONTRACT_URL, or, without one, the wpmock
// mock started in-process (the only place this package touches the mock).
func TestContract(t *testing.T) {
	cfg := ConfigFromEnv()
	if cfg.URL == "" {
		cfg = inProcess(t)
	}
	if d, ok := t.Deadline(); ok && (cfg.Deadline.IsZero() || d.Before(cfg.Deadline)) {
		cfg.Deadline = d // stop starting groups in time to clean up and write the reports
	}
	Run(Testing(t), cfg)
}

// inProcess starts the mock and returns a configuration for it.
func inProcess(t testing.TB) Config {
	t.Helper()
	m, err := mock.New(mock.Options{Control: control.Mount, Seed: 1})
	if err != nil {
		t.Fatalf("mock.New: %v", err)
	}
	srv := httptest.NewServer(m)
	t.Cleanup(srv.Close)
	cfg := ConfigFromEnv()
	cfg.URL = srv.URL + "/wp-json"
	cfg.User, cfg.Password = "admin", m.Passwords["admin"]
	cfg.Strict = true // a reimplementation meets the exact key sets
	if dir := os.Getenv("WPCONTRACT_REPORT"); dir != "" {
		cfg.ReportDir = dir
	}
	return cfg
}
