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
//
// The clone reads declarations from REST, which does not tell whether a type is shown in
// GraphQL: the arguments WPGraphQL reads (graphqlKeys) are copied into the clone's
// declarations from the file the site registered (site.json), by type name.
func slimClone(in, declaredFile, out string) error {
	declared, err := os.ReadFile(declaredFile)
	if err != nil {
		return err
	}
	raw, err := os.ReadFile(in)
	if err != nil {
		return err
	}
	var d map[string]json.RawMessage
	if err := json.Unmarshal(raw, &d); err != nil {
		return fmt.Errorf("%s: %w", in, err)
	}
	delete(d, "recorded")
	if d["register"], err = withGraphQLNames(d["register"], declared); err != nil {
		return err
	}
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

// graphqlKeys are register_post_type's and register_taxonomy's arguments WPGraphQL reads.
var graphqlKeys = []string{"show_in_graphql", "graphql_single_name", "graphql_plural_name"}

// withGraphQLNames copies graphqlKeys from the declarations file's post types and
// taxonomies into the clone's register part.
func withGraphQLNames(register json.RawMessage, declaredFile []byte) (json.RawMessage, error) {
	var decl struct {
		Register struct {
			PostTypes  []map[string]any `json:"post_types"`
			Taxonomies []map[string]any `json:"taxonomies"`
		} `json:"register"`
	}
	var reg map[string]any
	if err := json.Unmarshal(declaredFile, &decl); err != nil {
		return nil, err
	}
	declared := map[string][]map[string]any{"post_types": decl.Register.PostTypes, "taxonomies": decl.Register.Taxonomies}
	if len(register) == 0 {
		return register, nil
	}
	if err := json.Unmarshal(register, &reg); err != nil {
		return nil, err
	}
	for _, part := range []string{"post_types", "taxonomies"} {
		entries, _ := reg[part].([]any)
		for _, e := range entries {
			m, _ := e.(map[string]any)
			for _, d := range declared[part] {
				if d["name"] != m["name"] {
					continue
				}
				for _, k := range graphqlKeys {
					if v, ok := d[k]; ok {
						m[k] = v
					}
				}
			}
		}
	}
	return json.Marshal(reg)
}
