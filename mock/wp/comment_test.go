package wp

import (
	"strings"
	"testing"
	"time"

	"github.com/wpmock/wpmock/mock/store"
)

// commentDay is when the comments of commentSite are written.
var commentDay = time.Date(2024, 5, 1, 12, 0, 0, 0, time.UTC)

// commentSite is a store with an editor (1), a subscriber (2) and the subscriber's
// post 10 (open) and post 11 (closed); post 10 has an approved comment by the
// subscriber, an hour before commentDay, and a trashed one by a visitor.
func commentSite(t *testing.T) *store.Store {
	t.Helper()
	s := store.New(func() time.Time { return commentDay })
	s.Write(func(tx *store.Tx) {
		tx.InsertUser(&store.User{ID: 1, Login: "ed", Name: "Ed", Email: "ed@example.org", Roles: []string{"editor"}})
		tx.InsertUser(&store.User{ID: 2, Login: "sub", Name: "Sub", Email: "sub@example.org", Roles: []string{"subscriber"}})
		tx.InsertPost(&store.Post{ID: 10, Type: "post", Status: "publish", Author: 2, CommentStatus: "open"})
		tx.InsertPost(&store.Post{ID: 11, Type: "post", Status: "publish", Author: 1, CommentStatus: "closed"})
		tx.InsertComment(&store.Comment{Post: 10, UserID: 2, Author: "Sub", AuthorEmail: "sub@example.org",
			Content: "first", Approved: "1", DateGMT: commentDay.Add(-time.Hour)})
		tx.InsertComment(&store.Comment{Post: 10, Author: "Vi", AuthorEmail: "vi@example.org",
			Content: "binned", Approved: "trash", TrashedStatus: "0", DateGMT: commentDay.Add(-2 * time.Hour)})
	})
	return s
}

// actorOf is the store's user id as an Actor.
func actorOf(tx *store.Tx, id int) *Actor {
	a := ActorOf(Core, tx.User(id))
	return &a
}

// TestCommentsOpen: only comment_status "open" lets comments in.
func TestCommentsOpen(t *testing.T) {
	for status, want := range map[string]bool{"open": true, "closed": false, "": false} {
		if got := CommentsOpen(&store.Post{CommentStatus: status}); got != want {
			t.Errorf("CommentsOpen(%q) = %v, want %v", status, got, want)
		}
	}
}

// TestCheckCommentLengths: each field may fill its column, not one byte more, and the
// error's code names the column.
func TestCheckCommentLengths(t *testing.T) {
	tests := []struct {
		name string
		c    store.Comment
		want string
	}{
		{"all at their limits", store.Comment{Author: strings.Repeat("a", 245), AuthorEmail: strings.Repeat("e", 100),
			AuthorURL: strings.Repeat("u", 200), Content: strings.Repeat("c", 65525)}, ""},
		{"author", store.Comment{Author: strings.Repeat("a", 246)}, "comment_author_column_length"},
		{"email", store.Comment{AuthorEmail: strings.Repeat("e", 101)}, "comment_author_email_column_length"},
		{"url", store.Comment{AuthorURL: strings.Repeat("u", 201)}, "comment_author_url_column_length"},
		{"content", store.Comment{Content: strings.Repeat("c", 65526)}, "comment_content_column_length"},
		{"author before content", store.Comment{Author: strings.Repeat("a", 246), Content: strings.Repeat("c", 65526)},
			"comment_author_column_length"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := ""
			if e := CheckCommentLengths(&tt.c); e != nil {
				got = e.Code
			}
			if got != tt.want {
				t.Errorf("got %q, want %q", got, tt.want)
			}
		})
	}
}

