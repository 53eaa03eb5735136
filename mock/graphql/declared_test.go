package graphql_test

import (
	"encoding/json"
	"os"
	"strings"
	"testing"

	"github.com/wpmock/wpmock/fixtures"
	"github.com/wpmock/wpmock/mock"
	"github.com/wpmock/wpmock/mock/prose"
)

// TestSiteTypesShownInGraphQL: a dataset's own post type and taxonomy registered with
// show_in_graphql get WPGraphQL's types and root fields from their declaration alone;
// one registered without it (guide) stays out of the schema.
func TestSiteTypesShownInGraphQL(t *testing.T) {
	b, err := os.ReadFile("../../ci/wordpress/site/customized.json")
	if err != nil {
		t.Fatal(err)
	}
	var raw map[string]any
	if err := json.Unmarshal(b, &raw); err != nil {
		t.Fatal(err)
	}
	reg := raw["register"].(map[string]any)
	for _, group := range []string{"post_types", "taxonomies"} {
		for _, d := range reg[group].([]any) {
			d := d.(map[string]any)
			switch d["name"] {
			case "book":
				d["show_in_graphql"], d["graphql_single_name"], d["graphql_plural_name"] = true, "book", "books"
			case "genre":
				d["show_in_graphql"], d["graphql_single_name"], d["graphql_plural_name"] = true, "genre", "genres"
			}
		}
	}
	b, _ = json.Marshal(raw)
	decl, err := fixtures.Decode(b, "customized.json")
	if err != nil {
		t.Fatal(err)
	}
	ds := fixtures.Example()
	ds.Register = decl.Register
	id, term := 0, 0
	for _, p := range ds.Posts {
		id = max(id, p.ID+1)
	}
	for _, x := range ds.Terms {
		term = max(term, x.ID+1)
	}
	ds.Terms = append(ds.Terms, fixtures.Term{ID: term, Taxonomy: "genre", Name: "Mystery", Slug: "mystery"})
	ds.Posts = append(ds.Posts, fixtures.Post{ID: id, Type: "book", Status: "publish", Author: 1, Date: ds.Posts[0].Date,
		Slug: "the-hound", Title: "The Hound", Content: prose.Plain("<p>A dog on the moor.</p>"), Terms: map[string][]int{"genre": {term}}})
	m, err := mock.New(mock.Options{Dataset: ds, Clock: fixedClock})
	if err != nil {
		t.Fatal(err)
	}
	got := post(m, op(`{ books { nodes { __typename title uri genres { nodes { __typename name uri } } } }
		book(id: "the-hound", idType: SLUG) { databaseId } genre(id: "mystery", idType: SLUG) { books { nodes { title } } } }`, nil), false).Body.String()
	want := `{"data":{"books":{"nodes":[{"__typename":"Book","title":"The Hound","uri":"\/books\/the-hound\/","genres":{"nodes":[{"__typename":"Genre","name":"Mystery","uri":"\/genre\/mystery\/"}]}}]},` +
		`"book":{"databaseId":` + itoa(id) + `},"genre":{"books":{"nodes":[{"title":"The Hound"}]}}},`
	if !strings.HasPrefix(got, want) {
		t.Errorf("got %s,\nwant %s...", got, want)
	}
	if got := post(m, op(`{ guides { nodes { title } } }`, nil), false).Body.String(); !strings.Contains(got, `Cannot query field \"guides\" on type \"RootQuery\".`) {
		t.Errorf("a type without show_in_graphql: %s", got)
	}
}
