package mock

import (
	"net"
	"net/http"
	"strconv"
	"strings"

	"github.com/wpmock/wpmock/mock/fields"
	"github.com/wpmock/wpmock/mock/rest"
	"github.com/wpmock/wpmock/mock/store"
	"github.com/wpmock/wpmock/mock/wp"
	"github.com/wpmock/wpmock/mock/wpfunc"
)

// Errors of the comments controller's writes, as codes and messages.
const (
	// POST /comments anonymously: 6.1 allows anonymous comments through the REST API
	// only when the rest_allow_anonymous_comments filter says so (401).
	codeCommentLoginRequired, msgCommentLoginRequired = "rest_comment_login_required", "Sorry, you must be logged in to comment."
	// author, author_ip or status set by a caller without moderate_comments; the
	// message names the parameter.
	codeCommentInvalidAuthor   = "rest_comment_invalid_author"
	codeCommentInvalidAuthorIP = "rest_comment_invalid_author_ip"
	codeCommentInvalidStatus   = "rest_comment_invalid_status"
	msgCommentParamForbidden   = "Sorry, you are not allowed to edit '%s' for comments."
	// POST /comments without a post, or with one that does not exist (403).
	codeCommentInvalidPostID, msgCommentWithoutPost = "rest_comment_invalid_post_id", "Sorry, you are not allowed to create this comment without a post."
	// POST /comments on a draft or trashed post (403).
	codeCommentDraftPost, codeCommentTrashPost = "rest_comment_draft_post", "rest_comment_trash_post"
	msgCommentOnPost                           = "Sorry, you are not allowed to create a comment on this post."
	// POST /comments on a post whose comment_status is not open (403).
	codeCommentClosed, msgCommentClosed = "rest_comment_closed", "Sorry, comments are closed for this item."
	// POST /comments with an id (400).
	codeCommentExists, msgCommentExists = "rest_comment_exists", "Cannot create existing comment."
	// POST /comments with a type other than comment (400).
	codeInvalidCommentType, msgInvalidCommentType = "rest_invalid_comment_type", "Cannot create a comment with that type."
	// an update with a type other than the comment's (404).
	codeCommentInvalidType, msgCommentInvalidType = "rest_comment_invalid_type", "Sorry, you are not allowed to change the comment type."
	// author names a user that does not exist (400).
	codeCommentAuthorInvalid, msgCommentAuthorInvalid = "rest_comment_author_invalid", "Invalid comment author ID."
	// empty content (400).
	codeCommentContentInvalid, msgCommentContentInvalid = "rest_comment_content_invalid", "Invalid comment content."
	// the require_name_email option (on by default) and no author name or email (400).
	codeCommentAuthorDataRequired, msgCommentAuthorDataRequired = "rest_comment_author_data_required", "Creating a comment requires valid author name and email values."
	// a field longer than its wp_comments column (400; the code names the column).
	msgCommentTooLong = "Comment field exceeds maximum length allowed."
	// wp_allow_comment's (wp.AllowComment): the same comment again (409), or a second
	// one from the same user (or email) within 15 seconds, for callers who do not
	// moderate (400 here).
	codeCommentDuplicate, codeCommentFlood = wp.CodeCommentDuplicate, wp.CodeCommentFlood
	// update or delete without edit_comment (codes rest_cannot_edit, rest_cannot_delete).
	msgCannotEditComment   = "Sorry, you are not allowed to edit this comment."
	msgCannotDeleteComment = "Sorry, you are not allowed to delete this comment."
	// DELETE of a trashed comment without force (410).
	msgCommentAlreadyTrashed = "The comment has already been trashed."
)

// commentEmailArg is author_email's arg_options: check_comment_author_email as the
// sanitize_callback, no schema validation first; "" passes, anything else must be an
// email.
func commentEmailArg(a *rest.Schema) {
	a.Sanitize = func(_ *rest.Request, v any, param string) (any, *rest.Error) {
		s := phpString(v)
		if s == "" {
			return "", nil
		}
		if _, err := a.Validate(s, param); err != nil {
			return nil, err
		}
		return s, nil
	}
}

