package wp

import (
	"regexp"
	"time"

	"github.com/wpmock/wpmock/mock/store"
)

// comment.php's rules on comments: comments_open, wp_allow_comment (duplicates,
// floods, approval) with check_comment, wp_check_comment_data_max_lengths,
// map_meta_cap's edit_comment, wp_get_comment_status and the changes of status
// (wp_set_comment_status, wp_trash_comment, wp_spam_comment and their undoing).

// The WP_Errors of wp_allow_comment.
const (
	// the same comment (author, email, parent, content) on the post again (409).
	CodeCommentDuplicate, MsgCommentDuplicate = "comment_duplicate", "Duplicate comment detected; it looks as though you&#8217;ve already said that!"
	// a second comment from the same user or email within 15 seconds, from a
	// caller who moderates nothing (429; the REST controller answers 400).
	CodeCommentFlood, MsgCommentFlood = "comment_flood", "You are posting comments too quickly. Slow down."
)

// CommentsOpen is comments_open: the post's comment_status is "open".
func CommentsOpen(p *store.Post) bool { return p.CommentStatus == "open" }

// Comment column limits (wp_get_comment_fields_max_lengths: the wp_comments column
// sizes, less 10 bytes for the author's tinytext).
const (
	maxCommentAuthor      = 245
	maxCommentAuthorEmail = 100
	maxCommentAuthorURL   = 200
	maxCommentContent     = 65525
)

// CheckCommentLengths is wp_check_comment_data_max_lengths: the first field longer
// than its column, as a WP_Error whose code names the column (its data is 200, as
// WordPress's). It keeps no message: the REST controller words the error itself.
func CheckCommentLengths(c *store.Comment) *Error {
	code := ""
	switch {
	case len(c.Author) > maxCommentAuthor:
		code = "comment_author_column_length"
	case len(c.AuthorEmail) > maxCommentAuthorEmail:
		code = "comment_author_email_column_length"
	case len(c.AuthorURL) > maxCommentAuthorURL:
		code = "comment_author_url_column_length"
	case len(c.Content) > maxCommentContent:
		code = "comment_content_column_length"
	}
	if code == "" {
		return nil
	}
	return &Error{Code: code, Status: 200}
}

// linkHref is check_comment's count of links: '/<a [^>]*href/i'.
var linkHref = regexp.MustCompile(`(?i)<a [^>]*href`)

// Flood windows of wp_check_comment_flood: the latest comment of the last hour is
// looked at, and one within 15 seconds is a flood.
const (
	floodLookback = time.Hour
	floodInterval = 15 * time.Second
)

// AllowComment is wp_allow_comment for c, a comment a is about to store: a duplicate
// or a flood is a WP_Error; otherwise the comment_approved it gets, "1" (by the
// post's author, by a moderator, or by a commenter with an approved comment before:
// check_comment with comment_previously_approved on and at most one link) or "0"
// (held). text is the comment_text filter, whose output check_comment counts the
// links of (the controller renders it: it reads the site's address and version).
func AllowComment(tx *store.Tx, a *Actor, c *store.Comment, text func(content string) string) (string, *Error) {
	for _, o := range tx.CommentsOfPost(c.Post) {
		if o.Parent == c.Parent && o.Approved != "trash" && o.Author == c.Author &&
			(c.AuthorEmail == "" || o.AuthorEmail == c.AuthorEmail) && o.Content == c.Content {
			return "", &Error{Code: CodeCommentDuplicate, Message: MsgCommentDuplicate, Status: 409}
		}
	}
	if !a.Can("moderate_comments") && !a.Can("manage_options") { // wp_check_comment_flood
		id := 0
		if a != nil {
			id = a.ID
		}
		all := tx.Comments()
		for i := len(all) - 1; i >= 0; i-- {
			o := all[i]
			if c.DateGMT.Sub(o.DateGMT) >= floodLookback {
				break
			}
			if o.UserID == id || o.AuthorEmail == c.AuthorEmail {
				if c.DateGMT.Sub(o.DateGMT) < floodInterval {
					return "", &Error{Code: CodeCommentFlood, Message: MsgCommentFlood, Status: 429}
				}
				break
			}
		}
	}
	if c.UserID != 0 {
		if u := tx.User(c.UserID); u != nil {
			p := tx.Post(c.Post)
			if p != nil && p.Author == c.UserID || RegistryOf(tx).UserCan(u, "moderate_comments") {
				return "1", nil
			}
		}
	}
	// check_comment: comment_previously_approved (on by default), at most one link
	if c.Author == "" || c.AuthorEmail == "" || len(linkHref.FindAllStringIndex(text(c.Content), -1)) >= 2 {
		return "0", nil
	}
	u := tx.UserByEmail(c.AuthorEmail) // looked up once, not per comment compared
	for _, o := range tx.CommentsWithStatus("1") {
		if u != nil && o.UserID == u.ID || u == nil && o.Author == c.Author && o.AuthorEmail == c.AuthorEmail {
			return "1", nil
		}
	}
	return "0", nil
}

