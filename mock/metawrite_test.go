package mock

import (
	"net/http"
	"strconv"
	"testing"

	"github.com/wpmock/wpmock/mock/store"
)

// The plugin's writes, checked against WordPress 6.1.9 with the plugin loaded, except
// where the specification decides (force must be true; a delete answers {deleted,
// previous}; a create without a value stores "").

// TestMetaLifecycle: create, read (item, list and the post's meta field), update the
// value, then the key, delete, read again.
func TestMetaLifecycle(t *testing.T) {
	s := newTestSite(t)
	about := map[string]any{"about": []any{map[string]any{"embeddable": true, "href": s.srv.URL + "/wp-json/wp/v2/posts/1"}}}
	created := s.send(t, http.MethodPost, "/wp/v2/posts/1/meta", "admin", map[string]any{"key": " Tom & <i>Jerry</i> ", "value": " v & <b>x</b> "})
	if created.status != http.StatusCreated {
		t.Fatalf("create: %d %s", created.status, created.body)
	}
	id := int(created.obj(t)["id"].(float64))
	path := "/wp/v2/posts/1/meta/" + strconv.Itoa(id)
	if loc := created.header.Get("Location"); loc != s.srv.URL+"/wp-json"+path {
		t.Errorf("Location: got %q", loc)
	}
	item := map[string]any{"id": float64(id), "key": "Tom & Jerry", "value": " v & <b>x</b> ", "_links": about}
	if d := valueDiff(item, created.json); d != "" {
		t.Errorf("create: %s", d)
	}
	if d := valueDiff(item, s.get(t, path, "admin").json); d != "" {
		t.Errorf("GET item: %s", d)
	}
	if d := valueDiff([]any{item}, s.get(t, "/wp/v2/posts/1/meta", "admin").json); d != "" {
		t.Errorf("GET list: %s", d)
	}
	wantMetaField := func(want any) {
		t.Helper()
		if d := valueDiff(want, s.get(t, "/wp/v2/posts/1?_fields=meta", "admin").obj(t)["meta"]); d != "" {
			t.Errorf("post meta field: %s", d)
		}
	}
	wantMetaField(map[string]any{"Tom & Jerry": " v & <b>x</b> "})

	s.send(t, http.MethodPost, path, "admin", map[string]any{"value": "calm"}).wantFields(t, map[string]any{"key": "Tom & Jerry", "value": "calm"})
	s.send(t, http.MethodPatch, path, "admin", map[string]any{"key": "mood"}).wantFields(t, map[string]any{"key": "mood", "value": "calm"})
	// unchanged: 200 with the row
	s.send(t, http.MethodPut, path, "admin", map[string]any{"key": "mood", "value": "calm"}).wantFields(t, map[string]any{"id": float64(id), "value": "calm"})
	wantMetaField(map[string]any{"mood": "calm"})

	// a second row with the same key is allowed; the field shows the first
	second := s.send(t, http.MethodPost, "/wp/v2/posts/1/meta", "admin", map[string]any{"key": "mood", "value": "later"})
	second.wantFields(t, map[string]any{"key": "mood", "value": "later"})
	wantMetaField(map[string]any{"mood": "calm"})

	gone := s.do(t, http.MethodDelete, path+"?force=true", "admin", nil)
	want := map[string]any{"deleted": true, "previous": map[string]any{"id": float64(id), "key": "mood", "value": "calm"}}
	if d := valueDiff(want, gone.json); d != "" {
		t.Errorf("delete: %s", d)
	}
	s.get(t, path, "admin").wantError(t, http.StatusNotFound, "rest_meta_invalid_id")
	wantMetaField(map[string]any{"mood": "later"})
	s.do(t, http.MethodDelete, "/wp/v2/posts/1/meta/"+strconv.Itoa(int(second.obj(t)["id"].(float64)))+"?force=1", "admin", nil).
		wantFields(t, map[string]any{"deleted": true})
	wantMetaField([]any{})
}

