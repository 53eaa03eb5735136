package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
)

// slimClone writes the dataset the mock serves for a comparison: the clone of the
// captured site (`wpmock clone`) without its recorded REST answers, which only make the
// copy's REST bytes the site's (2 MB of them) and say nothing GraphQL reads; the content
// tables, options, declarations and the site's description stay as the clone wrote them.
func slimClone(in, out string) error {
	raw, err := os.ReadFile(in)
	if err != nil {
		return err
	}
	var d map[string]json.RawMessage
	if err := json.Unmarshal(raw, &d); err != nil {
		return fmt.Errorf("%s: %w", in, err)
	}
	delete(d, "recorded")
	b, err := json.Marshal(d)
	if err != nil {
		return err
	}
	var ind bytes.Buffer
	if err := json.Indent(&ind, b, "", " "); err != nil {
		return err
	}
	ind.WriteByte('\n')
	return os.WriteFile(out, ind.Bytes(), 0o644)
}
