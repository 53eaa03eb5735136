package contract

import (
	"fmt"
	"maps"
	"net/http"
	"slices"
	"strings"
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
	post            int // part "post": a published post with the tag and the category
	revision        int // part "revision": the post's one revision (an update of its content)
	media           int // part "media": an unattached 2x3 PNG
	done            map[string]bool
	blocked         map[string]string // parts that could not be made, and the rule that failed
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
	if s.anonymousOnly {
		t.Skipf("%s", needAdmin)
	}
}

// fixtureNeeds are the parts a part is made from.
var fixtureNeeds = map[string][]string{"post": {"terms"}, "revision": {"terms", "post"}}

// fixture returns the shared content, creating the parts named ("terms", "post",
// "revision", "media") on first use. A part that cannot be made is made once: the
// rule that failed is recorded, and every test that needs the part is reported
// blocked by it (skipped, naming the rule), instead of failing again.
func (s *Suite) fixture(t T, parts ...string) *fixture {
	t.Helper()
	if len(parts) > 0 {
		needWrites(s, t)
	}
	fixturesMu.Lock()
	defer fixturesMu.Unlock()
	f := fixtures[s]
	if f == nil {
		f = &fixture{admin: s.adminID(), done: map[string]bool{}, blocked: map[string]string{}}
		fixtures[s] = f
	}
	for _, p := range parts {
		for _, q := range append(fixtureNeeds[p], p) {
			if !f.done[q] && f.blocked[q] == "" {
				if why := s.makeFixture(t, f, q); why != "" {
					f.blocked[q] = why
				} else {
					f.done[q] = true
				}
			}
			if why := f.blocked[q]; why != "" {
				t.Skipf("blocked: the %s this test reads could not be made: %s", fixtureWhat[q], why)
			}
		}
	}
	return f
}

var fixtureWhat = map[string]string{"terms": "tag and categories", "post": "published post", "revision": "revision of a post", "media": "uploaded image"}

// makeFixture makes one part; it returns why it could not, or "".
func (s *Suite) makeFixture(t T, f *fixture, part string) string {
	t.Helper()
	made := func(collection string, body map[string]any, id *int) string {
		r, why := s.tryCreate(t, nil, collection, body)
		*id = idOf(r)
		return why
	}
	switch part {
	case "terms":
		if why := made("/wp/v2/tags", map[string]any{"name": s.name("tag"), "description": "A tag of the contract suite."}, &f.tag); why != "" {
			return why
		}
		if why := made("/wp/v2/categories", map[string]any{"name": s.name("cat")}, &f.cat); why != "" {
			return why
		}
		return made("/wp/v2/categories", map[string]any{"name": s.name("child"), "parent": f.cat}, &f.child)
	case "post":
		return made("/wp/v2/posts", map[string]any{"title": s.name("post"), "status": "publish",
			"content": "<!-- wp:paragraph -->\n<p>Fixture body.</p>\n<!-- /wp:paragraph -->", "excerpt": "Fixture excerpt.",
			"tags": []int{f.tag}, "categories": []int{f.cat}}, &f.post)
	case "revision":
		r := s.as(s.admin()).send(t, http.MethodPost, fmt.Sprintf("/wp/v2/posts/%d", f.post),
			map[string]any{"content": "<!-- wp:paragraph -->\n<p>Fixture body, edited once.</p>\n<!-- /wp:paragraph -->"})
		const upd = "writes/posts/update: POST to a post updates it (200)"
		if !wantStatus(t, r, http.StatusOK, upd) {
			return blockedBy(upd, r)
		}
		revs := s.as(s.admin()).get(t, fmt.Sprintf("/wp/v2/posts/%d/revisions", f.post))
		const one = "revisions/posts/made-on-update: a post created published and updated once with new content has exactly one revision"
		if !check(t, revs, revs.Status == http.StatusOK && len(revs.list()) == 1, one, "%d revisions", len(revs.list())) {
			return blockedBy(one, revs)
		}
		f.revision = idsIn(revs)[0]
	case "media":
		up := s.upload(t, nil, s.name("image")+".png", "image/png", pngBytes, "")
		const rule = "writes/media/upload: uploading a PNG (raw body, Content-Disposition) answers 201"
		if !wantStatus(t, up, http.StatusCreated, rule) {
			return blockedBy(rule, up)
		}
		f.media = idOf(up)
	}
	return ""
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
	keys   words
	nested map[string]words
}

