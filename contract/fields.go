package contract

import (
	"fmt"
	"net/http"
	"sync"
)

// The fields group: the exact key set of every resource in view, embed and edit
// context, as an item and as a list element, with the nested shapes and the _links
// rels WordPress 6.1 prints. Objects the suite created are read (a published post with
// a tag, a category and one revision; a tag; a category with a child; an uploaded PNG);
// users are read through the configured admin, types/taxonomies/statuses need nothing.

// fixture is the content the read-side groups look at, created on first use (as the
// admin) in three parts, so that a target that cannot create one kind of object still
// has the others checked, and deleted when the suite ends.
type fixture struct {
	admin           int // the configured admin's user id (the post's author)
	tag, cat, child int // part "terms": a tag, a category and a child of it
	post, revision  int // part "post": a published post with the tag and the category, and its one revision
	media           int // part "media": an unattached 2x3 PNG
	done            map[string]bool
}

var (
	fixturesMu sync.Mutex
	fixtures   = map[*Suite]*fixture{}
)

// needWrites skips the test when the suite may not create objects.
func needWrites(s *Suite, t T) {
	t.Helper()
	if s.cfg.ReadOnly {
		t.Skipf("creates objects through the API, and WPCONTRACT_READONLY is set")
	}
}

// fixture returns the shared content, creating the parts named ("terms", "post",
// "media"; "post" needs "terms") on first use. It ends the test when they cannot be made.
func (s *Suite) fixture(t T, parts ...string) *fixture {
	t.Helper()
	if len(parts) > 0 {
		needWrites(s, t)
	}
	fixturesMu.Lock()
	defer fixturesMu.Unlock()
	f := fixtures[s]
	if f == nil {
		f = &fixture{admin: s.adminID(), done: map[string]bool{}}
		fixtures[s] = f
	}
	for _, p := range parts {
		if p == "post" && !f.done["terms"] {
			s.makeFixture(t, f, "terms")
		}
		if !f.done[p] {
			s.makeFixture(t, f, p)
		}
	}
	return f
}

func (s *Suite) makeFixture(t T, f *fixture, part string) {
	t.Helper()
	switch part {
	case "terms":
		f.tag = idOf(s.create(t, nil, "/wp/v2/tags", map[string]any{"name": s.name("tag"), "description": "A tag of the contract suite."}))
		f.cat = idOf(s.create(t, nil, "/wp/v2/categories", map[string]any{"name": s.name("cat")}))
		f.child = idOf(s.create(t, nil, "/wp/v2/categories", map[string]any{"name": s.name("child"), "parent": f.cat}))
	case "post":
		f.post = idOf(s.create(t, nil, "/wp/v2/posts", map[string]any{"title": s.name("post"), "status": "publish",
			"content": "<!-- wp:paragraph -->\n<p>Fixture body.</p>\n<!-- /wp:paragraph -->", "excerpt": "Fixture excerpt.",
			"tags": []int{f.tag}, "categories": []int{f.cat}}))
		r := s.as(s.admin()).send(t, http.MethodPost, fmt.Sprintf("/wp/v2/posts/%d", f.post),
			map[string]any{"content": "<!-- wp:paragraph -->\n<p>Fixture body, edited once.</p>\n<!-- /wp:paragraph -->"})
		if !wantStatus(t, r, http.StatusOK, "updating a post's content answers 200 (and makes a revision)") {
			t.Fatalf("contract: cannot update the fixture post")
		}
		revs := s.as(s.admin()).get(t, fmt.Sprintf("/wp/v2/posts/%d/revisions", f.post))
		if !check(t, revs, revs.Status == http.StatusOK && len(revs.list()) == 1,
			"a post created published and updated once with new content has exactly one revision", "%d revisions", len(revs.list())) {
			t.Fatalf("contract: the fixture post has no revision to check")
		}
		f.revision = idsIn(revs)[0]
	case "media":
		up := s.upload(t, nil, s.name("image")+".png", "image/png", pngBytes, "")
		if !wantStatus(t, up, http.StatusCreated, "uploading a PNG (raw body, Content-Disposition) answers 201") {
			t.Fatalf("contract: cannot upload the fixture image")
		}
		f.media = idOf(up)
	}
	f.done[part] = true
}

// url is an absolute URL of the API, as WordPress prints it in links and headers.
func (s *Suite) url(route string) string { return s.cfg.URL + route }

// link is one _links entry: attribute pairs, then the href.
func linkTo(href string, attrs ...any) map[string]any {
	m := map[string]any{"href": href}
	for i := 0; i+1 < len(attrs); i += 2 {
		m[attrs[i].(string)] = attrs[i+1]
	}
	return m
}

