package contract

import (
	"fmt"
	"net/http"
	"sort"
	"strings"
)

// The defaults group: what a list gives when a parameter is left out (per_page 10,
// page 1, each resource's default order, posts' default status publish, media's
// inherit, context view) and what a created object holds when a field is left out.
// Every list is narrowed to objects the suite created (search= on a unique name), so
// the site's other content never matters.

// idsIn are the "id" of each element of a list.
func idsIn(r *Result) []int {
	var out []int
	for _, x := range r.list() {
		if m, ok := x.(map[string]any); ok {
			f, _ := m["id"].(float64)
			out = append(out, int(f))
		}
	}
	return out
}

// wantIDs checks the ids of a list, in order.
func wantIDs(t T, r *Result, want []int, rule string) bool {
	t.Helper()
	got := idsIn(r)
	if want == nil {
		want = []int{}
	}
	return check(t, r, r.Status == http.StatusOK && fmt.Sprint(got) == fmt.Sprint(want), rule, "status %d, ids %v, want %v", r.Status, got, want)
}

// wantIDSet checks the ids of a list, in any order.
func wantIDSet(t T, r *Result, want []int, rule string) bool {
	t.Helper()
	got := append([]int(nil), idsIn(r)...)
	w := append([]int(nil), want...)
	sort.Ints(got)
	sort.Ints(w)
	return check(t, r, r.Status == http.StatusOK && fmt.Sprint(got) == fmt.Sprint(w), rule, "status %d, ids %v, want (any order) %v", r.Status, idsIn(r), want)
}

func joinIDs(l ...int) string {
	s := make([]string, len(l))
	for i, x := range l {
		s[i] = fmt.Sprint(x)
	}
	return strings.Join(s, ",")
}

func reversed(l []int) []int {
	out := make([]int, len(l))
	for i, x := range l {
		out[len(l)-1-i] = x
	}
	return out
}

func init() {
	register("defaults", false, func(s *Suite, t T) {
		t.Run("per_page and page", func(t T) { defaultPaging(s, t) })
		t.Run("orders", func(t T) { defaultOrders(s, t) })
		t.Run("status", func(t T) { defaultStatus(s, t) })
		t.Run("context", func(t T) { defaultContext(s, t) })
		t.Run("created objects", func(t T) { createDefaults(s, t) })
	})
}

func defaultPaging(s *Suite, t T) {
	needWrites(s, t)
	base := s.name("dflt")
	var made []int
	for _, c := range "kbhaejcfgdi" { // 11 tags, created out of name order
		made = append(made, idOf(s.create(t, nil, "/wp/v2/tags", map[string]any{"name": base + "-" + string(c)})))
	}
	anon := s.as(anonymous)
	r := anon.get(t, "/wp/v2/tags?search="+base)
	check(t, r, len(r.list()) == 10, "defaults/tags/per-page-10: a list without per_page gives 10 items (per_page defaults to 10)", "%d items", len(r.list()))
	wantHeader(t, r, "X-WP-Total", "11", "pagination/total: X-WP-Total counts every match, not only the page")
	wantHeader(t, r, "X-WP-TotalPages", "2", "pagination/total-pages: X-WP-TotalPages is ceil(total / 10) with the default per_page")
	p1 := anon.get(t, "/wp/v2/tags?search="+base+"&page=1&per_page=10")
	wantIDs(t, r, idsIn(p1), "defaults/tags/page-1: a list without page is page 1 (the same items as page=1&per_page=10)")
	byName := map[string]int{}
	for i, c := range "kbhaejcfgdi" {
		byName[string(c)] = made[i]
	}
	var want []int
	for _, c := range "abcdefghij" {
		want = append(want, byName[string(c)])
	}
	wantIDs(t, r, want, "defaults/tags/order-name-asc: tags are ordered by name ascending by default")

	// the posts list pages the same way (drafts, so nothing appears on a real site)
	for i := 0; i < 11; i++ {
		s.create(t, nil, "/wp/v2/posts", map[string]any{"title": fmt.Sprintf("%s-post-%02d", base, i)})
	}
	r = s.as(s.admin()).get(t, "/wp/v2/posts?status=draft&search="+base+"-post")
	check(t, r, len(r.list()) == 10, "defaults/posts/per-page-10: the posts list without per_page gives 10 items (per_page defaults to 10)", "%d items", len(r.list()))
	wantHeader(t, r, "X-WP-Total", "11", "pagination/total: posts: X-WP-Total counts every match")
	wantHeader(t, r, "X-WP-TotalPages", "2", "pagination/total-pages: posts: X-WP-TotalPages is ceil(total / 10) with the default per_page")
}

