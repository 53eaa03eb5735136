package contract

import (
	"fmt"
	"math"
	"net/http"
	"regexp"
	"slices"
	"sort"
	"strings"
)

// The types group: the JSON type of every field of every resource, as WordPress 6.1
// prints it: integers for ids, post dates as YYYY-MM-DDTHH:MM:SS with no offset but
// users' registered_date with +00:00, meta [] (an empty PHP array) when nothing is
// registered, an unattached attachment's post null, media_details.sizes {} when the
// image has no sub-sizes, labels that may be null, icons that may be null.

// fieldKinds are the JSON shapes a field can be checked against.
var fieldKinds = map[string]struct {
	desc string
	ok   func(v any) bool
}{
	"int":          {"an integer", isInt},
	"string":       {"a string", func(v any) bool { _, ok := v.(string); return ok }},
	"bool":         {"a boolean", func(v any) bool { _, ok := v.(bool); return ok }},
	"null":         {"null", func(v any) bool { return v == nil }},
	"object":       {"an object", func(v any) bool { _, ok := v.(map[string]any); return ok }},
	"date":         {"a string YYYY-MM-DDTHH:MM:SS (no offset, no Z)", matchesRe(`^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d$`)},
	"date+00":      {"a string YYYY-MM-DDTHH:MM:SS+00:00", matchesRe(`^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+00:00$`)},
	"url":          {"an absolute http(s) URL", matchesRe(`^https?://`)},
	"[]":           {"an empty array [] (PHP's empty array, never {})", func(v any) bool { l, ok := v.([]any); return ok && len(l) == 0 }},
	"{}":           {"an empty object {} (never [])", func(v any) bool { m, ok := v.(map[string]any); return ok && len(m) == 0 }},
	"int[]":        {"an array of integers", arrayOf(isInt)},
	"string[]":     {"an array of strings", arrayOf(func(v any) bool { _, ok := v.(string); return ok })},
	"bool{}":       {"an object whose values are booleans", objectOf(func(v any) bool { _, ok := v.(bool); return ok })},
	"string{}":     {"an object whose values are strings", objectOf(func(v any) bool { _, ok := v.(string); return ok })},
	"url{}":        {"an object whose values are URLs", objectOf(matchesRe(`^https?://`))},
	"label{}":      {"an object whose values are strings or null", objectOf(func(v any) bool { _, ok := v.(string); return ok || v == nil })},
	"string|bool":  {"a string or a boolean", func(v any) bool { _, s := v.(string); _, b := v.(bool); return s || b }},
	"string|false": {"a string or false", func(v any) bool { _, s := v.(string); return s || v == false }},
	"array":        {"an array", func(v any) bool { _, ok := v.([]any); return ok }},
	// a post type feature is true, or what it was registered with (add_post_type_support
	// with arguments: 7.1's editor is [{"notes":true}])
	"support{}": {"an object whose values are true, or the arguments a feature was registered with (an array or object)", objectOf(func(v any) bool {
		switch x := v.(type) {
		case bool:
			return x
		case []any, map[string]any:
			return true
		}
		return false
	})},
}

func isInt(v any) bool { f, ok := v.(float64); return ok && f == math.Trunc(f) }

func matchesRe(re string) func(any) bool {
	rx := regexp.MustCompile(re)
	return func(v any) bool { s, ok := v.(string); return ok && rx.MatchString(s) }
}

func arrayOf(ok func(any) bool) func(any) bool {
	return func(v any) bool {
		l, isList := v.([]any)
		for _, x := range l {
			if !ok(x) {
				return false
			}
		}
		return isList
	}
}

func objectOf(ok func(any) bool) func(any) bool {
	return func(v any) bool {
		m, isObj := v.(map[string]any)
		for _, x := range m {
			if !ok(x) {
				return false
			}
		}
		return isObj && len(m) > 0
	}
}

// wantKind checks the JSON shape of the value at path. what is "id: what is checked";
// the rule's id is the id with the path appended (types/posts/date_gmt).
func wantKind(t T, r *Result, path, kind, what string) bool {
	t.Helper()
	k, known := fieldKinds[kind]
	if !known {
		panic("contract: unknown kind " + kind)
	}
	id, text := splitRule(what)
	v, ok := at(r.JSON(), path)
	return check(t, r, ok && k.ok(v), id+"/"+path+": "+text+": "+path+" is "+k.desc, "%s (%s)", show(v, ok), jsonType(v))
}

// wantKinds checks a table of "path kind" pairs (comma-separated, on several lines) as
// the checked version has it.
func (s *Suite) wantKinds(t T, r *Result, what string, table words) {
	t.Helper()
	f := strings.Fields(strings.ReplaceAll(strings.Join(table.at(s.wp), " "), ",", " "))
	for i := 0; i+1 < len(f); i += 2 {
		wantKind(t, r, f[i], f[i+1], what)
	}
}

