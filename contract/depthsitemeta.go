package contract

import (
	"fmt"
	"maps"
	"net/http"
	"path"
	"slices"
	"strings"
)

// Registered meta and plugin fields of a site's routes (the site group, depthsite.go).
// register_meta with show_in_rest puts a key under the item schema's meta.properties
// with its type and default; WP_REST_Meta_Fields returns exactly those keys (never a
// protected _key), each of its type, the default when unset, writes them, and refuses a
// value of another type (rest_validate_value_from_schema: 400 rest_invalid_type). A
// register_rest_field field is in the schema beside core's: an update_callback writes
// it, its schema validates it (400 rest_invalid_param), and a read-only one is no
// argument, so a value sent for it is ignored.

// coreMetaKeys are keys core registers itself, with a sanitizer of their own:
// footnotes (6.3) keeps only a JSON list of notes, so a sample string is not kept.
var coreMetaKeys = []string{"footnotes"}

// coreItemFields are the properties core's post and term schemas declare; the rest of
// a schema's properties (but each taxonomy's rest_base) are a plugin's fields.
var coreItemFields = strings.Fields(`id date date_gmt guid modified modified_gmt slug status type link title content
	excerpt author featured_media comment_status ping_status sticky template format meta categories tags class_list
	password permalink_template generated_slug parent menu_order count description name taxonomy`)

// siteMetaItem creates an item of route (a term where the schema has taxonomy) and
// returns its path; what names it apart from the other items the group creates on the
// route, since two terms of one name are refused (400 term_exists).
func siteMetaItem(s *Suite, t T, route, what string, props map[string]any) string {
	body := map[string]any{"title": s.name(what + " " + path.Base(route)), "status": "publish"}
	if props["taxonomy"] != nil {
		body = map[string]any{"name": s.name(what + " " + path.Base(route))}
	}
	return fmt.Sprintf("%s/%d", route, idOf(s.create(t, nil, route, body)))
}

func siteMeta(s *Suite, t T, route string) {
	id := "site/" + path.Base(route) + "/"
	props, _ := s.itemSchema(t, route)["properties"].(map[string]any)
	mp, _ := at(props, "meta.properties")
	meta, _ := mp.(map[string]any)
	if len(meta) == 0 {
		skipRule(t, id+"meta-keys: an item's meta holds exactly the keys its schema declares", "OPTIONS "+route+" declares no meta keys (nothing registered with show_in_rest)")
		return
	}
	admin := s.as(s.admin())
	item := siteMetaItem(s, t, route, "meta", props)
	r := admin.get(t, item+"?context=edit")
	got, _ := r.object()["meta"].(map[string]any)
	gotKeys, want := slices.Sorted(maps.Keys(got)), slices.Sorted(maps.Keys(meta))
	check(t, r, slices.Equal(gotKeys, want), id+"meta-keys: an item's meta holds exactly the keys its schema declares under meta (no protected _key, none undeclared)",
		"meta keys %v, declared %v", gotKeys, want)
	for _, k := range want {
		p, _ := meta[k].(map[string]any)
		v, has := got[k]
		// null where the key's empty value fails its own schema (a format, a pattern):
		// WP_REST_Meta_Fields::prepare_value gives null for a value the schema refuses
		nullOK := has && v == nil && validate(p, p["default"]) != ""
		check(t, r, !has || nullOK || ofSchemaType(v, p["type"]), id+"meta-types: each meta value is of the type its schema declares",
			"meta.%s %s, type %v", k, show(v, has), p["type"])
		if def, ok := p["default"]; ok && !nullOK {
			check(t, r, has && jsonEqual(v, def), id+"meta-default: an item never given a meta key has the key's declared default",
				"meta.%s %s, default %s", k, show(v, has), show(def, true))
		}
		if slices.Contains(coreMetaKeys, k) {
			continue
		}
		val, bad, ok := schemaSample(p, p["default"], s)
		if !ok {
			skipRule(t, id+"meta-write: a meta value written is kept", fmt.Sprintf("the suite makes no sample of type %v (meta.%s)", p["type"], k))
			continue
		}
		w := admin.send(t, http.MethodPost, item, map[string]any{"meta": map[string]any{k: val}})
		if w.Status == http.StatusForbidden && w.code() == "rest_cannot_update" {
			skipRule(t, id+"meta-write: a meta value written is kept", "the site refuses the administrator's write of meta."+k+" (403 rest_cannot_update: its auth_callback)")
			continue
		}
		back := admin.get(t, item+"?context=edit")
		wv, _ := at(back.JSON(), "meta."+k)
		check(t, back, w.Status == http.StatusOK && jsonEqual(wv, val), id+"meta-write: a meta value written is kept (the answer and a new read have it)",
			"write %d; meta.%s %s, want %s", w.Status, k, show(wv, true), show(val, true))
		b := admin.send(t, http.MethodPost, item, map[string]any{"meta": map[string]any{k: bad}})
		after, _ := at(admin.get(t, item+"?context=edit").JSON(), "meta."+k)
		check(t, b, b.Status == http.StatusBadRequest && b.code() == "rest_invalid_type" && jsonEqual(after, val),
			id+"meta-invalid: a meta value not of the key's type is refused (400 rest_invalid_type) and not written",
			"%d %s; meta.%s then %s", b.Status, b.code(), k, show(after, true))
	}
}

