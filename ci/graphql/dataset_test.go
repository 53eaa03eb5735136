package main

import (
	"encoding/json"
	"testing"
)

// The clone's declarations get the GraphQL arguments of the declarations file, by type
// name, and nothing else changes.
func TestWithGraphQLNames(t *testing.T) {
	declared := []byte(`{"version":1,"register":{
	  "post_types":[{"name":"book","show_in_graphql":true,"graphql_single_name":"book","graphql_plural_name":"books","public":true},
	                {"name":"note","public":true}],
	  "taxonomies":[{"name":"genre","object_type":["book"],"show_in_graphql":true,"graphql_single_name":"genre","graphql_plural_name":"genres"}],
	  "nav_menus":{"primary":"Primary menu"}}}`)
	clone := json.RawMessage(`{"post_types":[{"name":"book","public":true},{"name":"note","public":true}],
	  "taxonomies":[{"name":"genre","hierarchical":true}],"nav_menus":{"primary":"Primary menu"}}`)
	got, err := withGraphQLNames(clone, declared)
	if err != nil {
		t.Fatal(err)
	}
	var reg struct {
		PostTypes  []map[string]any `json:"post_types"`
		Taxonomies []map[string]any `json:"taxonomies"`
		NavMenus   map[string]any   `json:"nav_menus"`
	}
	if err := json.Unmarshal(got, &reg); err != nil {
		t.Fatal(err)
	}
	book, note, genre := reg.PostTypes[0], reg.PostTypes[1], reg.Taxonomies[0]
	if book["show_in_graphql"] != true || book["graphql_single_name"] != "book" || book["graphql_plural_name"] != "books" {
		t.Errorf("book: %v", book)
	}
	if _, ok := note["show_in_graphql"]; ok || len(note) != 2 {
		t.Errorf("note gained arguments: %v", note)
	}
	if genre["graphql_plural_name"] != "genres" || genre["hierarchical"] != true {
		t.Errorf("genre: %v", genre)
	}
	if reg.NavMenus["primary"] != "Primary menu" {
		t.Errorf("nav_menus lost: %v", reg.NavMenus)
	}
}
