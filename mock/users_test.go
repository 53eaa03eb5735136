package mock

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"testing"
)

// TestUserShapes pins the field set of a user in every context, item and list, to
// WordPress 6.1's (captures of user 1, the administrator, who has published posts).
func TestUserShapes(t *testing.T) {
	runShapeCases(t, []shapeCase{
		{name: "item view", path: "/wp/v2/users/1", capture: "users_item_view"},
		{name: "item embed", path: "/wp/v2/users/1?context=embed", login: "admin", capture: "users_item_embed"},
		{name: "item edit", path: "/wp/v2/users/1?context=edit", login: "admin", capture: "users_item_edit"},
		{name: "me edit", path: "/wp/v2/users/me?context=edit", login: "admin", capture: "users_item_edit"},
		{name: "list view", path: "/wp/v2/users?include=1", capture: "users_list_view"},
		{name: "list embed", path: "/wp/v2/users?include=1&context=embed", login: "admin", capture: "users_list_embed"},
		{name: "list edit", path: "/wp/v2/users?include=1&context=edit", login: "admin", capture: "users_list_edit"},
	})
}

// TestUserValues compares the values that do not depend on the site's data with the
// capture: the administrator's capabilities (keys and order), roles, locale, meta and
// the gravatar URLs of admin@example.com.
func TestUserValues(t *testing.T) {
	s := newTestSite(t)
	want := captured(t, "users_item_edit").(map[string]any)
	got := s.get(t, "/wp/v2/users/1?context=edit", "admin")
	obj, _ := got.json.(map[string]any)
	for _, key := range []string{"id", "username", "name", "first_name", "last_name", "email", "description",
		"locale", "nickname", "slug", "roles", "capabilities", "extra_capabilities", "avatar_urls", "meta"} {
		if d := valueDiff(want[key], obj[key]); d != "" {
			t.Errorf("%s: %s", key, d)
		}
	}
	// key order of capabilities, which json.Unmarshal into a map loses
	wantCaps := `"capabilities":{"switch_themes":true,"edit_themes":true,`
	if !strings.Contains(string(got.body), wantCaps) || !strings.Contains(string(got.body), `"export":true,"administrator":true}`) {
		t.Errorf("capabilities not in WordPress's order:\n%s", got.body)
	}
	for key, want := range map[string]string{
		"link":            s.srv.URL + "/author/admin/",
		"registered_date": "2024-01-15T09:30:00+00:00",
	} {
		if obj[key] != want {
			t.Errorf("%s: got %v, want %s", key, obj[key], want)
		}
	}
	view := s.get(t, "/wp/v2/users/1", "")
	if d := valueDiff(captured(t, "users_item_view").(map[string]any)["meta"], view.json.(map[string]any)["meta"]); d != "" {
		t.Errorf("view meta: %s", d)
	}
}