// siteFields checks the plugin fields a route's schema declares (its properties that
// are neither core's nor a taxonomy's field) in the edit context.
func siteFields(s *Suite, t T, route string) {
	id := "site/" + path.Base(route) + "/"
	props, _ := s.itemSchema(t, route)["properties"].(map[string]any)
	var fields []string
	for _, k := range slices.Sorted(maps.Keys(props)) {
		p, _ := props[k].(map[string]any)
		if !slices.Contains(coreItemFields, k) && s.site(t).taxonomyByBase(k) == nil && inContext(p, "edit") {
			fields = append(fields, k)
		}
	}
	if len(fields) == 0 {
		skipRule(t, id+"field-write: a plugin field written is kept", "OPTIONS "+route+" declares no field beyond core's (no register_rest_field)")
		return
	}
	admin := s.as(s.admin())
	item := siteMetaItem(s, t, route, "fields", props)
	for _, k := range fields {
		p, _ := props[k].(map[string]any)
		before, _ := at(admin.get(t, item+"?context=edit").JSON(), k)
		val, bad, ok := schemaSample(p, before, s)
		if !ok {
			skipRule(t, id+"field-write: a plugin field written is kept", fmt.Sprintf("the suite makes no sample of type %v (%s)", p["type"], k))
			continue
		}
		w := admin.send(t, http.MethodPost, item, map[string]any{k: val})
		after, _ := at(admin.get(t, item+"?context=edit").JSON(), k)
		if p["readonly"] == true {
			check(t, w, w.Status == http.StatusOK && jsonEqual(after, before), id+"field-readonly: a read-only field sent in a write is ignored (200, the item keeps its value)",
				"write %d; %s %s, was %s", w.Status, k, show(after, true), show(before, true))
			continue
		}
		check(t, w, w.Status == http.StatusOK && jsonEqual(after, val), id+"field-write: a plugin field written is kept (a new read in the edit context has it)",
			"write %d; %s %s, want %s", w.Status, k, show(after, true), show(val, true))
		b := admin.send(t, http.MethodPost, item, map[string]any{k: bad})
		again, _ := at(admin.get(t, item+"?context=edit").JSON(), k)
		check(t, b, b.Status == http.StatusBadRequest && b.code() == "rest_invalid_param" && jsonEqual(again, val),
			id+"field-invalid: a plugin field's value not of its schema's type is refused (400 rest_invalid_param) and not written",
			"%d %s; %s then %s", b.Status, b.code(), k, show(again, true))
	}
}

// taxonomyByBase is the site's taxonomy whose rest_base (the field it adds to its
// types' items) is base, nil if none.
func (d *siteDecl) taxonomyByBase(base string) *siteTaxonomy {
	for _, tx := range d.taxes {
		if tx.base() == base {
			return tx
		}
	}
	return nil
}