// TestAllowComment checks wp_allow_comment's order of rules: duplicates (a trashed
// comment is none), floods (within 15 seconds of the caller's latest comment, unless
// the caller moderates), then approval (post author, moderator, previously approved
// commenter with at most one link) or hold.
func TestAllowComment(t *testing.T) {
	plain := func(s string) string { return s }
	tests := []struct {
		name     string
		actor    int // user id acting (and the comment's user)
		c        store.Comment
		want     string
		wantCode string
	}{
		{"duplicate", 2, store.Comment{Post: 10, UserID: 2, Author: "Sub", AuthorEmail: "sub@example.org", Content: "first"},
			"", CodeCommentDuplicate},
		{"duplicate of a trashed comment is none", 2, store.Comment{Post: 10, Author: "Vi", AuthorEmail: "vi@example.org",
			Content: "binned", DateGMT: commentDay}, "0", ""},
		{"same text on another post", 1, store.Comment{Post: 11, UserID: 1, Author: "Sub", AuthorEmail: "sub@example.org",
			Content: "first", DateGMT: commentDay}, "1", ""},
		{"flood", 2, store.Comment{Post: 10, UserID: 2, Author: "Sub", AuthorEmail: "sub@example.org", Content: "again",
			DateGMT: commentDay.Add(-time.Hour + 14*time.Second)}, "", CodeCommentFlood},
		{"flood by email", 0, store.Comment{Post: 10, Author: "Other", AuthorEmail: "sub@example.org", Content: "again",
			DateGMT: commentDay.Add(-time.Hour + 14*time.Second)}, "", CodeCommentFlood},
		{"15 seconds later is no flood", 2, store.Comment{Post: 10, UserID: 2, Author: "Sub", AuthorEmail: "sub@example.org",
			Content: "again", DateGMT: commentDay.Add(-time.Hour + 15*time.Second)}, "1", ""},
		{"moderators are not throttled", 1, store.Comment{Post: 11, UserID: 1, Author: "Ed", AuthorEmail: "sub@example.org",
			Content: "quick", DateGMT: commentDay.Add(-time.Hour + time.Second)}, "1", ""},
		{"post author approved", 2, store.Comment{Post: 10, UserID: 2, Author: "Sub", AuthorEmail: "sub@example.org",
			Content: "mine", DateGMT: commentDay}, "1", ""},
		{"previously approved commenter", 2, store.Comment{Post: 11, UserID: 2, Author: "Sub", AuthorEmail: "sub@example.org",
			Content: "back", DateGMT: commentDay}, "1", ""},
		{"two links hold it", 2, store.Comment{Post: 11, UserID: 2, Author: "Sub", AuthorEmail: "sub@example.org",
			Content: `<a href="x">1</a> <A class=y HREF="z">2</a>`, DateGMT: commentDay}, "0", ""},
		{"one link does not", 2, store.Comment{Post: 11, UserID: 2, Author: "Sub", AuthorEmail: "sub@example.org",
			Content: `<a href="x">1</a>`, DateGMT: commentDay}, "1", ""},
		{"stranger held", 0, store.Comment{Post: 11, Author: "New", AuthorEmail: "new@example.org",
			Content: "hello", DateGMT: commentDay}, "0", ""},
		{"no email held", 0, store.Comment{Post: 11, Author: "Sub", Content: "hello", DateGMT: commentDay}, "0", ""},
	}
	s := commentSite(t)
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s.Read(func(tx *store.Tx) {
				var a *Actor
				if tt.actor != 0 {
					a = actorOf(tx, tt.actor)
				}
				got, err := AllowComment(tx, a, &tt.c, plain)
				code := ""
				if err != nil {
					code = err.Code
				}
				if got != tt.want || code != tt.wantCode {
					t.Errorf("got %q, error %q; want %q, error %q", got, code, tt.want, tt.wantCode)
				}
			})
		})
	}
}

// TestAllowCommentCountsRenderedLinks: check_comment counts the links of the comment
// as comment_text renders it (make_clickable turns bare URLs into links).
func TestAllowCommentCountsRenderedLinks(t *testing.T) {
	s := commentSite(t)
	s.Read(func(tx *store.Tx) {
		c := &store.Comment{Post: 11, UserID: 2, Author: "Sub", AuthorEmail: "sub@example.org", Content: "two urls", DateGMT: commentDay}
		twoLinks := func(string) string { return `<a href="1">1</a><a href="2">2</a>` }
		if got, _ := AllowComment(tx, actorOf(tx, 2), c, twoLinks); got != "0" {
			t.Errorf("got %q, want 0 (held for its rendered links)", got)
		}
	})
}