func TestMetaWriteRules(t *testing.T) {
	s := metaSite(t)
	const cannotView, cannotDelete = "Sorry, you cannot view the meta for this post.", "Sorry, you cannot delete the meta for this post."
	runSendCases(t, s, []sendCase{
		// create: validation, then permission, then value before key
		{"no key", "POST", "/wp/v2/posts/3/meta", "", map[string]any{"value": "v"}, 400, "rest_missing_callback_param", "Missing parameter(s): key"},
		{"key not a string", "POST", "/wp/v2/posts/3/meta", "admin", map[string]any{"key": false}, 400, "rest_invalid_param", "Invalid parameter(s): key"},
		{"value not a string", "POST", "/wp/v2/posts/3/meta", "admin", map[string]any{"key": "k", "value": []any{"a"}}, 400, "rest_invalid_param", ""},
		{"anonymous", "POST", "/wp/v2/posts/3/meta", "", map[string]any{"key": "k"}, 401, "rest_forbidden", cannotView},
		{"subscriber", "POST", "/wp/v2/posts/3/meta", "subscriber", map[string]any{"key": "k"}, 403, "rest_forbidden", cannotView},
		{"unknown post", "POST", "/wp/v2/posts/999/meta", "admin", map[string]any{"key": "k"}, 404, "rest_post_invalid_id", "Invalid post id."},
		{"empty key", "POST", "/wp/v2/posts/3/meta", "admin", map[string]any{"key": ""}, 400, "rest_meta_invalid_key", msgMetaInvalidKey},
		{"key 0", "POST", "/wp/v2/posts/3/meta", "admin", map[string]any{"key": "0"}, 400, "rest_meta_invalid_key", ""},
		{"key empty once sanitised", "POST", "/wp/v2/posts/3/meta", "admin", map[string]any{"key": " <b></b> "}, 400, "rest_meta_invalid_key", ""},
		{"protected key", "POST", "/wp/v2/posts/3/meta", "admin", map[string]any{"key": "_secret", "value": "x"}, 403, "rest_meta_protected", "_secret is marked as a protected field."},
		{"serialized value", "POST", "/wp/v2/posts/3/meta", "admin", map[string]any{"key": "k", "value": "a:1:{i:0;i:1;}"}, 400, "rest_post_invalid_action", msgMetaInvalidProvided},
		{"value checked first", "POST", "/wp/v2/posts/3/meta", "admin", map[string]any{"key": "_x", "value": `s:1:"a";`}, 400, "rest_post_invalid_action", ""},
		{"author, own post", "POST", "/wp/v2/posts/3/meta", "author", map[string]any{"key": "by-author"}, 201, "", ""},
		{"attachment as parent", "POST", "/wp/v2/posts/9/meta", "admin", map[string]any{"key": "alt", "value": "x"}, 201, "", ""},
		// update
		{"neither key nor value", "POST", "/wp/v2/posts/3/meta/1", "admin", map[string]any{}, 400, "rest_meta_data_invalid", msgMetaDataInvalid},
		{"update empty key", "POST", "/wp/v2/posts/3/meta/1", "admin", map[string]any{"key": ""}, 400, "rest_meta_invalid_key", ""},
		{"update to a protected key", "PATCH", "/wp/v2/posts/3/meta/1", "admin", map[string]any{"key": "_p"}, 403, "rest_meta_protected", "_p is marked as a protected field."},
		{"update to a serialized value", "PUT", "/wp/v2/posts/3/meta/1", "admin", map[string]any{"value": `s:1:"a";`}, 400, "rest_post_invalid_action", msgMetaInvalidProvided},
		{"update a protected row", "POST", "/wp/v2/posts/3/meta/2", "admin", map[string]any{"value": "y"}, 403, "rest_meta_protected", "_edit_lock is marked as a protected field."},
		{"update an array row", "POST", "/wp/v2/posts/3/meta/1003", "admin", map[string]any{"value": "y"}, 400, "rest_post_invalid_action", msgMetaInvalidExisting},
		{"existing checked before provided", "POST", "/wp/v2/posts/3/meta/1005", "admin", map[string]any{"key": "_z", "value": "a:0:{}"}, 400, "rest_post_invalid_action", msgMetaInvalidExisting},
		{"update unknown row", "POST", "/wp/v2/posts/3/meta/99999", "admin", map[string]any{"value": "y"}, 404, "rest_meta_invalid_id", ""},
		{"update another post's row", "POST", "/wp/v2/posts/1/meta/1", "admin", map[string]any{"value": "y"}, 400, "rest_meta_post_mismatch", ""},
		{"update anonymous", "POST", "/wp/v2/posts/3/meta/1", "", map[string]any{"value": "y"}, 401, "rest_forbidden", cannotView},
		{"update contributor", "POST", "/wp/v2/posts/3/meta/1", "contributor", map[string]any{"value": "y"}, 403, "rest_forbidden", cannotView},
		// delete: force first (the specification's true, not PHP's truthy)
		{"delete without force", "DELETE", "/wp/v2/posts/3/meta/1", "admin", nil, 501, "rest_trash_not_supported", msgMetaTrash},
		{"delete force=false", "DELETE", "/wp/v2/posts/3/meta/1?force=false", "admin", nil, 501, "rest_trash_not_supported", ""},
		{"delete force=0", "DELETE", "/wp/v2/posts/3/meta/1?force=0", "admin", nil, 501, "rest_trash_not_supported", ""},
		{"delete force=yes", "DELETE", "/wp/v2/posts/3/meta/1?force=yes", "admin", nil, 501, "rest_trash_not_supported", ""},
		{"force before the row", "DELETE", "/wp/v2/posts/3/meta/99999", "admin", nil, 501, "rest_trash_not_supported", ""},
		{"delete anonymous", "DELETE", "/wp/v2/posts/3/meta/1?force=true", "", nil, 401, "rest_forbidden", cannotDelete},
		{"delete others' post", "DELETE", "/wp/v2/posts/1/meta/1?force=true", "author", nil, 403, "rest_forbidden", cannotDelete},
		{"delete unknown row", "DELETE", "/wp/v2/posts/3/meta/99999?force=true", "admin", nil, 404, "rest_meta_invalid_id", ""},
		{"delete another post's row", "DELETE", "/wp/v2/posts/2/meta/1?force=true", "admin", nil, 400, "rest_meta_post_mismatch", ""},
		{"delete an array row", "DELETE", "/wp/v2/posts/3/meta/1003?force=true", "admin", nil, 400, "rest_post_invalid_action", msgMetaInvalidExisting},
		{"delete a protected row", "DELETE", "/wp/v2/posts/3/meta/2?force=true", "admin", nil, 403, "rest_meta_protected", ""},
	})
}