func linkList(l ...map[string]any) []any {
	out := make([]any, len(l))
	for i, x := range l {
		out[i] = x
	}
	return out
}

var curiesLink = linkList(linkTo("https://api.w.org/{rel}", "name", "wp", "templated", true))

// keyShape is the key set of a response object in one context: the top-level keys and,
// by dotted path, the keys of nested objects.
type keyShape struct {
	keys   string
	nested map[string]string
}

// resourceShape is what a resource looks like in each context.
type resourceShape struct {
	name       string
	parts      []string                // the fixture parts it reads
	item, list func(f *fixture) string // the item's path; a list path that finds only it
	anonymous  bool                    // view and embed are read anonymously (else as the admin)
	contexts   map[string]keyShape
}

const (
	postView  = "id date date_gmt guid modified modified_gmt slug status type link title content excerpt author featured_media comment_status ping_status sticky template format meta categories tags _links"
	postLinks = "self collection about author replies version-history predecessor-version wp:attachment wp:term curies"
	postEdit  = "wp:action-publish wp:action-unfiltered-html wp:action-sticky wp:action-assign-author wp:action-create-categories wp:action-assign-categories wp:action-create-tags wp:action-assign-tags"
	mediaView = "id date date_gmt guid modified modified_gmt slug status type link title author comment_status ping_status template meta description caption alt_text media_type mime_type media_details post source_url _links"
	mediaDet  = "width height file filesize sizes image_meta"
	imageMeta = "aperture credit camera caption created_timestamp copyright focal_length iso shutter_speed title orientation keywords"
	userEmbed = "id name url description link slug avatar_urls _links"
	termView  = "id count description link name slug taxonomy meta _links"
	termEmbed = "id link name slug taxonomy _links"
	termLinks = "self collection about wp:post_type curies"
	revView   = "author date date_gmt id modified modified_gmt parent slug guid title content excerpt _links"
)

var resourceShapes = []resourceShape{
	{"posts", []string{"post"}, func(f *fixture) string { return fmt.Sprintf("/wp/v2/posts/%d", f.post) },
		func(f *fixture) string { return fmt.Sprintf("/wp/v2/posts?include=%d", f.post) }, true, map[string]keyShape{
			"view": {postView, map[string]string{"guid": "rendered", "title": "rendered", "content": "rendered protected",
				"excerpt": "rendered protected", "_links": postLinks}},
			"embed": {"id date slug type link title excerpt author featured_media _links", map[string]string{"title": "rendered",
				"excerpt": "rendered protected", "_links": postLinks}},
			"edit": {postView + " password permalink_template generated_slug", map[string]string{"guid": "rendered raw",
				"title": "raw rendered", "content": "raw rendered protected block_version", "excerpt": "raw rendered protected",
				"_links": postLinks + " " + postEdit}},
		}},
	{"media", []string{"media"}, func(f *fixture) string { return fmt.Sprintf("/wp/v2/media/%d", f.media) },
		func(f *fixture) string { return fmt.Sprintf("/wp/v2/media?include=%d", f.media) }, true, map[string]keyShape{
			"view": {mediaView, map[string]string{"guid": "rendered", "title": "rendered", "description": "rendered", "caption": "rendered",
				"media_details": mediaDet, "media_details.sizes": "", "media_details.image_meta": imageMeta,
				"_links": "self collection about author replies"}},
			"embed": {"id date slug type link title author caption alt_text media_type mime_type media_details source_url _links",
				map[string]string{"title": "rendered", "caption": "rendered", "media_details": mediaDet, "_links": "self collection about author replies"}},
			"edit": {mediaView + " permalink_template generated_slug missing_image_sizes", map[string]string{"guid": "rendered raw",
				"title": "raw rendered", "description": "raw rendered", "caption": "raw rendered", "media_details": mediaDet,
				"_links": "self collection about author replies wp:action-unfiltered-html wp:action-assign-author curies"}},
		}},
	{"users", []string{}, func(f *fixture) string { return fmt.Sprintf("/wp/v2/users/%d", f.admin) },
		func(f *fixture) string { return fmt.Sprintf("/wp/v2/users?include=%d", f.admin) }, false, map[string]keyShape{
			"view":  {userEmbed + " meta", map[string]string{"avatar_urls": "24 48 96", "_links": "self collection"}},
			"embed": {userEmbed, map[string]string{"avatar_urls": "24 48 96", "_links": "self collection"}},
			"edit": {"id username name first_name last_name email url description link locale nickname slug roles registered_date capabilities extra_capabilities avatar_urls meta _links",
				map[string]string{"avatar_urls": "24 48 96", "meta": "persisted_preferences", "_links": "self collection"}},
		}},
	{"tags", []string{"terms"}, func(f *fixture) string { return fmt.Sprintf("/wp/v2/tags/%d", f.tag) },
		func(f *fixture) string { return fmt.Sprintf("/wp/v2/tags?include=%d", f.tag) }, true, map[string]keyShape{
			"view":  {termView, map[string]string{"_links": termLinks}},
			"embed": {termEmbed, map[string]string{"_links": termLinks}},
			"edit":  {termView, map[string]string{"_links": termLinks}},
		}},
	{"categories", []string{"terms"}, func(f *fixture) string { return fmt.Sprintf("/wp/v2/categories/%d", f.child) },
		func(f *fixture) string { return fmt.Sprintf("/wp/v2/categories?include=%d", f.child) }, true, map[string]keyShape{
			"view":  {termView + " parent", map[string]string{"_links": termLinks + " up"}},
			"embed": {termEmbed, map[string]string{"_links": termLinks + " up"}},
			"edit":  {termView + " parent", map[string]string{"_links": termLinks + " up"}},
		}},
	{"revisions", []string{"post"}, func(f *fixture) string { return fmt.Sprintf("/wp/v2/posts/%d/revisions/%d", f.post, f.revision) },
		func(f *fixture) string {
			return fmt.Sprintf("/wp/v2/posts/%d/revisions?include=%d", f.post, f.revision)
		}, false, map[string]keyShape{
			"view": {revView, map[string]string{"guid": "rendered", "title": "rendered", "content": "rendered", "excerpt": "rendered", "_links": "parent"}},
			"embed": {"author date id parent slug title excerpt _links", map[string]string{"title": "rendered", "excerpt": "rendered",
				"_links": "parent"}},
			"edit": {revView, map[string]string{"guid": "rendered raw", "title": "raw rendered", "content": "raw rendered",
				"excerpt": "raw rendered", "_links": "parent"}},
		}},
}

