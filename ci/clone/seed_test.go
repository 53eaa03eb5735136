package clone

import (
	"bytes"
	"encoding/json"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"io"
	"net/http"
	"net/url"
	"os"
	"strings"
	"time"
)

// site is the WordPress a test seeds and clones: its REST root and the admin's
// application password.
type site struct {
	api, password string
	client        *http.Client
}

// call sends one request as the admin and decodes the JSON answer; a status other than
// 2xx is an error.
func (s *site) call(method, route string, body any) (any, error) {
	var rd io.Reader
	ctype := "application/json"
	switch b := body.(type) {
	case nil:
	case []byte:
		rd, ctype = bytes.NewReader(b), "image/png"
	default:
		j, err := json.Marshal(b)
		if err != nil {
			return nil, err
		}
		rd = bytes.NewReader(j)
	}
	req, err := http.NewRequest(method, s.api+route, rd)
	if err != nil {
		return nil, err
	}
	req.SetBasicAuth("admin", s.password)
	if rd != nil {
		req.Header.Set("Content-Type", ctype)
		if ctype == "image/png" {
			req.Header.Set("Content-Disposition", `attachment; filename="clone-picture.png"`)
		}
	}
	resp, err := s.client.Do(req)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	raw, err := io.ReadAll(resp.Body)
	if err != nil {
		return nil, err
	}
	if resp.StatusCode/100 != 2 {
		return nil, fmt.Errorf("%s %s: %d %.300s", method, route, resp.StatusCode, raw)
	}
	var v any
	if err := json.Unmarshal(raw, &v); err != nil {
		return nil, fmt.Errorf("%s %s: %v", method, route, err)
	}
	return v, nil
}

// ensure finds an object of a collection by slug (any status) or creates it; it
// returns the object's id.
func (s *site) ensure(collection, slug string, fields map[string]any) (int, error) {
	found, err := s.call("GET", "/wp/v2/"+collection+"?context=edit&slug="+url.QueryEscape(slug)+statusAny(collection), nil)
	if err != nil {
		return 0, err
	}
	if list, _ := found.([]any); len(list) > 0 {
		return idOf(list[0]), nil
	}
	fields["slug"] = slug
	made, err := s.call("POST", "/wp/v2/"+collection, fields)
	if err != nil {
		return 0, err
	}
	return idOf(made), nil
}

func statusAny(collection string) string {
	if collection == "posts" || collection == "pages" || collection == "books" || collection == "guide" {
		return "&status=publish,future,draft,pending,private"
	}
	return ""
}

func idOf(v any) int {
	m, _ := v.(map[string]any)
	f, _ := m["id"].(float64)
	return int(f)
}

