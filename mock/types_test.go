package mock

import (
	"bytes"
	"encoding/json"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/wpmock/wpmock/mock/rest"
)

// Helpers for exact comparisons with WordPress captures: key order included, site URL
// and JSON escaping aside. The types, taxonomies, statuses and meta tests use them.

// captureSite is the site URL of the captures in testdata/wordpress.
const captureSite = "http://127.0.0.1:8081"

// orderedJSON decodes a JSON document keeping object keys in document order (as
// rest.Object) and replacing site in every string with captureSite, so a mock response
// and a capture compare exactly once re-encoded.
func orderedJSON(t testing.TB, doc []byte, site string) any {
	t.Helper()
	dec := json.NewDecoder(bytes.NewReader(doc))
	dec.UseNumber()
	var read func() any
	read = func() any {
		tok, err := dec.Token()
		if err != nil {
			t.Fatalf("decoding %.200s: %v", doc, err)
		}
		switch v := tok.(type) {
		case json.Delim:
			if v == '{' {
				o := rest.Object{}
				for dec.More() {
					k, _ := dec.Token()
					o = append(o, rest.Member{Key: k.(string), Value: read()})
				}
				_, _ = dec.Token() // the closing brace
				return o
			}
			l := []any{}
			for dec.More() {
				l = append(l, read())
			}
			_, _ = dec.Token() // the closing bracket
			return l
		case string:
			if site != "" {
				return strings.ReplaceAll(v, site, captureSite)
			}
			return v
		}
		return tok
	}
	return read()
}

// capturedOrdered loads a capture as orderedJSON.
func capturedOrdered(t testing.TB, name string) any {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", "wordpress", name+".json"))
	if err != nil {
		t.Fatal(err)
	}
	return orderedJSON(t, b, "")
}

// exactDiff is "" when want and got encode the same (key order included).
func exactDiff(want, got any) string {
	w, _ := json.Marshal(want)
	g, _ := json.Marshal(got)
	if !bytes.Equal(w, g) {
		return "\n got: " + string(g) + "\nwant: " + string(w)
	}
	return ""
}

// plain turns an ordered value back into maps, for shapeDiff.
func plain(v any) any {
	b, _ := json.Marshal(v)
	var out any
	_ = json.Unmarshal(b, &out) // b is valid JSON
	return out
}

// exactCase is a request whose answer must equal a WordPress capture. For the lists
// keyed by slug, keys names the entries the mock serves (a subset of WordPress's) and
// each is compared with the capture's entry of the same key.
type exactCase struct {
	name, path, login, capture string
	keys                       []string
}

// runExactCases checks status 200, then for each case the shape (shapeDiff: the same
// keys and JSON types, recursively; no "free" paths are needed since every object
// here, capabilities and labels included, has a fixed key set) and the exact value.
func runExactCases(t *testing.T, cases []exactCase) {
	t.Helper()
	s := newTestSite(t)
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r := s.get(t, c.path, c.login)
			if r.status != http.StatusOK {
				t.Fatalf("GET %s: status %d\n%s", c.path, r.status, r.body)
			}
			got, want := orderedJSON(t, r.body, s.srv.URL), capturedOrdered(t, c.capture)
			if c.keys == nil {
				compareExact(t, c.path, want, got)
				return
			}
			gotObj, ok := got.(rest.Object)
			if !ok {
				t.Fatalf("GET %s: got %s, want an object keyed by slug", c.path, r.body)
			}
			var gotKeys []string
			for _, m := range gotObj {
				gotKeys = append(gotKeys, m.Key)
			}
			if strings.Join(gotKeys, ",") != strings.Join(c.keys, ",") {
				t.Errorf("GET %s: got keys %v, want %v", c.path, gotKeys, c.keys)
			}
			for _, m := range gotObj {
				w, ok := want.(rest.Object).Get(m.Key)
				if !ok {
					t.Errorf("GET %s: %q is not in the capture", c.path, m.Key)
					continue
				}
				compareExact(t, c.path+" ["+m.Key+"]", w, m.Value)
			}
		})
	}
}