// wantShape checks an object (at path) against a shape.
func wantShape(t T, r *Result, path string, sh keyShape, what string) {
	t.Helper()
	wantKeys(t, r, path, splitWords(sh.keys), what+" has exactly the keys "+sh.keys)
	for _, k := range sortedKeys(toAnyS(sh.nested)) {
		p := k
		if path != "" {
			p = path + "." + k
		}
		rule := what + ": " + k + " has exactly the keys " + sh.nested[k]
		if sh.nested[k] == "" {
			rule = what + ": " + k + " is an empty object {} (not [])"
		}
		wantKeys(t, r, p, splitWords(sh.nested[k]), rule)
	}
}

func toAnyS(m map[string]string) map[string]any {
	out := map[string]any{}
	for k, v := range m {
		out[k] = v
	}
	return out
}

func init() {
	register("fields", false, func(s *Suite, t T) {
		for _, rs := range resourceShapes {
			rs := rs
			t.Run(rs.name, func(t T) {
				f := s.fixture(t, rs.parts...)
				for _, ctx := range []string{"view", "embed", "edit"} {
					acc := s.admin()
					if rs.anonymous && ctx != "edit" {
						acc = anonymous
					}
					sh := rs.contexts[ctx]
					item := s.as(acc).get(t, rs.item(f)+"?context="+ctx)
					if wantStatus(t, item, http.StatusOK, "GET "+rs.name+" item in "+ctx+" context answers 200") {
						wantShape(t, item, "", sh, rs.name+" item ("+ctx+")")
					}
					list := s.as(acc).get(t, rs.list(f)+"&context="+ctx)
					if check(t, list, list.Status == http.StatusOK && len(list.list()) == 1,
						"GET "+rs.name+" filtered by include= lists exactly the object, 200", "%d, %d items", list.Status, len(list.list())) {
						wantShape(t, list, "0", sh, rs.name+" list element ("+ctx+")")
					}
				}
				checkLinks(s, t, rs.name, f)
			})
		}
		t.Run("types, taxonomies, statuses", func(t T) { checkRegistryFields(s, t) })
	})
}

