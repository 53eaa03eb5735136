package store

import (
	"fmt"
	"math/rand/v2"
	"reflect"
	"slices"
	"testing"
	"time"
)

// TestOrdersFollowChanges: the orderings, built before a run of random inserts,
// updates (of every key they order by, and the status they are kept per) and deletes,
// list after it exactly what sorting the posts afresh lists; so do the date, id and
// status indexes whose removal now goes by binary search.
func TestOrdersFollowChanges(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	s := New(time.Now)
	base := time.Date(2024, 1, 1, 0, 0, 0, 0, time.UTC)
	statuses := []string{"publish", "draft", "private"}
	random := func(p *Post) {
		p.Title = fmt.Sprintf("t%d", rng.IntN(20))
		p.Slug = fmt.Sprintf("s%d", rng.IntN(20))
		p.Modified = base.Add(time.Duration(rng.IntN(50)) * time.Hour)
		p.Date = base.Add(time.Duration(rng.IntN(50)) * time.Hour)
		p.Author = 1 + rng.IntN(4)
		p.Status = statuses[rng.IntN(len(statuses))]
	}
	s.Write(func(tx *Tx) {
		for range 50 {
			p := &Post{Type: "post"}
			random(p)
			tx.InsertPost(p)
		}
		tx.Warm()
		for range 2000 {
			ids := tx.PostsByID("post")
			switch op := rng.IntN(4); {
			case op == 0 || len(ids) < 10:
				p := &Post{Type: "post"}
				random(p)
				tx.InsertPost(p)
			case op == 1:
				tx.DeletePost(ids[rng.IntN(len(ids))].ID)
			default:
				p := ids[rng.IntN(len(ids))]
				was := *p
				if q := tx.ChangePost(p.ID, random); q == p || !reflect.DeepEqual(*p, was) || tx.Post(p.ID) != q {
					t.Fatalf("ChangePost changed the row it had handed out, or did not store the copy")
				}
			}
		}
		for _, st := range statuses {
			var all []*Post
			for _, p := range tx.PostsByID("post") {
				if p.Status == st {
					all = append(all, p)
				}
			}
			for name, cmp := range orderCmps() {
				got, _ := tx.PostsOrdered("post", st, name)
				if want := slices.SortedFunc(slices.Values(all), cmp); !slices.Equal(got, want) {
					t.Errorf("%s posts by %s: the index lists %d posts out of the order sorting gives (%d)", st, name, len(got), len(want))
				}
			}
			if want := slices.SortedFunc(slices.Values(all), dateCmp); !slices.Equal(tx.PostsByStatus("post", st), want) {
				t.Errorf("%s posts by date: the status index is out of order", st)
			}
		}
		if ids := tx.PostsByID("post"); !slices.IsSortedFunc(ids, idCmp) || len(ids) != tx.s.posts.len() {
			t.Errorf("the id index lists %d posts of %d, sorted %v", len(ids), tx.s.posts.len(), slices.IsSortedFunc(ids, idCmp))
		}
	})
}
