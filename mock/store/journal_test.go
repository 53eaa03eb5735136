package store

import (
	"testing"
	"time"
)

// TestJournal: a write transaction lists each row it changed once, in the order it
// first changed it, with the row as it was before and as it is now; a row inserted
// and deleted again is not listed, and a Replace lists nothing but says so.
func TestJournal(t *testing.T) {
	s := New(func() time.Time { return time.Date(2025, 1, 1, 0, 0, 0, 0, time.UTC) })
	s.Write(func(tx *Tx) {
		tx.InsertPost(&Post{ID: 1, Type: "post", Status: "publish", Slug: "one"})
		tx.InsertPost(&Post{ID: 2, Type: "post", Status: "publish", Slug: "two"})
		tx.InsertTerm(&Term{ID: 5, Taxonomy: "category", Slug: "news"})
		tx.InsertUser(&User{ID: 1, Login: "admin"})
	})
	var got []Change
	var one *Post
	s.Write(func(tx *Tx) {
		if len(tx.Changes()) != 0 {
			t.Errorf("a new transaction starts with changes: %+v", tx.Changes())
		}
		one = tx.Post(1)
		tx.ChangePost(1, func(p *Post) { p.Slug = "first" })
		tx.ChangePost(1, func(p *Post) { p.Status = "draft" })
		tx.DeletePost(2)
		tx.InsertPost(&Post{ID: 3, Type: "post", Status: "draft"})
		tx.InsertPost(&Post{ID: 4, Type: "post", Status: "draft"})
		tx.DeletePost(4)
		tx.ChangeTerm(5, func(t *Term) { t.Count = 1 })
		tx.InsertComment(&Comment{ID: 7, Post: 1, Approved: "1"})
		tx.SetOption("blogname", "Site")
		got = tx.Changes()
	})
	type row struct {
		table          Table
		id             int
		name           string
		before, exists bool
	}
	want := []row{
		{Posts, 1, "", true, true},
		{Posts, 2, "", true, false},
		{Posts, 3, "", false, true},
		{Terms, 5, "", true, true},
		{Comments, 7, "", false, true},
		{OptionsTable, 0, "blogname", false, false},
	}
	if len(got) != len(want) {
		t.Fatalf("got %d changes, want %d: %+v", len(got), len(want), got)
	}
	for i, w := range want {
		g := got[i]
		if g.Table != w.table || g.ID != w.id || g.Name != w.name || (g.Before != nil) != w.before || (g.After != nil) != w.exists {
			t.Errorf("change %d: got %+v, want %+v", i, g, w)
		}
	}
	if got[0].Before != one || got[0].After.(*Post).Slug != "first" || got[0].After.(*Post).Status != "draft" {
		t.Errorf("post 1: before %+v, after %+v", got[0].Before, got[0].After)
	}
	s.Write(func(tx *Tx) {
		tx.ChangePost(1, func(p *Post) { p.Slug = "x" })
		tx.Replace(New(nil))
		if !tx.Replaced() || tx.Changes() != nil {
			t.Errorf("after Replace: replaced %v, changes %+v", tx.Replaced(), tx.Changes())
		}
	})
}
