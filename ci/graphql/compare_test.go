package main

import (
	"strings"
	"testing"
)

func mustParse(t *testing.T, s string) *node {
	t.Helper()
	n, err := parseOrdered([]byte(s))
	if err != nil {
		t.Fatalf("parse %s: %v", s, err)
	}
	return n
}

// The comparison finds the first place two answers differ, by path, and tells a key
// order difference (GraphQL answers follow the query's order) from a missing key.
func TestFirstDifference(t *testing.T) {
	cases := []struct{ a, b, want string }{
		{`{"data":{"post":{"title":"A","slug":"a"}}}`, `{"data":{"post":{"title":"A","slug":"a"}}}`, ""},
		{`{"data":{"post":{"title":"A"}}}`, `{"data":{"post":{"title":"B"}}}`, `$.data.post.title: "A" vs "B"`},
		{`{"data":{"a":1,"b":2}}`, `{"data":{"b":2,"a":1}}`, `$.data: keys in another order ("b" where the first has "a")`},
		{`{"data":{"a":1}}`, `{"data":{"a":1,"b":2}}`, `$.data: extra key "b" on the second side`},
		{`{"data":{"a":1,"b":2}}`, `{"data":{"a":1}}`, `$.data: key "b" missing on the second side`},
		{`{"x":[1,2]}`, `{"x":[1]}`, `$.x: 2 items vs 1`},
		{`{"x":[{"n":1},{"n":2}]}`, `{"x":[{"n":1},{"n":3}]}`, `$.x[1].n: 2 vs 3`},
		{`{"x":null}`, `{"x":{}}`, `$.x: null vs an object {}`},
		{`{"x":1.0}`, `{"x":1}`, `$.x: 1.0 vs 1`},
		{`{"x":"<p>a & b</p>"}`, `{"x":"<p>a &amp; b</p>"}`, `$.x: "<p>a & b</p>" vs "<p>a &amp; b</p>"`},
		{`{"x":"` + strings.Repeat("a", 100) + `1` + strings.Repeat("z", 60) + `"}`, `{"x":"` + strings.Repeat("a", 100) + `2` + strings.Repeat("z", 60) + `"}`,
			`$.x: at character 100: …"` + strings.Repeat("a", 30) + `1` + strings.Repeat("z", 39) + `"… vs …"` + strings.Repeat("a", 30) + `2` + strings.Repeat("z", 39) + `"…`},
	}
	for _, c := range cases {
		if got := firstDifference("", mustParse(t, c.a), mustParse(t, c.b)); got != c.want {
			t.Errorf("firstDifference(%s, %s) = %q, want %q", c.a, c.b, got, c.want)
		}
	}
}

// An introspection compares by name, whatever order the server registered its types in;
// any other answer keeps its order.
func TestDifferIntrospectionByName(t *testing.T) {
	a := capture{status: 200, contentType: "application/json; charset=UTF-8",
		body: []byte(`{"data":{"__schema":{"types":[{"name":"A","fields":[{"name":"x"},{"name":"y"}]},{"name":"B","fields":null}]}}}`)}
	b := a
	b.contentType = "application/json"
	b.body = []byte(`{"data":{"__schema":{"types":[{"name":"B","fields":null},{"name":"A","fields":[{"name":"y"},{"name":"x"}]}]}}}`)
	if d := differ(a, b); d != "" {
		t.Errorf("the same schema in another order differs: %s", d)
	}
	b.body = []byte(`{"data":{"__schema":{"types":[{"name":"B","fields":null},{"name":"A","fields":[{"name":"y"}]}]}}}`)
	if d := differ(a, b); !strings.Contains(d, "$.data.__schema.types[0].fields[0].name: \"x\" vs \"y\"") {
		t.Errorf("a missing field: got %q", d)
	}
	list := capture{status: 200, body: []byte(`{"data":{"posts":{"nodes":[{"name":"b"},{"name":"a"}]}}}`)}
	other := list
	other.body = []byte(`{"data":{"posts":{"nodes":[{"name":"a"},{"name":"b"}]}}}`)
	if d := differ(list, other); d == "" {
		t.Error("two lists in another order compare equal outside an introspection")
	}
}

// Status, media type and non-JSON bodies count.
func TestDifferStatusAndText(t *testing.T) {
	a := capture{status: 500, contentType: "application/json", body: []byte(`{"errors":[]}`)}
	if d := differ(a, capture{status: 200, contentType: "application/json", body: a.body}); d != "status 200, want 500" {
		t.Errorf("status: got %q", d)
	}
	if d := differ(a, capture{status: 500, contentType: "text/html", body: a.body}); !strings.HasPrefix(d, "Content-Type") {
		t.Errorf("content type: got %q", d)
	}
	if d := differ(a, capture{status: 500, contentType: "application/json", bodyText: "<html>"}); !strings.HasPrefix(d, "body ") {
		t.Errorf("text body: got %q", d)
	}
}

