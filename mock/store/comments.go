package store

import (
	"slices"
	"sort"
	"time"
)

// Comment is a row of wp_comments (with the trash meta wp_trash_comment keeps).
type Comment struct {
	ID     int
	Post   int // comment_post_ID
	Parent int // comment_parent
	UserID int // 0: not a registered user
	// Author, AuthorEmail, AuthorURL, AuthorIP and Agent are comment_author,
	// comment_author_email, comment_author_url, comment_author_IP and comment_agent.
	Author, AuthorEmail, AuthorURL, AuthorIP, Agent string
	Date, DateGMT                                   time.Time
	Content                                         string
	// Approved is comment_approved: "1" (approved), "0" (held), "spam" or "trash".
	Approved string
	Type     string // comment_type: "comment"
	Karma    int
	// TrashedStatus is _wp_trash_meta_status, what wp_untrash_comment restores.
	TrashedStatus string
	// Rendered is what a cloned site rendered for Content, standing while Content
	// is RenderedFrom; nil: the mock renders it.
	Rendered     *string
	RenderedFrom string
	// Meta are the comment's rows of the meta keys registered for comments (see
	// FieldValues.MetaRows), Fields its plugin fields' values; nil for none.
	Meta, Fields *FieldValues
}

// comments are the comments table and its indexes, each list in commentCmp order
// (oldest first by date_gmt, then id): a list query walks one of them instead of
// sorting the table.
type comments struct {
	rows     map[int]*Comment
	all      []*Comment
	byPost   map[int][]*Comment
	byParent map[int][]*Comment
	byStatus map[string][]*Comment // by comment_approved
	next     int
}

func newComments() *comments {
	return &comments{rows: map[int]*Comment{}, byPost: map[int][]*Comment{}, byParent: map[int][]*Comment{},
		byStatus: map[string][]*Comment{}, next: 1}
}

// commentCmp is WP_Comment_Query's default order reversed: comment_date_gmt, then
// comment_ID (WordPress adds the id as the tie-breaker in the same direction).
func commentCmp(a, b *Comment) int {
	if c := a.DateGMT.Compare(b.DateGMT); c != 0 {
		return c
	}
	return a.ID - b.ID
}

func addComment(list []*Comment, c *Comment) []*Comment {
	i := sort.Search(len(list), func(i int) bool { return commentCmp(c, list[i]) < 0 })
	return slices.Insert(list, i, c)
}

// dropComment removes c from a list it sits in by old's position.
func dropComment(list []*Comment, c, old *Comment) []*Comment {
	i := sort.Search(len(list), func(i int) bool { return commentCmp(old, list[i]) <= 0 })
	for j := i; j < len(list); j++ {
		if list[j] == c {
			return slices.Delete(list, j, j+1)
		}
		if commentCmp(old, list[j]) < 0 {
			break
		}
	}
	if j := slices.Index(list, c); j >= 0 { // out of order: scan
		return slices.Delete(list, j, j+1)
	}
	return list
}

func (cs *comments) index(c *Comment) {
	cs.all = addComment(cs.all, c)
	cs.byPost[c.Post] = addComment(cs.byPost[c.Post], c)
	cs.byParent[c.Parent] = addComment(cs.byParent[c.Parent], c)
	cs.byStatus[c.Approved] = addComment(cs.byStatus[c.Approved], c)
}

func (cs *comments) unindex(c *Comment, old *Comment) {
	cs.all = dropComment(cs.all, c, old)
	drop := func(m map[int][]*Comment, k int) {
		if l := dropComment(m[k], c, old); len(l) > 0 {
			m[k] = l
		} else {
			delete(m, k)
		}
	}
	drop(cs.byPost, old.Post)
	drop(cs.byParent, old.Parent)
	if l := dropComment(cs.byStatus[old.Approved], c, old); len(l) > 0 {
		cs.byStatus[old.Approved] = l
	} else {
		delete(cs.byStatus, old.Approved)
	}
}

// Comment returns the comment with the id, or nil.
func (tx *Tx) Comment(id int) *Comment { return tx.s.comments.rows[id] }

// Comments lists every comment, oldest first (date_gmt, then id). Do not change the
// slice.
func (tx *Tx) Comments() []*Comment { return tx.s.comments.all }

// CommentsOfPost lists a post's comments, oldest first. Do not change the slice.
func (tx *Tx) CommentsOfPost(post int) []*Comment { return tx.s.comments.byPost[post] }

