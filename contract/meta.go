package contract

import (
	"fmt"
	"net/http"
)

// The meta group: /wp/v2/posts/<id>/meta. These routes are not in WordPress core: the
// interface specification takes them from the wp-api-meta-endpoints plugin (reference
// §16.2). The contract follows the plugin where the specification is silent, and the
// specification where they differ: force must really be true (the plugin deletes on
// ?force=false) and a delete answers {deleted: true, previous} (the plugin answers
// {"message": "Deleted meta"}). A post's own meta field shows only registered meta in
// core, so nothing here expects the rows to appear in it.

func init() {
	register("meta", true, func(s *Suite, t T) {
		if !s.caps.meta {
			why := "the target has no /wp/v2/posts/<id>/meta routes; they come from the wp-api-meta-endpoints plugin, " +
				"which WordPress core (and so a plain WordPress 6.1) does not have"
			t.Skipf("%s", why)
		}
		admin, anon := s.as(s.admin()), s.as(anonymous)
		post := s.create(t, nil, "/wp/v2/posts", map[string]any{"title": s.name("meta")})
		base := fmt.Sprintf("/wp/v2/posts/%d/meta", idOf(post))
		key := s.name("key")

		wantValue(t, admin.get(t, base), "", []any{}, "meta/list-empty: a new post lists no meta (protected keys are left out)")
		c := admin.send(t, http.MethodPost, base, map[string]any{"key": key, "value": "v1"})
		if !wantStatus(t, c, http.StatusCreated, "meta/create: POST /posts/<id>/meta {key, value} creates a meta row: 201") {
			return
		}
		mid := idOf(c)
		item := fmt.Sprintf("%s/%d", base, mid)
		wantHeader(t, c, "Location", s.cfg.URL+item, "writes/location: a meta create answers with Location: the row's absolute URL")
		wantKeys(t, c, "", []string{"_links", "id", "key", "value"}, "meta/row-keys: a meta row is {id, key, value} with its links")
		wantValue(t, c, "key", key, "meta/create-applies: the created row has the key sent")
		wantValue(t, c, "value", "v1", "meta/create-applies: the created row has the value sent")

		l := admin.get(t, base)
		check(t, l, len(l.list()) == 1 && resultIDs(l).has(mid), "meta/list-has-row: the post's meta list has the new row", "ids %v", resultIDs(l))
		wantValue(t, l, "0.value", "v1", "meta/list-has-row: the listed row has its value")
		g := admin.get(t, item)
		wantValue(t, g, "key", key, "meta/read: GET a meta row returns it")
		wantValue(t, g, "value", "v1", "meta/read: GET a meta row returns its value")
		wantError(t, admin.get(t, item+"?context=view"), http.StatusBadRequest, "rest_invalid_param", "meta/edit-context-only: meta has only the edit context: context=view gives 400 rest_invalid_param")

		u := admin.send(t, http.MethodPost, item, map[string]any{"value": "v2"})
		wantStatus(t, u, http.StatusOK, "meta/update: POST to a meta row updates it: 200")
		wantValue(t, u, "value", "v2", "meta/update-applies: a meta update applies the value")
		wantValue(t, u, "key", key, "meta/update-keeps-key: a meta update without key keeps the key")

		p := admin.send(t, http.MethodPost, base, map[string]any{"key": "_" + key, "value": "x"})
		wantError(t, p, http.StatusForbidden, "rest_meta_protected", "meta/protected-key: a key starting with _ is protected: 403 rest_meta_protected")
		if p.Status == http.StatusCreated {
			admin.do(t, http.MethodDelete, fmt.Sprintf("%s/%d?force=true", base, idOf(p)), nil)
		}
		m := admin.send(t, http.MethodPost, base, map[string]any{"value": "x"})
		wantError(t, m, http.StatusBadRequest, "rest_missing_callback_param", "meta/key-required: a meta create without key: 400 rest_missing_callback_param")
		wantValue(t, m, "data.params", []any{"key"}, "meta/key-required: the missing parameter is key")
		wantError(t, admin.get(t, base+"/"+missingID), http.StatusNotFound, "rest_meta_invalid_id", "meta/missing-404: GET a meta row that does not exist: 404 rest_meta_invalid_id")
		wantError(t, admin.get(t, "/wp/v2/posts/"+missingID+"/meta"), http.StatusNotFound, "rest_post_invalid_id", "meta/post-missing-404: the meta of a post that does not exist: 404 rest_post_invalid_id")
		wantError(t, anon.get(t, base), http.StatusUnauthorized, "rest_forbidden", "meta/anonymous-401: anonymous users cannot read meta: 401 rest_forbidden")

		for _, q := range []string{"", "?force=false"} {
			d := admin.do(t, http.MethodDelete, item+q, nil)
			wantError(t, d, http.StatusNotImplemented, "rest_trash_not_supported",
				"meta/force-required: DELETE a meta row without force=true (force=false included, as the specification requires): 501 rest_trash_not_supported")
		}
		wantValue(t, admin.get(t, item), "value", "v2", "meta/refused-keeps-row: after a refused DELETE the meta row is still there")
		d := admin.do(t, http.MethodDelete, item+"?force=true", nil)
		wantStatus(t, d, http.StatusOK, "meta/force-200: DELETE a meta row with force=true: 200")
		wantKeys(t, d, "", []string{"deleted", "previous"}, "meta/force-answer: a meta delete answers {deleted, previous} (the specification: a delete returns the removed item)")
		wantValue(t, d, "deleted", true, "meta/force-answer: a meta delete answers deleted: true")
		wantValue(t, d, "previous.id", float64(mid), "meta/force-previous: previous is the deleted row")
		wantValue(t, d, "previous.key", key, "meta/force-previous: previous has the row's key")
		wantValue(t, d, "previous.value", "v2", "meta/force-previous: previous has the row's value")
		wantError(t, admin.get(t, item), http.StatusNotFound, "rest_meta_invalid_id", "meta/gone-404: a deleted meta row is gone: 404 rest_meta_invalid_id")
	})
}
