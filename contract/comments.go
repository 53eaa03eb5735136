package contract

import (
	"fmt"
	"net/http"
)

// The comments group: /wp/v2/comments as WordPress 6.1 answers (checked against the
// running 6.1 and 7.1): anonymous creation is refused (rest_allow_anonymous_comments
// is off by default), a moderator's comment is approved and answered in the edit
// context, anonymous callers read approved comments only, a comment is trashed first,
// a second delete answers 410, and force deletes it for good.

func init() {
	register("comments", true, func(s *Suite, t T) {
		if !s.caps.routes["/wp/v2/comments"] {
			t.Skipf("the target has no /wp/v2/comments route")
			return
		}
		admin, anon := s.as(s.admin()), s.as(anonymous)
		post := s.create(t, nil, "/wp/v2/posts", map[string]any{"title": s.name("commented"), "status": "publish",
			"comment_status": "open", "content": "wpcontract comments"})
		pid := idOf(post)
		body := map[string]any{"post": pid, "content": s.name("a comment")}
		r := anon.send(t, http.MethodPost, "/wp/v2/comments", body)
		wantStatus(t, r, http.StatusUnauthorized, "comments/create/anonymous-refused: an anonymous comment is refused with 401 rest_comment_login_required")
		wantValue(t, r, "code", "rest_comment_login_required", "comments/create/anonymous-refused: an anonymous comment is refused with 401 rest_comment_login_required")
		r = admin.send(t, http.MethodPost, "/wp/v2/comments", map[string]any{"content": "x"})
		wantStatus(t, r, http.StatusForbidden, "comments/create/post-required: a comment without a post is refused with 403 rest_comment_invalid_post_id")
		wantValue(t, r, "code", "rest_comment_invalid_post_id", "comments/create/post-required: a comment without a post is refused with 403 rest_comment_invalid_post_id")

		c := admin.send(t, http.MethodPost, "/wp/v2/comments", body)
		if !wantStatus(t, c, http.StatusCreated, "comments/create/moderator: an administrator's comment is created (201)") {
			return
		}
		id := idOf(c)
		item := fmt.Sprintf("/wp/v2/comments/%d", id)
		wantValue(t, c, "status", "approved", "comments/create/moderator-approved: a moderator's comment is approved at once")
		wantValue(t, c, "post", float64(pid), "comments/create/post: the comment belongs to the post")
		check(t, c, c.object()["author_email"] != nil, "comments/create/edit-context: a moderator's new comment is answered in the edit context (author_email shown)", "no author_email")
		r = admin.send(t, http.MethodPost, "/wp/v2/comments", body)
		wantStatus(t, r, http.StatusConflict, "comments/create/duplicate: the same comment again is refused with 409 comment_duplicate")
		checkCommentFields(s, t, item)
		t.Run("threads", func(t T) { commentThreadRules(s, t) })
		t.Run("roles", func(t T) { commentRoleRules(s, t) })
		closed := s.create(t, nil, "/wp/v2/posts", map[string]any{"title": s.name("closed"), "status": "publish", "comment_status": "closed"})
		r = admin.send(t, http.MethodPost, "/wp/v2/comments", map[string]any{"post": idOf(closed), "content": s.name("too late")})
		wantError(t, r, http.StatusForbidden, "rest_comment_closed",
			"comments/create/closed: a comment on a post whose comments are closed is refused with 403 rest_comment_closed, even to an administrator")

		l := anon.get(t, fmt.Sprintf("/wp/v2/comments?post=%d", pid))
		wantHeader(t, l, "X-WP-Total", "1", "comments/list/post: the post's approved comment is listed to anonymous callers")
		check(t, l, len(l.list()) == 1, "comments/list/post: the post's approved comment is listed to anonymous callers", "%d items", len(l.list()))
		r = anon.get(t, "/wp/v2/comments?status=hold")
		wantStatus(t, r, http.StatusUnauthorized, "comments/list/status-forbidden: an anonymous status filter answers 401 rest_forbidden_param")
		wantValue(t, r, "message", "Query parameter not permitted: status", "comments/list/status-forbidden: an anonymous status filter answers 401 rest_forbidden_param")
		r = anon.get(t, item+"?context=edit")
		wantStatus(t, r, http.StatusUnauthorized, "comments/get/edit-context: the edit context needs moderate_comments (401 anonymous)")

		r = admin.send(t, http.MethodPost, item, map[string]any{"status": "hold"})
		wantValue(t, r, "status", "hold", "comments/update/status: an update sets the status (hold)")
		r = anon.get(t, item)
		wantStatus(t, r, http.StatusUnauthorized, "comments/get/held-hidden: a held comment is not readable anonymously (401 rest_cannot_read)")

		r = admin.send(t, http.MethodDelete, item, nil)
		wantValue(t, r, "status", "trash", "comments/delete/trash: a delete without force trashes the comment")
		r = admin.send(t, http.MethodDelete, item, nil)
		wantStatus(t, r, http.StatusGone, "comments/delete/already-trashed: deleting a trashed comment without force answers 410 rest_already_trashed")
		r = admin.send(t, http.MethodDelete, item+"?force=true", nil)
		wantValue(t, r, "deleted", true, "comments/delete/force: force=true deletes the comment ({deleted: true, previous})")
		r = admin.get(t, item)
		wantStatus(t, r, http.StatusNotFound, "comments/delete/force: a force-deleted comment is gone (404 rest_comment_invalid_id)")
	})
}

