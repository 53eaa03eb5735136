package main

import (
	"fmt"
	"strings"
	"testing"

	"github.com/wpmock/wpmock/fixtures"
	mocksite "github.com/wpmock/wpmock/mock/site"
)

// TestGeneratedRegisterReadOnce: every declaration the generator draws (seeds 1..20)
// passes the dataset's validation, and the mock's registry, built by the same reading
// (mock/site, register_read.go), holds each one: nothing accepted is dropped.
func TestGeneratedRegisterReadOnce(t *testing.T) {
	for seed := uint64(1); seed <= 20; seed++ {
		s := generate(seed, 0)
		ds, err := fixtures.Decode(s.dataset, fmt.Sprintf("seed %d", seed))
		if err != nil {
			t.Errorf("seed %d (%s): the validator refuses it: %v", seed, s.summary, err)
			continue
		}
		g, err := mocksite.Registry(ds)
		if err != nil {
			t.Errorf("seed %d (%s): validated, yet the registry refuses it: %v", seed, s.summary, err)
			continue
		}
		if missing := ds.Register.Missing(g); len(missing) > 0 {
			t.Errorf("seed %d (%s): the registry dropped %s", seed, s.summary, strings.Join(missing, ", "))
		}
	}
}
