package contract

import (
	"fmt"
	"net/http"
	"net/url"
	"regexp"
	"strings"
	"time"
)

// The lifecycle group: for each writable resource (posts, tags, categories, users,
// media), create → read in every context → update → list → delete → read again, with
// the defaults WordPress fills in on create (reference §8.6, §9.4, §10.4, §11.4).

func init() {
	register("lifecycle", true, func(s *Suite, t T) {
		t.Run("posts", func(t T) { lifecyclePost(s, t) })
		t.Run("tags", func(t T) { lifecycleTerm(s, t, "/wp/v2/tags", "post_tag") })
		t.Run("categories", func(t T) { lifecycleTerm(s, t, "/wp/v2/categories", "category") })
		t.Run("users", func(t T) { lifecycleUser(s, t) })
		t.Run("media", func(t T) { lifecycleMedia(s, t) })
	})
}

// tagKeys and categoryKeys are a term's fields in view and edit context (§11.3).
var (
	tagKeys      = w(termView)
	categoryKeys = w(termView + " parent")
)

// registeredDate is the format of a user's registered_date: gmdate('c') (§10.3).
var registeredDate = regexp.MustCompile(`^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+00:00$`)

func lifecyclePost(s *Suite, t T) {
	admin, anon := s.as(s.admin()), s.as(anonymous)
	title := s.name("lifecycle-post")
	r := s.create(t, nil, "/wp/v2/posts", map[string]any{"title": title, "content": "wpcontract body"})
	id := idOf(r)
	item := fmt.Sprintf("/wp/v2/posts/%d", id)
	wantHeader(t, r, "Location", s.cfg.URL+item, "writes/location: a create answers 201 with Location: the new post's absolute URL (§8.6)")
	wantValue(t, r, "title.raw", title, "lifecycle/posts/create-edit-context: a create answers with the post in edit context (title.raw present)")
	const defaults = "lifecycle/posts/create-defaults: a post created without %s gets WordPress's default (§8.6, §8.9: a draft keeps slug \"\")"
	// first what the site's owner chose (the rule's text names the fact): the default
	// category, comments and pings
	cat, catNote, catKnown, why := s.defaultCategory(t)
	if catKnown {
		wantValue(t, r, "categories", []any{cat}, fmt.Sprintf(defaults, "categories")+" "+catNote)
	} else {
		skipRule(t, fmt.Sprintf(defaults, "categories"), why)
	}
	for _, kind := range []string{"comment", "ping"} {
		if want, note, ok, why := s.defaultDiscussion(t, "post", kind); ok {
			wantValue(t, r, kind+"_status", want, fmt.Sprintf(defaults, kind+"_status")+" "+note)
		} else {
			skipRule(t, fmt.Sprintf(defaults, kind+"_status"), why)
		}
	}
	for _, d := range []struct {
		path string
		want any
	}{
		{"status", "draft"}, {"tags", []any{}}, {"format", "standard"}, {"sticky", false}, {"template", ""}, {"featured_media", 0.0}, {"password", ""},
		{"author", float64(s.adminID())}, {"slug", ""}, {"generated_slug", title},
	} {
		wantValue(t, r, d.path, d.want, fmt.Sprintf(defaults, d.path))
	}
	created := textAt(r, "modified")
	// generated_slug is the slug publishing would give: unique within the type
	twin := s.name("twin")
	s.create(t, nil, "/wp/v2/posts", map[string]any{"title": twin, "status": "publish"})
	draft := s.create(t, nil, "/wp/v2/posts", map[string]any{"title": twin})
	wantValue(t, draft, "generated_slug", twin+"-2", "lifecycle/posts/generated-slug-unique: a draft's generated_slug is made unique like a published slug (-2 when taken; §8.9)")

	v := admin.get(t, item)
	wantValue(t, v, "title.rendered", title, "lifecycle/posts/read-view: GET a post (view) returns it")
	wantNoKey(t, v, "title.raw", "lifecycle/posts/view-no-raw: view context has no title.raw")
	e := admin.get(t, item+"?context=embed")
	wantValue(t, e, "title.rendered", title, "lifecycle/posts/read-embed: GET a post (embed) returns it")
	wantNoKey(t, e, "content", "lifecycle/posts/embed-no-content: embed context has no content")
	wantNoKey(t, e, "status", "lifecycle/posts/embed-no-status: embed context has no status")
	ed := admin.get(t, item+"?context=edit")
	wantValue(t, ed, "content.raw", "wpcontract body", "lifecycle/posts/read-edit: GET a post (edit) has content.raw")
	wantError(t, anon.get(t, item), http.StatusUnauthorized, "rest_forbidden", "lifecycle/posts/draft-anonymous-401: a draft is not readable anonymously: 401 rest_forbidden (§8.5)")

	time.Sleep(1100 * time.Millisecond) // modified has a resolution of one second
	renamed := s.name("post-renamed")
	u := admin.send(t, http.MethodPost, item, map[string]any{"title": renamed, "content": "changed", "excerpt": "wpc excerpt", "comment_status": "closed"})
	wantStatus(t, u, http.StatusOK, "writes/posts/update: POST to a post updates it (200)")
	wantHeader(t, u, "Location", "", "lifecycle/posts/update-no-location: an update has no Location header")
	wantValue(t, u, "title.raw", renamed, "lifecycle/posts/update-applies: an update applies title")
	wantValue(t, u, "content.raw", "changed", "lifecycle/posts/update-applies: an update applies content")
	wantValue(t, u, "excerpt.raw", "wpc excerpt", "lifecycle/posts/update-applies: an update applies excerpt")
	wantValue(t, u, "comment_status", "closed", "lifecycle/posts/update-applies: an update applies comment_status")
	wantValue(t, u, "status", "draft", "lifecycle/posts/update-keeps-rest: an update leaves the fields it was not sent alone (status)")
	if catKnown {
		wantValue(t, u, "categories", []any{cat}, "lifecycle/posts/update-keeps-rest: an update leaves the fields it was not sent alone (categories) "+catNote)
	} else {
		made, _ := at(r.JSON(), "categories")
		wantValue(t, u, "categories", made, "lifecycle/posts/update-keeps-rest: an update leaves the fields it was not sent alone (categories, as created)")
	}
	check(t, u, textAt(u, "modified") > created, "lifecycle/posts/update-modified: an update sets modified to now (§8.7)", "modified %q, was %q", textAt(u, "modified"), created)
	u = admin.send(t, http.MethodPut, item, map[string]any{"ping_status": "closed"})
	wantValue(t, u, "ping_status", "closed", "lifecycle/posts/put-updates: PUT updates a post too")
	wantValue(t, u, "title.raw", renamed, "lifecycle/posts/update-keeps-rest: PUT changes only what it is sent")
	u = admin.send(t, http.MethodPatch, item, map[string]any{"format": "aside"})
	wantValue(t, u, "format", "aside", "lifecycle/posts/patch-updates: PATCH updates a post too")

	l := admin.get(t, "/wp/v2/posts?status=draft&search="+url.QueryEscape(renamed))
	check(t, l, resultIDs(l).has(id), "lifecycle/posts/search-draft: the updated draft is found by ?status=draft&search=<new title>", "ids %v, want %d among them", resultIDs(l), id)
	l = admin.get(t, fmt.Sprintf("/wp/v2/posts?status=draft&include=%d", id))
	check(t, l, len(l.list()) == 1, "lifecycle/posts/include-draft: ?include=<id>&status=draft lists exactly that post", "%d items", len(l.list()))
	l = anon.get(t, fmt.Sprintf("/wp/v2/posts?include=%d", id))
	wantValue(t, l, "", []any{}, "lifecycle/posts/anonymous-no-drafts: anonymous lists leave drafts out (status defaults to publish)")

	lifecycleDelete(s, t, item+"?force=true", item, "rest_post_invalid_id")
}