// TestCommentStatusChanges: trash and spam keep the status for the way back, untrash
// and unspam restore it ("0" when none was kept) and only leave their own status,
// wp_set_comment_status takes WordPress's names and nothing else.
func TestCommentStatusChanges(t *testing.T) {
	type change func(tx *store.Tx, c *store.Comment) (*store.Comment, bool)
	set := func(status string) change {
		return func(tx *store.Tx, c *store.Comment) (*store.Comment, bool) { return SetCommentStatus(tx, c, status) }
	}
	tests := []struct {
		name                   string
		from, kept             string
		change                 change
		want, wantKept, status string
		changed                bool
	}{
		{"trash approved", "1", "", TrashComment, "trash", "1", "trash", true},
		{"trash trashed", "trash", "0", TrashComment, "trash", "0", "trash", false},
		{"spam held", "0", "", SpamComment, "spam", "0", "spam", true},
		{"untrash", "trash", "1", UntrashComment, "1", "", "approved", true},
		{"untrash without kept status", "trash", "", UntrashComment, "0", "", "unapproved", true},
		{"untrash approved", "1", "", UntrashComment, "1", "", "approved", false},
		{"unspam", "spam", "1", UnspamComment, "1", "", "approved", true},
		{"unspam trashed", "trash", "1", UnspamComment, "trash", "1", "trash", false},
		{"approve", "0", "", set("approve"), "1", "", "approved", true},
		{"1", "0", "", set("1"), "1", "", "approved", true},
		{"hold", "1", "", set("hold"), "0", "", "unapproved", true},
		{"hold held", "0", "", set("0"), "0", "", "unapproved", false},
		{"set trash keeps no status", "1", "", set("trash"), "trash", "", "trash", true},
		{"unknown name", "1", "", set("approved"), "1", "", "approved", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := store.New(func() time.Time { return commentDay })
			s.Write(func(tx *store.Tx) {
				c := &store.Comment{Post: 1, Approved: tt.from, TrashedStatus: tt.kept}
				tx.InsertComment(c)
				got, changed := tt.change(tx, c)
				if got.Approved != tt.want || got.TrashedStatus != tt.wantKept || changed != tt.changed {
					t.Errorf("got %q kept %q changed %v, want %q kept %q changed %v",
						got.Approved, got.TrashedStatus, changed, tt.want, tt.wantKept, tt.changed)
				}
				if stored := tx.Comment(c.ID); stored.Approved != tt.want {
					t.Errorf("stored %q, want %q", stored.Approved, tt.want)
				}
				if s := CommentStatus(got); s != tt.status {
					t.Errorf("CommentStatus = %q, want %q", s, tt.status)
				}
			})
		})
	}
	if s := CommentStatus(&store.Comment{Approved: "post-trashed"}); s != "" {
		t.Errorf("CommentStatus(post-trashed) = %q, want \"\" (false)", s)
	}
}

// TestCanEditComment: edit_comment is edit_post of the comment's post, or edit_posts
// when the post is gone.
func TestCanEditComment(t *testing.T) {
	s := commentSite(t)
	s.Read(func(tx *store.Tx) {
		sub, ed := actorOf(tx, 2), actorOf(tx, 1)
		onOwn, onOther, orphan := &store.Comment{Post: 10}, &store.Comment{Post: 11}, &store.Comment{Post: 99}
		for _, c := range []struct {
			name string
			a    *Actor
			c    *store.Comment
			want bool
		}{
			{"subscriber on own post", sub, onOwn, false}, // subscribers lack edit_posts
			{"editor on another's post", ed, onOther, true},
			{"editor on a gone post", ed, orphan, true},
			{"subscriber on a gone post", sub, orphan, false},
			{"nobody", nil, onOther, false},
		} {
			if got := CanEditComment(c.a, tx, c.c); got != c.want {
				t.Errorf("%s: got %v, want %v", c.name, got, c.want)
			}
		}
	})
}
