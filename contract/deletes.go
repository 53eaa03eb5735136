package contract

import (
	"fmt"
	"net/http"
	"strings"
)

// The deletes group: the trash / force rules (reference §8.8, §9.5, §10.6, §11.4). Posts
// go to the trash without force and answer 410 when deleted again; media, terms and
// users cannot be trashed (501) and need force=true; a forced delete answers
// {deleted: true, previous: <the object as it was>}.

// Messages of the 501 answers, by resource.
const (
	msgPostNoTrash = "The post does not support trashing. Set 'force=true' to delete."
	msgTermNoTrash = "Terms do not support trashing. Set 'force=true' to delete."
	msgUserNoTrash = "Users do not support trashing. Set 'force=true' to delete."
)

func init() {
	register("deletes", true, func(s *Suite, t T) {
		t.Run("posts", func(t T) { deletePost(s, t) })
		t.Run("media", func(t T) {
			r := s.upload(t, nil, s.name("delete")+".png", "image/png", pngBytes, "")
			if !wantStatus(t, r, http.StatusCreated, "writes/media/upload: a PNG upload creates an attachment (201)") {
				return
			}
			deleteNoTrash(s, t, "media", fmt.Sprintf("/wp/v2/media/%d", idOf(r)), "", msgPostNoTrash, "rest_post_invalid_id", "title.raw")
		})
		t.Run("tags", func(t T) {
			r := s.create(t, nil, "/wp/v2/tags", map[string]any{"name": s.name("delete-tag")})
			deleteNoTrash(s, t, "terms", fmt.Sprintf("/wp/v2/tags/%d", idOf(r)), "", msgTermNoTrash, "rest_term_invalid", "")
		})
		t.Run("categories", func(t T) {
			r := s.create(t, nil, "/wp/v2/categories", map[string]any{"name": s.name("delete-category")})
			deleteNoTrash(s, t, "terms", fmt.Sprintf("/wp/v2/categories/%d", idOf(r)), "", msgTermNoTrash, "rest_term_invalid", "")
		})
		t.Run("missing terms", func(t T) {
			for _, c := range []string{"/wp/v2/tags", "/wp/v2/categories"} {
				wantError(t, s.as(s.admin()).do(t, http.MethodDelete, c+"/"+missingID+"?force=true", nil), http.StatusNotFound, "rest_term_invalid",
					"deletes/terms/missing-404: DELETE a term that does not exist: 404 rest_term_invalid")
			}
		})
		t.Run("users", func(t T) {
			login := s.name("delete-user")
			r := s.create(t, nil, "/wp/v2/users", map[string]any{"username": login, "email": login + "@example.com", "password": randomPassword()})
			deleteNoTrash(s, t, "users", fmt.Sprintf("/wp/v2/users/%d", idOf(r)), fmt.Sprintf("reassign=%d", s.adminID()), msgUserNoTrash, "rest_user_invalid_id", "email")
		})
	})
}

