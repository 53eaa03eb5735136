package contract

import (
	"fmt"
	"net/http"
	"strings"
)

// The revisions group: revisions are made by updates that change title, content or
// excerpt; they are listed newest first, readable only by who can edit the post, and
// never deleted: WordPress 6.1 refuses every revision DELETE (reference §12, checked
// against the running 6.1).

// revisionsRoute is the revisions collection, as OPTIONS and the shapes name it.
const revisionsRoute = "/wp/v2/posts/" + missingID + "/revisions"

func init() {
	register("revisions", true, func(s *Suite, t T) {
		admin, anon := s.as(s.admin()), s.as(anonymous)
		post := s.create(t, nil, "/wp/v2/posts", map[string]any{"title": s.name("revised"), "content": "wpcontract v1"})
		id := idOf(post)
		item := fmt.Sprintf("/wp/v2/posts/%d", id)
		revs := item + "/revisions"
		wantValue(t, post, "_links.version-history.0.count", 0.0, "revisions/posts/none-on-create: a new post has no revisions (version-history count 0)")
		wantValue(t, admin.get(t, revs), "", []any{}, "revisions/posts/none-on-create: a new post's revisions list is empty (none are made on create)")

		update := func(body map[string]any) {
			t.Helper()
			wantStatus(t, admin.send(t, http.MethodPost, item, body), http.StatusOK, "writes/posts/update: the post update the revision checks need succeeds")
		}
		update(map[string]any{"content": "wpcontract v2"})
		l := admin.get(t, revs)
		if !check(t, l, len(l.list()) == 1, "revisions/posts/made-on-update: an update that changes content creates one revision", "%d revisions", len(l.list())) {
			return
		}
		s.wantKeysAt(t, l, "0", "", revView, "revisions/posts/list-view-keys: a revision in a list (view)", schemaAt{revisionsRoute, "view"})
		wantKeys(t, l, "0._links", []string{"parent"}, "revisions/posts/links-parent-only: a revision's only link is parent")
		wantValue(t, l, "0.parent", float64(id), "revisions/posts/parent: a revision's parent is the post")
		wantValue(t, l, "0.slug", fmt.Sprintf("%d-revision-v1", id), "revisions/posts/slug: a revision's slug is <post id>-revision-v1")
		wantValue(t, l, "0.author", float64(s.adminID()), "revisions/posts/author: a revision's author is the user who made the change")
		check(t, l, strings.Contains(textAt(l, "0.content.rendered"), "wpcontract v2"), "revisions/posts/holds-new-state: a revision holds the new state of the post",
			"content.rendered %q", textAt(l, "0.content.rendered"))

		update(map[string]any{"content": "wpcontract v3"})
		l = admin.get(t, revs)
		wantHeader(t, l, "X-WP-Total", "2", "revisions/posts/made-on-update: a second content change makes a second revision (X-WP-Total: 2)")
		newest, older := int(numberAt(l, "0.id")), int(numberAt(l, "1.id"))
		check(t, l, strings.Contains(textAt(l, "0.content.rendered"), "v3") && strings.Contains(textAt(l, "1.content.rendered"), "v2") && newest > older,
			"revisions/posts/order-newest-first: revisions are listed newest first (date desc, then id desc)", "ids %v", resultIDs(l))
		p := admin.get(t, item)
		wantValue(t, p, "_links.version-history.0.count", 2.0, "revisions/posts/version-history-count: the post's version-history link counts its revisions")
		wantValue(t, p, "_links.predecessor-version.0.id", float64(newest), "revisions/posts/predecessor-version: the post's predecessor-version link is its newest revision")

		update(map[string]any{"status": "pending"})
		wantHeader(t, admin.get(t, revs), "X-WP-Total", "2", "revisions/posts/none-without-change: an update that changes neither title, content nor excerpt makes no revision")

		// wp_save_post_revision only compares with an earlier revision: without one, any
		// update makes the first revision, even one that changes only the status.
		other := s.create(t, nil, "/wp/v2/posts", map[string]any{"title": s.name("revised-status"), "content": "wpcontract"})
		otherItem := fmt.Sprintf("/wp/v2/posts/%d", idOf(other))
		wantStatus(t, admin.send(t, http.MethodPost, otherItem, map[string]any{"status": "pending"}), http.StatusOK, "writes/posts/update: a status-only update succeeds")
		wantHeader(t, admin.get(t, otherItem+"/revisions"), "X-WP-Total", "1", "revisions/posts/first-update-makes-one: the first update of a post without revisions makes one, even when it changes only the status")

		rev := fmt.Sprintf("%s/%d", revs, newest)
		r := admin.get(t, rev)
		s.wantKeysAt(t, r, "", "", revView, "revisions/posts/item-view-keys: GET a revision (view)", schemaAt{revisionsRoute, "view"})
		wantNoKey(t, r, "content.raw", "revisions/posts/view-no-raw: a revision in view context has no content.raw")
		r = admin.get(t, rev+"?context=edit")
		wantValue(t, r, "content.raw", "wpcontract v3", "revisions/posts/edit-raw: a revision in edit context has content.raw")
		wantError(t, admin.get(t, revs+"/"+missingID), http.StatusNotFound, "rest_post_invalid_id", "revisions/posts/missing-404: GET a revision that does not exist: 404 rest_post_invalid_id")
		wantError(t, admin.get(t, fmt.Sprintf("/wp/v2/posts/%s/revisions/%d", missingID, newest)), http.StatusNotFound, "rest_post_invalid_parent",
			"revisions/posts/missing-parent-404: GET a revision through a parent that does not exist: 404 rest_post_invalid_parent")
		wantKeys(t, admin.get(t, rev+"?context=edit&_fields=id,slug"), "", []string{"id", "slug"}, "globals/fields/keeps-listed: _fields=id,slug keeps exactly those keys (a revision)")
		if up := s.upload(t, nil, s.name("not-a-parent")+".png", "image/png", pngBytes, ""); wantStatus(t, up, http.StatusCreated, "writes/media/upload: uploading a PNG answers 201") {
			other := fmt.Sprintf("/wp/v2/posts/%d/revisions", idOf(up))
			for _, p := range []string{other, fmt.Sprintf("%s/%d", other, newest)} {
				wantError(t, admin.get(t, p), http.StatusNotFound, "rest_post_invalid_parent",
					"revisions/posts/parent-of-another-type-404: the revisions route of an attachment (not a post): 404 rest_post_invalid_parent")
			}
		}

		wantError(t, anon.get(t, revs), http.StatusUnauthorized, "rest_cannot_read", "revisions/posts/anonymous-401: anonymous users cannot list revisions: 401 rest_cannot_read")
		wantError(t, anon.get(t, rev), http.StatusUnauthorized, "rest_cannot_read", "revisions/posts/anonymous-401: anonymous users cannot read a revision: 401 rest_cannot_read")

		// map_meta_cap answers do_not_allow for delete_post on a revision, so in 6.1 the
		// permission check refuses every revision DELETE before force is looked at; the
		// 501 / {deleted, previous} branches of the controller cannot be reached.
		for _, q := range []string{"", "?force=false", "?force=true"} {
			d := admin.do(t, http.MethodDelete, rev+q, nil)
			wantError(t, d, http.StatusForbidden, "rest_cannot_delete",
				"revisions/posts/delete-refused: DELETE a revision, even as an administrator and with force=true: 403 rest_cannot_delete (delete_post on a revision is do_not_allow)")
			wantValue(t, d, "message", "Sorry, you are not allowed to delete this revision.", "revisions/posts/delete-refused-message: the refusal names the revision")
		}
		d := anon.do(t, http.MethodDelete, rev+"?force=true", nil)
		wantError(t, d, http.StatusUnauthorized, "rest_cannot_delete", "revisions/posts/delete-anonymous-401: DELETE a revision anonymously: 401 rest_cannot_delete")
		wantValue(t, d, "message", "Sorry, you are not allowed to delete revisions of this post.", "revisions/posts/delete-anonymous-message: the parent post is checked first")
		d = admin.do(t, http.MethodDelete, revs+"/"+missingID+"?force=true", nil)
		wantError(t, d, http.StatusNotFound, "rest_post_invalid_id", "revisions/posts/delete-missing-404: DELETE a revision that does not exist: 404 rest_post_invalid_id (looked up before the revision's permission)")
		l = admin.get(t, revs)
		check(t, l, len(l.list()) == 2 && resultIDs(l).has(newest), "revisions/posts/delete-refused-keeps: after the refused DELETEs the post still has both revisions", "ids %v", resultIDs(l))
	})
}

// numberAt is the number at path of r's body (0 when absent).
func numberAt(r *Result, path string) float64 {
	v, _ := at(r.JSON(), path)
	f, _ := v.(float64)
	return f
}