func TestUserErrors(t *testing.T) {
	s := newTestSite(t)
	for _, c := range []struct {
		path, login string
		status      int
		code        string
	}{
		{"/wp/v2/users/abc", "", http.StatusNotFound, "rest_no_route"},
		{"/wp/v2/users/999999", "", http.StatusNotFound, "rest_user_invalid_id"},
		{"/wp/v2/users/0", "admin", http.StatusNotFound, "rest_user_invalid_id"},
		// user 4 (contributor) has only a pending post, user 5 none
		{"/wp/v2/users/4", "", http.StatusUnauthorized, "rest_user_cannot_view"},
		{"/wp/v2/users/4", "editor", http.StatusForbidden, "rest_user_cannot_view"},
		{"/wp/v2/users/5", "author", http.StatusForbidden, "rest_user_cannot_view"},
		{"/wp/v2/users/2?context=edit", "", http.StatusUnauthorized, "rest_forbidden_context"},
		{"/wp/v2/users/2?context=edit", "author", http.StatusForbidden, "rest_forbidden_context"},
		{"/wp/v2/users/me", "", http.StatusUnauthorized, "rest_not_logged_in"},
		{"/wp/v2/users/me?context=foo", "", http.StatusBadRequest, "rest_invalid_param"},
		{"/wp/v2/users?context=edit", "", http.StatusUnauthorized, "rest_forbidden_context"},
		{"/wp/v2/users?context=edit", "editor", http.StatusForbidden, "rest_forbidden_context"},
		{"/wp/v2/users?orderby=email", "", http.StatusUnauthorized, "rest_forbidden_orderby"},
		{"/wp/v2/users?orderby=registered_date", "editor", http.StatusForbidden, "rest_forbidden_orderby"},
		{"/wp/v2/users?roles=editor", "", http.StatusUnauthorized, "rest_user_cannot_view"},
		{"/wp/v2/users?capabilities=edit_posts", "author", http.StatusForbidden, "rest_user_cannot_view"},
		{"/wp/v2/users?who=authors", "", http.StatusUnauthorized, "rest_forbidden_who"},
		{"/wp/v2/users?who=authors", "subscriber", http.StatusForbidden, "rest_forbidden_who"},
		// the checks run in WordPress's order: roles before context before orderby
		{"/wp/v2/users?context=edit&roles=editor", "", http.StatusUnauthorized, "rest_user_cannot_view"},
		{"/wp/v2/users?orderby=email&context=edit", "", http.StatusUnauthorized, "rest_forbidden_context"},
		// validation (400) comes before permissions (401)
		{"/wp/v2/users?context=edit&per_page=101", "", http.StatusBadRequest, "rest_invalid_param"},
		{"/wp/v2/users?per_page=0", "", http.StatusBadRequest, "rest_invalid_param"},
		{"/wp/v2/users?order=ASC", "", http.StatusBadRequest, "rest_invalid_param"},
		{"/wp/v2/users?orderby=post_count", "", http.StatusBadRequest, "rest_invalid_param"},
		{"/wp/v2/users?who=all", "", http.StatusBadRequest, "rest_invalid_param"},
		{"/wp/v2/users?has_published_posts=1,2", "", http.StatusBadRequest, "rest_invalid_param"},
		{"/wp/v2/users?include=a", "", http.StatusBadRequest, "rest_invalid_param"},
	} {
		s.get(t, c.path, c.login).wantError(t, c.status, c.code)
	}
}

// TestUserErrorBodies pins whole bodies taken from WordPress.
func TestUserErrorBodies(t *testing.T) {
	s := newTestSite(t)
	got := s.get(t, "/wp/v2/users/999999", "")
	if d := valueDiff(captured(t, "err_users_999999"), got.json); d != "" {
		t.Errorf("users/999999: %s", d)
	}
	if a := got.header.Get("Allow"); a != "" {
		t.Errorf("users/999999: got Allow %q, want none (every permission callback fails)", a)
	}
	got = s.get(t, "/wp/v2/users?has_published_posts=foo", "")
	want := `{"code":"rest_invalid_param","message":"Invalid parameter(s): has_published_posts","data":{"status":400,` +
		`"params":{"has_published_posts":"has_published_posts[0] is not one of post, page, attachment, nav_menu_item, wp_block, wp_template, wp_template_part, and wp_navigation."},` +
		`"details":{"has_published_posts":{"code":"rest_not_in_enum","message":"has_published_posts[0] is not one of post, page, attachment, nav_menu_item, wp_block, wp_template, wp_template_part, and wp_navigation.","data":null}}}}`
	if string(got.body) != want {
		t.Errorf("has_published_posts=foo:\ngot  %s\nwant %s", got.body, want)
	}
}

// listCase is a list request and the ids and X-WP-Total it must answer with.
type listCase struct {
	path, login string
	ids         []int
	total       int
}

