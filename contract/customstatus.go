package contract

import (
	"fmt"
	"net/http"
	"slices"

	"github.com/getkin/kin-openapi/openapi3"
)

// The custom group's other part: what a site registers beyond its types and
// taxonomies, checked as core's are. Each status of its own (register_post_status, listed by /wp/v2/statuses
// to the administrator) is readable as its public flag says (WP_REST_Post_Statuses_
// Controller::check_read_permission: a visitor reads a public one, else 401
// rest_cannot_read_status); a post given it keeps it, ?status=<it> lists it, the
// default list (status publish) leaves it out, and a visitor reads the post only when
// the status is public (WP_REST_Posts_Controller::check_read_permission). Each setting
// of its own (register_setting with show_in_rest: /wp/v2/settings beyond core's) is
// written and read back, then put back as it was. Rule ids name the status or the
// setting (custom/status/archived/filter), so the reports list each one.

// ownStatusFacts are the statuses the site registers that /wp/v2/statuses lists to the
// administrator (none without credentials, or in strict mode).
func (s *Suite) ownStatusFacts(t T) []statusFact {
	t.Helper()
	own, _, ok, _ := s.ownStatuses(t)
	if !ok {
		return nil
	}
	list, _, _ := s.siteStatuses(t)
	return slices.DeleteFunc(slices.Clone(list), func(f statusFact) bool { return !slices.Contains(own, f.slug) })
}

// ownSurfaces checks the site's own statuses and settings, one subtest each.
func ownSurfaces(s *Suite, t T, statuses []statusFact, settings []string) {
	for _, f := range statuses {
		t.Run("status-"+f.slug, func(t T) {
			needWrites(s, t)
			checkOwnStatus(s, t, f)
		})
	}
	for _, name := range settings {
		t.Run("setting-"+name, func(t T) {
			needWrites(s, t)
			checkOwnSetting(s, t, name)
		})
	}
}

// checkOwnStatus checks one of the site's statuses on posts.
func checkOwnStatus(s *Suite, t T, f statusFact) {
	id := "custom/status/" + f.slug + "/"
	anon, admin := s.as(anonymous), s.as(s.admin())
	r := anon.get(t, "/wp/v2/statuses/"+f.slug)
	if f.public {
		wantValue(t, r, "slug", f.slug, id+"read: a visitor reads a public status (200, its slug)")
	} else {
		wantError(t, r, http.StatusUnauthorized, "rest_cannot_read_status", id+"read: a status that is not public is hidden from visitors (401 rest_cannot_read_status)")
	}
	wantValue(t, admin.get(t, "/wp/v2/statuses/"+f.slug+"?context=edit"), "slug", f.slug, id+"read-admin: the administrator reads the status (200, its slug)")

	p := s.create(t, nil, "/wp/v2/posts", map[string]any{"title": s.name("status-" + f.slug), "status": f.slug})
	post := idOf(p)
	wantValue(t, p, "status", f.slug, id+"create: a post created with the status keeps it")
	l := admin.get(t, fmt.Sprintf("/wp/v2/posts?status=%s&include=%d", f.slug, post))
	check(t, l, fmt.Sprint(resultIDs(l)) == fmt.Sprint(idList{post}), id+"filter: ?status=<it> lists the post (as the administrator)",
		"%d, ids %v, want [%d]", l.Status, resultIDs(l), post)
	l = admin.get(t, fmt.Sprintf("/wp/v2/posts?include=%d", post))
	check(t, l, l.Status == http.StatusOK && len(l.list()) == 0, id+"default-list: the list without ?status (status publish) leaves the post out",
		"%d, ids %v", l.Status, resultIDs(l))
	g := anon.get(t, fmt.Sprintf("/wp/v2/posts/%d", post))
	if f.public {
		wantValue(t, g, "id", post, id+"read-post: a visitor reads a post of a public status (200)")
	} else {
		wantError(t, g, http.StatusUnauthorized, "rest_forbidden", id+"read-post: a post of a status that is not public is hidden from visitors (401 rest_forbidden)")
	}
}

// ownSettings are the settings /wp/v2/settings gives the administrator beyond the ones
// WordPress registers itself.
func (s *Suite) ownSettings(t T) []string {
	t.Helper()
	if !s.caps.routes[settingsRoute] || s.anonymousOnly || s.cfg.Strict {
		return nil
	}
	var out []string
	for _, k := range keysOf(s.as(s.admin()).get(t, settingsRoute).object()) {
		if !slices.Contains(coreSettings, k) {
			out = append(out, k)
		}
	}
	return out
}

