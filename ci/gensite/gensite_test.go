package main

import (
	"bytes"
	"encoding/json"
	"testing"

	"github.com/wpmock/wpmock/fixtures"
)

// A seed writes the same site byte for byte: CI prints a failing seed, and
// GENSITE_SEED=n must give the same site again.
func TestSeedReproduces(t *testing.T) {
	for seed := uint64(1); seed <= 30; seed++ {
		a, b := generate(seed, 0), generate(seed, 0)
		if !bytes.Equal(a.dataset, b.dataset) || !bytes.Equal(a.content, b.content) || a.summary != b.summary {
			t.Fatalf("seed %d: two runs differ", seed)
		}
	}
	if bytes.Equal(generate(1, 0).dataset, generate(2, 0).dataset) {
		t.Fatal("seeds 1 and 2 write the same site")
	}
}

// Every name WordPress checks is one it takes: post types <= 20 characters, taxonomies
// <= 32, statuses <= 20 (wp_posts.post_status), none reserved, each once.
func TestNamesValid(t *testing.T) {
	for seed := uint64(1); seed <= 200; seed++ {
		var ds struct {
			Register map[string][]fixtures.Args `json:"register"`
		}
		s := generate(seed, 0)
		var raw map[string]json.RawMessage
		if err := json.Unmarshal(s.dataset, &raw); err != nil {
			t.Fatal(err)
		}
		var reg map[string]json.RawMessage
		_ = json.Unmarshal(raw["register"], &reg)
		ds.Register = map[string][]fixtures.Args{}
		for _, k := range []string{"post_types", "taxonomies", "post_statuses"} {
			var list []fixtures.Args
			if b, ok := reg[k]; ok {
				if err := json.Unmarshal(b, &list); err != nil {
					t.Fatal(err)
				}
			}
			ds.Register[k] = list
		}
		seen := map[string]bool{}
		for k, max := range map[string]int{"post_types": maxPostTypeLen, "taxonomies": maxTaxonomyLen, "post_statuses": maxStatusLen} {
			for _, a := range ds.Register[k] {
				name := a.String("name")
				if err := validName(name, max); err != nil {
					t.Errorf("seed %d: %s: %v", seed, k, err)
				}
				if seen[name] {
					t.Errorf("seed %d: %s declared twice", seed, name)
				}
				seen[name] = true
			}
		}
	}
}
