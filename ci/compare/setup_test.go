package compare

import (
	"bytes"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"strconv"
	"strings"
)

// The objects both sides must have for the rows to compare like with like. The mock's
// example dataset (fixtures/example.json) has them already; a fresh WordPress gets
// them from prepare, through the API, as the same logins, names and slugs, so that
// lookups by slug find the counterpart on each side.

// roleUsers are the seeded non-admin users: login, display name, role.
var roleUsers = []struct{ login, name, role string }{
	{"editor", "Edith Editor", "editor"},
	{"author", "Arthur Author", "author"},
	{"contributor", "Connie Contributor", "contributor"},
	{"subscriber", "Sam Subscriber", "subscriber"},
}

// logins are every login rows may act as.
var logins = []string{"admin", "editor", "author", "contributor", "subscriber"}

const (
	slugHello   = "hello-world"                      // post 1 of a fresh site, with one revision
	slugRelease = "release-notes-for-version-2-0"    // editor's sticky post with a tag and featured image
	slugPlugin  = "writing-a-plugin-in-an-afternoon" // author's post with two tags
	draftSearch = "roadmaps"                         // author's draft, "A draft about roadmaps"
	slugMedia   = "sample"                           // the one image, attached to the release post
)

// prepare gives a fresh WordPress what the mock's seed has: users per role (each with a
// new application password, stored in tg.passwords), tags Go and WordPress, a revision
// of post 1, the editor's sticky release post with a tag and a featured image attached
// to it, the author's post and draft. It is idempotent: objects found by slug are
// reused, and it leaves alone whatever else the site has.
func prepare(tg *target) error {
	userIDs := map[string]int{}
	for _, u := range roleUsers {
		id, err := lookupID(tg, "/wp/v2/users?context=edit&slug="+u.login)
		if err != nil {
			return err
		}
		if id == 0 {
			r, err := tg.want2xx("POST", "/wp/v2/users", "admin", map[string]any{
				"username": u.login, "email": u.login + "@example.com", "password": randomHex(16),
				"name": u.name, "nickname": u.login, "roles": []string{u.role},
			})
			if err != nil {
				return err
			}
			id = idOf(r.json)
		}
		userIDs[u.login] = id
		// WordPress shows an application password only when it is created: drop the
		// ones of earlier runs and make a new one.
		ap := fmt.Sprintf("/wp/v2/users/%d/application-passwords", id)
		if _, err := tg.want2xx("DELETE", ap, "admin", nil); err != nil {
			return err
		}
		r, err := tg.want2xx("POST", ap, "admin", map[string]any{"name": "wpcompare"})
		if err != nil {
			return err
		}
		pw, _ := r.json.(map[string]any)["password"].(string)
		if pw == "" {
			return fmt.Errorf("POST %s on %s: no password in the answer", ap, tg.name)
		}
		tg.passwords[u.login] = pw
	}

	tagIDs := map[string]int{}
	for _, name := range []string{"Go", "WordPress"} {
		id, err := ensure(tg, "/wp/v2/tags?slug="+strings.ToLower(name), "/wp/v2/tags", map[string]any{"name": name})
		if err != nil {
			return err
		}
		tagIDs[name] = id
	}

	hello, err := lookupID(tg, "/wp/v2/posts?slug="+slugHello)
	if err != nil {
		return err
	}
	if hello == 0 {
		return fmt.Errorf("%s has no post %q: is it a fresh site?", tg.name, slugHello)
	}
	rev, err := lookupID(tg, fmt.Sprintf("/wp/v2/posts/%d/revisions", hello))
	if err != nil {
		return err
	}
	if rev == 0 { // an update with new content leaves a revision
		if _, err := tg.want2xx("POST", fmt.Sprintf("/wp/v2/posts/%d", hello), "admin", map[string]any{
			"content": "<!-- wp:paragraph -->\n<p>Welcome to WordPress. This is your first post, edited once by wpcompare.</p>\n<!-- /wp:paragraph -->",
		}); err != nil {
			return err
		}
	}

	// The image first, then the post that features it: an update of the post would leave
	// a revision (WordPress saves one on the first update), which the mock's post lacks.
	media, err := lookupID(tg, "/wp/v2/media?slug="+slugMedia)
	if err != nil {
		return err
	}
	if media == 0 {
		img, err := sampleImage()
		if err != nil {
			return err
		}
		r, err := tg.do("POST", tg.api+"/wp/v2/media", "admin", []string{
			"Content-Type", "image/png", "Content-Disposition", `attachment; filename="sample.png"`,
		}, img)
		if err != nil {
			return fmt.Errorf("POST /wp/v2/media on %s: %w", tg.name, err)
		}
		if r.status != 201 {
			return fmt.Errorf("POST /wp/v2/media on %s: got %s", tg.name, r.summary())
		}
		media = idOf(r.json)
	}
	release, err := ensure(tg, "/wp/v2/posts?slug="+slugRelease, "/wp/v2/posts", map[string]any{
		"title": "Release notes for version 2.0", "status": "publish", "author": userIDs["editor"],
		"tags": []int{tagIDs["Go"]}, "sticky": true, "featured_media": media,
	})
	if err != nil {
		return err
	}
	// Attached to the post it illustrates, as the mock's image is.
	r, err := tg.want2xx("GET", fmt.Sprintf("/wp/v2/media/%d?context=edit", media), "admin", nil)
	if err != nil {
		return err
	}
	if parent, _ := r.json.(map[string]any)["post"].(float64); int(parent) != release {
		if _, err := tg.want2xx("POST", fmt.Sprintf("/wp/v2/media/%d", media), "admin",
			map[string]any{"post": release}); err != nil {
			return err
		}
	}

	if _, err := ensure(tg, "/wp/v2/posts?slug="+slugPlugin, "/wp/v2/posts", map[string]any{
		"title": "Writing a plugin in an afternoon", "status": "publish", "author": userIDs["author"],
		"tags": []int{tagIDs["Go"], tagIDs["WordPress"]},
	}); err != nil {
		return err
	}
	_, err = ensure(tg, "/wp/v2/posts?status=draft&search="+draftSearch, "/wp/v2/posts", map[string]any{
		"title": "A draft about roadmaps", "status": "draft", "author": userIDs["author"],
	})
	return err
}