// checkOwnSetting writes a value the setting's schema accepts (another than its own
// where the schema allows), reads it back, and puts the old value back.
func checkOwnSetting(s *Suite, t T, name string) {
	id := "custom/setting/" + name + "/"
	admin := s.as(s.admin())
	o := admin.do(t, http.MethodOptions, settingsRoute, nil)
	p, _ := at(o.JSON(), "schema.properties."+name)
	schema, _ := p.(map[string]any)
	old, _ := admin.get(t, settingsRoute).object()[name]
	v, ok := otherValue(schema, old)
	if !ok {
		t.Skipf("the suite cannot make a value the schema of the setting %s accepts (%s)", name, show(schema, true))
	}
	s.onCleanup(func() { s.as(s.admin()).send(nopT{}, http.MethodPost, settingsRoute, map[string]any{name: old}) })
	w := admin.send(t, http.MethodPost, settingsRoute, map[string]any{name: v})
	check(t, w, w.Status == http.StatusOK && jsonEqual(w.object()[name], v), id+"write: POST /wp/v2/settings with a value its schema accepts answers 200 with the value",
		"%d %s = %s, want %s", w.Status, name, show(w.object()[name], true), show(v, true))
	r := admin.get(t, settingsRoute)
	check(t, r, jsonEqual(r.object()[name], v), id+"read-back: the setting written is read back by GET /wp/v2/settings",
		"%s = %s, want %s", name, show(r.object()[name], true), show(v, true))
	admin.send(t, http.MethodPost, settingsRoute, map[string]any{name: old})
}

// otherValue is a value the schema accepts, other than old where it can be: scalars,
// and arrays of scalars.
func otherValue(schema map[string]any, old any) (any, bool) {
	if schema["type"] == "array" {
		items, _ := schema["items"].(map[string]any)
		v, ok := acceptable(items)
		if !ok {
			return nil, false
		}
		return []any{v}, true
	}
	v, ok := acceptable(schema)
	if !ok || !jsonEqual(v, old) {
		return v, ok
	}
	switch x := v.(type) {
	case bool:
		return !x, true
	case float64:
		if validate(schema, x+1) == "" {
			return x + 1, true
		}
	case string:
		if e, _ := schema["enum"].([]any); len(e) > 1 {
			return e[1], true
		}
		if validate(schema, x+"a") == "" {
			return x + "a", true
		}
	}
	return v, true
}

// siteEnumValue says whether a schema error of the OpenAPI document (which describes
// a site with core's statuses only) is an item's status the site registers itself,
// internal ones included: a fact of the site, not a fault (default mode only).
func (s *Suite) siteEnumValue(se *openapi3.SchemaError) bool {
	ptr := se.JSONPointer()
	if s.cfg.Strict || se.SchemaField != "enum" || len(ptr) == 0 || ptr[len(ptr)-1] != "status" {
		return false
	}
	v, _ := se.Value.(string)
	own, _, ok, _ := s.ownStatuses(nopT{})
	if !ok {
		return false
	}
	if slices.Contains(own, v) {
		return true
	}
	all, _ := s.internalOwnStatuses(nopT{}, own)
	return slices.Contains(all, v)
}

// checkOwnMeta checks the meta of a new item of the site's own type or taxonomy (one
// written with no meta): each key its schema declares under meta.properties is there,
// of its declared type, with its declared default (WP_REST_Meta_Fields::get_value:
// get_metadata gives the registered default, or the type's empty value, and the key
// is cast to its schema).
func checkOwnMeta(s *Suite, t T, id, item string, props map[string]any) {
	declared, _ := at(props, "meta.properties")
	keys, _ := declared.(map[string]any)
	if len(keys) == 0 {
		return
	}
	r := s.as(s.admin()).get(t, item+"?context=edit")
	meta, _ := r.object()["meta"].(map[string]any)
	for _, k := range keysOf(keys) {
		p, _ := keys[k].(map[string]any)
		v, ok := meta[k]
		typ := p["type"]
		rule := id + "meta-types: a new item's meta has each key its schema declares, of its declared type"
		// null where the key's empty value fails its own schema (a format, a pattern):
		// WP_REST_Meta_Fields::prepare_value gives null for a value the schema refuses
		nullOK := v == nil && validate(p, p["default"]) != ""
		if !check(t, r, ok && (fitsType(v, typ) || fitsNullable(v, typ) || nullOK), rule, "meta.%s = %s, declared %s", k, show(v, ok), show(typ, true)) {
			continue
		}
		if d, has := p["default"]; has && !nullOK {
			check(t, r, jsonEqual(v, d), id+"meta-defaults: a new item's meta key with a declared default has it",
				"meta.%s = %s, want the default %s", k, show(v, true), show(d, true))
		}
	}
}

// fitsNullable: a type given as a list (["string", "null"]) that v is one of.
func fitsNullable(v any, typ any) bool {
	for _, one := range stringsOf(typ) {
		if fitsType(v, one) || (one == "null" && v == nil) {
			return true
		}
	}
	return false
}