func defaultOrders(s *Suite, t T) {
	needWrites(s, t)
	admin, anon := s.as(s.admin()), s.as(anonymous)
	base := s.name("order")
	t.Run("categories", func(t T) {
		var cats []int
		for _, c := range "cab" {
			cats = append(cats, idOf(s.create(t, nil, "/wp/v2/categories", map[string]any{"name": base + "-cat-" + string(c)})))
		}
		wantIDs(t, anon.get(t, "/wp/v2/categories?search="+base+"-cat"), []int{cats[1], cats[2], cats[0]}, "defaults/categories/order-name-asc: categories are ordered by name ascending by default")
	})
	t.Run("posts", func(t T) {
		var posts []int
		for _, d := range []string{"2020-01-02T10:00:00", "2020-01-03T10:00:00", "2020-01-01T10:00:00"} {
			posts = append(posts, idOf(s.create(t, nil, "/wp/v2/posts", map[string]any{"title": base + "-post", "status": "publish", "date": d})))
		}
		wantIDs(t, anon.get(t, "/wp/v2/posts?search="+base+"-post"), []int{posts[1], posts[0], posts[2]}, "defaults/posts/order-date-desc: posts are ordered by date descending by default")
	})
	t.Run("media", func(t T) {
		var media []int
		for _, d := range []string{"2020-01-02T10:00:00", "2020-01-01T10:00:00"} {
			up := s.upload(t, nil, base+"-img.png", "image/png", pngBytes, "date="+d)
			if !wantStatus(t, up, http.StatusCreated, "writes/media/upload: uploading a PNG with ?date= answers 201") {
				return
			}
			media = append(media, idOf(up))
		}
		wantIDs(t, anon.get(t, "/wp/v2/media?include="+joinIDs(media[1], media[0])), media, "defaults/media/order-date-desc: media are ordered by date descending by default")
	})
	t.Run("users", func(t T) {
		var users []int
		for i, n := range []string{"Charlie", "Alice", "Bob"} {
			login := fmt.Sprintf("%s-u%d", base, i)
			users = append(users, idOf(s.create(t, nil, "/wp/v2/users", map[string]any{"username": login, "email": login + "@example.com",
				"password": randomPassword(), "name": base + " " + n})))
		}
		wantIDs(t, admin.get(t, "/wp/v2/users?search="+base), []int{users[1], users[2], users[0]}, "defaults/users/order-name-asc: users are ordered by name (display name) ascending by default")
	})
	t.Run("revisions", func(t T) {
		p := idOf(s.create(t, nil, "/wp/v2/posts", map[string]any{"title": base + "-revised", "content": "v0", "status": "publish"}))
		for i := 1; i <= 3; i++ {
			r := admin.send(t, http.MethodPost, fmt.Sprintf("/wp/v2/posts/%d", p), map[string]any{"content": fmt.Sprintf("v%d", i)})
			wantStatus(t, r, http.StatusOK, "writes/posts/update: updating a post answers 200")
		}
		r := admin.get(t, fmt.Sprintf("/wp/v2/posts/%d/revisions", p))
		got := idsIn(r)
		sorted := append([]int(nil), got...)
		sort.Sort(sort.Reverse(sort.IntSlice(sorted)))
		check(t, r, len(got) == 3 && fmt.Sprint(got) == fmt.Sprint(sorted), "defaults/revisions/order-newest-first: revisions are ordered newest first by default (date desc, then id desc); one per content change",
			"ids %v", got)
		wantValue(t, r, "0.content.rendered", "<p>v3</p>\n", "defaults/revisions/order-newest-first: the first revision listed holds the latest content")
	})
}