// lifecycleDelete deletes with force and checks the object is gone.
func lifecycleDelete(s *Suite, t T, del, item, code string) {
	t.Helper()
	res := resourceOf(strings.TrimRight(item, "0123456789/"))
	admin := s.as(s.admin())
	d := admin.do(t, http.MethodDelete, del, nil)
	wantValue(t, d, "deleted", true, "lifecycle/"+res+"/delete-answer: DELETE "+del+" answers {deleted: true, previous}")
	wantError(t, admin.get(t, item), http.StatusNotFound, code, "lifecycle/"+res+"/deleted-gone: a deleted object is gone: GET answers 404 "+code)
}

func lifecycleTerm(s *Suite, t T, collection, taxonomy string) {
	admin, anon := s.as(s.admin()), s.as(anonymous)
	keys := tagKeys
	res := resourceOf(collection)
	if taxonomy == "category" {
		keys = categoryKeys
	}
	name := s.name("term")
	r := s.create(t, nil, collection, map[string]any{"name": name})
	id := idOf(r)
	item := fmt.Sprintf("%s/%d", collection, id)
	wantHeader(t, r, "Location", s.cfg.URL+item, "writes/location: a term create answers 201 with Location: the new term's absolute URL")
	s.wantKeysAt(t, r, "", "", keys, "lifecycle/"+res+"/create-keys: a created "+taxonomy+" (edit context, §11.3)", schemaAt{collection, "edit"})
	s.wantMeta(t, r, "meta", schemaAt{collection, "edit"}, "lifecycle/"+res+"/meta: a new "+taxonomy+" term")
	for _, d := range []struct {
		path string
		want any
	}{
		{"name", name}, {"slug", name}, {"description", ""}, {"count", 0.0}, {"taxonomy", taxonomy},
	} {
		wantValue(t, r, d.path, d.want, "lifecycle/"+res+"/create-defaults: a new "+taxonomy+" term: "+d.path+" defaults as WordPress does (slug from the name, no description, count 0)")
	}
	if taxonomy == "category" {
		wantValue(t, r, "parent", 0.0, "lifecycle/categories/parent-default: a new category without parent has parent 0")
		child := s.create(t, nil, collection, map[string]any{"name": s.name("child"), "parent": id})
		wantValue(t, child, "parent", float64(id), "lifecycle/categories/parent-kept: a category created with parent keeps it")
		l := anon.get(t, fmt.Sprintf("%s?parent=%d", collection, id))
		check(t, l, len(l.list()) == 1 && resultIDs(l).has(idOf(child)), "params/categories/parent: ?parent=<id> lists exactly the category's children", "ids %v", resultIDs(l))
	}

	s.wantKeysAt(t, anon.get(t, item), "", "", keys, "lifecycle/"+res+"/view-keys: GET a term (view) anonymously: every view field (terms are public)", schemaAt{collection, "view"})
	s.wantKeysAt(t, admin.get(t, item+"?context=embed"), "", "", w(termEmbed), "lifecycle/"+res+"/embed-keys: GET a term (embed): id, link, name, slug, taxonomy and links", schemaAt{collection, "embed"})
	s.wantKeysAt(t, admin.get(t, item+"?context=edit"), "", "", keys, "lifecycle/"+res+"/edit-keys: GET a term (edit): the same fields as view", schemaAt{collection, "edit"})

	renamed := s.name("term-renamed")
	u := admin.send(t, http.MethodPost, item, map[string]any{"name": renamed, "description": "wpcontract"})
	wantStatus(t, u, http.StatusOK, "writes/"+res+"/update: POST to a term updates it (200)")
	wantValue(t, u, "name", renamed, "lifecycle/"+res+"/update-applies: a term update applies name")
	wantValue(t, u, "description", "wpcontract", "lifecycle/"+res+"/update-applies: a term update applies description")
	wantValue(t, u, "slug", name, "lifecycle/"+res+"/update-keeps-slug: a term update does not change the slug unless sent")

	l := anon.get(t, collection+"?search="+url.QueryEscape(renamed))
	check(t, l, resultIDs(l).has(id), "lifecycle/"+res+"/search-renamed: the renamed term is found by ?search=<new name> (empty terms are listed: hide_empty defaults to false)",
		"ids %v, want %d among them", resultIDs(l), id)
	l = anon.get(t, fmt.Sprintf("%s?include=%d", collection, id))
	check(t, l, len(l.list()) == 1 && resultIDs(l).has(id), "lifecycle/"+res+"/include: ?include=<id> lists exactly that term", "ids %v", resultIDs(l))

	termRules(s, t, collection, taxonomy, id, renamed)
	lifecycleDelete(s, t, item+"?force=true", item, "rest_term_invalid")
}

