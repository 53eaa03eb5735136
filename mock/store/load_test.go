package store

import (
	"math/rand/v2"
	"reflect"
	"testing"
	"time"
)

// TestLoadIndexesAsInsert: Load builds the same indexes as inserting the records one
// by one, whatever order they come in.
func TestLoadIndexesAsInsert(t *testing.T) {
	base := time.Date(2024, 1, 1, 0, 0, 0, 0, time.UTC)
	rng := rand.New(rand.NewPCG(1, 2))
	var posts []Post
	for id := 1; id <= 300; id++ {
		p := Post{ID: id, Type: []string{"post", "attachment", "revision"}[rng.IntN(3)],
			Status: []string{"publish", "draft", "inherit"}[rng.IntN(3)],
			Date:   base.Add(time.Duration(rng.IntN(50)) * time.Hour), // ties on purpose
			Author: rng.IntN(4),                                       // 0: no author
			Slug:   []string{"", "a", "b", "c"}[rng.IntN(4)]}          // "" and shared slugs
		if p.Type != "post" && id > 1 {
			p.Parent = 1 + rng.IntN(id-1)
		}
		posts = append(posts, p)
	}
	var meta []Meta
	for id := 1; id <= 100; id++ {
		meta = append(meta, Meta{ID: id, PostID: 1 + rng.IntN(300), Key: "k"})
	}
	inserted := New(time.Now)
	// the lazy indexes built while empty, and kept right by the inserts
	inserted.Read(func(tx *Tx) { tx.Warm() })
	inserted.slugs.get(inserted)
	inserted.Write(func(tx *Tx) {
		for i := range posts {
			p := posts[i]
			tx.InsertPost(&p)
		}
		for i := range meta {
			m := meta[i]
			tx.InsertMeta(&m)
		}
	})
	var tables Tables
	for _, i := range rng.Perm(len(posts)) {
		p := posts[i]
		tables.Posts = append(tables.Posts, &p)
	}
	for _, i := range rng.Perm(len(meta)) {
		m := meta[i]
		tables.Meta = append(tables.Meta, &m)
	}
	tables.Next.Post = 500
	loaded := Load(time.Now, tables)
	ids := func(list []*Post) []int {
		out := make([]int, len(list))
		for i, p := range list {
			out[i] = p.ID
		}
		return out
	}
	for _, typ := range []string{"post", "attachment", "revision"} {
		if a, b := ids(inserted.byDate.list(typ)), ids(loaded.byDate.list(typ)); !reflect.DeepEqual(a, b) {
			t.Errorf("%s by date: got %v, want %v", typ, b, a)
		}
		if a, b := ids(inserted.byID.ix.list(typ)), ids(loaded.byID.get(loaded).list(typ)); !reflect.DeepEqual(a, b) {
			t.Errorf("%s by id: got %v, want %v", typ, b, a)
		}
		for _, st := range []string{"publish", "draft", "inherit"} {
			if a, b := ids(inserted.byStatus.list(typeKey{typ, st})), ids(loaded.byStatus.list(typeKey{typ, st})); !reflect.DeepEqual(a, b) {
				t.Errorf("%s/%s: got %v, want %v", typ, st, b, a)
			}
		}
	}
	if n := len(loaded.byDate.list("revision")) + len(loaded.byStatus.list(typeKey{"revision", "inherit"})); n != 0 {
		t.Errorf("%d revisions in the lists by date: revisions are listed by parent only", n)
	}
	for id := range inserted.children.lists() {
		if a, b := ids(inserted.children.list(id)), ids(loaded.children.list(id)); !reflect.DeepEqual(a, b) {
			t.Errorf("children of %d: got %v, want %v", id, b, a)
		}
	}
	for id := range inserted.byAuthor.lists() {
		if a, b := ids(inserted.byAuthor.list(id)), ids(loaded.byAuthor.list(id)); !reflect.DeepEqual(a, b) {
			t.Errorf("posts of author %d: got %v, want %v", id, b, a)
		}
	}
	for key := range inserted.slugs.get(inserted).lists() {
		if a, b := ids(inserted.slugs.get(inserted).list(key)), ids(loaded.slugs.get(loaded).list(key)); !reflect.DeepEqual(a, b) {
			t.Errorf("slug %s: got %v, want %v", key, b, a)
		}
	}
	if inserted.byAuthor.keys() != loaded.byAuthor.keys() || inserted.slugs.get(inserted).keys() != loaded.slugs.get(loaded).keys() {
		t.Error("author or slug indexes differ in size")
	}
	if !reflect.DeepEqual(inserted.postMeta, loaded.postMeta) || !reflect.DeepEqual(inserted.meta.appendAll(nil), loaded.meta.appendAll(nil)) {
		t.Error("meta indexes differ")
	}
	if loaded.nextPost != 500 || loaded.nextMeta != 101 {
		t.Errorf("sequences: got post %d, meta %d, want 500, 101", loaded.nextPost, loaded.nextMeta)
	}
	// Replace and Tables: a store takes another's content whole
	fresh := New(time.Now)
	fresh.Write(func(tx *Tx) { tx.Replace(loaded) })
	fresh.Read(func(tx *Tx) {
		got := tx.Tables()
		if len(got.Posts) != 300 || got.Posts[0].ID != 1 || got.Posts[299].ID != 300 || got.Next.Post != 500 {
			t.Errorf("after Replace: %d posts, first %d, next %d", len(got.Posts), got.Posts[0].ID, got.Next.Post)
		}
	})
}