// CanEditComment is current_user_can('edit_comment', c): map_meta_cap maps it to
// edit_post of the comment's post, or to edit_posts when the post is gone.
func CanEditComment(a *Actor, tx *store.Tx, c *store.Comment) bool {
	if p := tx.Post(c.Post); p != nil {
		return CanEditPost(a, p, tx.Post)
	}
	return a.Can("edit_posts")
}

// CommentStatus is wp_get_comment_status: "approved", "unapproved", "spam" or
// "trash"; "" (WordPress's false) for any other comment_approved.
func CommentStatus(c *store.Comment) string {
	switch c.Approved {
	case "1":
		return "approved"
	case "0":
		return "unapproved"
	case "spam", "trash":
		return c.Approved
	}
	return ""
}

// approvedOf is wp_set_comment_status's names of the statuses it stores.
var approvedOf = map[string]string{"approve": "1", "1": "1", "hold": "0", "0": "0", "spam": "spam", "trash": "trash"}

// SetCommentStatus is wp_set_comment_status: "approve" (or "1"), "hold" (or "0"),
// "spam" or "trash" stored as comment_approved; any other name changes nothing. It
// returns the comment as it is now, and whether comment_approved changed.
func SetCommentStatus(tx *store.Tx, c *store.Comment, status string) (*store.Comment, bool) {
	approved, ok := approvedOf[status]
	if !ok {
		return c, false
	}
	return changeApproved(tx, c, approved, c.TrashedStatus)
}

// TrashComment is wp_trash_comment (EMPTY_TRASH_DAYS is 30, so nothing is deleted):
// the status is kept as _wp_trash_meta_status for untrashing. A trashed comment
// stays as it is.
func TrashComment(tx *store.Tx, c *store.Comment) (*store.Comment, bool) {
	if c.Approved == "trash" {
		return c, false
	}
	return changeApproved(tx, c, "trash", c.Approved)
}

// SpamComment is wp_spam_comment: as TrashComment, to "spam".
func SpamComment(tx *store.Tx, c *store.Comment) (*store.Comment, bool) {
	if c.Approved == "spam" {
		return c, false
	}
	return changeApproved(tx, c, "spam", c.Approved)
}

// UntrashComment is wp_untrash_comment: a trashed comment gets back the status it
// had ("0" when none was kept); any other stays as it is.
func UntrashComment(tx *store.Tx, c *store.Comment) (*store.Comment, bool) {
	if c.Approved != "trash" {
		return c, false
	}
	return changeApproved(tx, c, keptStatus(c), "")
}

// UnspamComment is wp_unspam_comment: as UntrashComment, for a spam comment.
func UnspamComment(tx *store.Tx, c *store.Comment) (*store.Comment, bool) {
	if c.Approved != "spam" {
		return c, false
	}
	return changeApproved(tx, c, keptStatus(c), "")
}

// keptStatus is the _wp_trash_meta_status an untrash restores, "0" when empty.
func keptStatus(c *store.Comment) string {
	if c.TrashedStatus == "" {
		return "0"
	}
	return c.TrashedStatus
}

// changeApproved writes comment_approved and _wp_trash_meta_status, and reports
// whether comment_approved changed.
func changeApproved(tx *store.Tx, c *store.Comment, approved, trashed string) (*store.Comment, bool) {
	next := tx.ChangeComment(c.ID, func(n *store.Comment) { n.Approved, n.TrashedStatus = approved, trashed })
	return next, next.Approved != c.Approved
}
