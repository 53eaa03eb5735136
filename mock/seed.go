package mock

import (
	"bytes"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"math/rand/v2"
	"strconv"
	"time"

	"github.com/wpmock/wpmock/mock/store"
)

// seed fills the store with a small fixed site that exercises every resource,
// WordPress's own defaults included (user 1 "admin", category 1 "Uncategorized").
// Nothing in it depends on the wall clock or on map order.
func (m *Mock) seed() error {
	rng := rand.New(rand.NewPCG(uint64(m.opts.Seed), 0x5eed))
	m.Passwords = map[string]string{}
	base := time.Date(2024, 1, 15, 9, 30, 0, 0, time.UTC)
	var err error
	m.store.Write(func(tx *store.Tx) {
		logins := []struct{ login, name, role string }{
			{"admin", "admin", "administrator"},
			{"editor", "Edith Editor", "editor"},
			{"author", "Arthur Author", "author"},
			{"contributor", "Connie Contributor", "contributor"},
			{"subscriber", "Sam Subscriber", "subscriber"},
		}
		for i, l := range logins {
			pw := appPassword(rng)
			if l.login == "admin" && m.opts.AdminAppPassword != "" {
				pw = normalizeAppPassword(m.opts.AdminAppPassword)
			}
			m.Passwords[l.login] = chunkAppPassword(pw)
			tx.InsertUser(&store.User{
				Login: l.login, Slug: l.login, Email: l.login + "@example.com", Name: l.name,
				Nickname: l.login, Registered: base.AddDate(0, 0, i), Roles: []string{l.role},
				AppPasswords: []store.AppPassword{{UUID: fmt.Sprintf("00000000-0000-4000-8000-%012d", i+1),
					Name: "wpmock", Password: pw, Created: base}},
			})
		}
		for _, t := range []store.Term{
			{Taxonomy: "category", Name: "Uncategorized", Slug: "uncategorized"},
			{Taxonomy: "category", Name: "News", Slug: "news", Description: "Company news."},
			{Taxonomy: "category", Name: "Releases", Slug: "releases", Parent: 2},
			{Taxonomy: "post_tag", Name: "Go", Slug: "go"},
			{Taxonomy: "post_tag", Name: "WordPress", Slug: "wordpress"},
		} {
			t := t
			tx.InsertTerm(&t)
		}
		type seedPost struct {
			title, status, password string
			author                  int
			cats, tags              []int
			sticky                  bool
		}
		posts := []seedPost{
			{title: "Hello world!", status: "publish", author: 1, cats: []int{1}},
			{title: "Release notes for version 2.0", status: "publish", author: 2, cats: []int{2, 3}, tags: []int{4}, sticky: true},
			{title: "Writing a plugin in an afternoon", status: "publish", author: 3, cats: []int{2}, tags: []int{4, 5}},
			{title: "A draft about roadmaps", status: "draft", author: 3, cats: []int{1}},
			{title: "Members only", status: "publish", author: 1, cats: []int{1}, password: "secret"},
			{title: "Internal memo", status: "private", author: 2, cats: []int{2}},
			{title: "Pending review", status: "pending", author: 4, cats: []int{1}},
		}
		for i, sp := range posts {
			d := base.AddDate(0, 0, 7*i).Add(time.Duration(i) * time.Hour)
			p := &store.Post{
				Type: "post", Status: sp.status, Author: sp.author, Date: d, DateGMT: d, Modified: d, ModifiedGMT: d,
				Title: sp.title, Content: fmt.Sprintf("<!-- wp:paragraph -->\n<p>%s is post number %d of the wpmock site.</p>\n<!-- /wp:paragraph -->", sp.title, i+1),
				Password: sp.password, CommentStatus: "open", PingStatus: "open",
				Categories: sp.cats, Tags: sp.tags, Sticky: sp.sticky,
			}
			if sp.status != "draft" && sp.status != "pending" {
				p.Slug = sanitizeTitle(sp.title)
			} else {
				p.DateGMT = time.Time{}
			}
			tx.InsertPost(p)
			p.GUID = "/?p=" + strconv.Itoa(p.ID)
		}
		// one revision of the first post, made by an edit a day later
		first := tx.Post(1)
		rev := &store.Post{Type: "revision", Status: "inherit", Author: 1, Parent: first.ID,
			Date: first.Date, DateGMT: first.Date, Modified: first.Date.AddDate(0, 0, 1), ModifiedGMT: first.Date.AddDate(0, 0, 1),
			Title: first.Title, Content: first.Content, Slug: strconv.Itoa(first.ID) + "-revision-v1"}
		tx.InsertPost(rev)
		rev.GUID = "/?p=" + strconv.Itoa(rev.ID)
		first.Modified, first.ModifiedGMT = rev.Modified, rev.ModifiedGMT
		tx.InsertMeta(&store.Meta{PostID: 3, Key: "mood", Value: "cheerful"})
		tx.InsertMeta(&store.Meta{PostID: 3, Key: "_edit_lock", Value: "1705311000:1"})
		// one image, attached to the second post
		var img []byte
		img, err = seedImage(8, 6)
		if err != nil {
			return
		}
		path := "2024/01/sample.png"
		tx.PutFile(&store.File{Path: path, MimeType: "image/png", Data: img})
		att := &store.Post{Type: "attachment", Status: "inherit", Author: 1, Parent: 2, Date: base, DateGMT: base,
			Modified: base, ModifiedGMT: base, Title: "sample", Slug: "sample", CommentStatus: "open", PingStatus: "closed",
			GUID: uploadsPrefix + path, MimeType: "image/png", File: path, Width: 8, Height: 6, FileSize: len(img),
			AltText: "A sample image"}
		tx.InsertPost(att)
		tx.Post(2).FeaturedMedia = att.ID
		recount(tx)
	})
	return err
}

// appPassword draws a 24-character application password.
func appPassword(rng *rand.Rand) string {
	const chars = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"
	b := make([]byte, 24)
	for i := range b {
		b[i] = chars[rng.IntN(len(chars))]
	}
	return string(b)
}

// seedImage draws a small PNG.
func seedImage(w, h int) ([]byte, error) {
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			img.Set(x, y, color.RGBA{uint8(32 * x), uint8(40 * y), 160, 255})
		}
	}
	var b bytes.Buffer
	if err := png.Encode(&b, img); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

// recount sets every term's count to its number of published posts, as
// _update_post_term_count keeps it.
func recount(tx *store.Tx) {
	counts := map[int]int{}
	for _, p := range tx.PostsByID("post") {
		if p.Status != "publish" {
			continue
		}
		for _, id := range p.Categories {
			counts[id]++
		}
		for _, id := range p.Tags {
			counts[id]++
		}
	}
	for _, tax := range []string{"category", "post_tag"} {
		for _, t := range tx.Terms(tax) {
			t.Count = counts[t.ID]
		}
	}
}