func defaultStatus(s *Suite, t T) {
	f := s.fixture(t, "media")
	admin := s.as(s.admin())
	base := s.name("status")
	pub := idOf(s.create(t, nil, "/wp/v2/posts", map[string]any{"title": base, "status": "publish"}))
	draft := idOf(s.create(t, nil, "/wp/v2/posts", map[string]any{"title": base, "status": "draft"}))
	wantIDs(t, admin.get(t, "/wp/v2/posts?search="+base), []int{pub},
		"defaults/posts/status-publish: the posts list shows only published posts by default (status defaults to publish), even to the admin")
	wantIDs(t, admin.get(t, "/wp/v2/posts?search="+base+"&status=draft"), []int{draft}, "params/posts/status-draft: status=draft lists the draft (for a user who can edit posts)")
	wantIDs(t, s.as(anonymous).get(t, fmt.Sprintf("/wp/v2/media?include=%d", f.media)), []int{f.media},
		"defaults/media/status-inherit: the media list shows attachments of status inherit by default")
	wantIDs(t, admin.get(t, fmt.Sprintf("/wp/v2/media?include=%d&status=private", f.media)), nil,
		"defaults/media/status-private-excludes-inherit: an inherit attachment is not listed with status=private")
}

func defaultContext(s *Suite, t T) {
	f := s.fixture(t, "media", "revision")
	for _, c := range []struct {
		path string
		acc  *account
	}{
		{fmt.Sprintf("/wp/v2/posts/%d", f.post), anonymous}, {fmt.Sprintf("/wp/v2/media/%d", f.media), anonymous},
		{fmt.Sprintf("/wp/v2/tags/%d", f.tag), anonymous}, {fmt.Sprintf("/wp/v2/categories/%d", f.cat), anonymous},
		{fmt.Sprintf("/wp/v2/users/%d", f.admin), s.admin()}, {fmt.Sprintf("/wp/v2/posts/%d/revisions/%d", f.post, f.revision), s.admin()},
		{"/wp/v2/types/post", s.admin()}, {"/wp/v2/taxonomies/post_tag", s.admin()}, {"/wp/v2/statuses/publish", s.admin()},
		{fmt.Sprintf("/wp/v2/posts?include=%d", f.post), s.admin()},
	} {
		plain := s.as(c.acc).get(t, c.path)
		sep := "?"
		if strings.Contains(c.path, "?") {
			sep = "&"
		}
		view := s.as(c.acc).get(t, c.path+sep+"context=view")
		a, b := keysOf(plain.JSON()), keysOf(view.JSON())
		if l := plain.list(); len(l) > 0 && len(view.list()) > 0 {
			a, b = keysOf(l[0]), keysOf(view.list()[0])
		}
		check(t, plain, plain.Status == http.StatusOK && len(a) > 0 && fmt.Sprint(a) == fmt.Sprint(b),
			"defaults/context/view: GET "+c.path+" without context answers in view context (the same fields as context=view), even for the admin", "keys %v, view has %v", a, b)
	}
}