// resourceShape is what a resource looks like in each context.
type resourceShape struct {
	name       string
	route      string                  // the collection, whose OPTIONS schema declares the fields
	parts      []string                // the fixture parts it reads
	item, list func(f *fixture) string // the item's path; a list path that finds only it
	anonymous  bool                    // view and embed are read anonymously (else as the admin)
	contexts   map[string]keyShape
}

var (
	postView = w("id date date_gmt guid modified modified_gmt slug status type link title content excerpt author featured_media comment_status ping_status sticky template format meta categories tags _links",
		since(wp66, "class_list"))
	postLinks = w("self collection about author replies version-history predecessor-version wp:attachment wp:term curies")
	postEdit  = "wp:action-publish wp:action-unfiltered-html wp:action-sticky wp:action-assign-author wp:action-create-categories wp:action-assign-categories wp:action-create-tags wp:action-assign-tags"
	mediaView = w("id date date_gmt guid modified modified_gmt slug status type link title author comment_status ping_status template meta description caption alt_text media_type mime_type media_details post source_url _links",
		since(wp65, "featured_media"), since(wp66, "class_list"), since(wp70, "filename filesize"))
	mediaEdit = w(mediaView.base+" permalink_template generated_slug missing_image_sizes",
		append(mediaView.changes, since(wp70, "exif_orientation"), since(wp71, "image_quality image_output_format image_save_progressive"))...)
	mediaDet   = w("width height file filesize sizes image_meta")
	imageMeta  = w("aperture credit camera caption created_timestamp copyright focal_length iso shutter_speed title orientation keywords", since(wp70, "alt"))
	mediaLinks = w("self collection about author replies")
	userEmbed  = "id name url description link slug avatar_urls _links"
	termView   = "id count description link name slug taxonomy meta _links"
	termEmbed  = "id link name slug taxonomy _links"
	termLinks  = w("self collection about wp:post_type curies")
	catLinks   = termLinks.plus("up")
	revView    = w("author date date_gmt id modified modified_gmt parent slug guid title content excerpt _links", since(wp64, "meta"))
	revLinks   = w("parent")
)