func runListCases(t *testing.T, s *testSite, cases []listCase) {
	t.Helper()
	for _, c := range cases {
		got := s.get(t, c.path, c.login)
		if got.status != http.StatusOK {
			t.Errorf("GET %s as %q: status %d\n%s", c.path, c.login, got.status, got.body)
			continue
		}
		if ids := replyIDs(got); fmt.Sprint(ids) != fmt.Sprint(c.ids) {
			t.Errorf("GET %s as %q: got ids %v, want %v", c.path, c.login, ids, c.ids)
		}
		if total := got.header.Get("X-WP-Total"); total != fmt.Sprint(c.total) {
			t.Errorf("GET %s as %q: got X-WP-Total %s, want %d", c.path, c.login, total, c.total)
		}
	}
}

// replyIDs lists the "id" of each item of a list reply.
func replyIDs(r reply) []int {
	ids := []int{}
	list, _ := r.json.([]any)
	for _, item := range list {
		if m, ok := item.(map[string]any); ok {
			id, _ := m["id"].(float64)
			ids = append(ids, int(id))
		}
	}
	return ids
}

// TestUserList checks the list semantics on the seeded users: 1 admin "admin",
// 2 editor "Edith Editor", 3 author "Arthur Author", 4 contributor "Connie
// Contributor" (a pending post only), 5 subscriber "Sam Subscriber" (no posts),
// registered a day apart in id order.
func TestUserList(t *testing.T) {
	s := newTestSite(t)
	runListCases(t, s, []listCase{
		// without list_users only authors of published posts; default order: name asc
		{"/wp/v2/users", "", []int{1, 3, 2}, 3},
		{"/wp/v2/users", "subscriber", []int{1, 3, 2}, 3},
		{"/wp/v2/users", "admin", []int{1, 3, 4, 2, 5}, 5},
		{"/wp/v2/users?order=desc", "admin", []int{5, 2, 4, 3, 1}, 5},
		{"/wp/v2/users?orderby=id", "admin", []int{1, 2, 3, 4, 5}, 5},
		{"/wp/v2/users?orderby=id&order=desc", "admin", []int{5, 4, 3, 2, 1}, 5},
		{"/wp/v2/users?orderby=slug", "admin", []int{1, 3, 4, 2, 5}, 5},
		{"/wp/v2/users?orderby=email&order=desc", "admin", []int{5, 2, 4, 3, 1}, 5},
		{"/wp/v2/users?orderby=registered_date&order=desc", "admin", []int{5, 4, 3, 2, 1}, 5},
		// ties come by ascending id whatever the direction, as on WordPress's MariaDB
		{"/wp/v2/users?orderby=url", "admin", []int{1, 2, 3, 4, 5}, 5},
		{"/wp/v2/users?orderby=url&order=desc", "admin", []int{1, 2, 3, 4, 5}, 5},
		{"/wp/v2/users?orderby=include_slugs&order=desc", "admin", []int{1, 2, 3, 4, 5}, 5},
		{"/wp/v2/users?context=edit", "admin", []int{1, 3, 4, 2, 5}, 5},
		// include keeps its order with orderby=include (directed); exclude is ignored
		// when include is given; orderby=include without include sorts by login
		{"/wp/v2/users?include=4,2&orderby=include", "admin", []int{4, 2}, 2},
		{"/wp/v2/users?include=4,2&orderby=include&order=desc", "admin", []int{2, 4}, 2},
		{"/wp/v2/users?include=2,4&exclude=2", "admin", []int{4, 2}, 2},
		{"/wp/v2/users?exclude=1,2", "admin", []int{3, 4, 5}, 3},
		{"/wp/v2/users?orderby=include", "admin", []int{1, 3, 4, 2, 5}, 5},
		{"/wp/v2/users?include=4", "", []int{}, 0},
		// slugs match case-insensitively; include_slugs ignores the order direction
		{"/wp/v2/users?slug=EDITOR,admin&orderby=include_slugs", "", []int{2, 1}, 2},
		{"/wp/v2/users?slug=editor,admin&orderby=include_slugs&order=desc", "", []int{2, 1}, 2},
		{"/wp/v2/users?slug=subscriber", "", []int{}, 0},
		// search: ID, login, nicename and display name without list_users; ID = 'term'
		// compares the term's numeric prefix, as MySQL does
		{"/wp/v2/users?search=EDIT", "", []int{2}, 1},
		{"/wp/v2/users?search=example.com", "", []int{}, 0},
		{"/wp/v2/users?search=3", "", []int{3}, 1},
		{"/wp/v2/users?search=3abc", "", []int{3}, 1},
		{"/wp/v2/users?search=*", "", []int{1, 3, 2}, 3},
		{"/wp/v2/users?search=example.com", "admin", []int{1, 3, 4, 2, 5}, 5},
		{"/wp/v2/users?search=subscriber@", "admin", []int{5}, 1},
		{"/wp/v2/users?search=Sam@", "admin", []int{}, 0}, // "@": the email column only
		{"/wp/v2/users?search=Sam", "admin", []int{5}, 1},
		// roles and capabilities (any of them); who=authors: user_level > 0, and
		// WordPress 6.1 then drops the role and capability clauses
		{"/wp/v2/users?roles=editor,author", "admin", []int{3, 2}, 2},
		{"/wp/v2/users?roles=nope", "admin", []int{}, 0},
		{"/wp/v2/users?capabilities=upload_files", "admin", []int{1, 3, 2}, 3},
		{"/wp/v2/users?capabilities=subscriber", "admin", []int{5}, 1},
		{"/wp/v2/users?roles=subscriber&capabilities=publish_posts", "admin", []int{1, 3, 2, 5}, 4},
		{"/wp/v2/users?who=authors", "admin", []int{1, 3, 4, 2}, 4},
		{"/wp/v2/users?who=authors", "contributor", []int{1, 3, 4, 2}, 4},
		{"/wp/v2/users?who=authors&roles=subscriber", "admin", []int{1, 3, 4, 2}, 4},
		// has_published_posts: true = every REST type; a list of types; false = no filter
		{"/wp/v2/users?has_published_posts=true", "admin", []int{1, 3, 2}, 3},
		{"/wp/v2/users?has_published_posts=post", "admin", []int{1, 3, 2}, 3},
		{"/wp/v2/users?has_published_posts[]=page", "admin", []int{}, 0},
		{"/wp/v2/users?has_published_posts=false", "admin", []int{1, 3, 4, 2, 5}, 5},
		{"/wp/v2/users?has_published_posts=page", "", []int{}, 0},
		// paging: past the end is an empty page, a negative offset an SQL error (no rows)
		{"/wp/v2/users?per_page=2", "admin", []int{1, 3}, 5},
		{"/wp/v2/users?per_page=2&page=3", "admin", []int{5}, 5},
		{"/wp/v2/users?per_page=2&offset=3", "admin", []int{2, 5}, 5},
		{"/wp/v2/users?page=999", "", []int{}, 3},
		{"/wp/v2/users?offset=-1", "admin", []int{}, 5},
	})
}

