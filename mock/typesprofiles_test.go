package mock

import (
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/wpmock/wpmock/mock/rest"
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

// TestTypeAndTaxonomyProfiles compares the entries the mock serves with WordPress 6.8
// and 7.1's: template and template_lock (6.6), supports.autosave (6.6), the editor's
// notes (6.9), the labels each release changed (item_trashed 6.3, template_name 6.6,
// add_new 6.4/6.7/6.8, the attachment's add_new_item 6.9 and view_item 6.4).
func TestTypeAndTaxonomyProfiles(t *testing.T) {
	cases := []struct {
		path, capture string
		keys          []string
	}{
		{"/wp/v2/types", "types_list_view", []string{"post", "page", "attachment"}},
		{"/wp/v2/types?context=embed", "types_list_embed", []string{"post", "page", "attachment"}},
		{"/wp/v2/types?context=edit", "types_list_edit", []string{"post", "page", "attachment"}},
		{"/wp/v2/taxonomies", "taxonomies_list_view", []string{"category", "post_tag"}},
		{"/wp/v2/taxonomies?context=edit", "taxonomies_list_edit", []string{"category", "post_tag"}},
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
		t.Run(v.String()+" OPTIONS /wp/v2/types/post", func(t *testing.T) {
			r := s.do(t, http.MethodOptions, "/wp/v2/types/post", "", nil)
			if d := exactDiff(capturedAt(t, v, "options_types_post"), orderedJSON(t, r.body, s.srv.URL)); d != "" {
				t.Error(d)
			}
		})
	}
}

// TestTypeProfileErrors: wp_global_styles is shown in REST from 6.6, so the mock (which
// serves post and attachment only) answers rest_type_invalid for it, as for page.
func TestTypeProfileErrors(t *testing.T) {
	runErrorCases(t, newProfileSite(t, rest.V61), []errorCase{
		{"/wp/v2/types/wp_global_styles", "", http.StatusUnauthorized, "rest_cannot_read_type", "Cannot view post type."},
	})
	runErrorCases(t, newProfileSite(t, rest.V68), []errorCase{
		{"/wp/v2/types/wp_global_styles", "", http.StatusNotFound, "rest_type_invalid", "Invalid post type."},
		{"/wp/v2/types/revision", "", http.StatusUnauthorized, "rest_cannot_read_type", "Cannot view post type."},
	})
}
