package mock

import (
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/wpmock/wpmock/mock/rest"
	"github.com/wpmock/wpmock/mock/wp"
)

// The later profiles of /types and /taxonomies, pinned to captures of WordPress 6.8
// and 7.1 (testdata/wordpress-<version>, taken with ci/wordpress, site URL rewritten to
// captureSite).

// capturedAt loads a capture of WordPress version v as orderedJSON.
func capturedAt(t testing.TB, v rest.Version, name string) any {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", "wordpress-"+v.String(), name+".json"))
	if err != nil {
		t.Fatal(err)
	}
	return orderedJSON(t, b, "")
}

// types68 are the post types WordPress 6.8 and 7.1 show in REST: 6.1's, the global
// styles (6.6) and the font library (6.5).
var types68 = []string{"post", "page", "attachment", "nav_menu_item", "wp_block", "wp_template",
	"wp_template_part", "wp_global_styles", "wp_navigation", "wp_font_family", "wp_font_face"}

// TestTypeAndTaxonomyProfiles compares every entry with WordPress 6.8 and 7.1's:
// template and template_lock (6.6), supports.autosave (6.6), the editor's notes (6.9),
// the labels each release changed (item_trashed 6.3, template_name 6.6, add_new
// 6.4/6.7/6.8, the attachment's add_new_item 6.9 and view_item 6.4, the patterns of
// 6.3), the pattern categories (6.4), fonts (6.5) and global styles (6.6).
func TestTypeAndTaxonomyProfiles(t *testing.T) {
	taxonomies := []string{"category", "post_tag", "nav_menu", "wp_pattern_category"}
	cases := []struct {
		path, capture string
		keys          []string
	}{
		{"/wp/v2/types", "types_list_view", types68},
		{"/wp/v2/types?context=embed", "types_list_embed", types68},
		{"/wp/v2/types?context=edit", "types_list_edit", types68},
		{"/wp/v2/taxonomies", "taxonomies_list_view", taxonomies},
		{"/wp/v2/taxonomies?context=embed", "taxonomies_list_embed", taxonomies},
		{"/wp/v2/taxonomies?context=edit", "taxonomies_list_edit", taxonomies},
		{"/wp/v2/taxonomies?type=wp_block", "taxonomies_list_view", []string{"wp_pattern_category"}},
	}
	for _, v := range []rest.Version{rest.V68, rest.V71} {
		s := newProfileSite(t, v)
		for _, c := range cases {
			t.Run(v.String()+" "+c.path, func(t *testing.T) {
				r := s.get(t, c.path, "admin")
				if r.status != http.StatusOK {
					t.Fatalf("status %d\n%s", r.status, r.body)
				}
				got, _ := orderedJSON(t, r.body, s.srv.URL).(rest.Object)
				want, _ := capturedAt(t, v, c.capture).(rest.Object)
				var keys []string
				for _, m := range got {
					keys = append(keys, m.Key)
				}
				if strings.Join(keys, ",") != strings.Join(c.keys, ",") {
					t.Errorf("got keys %v, want %v", keys, c.keys)
				}
				for _, m := range got {
					w, _ := want.Get(m.Key)
					compareExact(t, c.path+" ["+m.Key+"]", w, m.Value)
				}
			})
		}
		for _, c := range []struct{ path, capture string }{
			{"/wp/v2/types/wp_block?context=edit", "types_item_wp_block_edit"},
			{"/wp/v2/taxonomies/nav_menu?context=edit", "taxonomies_item_nav_menu_edit"},
		} {
			t.Run(v.String()+" "+c.path, func(t *testing.T) {
				r := s.get(t, c.path, "admin")
				compareExact(t, c.path, capturedAt(t, v, c.capture), orderedJSON(t, r.body, s.srv.URL))
			})
		}
		t.Run(v.String()+" OPTIONS /wp/v2/types/post", func(t *testing.T) {
			r := s.do(t, http.MethodOptions, "/wp/v2/types/post", "", nil)
			if d := exactDiff(capturedAt(t, v, "options_types_post"), orderedJSON(t, r.body, s.srv.URL)); d != "" {
				t.Error(d)
			}
		})
	}
}

// TestTypeProfileErrors: wp_global_styles is registered in 6.1 but shown in REST from
// 6.6 only; 6.8 checks the edit context of the types it added.
func TestTypeProfileErrors(t *testing.T) {
	runErrorCases(t, newProfileSite(t, rest.V61), []errorCase{
		{"/wp/v2/types/wp_global_styles", "", http.StatusUnauthorized, "rest_cannot_read_type", "Cannot view post type."},
	})
	runErrorCases(t, newProfileSite(t, rest.V68), []errorCase{
		{"/wp/v2/types/revision", "", http.StatusUnauthorized, "rest_cannot_read_type", "Cannot view post type."},
		{"/wp/v2/types/wp_global_styles?context=edit", "editor", http.StatusForbidden, "rest_forbidden_context", ""},
		{"/wp/v2/types/wp_font_face?context=edit", "", http.StatusUnauthorized, "rest_forbidden_context", ""},
		{"/wp/v2/taxonomies/wp_pattern_category?context=edit", "subscriber", http.StatusForbidden, "rest_forbidden_context", ""},
	})
}

// TestTypeItemsAreListEntries: GET /types/<slug> and /taxonomies/<slug> answer each
// listed entry exactly as the list does (WordPress prepares both alike; checked on
// 6.1, 6.8 and 7.1), in every context, for every version.
func TestTypeItemsAreListEntries(t *testing.T) {
	for _, v := range rest.Profiles {
		s := newProfileSite(t, v)
		for _, ctx := range []string{"view", "embed", "edit"} {
			for _, base := range []string{"/wp/v2/types", "/wp/v2/taxonomies"} {
				list, _ := orderedJSON(t, s.get(t, base+"?context="+ctx, "admin").body, s.srv.URL).(rest.Object)
				for _, m := range list {
					t.Run(v.String()+" "+base+"/"+m.Key+" "+ctx, func(t *testing.T) {
						r := s.get(t, base+"/"+m.Key+"?context="+ctx, "admin")
						if r.status != http.StatusOK {
							t.Fatalf("status %d\n%s", r.status, r.body)
						}
						compareExact(t, m.Key, m.Value, orderedJSON(t, r.body, s.srv.URL))
					})
				}
			}
		}
	}
}

// TestServedTypeTaxonomies: a served type's Taxonomies (its routes' term fields) are
// the taxonomies /types lists for it, in every version.
func TestServedTypeTaxonomies(t *testing.T) {
	for _, v := range rest.Profiles {
		res := &types{m: &Mock{version: v, reg: wp.Core}}
		for _, e := range res.entries(v) {
			if wp.Core.PostType(e.Slug) == nil {
				continue
			}
			if strings.Join(e.Taxonomies, ",") != strings.Join(e.taxonomies, ",") {
				t.Errorf("%s %s: Taxonomies %v, /types lists %v", v, e.Slug, e.Taxonomies, e.taxonomies)
			}
		}
	}
}