var resourceShapes = []resourceShape{
	{"posts", "/wp/v2/posts", []string{"revision"}, func(f *fixture) string { return fmt.Sprintf("/wp/v2/posts/%d", f.post) },
		func(f *fixture) string { return fmt.Sprintf("/wp/v2/posts?include=%d", f.post) }, true, map[string]keyShape{
			"view": {postView, map[string]words{"guid": w("rendered"), "title": w("rendered"), "content": w("rendered protected"),
				"excerpt": w("rendered protected"), "_links": postLinks}},
			"embed": {w("id date slug type link title excerpt author featured_media _links"), map[string]words{"title": w("rendered"),
				"excerpt": w("rendered protected"), "_links": postLinks}},
			"edit": {postView.plus("password permalink_template generated_slug"), map[string]words{"guid": w("rendered raw"),
				"title": w("raw rendered"), "content": w("raw rendered protected block_version"), "excerpt": w("raw rendered protected"),
				"_links": postLinks.plus(postEdit)}},
		}},
	{"media", "/wp/v2/media", []string{"media"}, func(f *fixture) string { return fmt.Sprintf("/wp/v2/media/%d", f.media) },
		func(f *fixture) string { return fmt.Sprintf("/wp/v2/media?include=%d", f.media) }, true, map[string]keyShape{
			"view": {mediaView, map[string]words{"guid": w("rendered"), "title": w("rendered"), "description": w("rendered"), "caption": w("rendered"),
				"media_details": mediaDet, "media_details.sizes": w(""), "media_details.image_meta": imageMeta, "_links": mediaLinks}},
			"embed": {w("id date slug type link title author caption alt_text media_type mime_type media_details source_url _links", since(wp65, "featured_media")),
				map[string]words{"title": w("rendered"), "caption": w("rendered"), "media_details": mediaDet, "_links": mediaLinks}},
			"edit": {mediaEdit, map[string]words{"guid": w("rendered raw"), "title": w("raw rendered"), "description": w("raw rendered"),
				"caption": w("raw rendered"), "media_details": mediaDet,
				"_links": mediaLinks.plus("wp:action-unfiltered-html wp:action-assign-author curies")}},
		}},
	{"users", "/wp/v2/users", []string{}, func(f *fixture) string { return fmt.Sprintf("/wp/v2/users/%d", f.admin) },
		func(f *fixture) string { return fmt.Sprintf("/wp/v2/users?include=%d", f.admin) }, false, map[string]keyShape{
			"view":  {w(userEmbed + " meta"), map[string]words{"avatar_urls": w("24 48 96"), "_links": w("self collection")}},
			"embed": {w(userEmbed), map[string]words{"avatar_urls": w("24 48 96"), "_links": w("self collection")}},
			"edit": {w("id username name first_name last_name email url description link locale nickname slug roles registered_date capabilities extra_capabilities avatar_urls meta _links"),
				map[string]words{"avatar_urls": w("24 48 96"), "meta": w("persisted_preferences"), "_links": w("self collection")}},
		}},
	{"tags", "/wp/v2/tags", []string{"terms"}, func(f *fixture) string { return fmt.Sprintf("/wp/v2/tags/%d", f.tag) },
		func(f *fixture) string { return fmt.Sprintf("/wp/v2/tags?include=%d", f.tag) }, true, map[string]keyShape{
			"view":  {w(termView), map[string]words{"_links": termLinks}},
			"embed": {w(termEmbed), map[string]words{"_links": termLinks}},
			"edit":  {w(termView), map[string]words{"_links": termLinks}},
		}},
	{"categories", "/wp/v2/categories", []string{"terms"}, func(f *fixture) string { return fmt.Sprintf("/wp/v2/categories/%d", f.child) },
		func(f *fixture) string { return fmt.Sprintf("/wp/v2/categories?include=%d", f.child) }, true, map[string]keyShape{
			"view":  {w(termView + " parent"), map[string]words{"_links": catLinks}},
			"embed": {w(termEmbed), map[string]words{"_links": catLinks}},
			"edit":  {w(termView + " parent"), map[string]words{"_links": catLinks}},
		}},
	{"revisions", revisionsRoute, []string{"revision"},
		func(f *fixture) string { return fmt.Sprintf("/wp/v2/posts/%d/revisions/%d", f.post, f.revision) },
		func(f *fixture) string {
			return fmt.Sprintf("/wp/v2/posts/%d/revisions?include=%d", f.post, f.revision)
		}, false, map[string]keyShape{
			"view": {revView, map[string]words{"guid": w("rendered"), "title": w("rendered"), "content": w("rendered"), "excerpt": w("rendered"), "_links": revLinks}},
			"embed": {w("author date id parent slug title excerpt _links"), map[string]words{"title": w("rendered"), "excerpt": w("rendered"),
				"_links": revLinks}},
			"edit": {revView, map[string]words{"guid": w("rendered raw"), "title": w("raw rendered"), "content": w("raw rendered"),
				"excerpt": w("raw rendered"), "_links": revLinks}},
		}},
}

