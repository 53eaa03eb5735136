package contract

import (
	"net/http"
	"slices"
)

// The registries: post types, taxonomies and statuses, objects keyed by slug whose
// entries have a fixed shape per context (checked by the fields group).

var (
	typeLabels = w("name singular_name add_new add_new_item edit_item new_item view_item view_items search_items not_found not_found_in_trash parent_item_colon all_items archives attributes insert_into_item uploaded_to_this_item featured_image set_featured_image remove_featured_image use_featured_image filter_items_list filter_by_date items_list_navigation items_list item_published item_published_privately item_reverted_to_draft item_scheduled item_updated item_link item_link_description menu_name name_admin_bar", since(wp68, "item_trashed"))
	taxLabels  = w("name singular_name search_items popular_items all_items parent_item parent_item_colon name_field_description slug_field_description parent_field_description desc_field_description edit_item view_item update_item add_new_item new_item_name separate_items_with_commas add_or_remove_items choose_from_most_used not_found no_terms filter_by_item items_list_navigation items_list most_used back_to_items item_link item_link_description menu_name name_admin_bar", since(wp68, "template_name"))
	typeView   = w("description hierarchical has_archive name slug icon taxonomies rest_base rest_namespace _links", since(wp66, "template template_lock"))
	typeEdit   = w("capabilities description hierarchical has_archive visibility viewable labels name slug icon supports taxonomies rest_base rest_namespace _links", since(wp66, "template template_lock"))
	taxView    = w("name slug description types hierarchical rest_base rest_namespace _links")
	regLinks   = w("collection wp:items curies")
)

// registryShape is one of the object-keyed, read-only collections.
type registryShape struct {
	route, item string // the collection; the item checked
	keys        string // keys the collection has at least (the admin, edit context)
	anonKeys    string // keys it has at least for anonymous readers
	anonHidden  string // keys anonymous readers must not see
	contexts    map[string]keyShape
	links       func(s *Suite) map[string]any
}

var registries = []registryShape{
	{"/wp/v2/types", "post", "post attachment", "post attachment", "", map[string]keyShape{
		"view":  {typeView, map[string]words{"_links": regLinks}},
		"embed": {w("name slug icon rest_base rest_namespace _links", since(wp66, "template template_lock")), map[string]words{"_links": regLinks}},
		"edit": {typeEdit, map[string]words{"visibility": w("show_in_nav_menus show_ui"), "labels": typeLabels,
			"capabilities": w("edit_post read_post delete_post edit_posts edit_others_posts delete_posts publish_posts read_private_posts read delete_private_posts delete_published_posts delete_others_posts edit_private_posts edit_published_posts create_posts"),
			"supports":     w("title editor author thumbnail excerpt trackbacks custom-fields comments revisions post-formats", since(wp68, "autosave")),
			"_links":       regLinks}},
	}, func(s *Suite) map[string]any {
		return map[string]any{"collection": linkList(linkTo(s.url("/wp/v2/types"))), "wp:items": linkList(linkTo(s.url("/wp/v2/posts"))), "curies": curiesLink}
	}},
	{"/wp/v2/taxonomies", "category", "category post_tag", "category post_tag", "", map[string]keyShape{
		"view":  {taxView, map[string]words{"_links": regLinks}},
		"embed": {w("name slug rest_base rest_namespace _links"), map[string]words{"_links": regLinks}},
		"edit": {w("name slug capabilities description labels types show_cloud hierarchical rest_base rest_namespace visibility _links"),
			map[string]words{"capabilities": w("manage_terms edit_terms delete_terms assign_terms"), "labels": taxLabels,
				"visibility": w("public publicly_queryable show_admin_column show_in_nav_menus show_in_quick_edit show_ui"),
				"_links":     regLinks}},
	}, func(s *Suite) map[string]any {
		return map[string]any{"collection": linkList(linkTo(s.url("/wp/v2/taxonomies"))), "wp:items": linkList(linkTo(s.url("/wp/v2/categories"))), "curies": curiesLink}
	}},
	{"/wp/v2/statuses", "publish", "publish future draft pending private trash", "publish", "future draft pending private trash", map[string]keyShape{
		"view":  {w("name public queryable slug date_floating _links"), map[string]words{"_links": w("archives")}},
		"embed": {w("name slug _links"), map[string]words{"_links": w("archives")}},
		"edit":  {w("name private protected public queryable show_in_list slug date_floating _links"), map[string]words{"_links": w("archives")}},
	}, func(s *Suite) map[string]any {
		return map[string]any{"archives": linkList(linkTo(s.url("/wp/v2/posts")))}
	}},
}

// checkRegistryFacts checks what core registers, which no site changes: internal post
// types are never listed, the taxonomies of post and page, and the facts of category
// and post_tag that are not translated (their names are: a site in another language
// shows other names).
func checkRegistryFacts(s *Suite, t T) {
	anon := s.as(anonymous)
	l := anon.get(t, "/wp/v2/types")
	wantNoKeys(t, l, "", []string{"revision"}, "fields/types/no-internal-types: the types list leaves out revision (not shown in REST)")
	post := anon.get(t, "/wp/v2/types/post")
	if s.cfg.Strict {
		wantValue(t, post, "taxonomies", []string{"category", "post_tag"}, "fields/types/post-taxonomies: post's taxonomies are category and post_tag, in that order")
	} else {
		got, _ := at(post.JSON(), "taxonomies")
		check(t, post, slices.Contains(stringsOf(got), "category") && slices.Contains(stringsOf(got), "post_tag"),
			"fields/types/post-taxonomies: post's taxonomies include category and post_tag", "taxonomies %s", show(got, true))
	}
	for _, c := range []struct {
		slug, restBase string
		hierarchical   bool
	}{{"category", "categories", true}, {"post_tag", "tags", false}} {
		r := anon.get(t, "/wp/v2/taxonomies/"+c.slug)
		for path, want := range map[string]any{"slug": c.slug, "rest_base": c.restBase, "hierarchical": c.hierarchical, "rest_namespace": "wp/v2"} {
			wantValue(t, r, path, want, "fields/taxonomies/core-values: "+c.slug+" is registered as core registers it ("+path+")")
		}
		// object_type: core registers both for posts; a site may add its own types
		// (register_taxonomy_for_object_type), so only strict mode wants posts alone
		if s.cfg.Strict {
			wantValue(t, r, "types", []string{"post"}, "fields/taxonomies/core-types: "+c.slug+" applies to the post type (types is [\"post\"])")
		} else {
			got, _ := at(r.JSON(), "types")
			check(t, r, slices.Contains(stringsOf(got), "post"), "fields/taxonomies/core-types: "+c.slug+" applies to the post type (types includes \"post\")",
				"types %s", show(got, true))
		}
	}
	checkStatusFacts(s, t)
}

