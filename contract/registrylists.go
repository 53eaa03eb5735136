package contract

import "net/http"

// What the types and taxonomies lists hold on any site: the post types and taxonomies
// core shows in REST (create_initial_post_types, create_initial_taxonomies) are all
// listed, whatever routes a target serves for them, and each entry of a list is what
// its item route answers.

// coreRegistryKeys are the entries core lists on every site, by version: since 5.9
// the menus, blocks, templates and navigation; 6.4 the pattern categories; 6.5 the
// fonts; 6.6 the global styles.
var coreRegistryKeys = map[string]words{
	"/wp/v2/types": w("post page attachment nav_menu_item wp_block wp_template wp_template_part wp_navigation",
		since(wp65, "wp_font_family wp_font_face"), since(wp66, "wp_global_styles")),
	"/wp/v2/taxonomies": w("category post_tag nav_menu", since(wp64, "wp_pattern_category")),
}

// checkRegistryLists checks, for /types and /taxonomies, that the core entries are
// listed (strict: a target may not leave out the ones it does not serve) and that
// every listed entry answers at /<route>/<slug> exactly as the list shows it.
func checkRegistryLists(s *Suite, t T) {
	for _, route := range []string{"/wp/v2/types", "/wp/v2/taxonomies"} {
		id := "fields/" + routeSlug(route) + "/"
		anon := s.as(anonymous)
		list := anon.get(t, route)
		if s.cfg.Strict {
			keys := coreRegistryKeys[route].at(s.wp)
			wantKeysInclude(t, list, "", keys, id+"core-entries: "+route+" lists every entry core shows in REST, served or not")
		}
		contexts := []string{"view", "embed", "edit"}
		if s.anonymousOnly {
			contexts = contexts[:2]
		}
		for _, ctx := range contexts {
			acc := anonymous
			if ctx == "edit" {
				acc = s.admin()
			}
			l := s.as(acc).get(t, route+"?context="+ctx)
			entries, _ := l.JSON().(map[string]any)
			for _, k := range keysOf(entries) {
				item := s.as(acc).get(t, route+"/"+k+"?context="+ctx)
				rule := id + "entry-is-item: each entry of " + route + " is what " + route + "/<slug> answers, in every context"
				if wantStatus(t, item, http.StatusOK, rule) {
					check(t, item, jsonEqual(item.JSON(), entries[k]), rule, "%s (%s) differs from its list entry", k, ctx)
				}
			}
		}
	}
}