// wantShape checks an object (at path) against a shape in the checked version: exactly
// its keys, but for the fields the site declares (see declared.go) where sa says. The
// rule's id is that of the top-level keys; a nested object's keys are checked under
// the id with "/<key>" appended (fields/posts/view-keys/_links).
func (s *Suite) wantShape(t T, r *Result, path string, sh keyShape, rule string, sa schemaAt) {
	t.Helper()
	s.wantKeysAt(t, r, path, "", sh.keys, rule, sa)
	for _, k := range slices.Sorted(maps.Keys(sh.nested)) {
		s.wantKeysAt(t, r, path, k, sh.nested[k], rule, sa)
	}
}

// wantKeysAt checks that the object at path.sub has exactly the keys of want in the
// checked version, and any key the site declares for sub in sa. rule is "id: what",
// the id of the top-level keys.
func (s *Suite) wantKeysAt(t T, r *Result, path, sub string, want words, rule string, sa schemaAt) bool {
	t.Helper()
	id, what := splitRule(rule)
	if sub != "" {
		id += "/" + sub
		what += ": " + sub
	}
	keys := want.at(s.wp)
	text := what + " has exactly the keys " + strings.Join(keys, " ")
	if len(keys) == 0 {
		text = what + " is an empty object {} (not [])"
	}
	if !s.cfg.Strict && sa.route != "" {
		text += " (and fields the site's schema declares)"
	}
	p := path
	if sub != "" && p != "" {
		p += "." + sub
	} else if sub != "" {
		p = sub
	}
	rule = id + ": " + text
	v, ok := at(r.JSON(), p)
	if _, isObj := v.(map[string]any); !ok || !isObj {
		return check(t, r, false, rule, "%s is %s, want an object", orRoot(p), show(v, ok))
	}
	missing, extra := diffSets(keys, keysOf(v))
	if sub == "_links" && sa.route != "" {
		// links are not fields, no schema declares them: the site's taxonomies do
		declared := s.declaredLinks(t, sa.route, sa.ctx)
		extra = slices.DeleteFunc(extra, func(k string) bool { return slices.Contains(declared, k) })
	}
	if strings.HasPrefix(sub, "_links") {
		sa = schemaAt{}
	}
	extra = s.undeclared(t, sa, sub, extra)
	return check(t, r, len(missing)+len(extra) == 0, rule, "%s: missing %v, unexpected %v (in WordPress %s, not declared by the site's schema)",
		orRoot(p), missing, extra, s.wp)
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
					sh, sa := rs.contexts[ctx], schemaAt{rs.route, ctx}
					item := s.as(acc).get(t, rs.item(f)+"?context="+ctx)
					if wantStatus(t, item, http.StatusOK, "fields/"+rs.name+"/"+ctx+"-200: GET "+rs.name+" item in "+ctx+" context answers 200") {
						s.wantShape(t, item, "", sh, "fields/"+rs.name+"/"+ctx+"-keys: "+rs.name+" item ("+ctx+")", sa)
					}
					list := s.as(acc).get(t, rs.list(f)+"&context="+ctx)
					if check(t, list, list.Status == http.StatusOK && len(list.list()) == 1,
						"fields/"+rs.name+"/list-include: GET "+rs.name+" filtered by include= lists exactly the object, 200", "%d, %d items", list.Status, len(list.list())) {
						s.wantShape(t, list, "0", sh, "fields/"+rs.name+"/"+ctx+"-keys: "+rs.name+" list element ("+ctx+")", sa)
					}
				}
				checkLinks(s, t, rs.name, f)
			})
		}
		t.Run("types, taxonomies, statuses", func(t T) { checkRegistryFields(s, t) })
	})
}

// selfLink is an item's self link as acc reads it: from 6.7 it carries targetHints, the
// methods acc may use on the item (computed as the Allow header is).
func (s *Suite) selfLink(href string, acc *account) []any {
	if s.wp < wp67 {
		return linkList(linkTo(href))
	}
	allow := []string{"GET"}
	if acc != anonymous {
		allow = strings.Split(allowItem, ", ")
	}
	return linkList(linkTo(href, "targetHints", map[string]any{"allow": allow}))
}