// checkLinks checks the exact _links of the fixture objects in view context.
func checkLinks(s *Suite, t T, name string, f *fixture) {
	u := s.url
	author := linkTo(u(fmt.Sprintf("/wp/v2/users/%d", f.admin)), "embeddable", true)
	var path string
	var acc = anonymous
	var want map[string]any
	switch name {
	case "posts":
		path = fmt.Sprintf("/wp/v2/posts/%d", f.post)
		want = map[string]any{"self": linkList(linkTo(u(path))), "collection": linkList(linkTo(u("/wp/v2/posts"))),
			"about": linkList(linkTo(u("/wp/v2/types/post"))), "author": linkList(author),
			"replies":             linkList(linkTo(u(fmt.Sprintf("/wp/v2/comments?post=%d", f.post)), "embeddable", true)),
			"version-history":     linkList(linkTo(u(path+"/revisions"), "count", 1)),
			"predecessor-version": linkList(linkTo(u(fmt.Sprintf("%s/revisions/%d", path, f.revision)), "id", f.revision)),
			"wp:attachment":       linkList(linkTo(u(fmt.Sprintf("/wp/v2/media?parent=%d", f.post)))),
			"wp:term": linkList(linkTo(u(fmt.Sprintf("/wp/v2/categories?post=%d", f.post)), "taxonomy", "category", "embeddable", true),
				linkTo(u(fmt.Sprintf("/wp/v2/tags?post=%d", f.post)), "taxonomy", "post_tag", "embeddable", true)),
			"curies": curiesLink}
	case "media":
		path = fmt.Sprintf("/wp/v2/media/%d", f.media)
		want = map[string]any{"self": linkList(linkTo(u(path))), "collection": linkList(linkTo(u("/wp/v2/media"))),
			"about": linkList(linkTo(u("/wp/v2/types/attachment"))), "author": linkList(author),
			"replies": linkList(linkTo(u(fmt.Sprintf("/wp/v2/comments?post=%d", f.media)), "embeddable", true))}
	case "users":
		path, acc = fmt.Sprintf("/wp/v2/users/%d", f.admin), s.admin()
		want = map[string]any{"self": linkList(linkTo(u(path))), "collection": linkList(linkTo(u("/wp/v2/users")))}
	case "tags":
		path = fmt.Sprintf("/wp/v2/tags/%d", f.tag)
		want = map[string]any{"self": linkList(linkTo(u(path))), "collection": linkList(linkTo(u("/wp/v2/tags"))),
			"about": linkList(linkTo(u("/wp/v2/taxonomies/post_tag"))), "wp:post_type": linkList(linkTo(u(fmt.Sprintf("/wp/v2/posts?tags=%d", f.tag)))),
			"curies": curiesLink}
	case "categories":
		path = fmt.Sprintf("/wp/v2/categories/%d", f.child)
		want = map[string]any{"self": linkList(linkTo(u(path))), "collection": linkList(linkTo(u("/wp/v2/categories"))),
			"about": linkList(linkTo(u("/wp/v2/taxonomies/category"))), "up": linkList(linkTo(u(fmt.Sprintf("/wp/v2/categories/%d", f.cat)), "embeddable", true)),
			"wp:post_type": linkList(linkTo(u(fmt.Sprintf("/wp/v2/posts?categories=%d", f.child)))), "curies": curiesLink}
	case "revisions":
		path, acc = fmt.Sprintf("/wp/v2/posts/%d/revisions/%d", f.post, f.revision), s.admin()
		want = map[string]any{"parent": linkList(linkTo(u(fmt.Sprintf("/wp/v2/posts/%d", f.post))))}
	}
	r := s.as(acc).get(t, path)
	wantValue(t, r, "_links", want, name+": _links are exactly WordPress's rels and hrefs (with their attributes: embeddable, count, id, taxonomy)")
}