// phpString is (string) of a scalar parameter value; "Array" for a list or an object.
func phpString(v any) string {
	if s, ok := wpfunc.PHPString(v); ok {
		return s
	}
	return "Array"
}

// remoteAddr is $_SERVER['REMOTE_ADDR'].
func remoteAddr(r *rest.Request) string {
	if r.HTTP == nil {
		return ""
	}
	host, _, err := net.SplitHostPort(r.HTTP.RemoteAddr)
	if err != nil {
		return r.HTTP.RemoteAddr
	}
	return host
}

// createPermission is create_item_permissions_check.
func (res *comments) createPermission(r *rest.Request) *rest.Error {
	if who(r) == nil {
		return rest.Errorf(http.StatusUnauthorized, codeCommentLoginRequired, msgCommentLoginRequired)
	}
	moderator := can(r, "moderate_comments")
	if r.Has("author") && r.Int("author") != callerID(r) && !moderator {
		return r.Forbidden(codeCommentInvalidAuthor, strings.Replace(msgCommentParamForbidden, "%s", "author", 1))
	}
	if r.Has("author_ip") && !moderator {
		if ip := remoteAddr(r); ip == "" || r.String("author_ip") != ip {
			return r.Forbidden(codeCommentInvalidAuthorIP, strings.Replace(msgCommentParamForbidden, "%s", "author_ip", 1))
		}
	}
	if r.Has("status") && !moderator {
		return r.Forbidden(codeCommentInvalidStatus, strings.Replace(msgCommentParamForbidden, "%s", "status", 1))
	}
	tx := txOf(r)
	var p *store.Post
	if id := wpfunc.IntVal(r.Param("post")); id != 0 {
		p = tx.Post(id)
	}
	if p == nil {
		return rest.Errorf(http.StatusForbidden, codeCommentInvalidPostID, msgCommentWithoutPost)
	}
	switch p.Status {
	case "draft":
		return rest.Errorf(http.StatusForbidden, codeCommentDraftPost, msgCommentOnPost)
	case "trash":
		return rest.Errorf(http.StatusForbidden, codeCommentTrashPost, msgCommentOnPost)
	}
	if !canReadCommentPost(r, p) {
		return r.Forbidden(codeCannotReadPost, msgCannotReadCommentPost)
	}
	if !wp.CommentsOpen(p) {
		return rest.Errorf(http.StatusForbidden, codeCommentClosed, msgCommentClosed)
	}
	return nil
}

// prepare is prepare_item_for_database applied to c: what the request sets.
func (res *comments) prepare(r *rest.Request, c *store.Comment) (changed bool, err *rest.Error) {
	tx := txOf(r)
	if v, ok := r.Raw("content"); ok {
		if s, ok := rawValue(v); ok {
			c.Content, changed = wpfunc.Trim(s), true
		}
	}
	if r.Has("post") {
		c.Post, changed = r.Int("post"), true
	}
	if r.Has("parent") {
		c.Parent, changed = r.Int("parent"), true
	}
	if r.Has("author") {
		u := tx.User(r.Int("author"))
		if u == nil {
			return false, rest.Errorf(http.StatusBadRequest, codeCommentAuthorInvalid, msgCommentAuthorInvalid)
		}
		c.UserID, c.Author, c.AuthorEmail, c.AuthorURL = u.ID, u.Name, u.Email, u.URL
		changed = true
	}
	if r.Has("author_name") {
		c.Author, changed = r.String("author_name"), true
	}
	if r.Has("author_email") {
		c.AuthorEmail, changed = r.String("author_email"), true
	}
	if r.Has("author_url") {
		c.AuthorURL, changed = r.String("author_url"), true
	}
	// the IP is always written: the moderator's author_ip, else the caller's
	switch ip := remoteAddr(r); {
	case r.Has("author_ip") && can(r, "moderate_comments"):
		c.AuthorIP = r.String("author_ip")
	case net.ParseIP(ip) != nil:
		c.AuthorIP = ip
	default:
		c.AuthorIP = "127.0.0.1"
	}
	if ua := r.String("author_user_agent"); ua != "" {
		c.Agent = ua
	} else if r.HTTP != nil && r.HTTP.UserAgent() != "" {
		c.Agent = r.HTTP.UserAgent()
	}
	if d := r.String("date"); d != "" {
		c.Date, c.DateGMT = dateWithGMT(txOf(r), d, false)
	} else if d := r.String("date_gmt"); d != "" {
		c.Date, c.DateGMT = dateWithGMT(txOf(r), d, true)
	}
	return true, nil
}