// TestReplaceTakesEveryTable: Replace hands over every field of Store but the lock and
// the clock, so a table added to Store later cannot be forgotten by a reset.
func TestReplaceTakesEveryTable(t *testing.T) {
	src := Load(time.Now, Tables{Posts: []*Post{{ID: 3, Type: "post", Status: "publish", Slug: "a"}},
		Users: []*User{{ID: 2}}, Terms: []*Term{{ID: 4}}, Meta: []*Meta{{ID: 5, PostID: 3}}, Files: []*File{{Path: "f"}}})
	src.SetSite(&struct{ name string }{"a site"})
	dst := New(time.Now)
	dst.Write(func(tx *Tx) { tx.Replace(src) })
	sv, dv := reflect.ValueOf(src).Elem(), reflect.ValueOf(dst).Elem()
	for i := 0; i < sv.NumField(); i++ {
		name := sv.Type().Field(i).Name
		// gen and freed are not content: the destination keeps counting its own
		// writes and deletions
		if name == "mu" || name == "clock" || name == "gen" || name == "freed" {
			continue
		}
		a, b := sv.Field(i), dv.Field(i)
		same := false
		switch a.Kind() {
		case reflect.Map, reflect.Slice, reflect.Pointer:
			same = a.Pointer() == b.Pointer()
		case reflect.Int:
			same = a.Int() == b.Int()
		case reflect.Interface:
			same = !a.IsNil() && a.Elem().Pointer() == b.Elem().Pointer()
		}
		if !same {
			t.Errorf("Replace does not take Store.%s", name)
		}
	}
}

// TestTakeFreed: deleted files' bytes are counted once, and a Replace counts the old
// content's files.
func TestTakeFreed(t *testing.T) {
	s := Load(time.Now, Tables{Files: []*File{{Path: "a", Data: make([]byte, 10)}, {Path: "b", Data: make([]byte, 7)}}})
	s.Write(func(tx *Tx) { tx.DeleteFile("a"); tx.DeleteFile("nope") })
	if got := s.TakeFreed(); got != 10 {
		t.Errorf("after deleting a: %d bytes freed, want 10", got)
	}
	if got := s.TakeFreed(); got != 0 {
		t.Errorf("taken twice: %d, want 0", got)
	}
	s.Write(func(tx *Tx) { tx.Replace(New(time.Now)) })
	if got := s.TakeFreed(); got != 7 {
		t.Errorf("after a Replace: %d bytes freed, want 7", got)
	}
}