func compareExact(t *testing.T, what string, want, got any) {
	t.Helper()
	for _, d := range shapeDiff(plain(want), plain(got)) {
		t.Errorf("%s: %s", what, d)
	}
	if d := exactDiff(want, got); d != "" {
		t.Errorf("%s differs from WordPress:%s", what, d)
	}
}

// errorCase is a request that must fail with a status and code (and, when msg is set,
// that message).
type errorCase struct {
	path, login string
	status      int
	code, msg   string
}

func runErrorCases(t *testing.T, s *testSite, cases []errorCase) {
	t.Helper()
	for _, c := range cases {
		r := s.get(t, c.path, c.login)
		r.wantError(t, c.status, c.code)
		if m, _ := r.json.(map[string]any); c.msg != "" && m["message"] != c.msg {
			t.Errorf("GET %s as %q: message %q, want %q", c.path, c.login, m["message"], c.msg)
		}
	}
}

// types61 are the post types WordPress 6.1 shows in REST, in its order: the three the
// mock serves, then those it only describes (typesunserved.go).
var types61 = []string{"post", "page", "attachment", "nav_menu_item", "wp_block", "wp_template",
	"wp_template_part", "wp_navigation"}

// TestTypeResponses pins /types to WordPress 6.1: every type exactly as WordPress
// lists it, in every context, for anonymous and logged-in callers.
func TestTypeResponses(t *testing.T) {
	runExactCases(t, []exactCase{
		{name: "list view", path: "/wp/v2/types", capture: "types_list_view", keys: types61},
		{name: "list view admin", path: "/wp/v2/types", login: "admin", capture: "types_list_view", keys: types61},
		{name: "list embed", path: "/wp/v2/types?context=embed", login: "admin", capture: "types_list_embed", keys: types61},
		{name: "list edit", path: "/wp/v2/types?context=edit", login: "admin", capture: "types_list_edit", keys: types61},
		// edit_posts is all the edit context needs for posts, media and reusable blocks;
		// pages need edit_pages, which a contributor lacks, and menus, templates and
		// navigation edit_theme_options, so the list leaves them out.
		{name: "list edit contributor", path: "/wp/v2/types?context=edit", login: "contributor", capture: "types_list_edit",
			keys: []string{"post", "attachment", "wp_block"}},
		{name: "list edit editor", path: "/wp/v2/types?context=edit", login: "editor", capture: "types_list_edit",
			keys: []string{"post", "page", "attachment", "wp_block"}},
		{name: "item page edit", path: "/wp/v2/types/page?context=edit", login: "editor", capture: "type_page_edit"},
		{name: "item wp_block edit", path: "/wp/v2/types/wp_block?context=edit", login: "contributor", capture: "types_item_wp_block_edit"},
		{name: "item view", path: "/wp/v2/types/post", capture: "types_item_view"},
		{name: "item embed", path: "/wp/v2/types/post?context=embed", login: "admin", capture: "types_item_embed"},
		{name: "item edit", path: "/wp/v2/types/post?context=edit", login: "admin", capture: "types_item_edit"},
		{name: "item edit author", path: "/wp/v2/types/post?context=edit", login: "author", capture: "types_item_edit"},
	})
}