// CommentReplies lists the comments whose parent is id (0: the top-level comments of
// every post), oldest first. Do not change the slice.
func (tx *Tx) CommentReplies(id int) []*Comment { return tx.s.comments.byParent[id] }

// CommentsWithStatus lists the comments whose comment_approved is status, oldest
// first. Do not change the slice.
func (tx *Tx) CommentsWithStatus(status string) []*Comment { return tx.s.comments.byStatus[status] }

// InsertComment stores a new comment with the next comment id (unless it has one).
func (tx *Tx) InsertComment(c *Comment) {
	tx.mustWrite()
	cs := tx.s.comments
	if c.ID == 0 {
		c.ID = cs.next
	}
	cs.next = max(cs.next, c.ID+1)
	tx.note(Comments, c.ID, "", rowOrNil(cs.rows[c.ID]))
	cs.rows[c.ID] = c
	cs.index(c)
}

// ChangeComment changes the comment with the id as ChangePost changes a post: change
// gets a copy and may set any field but the id; the copy takes the row's place in the
// table and in every index, and is returned (nil when there is no such comment). A
// comment the store has handed out is never changed in place.
func (tx *Tx) ChangeComment(id int, change func(c *Comment)) *Comment {
	tx.mustWrite()
	cs := tx.s.comments
	old := cs.rows[id]
	if old == nil {
		return nil
	}
	tx.note(Comments, id, "", old)
	c := *old
	change(&c)
	c.ID = id
	cs.rows[id] = &c
	cs.replace(old, &c)
	return &c
}

// replace puts c in old's place in the indexes: in place when its keys (post,
// parent, status, date) are old's, else by removing old and adding c.
func (cs *comments) replace(old, c *Comment) {
	if old.Post != c.Post || old.Parent != c.Parent || old.Approved != c.Approved || !old.DateGMT.Equal(c.DateGMT) {
		cs.unindex(old, old)
		cs.index(c)
		return
	}
	swap := func(list []*Comment) {
		i := sort.Search(len(list), func(i int) bool { return commentCmp(old, list[i]) <= 0 })
		if i < len(list) && list[i] == old {
			list[i] = c
		} else if j := slices.Index(list, old); j >= 0 { // out of order: scan
			list[j] = c
		}
	}
	swap(cs.all)
	swap(cs.byPost[c.Post])
	swap(cs.byParent[c.Parent])
	swap(cs.byStatus[c.Approved])
}

// DeleteComment removes a comment for good. Its replies move up to its parent, as
// wp_delete_comment does.
func (tx *Tx) DeleteComment(id int) {
	tx.mustWrite()
	cs := tx.s.comments
	c := cs.rows[id]
	if c == nil {
		return
	}
	tx.note(Comments, id, "", c)
	for _, child := range slices.Clone(cs.byParent[id]) {
		tx.ChangeComment(child.ID, func(r *Comment) { r.Parent = c.Parent })
	}
	delete(cs.rows, id)
	cs.unindex(c, c)
}

// deletePostComments removes a deleted post's comments (wp_delete_post does).
func (tx *Tx) deletePostComments(post int) {
	for _, c := range slices.Clone(tx.s.comments.byPost[post]) {
		tx.DeleteComment(c.ID)
	}
}

// NextCommentID is the id the next comment gets.
func (tx *Tx) NextCommentID() int { return tx.s.comments.next }

// loadComments fills an empty table with rows (bulk: one sort per list).
func (cs *comments) load(rows []*Comment, next int) {
	for _, c := range rows {
		cs.rows[c.ID] = c
		cs.all = append(cs.all, c)
		cs.byPost[c.Post] = append(cs.byPost[c.Post], c)
		cs.byParent[c.Parent] = append(cs.byParent[c.Parent], c)
		cs.byStatus[c.Approved] = append(cs.byStatus[c.Approved], c)
		cs.next = max(cs.next, c.ID+1)
	}
	slices.SortFunc(cs.all, commentCmp)
	for _, m := range []map[int][]*Comment{cs.byPost, cs.byParent} {
		for _, l := range m {
			slices.SortFunc(l, commentCmp)
		}
	}
	for _, l := range cs.byStatus {
		slices.SortFunc(l, commentCmp)
	}
	cs.next = max(cs.next, next)
}

// commentsByID lists the comments by ascending id (an export).
func (cs *comments) byID() []*Comment {
	out := make([]*Comment, 0, len(cs.rows))
	for _, c := range cs.rows {
		out = append(out, c)
	}
	slices.SortFunc(out, func(a, b *Comment) int { return a.ID - b.ID })
	return out
}