// The comment's fields in each context (6.1, 6.8 and 7.1 alike): the author's e-mail,
// IP address and user agent are private to the edit context (moderate_comments).
var (
	commentView  = w("id post parent author author_name author_url date date_gmt content link status type author_avatar_urls meta _links")
	commentEdit  = w("id post parent author author_name author_email author_url author_ip author_user_agent date date_gmt content link status type author_avatar_urls meta _links")
	commentEmbed = w("id parent author author_name author_url date content link type author_avatar_urls _links")
	// commentLinks are an approved comment's links by a registered author on a post.
	commentLinks = w("self collection author up")
)

// checkCommentFields checks the comment at item (approved, by the administrator, on
// a post) in each context, and that the view context never shows what only
// moderators may see.
func checkCommentFields(s *Suite, t T, item string) {
	anon := s.as(anonymous)
	v := anon.get(t, item)
	wantNoKeys(t, v, "", []string{"author_email", "author_ip", "author_user_agent"},
		"comments/fields/view-private: a comment in the view context shows no author_email, author_ip or author_user_agent")
	for _, c := range []struct {
		ctx     string
		acc     *account
		keys    words
		content words
	}{
		{"view", anonymous, commentView, w("rendered")},
		{"embed", anonymous, commentEmbed, w("rendered")},
		{"edit", s.admin(), commentEdit, w("raw rendered")},
	} {
		r := s.as(c.acc).get(t, item+"?context="+c.ctx)
		if wantStatus(t, r, http.StatusOK, "comments/fields/"+c.ctx+"-200: GET /wp/v2/comments/<id> in "+c.ctx+" context answers 200") {
			s.wantShape(t, r, "", keyShape{c.keys, map[string]words{"content": c.content, "_links": commentLinks}},
				"comments/fields/"+c.ctx+"-keys: GET /wp/v2/comments/<id> ("+c.ctx+")", schemaAt{"/wp/v2/comments", c.ctx})
		}
	}
}