// TestUserReads covers the single-user visibility rules.
func TestUserReads(t *testing.T) {
	s := newTestSite(t)
	for _, c := range []struct{ path, login string }{
		{"/wp/v2/users/2", ""},           // published posts: visible to all
		{"/wp/v2/users/5", "subscriber"}, // oneself
		{"/wp/v2/users/5?context=edit", "subscriber"},
		{"/wp/v2/users/4", "admin"},              // list_users
		{"/wp/v2/users/4?context=edit", "admin"}, // edit_users
		{"/wp/v2/users/me", "contributor"},
		{"/wp/v2/users/me?context=embed", "author"},
	} {
		if got := s.get(t, c.path, c.login); got.status != http.StatusOK {
			t.Errorf("GET %s as %q: status %d\n%s", c.path, c.login, got.status, got.body)
		}
	}
	got := s.get(t, "/wp/v2/users/me", "contributor")
	if obj, _ := got.json.(map[string]any); obj["id"] != float64(4) {
		t.Errorf("users/me as contributor: got id %v, want 4", obj["id"])
	}
}

// TestUserPagingHeaders pins X-WP-TotalPages and the Link header, which WordPress
// builds from the page an offset falls in.
func TestUserPagingHeaders(t *testing.T) {
	s := newTestSite(t)
	base := s.srv.URL + "/wp-json/wp/v2/users"
	for _, c := range []struct {
		path, pages, link string
	}{
		{"/wp/v2/users?per_page=2", "3", "<" + base + "?per_page=2&page=2>; rel=\"next\""},
		{"/wp/v2/users?per_page=2&page=2", "3", "<" + base + "?per_page=2&page=1>; rel=\"prev\", <" + base + "?per_page=2&page=3>; rel=\"next\""},
		{"/wp/v2/users?offset=3&per_page=2", "3", "<" + base + "?offset=3&per_page=2&page=2>; rel=\"prev\""},
		{"/wp/v2/users?page=999", "1", "<" + base + "?page=1>; rel=\"prev\""},
	} {
		got := s.get(t, c.path, "admin")
		if p := got.header.Get("X-WP-TotalPages"); p != c.pages {
			t.Errorf("GET %s: got X-WP-TotalPages %s, want %s", c.path, p, c.pages)
		}
		if l := got.header.Get("Link"); l != c.link {
			t.Errorf("GET %s: got Link %s, want %s", c.path, l, c.link)
		}
	}
}

