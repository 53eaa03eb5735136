package mock

import (
	"net/http"
	"testing"
)

// TestTaxonomyResponses pins /taxonomies to WordPress 6.1: every taxonomy it shows in
// REST (category, post_tag, nav_menu) exactly as WordPress lists it, in every context.
func TestTaxonomyResponses(t *testing.T) {
	all := []string{"category", "post_tag", "nav_menu"}
	both := []string{"category", "post_tag"}
	runExactCases(t, []exactCase{
		{name: "list view", path: "/wp/v2/taxonomies", capture: "taxonomies_list_view", keys: all},
		{name: "list embed", path: "/wp/v2/taxonomies?context=embed", login: "admin", capture: "taxonomies_list_embed", keys: all},
		{name: "list edit", path: "/wp/v2/taxonomies?context=edit", login: "admin", capture: "taxonomies_list_edit", keys: all},
		// assign_categories and assign_post_tags are edit_posts; nav_menu's assign_terms
		// is edit_theme_options.
		{name: "list edit contributor", path: "/wp/v2/taxonomies?context=edit", login: "contributor", capture: "taxonomies_list_edit", keys: both},
		{name: "list edit editor", path: "/wp/v2/taxonomies?context=edit", login: "editor", capture: "taxonomies_list_edit", keys: both},
		{name: "list of type post", path: "/wp/v2/taxonomies?type=post", capture: "taxonomies_list_view", keys: both},
		{name: "list of type nav_menu_item", path: "/wp/v2/taxonomies?type=nav_menu_item", capture: "taxonomies_list_view",
			keys: []string{"nav_menu"}},
		// "0" is empty() in PHP: no filter.
		{name: "list of type 0", path: "/wp/v2/taxonomies?type=0", capture: "taxonomies_list_view", keys: all},
		{name: "item nav_menu edit", path: "/wp/v2/taxonomies/nav_menu?context=edit", login: "admin", capture: "taxonomies_item_nav_menu_edit"},
		{name: "item view", path: "/wp/v2/taxonomies/category", capture: "taxonomies_item_view"},
		{name: "item embed", path: "/wp/v2/taxonomies/category?context=embed", login: "admin", capture: "taxonomies_item_embed"},
		{name: "item edit", path: "/wp/v2/taxonomies/category?context=edit", login: "admin", capture: "taxonomies_item_edit"},
	})
}

func TestTaxonomyErrors(t *testing.T) {
	s := newTestSite(t)
	runErrorCases(t, s, []errorCase{
		{"/wp/v2/taxonomies/nope", "", http.StatusNotFound, "rest_taxonomy_invalid", "Invalid taxonomy."},
		// Registered from 6.4 only.
		{"/wp/v2/taxonomies/wp_pattern_category", "admin", http.StatusNotFound, "rest_taxonomy_invalid", ""},
		{"/wp/v2/taxonomies/nav_menu?context=edit", "editor", http.StatusForbidden, "rest_forbidden_context", ""},
		{"/wp/v2/taxonomies?type=nav_menu_item&context=edit", "editor", http.StatusForbidden, "rest_cannot_view", ""},
		{"/wp/v2/taxonomies/wp_theme", "admin", http.StatusForbidden, "rest_forbidden", ""},
		// Registered but not in REST: the permission callback returns false.
		{"/wp/v2/taxonomies/post_format", "", http.StatusUnauthorized, "rest_forbidden", "Sorry, you are not allowed to do that."},
		{"/wp/v2/taxonomies/link_category", "admin", http.StatusForbidden, "rest_forbidden", ""},
		{"/wp/v2/taxonomies/category?context=edit", "", http.StatusUnauthorized, "rest_forbidden_context", "Sorry, you are not allowed to manage terms in this taxonomy."},
		{"/wp/v2/taxonomies/post_tag?context=edit", "subscriber", http.StatusForbidden, "rest_forbidden_context", ""},
		{"/wp/v2/taxonomies?context=edit", "", http.StatusUnauthorized, "rest_cannot_view", "Sorry, you are not allowed to manage terms in this taxonomy."},
		{"/wp/v2/taxonomies?context=edit", "subscriber", http.StatusForbidden, "rest_cannot_view", ""},
		// A type without taxonomies leaves nothing to assign terms in, even for admin.
		{"/wp/v2/taxonomies?type=page&context=edit", "admin", http.StatusForbidden, "rest_cannot_view", ""},
		{"/wp/v2/taxonomies?context=foo", "", http.StatusBadRequest, "rest_invalid_param", ""},
	})
	if d := valueDiff(captured(t, "err_taxonomies_nope"), s.get(t, "/wp/v2/taxonomies/nope", "").json); d != "" {
		t.Errorf("GET /wp/v2/taxonomies/nope: %s", d)
	}
}

// TestTaxonomyEdgeBodies pins answers taken from WordPress 6.1: the empty list is an
// object, and _fields is matched exactly (in_array), so a dotted path selects nothing.
func TestTaxonomyEdgeBodies(t *testing.T) {
	s := newTestSite(t)
	for _, c := range []struct{ path, login, want string }{
		{"/wp/v2/taxonomies?type=page", "", `{}`},
		{"/wp/v2/taxonomies?type=attachment", "admin", `{}`},
		{"/wp/v2/taxonomies/category?_fields=visibility.public&context=edit", "admin", `[]`},
		{"/wp/v2/taxonomies/category?_fields=name.x", "", `[]`},
		{"/wp/v2/taxonomies/category?_fields=name,slug", "", `{"name":"Categories","slug":"category"}`},
		{"/wp/v2/taxonomies?_fields=category", "", `{"category":[]}`},
		{"/wp/v2/taxonomies?_fields=name", "", `[]`},
	} {
		got := orderedJSON(t, s.get(t, c.path, c.login).body, s.srv.URL)
		if d := exactDiff(orderedJSON(t, []byte(c.want), ""), got); d != "" {
			t.Errorf("GET %s:%s", c.path, d)
		}
	}
}
