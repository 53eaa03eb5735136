package graphql_test

import (
	"bytes"
	"encoding/json"
	"flag"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/wpmock/wpmock/mock"
)

// The answers of the seeded mock to the operations frontends send, kept as golden
// files (testdata/<name>.json; go test -run TestOperations -update rewrites them)
// until WPGraphQL's captured answers replace them.

var update = flag.Bool("update", false, "rewrite the golden answers")

func fixedClock() time.Time { return time.Date(2024, 1, 2, 3, 4, 5, 0, time.UTC) }

func site(t testing.TB) *mock.Mock {
	t.Helper()
	m, err := mock.New(mock.Options{Seed: 1, Clock: fixedClock, AdminAppPassword: "test PASS word 1234 abcd efgh"})
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// post sends a JSON body to /graphql, as admin when asked.
func post(m http.Handler, body string, admin bool) *httptest.ResponseRecorder {
	r := httptest.NewRequest(http.MethodPost, "/graphql", strings.NewReader(body))
	r.Header.Set("Content-Type", "application/json")
	if admin {
		r.SetBasicAuth("admin", "test PASS word 1234 abcd efgh")
	}
	w := httptest.NewRecorder()
	m.ServeHTTP(w, r)
	return w
}

func op(query string, vars map[string]any) string {
	b, _ := json.Marshal(map[string]any{"query": query, "variables": vars})
	return string(b)
}

const pageQuery = `query Page($uri: String!) {
  nodeByUri(uri: $uri) { __typename ... on Post { id databaseId title content date uri
    author { node { name slug uri avatar { url } } }
    categories { nodes { name slug uri } } tags { nodes { name slug } }
    featuredImage { node { sourceUrl altText mediaDetails { width height sizes { name sourceUrl width height } } } } } }
  menu(id: "PRIMARY", idType: LOCATION) { name menuItems(first: 100) { nodes { id label uri parentId } } }
  generalSettings { title description url }
}`

func TestOperations(t *testing.T) {
	m := site(t)
	for _, tc := range []struct {
		name, body string
		admin      bool
		status     int
	}{
		{"settings", op(`{ generalSettings { title description url language dateFormat timeFormat timezone startOfWeek email }
			readingSettings { postsPerPage showOnFront pageOnFront pageForPosts } writingSettings { defaultCategory useSmilies }
			discussionSettings { defaultCommentStatus defaultPingStatus } }`, nil), false, 200},
		{"post-by-id-types", op(`query($g: ID!) { a: post(id: "91", idType: DATABASE_ID) { databaseId slug uri }
			b: post(id: $g) { databaseId } c: post(id: "leaves-of-grass-revisited", idType: SLUG) { databaseId }
			d: post(id: "/leaves-of-grass-revisited/", idType: URI) { databaseId } }`, map[string]any{"g": "cG9zdDo5MQ=="}), false, 200},
		{"page-by-uri", op(`{ page(id: "/about/team/", idType: URI) { __typename title uri isFrontPage parent { node { ... on Page { title } } }
			ancestors { nodes { ... on Page { uri } } } } }`, nil), false, 200},
		{"node-by-uri-kinds", op(`{ front: nodeByUri(uri: "/") { __typename uri } cat: nodeByUri(uri: "/category/guides/tutorials/") { __typename ... on Category { name count } }
			author: nodeByUri(uri: "/author/admin/") { __typename ... on User { name } } none: nodeByUri(uri: "/no-such-thing/") { __typename } }`, nil), false, 200},
		{"posts-paging", op(`{ posts(first: 3, where: { orderby: [{ field: DATE, order: DESC }] }) { edges { cursor node { databaseId } }
			pageInfo { hasNextPage hasPreviousPage startCursor endCursor } } }`, nil), false, 200},
		{"posts-after", op(`{ posts(first: 2, after: "YXJyYXljb25uZWN0aW9uOjg5") { nodes { databaseId } pageInfo { hasNextPage hasPreviousPage } }
			last: posts(last: 2) { nodes { databaseId } pageInfo { hasNextPage hasPreviousPage } } }`, nil), false, 200},
		{"posts-where", op(`{ cat: posts(where: { categoryName: "guides" }) { nodes { databaseId } } search: posts(where: { search: "grass" }) { nodes { title } }
			drafts: posts(where: { status: DRAFT }) { nodes { databaseId status } } }`, nil), false, 200},
		{"drafts-admin", op(`{ posts(first: 3, where: { status: DRAFT }) { nodes { databaseId status title(format: RAW) } } }`, nil), true, 200},
		{"menus-and-items", op(`{ menus { nodes { name locations } } menuItems(where: { location: FOOTER }) { nodes { label url connectedNode { node { __typename } } } } }`, nil), false, 200},
		{"terms", op(`{ categories(first: 5) { nodes { name slug parentDatabaseId children { nodes { name } } } } tag(id: "1", idType: DATABASE_ID) { name } }`, nil), false, 200},
		{"page-query", op(pageQuery, map[string]any{"uri": "/leaves-of-grass-revisited/"}), false, 200},
		{"fragments-aliases", op(`fragment N on ContentNode { id uri } { x: contentNodes(first: 2) { nodes { __typename ...N ... on NodeWithTitle { title } } } }`, nil), false, 200},
		{"unknown-field", op(`{ post(id: "1") { nope } }`, nil), false, 200},
		{"bad-argument", op(`{ post(id: "1", idType: NOPE) { id } }`, nil), false, 200},
		{"syntax-error", op(`{ post(id: "1") { id `, nil), false, 500}, // WPGraphQL's Router catches the parse error: 500
		{"missing-query", `{"variables":{}}`, false, 200},
		{"malformed-json", `{"query": `, false, 500},
		{"batch", `[{"query":"{ generalSettings { title } }"},{"query":"{ viewer { name } }"}]`, false, 200},
		{"introspection-type", op(`{ __type(name: "Post") { name kind interfaces { name } fields { name type { kind name ofType { name } } } } }`, nil), true, 200},
		{"introspection-anonymous", op(`{ __schema { queryType { name } } }`, nil), false, 200},
	} {
		t.Run(tc.name, func(t *testing.T) {
			w := post(m, tc.body, tc.admin)
			if w.Code != tc.status {
				t.Errorf("status %d, want %d: %s", w.Code, tc.status, w.Body)
			}
			var pretty bytes.Buffer
			if err := json.Indent(&pretty, w.Body.Bytes(), "", "  "); err != nil {
				t.Fatalf("not JSON: %v: %s", err, w.Body)
			}
			golden := filepath.Join("testdata", tc.name+".json")
			if *update {
				os.MkdirAll("testdata", 0o755)
				os.WriteFile(golden, append(pretty.Bytes(), '\n'), 0o644)
				return
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatal(err)
			}
			if got := append(pretty.Bytes(), '\n'); !bytes.Equal(got, want) {
				t.Errorf("answer differs from %s:\n%s", golden, got)
			}
		})
	}
}

// TestEndpoints: GET with query and variables, and /?graphql, answer as POST does.
func TestEndpoints(t *testing.T) {
	m := site(t)
	want := post(m, op(`query($id: ID!) { post(id: $id, idType: DATABASE_ID) { title } }`, map[string]any{"id": "91"}), false).Body.String()
	for _, path := range []string{"/graphql", "/graphql/", "/?graphql", "/index.php?graphql"} {
		u := path + map[bool]string{true: "&", false: "?"}[strings.Contains(path, "?")] +
			"query=" + url.QueryEscape(`query($id: ID!) { post(id: $id, idType: DATABASE_ID) { title } }`) + "&variables=" + url.QueryEscape(`{"id":"91"}`)
		w := httptest.NewRecorder()
		m.ServeHTTP(w, httptest.NewRequest(http.MethodGet, u, nil))
		if got := w.Body.String(); w.Code != 200 || got != want {
			t.Errorf("GET %s: %d %s, want %s", path, w.Code, got, want)
		}
	}
}

// TestPrivateIsNullWithoutError: a draft by id is null for a visitor, with no error,
// and there for the administrator.
func TestPrivateIsNullWithoutError(t *testing.T) {
	m := site(t)
	draft := post(m, op(`{ posts(first: 1, where: { status: DRAFT }) { nodes { databaseId } } }`, nil), true).Body.String()
	var v struct {
		Data struct {
			Posts struct{ Nodes []struct{ DatabaseID int } }
		}
	}
	json.Unmarshal([]byte(draft), &v)
	if len(v.Data.Posts.Nodes) == 0 {
		t.Fatalf("no draft in the seeded site: %s", draft)
	}
	q := op(`query($id: ID!) { post(id: $id, idType: DATABASE_ID) { status } }`, map[string]any{"id": json.Number(itoa(v.Data.Posts.Nodes[0].DatabaseID))})
	if got := post(m, q, false).Body.String(); !strings.HasPrefix(got, `{"data":{"post":null},"extensions":`) {
		t.Errorf("visitor: %s", got)
	}
	if got := post(m, q, true).Body.String(); !strings.HasPrefix(got, `{"data":{"post":{"status":"draft"}},"extensions":`) {
		t.Errorf("admin: %s", got)
	}
}

func itoa(n int) string { b, _ := json.Marshal(n); return string(b) }
