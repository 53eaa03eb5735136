package mock

import (
	"strconv"
	"strings"
	"testing"

	"github.com/wpmock/wpmock/fixtures"
)

// TestSiteOptions: the site's options that shape links and new items, as WordPress
// 7.1 answers with them set (category_base "/topics", tag_base "labels", a static
// front page and a posts page): term links under the bases and without the front,
// the front page's link (and permalink template) the home URL, the posts page its own,
// and new posts with default_category, default_comment_status and
// default_ping_status.
func TestSiteOptions(t *testing.T) {
	ds := fixtures.Example()
	next := ds.NextIDs()
	home, blog := next.Posts, next.Posts+1
	ds.Posts = append(ds.Posts,
		fixtures.Post{ID: home, Type: "page", Status: "publish", Author: 1, Date: ds.Posts[0].Date, Slug: "home", Title: "Home"},
		fixtures.Post{ID: blog, Type: "page", Status: "publish", Author: 1, Date: ds.Posts[0].Date, Slug: "blog", Title: "Blog"})
	ds.Terms = append(ds.Terms, fixtures.Term{ID: next.Terms, Taxonomy: "post_tag", Name: "Blue", Slug: "blue"},
		fixtures.Term{ID: next.Terms + 1, Taxonomy: "category", Name: "Other", Slug: "other"})
	ds.Options = map[string]any{"permalink_structure": "/archives/%post_id%/", "category_base": "/topics", "tag_base": "labels",
		"show_on_front": "page", "page_on_front": home, "page_for_posts": blog,
		"default_category": next.Terms + 1, "default_comment_status": "closed", "default_ping_status": "closed"}
	if err := ds.Validate(); err != nil {
		t.Fatal(err)
	}
	s := newTestSiteWith(t, ds)
	site := s.srv.URL
	field := func(path, login, name string) any {
		t.Helper()
		r := s.get(t, path, login)
		m, _ := r.json.(map[string]any)
		if r.status != 200 || m == nil {
			t.Fatalf("%s: %d %.200s", path, r.status, r.body)
		}
		return m[name]
	}
	for _, c := range []struct{ path, login, name, want string }{
		{"/wp/v2/tags/" + strconv.Itoa(next.Terms), "", "link", site + "/labels/blue/"},
		{"/wp/v2/categories/" + strconv.Itoa(next.Terms+1), "", "link", site + "/topics/other/"},
		{"/wp/v2/pages/" + strconv.Itoa(home), "", "link", site + "/"},
		{"/wp/v2/pages/" + strconv.Itoa(home) + "?context=edit", "admin", "permalink_template", site + "/"},
		{"/wp/v2/pages/" + strconv.Itoa(blog), "", "link", site + "/blog/"},
		// the author's link keeps the front: the bases concern categories and tags only
		{"/wp/v2/users/1", "", "link", site + "/archives/author/"},
	} {
		got, _ := field(c.path, c.login, c.name).(string)
		if c.name == "link" && strings.HasSuffix(c.want, "/archives/author/") {
			if !strings.HasPrefix(got, c.want) {
				t.Errorf("%s %s: got %q, want it under %q", c.path, c.name, got, c.want)
			}
			continue
		}
		if got != c.want {
			t.Errorf("%s %s: got %q, want %q", c.path, c.name, got, c.want)
		}
	}
	w := s.send(t, "POST", "/wp/v2/posts", "admin", map[string]any{"title": "new"})
	m, _ := w.json.(map[string]any)
	if w.status != 201 || m["comment_status"] != "closed" || m["ping_status"] != "closed" {
		t.Errorf("a new post's statuses: %d %v %v", w.status, m["comment_status"], m["ping_status"])
	}
	if cats, _ := m["categories"].([]any); len(cats) != 1 || cats[0] != float64(next.Terms+1) {
		t.Errorf("a new post's categories: %v, want the default category %d", m["categories"], next.Terms+1)
	}
}

// TestSiteManualOffset: a manual UTC offset (gmt_offset 5.5, timezone_string "") is
// the index's gmt_offset and the difference between a post's date and date_gmt, as
// wp_timezone makes it "+05:30".
func TestSiteManualOffset(t *testing.T) {
	ds := fixtures.Example()
	ds.Options = map[string]any{"timezone_string": "", "gmt_offset": 5.5}
	s := newTestSiteWith(t, ds)
	idx, _ := s.get(t, "/", "").json.(map[string]any)
	if idx["gmt_offset"] != 5.5 || idx["timezone_string"] != "" {
		t.Errorf("index: gmt_offset %v, timezone_string %q", idx["gmt_offset"], idx["timezone_string"])
	}
	w := s.send(t, "POST", "/wp/v2/posts", "admin", map[string]any{"title": "t", "date": "2025-01-01T12:00:00"})
	m, _ := w.json.(map[string]any)
	if m["date"] != "2025-01-01T12:00:00" || m["date_gmt"] != "2025-01-01T06:30:00" {
		t.Errorf("a post at 12:00 local: date %v, date_gmt %v, want 06:30 GMT", m["date"], m["date_gmt"])
	}
}