// metaKeys are the meta keys core registers with show_in_rest, by collection route, and
// by route and context where a key is not in every context.
var metaKeys = map[string]words{
	"/wp/v2/posts":      w("", since(wp63, "footnotes")),
	revisionsRoute:      w("", since(wp64, "footnotes")),
	"/wp/v2/users edit": w("persisted_preferences"),
}

// wantMeta checks a meta field: an object of the registered meta keys, or [] (PHP's
// empty array) while none is registered. The keys are the version's own, and in the
// default mode also those the site's schema declares for meta (register_meta with
// show_in_rest) in the context.
func (s *Suite) wantMeta(t T, r *Result, path string, sa schemaAt, what string) {
	t.Helper()
	keys, ok := metaKeys[sa.route+" "+sa.ctx]
	if !ok {
		keys = metaKeys[sa.route]
	}
	want := keys.at(s.wp)
	if !s.cfg.Strict {
		props, _ := at(s.itemSchema(t, sa.route), "properties.meta.properties")
		for _, k := range keysOf(props) {
			p, _ := at(props, k)
			if m, _ := p.(map[string]any); inContext(m, sa.ctx) && !slices.Contains(want, k) {
				want = append(want, k)
			}
		}
	}
	id, what := splitRule(what)
	v, present := at(r.JSON(), path)
	sort.Strings(want)
	m, isObj := v.(map[string]any)
	missing, extra := diffSets(want, keysOf(m))
	if len(want) == 0 {
		l, isList := v.([]any)
		check(t, r, present && isList && len(l) == 0, id+": "+what+": "+path+" is [] (PHP's empty array) while no meta key is registered",
			"%s (%s): unexpected %v", show(v, present), jsonType(v), extra)
		return
	}
	check(t, r, present && isObj && len(missing)+len(extra) == 0, id+": "+what+": "+path+" is an object of the registered meta keys "+strings.Join(want, " "),
		"%s (%s): missing %v, unexpected %v", show(v, present), jsonType(v), missing, extra)
}

const postDates = "date date, date_gmt date, modified date, modified_gmt date"

var (
	postKinds = w(`id int, `+postDates+`, guid.rendered url, guid.raw url, password string, slug string, status string, type string, link url
title.raw string, title.rendered string, content.raw string, content.rendered string, content.protected bool, content.block_version int
excerpt.raw string, excerpt.rendered string, excerpt.protected bool, author int, featured_media int, comment_status string, ping_status string
sticky bool, template string, format string, categories int[], tags int[], permalink_template string, generated_slug string`,
		since(wp66, "class_list string[]"))
	mediaKinds = w(`id int, `+postDates+`, guid.rendered url, guid.raw url, slug string, status string, type string, link url
title.raw string, title.rendered string, author int, comment_status string, ping_status string, template string
permalink_template string, generated_slug string, description.raw string, description.rendered string, caption.raw string, caption.rendered string
alt_text string, media_type string, mime_type string, media_details object, post null, source_url url, missing_image_sizes []
media_details.width int, media_details.height int, media_details.file string, media_details.filesize int, media_details.sizes {}
media_details.image_meta object, media_details.image_meta.aperture string, media_details.image_meta.credit string, media_details.image_meta.camera string
media_details.image_meta.caption string, media_details.image_meta.created_timestamp string, media_details.image_meta.copyright string
media_details.image_meta.focal_length string, media_details.image_meta.iso string, media_details.image_meta.shutter_speed string
media_details.image_meta.title string, media_details.image_meta.orientation string, media_details.image_meta.keywords []`,
		since(wp65, "featured_media int"), since(wp66, "class_list string[]"), since(wp70, "filename string, filesize int, exif_orientation int"))
	userKinds = w(`id int, username string, name string, first_name string, last_name string, email string, url string, description string
link url, locale string, nickname string, slug string, roles string[], registered_date date+00, capabilities bool{}, extra_capabilities bool{}
avatar_urls url{}, avatar_urls.24 url, avatar_urls.48 url, avatar_urls.96 url, meta.persisted_preferences []`)
	termKinds = w(`id int, count int, description string, link url, name string, slug string, taxonomy string`)
	revKinds  = w(`author int, ` + postDates + `, id int, parent int, slug string, guid.rendered url, guid.raw url
title.raw string, title.rendered string, content.raw string, content.rendered string, excerpt.raw string, excerpt.rendered string`)
	typeKinds = w(`capabilities string{}, description string, hierarchical bool, has_archive string|bool, visibility bool{}, viewable bool
labels label{}, labels.name string, labels.parent_item_colon null, name string, slug string, icon string, supports support{}, taxonomies string[]
rest_base string, rest_namespace string`,
		since(wp66, "template array, template_lock string|false"))
	taxKinds = w(`name string, slug string, capabilities string{}, description string, labels label{}, labels.popular_items null, types string[]
show_cloud bool, hierarchical bool, rest_base string, rest_namespace string, visibility bool{}`)
	statusKinds = w(`name string, private bool, protected bool, public bool, queryable bool, show_in_list bool, slug string, date_floating bool`)
)