// seed gives the site varied content through its API, as a team's site would have:
// several authors, a category tree and tags, sticky, password-protected, private and
// draft posts, a post edited twice (revisions), an image attached and featured, a
// page hierarchy with an order, and threaded, held comments. It is idempotent: what
// exists (by slug) is kept.
func seed(s *site) error {
	authors := map[string]int{}
	for _, u := range []struct{ login, name, role string }{
		{"clone-editor", "Clea Editor", "editor"}, {"clone-author", "Cloe Author", "author"},
	} {
		found, err := s.call("GET", "/wp/v2/users?context=edit&search="+u.login, nil)
		if err != nil {
			return err
		}
		id := 0
		for _, x := range asList(found) {
			if m, _ := x.(map[string]any); m["username"] == u.login {
				id = idOf(x)
			}
		}
		if id == 0 {
			made, err := s.call("POST", "/wp/v2/users", map[string]any{"username": u.login, "name": u.name,
				"email": u.login + "@example.com", "password": "clone-" + u.login, "roles": []string{u.role},
				"description": "Writes about <em>" + u.role + "</em> things."})
			if err != nil {
				return err
			}
			id = idOf(made)
		}
		authors[u.role] = id
	}
	parentCat, err := s.ensure("categories", "clone-travel", map[string]any{"name": "Travel", "description": "Trips & places"})
	if err != nil {
		return err
	}
	childCat, err := s.ensure("categories", "clone-islands", map[string]any{"name": "Islands", "parent": parentCat})
	if err != nil {
		return err
	}
	var tags []int
	for _, name := range []string{"Ferries", "Beaches", "Food"} {
		id, err := s.ensure("tags", "clone-"+strings.ToLower(name), map[string]any{"name": name})
		if err != nil {
			return err
		}
		tags = append(tags, id)
	}
	media, err := s.ensureMedia()
	if err != nil {
		return err
	}
	day := time.Date(2024, 3, 1, 9, 30, 0, 0, time.UTC)
	posts := []map[string]any{
		{"slug": "clone-island-hopping", "title": "Island hopping \"on a budget\"", "status": "publish", "sticky": true,
			"author": authors["editor"], "categories": []int{childCat}, "tags": tags[:2], "featured_media": media,
			"content": "<!-- wp:paragraph -->\n<p>Ferries leave at dawn -- bring coffee.</p>\n<!-- /wp:paragraph -->\n\n<!-- wp:paragraph -->\n<p>Second paragraph with a <a href=\"https://example.com\">link</a>.</p>\n<!-- /wp:paragraph -->",
			"excerpt": ""},
		{"slug": "clone-members-only", "title": "Members only", "status": "publish", "password": "open-sesame",
			"author": authors["author"], "categories": []int{parentCat}, "content": "Secret itinerary.\n\nDay two: more secrets."},
		{"slug": "clone-street-food", "title": "Street food, ranked", "status": "publish", "author": authors["author"],
			"tags": tags[1:], "format": "aside", "content": "1. Noodles\n2. Dumplings\n\nIt's \"hard\" to choose...", "excerpt": "A hand-written excerpt."},
		{"slug": "clone-private-notes", "title": "Private notes", "status": "private", "content": "Only for editors."},
		{"slug": "clone-next-trip", "title": "Next trip (draft)", "status": "draft", "author": authors["author"], "content": "Ideas."},
	}
	ids := map[string]int{}
	for i, p := range posts {
		p["date"] = day.Add(time.Duration(i) * 24 * time.Hour).Format("2006-01-02T15:04:05")
		slug := p["slug"].(string)
		id, err := s.ensure("posts", slug, p)
		if err != nil {
			return err
		}
		ids[slug] = id
	}
	// two edits of the first post: revisions
	first := ids["clone-island-hopping"]
	revs, err := s.call("GET", fmt.Sprintf("/wp/v2/posts/%d/revisions", first), nil)
	if err != nil {
		return err
	}
	if len(asList(revs)) < 2 {
		for _, c := range []string{"Ferries leave at dawn.", "Ferries leave at dawn -- bring coffee."} {
			body := "<!-- wp:paragraph -->\n<p>" + c + "</p>\n<!-- /wp:paragraph -->"
			if _, err := s.call("POST", fmt.Sprintf("/wp/v2/posts/%d", first), map[string]any{"content": body}); err != nil {
				return err
			}
		}
	}
	if _, err := s.call("POST", fmt.Sprintf("/wp/v2/media/%d", media), map[string]any{"post": first}); err != nil {
		return err
	}
	// pages: a hierarchy in an order
	about, err := s.ensure("pages", "clone-about", map[string]any{"title": "About us", "status": "publish", "content": "Who we are.", "menu_order": 2})
	if err != nil {
		return err
	}
	team, err := s.ensure("pages", "clone-team", map[string]any{"title": "The team", "status": "publish", "parent": about, "content": "People."})
	if err != nil {
		return err
	}
	if _, err := s.ensure("pages", "clone-history", map[string]any{"title": "History", "status": "publish", "parent": team, "menu_order": 1, "content": "Since 2001."}); err != nil {
		return err
	}
	if _, err := s.ensure("pages", "clone-contact", map[string]any{"title": "Contact", "status": "publish", "menu_order": 1, "content": "Write to us."}); err != nil {
		return err
	}
	// comments: a thread and one held for moderation
	existing, err := s.call("GET", fmt.Sprintf("/wp/v2/comments?post=%d&status=all&context=edit", first), nil)
	if err != nil {
		return err
	}
	if len(asList(existing)) == 0 {
		top, err := s.call("POST", "/wp/v2/comments", map[string]any{"post": first, "content": "Which ferry did you take?",
			"author_name": "Ann Reader", "author_email": "ann@example.com", "date": "2024-03-02T10:00:00", "status": "approved"})
		if err != nil {
			return err
		}
		if _, err := s.call("POST", "/wp/v2/comments", map[string]any{"post": first, "parent": idOf(top),
			"content": "The *early* one -- 6am.", "date": "2024-03-02T11:00:00"}); err != nil {
			return err
		}
		if _, err := s.call("POST", "/wp/v2/comments", map[string]any{"post": ids["clone-street-food"], "status": "hold",
			"content": "Buy cheap watches!", "author_name": "Spammy", "author_email": "spam@example.com", "date": "2024-03-04T10:00:00"}); err != nil {
			return err
		}
	}
	if os.Getenv("WPMOCK_DECLARATIONS") != "" {
		return seedDeclared(s, authors["editor"], media, day)
	}
	return nil
}

