package mock

import (
	"net/http"
	"strconv"
	"testing"
)

// The rules below follow WordPress 6.1.9's controller source (class-wp-rest-comments-
// controller.php, wp_allow_comment); the anonymous refusal, post requirement, moderator
// approval, duplicate, status filter, trash/410/force answers are also checked against
// the running 6.1 and 7.1 by the contract group "comments". The subscriber's held
// comment and the flood answer were not yet compared with a running WordPress.

// commentPost creates a published post of the author user with comments open (or
// closed), and returns its id.
func commentPost(t *testing.T, s *testSite, open bool) int {
	t.Helper()
	author := s.get(t, "/wp/v2/users?search=author&context=edit", "admin").json.([]any)[0].(map[string]any)["id"]
	status := "closed"
	if open {
		status = "open"
	}
	got := s.send(t, http.MethodPost, "/wp/v2/posts", "admin", map[string]any{"title": "Comments", "status": "publish",
		"author": author, "comment_status": status})
	if got.status != http.StatusCreated {
		t.Fatalf("creating the post: %d %s", got.status, got.body)
	}
	return int(got.json.(map[string]any)["id"].(float64))
}

// TestCommentRules: who may comment, how a new comment is approved, who may read,
// edit and delete it, and the trash.
func TestCommentRules(t *testing.T) {
	s := newTestSite(t)
	post, closed := commentPost(t, s, true), commentPost(t, s, false)
	p := strconv.Itoa(post)
	body := func(content string) map[string]any { return map[string]any{"post": post, "content": content} }
	runSendCases(t, s, []sendCase{
		{"anonymous", http.MethodPost, "/wp/v2/comments", "", body("a"), 401, codeCommentLoginRequired, msgCommentLoginRequired},
		{"no post", http.MethodPost, "/wp/v2/comments", "subscriber", map[string]any{"content": "a"}, 403, codeCommentInvalidPostID, msgCommentWithoutPost},
		{"closed", http.MethodPost, "/wp/v2/comments", "subscriber", map[string]any{"post": closed, "content": "a"}, 403, codeCommentClosed, msgCommentClosed},
		{"status by subscriber", http.MethodPost, "/wp/v2/comments", "subscriber", map[string]any{"post": post, "content": "a", "status": "approved"},
			403, codeCommentInvalidStatus, "Sorry, you are not allowed to edit 'status' for comments."},
		{"empty content", http.MethodPost, "/wp/v2/comments", "admin", body(""), 400, codeCommentContentInvalid, msgCommentContentInvalid},
		{"other type", http.MethodPost, "/wp/v2/comments", "admin", map[string]any{"post": post, "content": "a", "type": "pingback"},
			400, codeInvalidCommentType, msgInvalidCommentType},
	})
	// a subscriber's first comment is held; the post's author's and a moderator's are approved
	held := s.send(t, http.MethodPost, "/wp/v2/comments", "subscriber", body("first"))
	if m := held.json.(map[string]any); held.status != 201 || m["status"] != "hold" || m["author_email"] != nil {
		t.Fatalf("subscriber's comment: %d %s, want 201, hold, view context", held.status, held.body)
	}
	heldID := strconv.Itoa(int(held.json.(map[string]any)["id"].(float64)))
	s.send(t, http.MethodPost, "/wp/v2/comments", "subscriber", body("second")).wantError(t, 400, codeCommentFlood)
	own := s.send(t, http.MethodPost, "/wp/v2/comments", "author", map[string]any{"post": post, "content": "mine", "parent": held.json.(map[string]any)["id"]})
	if m := own.json.(map[string]any); own.status != 201 || m["status"] != "approved" {
		t.Fatalf("post author's comment: %d %s, want 201 approved", own.status, own.body)
	}
	admin := s.send(t, http.MethodPost, "/wp/v2/comments", "admin", body("hello"))
	if m := admin.json.(map[string]any); admin.status != 201 || m["status"] != "approved" || m["author_email"] == nil {
		t.Fatalf("admin's comment: %d %s, want 201 approved in edit context", admin.status, admin.body)
	}
	s.send(t, http.MethodPost, "/wp/v2/comments", "admin", body("hello")).wantError(t, 409, codeCommentDuplicate)
	adminID := strconv.Itoa(int(admin.json.(map[string]any)["id"].(float64)))

	// reading: anonymous callers see approved comments only; X-WP-Total counts them
	list := s.get(t, "/wp/v2/comments?post="+p, "")
	if n := len(list.json.([]any)); n != 2 || list.header.Get("X-WP-Total") != "2" {
		t.Errorf("anonymous list: %d items, X-WP-Total %s; want 2, 2", n, list.header.Get("X-WP-Total"))
	}
	s.get(t, "/wp/v2/comments?status=hold", "").wantError(t, 401, codeForbiddenParam)
	s.get(t, "/wp/v2/comments/"+heldID, "").wantError(t, 401, codeCannotRead)
	s.get(t, "/wp/v2/comments/"+heldID+"?context=edit", "author").wantError(t, 403, codeForbiddenContext)
	if got := s.get(t, "/wp/v2/comments/"+heldID, "subscriber"); got.status != 200 {
		t.Errorf("the subscriber reads their held comment: %d, want 200", got.status)
	}
	if got := s.get(t, "/wp/v2/comments?post="+p+"&status=hold", "editor"); len(got.json.([]any)) != 1 {
		t.Errorf("editor's held list: %s, want one comment", got.body)
	}

	// editing: the post's author may (edit_post), a contributor may not
	s.send(t, http.MethodPost, "/wp/v2/comments/"+heldID, "contributor", map[string]any{"content": "x"}).wantError(t, 403, "rest_cannot_edit")
	if got := s.send(t, http.MethodPost, "/wp/v2/comments/"+heldID, "author", map[string]any{"status": "approved"}); got.json.(map[string]any)["status"] != "approved" {
		t.Errorf("approving: %s", got.body)
	}
	s.send(t, http.MethodPost, "/wp/v2/comments/"+heldID, "admin", map[string]any{"content": ""}).wantError(t, 400, codeCommentContentInvalid)

	// deleting: trash, 410 the second time, then force
	runSendCases(t, s, []sendCase{
		{"delete by subscriber", http.MethodDelete, "/wp/v2/comments/" + adminID, "subscriber", nil, 403, codeCannotDelete, msgCannotDeleteComment},
		{"trash", http.MethodDelete, "/wp/v2/comments/" + adminID, "admin", nil, 200, "", ""},
		{"trash again", http.MethodDelete, "/wp/v2/comments/" + adminID, "admin", nil, 410, codeAlreadyTrashed, msgCommentAlreadyTrashed},
		{"force", http.MethodDelete, "/wp/v2/comments/" + adminID + "?force=true", "admin", nil, 200, "", ""},
		{"gone", http.MethodGet, "/wp/v2/comments/" + adminID, "admin", nil, 404, codeCommentInvalidID, msgCommentInvalidID},
	})
	// the post's replies embed its comments
	emb := s.get(t, "/wp/v2/posts/"+p+"?_embed=replies", "")
	replies, _ := emb.json.(map[string]any)["_embedded"].(map[string]any)["replies"].([]any)
	if len(replies) != 1 || len(replies[0].([]any)) != 2 {
		t.Errorf("replies embed: %v, want one list of 2 comments", replies)
	}
}
