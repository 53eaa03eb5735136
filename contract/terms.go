package contract

import (
	"fmt"
	"net/http"
	"net/url"
	"strings"
)

// What WordPress's terms controller does beyond create, read, update and delete, for
// tags and categories alike (WP_REST_Terms_Controller): the writes it refuses, how it
// sanitizes names and descriptions, and every list parameter, each checked on terms
// the suite made (lists are narrowed with search= on the run's prefix).

// termRules checks the writes around one term the lifecycle made (id, named name).
func termRules(s *Suite, t T, collection, taxonomy string, id int, name string) {
	t.Helper()
	admin := s.as(s.admin())
	res := resourceOf(collection)
	item := fmt.Sprintf("%s/%d", collection, id)

	// explicit slug and description are kept
	explicit := map[string]any{"name": s.name("term-explicit"), "slug": s.name("so-awesome"), "description": "This term is so awesome."}
	r := s.create(t, nil, collection, explicit)
	for k, v := range explicit {
		wantValue(t, r, k, v, "lifecycle/"+res+"/create-applies: a term created with "+k+" keeps it")
	}
	// the same name again: wp_insert_term's term_exists, with the existing term's id
	r = admin.send(t, http.MethodPost, collection, map[string]any{"name": name})
	if r.Status == http.StatusCreated {
		s.deleteLater(collection, idOf(r))
	}
	if wantError(t, r, http.StatusBadRequest, "term_exists", "writes/terms/term-exists: creating a "+taxonomy+" with a name that exists: 400 term_exists") {
		wantValue(t, r, "data.term_id", float64(id), "writes/terms/term-exists: term_exists carries the existing term's id in data.term_id")
	}
	r = admin.send(t, http.MethodPost, collection, map[string]any{})
	if wantError(t, r, http.StatusBadRequest, "rest_missing_callback_param", "writes/"+res+"/name-required: a "+taxonomy+" create without name: 400 rest_missing_callback_param") {
		wantValue(t, r, "data.params", []any{"name"}, "writes/"+res+"/name-required: the missing parameter is name")
	}
	if taxonomy == "post_tag" {
		for _, w := range []struct{ method, path string }{{http.MethodPost, collection}, {http.MethodPost, item}} {
			r = admin.send(t, w.method, w.path, map[string]any{"name": s.name("tag-with-parent"), "parent": missingID})
			if r.Status == http.StatusCreated {
				s.deleteLater(collection, idOf(r))
			}
			wantError(t, r, http.StatusBadRequest, "rest_taxonomy_not_hierarchical", "writes/tags/no-parent: a tag create or update with parent: 400 rest_taxonomy_not_hierarchical")
		}
	} else {
		r = admin.send(t, http.MethodPost, collection, map[string]any{"name": s.name("cat-bad-parent"), "parent": missingID})
		if r.Status == http.StatusCreated {
			s.deleteLater(collection, idOf(r))
		}
		wantError(t, r, http.StatusBadRequest, "rest_term_invalid", "writes/categories/parent-invalid: a category create with a parent that does not exist: 400 rest_term_invalid")
		wantError(t, admin.send(t, http.MethodPost, item, map[string]any{"parent": missingID}), http.StatusBadRequest, "rest_term_invalid",
			"writes/categories/parent-invalid: a category update to a parent that does not exist: 400 rest_term_invalid")
		zero := s.create(t, nil, collection, map[string]any{"name": s.name("cat-parent-zero"), "parent": 0})
		wantValue(t, zero, "parent", 0.0, "lifecycle/categories/parent-default: a category created with parent 0 is at the top level")
		u := admin.send(t, http.MethodPost, fmt.Sprintf("%s/%d", collection, idOf(zero)), map[string]any{"parent": id})
		wantValue(t, u, "parent", float64(id), "lifecycle/categories/update-parent: an update sets the parent")
		u = admin.send(t, http.MethodPost, fmt.Sprintf("%s/%d", collection, idOf(zero)), map[string]any{"parent": 0})
		wantValue(t, u, "parent", 0.0, "lifecycle/categories/update-parent: an update to parent 0 moves it to the top level")
	}

	// updates
	slug := s.name(res + "-new-slug")
	u := admin.send(t, http.MethodPost, item, map[string]any{"slug": slug})
	wantValue(t, u, "slug", slug, "lifecycle/"+res+"/update-slug: an update with slug changes the slug")
	for range 2 { // twice: an update that changes nothing still succeeds
		wantStatus(t, admin.send(t, http.MethodPut, item, map[string]any{}), http.StatusOK, "lifecycle/"+res+"/update-no-change: a PUT that changes nothing answers 200")
	}
	wantError(t, admin.send(t, http.MethodPost, collection+"/"+missingID, map[string]any{"name": s.name("nowhere")}), http.StatusNotFound, "rest_term_invalid",
		"lifecycle/"+res+"/update-missing-404: an update of a term that does not exist: 404 rest_term_invalid")

	// a term of the other taxonomy is not found on this route
	other := "/wp/v2/tags"
	if res == "tags" {
		other = "/wp/v2/categories"
	}
	wantError(t, admin.get(t, fmt.Sprintf("%s/%d", other, id)), http.StatusNotFound, "rest_term_invalid",
		"errors/terms/other-taxonomy-404: a "+taxonomy+"'s id on the "+resourceOf(other)+" route: 404 rest_term_invalid")

	// _fields and HEAD on an item
	wantKeys(t, admin.get(t, item+"?_fields=id,name"), "", []string{"id", "name"}, "globals/fields/keeps-listed: _fields=id,name keeps exactly those keys (a term)")
	wantStatus(t, s.as(anonymous).do(t, http.MethodHead, item+"?_fields=id", nil), http.StatusOK, "globals/head/fields: HEAD with _fields answers 200, as GET")

	termRoundtrips(s, t, collection, res)
}

