package contract

import (
	"fmt"
	"net/http"
	"regexp"
	"slices"
	"strings"
)

// The autosaves group: /wp/v2/posts/<id>/autosaves (WP_REST_Autosaves_Controller,
// checked against the running 6.1, 6.8 and 7.1), walked as a frontend's preview is:
// an author writes a draft, autosaves it (which changes the draft itself), an editor
// autosaves changes to it (an autosave revision of their own, one per user), and a
// frontend reads the latest autosave with an application password and follows its
// preview link.

func init() {
	register("autosaves", true, func(s *Suite, t T) {
		if !s.caps.routes["/wp/v2/posts/(?P<id>[\\d]+)/autosaves"] {
			t.Skipf("the target has no /wp/v2/posts/<id>/autosaves route")
			return
		}
		author, editor := s.accountFor(t, "author"), s.accountFor(t, "editor")
		asAuthor, asEditor, anon := s.as(author), s.as(editor), s.as(anonymous)
		draft := s.create(t, author, "/wp/v2/posts", map[string]any{"title": s.name("preview"), "content": "first words", "status": "draft"})
		id := idOf(draft)
		base := fmt.Sprintf("/wp/v2/posts/%d/autosaves", id)

		r := asAuthor.send(t, http.MethodPost, base, map[string]any{"content": "second words"})
		wantStatus(t, r, http.StatusOK, "autosaves/own-draft/status: the author's autosave of their draft answers 200")
		wantValue(t, r, "id", float64(id), "autosaves/own-draft/updates-post: the author's autosave of their own draft changes the draft itself (the answer is the post, parent 0)")
		wantValue(t, r, "parent", 0.0, "autosaves/own-draft/updates-post: the author's autosave of their own draft changes the draft itself (the answer is the post, parent 0)")
		wantValue(t, asAuthor.get(t, fmt.Sprintf("/wp/v2/posts/%d?context=edit", id)), "content.raw", "second words",
			"autosaves/own-draft/updates-post: the author's autosave of their own draft changes the draft itself (the answer is the post, parent 0)")
		wantIDs(t, asAuthor.get(t, base), nil, "autosaves/own-draft/no-revision: no autosave revision is made for it")
		link := textAt(asAuthor.get(t, fmt.Sprintf("/wp/v2/posts/%d", id)), "link")
		sep := "?"
		if strings.Contains(link, "?") {
			sep = "&"
		}
		wantValue(t, r, "preview_link", link+sep+"preview=true", "autosaves/own-draft/preview-link: the draft's preview link is its link with preview=true")
		s.wantExactKeys(t, r, "", w("author date date_gmt guid id modified modified_gmt parent slug title content excerpt preview_link", since(wp64, "meta")).at(s.wp),
			"autosaves/keys: an autosave is answered as a revision, with preview_link, in the edit context (the draft itself: no links)")

		r = asEditor.send(t, http.MethodPost, base, map[string]any{"content": "an editor's words"})
		aid := idOf(r)
		wantStatus(t, r, http.StatusOK, "autosaves/other/status: another user's autosave answers 200")
		check(t, r, aid != 0 && aid != id, "autosaves/other/revision: another user's autosave is a revision of the post, <id>-autosave-v1, by them; the post is unchanged",
			"id %d, post %d", aid, id)
		wantValue(t, r, "parent", float64(id), "autosaves/other/revision: another user's autosave is a revision of the post, <id>-autosave-v1, by them; the post is unchanged")
		wantValue(t, r, "slug", fmt.Sprintf("%d-autosave-v1", id), "autosaves/other/revision: another user's autosave is a revision of the post, <id>-autosave-v1, by them; the post is unchanged")
		wantValue(t, r, "author", float64(idOf(asEditor.get(t, "/wp/v2/users/me"))), "autosaves/other/revision: another user's autosave is a revision of the post, <id>-autosave-v1, by them; the post is unchanged")
		wantValue(t, asAuthor.get(t, fmt.Sprintf("/wp/v2/posts/%d?context=edit", id)), "content.raw", "second words",
			"autosaves/other/revision: another user's autosave is a revision of the post, <id>-autosave-v1, by them; the post is unchanged")
		wantValue(t, r, "_links.parent.0.href", s.url(fmt.Sprintf("/wp/v2/posts/%d", id)), "autosaves/other/links: an autosave links its post (parent)")
		wantValue(t, r, "title.raw", "", "autosaves/other/fields-sent: an autosave holds the revisioned fields sent, and nothing of the others (the title sent none: \"\")")
		pl := textAt(r, "preview_link")
		check(t, r, regexp.MustCompile(fmt.Sprintf(`[?&]preview_id=%d&preview_nonce=[0-9a-f]{10}&preview=true$`, id)).MatchString(pl) && strings.HasPrefix(pl, link),
			"autosaves/other/preview-link: an autosave's preview link is the post's link with preview_id, a ten-digit preview_nonce and preview=true", "preview_link %q", pl)

		again := asEditor.send(t, http.MethodPost, base, map[string]any{"content": "an editor's second words", "title": "a title"})
		wantValue(t, again, "id", float64(aid), "autosaves/one-per-user: a user's next autosave of the post replaces theirs (the same id)")
		wantValue(t, again, "content.raw", "an editor's second words", "autosaves/one-per-user: a user's next autosave of the post replaces theirs (the same id)")

		// the frontend's preview: the latest autosave, read with an application password
		list := asEditor.get(t, base)
		wantIDs(t, list, []int{aid}, "autosaves/list: the post's autosaves are listed to who may edit it")
		wantError(t, anon.get(t, base), http.StatusUnauthorized, "rest_cannot_read", "autosaves/list/anonymous: a visitor may not list them (401 rest_cannot_read)")
		one := asEditor.get(t, fmt.Sprintf("%s/%d?context=edit", base, aid))
		wantValue(t, one, "content.raw", "an editor's second words", "autosaves/get: GET /autosaves/<id> answers the autosave")
		rev := asEditor.get(t, fmt.Sprintf("/wp/v2/posts/%d/revisions", id))
		check(t, rev, slices.Contains(resultIDs(rev), aid), "autosaves/in-revisions: an autosave is listed among the post's revisions", "ids %v", resultIDs(rev))

		other := s.create(t, author, "/wp/v2/posts", map[string]any{"title": s.name("no autosave"), "status": "draft"})
		wantError(t, asEditor.get(t, fmt.Sprintf("/wp/v2/posts/%d/autosaves/%d", idOf(other), aid)), http.StatusNotFound, "rest_post_no_autosave",
			"autosaves/get/none: a post without an autosave answers 404 rest_post_no_autosave")
		wantError(t, asEditor.get(t, "/wp/v2/posts/999999999/autosaves"), http.StatusNotFound, "rest_post_invalid_parent",
			"autosaves/unknown-post: the autosaves of an unknown post: 404 rest_post_invalid_parent")
	})
}
