package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"image"
	"image/color"
	"image/png"
)

// The content the captures are made on. A fresh reference WordPress (ci/graphql/up.sh)
// gets it through the REST API, as ci/compare's prepare gives WordPress what the mock's
// example dataset has: the same users per role, tags Go and WordPress, a revision of post
// 1, the editor's sticky release post with a tag and a featured image, the author's post
// and draft; and beside them what frontends query through WPGraphQL: a category tree, a
// page tree (parent, child, grandchild) for children/ancestors and nested URIs, a static
// front page and posts page, private, protected and draft content for the anonymous-user
// answers, comments with a reply and one held, and menus (one at each location of
// site.json, one at none: WPGraphQL shows anonymous users only menus at a location).
// site.json also declares a post type and a taxonomy shown in GraphQL (show_in_graphql,
// graphql_single_name, graphql_plural_name: book, genre) and one that is not (note); seedOwnTypes
// gives them items. The site is then cloned (`capture` runs `wpmock clone`) and the copy committed beside
// the captures: the mock serves exactly the content the answers were captured on.

var seedUsers = []struct{ login, name, role string }{
	{"editor", "Edith Editor", "editor"},
	{"author", "Arthur Author", "author"},
	{"contributor", "Connie Contributor", "contributor"},
	{"subscriber", "Sam Subscriber", "subscriber"},
}

// seeded are the ids the seed made, by name, for the menus and the settings.
type seeded map[string]int

func seed(s *site) error {
	ids := seeded{}
	if list, err := s.rest("GET", "/wp/v2/posts?slug=release-notes-for-version-2-0&status=any", "admin", nil); err != nil {
		return err
	} else if l, _ := list.([]any); len(l) > 0 {
		return fmt.Errorf("%s is seeded already: start it afresh with ci/graphql/up.sh", s.base)
	}
	steps := []func(*site, seeded) error{seedPeople, seedTerms, seedMedia, seedPosts, seedPages, seedComments, seedMenus, seedSettings, seedOwnTypes}
	for _, step := range steps {
		if err := step(s, ids); err != nil {
			return err
		}
	}
	return nil
}

// create POSTs body to route as admin and records the new object's id as name.
func create(s *site, ids seeded, name, route string, body map[string]any) error {
	v, err := s.rest("POST", route, "admin", body)
	if err != nil {
		return err
	}
	ids[name] = id(v)
	return nil
}

func seedPeople(s *site, ids seeded) error {
	for _, u := range seedUsers {
		if err := create(s, ids, "user:"+u.login, "/wp/v2/users", map[string]any{
			"username": u.login, "email": u.login + "@example.com", "password": "wpmock-" + u.login,
			"name": u.name, "nickname": u.login, "roles": []string{u.role},
			"description": u.name + " writes for the reference site.",
		}); err != nil {
			return err
		}
	}
	return nil
}

func seedTerms(s *site, ids seeded) error {
	for _, t := range []string{"Go", "WordPress"} {
		if err := create(s, ids, "tag:"+t, "/wp/v2/tags", map[string]any{"name": t, "description": "Posts about " + t + "."}); err != nil {
			return err
		}
	}
	if err := create(s, ids, "cat:news", "/wp/v2/categories", map[string]any{"name": "News", "description": "What is new."}); err != nil {
		return err
	}
	if err := create(s, ids, "cat:releases", "/wp/v2/categories", map[string]any{"name": "Releases", "parent": ids["cat:news"]}); err != nil {
		return err
	}
	return create(s, ids, "cat:patches", "/wp/v2/categories", map[string]any{"name": "Patches", "parent": ids["cat:releases"]})
}

// seedMedia uploads a 640x480 PNG, large enough for WordPress to make its thumbnail and
// medium sizes, which featuredImage { mediaDetails { sizes } } lists.
func seedMedia(s *site, ids seeded) error {
	img := image.NewRGBA(image.Rect(0, 0, 640, 480))
	for y := 0; y < 480; y++ {
		for x := 0; x < 640; x++ {
			img.Set(x, y, color.RGBA{uint8(x / 3), uint8(y / 2), 160, 255})
		}
	}
	var b bytes.Buffer
	if err := png.Encode(&b, img); err != nil {
		return err
	}
	a, err := s.do("POST", s.base+"/wp-json/wp/v2/media", "admin", map[string]string{
		"Content-Type": "image/png", "Content-Disposition": `attachment; filename="sample.png"`}, b.Bytes())
	if err != nil {
		return err
	}
	if a.status != 201 {
		return fmt.Errorf("POST /wp/v2/media: %d %s", a.status, clip(a.body, 300))
	}
	v, err := decodeJSON(a.body)
	if err != nil {
		return err
	}
	ids["media"] = id(v)
	_, err = s.rest("POST", fmt.Sprintf("/wp/v2/media/%d", ids["media"]), "admin", map[string]any{
		"alt_text": "A gradient", "caption": "The sample image", "description": "A 640x480 gradient.", "title": "Sample"})
	return err
}