func TestTypeErrors(t *testing.T) {
	s := newTestSite(t)
	runErrorCases(t, s, []errorCase{
		{"/wp/v2/types/nope", "", http.StatusNotFound, "rest_type_invalid", "Invalid post type."},
		// Registered from 6.5 only.
		{"/wp/v2/types/wp_font_family", "admin", http.StatusNotFound, "rest_type_invalid", ""},
		// Templates and menus need edit_theme_options, which only administrators have.
		{"/wp/v2/types/wp_template?context=edit", "editor", http.StatusForbidden, "rest_forbidden_context", ""},
		{"/wp/v2/types/nav_menu_item?context=edit", "", http.StatusUnauthorized, "rest_forbidden_context", ""},
		{"/wp/v2/types/wp_block?context=edit", "subscriber", http.StatusForbidden, "rest_forbidden_context", ""},
		{"/wp/v2/types/page?context=edit", "contributor", http.StatusForbidden, "rest_forbidden_context", ""},
		// Matching is case-insensitive, slugs are not.
		{"/wp/v2/types/POST", "", http.StatusNotFound, "rest_type_invalid", ""},
		{"/wp/v2/types/revision", "", http.StatusUnauthorized, "rest_cannot_read_type", "Cannot view post type."},
		{"/wp/v2/types/revision", "admin", http.StatusForbidden, "rest_cannot_read_type", ""},
		{"/wp/v2/types/post?context=edit", "", http.StatusUnauthorized, "rest_forbidden_context", "Sorry, you are not allowed to edit posts in this post type."},
		{"/wp/v2/types/attachment?context=edit", "subscriber", http.StatusForbidden, "rest_forbidden_context", ""},
		{"/wp/v2/types?context=edit", "", http.StatusUnauthorized, "rest_cannot_view", "Sorry, you are not allowed to edit posts in this post type."},
		{"/wp/v2/types?context=edit", "subscriber", http.StatusForbidden, "rest_cannot_view", ""},
		{"/wp/v2/types?context=foo", "", http.StatusBadRequest, "rest_invalid_param", ""},
		{"/wp/v2/types/po.st", "", http.StatusNotFound, "rest_no_route", ""},
	})
	if d := valueDiff(captured(t, "err_types_nope"), s.get(t, "/wp/v2/types/nope", "").json); d != "" {
		t.Errorf("GET /wp/v2/types/nope: %s", d)
	}
}

// TestTypeFields pins _fields on the types routes: the item filters as WordPress does,
// the list (an object keyed by slug) is filtered at the top level.
func TestTypeFields(t *testing.T) {
	s := newTestSite(t)
	for path, want := range map[string]string{
		"/wp/v2/types/post?_fields=name":                            `{"name":"Posts"}`,
		"/wp/v2/types/post?_fields=visibility.show_ui&context=edit": `{"visibility":{"show_ui":true}}`,
		"/wp/v2/types?_fields=name":                                 `[]`,
		"/wp/v2/types?_fields=post":                                 `{"post":[]}`,
	} {
		got := orderedJSON(t, s.get(t, path, "admin").body, s.srv.URL)
		if d := exactDiff(orderedJSON(t, []byte(want), ""), got); d != "" {
			t.Errorf("GET %s:%s", path, d)
		}
	}
}

// TestOptionsSchemas pins OPTIONS (arguments and item schema, in WordPress's order)
// of the types, taxonomies and statuses routes to the captures.
func TestOptionsSchemas(t *testing.T) {
	s := newTestSite(t)
	for path, capture := range map[string]string{
		"/wp/v2/types":                 "options_types",
		"/wp/v2/types/post":            "options_types_post",
		"/wp/v2/taxonomies":            "options_taxonomies",
		"/wp/v2/taxonomies/category":   "options_taxonomies_category",
		"/wp/v2/statuses":              "options_statuses",
		"/wp/v2/statuses/publish":      "options_statuses_publish",
		"/wp/v2/statuses/not-a-status": "options_statuses_publish",
	} {
		r := s.do(t, http.MethodOptions, path, "", nil)
		if r.status != http.StatusOK {
			t.Errorf("OPTIONS %s: status %d", path, r.status)
			continue
		}
		if d := exactDiff(capturedOrdered(t, capture), orderedJSON(t, r.body, s.srv.URL)); d != "" {
			t.Errorf("OPTIONS %s:%s", path, d)
		}
	}
}