// seedDeclared gives a customized site (the CI declarations, ci/wordpress/site/
// customized.json) content of its own types and taxonomies: a genre tree with its
// term meta, a topic, books with their terms, meta and plugin field, and a guide
// with a child.
func seedDeclared(s *site, editor, media int, day time.Time) error {
	fiction, err := s.ensure("genres", "clone-fiction", map[string]any{"name": "Fiction", "meta": map[string]any{"color": "blue"}})
	if err != nil {
		return err
	}
	mystery, err := s.ensure("genres", "clone-mystery", map[string]any{"name": "Mystery", "parent": fiction, "description": "Whodunits"})
	if err != nil {
		return err
	}
	tips, err := s.ensure("topic", "clone-tips", map[string]any{"name": "Tips"})
	if err != nil {
		return err
	}
	books := []map[string]any{
		{"slug": "clone-the-hound", "title": "The Hound", "status": "publish", "author": editor, "genres": []int{mystery},
			"topic": []int{tips}, "featured_media": media, "meta": map[string]any{"isbn": "978-0-00-000001-1"},
			"wpmock_note": "Shelve near the door.", "content": "<p>A dog on the moor.</p>", "excerpt": "A dog."},
		{"slug": "clone-the-island", "title": "The Island", "status": "publish", "genres": []int{fiction}, "content": "Sea."},
		{"slug": "clone-next-book", "title": "Next book (draft)", "status": "draft", "genres": []int{fiction}, "content": "Ideas."},
	}
	for i, b := range books {
		b["date"] = day.Add(time.Duration(10+i) * 24 * time.Hour).Format("2006-01-02T15:04:05")
		if _, err := s.ensure("books", b["slug"].(string), b); err != nil {
			return err
		}
	}
	start, err := s.ensure("guide", "clone-start", map[string]any{"title": "Start", "status": "publish", "topic": []int{tips}})
	if err != nil {
		return err
	}
	_, err = s.ensure("guide", "clone-install", map[string]any{"title": "Install", "status": "publish", "parent": start, "menu_order": 2})
	return err
}

// ensureMedia uploads the seed's picture once.
func (s *site) ensureMedia() (int, error) {
	found, err := s.call("GET", "/wp/v2/media?search=clone-picture", nil)
	if err != nil {
		return 0, err
	}
	if list := asList(found); len(list) > 0 {
		return idOf(list[0]), nil
	}
	img := image.NewRGBA(image.Rect(0, 0, 640, 400))
	for y := 0; y < 400; y++ {
		for x := 0; x < 640; x++ {
			img.Set(x, y, color.RGBA{uint8(x / 3), uint8(y / 2), 120, 255})
		}
	}
	var b bytes.Buffer
	if err := png.Encode(&b, img); err != nil {
		return 0, err
	}
	made, err := s.call("POST", "/wp/v2/media", b.Bytes())
	if err != nil {
		return 0, err
	}
	id := idOf(made)
	_, err = s.call("POST", fmt.Sprintf("/wp/v2/media/%d", id), map[string]any{"alt_text": "A gradient", "caption": "Colours of the sea"})
	return id, err
}

func asList(v any) []any { l, _ := v.([]any); return l }