// checkLinks checks the exact _links of the fixture objects in view context.
func checkLinks(s *Suite, t T, name string, f *fixture) {
	u := s.url
	author := linkTo(u(fmt.Sprintf("/wp/v2/users/%d", f.admin)), "embeddable", true)
	var path string
	var acc = anonymous
	var want map[string]any
	if name == "posts" || name == "revisions" {
		s.fixture(t, "revision")
	}
	switch name {
	case "posts":
		path = fmt.Sprintf("/wp/v2/posts/%d", f.post)
		want = map[string]any{"self": s.selfLink(u(path), acc), "collection": linkList(linkTo(u("/wp/v2/posts"))),
			"about": linkList(linkTo(u("/wp/v2/types/post"))), "author": linkList(author),
			"replies":             linkList(linkTo(u(fmt.Sprintf("/wp/v2/comments?post=%d", f.post)), "embeddable", true)),
			"version-history":     linkList(linkTo(u(path+"/revisions"), "count", 1)),
			"predecessor-version": linkList(linkTo(u(fmt.Sprintf("%s/revisions/%d", path, f.revision)), "id", f.revision)),
			"wp:attachment":       linkList(linkTo(u(fmt.Sprintf("/wp/v2/media?parent=%d", f.post)))),
			"wp:term":             s.termLinks(t, "post", f.post), "curies": curiesLink}
	case "media":
		path = fmt.Sprintf("/wp/v2/media/%d", f.media)
		want = map[string]any{"self": s.selfLink(u(path), acc), "collection": linkList(linkTo(u("/wp/v2/media"))),
			"about": linkList(linkTo(u("/wp/v2/types/attachment"))), "author": linkList(author),
			"replies": linkList(linkTo(u(fmt.Sprintf("/wp/v2/comments?post=%d", f.media)), "embeddable", true))}
		if tl := s.termLinks(t, "attachment", f.media); len(tl) > 0 {
			want["wp:term"], want["curies"] = tl, curiesLink // taxonomies the site registers on attachments
		}
	case "users":
		path, acc = fmt.Sprintf("/wp/v2/users/%d", f.admin), s.admin()
		want = map[string]any{"self": s.selfLink(u(path), acc), "collection": linkList(linkTo(u("/wp/v2/users")))}
	case "tags":
		path = fmt.Sprintf("/wp/v2/tags/%d", f.tag)
		want = map[string]any{"self": s.selfLink(u(path), acc), "collection": linkList(linkTo(u("/wp/v2/tags"))),
			"about": linkList(linkTo(u("/wp/v2/taxonomies/post_tag"))), "wp:post_type": s.postTypeLinks(t, "post_tag", f.tag),
			"curies": curiesLink}
	case "categories":
		path = fmt.Sprintf("/wp/v2/categories/%d", f.child)
		want = map[string]any{"self": s.selfLink(u(path), acc), "collection": linkList(linkTo(u("/wp/v2/categories"))),
			"about": linkList(linkTo(u("/wp/v2/taxonomies/category"))), "up": linkList(linkTo(u(fmt.Sprintf("/wp/v2/categories/%d", f.cat)), "embeddable", true)),
			"wp:post_type": s.postTypeLinks(t, "category", f.child), "curies": curiesLink}
	case "revisions":
		path, acc = fmt.Sprintf("/wp/v2/posts/%d/revisions/%d", f.post, f.revision), s.admin()
		want = map[string]any{"parent": linkList(linkTo(u(fmt.Sprintf("/wp/v2/posts/%d", f.post))))}
	}
	r := s.as(acc).get(t, path)
	wantValue(t, r, "_links", want, "fields/"+name+"/links: "+name+": _links are exactly WordPress's rels and hrefs (with their attributes: embeddable, count, id, taxonomy)")
}