const (
	typeLabels = "name singular_name add_new add_new_item edit_item new_item view_item view_items search_items not_found not_found_in_trash parent_item_colon all_items archives attributes insert_into_item uploaded_to_this_item featured_image set_featured_image remove_featured_image use_featured_image filter_items_list filter_by_date items_list_navigation items_list item_published item_published_privately item_reverted_to_draft item_scheduled item_updated item_link item_link_description menu_name name_admin_bar"
	taxLabels  = "name singular_name search_items popular_items all_items parent_item parent_item_colon name_field_description slug_field_description parent_field_description desc_field_description edit_item view_item update_item add_new_item new_item_name separate_items_with_commas add_or_remove_items choose_from_most_used not_found no_terms filter_by_item items_list_navigation items_list most_used back_to_items item_link item_link_description menu_name name_admin_bar"
	typeView   = "description hierarchical has_archive name slug icon taxonomies rest_base rest_namespace _links"
	taxView    = "name slug description types hierarchical rest_base rest_namespace _links"
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
		"view":  {typeView, map[string]string{"_links": "collection wp:items curies"}},
		"embed": {"name slug icon rest_base rest_namespace _links", map[string]string{"_links": "collection wp:items curies"}},
		"edit": {"capabilities description hierarchical has_archive visibility viewable labels name slug icon supports taxonomies rest_base rest_namespace _links",
			map[string]string{"visibility": "show_in_nav_menus show_ui", "labels": typeLabels,
				"capabilities": "edit_post read_post delete_post edit_posts edit_others_posts delete_posts publish_posts read_private_posts read delete_private_posts delete_published_posts delete_others_posts edit_private_posts edit_published_posts create_posts",
				"supports":     "title editor author thumbnail excerpt trackbacks custom-fields comments revisions post-formats",
				"_links":       "collection wp:items curies"}},
	}, func(s *Suite) map[string]any {
		return map[string]any{"collection": linkList(linkTo(s.url("/wp/v2/types"))), "wp:items": linkList(linkTo(s.url("/wp/v2/posts"))), "curies": curiesLink}
	}},
	{"/wp/v2/taxonomies", "category", "category post_tag", "category post_tag", "", map[string]keyShape{
		"view":  {taxView, map[string]string{"_links": "collection wp:items curies"}},
		"embed": {"name slug rest_base rest_namespace _links", map[string]string{"_links": "collection wp:items curies"}},
		"edit": {"name slug capabilities description labels types show_cloud hierarchical rest_base rest_namespace visibility _links",
			map[string]string{"capabilities": "manage_terms edit_terms delete_terms assign_terms", "labels": taxLabels,
				"visibility": "public publicly_queryable show_admin_column show_in_nav_menus show_in_quick_edit show_ui",
				"_links":     "collection wp:items curies"}},
	}, func(s *Suite) map[string]any {
		return map[string]any{"collection": linkList(linkTo(s.url("/wp/v2/taxonomies"))), "wp:items": linkList(linkTo(s.url("/wp/v2/categories"))), "curies": curiesLink}
	}},
	{"/wp/v2/statuses", "publish", "publish future draft pending private trash", "publish", "future draft pending private trash", map[string]keyShape{
		"view":  {"name public queryable slug date_floating _links", map[string]string{"_links": "archives"}},
		"embed": {"name slug _links", map[string]string{"_links": "archives"}},
		"edit":  {"name private protected public queryable show_in_list slug date_floating _links", map[string]string{"_links": "archives"}},
	}, func(s *Suite) map[string]any {
		return map[string]any{"archives": linkList(linkTo(s.url("/wp/v2/posts")))}
	}},
}

// checkRegistryFields checks types, taxonomies and statuses: objects keyed by slug.
func checkRegistryFields(s *Suite, t T) {
	for _, rg := range registries {
		for _, ctx := range []string{"view", "embed", "edit"} {
			acc := anonymous
			if ctx == "edit" {
				acc = s.admin()
			}
			item := s.as(acc).get(t, rg.route+"/"+rg.item+"?context="+ctx)
			if wantStatus(t, item, http.StatusOK, "GET "+rg.route+"/"+rg.item+" in "+ctx+" context answers 200") {
				wantShape(t, item, "", rg.contexts[ctx], rg.route+"/"+rg.item+" ("+ctx+")")
			}
			list := s.as(acc).get(t, rg.route+"?context="+ctx)
			keys := rg.keys
			if acc == anonymous {
				keys = rg.anonKeys
			}
			wantKeysInclude(t, list, "", splitWords(keys), rg.route+" ("+ctx+", "+acc.name+") is an object keyed by slug that has "+keys)
			if acc == anonymous && rg.anonHidden != "" {
				wantNoKeys(t, list, "", splitWords(rg.anonHidden), rg.route+": anonymous readers see only public entries, none of "+rg.anonHidden)
			}
			for _, k := range keysOf(list.JSON()) {
				wantValue(t, list, k+".slug", k, rg.route+" is keyed by each entry's slug")
			}
			wantShape(t, list, rg.item, rg.contexts[ctx], rg.route+" → "+rg.item+" ("+ctx+")")
		}
		item := s.as(anonymous).get(t, rg.route+"/"+rg.item)
		wantValue(t, item, "_links", rg.links(s), rg.route+"/"+rg.item+": _links are exactly WordPress's rels and hrefs")
	}
	r := s.as(s.admin()).get(t, "/wp/v2/statuses/draft")
	wantValue(t, r, "_links", map[string]any{"archives": linkList(linkTo(s.url("/wp/v2/posts?status=draft")))},
		"/wp/v2/statuses/draft: the archives link is the posts list filtered by ?status=draft")
}