// commentThreadRules: a comment with two paragraphs and a reply to it, on a post of
// their own: the rendered text, the reply's parent and in-reply-to link, the list's
// parent filters and its order both ways, and the refusal of an empty comment.
func commentThreadRules(s *Suite, t T) {
	admin, anon := s.as(s.admin()), s.as(anonymous)
	post := s.create(t, nil, "/wp/v2/posts", map[string]any{"title": s.name("thread"), "status": "publish", "comment_status": "open"})
	pid := idOf(post)
	top := s.create(t, nil, "/wp/v2/comments", map[string]any{"post": pid, "content": s.name("first line") + "\n\nsecond -- para"})
	wantValue(t, top, "content.rendered", "<p>"+s.name("first line")+"</p>\n<p>second &#8212; para</p>\n",
		"comments/render/content: content.rendered is the text texturized and made paragraphs by wpautop")
	_, hasReplyLink := at(top.JSON(), "_links.in-reply-to")
	check(t, top, !hasReplyLink, "comments/threads/in-reply-to: a reply links its parent (in-reply-to, embeddable); a top-level comment has no such link", "in-reply-to present")
	tid := idOf(top)
	reply := s.create(t, nil, "/wp/v2/comments", map[string]any{"post": pid, "parent": tid, "content": s.name("a reply")})
	rid := idOf(reply)
	wantValue(t, reply, "parent", float64(tid), "comments/threads/parent: a reply names its parent")
	wantValue(t, reply, "_links.in-reply-to", linkList(linkTo(s.url(fmt.Sprintf("/wp/v2/comments/%d", tid)), "embeddable", true)),
		"comments/threads/in-reply-to: a reply links its parent (in-reply-to, embeddable); a top-level comment has no such link")
	ids := func(path string) string { return fmt.Sprint(resultIDs(anon.get(t, path))) }
	check(t, top, ids(fmt.Sprintf("/wp/v2/comments?parent=%d", tid)) == fmt.Sprint(idList{rid}),
		"comments/list/parent: parent= lists the replies to a comment", "ids %s", ids(fmt.Sprintf("/wp/v2/comments?parent=%d", tid)))
	check(t, top, ids(fmt.Sprintf("/wp/v2/comments?post=%d&parent=0", pid)) == fmt.Sprint(idList{tid}),
		"comments/list/parent: parent=0 lists a post's top-level comments only", "ids %s", ids(fmt.Sprintf("/wp/v2/comments?post=%d&parent=0", pid)))
	check(t, top, ids(fmt.Sprintf("/wp/v2/comments?post=%d", pid)) == fmt.Sprint(idList{rid, tid}),
		"comments/list/order: comments are listed newest first (by date, then id)", "ids %s", ids(fmt.Sprintf("/wp/v2/comments?post=%d", pid)))
	check(t, top, ids(fmt.Sprintf("/wp/v2/comments?post=%d&order=asc", pid)) == fmt.Sprint(idList{tid, rid}),
		"comments/list/order: order=asc lists them oldest first", "ids %s", ids(fmt.Sprintf("/wp/v2/comments?post=%d&order=asc", pid)))
	r := admin.send(t, http.MethodPost, "/wp/v2/comments", map[string]any{"post": pid, "content": ""})
	if wantError(t, r, http.StatusBadRequest, "rest_comment_content_invalid", "comments/create/empty: an empty comment is refused with 400 rest_comment_content_invalid") {
		wantValue(t, r, "message", "Invalid comment content.", "comments/create/empty: WordPress's message")
	}
}

// commentRoleRules: a subscriber (no moderate_comments, no edit_posts) comments on the
// administrator's post. With WordPress's default discussion settings (a commenter
// needs a previously approved comment) the comment is held; its author reads it, but
// may not read it in the edit context, change or delete it, set a status or comment
// as someone else.
func commentRoleRules(s *Suite, t T) {
	post := s.create(t, nil, "/wp/v2/posts", map[string]any{"title": s.name("roles"), "status": "publish", "comment_status": "open"})
	pid := idOf(post)
	sub := s.as(s.accountFor(t, "subscriber"))
	c := s.create(t, sub.acc, "/wp/v2/comments", map[string]any{"post": pid, "content": s.name("by a subscriber")})
	wantValue(t, c, "status", "hold", "comments/roles/held: a subscriber's first comment is held (default settings: a previously approved comment is needed)")
	item := fmt.Sprintf("/wp/v2/comments/%d", idOf(c))
	wantValue(t, sub.get(t, item), "status", "hold", "comments/roles/own-held: a commenter reads their own held comment")
	wantError(t, sub.get(t, item+"?context=edit"), http.StatusForbidden, "rest_forbidden_context",
		"comments/roles/edit-context: without moderate_comments the edit context is refused (403 rest_forbidden_context)")
	wantError(t, sub.send(t, http.MethodPost, item, map[string]any{"content": s.name("changed")}), http.StatusForbidden, "rest_cannot_edit",
		"comments/roles/update: a commenter who may not edit the post may not change their comment (403 rest_cannot_edit)")
	wantError(t, sub.send(t, http.MethodDelete, item, nil), http.StatusForbidden, "rest_cannot_delete",
		"comments/roles/delete: nor delete it (403 rest_cannot_delete)")
	r := sub.send(t, http.MethodPost, "/wp/v2/comments", map[string]any{"post": pid, "content": s.name("approved by myself"), "status": "approved"})
	if r.Status == http.StatusCreated {
		s.deleteLater("/wp/v2/comments", idOf(r))
	}
	wantError(t, r, http.StatusForbidden, "rest_comment_invalid_status", "comments/roles/status-field: without moderate_comments a status is refused (403 rest_comment_invalid_status)")
	r = sub.send(t, http.MethodPost, "/wp/v2/comments", map[string]any{"post": pid, "content": s.name("as someone else"), "author": idOf(s.as(s.admin()).get(t, "/wp/v2/users/me"))})
	if r.Status == http.StatusCreated {
		s.deleteLater("/wp/v2/comments", idOf(r))
	}
	wantError(t, r, http.StatusForbidden, "rest_comment_invalid_author", "comments/roles/author-field: commenting as another user is refused (403 rest_comment_invalid_author)")
}