// termRoundtrips sends names and descriptions through a create and an update, as
// WordPress's roundtrip tests do: names lose their tags (sanitize_text_field),
// descriptions keep what kses allows, entities are normalised.
func termRoundtrips(s *Suite, t T, collection, res string) {
	t.Helper()
	const html = `<div>div</div> <strong>strong</strong> <script>oh noes</script>`
	for i, c := range []struct {
		rule             string
		name, desc       string // sent (after the prefix and a space)
		wantName, wantDe string
	}{
		{"roundtrip-text", `\o/ ¯\_(ツ)_/¯`, `\o/ ¯\_(ツ)_/¯`, `\o/ ¯\_(ツ)_/¯`, `\o/ ¯\_(ツ)_/¯`},
		{"roundtrip-html", html, html, "div strong", "div <strong>strong</strong> oh noes"},
		{"roundtrip-entities", `\\&\\ &amp; &invalid; < &lt; &amp;lt;`, `\\&\\ &amp; &invalid; < &lt; &amp;lt;`,
			`\\&amp;\\ &amp; &amp;invalid; &lt; &lt; &amp;lt;`, `\\&amp;\\ &amp; &amp;invalid; &lt; &lt; &amp;lt;`},
	} {
		prefix := s.name(fmt.Sprintf("rt%d", i))
		rule := "lifecycle/" + res + "/" + c.rule + ": a " + strings.TrimSuffix(res, "s") + "'s name and description come back as WordPress sanitizes them"
		r := s.create(t, nil, collection, map[string]any{"name": prefix + " " + c.name, "description": c.desc})
		wantValue(t, r, "name", prefix+" "+c.wantName, rule+" (name, create)")
		wantValue(t, r, "description", c.wantDe, rule+" (description, create)")
		u := s.as(s.admin()).send(t, http.MethodPut, fmt.Sprintf("%s/%d", collection, idOf(r)), map[string]any{"name": prefix + " " + c.name, "description": c.desc})
		wantValue(t, u, "name", prefix+" "+c.wantName, rule+" (name, update)")
		wantValue(t, u, "description", c.wantDe, rule+" (description, update)")
	}
}

