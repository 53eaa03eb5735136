package mock

import "testing"

// TestSearchHidesPasswordProtectedFromVisitors pins issue 15: an anonymous ?search=
// matched password-protected posts, on their hidden content too (X-WP-Total: 1).
// WordPress 6.1's WP_Query::parse_search adds "AND post_password = ”" to every search
// when ! is_user_logged_in(); any logged-in user, whatever the role, searches them.
func TestSearchHidesPasswordProtectedFromVisitors(t *testing.T) {
	s := newTestSite(t)
	for _, c := range []struct {
		path, login string
		total       string
		ids         []int
	}{
		// post 5 is protected; "number 5" is only in its content
		{"/wp/v2/posts?search=number%205", "", "0", []int{}},
		{"/wp/v2/posts?search=Members", "", "0", []int{}},
		{"/wp/v2/posts?search=number%205", "subscriber", "1", []int{5}},
		{"/wp/v2/posts?search=Members", "admin", "1", []int{5}},
		// without a search nothing is filtered: the post is listed, its content protected
		{"/wp/v2/posts?include=5", "", "1", []int{5}},
	} {
		got := s.get(t, c.path, c.login)
		if tot := got.header.Get("X-WP-Total"); tot != c.total {
			t.Errorf("GET %s as %q: X-WP-Total %s, want %s", c.path, c.login, tot, c.total)
		}
		if ids := replyIDs(got); len(ids) != len(c.ids) || len(ids) > 0 && ids[0] != c.ids[0] {
			t.Errorf("GET %s as %q: ids %v, want %v", c.path, c.login, ids, c.ids)
		}
	}
}