func deletePost(s *Suite, t T) {
	admin := s.as(s.admin())
	slug := s.name("trash")
	r := s.create(t, nil, "/wp/v2/posts", map[string]any{"title": slug, "slug": slug})
	item := fmt.Sprintf("/wp/v2/posts/%d", idOf(r))

	d := admin.do(t, http.MethodDelete, item, nil)
	wantStatus(t, d, http.StatusOK, "deletes/posts/trash-200: DELETE a post without force moves it to the trash: 200 (§8.8)")
	wantValue(t, d, "id", float64(idOf(r)), "deletes/posts/trash-answer-is-post: the trash answer is the post itself, not {deleted, previous}")
	wantValue(t, d, "status", "trash", "deletes/posts/trash-status: a trashed post has status trash")
	wantValue(t, d, "slug", slug+"__trashed", "deletes/posts/trash-slug-suffix: a trashed post's slug gets the suffix __trashed")
	wantValue(t, d, "title.raw", slug, "deletes/posts/trash-answer-edit-context: the trash answer is in edit context (title.raw)")
	g := admin.get(t, item+"?context=edit")
	wantValue(t, g, "status", "trash", "deletes/posts/trashed-readable: a trashed post can still be read by its editor, with status trash")

	again := admin.do(t, http.MethodDelete, item, nil)
	wantError(t, again, http.StatusGone, "rest_already_trashed", "deletes/posts/already-trashed-410: DELETE a trashed post without force: 410 rest_already_trashed")
	wantValue(t, again, "message", "The post has already been deleted.", "deletes/posts/already-trashed-message: rest_already_trashed has WordPress's message")
	again = admin.do(t, http.MethodDelete, item+"?force=false", nil)
	wantError(t, again, http.StatusGone, "rest_already_trashed", "deletes/posts/already-trashed-410: DELETE a trashed post with force=false: 410 rest_already_trashed")

	f := admin.do(t, http.MethodDelete, item+"?force=true", nil)
	wantStatus(t, f, http.StatusOK, "deletes/posts/force-200: DELETE a post with force=true: 200")
	wantKeys(t, f, "", []string{"deleted", "previous"}, "deletes/posts/force-answer: a forced delete answers {deleted, previous}")
	wantValue(t, f, "deleted", true, "deletes/posts/force-answer: a forced delete answers deleted: true")
	wantValue(t, f, "previous.id", float64(idOf(r)), "deletes/posts/force-previous: previous is the deleted post")
	wantValue(t, f, "previous.status", "trash", "deletes/posts/force-previous: previous is the post as it was just before (in the trash)")
	wantValue(t, f, "previous.title.raw", slug, "deletes/posts/force-previous: previous is in edit context")
	wantError(t, admin.get(t, item), http.StatusNotFound, "rest_post_invalid_id", "deletes/posts/gone-404: a deleted post is gone: 404 rest_post_invalid_id")
	wantError(t, admin.do(t, http.MethodDelete, item+"?force=true", nil), http.StatusNotFound, "rest_post_invalid_id",
		"deletes/posts/gone-404: DELETE a post that is gone: 404 rest_post_invalid_id")

	// a post can skip the trash
	r = s.create(t, nil, "/wp/v2/posts", map[string]any{"title": s.name("force")})
	item = fmt.Sprintf("/wp/v2/posts/%d", idOf(r))
	f = admin.do(t, http.MethodDelete, item+"?force=true", nil)
	wantValue(t, f, "previous.status", "draft", "deletes/posts/force-skips-trash: force=true deletes a post that is not in the trash at once")
	wantError(t, admin.get(t, item), http.StatusNotFound, "rest_post_invalid_id", "deletes/posts/gone-404: a post deleted with force=true is gone at once")
}

// deleteNoTrash checks an object that cannot be trashed: DELETE without force and with
// force=false → 501 rest_trash_not_supported and the object stays; force=true →
// {deleted: true, previous}, previous in edit context when editField (a field only that
// context has) is given, then 404 gone.
func deleteNoTrash(s *Suite, t T, res, item, query, msg, goneCode, editField string) {
	t.Helper()
	admin := s.as(s.admin())
	with := func(q string) string {
		qs := strings.Trim(query+"&"+q, "&")
		if qs == "" {
			return item
		}
		return item + "?" + qs
	}
	for _, q := range []string{"", "force=false"} {
		d := admin.do(t, http.MethodDelete, with(q), nil)
		wantError(t, d, http.StatusNotImplemented, "rest_trash_not_supported", "deletes/"+res+"/force-required: DELETE "+item+" without force=true: 501 rest_trash_not_supported (no trash)")
		wantValue(t, d, "message", msg, "deletes/"+res+"/force-required-message: rest_trash_not_supported has WordPress's message")
	}
	wantStatus(t, admin.get(t, item), http.StatusOK, "deletes/"+res+"/refused-keeps-object: after a refused DELETE the object is still there")

	f := admin.do(t, http.MethodDelete, with("force=true"), nil)
	wantStatus(t, f, http.StatusOK, "deletes/"+res+"/force-200: DELETE "+item+" with force=true: 200")
	wantKeys(t, f, "", []string{"deleted", "previous"}, "deletes/"+res+"/force-answer: a forced delete answers {deleted, previous}")
	wantValue(t, f, "deleted", true, "deletes/"+res+"/force-answer: a forced delete answers deleted: true")
	id := item[strings.LastIndex(item, "/")+1:]
	wantValue(t, f, "previous.id", decimal(id), "deletes/"+res+"/force-previous: previous is the deleted object")
	if editField != "" {
		_, ok := at(f.JSON(), "previous."+editField)
		check(t, f, ok, "deletes/"+res+"/force-previous-edit-context: previous is in edit context (has "+editField+")", "previous %s", show(f.object()["previous"], true))
	}
	wantError(t, admin.get(t, item), http.StatusNotFound, goneCode, "deletes/"+res+"/gone-404: a deleted object is gone: 404 "+goneCode)
}

// decimal is a decimal string as a decoded JSON number.
func decimal(s string) float64 {
	var f float64
	fmt.Sscan(s, &f)
	return f
}
