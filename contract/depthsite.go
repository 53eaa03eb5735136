package contract

import (
	"fmt"
	"net/http"
	"slices"
	"strings"
)

// The site group: what a customized site's own surfaces promise that issue 48 found a
// defect could break while the custom group passes: the capabilities a type declares
// (those it enforces), its drafts hidden from visitors, its menu_order ordering, its
// links (its permalink_template, its own rewrite base), its autosaves refused to who
// may not edit it, HEAD, CORS and paging on its route; registered meta (core's types
// and the site's, term meta included) of the declared type, with its default, without
// protected keys, written, validated; plugin fields written, and left alone when read
// only. Every fact is read from the site: /types and /taxonomies in the edit context,
// the routes' OPTIONS schemas, the roles' capabilities from /users/<id>?context=edit.
// Rule ids: site/<type or rest_base>/<rule>.

func init() {
	register("site", true, func(s *Suite, t T) {
		needWrites(s, t)
		types := s.customTypes(t)
		if len(types) == 0 {
			skipRule(t, "site/types/own: the site's own post types keep the promises their declarations make",
				fmt.Sprintf("the site registers no post type of its own (its /types lists only core's for WordPress %s)", s.wp))
		}
		for _, st := range types {
			t.Run(st.slug, func(t T) {
				if st.viewOnly {
					skipRule(t, "site/"+st.slug+"/own: the type keeps the promises its declaration makes",
						"the administrator lacks the "+st.slug+" type's capabilities (/wp/v2/types lists it in the view context only): its items are not written")
					return
				}
				checkSiteType(s, t, st)
			})
		}
		t.Run("post links", func(t T) {
			p := s.create(t, nil, "/wp/v2/posts", map[string]any{"title": s.name("site link"), "status": "publish"})
			siteLink(s, t, "site/post/", fmt.Sprintf("/wp/v2/posts/%d", idOf(p)))
		})
		routes := []string{"/wp/v2/posts", "/wp/v2/pages", "/wp/v2/categories", "/wp/v2/tags"}
		for _, st := range types {
			if !st.viewOnly {
				routes = append(routes, st.route())
			}
		}
		for _, tx := range s.customTaxonomies(t) {
			if !tx.viewOnly {
				routes = append(routes, tx.route())
			}
		}
		for _, route := range routes {
			if s.caps.routes[route] {
				t.Run(route, func(t T) { siteMeta(s, t, route); siteFields(s, t, route) })
			}
		}
	})
}

// checkSiteType checks one of the site's own post types.
func checkSiteType(s *Suite, t T, st *siteType) {
	id, route := "site/"+st.slug+"/", st.route()
	admin, anon := s.as(s.admin()), s.as(anonymous)
	body := func(name string, more map[string]any) map[string]any {
		b := map[string]any{"title": s.name(st.slug + " " + name), "status": "publish"}
		for k, v := range more {
			b[k] = v
		}
		return b
	}
	siteCapabilities(s, t, st, id, route)

	draft := idOf(s.create(t, nil, route, body("draft", map[string]any{"status": "draft"})))
	l := anon.get(t, fmt.Sprintf("%s?include=%d", route, draft))
	g := anon.get(t, fmt.Sprintf("%s/%d", route, draft))
	check(t, g, l.Status == http.StatusOK && len(l.list()) == 0 && g.Status == http.StatusUnauthorized && g.code() == "rest_forbidden",
		id+"drafts-hidden: a visitor does not see a draft: the list leaves it out, its item answers 401 rest_forbidden",
		"list %d %d items; item %d %s", l.Status, len(l.list()), g.Status, g.code())

	props, _ := s.itemSchema(t, route)["properties"].(map[string]any)
	var ids idList
	for _, k := range []struct {
		date  string
		order int
	}{{"2001-01-01T10:00:00", 2}, {"2003-01-01T10:00:00", 1}, {"2002-01-01T10:00:00", 3}} {
		more := map[string]any{"date": k.date}
		if props["menu_order"] != nil {
			more["menu_order"] = k.order
		}
		ids = append(ids, idOf(s.create(t, nil, route, body(fmt.Sprint("item ", k.order), more))))
	}
	list := fmt.Sprintf("%s?include=%d,%d,%d", route, ids[0], ids[1], ids[2])
	const menuRule = "orderby-menu-order: orderby=menu_order&order=asc lists the type's items by menu_order"
	if props["menu_order"] == nil {
		skipRule(t, id+menuRule, "the type's schema (OPTIONS "+route+") has no menu_order: it does not support page-attributes")
	} else {
		r := anon.get(t, list+"&orderby=menu_order&order=asc")
		want := idList{ids[1], ids[0], ids[2]}
		check(t, r, fmt.Sprint(resultIDs(r)) == fmt.Sprint(want), id+menuRule, "ids %v, want %v", resultIDs(r), want)
	}
	headAndPreflight(s, t, "site/"+st.slug, list, "3")
	past := anon.get(t, list+"&per_page=2&page=3")
	wantError(t, past, http.StatusBadRequest, "rest_post_invalid_page_number", id+"paging-past-end: a page past the last is refused with 400 rest_post_invalid_page_number")
	siteLink(s, t, id, fmt.Sprintf("%s/%d", route, ids[0]))

	item := fmt.Sprintf("%s/%d", route, ids[0])
	const asRule = "autosaves-forbidden: reading an item's autosaves without the right to edit it is refused: 401 rest_cannot_read for a visitor, 403 for a subscriber"
	if !s.caps.routes[route+`/(?P<id>[\d]+)/autosaves`] {
		skipRule(t, id+asRule, "the index lists no "+route+"/<id>/autosaves route")
	} else {
		admin.send(t, http.MethodPost, item+"/autosaves", map[string]any{"content": "autosaved " + s.name(st.slug)})
		wantError(t, anon.get(t, item+"/autosaves"), http.StatusUnauthorized, "rest_cannot_read", id+asRule)
		wantError(t, s.as(s.accountFor(t, "subscriber")).get(t, item+"/autosaves"), http.StatusForbidden, "rest_cannot_read", id+asRule)
	}
}