// filterIn is wp_filter_comment: the pre_comment_* filters of the text fields.
func (res *comments) filterIn(r *rest.Request, c *store.Comment, kses bool) {
	c.Content = wp.CommentContentIn(r.Site, res.m.version, c.Content, kses)
	c.Author, c.AuthorEmail, c.AuthorURL = wp.CommentAuthorIn(c.Author), wp.CommentEmailIn(c.AuthorEmail), wp.CommentURLIn(c.AuthorURL)
}

// checkLengths is create_item's (and update_item's) wp_check_comment_data_max_lengths:
// the code of wp.CheckCommentLengths, the controller's own message, 400.
func checkLengths(c *store.Comment) *rest.Error {
	if e := wp.CheckCommentLengths(c); e != nil {
		return rest.Errorf(http.StatusBadRequest, e.Code, msgCommentTooLong)
	}
	return nil
}

// allowError is create_item's conversion of wp_allow_comment's WP_Error: a duplicate
// answers 409 and a flood 400 (WordPress's own 429 gives way), with core's message.
func allowError(e *wp.Error) *rest.Error {
	status := e.Status
	switch e.Code {
	case codeCommentDuplicate:
		status = http.StatusConflict
	case codeCommentFlood:
		status = http.StatusBadRequest
	}
	return rest.Errorf(status, e.Code, "%s", e.Message)
}

// create is create_item.
func (res *comments) create(r *rest.Request) (*rest.Response, *rest.Error) {
	tx := txOf(r)
	if v, ok := r.Raw("id"); ok && !wpfunc.Empty(v) {
		return nil, rest.Errorf(http.StatusBadRequest, codeCommentExists, msgCommentExists)
	}
	if v, ok := r.Raw("type"); ok && !wpfunc.Empty(v) && v != "comment" {
		return nil, rest.Errorf(http.StatusBadRequest, codeInvalidCommentType, msgInvalidCommentType)
	}
	c := &store.Comment{Type: "comment"}
	if _, err := res.prepare(r, c); err != nil {
		return nil, err
	}
	if c.Content == "" {
		return nil, rest.Errorf(http.StatusBadRequest, codeCommentContentInvalid, msgCommentContentInvalid)
	}
	if c.DateGMT.IsZero() {
		c.Date, c.DateGMT = wp.Now(tx)
	}
	if u := tx.User(callerID(r)); u != nil && c.UserID == 0 && c.Author == "" && c.AuthorEmail == "" && c.AuthorURL == "" {
		c.UserID, c.Author, c.AuthorEmail, c.AuthorURL = u.ID, u.Name, u.Email, u.URL
	}
	if c.Author == "" || c.AuthorEmail == "" {
		return nil, rest.Errorf(http.StatusBadRequest, codeCommentAuthorDataRequired, msgCommentAuthorDataRequired)
	}
	if err := checkLengths(c); err != nil {
		return nil, err
	}
	approved, werr := wp.AllowComment(tx, actor(r), c, func(s string) string { return wp.CommentText(r.Site, res.m.version, s) })
	if werr != nil {
		return nil, allowError(werr)
	}
	c.Approved = approved
	res.filterIn(r, c, !can(r, "unfiltered_html"))
	tx.InsertComment(c)
	if r.Has("status") {
		c, _ = handleStatusParam(tx, c, r.String("status"))
	}
	if err := res.writeMetaAndFields(r, c.ID); err != nil {
		return nil, err
	}
	c = tx.Comment(c.ID)
	ctx := rest.View
	if can(r, "moderate_comments") {
		ctx = rest.Edit
	}
	r.SetParam("context", ctx)
	return rest.Created(res.item.RenderIn(r, c, ctx), r.RestURL("/"+Namespace+"/comments/"+strconv.Itoa(c.ID))), nil
}

