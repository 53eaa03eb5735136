package main

import (
	"encoding/json"
	"fmt"
	"os"
	"slices"
	"strings"
)

// knownDifference is one difference from WPGraphQL that the comparison accepts, as
// ci/compare's catalogue accepts its allowances: for the versions named, the operation's
// first difference must begin with Difference (its path and what differs there), and the
// reason says why (docs/differences.md). Any other difference of that operation still
// fails, and an entry the answer no longer needs fails too, so the list cannot outlive
// the mock's gaps. Kind says what the difference is: "absent" (something the mock does
// not serve, answered as WPGraphQL answers what it does not have: a validation error, an
// unlisted item) or "wrong" (an answer that differs from WPGraphQL's, not yet mended).
type knownDifference struct {
	Versions   []string `json:"versions"`
	Operation  string   `json:"operation"`
	Kind       string   `json:"kind"`
	Difference string   `json:"difference"`
	Reason     string   `json:"reason"`
}

// The kinds of a known difference.
const (
	kindAbsent = "absent"
	kindWrong  = "wrong"
)

// loadKnown reads the list; a missing file is an empty list.
func loadKnown(path string) ([]knownDifference, error) {
	b, err := os.ReadFile(path)
	if os.IsNotExist(err) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	var ks []knownDifference
	if err := json.Unmarshal(b, &ks); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	for _, k := range ks {
		if k.Operation == "" || k.Difference == "" || k.Reason == "" || len(k.Versions) == 0 {
			return nil, fmt.Errorf("%s: %s: versions, operation, difference and reason are all required", path, k.Operation)
		}
		if k.Kind != kindAbsent && k.Kind != kindWrong {
			return nil, fmt.Errorf("%s: %s: kind is %q: absent or wrong", path, k.Operation, k.Kind)
		}
	}
	return ks, nil
}

// applyKnown marks each result whose difference the list accepts for version (its
// reason in known), and returns the entries for version that matched no difference.
func applyKnown(version string, rs []result, ks []knownDifference) (stale []knownDifference) {
	for _, k := range ks {
		if !slices.Contains(k.Versions, version) {
			continue
		}
		used := false
		for i := range rs {
			if rs[i].op == k.Operation && rs[i].known == "" && strings.HasPrefix(rs[i].diff, k.Difference) {
				rs[i].known, rs[i].kind, used = k.Reason, k.Kind, true
			}
		}
		if !used {
			stale = append(stale, k)
		}
	}
	return stale
}
