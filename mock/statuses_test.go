package mock

import (
	"net/http"
	"testing"
)

// TestStatusResponses pins /statuses to WordPress 6.1: anonymous callers see publish
// only, anyone with edit_posts sees the six statuses, in every context.
func TestStatusResponses(t *testing.T) {
	six := []string{"publish", "future", "draft", "pending", "private", "trash"}
	runExactCases(t, []exactCase{
		{name: "list anonymous", path: "/wp/v2/statuses", capture: "statuses_list_anon"},
		{name: "list view anonymous", path: "/wp/v2/statuses?context=view", capture: "statuses_list_view"},
		{name: "list embed anonymous", path: "/wp/v2/statuses?context=embed", capture: "statuses_list_embed", keys: []string{"publish"}},
		{name: "list subscriber", path: "/wp/v2/statuses", login: "subscriber", capture: "statuses_list_anon"},
		{name: "list view admin", path: "/wp/v2/statuses?context=view", login: "admin", capture: "statuses_list_view_auth"},
		{name: "list view contributor", path: "/wp/v2/statuses", login: "contributor", capture: "statuses_list_view_auth"},
		{name: "list embed", path: "/wp/v2/statuses?context=embed", login: "admin", capture: "statuses_list_embed", keys: six},
		{name: "list edit", path: "/wp/v2/statuses?context=edit", login: "admin", capture: "statuses_list_edit"},
		{name: "item view", path: "/wp/v2/statuses/publish", capture: "statuses_item_view"},
		{name: "item embed", path: "/wp/v2/statuses/publish?context=embed", login: "admin", capture: "statuses_item_embed"},
		{name: "item edit", path: "/wp/v2/statuses/publish?context=edit", login: "admin", capture: "statuses_item_edit"},
		// The statuses route has no edit-context check of its own.
		{name: "item edit anonymous", path: "/wp/v2/statuses/publish?context=edit", capture: "statuses_item_edit"},
	})
}

func TestStatusErrors(t *testing.T) {
	s := newTestSite(t)
	runErrorCases(t, s, []errorCase{
		{"/wp/v2/statuses/nope", "", http.StatusNotFound, "rest_status_invalid", "Invalid status."},
		{"/wp/v2/statuses/nope", "admin", http.StatusNotFound, "rest_status_invalid", ""},
		{"/wp/v2/statuses/draft", "", http.StatusUnauthorized, "rest_cannot_read_status", "Cannot view status."},
		{"/wp/v2/statuses/trash", "subscriber", http.StatusForbidden, "rest_cannot_read_status", ""},
		// Internal statuses are never shown.
		{"/wp/v2/statuses/inherit", "admin", http.StatusForbidden, "rest_cannot_read_status", ""},
		{"/wp/v2/statuses/auto-draft", "", http.StatusUnauthorized, "rest_cannot_read_status", ""},
		{"/wp/v2/statuses/request-pending", "admin", http.StatusForbidden, "rest_cannot_read_status", ""},
		{"/wp/v2/statuses?context=edit", "", http.StatusUnauthorized, "rest_cannot_view", "Sorry, you are not allowed to manage post statuses."},
		{"/wp/v2/statuses?context=edit", "subscriber", http.StatusForbidden, "rest_cannot_view", ""},
		{"/wp/v2/statuses?context=foo", "", http.StatusBadRequest, "rest_invalid_param", ""},
	})
	if d := valueDiff(captured(t, "err_statuses_nope"), s.get(t, "/wp/v2/statuses/nope", "").json); d != "" {
		t.Errorf("GET /wp/v2/statuses/nope: %s", d)
	}
}

// TestStatusLinks pins the archives link, which WordPress adds whatever _fields says and
// which links a non-publish status to the filtered posts list.
func TestStatusLinks(t *testing.T) {
	s := newTestSite(t)
	for _, c := range []struct{ path, login, want string }{
		{"/wp/v2/statuses/publish?_fields=name", "", `{"name":"Published","_links":{"archives":[{"href":"` + captureSite + `/wp-json/wp/v2/posts"}]}}`},
		{"/wp/v2/statuses/publish?_fields=name.x", "", `{"_links":{"archives":[{"href":"` + captureSite + `/wp-json/wp/v2/posts"}]}}`},
		{"/wp/v2/statuses?_fields=publish", "", `{"publish":{"_links":{"archives":[{"href":"` + captureSite + `/wp-json/wp/v2/posts"}]}}}`},
		{"/wp/v2/statuses/trash?_fields=slug", "editor", `{"slug":"trash","_links":{"archives":[{"href":"` + captureSite + `/wp-json/wp/v2/posts?status=trash"}]}}`},
	} {
		got := orderedJSON(t, s.get(t, c.path, c.login).body, s.srv.URL)
		if d := exactDiff(orderedJSON(t, []byte(c.want), ""), got); d != "" {
			t.Errorf("GET %s:%s", c.path, d)
		}
	}
}

// TestOptionsAllowFollowsPlaceholders: on OPTIONS the Allow header runs the permission
// callbacks with the route's placeholders, as WordPress does (publish is readable by
// anyone, draft only by editors of posts).
func TestOptionsAllowFollowsPlaceholders(t *testing.T) {
	s := newTestSite(t)
	for _, c := range []struct{ path, login, want string }{
		{"/wp/v2/statuses/publish", "", "GET"},
		{"/wp/v2/statuses/draft", "", ""},
		{"/wp/v2/statuses/draft", "admin", "GET"},
		{"/wp/v2/posts/1", "", "GET"},
	} {
		if got := s.do(t, http.MethodOptions, c.path, c.login, nil).header.Get("Allow"); got != c.want {
			t.Errorf("OPTIONS %s as %q: Allow %q, want %q", c.path, c.login, got, c.want)
		}
	}
}