// TestMetaStoredValues: rows the plugin only shows unserialized. An update that
// changes nothing leaves a serialized string as it is; other writes store the plain
// string; scalars that unserialize to no string can be updated and deleted, though
// never read.
func TestMetaStoredValues(t *testing.T) {
	s := metaSite(t)
	stored := func(id int) string {
		t.Helper()
		var v string
		s.store.Read(func(tx *store.Tx) { v = tx.Meta(id).Value })
		return v
	}
	s.send(t, http.MethodPost, "/wp/v2/posts/3/meta/1004", "admin", map[string]any{"value": "hello"}).wantFields(t, map[string]any{"value": "hello"})
	if v := stored(1004); v != `s:5:"hello";` {
		t.Errorf("unchanged update rewrote the row: %q", v)
	}
	s.send(t, http.MethodPost, "/wp/v2/posts/3/meta/1004", "admin", map[string]any{"key": "greeting"}).wantFields(t, map[string]any{"key": "greeting", "value": "hello"})
	if v := stored(1004); v != "hello" {
		t.Errorf("key update: stored %q, want hello", v)
	}
	s.send(t, http.MethodPost, "/wp/v2/posts/3/meta/1006", "admin", map[string]any{"key": "number"}).wantFields(t, map[string]any{"key": "number", "value": "5"})
	s.do(t, http.MethodDelete, "/wp/v2/posts/3/meta/1007?force=true", "admin", nil).wantFields(t, map[string]any{"deleted": true, "previous.value": ""})
	// a JSON null value is ""
	s.send(t, http.MethodPost, "/wp/v2/posts/3/meta/1", "admin", map[string]any{"value": nil}).wantFields(t, map[string]any{"value": ""})
	s.send(t, http.MethodPost, "/wp/v2/posts/3/meta", "admin", map[string]any{"key": "nul", "value": nil}).wantFields(t, map[string]any{"value": ""})
}