// resolve finds, by listing as admin, the id of every placeholder the rows use. A
// placeholder that cannot be found is recorded in tg.unresolved with the reason; the
// rows that need it fail with that reason.
func resolve(tg *target) {
	lookups := []struct{ name, path string }{
		{"post", "/wp/v2/posts?slug=" + slugHello},
		{"release", "/wp/v2/posts?slug=" + slugRelease},
		{"draft", "/wp/v2/posts?status=draft&search=" + draftSearch},
		{"media", "/wp/v2/media?slug=" + slugMedia},
		{"tag", "/wp/v2/tags?slug=go"},
		{"category", "/wp/v2/categories?slug=uncategorized"},
		{"revision", "/wp/v2/posts/{post}/revisions"},
	}
	for _, l := range logins {
		lookups = append(lookups, struct{ name, path string }{l, "/wp/v2/users?context=edit&slug=" + l})
	}
	for _, l := range lookups {
		path, err := tg.expand(l.path)
		if err != nil {
			tg.unresolved[l.name] = err.Error()
			continue
		}
		id, err := lookupID(tg, path)
		switch {
		case err != nil:
			tg.unresolved[l.name] = err.Error()
		case id == 0:
			tg.unresolved[l.name] = fmt.Sprintf("GET %s found nothing", path)
		default:
			tg.ids[l.name] = strconv.Itoa(id)
		}
	}
}

// lookupID lists path as admin and returns the id of the first item, 0 for none.
func lookupID(tg *target, path string) (int, error) {
	r, err := tg.want2xx("GET", path, "admin", nil)
	if err != nil {
		return 0, err
	}
	list, ok := r.json.([]any)
	if !ok {
		return 0, fmt.Errorf("GET %s on %s: not a list: %s", path, tg.name, r.summary())
	}
	if len(list) == 0 {
		return 0, nil
	}
	return idOf(list[0]), nil
}

// ensure returns the id of the first item listed at lookup, creating it with a POST
// of body to create when there is none.
func ensure(tg *target, lookup, create string, body map[string]any) (int, error) {
	id, err := lookupID(tg, lookup)
	if err != nil || id != 0 {
		return id, err
	}
	r, err := tg.want2xx("POST", create, "admin", body)
	if err != nil {
		return 0, err
	}
	return idOf(r.json), nil
}

func idOf(v any) int {
	m, _ := v.(map[string]any)
	f, _ := m["id"].(float64)
	return int(f)
}

func randomHex(n int) string {
	b := make([]byte, n)
	_, _ = rand.Read(b)
	return hex.EncodeToString(b)
}

// sampleImage is an 8x6 PNG like the mock's seeded one.
func sampleImage() ([]byte, error) {
	img := image.NewRGBA(image.Rect(0, 0, 8, 6))
	for y := 0; y < 6; y++ {
		for x := 0; x < 8; x++ {
			img.Set(x, y, color.RGBA{uint8(32 * x), uint8(40 * y), 160, 255})
		}
	}
	var b bytes.Buffer
	err := png.Encode(&b, img)
	return b.Bytes(), err
}