func seedPosts(s *site, ids seeded) error {
	// An update with new content leaves a revision of post 1, as in ci/compare.
	if _, err := s.rest("POST", "/wp/v2/posts/1", "admin", map[string]any{
		"content": "<!-- wp:paragraph -->\n<p>Welcome to WordPress. This is your first post, edited once by wpcompare.</p>\n<!-- /wp:paragraph -->",
	}); err != nil {
		return err
	}
	posts := []struct {
		name string
		body map[string]any
	}{
		{"release", map[string]any{"title": "Release notes for version 2.0", "status": "publish", "author": ids["user:editor"],
			"tags": []int{ids["tag:Go"]}, "categories": []int{ids["cat:releases"]}, "sticky": true, "featured_media": ids["media"],
			"date_gmt": "2024-03-01T10:00:00", "excerpt": "What changed in 2.0.",
			"content": "<!-- wp:paragraph -->\n<p>Version 2.0 is out.</p>\n<!-- /wp:paragraph -->"}},
		{"plugin", map[string]any{"title": "Writing a plugin in an afternoon", "status": "publish", "author": ids["user:author"],
			"tags": []int{ids["tag:Go"], ids["tag:WordPress"]}, "categories": []int{ids["cat:news"]}, "date_gmt": "2024-02-01T09:30:00",
			"content": "<!-- wp:paragraph -->\n<p>A plugin, step by step.</p>\n<!-- /wp:paragraph -->"}},
		{"week1", map[string]any{"title": "Week one", "status": "publish", "author": ids["user:author"], "date_gmt": "2024-01-08T08:00:00",
			"categories": []int{ids["cat:patches"]}, "content": "<p>The first week.</p>"}},
		{"week2", map[string]any{"title": "Week two", "status": "publish", "author": ids["user:editor"], "date_gmt": "2024-01-15T08:00:00",
			"content": "<p>The second week.</p>"}},
		{"week3", map[string]any{"title": "Week three", "status": "publish", "author": ids["user:author"], "date_gmt": "2024-01-22T08:00:00",
			"tags": []int{ids["tag:WordPress"]}, "content": "<p>The third week.</p>"}},
		{"protected", map[string]any{"title": "Members only", "status": "publish", "password": "secret", "date_gmt": "2024-02-10T12:00:00",
			"content": "<p>Only for members.</p>"}},
		{"private", map[string]any{"title": "Private notes", "status": "private", "date_gmt": "2024-02-11T12:00:00",
			"content": "<p>Not for visitors.</p>"}},
		{"draft", map[string]any{"title": "A draft about roadmaps", "status": "draft", "author": ids["user:author"],
			"content": "<p>Where we go next.</p>"}},
		{"future", map[string]any{"title": "Scheduled announcement", "status": "future", "date_gmt": "2099-01-01T00:00:00",
			"content": "<p>Later.</p>"}},
	}
	for _, p := range posts {
		if err := create(s, ids, "post:"+p.name, "/wp/v2/posts", p.body); err != nil {
			return err
		}
	}
	// Attached to the post it illustrates, as the mock's image is.
	_, err := s.rest("POST", fmt.Sprintf("/wp/v2/media/%d", ids["media"]), "admin", map[string]any{"post": ids["post:release"]})
	return err
}

func seedPages(s *site, ids seeded) error {
	pages := []struct {
		name, title, status string
		parent              string
		order               int
	}{
		{"home", "Home", "publish", "", 0},
		{"blog", "Blog", "publish", "", 1},
		{"about", "About", "publish", "", 2},
		{"team", "Team", "publish", "about", 0},
		{"leads", "Leads", "publish", "team", 0},
		{"internal", "Internal", "private", "", 3},
		{"upcoming", "Upcoming", "draft", "", 4},
	}
	for _, p := range pages {
		body := map[string]any{"title": p.title, "status": p.status, "menu_order": p.order,
			"content": "<!-- wp:paragraph -->\n<p>The " + p.title + " page.</p>\n<!-- /wp:paragraph -->"}
		if p.parent != "" {
			body["parent"] = ids["page:"+p.parent]
		}
		if err := create(s, ids, "page:"+p.name, "/wp/v2/pages", body); err != nil {
			return err
		}
	}
	return nil
}

func seedComments(s *site, ids seeded) error {
	release := ids["post:release"]
	if err := create(s, ids, "comment:first", "/wp/v2/comments", map[string]any{"post": release, "author": ids["user:author"],
		"content": "Congratulations on the release.", "status": "approved", "date_gmt": "2024-03-02T08:00:00"}); err != nil {
		return err
	}
	if err := create(s, ids, "comment:reply", "/wp/v2/comments", map[string]any{"post": release, "author": 1,
		"parent": ids["comment:first"], "content": "Thank you!", "status": "approved", "date_gmt": "2024-03-02T09:00:00"}); err != nil {
		return err
	}
	return create(s, ids, "comment:held", "/wp/v2/comments", map[string]any{"post": release, "author_name": "Visitor",
		"author_email": "visitor@example.com", "status": "hold", "content": "Is this spam?", "date_gmt": "2024-03-03T08:00:00"})
}

