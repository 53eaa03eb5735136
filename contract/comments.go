package contract

import (
	"fmt"
	"net/http"
	"net/url"
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
		wantValue(t, r, "code", "comment_duplicate", "comments/create/duplicate: the same comment again is refused with 409 comment_duplicate")
		checkCommentFields(s, t, item)
		t.Run("threads", func(t T) { commentThreadRules(s, t) })
		t.Run("roles", func(t T) { commentRoleRules(s, t) })
		t.Run("moderation", func(t T) { commentModerationRules(s, t) })
		t.Run("targets", func(t T) { commentTargetRules(s, t) })
		t.Run("lists", func(t T) { commentListRules(s, t) })
		t.Run("depth", func(t T) { commentDepthRules(s, t) })
		t.Run("headers and errors", func(t T) {
			on := s.create(t, nil, "/wp/v2/posts", map[string]any{"title": s.name("headers"), "status": "publish", "comment_status": "open"})
			c := s.create(t, nil, "/wp/v2/comments", map[string]any{"post": idOf(on), "content": s.name("headers")})
			itemHeaderRules(s, t, "comments", fmt.Sprintf("/wp/v2/comments/%d", idOf(c)), "", "rest_comment_invalid_id",
				[]string{"per_page=0", "context=foo", "post=abc", "order=sideways", "orderby=title", "parent=x", "after=yesterday"})
		})
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

// commentModerationRules: a comment by a logged-in user takes the user's name, e-mail
// and URL, is of type comment, and links to the post's comment anchor; a comment with
// a reply gets a children link; a comment marked spam leaves the default list, is
// listed by status=spam and refused to visitors; a trashed comment is restored by an
// update of its status; the administrator's markup is kept (unfiltered_html) but
// links get rel="nofollow ugc"; a contributor's script is stripped (wp_filter_kses).
func commentModerationRules(s *Suite, t T) {
	admin, anon := s.as(s.admin()), s.as(anonymous)
	post := s.create(t, nil, "/wp/v2/posts", map[string]any{"title": s.name("moderation"), "status": "publish", "comment_status": "open"})
	pid := idOf(post)
	me := admin.get(t, "/wp/v2/users/me?context=edit")
	c := s.create(t, nil, "/wp/v2/comments", map[string]any{"post": pid, "content": s.name("moderated")})
	cid := idOf(c)
	for field, from := range map[string]string{"author_name": "name", "author_email": "email", "author_url": "url"} {
		wantValue(t, c, field, textAt(me, from), "comments/create/author-defaults: a logged-in user's comment takes the user's name, e-mail and URL ("+field+")")
	}
	wantValue(t, c, "author", float64(idOf(me)), "comments/create/author-defaults: a logged-in user's comment takes the user's name, e-mail and URL (author)")
	wantValue(t, c, "type", "comment", "comments/create/type: a new comment's type is comment")
	wantValue(t, c, "link", fmt.Sprintf("%s#comment-%d", textAt(post, "link"), cid), "comments/link/anchor: a comment's link is the post's link and #comment-<id>")
	_, has := at(c.JSON(), "_links.children")
	check(t, c, !has, "comments/links/children: a comment without replies has no children link", "children link present")
	s.create(t, nil, "/wp/v2/comments", map[string]any{"post": pid, "parent": cid, "content": s.name("a reply")})
	item := fmt.Sprintf("/wp/v2/comments/%d", cid)
	wantValue(t, anon.get(t, item), "_links.children", linkList(linkTo(s.url(fmt.Sprintf("/wp/v2/comments?parent=%d", cid)), "embeddable", true)),
		"comments/links/children: a comment with a reply links its children (comments?parent=<id>, embeddable)")
	wantValue(t, anon.get(t, item+"?_embed=up"), "_embedded.up.0.id", float64(pid), "comments/embed/up: _embed=up embeds the comment's post")

	wantValue(t, admin.send(t, http.MethodPost, item, map[string]any{"status": "spam"}), "status", "spam", "comments/spam/set: an update marks a comment as spam")
	list := fmt.Sprintf("/wp/v2/comments?post=%d&parent=0", pid)
	wantIDs(t, admin.get(t, list), nil, "comments/spam/not-listed: a spam comment is not in the default list, even an administrator's")
	wantIDs(t, admin.get(t, list+"&status=spam"), []int{cid}, "comments/spam/listed-by-status: status=spam lists it")
	wantError(t, anon.get(t, item), http.StatusUnauthorized, "rest_cannot_read", "comments/spam/hidden: a spam comment is refused to visitors (401 rest_cannot_read)")
	wantValue(t, admin.send(t, http.MethodDelete, item, nil), "status", "trash", "comments/delete/trash: a delete without force trashes the comment")
	wantValue(t, admin.send(t, http.MethodPost, item, map[string]any{"status": "approved"}), "status", "approved",
		"comments/update/untrash: an update of a trashed comment's status restores it")

	markup := `<script>alert(1)</script><b>bold</b> <a href="http://example.com/x">l</a>`
	r := s.create(t, nil, "/wp/v2/comments", map[string]any{"post": pid, "content": markup})
	wantValue(t, r, "content.rendered", `<p><script>alert(1)</script><b>bold</b> <a href="http://example.com/x" rel="nofollow ugc">l</a></p>`+"\n",
		"comments/render/unfiltered: the administrator's markup is kept (unfiltered_html), a link gets rel=\"nofollow ugc\"")
	// a contributor (no unfiltered_html) that has not commented in this run: a
	// commenter's second comment within 15 s is a flood (wp_check_comment_flood)
	r = s.create(t, s.accountFor(t, "contributor"), "/wp/v2/comments", map[string]any{"post": pid, "content": markup})
	wantValue(t, admin.get(t, fmt.Sprintf("/wp/v2/comments/%d", idOf(r))), "content.rendered",
		`<p>alert(1)<b>bold</b> <a href="http://example.com/x" rel="nofollow ugc">l</a></p>`+"\n",
		"comments/render/kses: a contributor's script tag is stripped (wp_filter_kses), its text and the allowed tags kept")
}

// commentTargetRules: the post a comment is on decides: a draft (403
// rest_comment_draft_post) or trashed post (403 rest_comment_trash_post) takes no
// comment; an update to an unknown post is refused (403 rest_comment_invalid_post_id);
// a password-protected post's comments are listed to a visitor with its password only
// (else 401 rest_cannot_read_post); an invalid author_email is refused (400,
// rest_invalid_email).
func commentTargetRules(s *Suite, t T) {
	admin, anon := s.as(s.admin()), s.as(anonymous)
	draft := s.create(t, nil, "/wp/v2/posts", map[string]any{"title": s.name("draft target"), "status": "draft", "comment_status": "open"})
	try := func(pid int) *Result {
		r := admin.send(t, http.MethodPost, "/wp/v2/comments", map[string]any{"post": pid, "content": s.name("on target")})
		if r.Status == http.StatusCreated {
			s.deleteLater("/wp/v2/comments", idOf(r))
		}
		return r
	}
	wantError(t, try(idOf(draft)), http.StatusForbidden, "rest_comment_draft_post", "comments/create/draft-post: a comment on a draft is refused with 403 rest_comment_draft_post")
	trashed := s.create(t, nil, "/wp/v2/posts", map[string]any{"title": s.name("trash target"), "status": "publish", "comment_status": "open"})
	admin.send(t, http.MethodDelete, fmt.Sprintf("/wp/v2/posts/%d", idOf(trashed)), nil)
	wantError(t, try(idOf(trashed)), http.StatusForbidden, "rest_comment_trash_post", "comments/create/trash-post: a comment on a trashed post is refused with 403 rest_comment_trash_post")

	prot := s.create(t, nil, "/wp/v2/posts", map[string]any{"title": s.name("protected target"), "status": "publish", "comment_status": "open", "password": "pw"})
	c := try(idOf(prot))
	wantStatus(t, c, http.StatusCreated, "comments/create/protected-post: an administrator comments on a password-protected post (201)")
	list := fmt.Sprintf("/wp/v2/comments?post=%d", idOf(prot))
	wantError(t, anon.get(t, list), http.StatusUnauthorized, "rest_cannot_read_post",
		"comments/list/protected-post: a protected post's comments are refused to a visitor without its password (401 rest_cannot_read_post)")
	wantError(t, anon.get(t, list+"&password=wrong"), http.StatusUnauthorized, "rest_cannot_read_post",
		"comments/list/protected-post: a protected post's comments are refused to a visitor without its password (401 rest_cannot_read_post)")
	wantIDs(t, anon.get(t, list+"&password=pw"), []int{idOf(c)}, "comments/list/protected-password: with the post's password they are listed")

	r := admin.send(t, http.MethodPost, fmt.Sprintf("/wp/v2/comments/%d", idOf(c)), map[string]any{"post": 999999999})
	wantError(t, r, http.StatusForbidden, "rest_comment_invalid_post_id", "comments/update/unknown-post: moving a comment to an unknown post is refused (403 rest_comment_invalid_post_id)")
	r = admin.send(t, http.MethodPost, "/wp/v2/comments", map[string]any{"post": idOf(prot), "content": "x", "author_email": "not-an-address"})
	if r.Status == http.StatusCreated {
		s.deleteLater("/wp/v2/comments", idOf(r))
	}
	if wantError(t, r, http.StatusBadRequest, "rest_invalid_param", "comments/create/email-invalid: an invalid author_email is refused: 400 rest_invalid_param (rest_invalid_email)") {
		wantValue(t, r, "data.details.author_email.code", "rest_invalid_email", "comments/create/email-invalid: an invalid author_email is refused: 400 rest_invalid_param (rest_invalid_email)")
	}
}

// commentListRules: three comments on a post of their own, two by the administrator
// and one by an editor, dated a day apart: the author, author_exclude, search,
// include (with orderby=include), exclude, after and before filters, orderby=id both
// ways, and the total and page headers.
func commentListRules(s *Suite, t T) {
	anon := s.as(anonymous)
	post := s.create(t, nil, "/wp/v2/posts", map[string]any{"title": s.name("listed"), "status": "publish", "comment_status": "open"})
	pid := idOf(post)
	ed := s.accountFor(t, "editor")
	word := s.name("needle")
	first := idOf(s.create(t, nil, "/wp/v2/comments", map[string]any{"post": pid, "content": "first " + word, "date": "2020-01-01T10:00:00"}))
	second := idOf(s.create(t, ed, "/wp/v2/comments", map[string]any{"post": pid, "content": "second", "date": "2020-01-02T10:00:00"}))
	third := idOf(s.create(t, nil, "/wp/v2/comments", map[string]any{"post": pid, "content": "third", "date": "2020-01-03T10:00:00"}))
	me := idOf(s.as(s.admin()).get(t, "/wp/v2/users/me"))
	base := fmt.Sprintf("/wp/v2/comments?post=%d", pid)
	wantIDs(t, anon.get(t, base), []int{third, second, first}, "comments/list/date-order: a post's comments newest first")
	admin := s.as(s.admin())
	wantIDs(t, admin.get(t, fmt.Sprintf("%s&author=%d", base, me)), []int{third, first}, "comments/list/author: author= keeps that user's comments")
	wantIDs(t, admin.get(t, fmt.Sprintf("%s&author_exclude=%d", base, me)), []int{second}, "comments/list/author-exclude: author_exclude= leaves that user's out")
	for _, q := range []string{"author", "author_exclude"} {
		r := anon.get(t, fmt.Sprintf("%s&%s=%d", base, q, me))
		wantError(t, r, http.StatusUnauthorized, "rest_forbidden_param", "comments/list/author-protected: a visitor may not filter by author (401 rest_forbidden_param)")
	}
	wantIDs(t, anon.get(t, base+"&search="+url.QueryEscape(word)), []int{first}, "comments/list/search: search= finds comments by their content")
	wantIDs(t, anon.get(t, fmt.Sprintf("%s&include=%d,%d&orderby=include", base, first, third)), []int{first, third},
		"comments/list/include: include= with orderby=include keeps the order given")
	wantIDs(t, anon.get(t, fmt.Sprintf("%s&exclude=%d", base, second)), []int{third, first}, "comments/list/exclude: exclude= leaves those out")
	wantIDs(t, anon.get(t, base+"&after=2020-01-01T12:00:00&before=2020-01-02T12:00:00"), []int{second},
		"comments/list/dates: after= and before= keep the comments between")
	wantIDs(t, anon.get(t, base+"&orderby=id&order=asc"), []int{first, second, third}, "comments/list/orderby-id: orderby=id orders by id (asc)")
	r := anon.get(t, base+"&per_page=2&page=2")
	wantIDs(t, r, []int{first}, "comments/list/page: per_page=2&page=2 is the third comment")
	wantHeader(t, r, "X-WP-Total", "3", "pagination/total: comments: X-WP-Total counts a post's comments")
	wantHeader(t, r, "X-WP-TotalPages", "2", "pagination/total-pages: comments: X-WP-TotalPages is the number of pages of a post's comments")
	r = anon.get(t, base+"&page=3&per_page=2")
	const pastEnd = "comments/list/past-end: a page past the last answers 200 [] with the totals (no rest_comment_invalid_page_number, unlike posts)"
	wantIDs(t, r, nil, pastEnd)
	wantHeader(t, r, "X-WP-Total", "3", "pagination/total: comments: a page past the last keeps X-WP-Total")
}