// TestUserOptions compares OPTIONS with WordPress's: the item schema, and the GET
// endpoint's arguments. One difference is known: WordPress prints the item enum of
// has_published_posts as an object (a PHP array keyed by post type), the engine as a
// list.
func TestUserOptions(t *testing.T) {
	s := newTestSite(t)
	for path, capture := range map[string]string{"/wp/v2/users": "options_users", "/wp/v2/users/1": "options_users_1"} {
		checkOptions(t, s, path, capture, "has_published_posts")
	}
	body := string(s.do(t, http.MethodOptions, "/wp/v2/users", "", nil).body)
	body = body[strings.Index(body, `"schema":`):]
	if strings.Index(body, `"registered_date":{`) > strings.Index(body, `"roles":{`) {
		t.Errorf("OPTIONS /wp/v2/users: schema lists roles before registered_date")
	}
}

// checkOptions compares the schema and the GET arguments of OPTIONS path with a
// capture (site URL swapped), but for the arguments named in skip.
func checkOptions(t *testing.T, s *testSite, path, capture string, skip ...string) {
	t.Helper()
	raw := strings.ReplaceAll(string(s.do(t, http.MethodOptions, path, "", nil).body), s.srv.URL, "http://127.0.0.1:8081")
	var got map[string]any
	if err := json.Unmarshal([]byte(raw), &got); err != nil {
		t.Fatalf("OPTIONS %s: %v", path, err)
	}
	want := captured(t, capture).(map[string]any)
	if d := valueDiff(want["schema"], got["schema"]); d != "" {
		t.Errorf("OPTIONS %s schema: %s", path, d)
	}
	getArgs := func(doc map[string]any) map[string]any {
		eps, _ := doc["endpoints"].([]any)
		for _, e := range eps {
			ep, _ := e.(map[string]any)
			if methods, _ := ep["methods"].([]any); len(methods) > 0 && methods[0] == "GET" {
				args, _ := ep["args"].(map[string]any)
				for _, name := range skip {
					delete(args, name)
				}
				return args
			}
		}
		return nil
	}
	if d := valueDiff(getArgs(want), getArgs(got)); d != "" {
		t.Errorf("OPTIONS %s GET args: %s", path, d)
	}
}