func lifecycleUser(s *Suite, t T) {
	admin, anon := s.as(s.admin()), s.as(anonymous)
	login := s.name("user")
	email := login + "@example.com"
	r := s.create(t, nil, "/wp/v2/users", map[string]any{"username": login, "email": email, "password": randomPassword()})
	id := idOf(r)
	item := fmt.Sprintf("/wp/v2/users/%d", id)
	wantHeader(t, r, "Location", s.cfg.URL+item, "writes/location: a user create answers 201 with Location: the new user's absolute URL")
	wantNoKey(t, r, "password", "lifecycle/users/no-password: a user's password is never returned")
	for _, d := range []struct {
		path string
		want any
	}{
		{"username", login}, {"email", email}, {"name", login}, {"nickname", login}, {"slug", login},
		{"first_name", ""}, {"last_name", ""}, {"url", ""}, {"description", ""}, {"roles", []any{"subscriber"}},
	} {
		wantValue(t, r, d.path, d.want, "lifecycle/users/create-defaults: a new user: "+d.path+" as WordPress sets it (name, nickname and slug from the username, role subscriber) (§10.4)")
	}
	check(t, r, registeredDate.MatchString(textAt(r, "registered_date")), "types/users/registered-date: registered_date is gmdate('c'): YYYY-MM-DDTHH:MM:SS+00:00",
		"registered_date %q", textAt(r, "registered_date"))

	v := admin.get(t, item)
	wantValue(t, v, "name", login, "lifecycle/users/read-view: GET a user (view) returns it")
	wantNoKey(t, v, "email", "lifecycle/users/view-no-email: view context never has email")
	wantNoKey(t, v, "username", "lifecycle/users/view-no-username: view context never has username")
	e := admin.get(t, item+"?context=embed")
	wantNoKey(t, e, "meta", "lifecycle/users/embed-no-meta: embed context has no meta")
	wantValue(t, admin.get(t, item+"?context=edit"), "email", email, "lifecycle/users/read-edit: GET a user (edit) has email")
	wantError(t, anon.get(t, item), http.StatusUnauthorized, "rest_user_cannot_view",
		"lifecycle/users/anonymous-401-without-posts: a user without published posts is not readable anonymously: 401 rest_user_cannot_view (§10.3)")

	u := admin.send(t, http.MethodPost, item, map[string]any{"first_name": "Wpc", "last_name": "Contract", "name": "Wpc Contract", "description": "wpcontract"})
	wantStatus(t, u, http.StatusOK, "writes/users/update: POST to a user updates it (200)")
	for path, want := range map[string]any{"first_name": "Wpc", "last_name": "Contract", "name": "Wpc Contract", "description": "wpcontract", "username": login} {
		wantValue(t, u, path, want, "lifecycle/users/update-applies: a user update applies what it is sent and keeps the rest ("+path+")")
	}
	wantNoKey(t, u, "password", "lifecycle/users/no-password: a user's password is never returned (update)")

	l := admin.get(t, "/wp/v2/users?search="+url.QueryEscape(login))
	check(t, l, resultIDs(l).has(id), "lifecycle/users/search: an administrator finds the user by ?search=<login>", "ids %v, want %d among them", resultIDs(l), id)
	l = admin.get(t, fmt.Sprintf("/wp/v2/users?include=%d", id))
	check(t, l, len(l.list()) == 1 && resultIDs(l).has(id), "lifecycle/users/include: ?include=<id> lists exactly that user", "ids %v", resultIDs(l))
	l = anon.get(t, fmt.Sprintf("/wp/v2/users?include=%d", id))
	wantValue(t, l, "", []any{}, "lifecycle/users/anonymous-list-authors-only: anonymous user lists leave out users without published posts (§10.2)")

	lifecycleDelete(s, t, fmt.Sprintf("%s?force=true&reassign=%d", item, s.adminID()), item, "rest_user_invalid_id")
}

