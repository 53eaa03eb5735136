package store

import (
	"testing"
	"time"
)

// TestCommentIndexes: the lists by post, parent and status follow inserts, updates and
// deletes, in date order; a deleted comment's replies move up to its parent, and a
// deleted post takes its comments along.
func TestCommentIndexes(t *testing.T) {
	day := time.Date(2024, 1, 1, 0, 0, 0, 0, time.UTC)
	s := New(time.Now)
	s.Write(func(tx *Tx) {
		tx.InsertPost(&Post{ID: 1, Type: "post", Status: "publish"})
		tx.InsertComment(&Comment{Post: 1, Approved: "1", DateGMT: day.Add(2 * time.Hour)})
		tx.InsertComment(&Comment{Post: 1, Parent: 1, Approved: "0", DateGMT: day.Add(time.Hour)})
		tx.InsertComment(&Comment{Post: 1, Parent: 2, Approved: "1", DateGMT: day.Add(3 * time.Hour)})
	})
	ids := func(l []*Comment) (out []int) {
		for _, c := range l {
			out = append(out, c.ID)
		}
		return out
	}
	s.Write(func(tx *Tx) {
		if got := ids(tx.CommentsOfPost(1)); len(got) != 3 || got[0] != 2 || got[2] != 3 {
			t.Errorf("CommentsOfPost = %v, want [2 1 3]", got)
		}
		before := tx.Comment(2)
		if c := tx.ChangeComment(2, func(c *Comment) { c.Approved = "1" }); c == before || c.Approved != "1" || before.Approved != "0" {
			t.Errorf("ChangeComment changed the row in place or not at all: %+v, before %+v", c, before)
		}
		if got := ids(tx.CommentsWithStatus("1")); len(got) != 3 || len(tx.CommentsWithStatus("0")) != 0 {
			t.Errorf("approved = %v, want 3 comments and none held", got)
		}
		tx.DeleteComment(2)
		if got := tx.Comment(3).Parent; got != 1 {
			t.Errorf("orphan's parent = %d, want 1", got)
		}
		if got := ids(tx.CommentReplies(1)); len(got) != 1 || got[0] != 3 {
			t.Errorf("CommentReplies(1) = %v, want [3]", got)
		}
		tx.DeletePost(1)
		if n := len(tx.Comments()); n != 0 {
			t.Errorf("%d comments left after the post's deletion, want 0", n)
		}
		if got := tx.NextCommentID(); got != 4 {
			t.Errorf("NextCommentID = %d, want 4", got)
		}
	})
}