func seedMenus(s *site, ids seeded) error {
	menus := []struct {
		name      string
		locations []string
	}{{"Main", []string{"primary"}}, {"Footer", []string{"footer"}}, {"Unused", nil}}
	for _, m := range menus {
		body := map[string]any{"name": m.name}
		if m.locations != nil {
			body["locations"] = m.locations
		}
		if err := create(s, ids, "menu:"+m.name, "/wp/v2/menus", body); err != nil {
			return err
		}
	}
	page := func(p string) map[string]any {
		return map[string]any{"type": "post_type", "object": "page", "object_id": ids["page:"+p]}
	}
	// In order: an item's parent is made before it.
	items := []struct {
		name, menu string
		order      int
		parent     string
		fields     map[string]any
	}{
		{"home", "Main", 1, "", page("home")},
		{"about", "Main", 2, "", page("about")},
		{"team", "Main", 3, "about", page("team")},
		{"releases", "Main", 4, "", map[string]any{"type": "taxonomy", "object": "category", "object_id": ids["cat:releases"], "title": "All releases"}},
		{"release", "Main", 5, "", map[string]any{"type": "post_type", "object": "post", "object_id": ids["post:release"]}},
		{"source", "Main", 6, "", map[string]any{"type": "custom", "url": "https://example.com/source", "title": "Source", "target": "_blank"}},
		{"blog", "Footer", 1, "", page("blog")},
		{"unused", "Unused", 1, "", map[string]any{"type": "custom", "url": "https://example.com/", "title": "Example"}},
	}
	for _, it := range items {
		it.fields["menus"] = ids["menu:"+it.menu]
		it.fields["menu_order"] = it.order
		it.fields["status"] = "publish"
		if it.parent != "" {
			it.fields["parent"] = ids["item:"+it.parent]
		}
		if err := create(s, ids, "item:"+it.name, "/wp/v2/menu-items", it.fields); err != nil {
			return err
		}
	}
	return nil
}

// seedSettings makes Home the static front page and Blog the posts page, and gives the
// site a tagline.
func seedSettings(s *site, ids seeded) error {
	_, err := s.rest("POST", "/wp/v2/settings", "admin", map[string]any{"description": "Answers captured for wpmock",
		"show_on_front": "page", "page_on_front": ids["page:home"], "page_for_posts": ids["page:blog"]})
	if err != nil {
		return err
	}
	v, err := s.rest("GET", "/wp/v2/settings", "admin", nil)
	if err != nil {
		return err
	}
	if m, _ := v.(map[string]any); m["show_on_front"] != "page" {
		return fmt.Errorf("%s did not take show_on_front=page (it has %v)", s.base, m["show_on_front"])
	}
	return nil
}

func decodeJSON(b []byte) (any, error) {
	var v any
	err := json.Unmarshal(b, &v)
	return v, err
}

// seedOwnTypes gives site.json's own types items: genres (a parent and a child), two books
// (one a draft) and a note, whose type is not shown in GraphQL.
func seedOwnTypes(s *site, ids seeded) error {
	if err := create(s, ids, "genre:fiction", "/wp/v2/genres", map[string]any{"name": "Fiction", "description": "Made up."}); err != nil {
		return err
	}
	if err := create(s, ids, "genre:scifi", "/wp/v2/genres", map[string]any{"name": "Science fiction", "slug": "sci-fi", "parent": ids["genre:fiction"]}); err != nil {
		return err
	}
	books := []struct {
		name string
		body map[string]any
	}{
		{"go", map[string]any{"title": "The Go Book", "status": "publish", "author": ids["user:author"], "date_gmt": "2024-04-01T10:00:00",
			"genres": []int{ids["genre:scifi"]}, "featured_media": ids["media"], "excerpt": "A book about Go.",
			"content": "<!-- wp:paragraph -->\n<p>Chapter one.</p>\n<!-- /wp:paragraph -->"}},
		{"later", map[string]any{"title": "A book in the making", "status": "draft", "genres": []int{ids["genre:fiction"]},
			"content": "<p>Not yet.</p>"}},
	}
	for _, b := range books {
		if err := create(s, ids, "book:"+b.name, "/wp/v2/books", b.body); err != nil {
			return err
		}
	}
	return create(s, ids, "note:first", "/wp/v2/notes", map[string]any{"title": "A note", "status": "publish", "date_gmt": "2024-04-02T10:00:00",
		"content": "<p>Not in GraphQL.</p>"})
}