func init() {
	register("types", false, func(s *Suite, t T) {
		t.Run("posts", func(t T) { typesOfPosts(s, t) })
		t.Run("media", func(t T) { typesOfMedia(s, t) })
		t.Run("users", func(t T) { typesOfUsers(s, t) })
		t.Run("terms", func(t T) {
			f := s.fixture(t, "terms")
			admin := s.as(s.admin())
			tag := admin.get(t, fmt.Sprintf("/wp/v2/tags/%d?context=edit", f.tag))
			s.wantKinds(t, tag, "types/tags: tag (edit)", termKinds)
			s.wantMeta(t, tag, "meta", schemaAt{"/wp/v2/tags", "edit"}, "types/tags/meta: tag (edit)")
			tags := s.as(anonymous).get(t, fmt.Sprintf("/wp/v2/tags?include=%d", f.tag))
			s.wantKinds(t, tags, "types/tags-list: tag in a list (view)", w("0."+strings.ReplaceAll(termKinds.base, ", ", ", 0.")))
			s.wantMeta(t, tags, "0.meta", schemaAt{"/wp/v2/tags", "view"}, "types/tags-list/meta: tag in a list (view)")
			r := admin.get(t, fmt.Sprintf("/wp/v2/categories/%d?context=edit", f.child))
			s.wantKinds(t, r, "types/categories: category (edit)", termKinds.plus("parent int"))
			s.wantMeta(t, r, "meta", schemaAt{"/wp/v2/categories", "edit"}, "types/categories/meta: category (edit)")
			wantValue(t, r, "parent", f.cat, "types/categories/parent-id: category: parent is the parent's id (an integer)")
			r = admin.get(t, fmt.Sprintf("/wp/v2/categories/%d?context=edit", f.cat))
			wantValue(t, r, "parent", 0, "types/categories/parent-zero: category: parent is 0 (not null) at the top level")
		})
		t.Run("revisions", func(t T) {
			f := s.fixture(t, "revision")
			r := s.as(s.admin()).get(t, fmt.Sprintf("/wp/v2/posts/%d/revisions/%d?context=edit", f.post, f.revision))
			s.wantKinds(t, r, "types/revisions: revision (edit)", revKinds)
			if s.wp >= wp64 {
				s.wantMeta(t, r, "meta", schemaAt{"/wp/v2/posts/" + missingID + "/revisions", "edit"}, "types/revisions/meta: revision (edit)")
			}
			wantValue(t, r, "parent", f.post, "types/revisions/parent-id: revision: parent is the post's id")
		})
		t.Run("registries", func(t T) {
			admin := s.as(s.admin())
			s.wantKinds(t, admin.get(t, "/wp/v2/types/post?context=edit"), "types/types: type post (edit)", typeKinds)
			r := s.as(anonymous).get(t, "/wp/v2/types")
			for _, k := range keysOf(r.JSON()) {
				v, _ := at(r.JSON(), k+".icon")
				check(t, r, v == nil || jsonType(v) == "string", "types/types-list/icon: types list: icon is a dashicon name, or null for a type without one",
					"%s.icon is %s", k, jsonType(v))
			}
			wantKind(t, r, "post.icon", "string", "types/types-list: types list: post has a dashicon name")
			wantKind(t, r, "post.taxonomies", "string[]", "types/types-list: types list")
			s.wantKinds(t, admin.get(t, "/wp/v2/taxonomies/category?context=edit"), "types/taxonomies: taxonomy category (edit)", taxKinds)
			s.wantKinds(t, admin.get(t, "/wp/v2/statuses/publish?context=edit"), "types/statuses: status publish (edit)", statusKinds)
		})
	})
}