// statusFacts are what create_initial_post_types registers for each core status, as
// /wp/v2/statuses shows it (the same in 6.1, 6.8 and 7.1): public, publicly_queryable
// (queryable) and date_floating in every context; private, protected and
// show_in_list in the edit context only.
var statusFacts = []struct {
	slug                                         string
	public, queryable, dateFloating              bool
	private, protected, showInList, publicInRest bool
}{
	{"publish", true, true, false, false, false, true, true},
	{"future", false, false, false, false, true, true, false},
	{"draft", false, false, true, false, true, true, false},
	{"pending", false, false, true, false, true, true, false},
	{"private", false, false, false, true, false, true, false},
	{"trash", false, false, false, false, false, false, false},
}

// checkStatusFacts checks each core status's flags: what a client decides from them
// (whether items of the status are public, listed, whose dates float) must be
// WordPress's. The public status is read anonymously; the others, which only an
// editor may read, and the edit context's flags as the administrator.
func checkStatusFacts(s *Suite, t T) {
	for _, f := range statusFacts {
		acc := anonymous
		if !f.publicInRest {
			if s.anonymousOnly {
				continue
			}
			acc = s.admin()
		}
		rule := "fields/statuses/core-values: " + f.slug + "'s public, queryable and date_floating are core's"
		r := s.as(acc).get(t, "/wp/v2/statuses/"+f.slug)
		for path, want := range map[string]any{"public": f.public, "queryable": f.queryable, "date_floating": f.dateFloating} {
			wantValue(t, r, path, want, rule)
		}
		if s.anonymousOnly {
			continue
		}
		rule = "fields/statuses/core-edit-values: " + f.slug + "'s private, protected and show_in_list (edit context) are core's"
		r = s.as(s.admin()).get(t, "/wp/v2/statuses/"+f.slug+"?context=edit")
		for path, want := range map[string]any{"private": f.private, "protected": f.protected, "show_in_list": f.showInList} {
			wantValue(t, r, path, want, rule)
		}
	}
}

// checkRegistryFields checks types, taxonomies and statuses: objects keyed by slug.
func checkRegistryFields(s *Suite, t T) {
	checkRegistryFacts(s, t)
	checkRegistryLists(s, t)
	for _, rg := range registries {
		id := "fields/" + routeSlug(rg.route) + "/"
		for _, ctx := range []string{"view", "embed", "edit"} {
			acc := anonymous
			if ctx == "edit" {
				if s.anonymousOnly {
					continue // needs the administrator
				}
				acc = s.admin()
			}
			item := s.as(acc).get(t, rg.route+"/"+rg.item+"?context="+ctx)
			if wantStatus(t, item, http.StatusOK, id+ctx+"-200: GET "+rg.route+"/"+rg.item+" in "+ctx+" context answers 200") {
				s.wantShape(t, item, "", rg.contexts[ctx], id+ctx+"-keys: "+rg.route+"/"+rg.item+" ("+ctx+")", schemaAt{rg.route, ctx})
			}
			list := s.as(acc).get(t, rg.route+"?context="+ctx)
			keys := rg.keys
			if acc == anonymous {
				keys = rg.anonKeys
			}
			wantKeysInclude(t, list, "", splitWords(keys), id+"list-"+ctx+": "+rg.route+" ("+ctx+", "+acc.name+") is an object keyed by slug that has "+keys)
			if acc == anonymous && rg.anonHidden != "" {
				wantNoKeys(t, list, "", splitWords(rg.anonHidden), id+"anonymous-public-only: "+rg.route+": anonymous readers see only public entries, none of "+rg.anonHidden)
			}
			for _, k := range keysOf(list.JSON()) {
				wantValue(t, list, k+".slug", k, id+"keyed-by-slug: "+rg.route+" is keyed by each entry's slug")
			}
			s.wantShape(t, list, rg.item, rg.contexts[ctx], id+ctx+"-keys: "+rg.route+" → "+rg.item+" ("+ctx+")", schemaAt{rg.route, ctx})
		}
		item := s.as(anonymous).get(t, rg.route+"/"+rg.item)
		wantValue(t, item, "_links", rg.links(s), id+"links: "+rg.route+"/"+rg.item+": _links are exactly WordPress's rels and hrefs")
	}
	if s.anonymousOnly {
		return // the rest needs the administrator
	}
	r := s.as(s.admin()).get(t, "/wp/v2/statuses/draft")
	wantValue(t, r, "_links", map[string]any{"archives": linkList(linkTo(s.url("/wp/v2/posts?status=draft")))},
		"fields/statuses/draft-archives-link: /wp/v2/statuses/draft: the archives link is the posts list filtered by ?status=draft")
}