func createDefaults(s *Suite, t T) {
	needWrites(s, t)
	p := s.create(t, nil, "/wp/v2/posts", map[string]any{"title": s.name("bare")})
	// comments and pings: what the site's owner chose (Settings > Discussion),
	// first, so the rule's text names the fact
	for _, kind := range []string{"comment", "ping"} {
		rule := "defaults/posts/create-defaults: a post created with only a title: " + kind + "_status defaults to the site's default_" + kind + "_status"
		if want, note, ok, why := s.defaultDiscussion(t, "post", kind); ok {
			wantValue(t, p, kind+"_status", want, rule+" "+note)
		} else {
			skipRule(t, rule, why)
		}
	}
	for _, c := range []struct {
		field string
		want  any
	}{{"status", "draft"}, {"author", s.adminID()}, {"format", "standard"},
		{"sticky", false}, {"tags", []int{}}, {"template", ""}, {"featured_media", 0}, {"password", ""}, {"slug", ""},
		{"excerpt.raw", ""}, {"content.raw", ""}, {"type", "post"}} {
		wantValue(t, p, c.field, c.want, "defaults/posts/create-defaults: a post created with only a title: "+c.field+" defaults to "+show(c.want, true))
	}
	cats, _ := at(p.JSON(), "categories")
	const defCat = "defaults/posts/default-category: a post created without categories is put in the site's default category"
	if id, note, ok, why := s.defaultCategory(t); ok {
		wantValue(t, p, "categories", []any{id}, defCat+" "+note)
	} else {
		check(t, p, len(stringsOrAny(cats)) == 1, defCat+" (one id)", "categories %s", show(cats, true))
		skipRule(t, defCat+": which one", why)
	}
	wantKind(t, p, "categories.0", "int", "types/posts-default-category: post created without categories")
	wantHeader(t, p, "Location", s.url(fmt.Sprintf("/wp/v2/posts/%d", idOf(p))), "writes/location: a create answers 201 with Location: the new object's URL")
	t.Run("tag", func(t T) { createDefaultsOthers(s, t, "tag") })
	t.Run("user", func(t T) { createDefaultsOthers(s, t, "user") })
	t.Run("media", func(t T) { createDefaultsOthers(s, t, "media") })
}

func createDefaultsOthers(s *Suite, t T, what string) {
	switch what {
	case "tag":
		tag := s.create(t, nil, "/wp/v2/tags", map[string]any{"name": s.name("bare tag")})
		wantValue(t, tag, "count", 0, "defaults/tags/create-count-0: a new tag's count is 0")
		wantValue(t, tag, "description", "", "defaults/tags/create-description-empty: a new tag's description defaults to \"\"")
		wantValue(t, tag, "slug", s.name("bare-tag"), "defaults/tags/create-slug: a new tag's slug is its name sanitized (lowercase, spaces to -)")
	case "user":
		login := s.name("bare")
		u := s.create(t, nil, "/wp/v2/users", map[string]any{"username": login, "email": login + "@example.com", "password": randomPassword()})
		for _, c := range []struct {
			field string
			want  any
		}{{"name", login}, {"nickname", login}, {"slug", login}, {"first_name", ""}, {"last_name", ""}, {"url", ""}, {"description", ""}, {"locale", "en_US"}} {
			wantValue(t, u, c.field, c.want, "defaults/users/create-defaults: a user created with only username, email and password: "+c.field+" defaults to "+show(c.want, true))
		}
	case "media":
		m := s.upload(t, nil, s.name("bare")+".png", "image/png", pngBytes, "")
		if wantStatus(t, m, http.StatusCreated, "writes/media/upload: uploading a PNG answers 201") {
			for _, c := range []struct {
				field string
				want  any
			}{{"status", "inherit"}, {"title.raw", s.name("bare")}, {"alt_text", ""}, {"caption.raw", ""}, {"post", nil}, {"type", "attachment"}} {
				wantValue(t, m, c.field, c.want, "defaults/media/create-defaults: an uploaded file: "+c.field+" defaults to "+show(c.want, true)+" (the title is the file name without extension)")
			}
			// closed, as attachments support no trackbacks, unless the site adds them
			rule := "defaults/media/create-defaults: an uploaded file: ping_status defaults to get_default_comment_status's"
			if want, note, ok, why := s.defaultDiscussion(t, "attachment", "ping"); ok {
				wantValue(t, m, "ping_status", want, rule+" ("+want+") "+note)
			} else {
				skipRule(t, rule, why)
			}
		}
	}
}

func stringsOrAny(v any) []any { l, _ := v.([]any); return l }
