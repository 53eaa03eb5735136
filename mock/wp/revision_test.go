package wp

import (
	"slices"
	"strconv"
	"testing"
	"time"

	"github.com/wpmock/wpmock/mock/prose"
	"github.com/wpmock/wpmock/mock/store"
	"github.com/wpmock/wpmock/mock/wpversion"
)

// TestSaveRevision checks wp_save_post_revision: the first update always makes a
// revision; afterwards only a change of title, content, excerpt (beyond whitespace)
// or of a revisioned meta key does, compared with the latest revision that is not an
// autosave; types without revisions and auto-drafts get none.
func TestSaveRevision(t *testing.T) {
	day := time.Date(2024, 5, 1, 12, 0, 0, 0, time.UTC)
	post := func() *store.Post {
		return &store.Post{ID: 5, Type: "post", Status: "publish", Title: "Title", Content: prose.Plain("Body text"),
			Excerpt: "Ex", Modified: day, ModifiedGMT: day}
	}
	// a revision of post() as it stands, and an autosave of other text after it
	latest := func(tx *store.Tx) {
		tx.InsertPost(&store.Post{ID: 6, Type: "revision", Status: "inherit", Parent: 5, Slug: "5-revision-v1",
			Title: "Title", Content: prose.Plain("Body text"), Excerpt: "Ex", Date: day.Add(-time.Hour)})
		tx.InsertMeta(&store.Meta{PostID: 5, Key: "footnotes", Value: "[]"})
		tx.InsertMeta(&store.Meta{PostID: 6, Key: "footnotes", Value: "[]"})
		tx.InsertPost(&store.Post{ID: 7, Type: "revision", Status: "inherit", Parent: 5, Slug: "5-autosave-v1",
			Title: "Other", Content: prose.Plain("Draft"), Date: day.Add(-time.Minute)})
	}
	footnotes := []string{"footnotes"}
	noteAdded := []store.Meta{{PostID: 5, Key: "footnotes", Value: "[1]"}}
	tests := []struct {
		name     string
		before   func(tx *store.Tx)  // the revisions there are
		change   func(p *store.Post) // the update of the post's fields
		meta     []store.Meta        // and the meta rows it adds
		metaKeys []string            // the revisioned keys
		want     bool                // whether a revision is made
	}{
		{"first update, nothing changed", nil, nil, nil, nil, true},
		{"unchanged", latest, nil, nil, footnotes, false},
		{"whitespace only", latest, func(p *store.Post) {
			p.Title, p.Content, p.Excerpt = " Title\t", prose.Plain("Body  text\r\n\r\n"), "Ex "
		}, nil, footnotes, false},
		{"title", latest, func(p *store.Post) { p.Title = "New" }, nil, nil, true},
		{"content", latest, func(p *store.Post) { p.Content = prose.Plain("Body, text") }, nil, nil, true},
		{"excerpt", latest, func(p *store.Post) { p.Excerpt = "" }, nil, nil, true},
		{"revisioned meta", latest, nil, noteAdded, footnotes, true},
		{"meta not revisioned", latest, nil, noteAdded, nil, false},
		{"auto-draft", nil, func(p *store.Post) { p.Status = "auto-draft" }, nil, nil, false},
		{"attachment", nil, func(p *store.Post) { p.Type = "attachment" }, nil, nil, false},
		{"unknown type", nil, func(p *store.Post) { p.Type = "nav_menu_item" }, nil, nil, false},
		{"page", nil, func(p *store.Post) { p.Type = "page" }, nil, nil, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			now := day.Add(time.Hour)
			s := store.New(func() time.Time { return now })
			s.Write(func(tx *store.Tx) {
				p := post()
				tx.InsertPost(p)
				if tt.before != nil {
					tt.before(tx)
				}
				if tt.change != nil {
					p = tx.ChangePost(p.ID, tt.change)
				}
				for _, m := range tt.meta {
					tx.InsertMeta(&m)
				}
				rv := SaveRevision(tx, p, &Actor{ID: 3}, tt.metaKeys, wpversion.V64)
				if got := rv != nil; got != tt.want {
					t.Fatalf("got a revision: %v, want %v", got, tt.want)
				}
				if rv == nil {
					return
				}
				if rv.Type != "revision" || rv.Status != "inherit" || rv.Author != 3 || rv.Parent != p.ID ||
					rv.Slug != "5-revision-v1" || !rv.Date.Equal(p.Modified) || !rv.Modified.Equal(now) ||
					rv.Title != p.Title || !rv.Content.Equal(p.Content) || rv.Excerpt != p.Excerpt ||
					rv.Extra().GUID != "/?p="+strconv.Itoa(rv.ID) {
					t.Errorf("revision %+v of post %+v", rv, p)
				}
				got, want := metaValues(tx, rv.ID, "footnotes"), metaValues(tx, p.ID, "footnotes")
				if len(tt.metaKeys) == 0 {
					want = nil
				}
				if !slices.Equal(got, want) {
					t.Errorf("revision's footnotes %q, want %q", got, want)
				}
				if revs := RevisionsOf(tx, p.ID); revs[0].ID != rv.ID {
					t.Errorf("RevisionsOf lists %d first, want the new revision %d", revs[0].ID, rv.ID)
				}
			})
		})
	}
}