// handleStatusParam is handle_status_param: approve(d)/1, hold/0, spam, unspam, trash,
// untrash, each by the core function WordPress calls (wp_set_comment_status,
// wp_spam_comment, ...); the comment's current status or anything else changes
// nothing. It returns the comment as it is now, and whether its status changed.
func handleStatusParam(tx *store.Tx, c *store.Comment, status string) (*store.Comment, bool) {
	if status == wp.CommentStatus(c) {
		return c, false
	}
	switch status {
	case "approved", "approve", "1":
		return wp.SetCommentStatus(tx, c, "approve")
	case "hold", "0":
		return wp.SetCommentStatus(tx, c, "hold")
	case "spam":
		return wp.SpamComment(tx, c)
	case "unspam":
		return wp.UnspamComment(tx, c)
	case "trash":
		return wp.TrashComment(tx, c)
	case "untrash":
		return wp.UntrashComment(tx, c)
	}
	return c, false
}

// checkEdit is check_edit_permission.
func checkEdit(r *rest.Request, c *store.Comment) bool {
	return callerID(r) != 0 && (can(r, "moderate_comments") || canEditComment(r, c))
}

// updatePermission is update_item_permissions_check.
func (res *comments) updatePermission(r *rest.Request) *rest.Error {
	c, err := getComment(r)
	if err != nil {
		return err
	}
	if !checkEdit(r, c) {
		return r.Forbidden(codeCannotEdit, msgCannotEditComment)
	}
	if targetPostChecked.In(res.m.version) && r.Has("post") && r.Int("post") != c.Post {
		return checkTargetPost(r, r.Int("post"))
	}
	return nil
}

// targetPostChecked is the versions whose update_item_permissions_check also checks the
// post a comment moves to: the security fix WordPress 7.1 has, backported to the 6.8
// branch (6.8.12 has it; the 6.1 branch, 6.1.9, does not).
var targetPostChecked = rest.Span{Since: rest.V68}

// checkTargetPost is check_target_post_permission for a comment (not a note): the
// caller moderates or may edit the post, which must exist.
func checkTargetPost(r *rest.Request, id int) *rest.Error {
	if id == 0 {
		return rest.Errorf(http.StatusForbidden, codeCommentInvalidPostID, msgCommentWithoutPost)
	}
	tx := txOf(r)
	p := tx.Post(id)
	if !can(r, "moderate_comments") && (p == nil || !canEditPost(r, p, tx.Post)) {
		return r.Forbidden(codeCannotEdit, msgCannotEditComment)
	}
	if p == nil {
		return rest.Errorf(http.StatusForbidden, codeCommentInvalidPostID, msgCommentWithoutPost)
	}
	return nil
}