func lifecycleMedia(s *Suite, t T) {
	admin, anon := s.as(s.admin()), s.as(anonymous)
	name := s.name("media")
	r := s.upload(t, nil, name+".png", "image/png", pngBytes, "")
	if !wantStatus(t, r, http.StatusCreated, "writes/media/upload: a PNG upload creates an attachment (201)") {
		return
	}
	id := idOf(r)
	item := fmt.Sprintf("/wp/v2/media/%d", id)
	wantHeader(t, r, "Location", s.cfg.URL+item, "writes/location: an upload answers 201 with Location: the attachment's absolute URL")
	for path, want := range map[string]any{"title.raw": name, "status": "inherit", "type": "attachment", "post": nil, "author": float64(s.adminID())} {
		wantValue(t, r, path, want, "lifecycle/media/create-defaults: a new attachment: "+path+" as WordPress sets it (title from the file name, status inherit, no parent) (§9.4)")
	}

	v := anon.get(t, item)
	wantValue(t, v, "title.rendered", name, "lifecycle/media/anonymous-read: an unattached attachment is readable anonymously (view)")
	wantNoKey(t, v, "title.raw", "lifecycle/media/view-no-raw: view context has no title.raw")
	e := admin.get(t, item+"?context=embed")
	wantNoKey(t, e, "description", "lifecycle/media/embed-no-description: embed context has no description")
	wantValue(t, e, "source_url", textAt(r, "source_url"), "lifecycle/media/embed-source-url: embed context has source_url")
	wantValue(t, admin.get(t, item+"?context=edit"), "title.raw", name, "lifecycle/media/read-edit: GET an attachment (edit) has title.raw")

	renamed := s.name("media-renamed")
	u := admin.send(t, http.MethodPost, item, map[string]any{"title": renamed, "alt_text": "wpc alt", "caption": "wpc caption", "description": "wpc description"})
	wantStatus(t, u, http.StatusOK, "writes/media/update: POST to an attachment updates it (200)")
	for path, want := range map[string]any{"title.raw": renamed, "alt_text": "wpc alt", "caption.raw": "wpc caption", "description.raw": "wpc description"} {
		wantValue(t, u, path, want, "lifecycle/media/update-applies: an attachment update applies "+path)
	}

	l := anon.get(t, "/wp/v2/media?search="+url.QueryEscape(renamed))
	check(t, l, resultIDs(l).has(id), "lifecycle/media/search: the attachment is found by ?search=<new title>", "ids %v, want %d among them", resultIDs(l), id)
	l = anon.get(t, fmt.Sprintf("/wp/v2/media?media_type=image&include=%d", id))
	check(t, l, len(l.list()) == 1 && resultIDs(l).has(id), "lifecycle/media/include-media-type: ?media_type=image&include=<id> lists exactly that image", "ids %v", resultIDs(l))

	lifecycleDelete(s, t, item+"?force=true", item, "rest_post_invalid_id")
}

// idList is a list of object ids.
type idList []int

func (l idList) has(id int) bool {
	for _, x := range l {
		if x == id {
			return true
		}
	}
	return false
}

// resultIDs is the ids of a list's items.
func resultIDs(r *Result) idList {
	var out idList
	for _, it := range r.list() {
		if m, ok := it.(map[string]any); ok {
			f, _ := m["id"].(float64)
			out = append(out, int(f))
		}
	}
	return out
}

// textAt is the string at path of r's body ("" when absent).
func textAt(r *Result, path string) string {
	v, _ := at(r.JSON(), path)
	s, _ := v.(string)
	return s
}

// wantNoKey checks that r's body has nothing at path.
func wantNoKey(t T, r *Result, path, rule string) bool {
	t.Helper()
	v, ok := at(r.JSON(), path)
	return check(t, r, !ok, rule, "%s = %s, want it absent", path, show(v, ok))
}