// paramsTermsEach checks the list parameters of one taxonomy on four terms of its own,
// three of them on a published post.
func paramsTermsEach(s *Suite, t T, collection string) {
	needWrites(s, t)
	anon := s.as(anonymous)
	res := resourceOf(collection)
	base := s.name("tx-" + res)
	mk := func(name, desc string) (int, string) {
		r := s.create(t, nil, collection, map[string]any{"name": base + "-" + name, "description": desc})
		return idOf(r), textAt(r, "slug")
	}
	// made out of name order, so id order and name order differ
	c, cSlug := mk("cantaloupe", "American independent comic publisher")
	a, aSlug := mk("apple", "Purveyor of fine detective comics")
	b, bSlug := mk("banana", "Home of the Marvel Universe")
	z, _ := mk("zucchini", "")
	field := res // the post's field for the taxonomy: tags, categories
	post := idOf(s.create(t, nil, "/wp/v2/posts", map[string]any{"title": base + "-post", "status": "publish", field: []int{c, a, b}}))
	L := func(kv ...any) *Result {
		return anon.get(t, pathQuery(collection, append([]any{"search", base}, kv...)...))
	}
	P := func(kv ...any) *Result {
		return anon.get(t, pathQuery(collection, append([]any{"post", post}, kv...)...))
	}
	id := "params/" + res + "/"

	wantIDs(t, L(), []int{a, b, c, z}, id+"search: search= matches names containing the term, ordered by name")
	wantIDs(t, anon.get(t, pathQuery(collection, "search", base+"-garbage")), nil, id+"search: a search nothing matches lists nothing")
	wantIDs(t, L("hide_empty", "true"), []int{a, b, c}, id+"hide-empty-true: hide_empty=true leaves out terms no published post uses")
	wantIDs(t, L("hide_empty", "false"), []int{a, b, c, z}, id+"hide-empty-false: hide_empty=false lists unused terms too")
	wantIDs(t, L("order", "desc"), []int{z, c, b, a}, id+"order-desc: order=desc reverses the name order")
	wantIDs(t, L("orderby", "id"), []int{c, a, b, z}, id+"orderby-id: orderby=id sorts by id, ascending by default")
	wantIDs(t, L("orderby", "id", "order", "desc"), []int{z, b, a, c}, id+"orderby-id: orderby=id&order=desc sorts by id descending")
	wantIDs(t, anon.get(t, pathQuery(collection, "include", joinIDs(b, a))), []int{a, b}, id+"include: include= limits the list to those ids, ordered by name")
	wantIDs(t, anon.get(t, pathQuery(collection, "include", joinIDs(b, a), "orderby", "include")), []int{b, a},
		id+"orderby-include: orderby=include keeps the order of the include list")
	wantIDs(t, L("exclude", b), []int{a, c, z}, id+"exclude: exclude= leaves those ids out")
	if res == "tags" {
		wantIDs(t, L("offset", 1), []int{b, c, z}, id+"offset: offset= skips that many terms")
		wantIDs(t, L("offset", 1, "per_page", 2, "page", 3), []int{b, c}, id+"offset-over-page: with offset=, page= is ignored")
	} else {
		wantIDs(t, L("offset", 1), []int{a, b, c, z}, id+"offset-ignored: categories take no offset (a hierarchical taxonomy's list has none), so it is ignored")
	}
	wantIDs(t, anon.get(t, pathQuery(collection, "slug", aSlug)), []int{a}, id+"slug: slug= finds the term with that slug")
	wantIDSet(t, anon.get(t, collection+"?slug[]="+url.QueryEscape(aSlug)+"&slug[]="+url.QueryEscape(bSlug)), []int{a, b},
		id+"slug-list: slug[]=a&slug[]=b finds the terms with any of the slugs")
	wantIDSet(t, anon.get(t, pathQuery(collection, "slug", aSlug+","+bSlug+", "+cSlug)), []int{a, b, c},
		id+"slug-list: slug=a,b, c (a comma-separated list, spaces trimmed) finds the terms with any of the slugs")
	wantIDs(t, anon.get(t, pathQuery(collection, "slug", cSlug+","+aSlug+","+bSlug, "orderby", "include_slugs")), []int{c, a, b},
		id+"orderby-include-slugs: orderby=include_slugs keeps the order of the slug list")

	wantIDs(t, P(), []int{a, b, c}, id+"post: post= lists the terms of that post, ordered by name")
	wantIDs(t, P("orderby", "description"), []int{c, b, a}, id+"post-orderby-description: orderby=description sorts by description")
	wantIDs(t, P("orderby", "description", "order", "desc"), []int{a, b, c}, id+"post-orderby-description: orderby=description&order=desc reverses it")
	wantIDs(t, P("orderby", "id"), []int{c, a, b}, id+"post-orderby-id: post= with orderby=id sorts the post's terms by id")
	wantIDs(t, P("orderby", "id", "per_page", 2, "page", 2), []int{b}, id+"post-paging: post= pages like any list")
	if res == "tags" {
		bare := idOf(s.create(t, nil, "/wp/v2/posts", map[string]any{"title": base + "-bare", "status": "publish"}))
		wantIDs(t, anon.get(t, fmt.Sprintf("%s?post=%d", collection, bare)), nil, id+"post-empty: post= of a post without tags lists nothing")
	} else {
		wantIDs(t, anon.get(t, fmt.Sprintf("%s?parent=%d", collection, a)), nil, id+"parent-no-children: parent= of a category without children lists nothing")
	}
}