// update is update_item: prepare_item_for_database always writes the IP, so every
// update is a wp_update_comment, and a status is applied after it.
func (res *comments) update(r *rest.Request) (*rest.Response, *rest.Error) {
	tx := txOf(r)
	c, err := getComment(r)
	if err != nil {
		return nil, err
	}
	if v, ok := r.Raw("type"); ok && v != nil && phpString(v) != commentType(c) {
		return nil, rest.Errorf(http.StatusNotFound, codeCommentInvalidType, msgCommentInvalidType)
	}
	next := *c
	if _, err := res.prepare(r, &next); err != nil {
		return nil, err
	}
	if r.Has("post") && next.Post != 0 && tx.Post(next.Post) == nil {
		return nil, rest.Errorf(http.StatusForbidden, codeCommentInvalidPostID, msgCommentPostInvalid)
	}
	if v, ok := r.Raw("content"); ok {
		if _, isText := rawValue(v); isText && next.Content == "" {
			return nil, rest.Errorf(http.StatusBadRequest, codeCommentContentInvalid, msgCommentContentInvalid)
		}
	}
	if err := checkLengths(&next); err != nil {
		return nil, err
	}
	// wp_update_comment filters the merged comment again; kses also when the
	// comment's (former) user lacks unfiltered_html
	kses := !can(r, "unfiltered_html")
	if u := tx.User(c.UserID); u == nil || !registry(r).UserCan(u, "unfiltered_html") {
		kses = true
	}
	res.filterIn(r, &next, kses)
	c = tx.ChangeComment(c.ID, func(n *store.Comment) { *n = next })
	if r.Has("status") {
		c, _ = handleStatusParam(tx, c, r.String("status"))
	}
	if err := res.writeMetaAndFields(r, c.ID); err != nil {
		return nil, err
	}
	c = tx.Comment(c.ID)
	r.SetParam("context", rest.Edit)
	return rest.OK(res.item.RenderIn(r, c, rest.Edit)), nil
}

// deletePermission is delete_item_permissions_check.
func (res *comments) deletePermission(r *rest.Request) *rest.Error {
	c, err := getComment(r)
	if err != nil {
		return err
	}
	if !checkEdit(r, c) {
		return r.Forbidden(codeCannotDelete, msgCannotDeleteComment)
	}
	return nil
}

// delete is delete_item: force deletes for good (replies move up to the parent);
// otherwise the comment goes to the trash (EMPTY_TRASH_DAYS is 30), and a trashed
// one answers 410.
func (res *comments) delete(r *rest.Request) (*rest.Response, *rest.Error) {
	tx := txOf(r)
	c, err := getComment(r)
	if err != nil {
		return nil, err
	}
	r.SetParam("context", rest.Edit)
	if r.Bool("force") {
		previous := withoutLinks(res.item.RenderIn(r, c, rest.Edit))
		tx.DeleteComment(c.ID)
		return rest.OK(rest.Object{{Key: "deleted", Value: true}, {Key: "previous", Value: previous}}), nil
	}
	if c.Approved == "trash" {
		return nil, rest.Errorf(http.StatusGone, codeAlreadyTrashed, msgCommentAlreadyTrashed)
	}
	c, _ = wp.TrashComment(tx, c)
	return rest.OK(res.item.RenderIn(r, c, rest.Edit)), nil
}

// writeMetaAndFields is what create_item and update_item do once the comment is
// saved and its status set: the registered meta keys the request's meta names (an
// error answers, the comment saved; edit_comment_meta needs edit_comment first, so a
// caller who cannot edit the comment may write no key), then the plugin fields.
func (res *comments) writeMetaAndFields(r *rest.Request, id int) *rest.Error {
	tx := txOf(r)
	if meta, ok := r.Param("meta").(map[string]any); ok {
		keys := res.m.commentMetaKeys()
		if !canEditComment(r, tx.Comment(id)) {
			keys = keys.Denied()
		}
		if err := res.m.updateCommentMeta(r, tx, id, keys, meta); err != nil {
			return err
		}
	}
	if fields, changed := fields.UpdateAdditional(r, res.m.reg, "comment", tx.Comment(id).Fields); changed {
		tx.ChangeComment(id, func(c *store.Comment) { c.Fields = fields })
	}
	return nil
}