// The site's address, plain or JSON-escaped, becomes baseURL, so that answers of sites at
// other addresses compare; the stored form is indented with the key order kept.
func TestNormaliseAndEncode(t *testing.T) {
	s := newSite("http://127.0.0.1:8643/")
	c := normalise(s, &answer{status: 200, contentType: "application/json",
		body: []byte(`{"data":{"z":"http:\/\/127.0.0.1:8643\/a\/","a":"http://127.0.0.1:8643/b/"}}`)})
	got := string(c.encode())
	if !strings.Contains(got, `"z": "http:\/\/wpmock.invalid\/a\/"`) || !strings.Contains(got, `"a": "http://wpmock.invalid/b/"`) ||
		strings.Index(got, `"z"`) > strings.Index(got, `"a"`) {
		t.Errorf("normalised capture:\n%s", got)
	}
	back, err := parseOrdered([]byte(got))
	if err != nil || back.get("status").scalar != "200" {
		t.Errorf("the encoded capture does not read back: %v", err)
	}
}

// A known difference is accepted only for its versions and its operation's difference;
// another difference of the same operation still fails, and an unused entry is stale.
func TestApplyKnown(t *testing.T) {
	ks := []knownDifference{
		{Versions: []string{"7.1"}, Operation: "a", Difference: "body $.x", Reason: "why"},
		{Versions: []string{"7.1"}, Operation: "gone", Difference: "body $.y", Reason: "fixed since"},
	}
	rs := []result{{op: "a", diff: "body $.x: 1 vs 2"}, {op: "b", diff: "body $.x: 1 vs 2"}, {op: "c"}}
	stale := applyKnown("7.1", rs, ks)
	if rs[0].known != "why" || rs[1].known != "" || len(stale) != 1 || stale[0].Operation != "gone" {
		t.Fatalf("7.1: results %+v, stale %+v", rs, stale)
	}
	if report("7.1", rs, nil) {
		t.Error("an unknown difference (b) reported as ok")
	}
	rs = []result{{op: "a", diff: "body $.z: 1 vs 2"}}
	if applyKnown("7.1", rs, ks); rs[0].known != "" {
		t.Error("another difference of a known operation accepted")
	}
	rs = []result{{op: "a", diff: "body $.x: 1 vs 2"}}
	if applyKnown("6.8", rs, ks); rs[0].known != "" {
		t.Error("a 7.1 difference accepted on 6.8")
	}
}

// TestSchemaWrong: an introspection answer's schema may lack WPGraphQL's types,
// fields, enum values and possible types (absent), but what it has must be WPGraphQL's:
// a field WPGraphQL lacks, another type, a lost deprecation, an interface left out (the
// Comment that was not UniformResourceIdentifiable) are wrong, whatever the first
// difference of the whole answer is.
func TestSchemaWrong(t *testing.T) {
	schema := func(types string) []byte {
		return []byte(`{"data":{"__schema":{"mutationType":null,"types":[` + types + `]}}}`)
	}
	const (
		node    = `{"kind":"INTERFACE","name":"Node","fields":[{"name":"id","args":[],"type":{"kind":"NON_NULL","ofType":{"kind":"SCALAR","name":"ID"}}}],"possibleTypes":[{"name":"Comment"},{"name":"Post"}]}`
		uri     = `{"kind":"INTERFACE","name":"UniformResourceIdentifiable","fields":[],"possibleTypes":[{"name":"Comment"}]}`
		comment = `{"kind":"OBJECT","name":"Comment","interfaces":[{"name":"Node"},{"name":"UniformResourceIdentifiable"}],"fields":[{"name":"id","args":[],"type":{"kind":"NON_NULL","ofType":{"kind":"SCALAR","name":"ID"}}},{"name":"commentId","args":[],"type":{"kind":"SCALAR","name":"Int"},"isDeprecated":true,"deprecationReason":"Deprecated in favor of databaseId"},{"name":"karma","args":[],"type":{"kind":"SCALAR","name":"Int"}}]}`
		post    = `{"kind":"OBJECT","name":"Post","interfaces":[{"name":"Node"}],"fields":[]}`
	)
	want := schema(strings.Join([]string{node, uri, comment, post}, ","))
	for _, tc := range []struct{ name, got, wrong string }{
		{"the same", strings.Join([]string{node, uri, comment, post}, ","), ""},
		{"parts absent", `{"kind":"OBJECT","name":"Comment","interfaces":[],"fields":[{"name":"karma","args":[],"type":{"kind":"SCALAR","name":"Int"}}]}`, ""},
		{"an interface left out", strings.Join([]string{node, uri, strings.Replace(comment, `,{"name":"UniformResourceIdentifiable"}`, "", 1)}, ","),
			"Comment: does not implement UniformResourceIdentifiable, WPGraphQL's does"},
		{"a possible type left out", strings.Join([]string{strings.Replace(node, `{"name":"Comment"},`, "", 1), comment}, ","),
			"Node: Comment is not one of its possible types, as it is WPGraphQL's"},
		{"a field WPGraphQL lacks", strings.Replace(comment, `"karma"`, `"mood"`, 1), "Comment.mood: a field WPGraphQL does not have"},
		{"another type", strings.Replace(comment, `"name":"Int"}}]`, `"name":"String"}}]`, 1), "Comment.karma: String, WPGraphQL's Int"},
		{"a deprecation lost", strings.Replace(comment, `"isDeprecated":true`, `"isDeprecated":false`, 1), "Comment.commentId: deprecated false"},
		{"a type WPGraphQL lacks", `{"kind":"OBJECT","name":"Mood","fields":[]}`, "Mood: a type WPGraphQL does not have"},
	} {
		got := schemaWrong(want, schema(tc.got))
		if (tc.wrong == "") != (got == "") || !strings.HasPrefix(got, tc.wrong) {
			t.Errorf("%s: got %q, want %q", tc.name, got, tc.wrong)
		}
	}
}