func typesOfPosts(s *Suite, t T) {
	f := s.fixture(t, "post")
	admin := s.as(s.admin())
	r := admin.get(t, fmt.Sprintf("/wp/v2/posts/%d?context=edit", f.post))
	s.wantKinds(t, r, "types/posts: post (edit)", postKinds)
	s.wantMeta(t, r, "meta", schemaAt{"/wp/v2/posts", "edit"}, "types/posts/meta: post (edit)")
	wantValue(t, r, "content.block_version", 1, "types/posts/block-version-blocks: post: content.block_version is 1 when the content holds blocks (<!-- wp:)")
	wantValue(t, r, "tags", []int{f.tag}, "types/posts/tags-ids: post: tags lists the term ids as integers")
	l := s.as(anonymous).get(t, fmt.Sprintf("/wp/v2/posts?include=%d", f.post))
	s.wantKinds(t, l, "types/posts-list: post in a list (view)", w("0.id int, 0.date date, 0.date_gmt date, 0.sticky bool, 0.categories int[], 0.content.protected bool"))
	s.wantMeta(t, l, "0.meta", schemaAt{"/wp/v2/posts", "view"}, "types/posts-list/meta: post in a list (view)")
	draft := s.create(t, nil, "/wp/v2/posts", map[string]any{"title": s.name("draft")})
	s.wantKinds(t, draft, "types/posts-draft: draft post (created without a date)", w("date date, date_gmt date, modified_gmt date, slug string, generated_slug string"))
	wantValue(t, draft, "slug", "", "types/posts/draft-slug-empty: a draft created without a slug has slug \"\" (generated_slug holds the would-be slug)")
	wantValue(t, draft, "content.block_version", 0, "types/posts/block-version-none: post: content.block_version is 0 when the content has no blocks")
}

func typesOfMedia(s *Suite, t T) {
	f := s.fixture(t, "media")
	r := s.as(s.admin()).get(t, fmt.Sprintf("/wp/v2/media/%d?context=edit", f.media))
	s.wantKinds(t, r, "types/media: attachment (edit)", mediaKinds)
	s.wantMeta(t, r, "meta", schemaAt{"/wp/v2/media", "edit"}, "types/media/meta: attachment (edit)")
	wantValue(t, r, "media_type", "image", "types/media/media-type-image: attachment: media_type of a PNG is \"image\"")
	wantValue(t, r, "mime_type", "image/png", "types/media/mime-type: attachment: mime_type of a PNG is \"image/png\"")
	wantValue(t, r, "media_details.width", 2, "types/media/width: attachment: media_details.width is the image's width in pixels")
	wantValue(t, r, "media_details.height", 3, "types/media/height: attachment: media_details.height is the image's height in pixels")
	txt := s.upload(t, nil, s.name("notes")+".txt", "text/plain", []byte("wpcontract notes\n"), "")
	if wantStatus(t, txt, http.StatusCreated, "writes/media/upload: uploading a text file answers 201") {
		wantValue(t, txt, "media_type", "file", "types/media/media-type-file: attachment: media_type of anything but an image is \"file\"")
		wantValue(t, txt, "media_details", map[string]any{"filesize": 17, "sizes": map[string]any{}},
			"types/media/file-details: attachment: a non-image's media_details is {filesize, sizes:{}}")
	}
	f = s.fixture(t, "post")
	att := s.upload(t, nil, s.name("attached")+".png", "image/png", pngBytes, fmt.Sprintf("post=%d", f.post))
	if wantStatus(t, att, http.StatusCreated, "writes/media/upload: uploading a PNG attached to a post (?post=) answers 201") {
		wantValue(t, att, "post", f.post, "types/media/post-parent: attachment: post is the parent post's id (an integer) when attached")
	}
}

func typesOfUsers(s *Suite, t T) {
	needWrites(s, t)
	login := s.name("typed")
	u := s.create(t, nil, "/wp/v2/users", map[string]any{"username": login, "email": login + "@example.com", "password": randomPassword()})
	s.wantKinds(t, u, "types/users: user (edit, as created)", userKinds)
	s.wantMeta(t, u, "meta", schemaAt{"/wp/v2/users", "edit"}, "types/users/meta: user (edit, as created)")
	wantValue(t, u, "roles", []string{"subscriber"}, "types/users/default-role: a user created without roles gets the default role, subscriber")
	wantValue(t, u, "capabilities", map[string]any{"read": true, "level_0": true, "subscriber": true},
		"types/users/capabilities: user: capabilities is an object of capability → true (the role's caps and the role itself)")
	wantValue(t, u, "extra_capabilities", map[string]any{"subscriber": true}, "types/users/extra-capabilities: user: extra_capabilities is an object {role: true}")
	r := s.as(s.admin()).get(t, fmt.Sprintf("/wp/v2/users/%d", idOf(u)))
	s.wantKinds(t, r, "types/users-view: user (view)", w("id int, name string, url string, description string, link url, slug string, avatar_urls url{}"))
	s.wantMeta(t, r, "meta", schemaAt{"/wp/v2/users", "view"}, "types/users-view/meta: user (view)")
}