// siteCapabilities: the capabilities /types/<slug>?context=edit declares are the ones
// the type's routes enforce: a role may create a draft exactly when it has the type's
// create_posts (the role's capabilities read from the site).
func siteCapabilities(s *Suite, t T, st *siteType, id, route string) {
	rule := id + "capabilities: a role may create a draft exactly when it has the create_posts capability /types/" + st.slug + "?context=edit declares"
	create := st.caps["create_posts"]
	if create == "" {
		skipRule(t, rule, "the site's /types/"+st.slug+" names no create_posts capability (read without the edit context?)")
		return
	}
	for _, role := range []string{"contributor", "author", "subscriber"} {
		acc := s.accountFor(t, role)
		caps, from := s.roleCaps(t, acc)
		r := s.as(acc).send(t, http.MethodPost, route, map[string]any{"title": s.name(st.slug + " by " + role), "status": "draft"})
		if r.Status == http.StatusCreated {
			s.deleteLater(route, idOf(r))
		}
		if caps[create] == true {
			check(t, r, r.Status == http.StatusCreated, rule+" ("+role+" has "+create+", from "+from+")", "%d %s", r.Status, r.code())
		} else {
			check(t, r, r.Status == http.StatusForbidden && r.code() == "rest_cannot_create", rule+" ("+role+" lacks "+create+", from "+from+")",
				"%d %s, want 403 rest_cannot_create", r.Status, r.code())
		}
	}
}

// siteLink: a published item's link is its permalink_template (edit context) with its
// slug for %postname% or %pagename% (get_sample_permalink), and, for a type with its
// own rewrite base, not a post's template (the permalink structure is post's alone).
func siteLink(s *Suite, t T, id, item string) {
	r := s.as(s.admin()).get(t, item+"?context=edit")
	link, tmpl, slug := textAt(r, "link"), textAt(r, "permalink_template"), textAt(r, "slug")
	rule := id + "link-template: a published item's link is its permalink_template with its slug for %postname% or %pagename%"
	if tmpl == "" {
		skipRule(t, rule, "GET "+item+"?context=edit has no permalink_template (the type is not viewable)")
		return
	}
	want := strings.NewReplacer("%postname%", slug, "%pagename%", slug).Replace(tmpl)
	check(t, r, link == want, rule, "link %q, permalink_template %q, want %q", link, tmpl, want)
	if !strings.HasPrefix(item, "/wp/v2/posts/") && strings.Contains(tmpl, "%") {
		p := s.create(t, nil, "/wp/v2/posts", map[string]any{"title": s.name("link post"), "status": "publish"})
		pt := textAt(s.as(s.admin()).get(t, fmt.Sprintf("/wp/v2/posts/%d?context=edit", idOf(p))), "permalink_template")
		check(t, r, pt != tmpl, id+"link-own-base: a type with its own rewrite base does not take the posts' permalink structure",
			"permalink_template %q, a post's %q", tmpl, pt)
	}
}

// schemaSample is sampleValue for a whole schema: where the schema narrows its type (an
// enum, a format, a pattern, bounds or lengths) the value is one it accepts
// (acceptable, or another enum member where the first is def), so a write of it is
// refused by nothing but a defect.
func schemaSample(schema map[string]any, def any, s *Suite) (v any, bad any, ok bool) {
	narrow := false
	for _, k := range []string{"enum", "format", "pattern", "minimum", "maximum", "minLength", "maxLength"} {
		narrow = narrow || schema[k] != nil
	}
	if !narrow {
		return sampleValue(schema["type"], def, s)
	}
	_, bad, ok = sampleValue(schema["type"], def, s)
	if !ok {
		return nil, nil, false
	}
	if e, _ := schema["enum"].([]any); len(e) > 0 {
		for _, x := range e {
			if !jsonEqual(x, def) && validate(schema, x) == "" {
				return x, bad, true
			}
		}
		return nil, nil, false
	}
	if v, ok = acceptable(schema); !ok || jsonEqual(v, def) {
		return nil, nil, false
	}
	return v, bad, true
}

// sampleValue is a value of a schema type that differs from def (a setting written to
// test it must not be one the site already holds); ok false for a type it cannot make.
func sampleValue(typ any, def any, s *Suite) (v any, bad any, ok bool) {
	switch fmt.Sprint(typ) {
	case "string":
		return s.name("meta"), map[string]any{"not": "a string"}, true
	case "integer":
		if def == 3.0 {
			return 4, "not a number", true
		}
		return 3, "not a number", true
	case "number":
		return 2.5, "not a number", true
	case "boolean":
		return def != true, "maybe", true
	}
	return nil, nil, false
}

// jsonType says whether v is of the schema type typ (rest_validate_value_from_schema's
// kinds; a list of types accepts any of them).
func ofSchemaType(v any, typ any) bool {
	if l, ok := typ.([]any); ok {
		return slices.ContainsFunc(l, func(x any) bool { return ofSchemaType(v, x) })
	}
	switch fmt.Sprint(typ) {
	case "string":
		_, ok := v.(string)
		return ok
	case "integer":
		n, ok := v.(float64)
		return ok && n == float64(int64(n))
	case "number":
		_, ok := v.(float64)
		return ok
	case "boolean":
		_, ok := v.(bool)
		return ok
	case "array":
		_, ok := v.([]any)
		return ok
	case "object":
		_, ok := v.(map[string]any)
		return ok
	case "null":
		return v == nil
	}
	return true
}
