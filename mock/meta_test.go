package mock

import (
	"encoding/json"
	"net/http"
	"testing"

	"github.com/wpmock/wpmock/mock/rest"
	"github.com/wpmock/wpmock/mock/store"
	"github.com/wpmock/wpmock/mock/wpfunc"
)

// The meta routes come from the wp-api-meta-endpoints plugin, which the reference
// WordPress does not run. The expected bodies below were taken from WordPress 6.1.9
// with the plugin loaded (as a must-use plugin) and the same rows inserted into
// wp_postmeta; ids and the site URL are the mock's.

// metaSite is a test site whose post 3 also has the rows that exercise the plugin's
// filters: a serialized array, a serialized string (shown unserialized), a double
// serialized one, a serialized integer, a serialized string with a wrong length, and
// a key whose leading space keeps it from being protected.
func metaSite(t *testing.T) *testSite {
	t.Helper()
	s := newTestSite(t)
	s.store.Write(func(tx *store.Tx) {
		for _, m := range []store.Meta{
			{ID: 1003, Key: "arr", Value: `a:1:{i:0;i:1;}`},
			{ID: 1004, Key: "sstr", Value: `s:5:"hello";`},
			{ID: 1005, Key: "dbl", Value: `s:14:"a:1:{i:0;i:1;}";`},
			{ID: 1006, Key: "num", Value: `i:5;`},
			{ID: 1007, Key: "bad", Value: `s:9:"hello";`},
			{ID: 1008, Key: " _sp", Value: "x"},
		} {
			m := m
			m.PostID = 3
			tx.InsertMeta(&m)
		}
	})
	return s
}

const metaAbout3 = `"_links":{"about":[{"embeddable":true,"href":"` + captureSite + `/wp-json/wp/v2/posts/3"}]}`

func TestMetaReads(t *testing.T) {
	s := metaSite(t)
	list3 := `[{"id":1,"key":"mood","value":"cheerful",` + metaAbout3 + `},` +
		`{"id":1004,"key":"sstr","value":"hello",` + metaAbout3 + `},` +
		`{"id":1008,"key":" _sp","value":"x",` + metaAbout3 + `}]`
	for _, c := range []struct{ path, login, want string }{
		{"/wp/v2/posts/3/meta", "admin", list3},
		{"/wp/v2/posts/3/meta?context=edit", "editor", list3},
		// The author may edit their own published post.
		{"/wp/v2/posts/3/meta", "author", list3},
		{"/wp/v2/posts/3/meta/1", "admin", `{"id":1,"key":"mood","value":"cheerful",` + metaAbout3 + `}`},
		{"/wp/v2/posts/3/meta/1004", "admin", `{"id":1004,"key":"sstr","value":"hello",` + metaAbout3 + `}`},
		{"/wp/v2/posts/3/meta/1008", "admin", `{"id":1008,"key":" _sp","value":"x",` + metaAbout3 + `}`},
		// A single item keeps its links whatever _fields says; list items do not.
		{"/wp/v2/posts/3/meta/1?_fields=key", "admin", `{"key":"mood",` + metaAbout3 + `}`},
		{"/wp/v2/posts/3/meta?_fields=key", "admin", `[{"key":"mood"},{"key":"sstr"},{"key":" _sp"}]`},
		// parent_id is read from the query string before the URL, as $request['parent_id'].
		{"/wp/v2/posts/2/meta?parent_id=3", "admin", list3},
		{"/wp/v2/posts/2/meta/1?parent_id=3", "admin", `{"id":1,"key":"mood","value":"cheerful",` + metaAbout3 + `}`},
		// Posts without rows, or with protected rows only; the parent's type is not checked.
		{"/wp/v2/posts/1/meta", "admin", `[]`},
		{"/wp/v2/posts/9/meta", "admin", `[]`},
		// Readable drafts and password-protected posts are fine for whoever may edit them.
		{"/wp/v2/posts/4/meta", "author", `[]`},
		{"/wp/v2/posts/5/meta", "admin", `[]`},
	} {
		r := s.get(t, c.path, c.login)
		if r.status != http.StatusOK {
			t.Errorf("GET %s as %s: status %d\n%s", c.path, c.login, r.status, r.body)
			continue
		}
		if d := exactDiff(orderedJSON(t, []byte(c.want), ""), orderedJSON(t, r.body, s.srv.URL)); d != "" {
			t.Errorf("GET %s as %s:%s", c.path, c.login, d)
		}
	}
}

func TestMetaErrors(t *testing.T) {
	s := metaSite(t)
	const cannotView, cannotViewPost = "Sorry, you cannot view the meta for this post.", "Sorry, you cannot view this post."
	runErrorCases(t, s, []errorCase{
		// Anonymous callers never pass edit_post, published post or not.
		{"/wp/v2/posts/3/meta", "", http.StatusUnauthorized, "rest_forbidden", cannotView},
		{"/wp/v2/posts/3/meta/1", "", http.StatusUnauthorized, "rest_forbidden", cannotView},
		{"/wp/v2/posts/4/meta", "", http.StatusUnauthorized, "rest_forbidden", cannotViewPost},
		{"/wp/v2/posts/3/meta", "subscriber", http.StatusForbidden, "rest_forbidden", cannotView},
		{"/wp/v2/posts/3/meta", "contributor", http.StatusForbidden, "rest_forbidden", cannotView},
		{"/wp/v2/posts/4/meta/1", "contributor", http.StatusForbidden, "rest_forbidden", cannotViewPost},
		{"/wp/v2/posts/6/meta", "author", http.StatusForbidden, "rest_forbidden", cannotViewPost},
		// A revision is a post, but not one shown in REST.
		{"/wp/v2/posts/8/meta", "admin", http.StatusForbidden, "rest_forbidden", cannotViewPost},
		// The parent check comes first and has the plugin's own message.
		{"/wp/v2/posts/999/meta", "", http.StatusNotFound, "rest_post_invalid_id", "Invalid post id."},
		{"/wp/v2/posts/0/meta", "admin", http.StatusNotFound, "rest_post_invalid_id", "Invalid post id."},
		{"/wp/v2/posts/999/meta/1", "admin", http.StatusNotFound, "rest_post_invalid_id", "Invalid post id."},
		{"/wp/v2/posts/3/meta/99999", "admin", http.StatusNotFound, "rest_meta_invalid_id", "Invalid meta id."},
		{"/wp/v2/posts/3/meta/0", "admin", http.StatusNotFound, "rest_meta_invalid_id", "Invalid meta id."},
		{"/wp/v2/posts/1/meta/1", "admin", http.StatusBadRequest, "rest_meta_post_mismatch", "Meta does not belong to this object"},
		{"/wp/v2/posts/3/meta/2", "admin", http.StatusForbidden, "rest_meta_protected", "_edit_lock is marked as a protected field."},
		{"/wp/v2/posts/3/meta/1003", "admin", http.StatusForbidden, "rest_meta_protected", "arr contains serialized data."},
		{"/wp/v2/posts/3/meta/1005", "admin", http.StatusForbidden, "rest_meta_protected", "dbl contains serialized data."},
		{"/wp/v2/posts/3/meta/1006", "admin", http.StatusForbidden, "rest_meta_protected", "num contains serialized data."},
		{"/wp/v2/posts/3/meta/1007", "admin", http.StatusForbidden, "rest_meta_protected", "bad contains serialized data."},
		// context defaults to and only allows edit.
		{"/wp/v2/posts/3/meta?context=view", "admin", http.StatusBadRequest, "rest_invalid_param", "Invalid parameter(s): context"},
		{"/wp/v2/posts/3/meta/1?context=embed", "admin", http.StatusBadRequest, "rest_invalid_param", ""},
		{"/wp/v2/posts/abc/meta", "admin", http.StatusNotFound, "rest_no_route", ""},
	})
	r := s.get(t, "/wp/v2/posts/3/meta?context=view", "admin")
	want := `{"code":"rest_invalid_param","message":"Invalid parameter(s): context","data":{"status":400,` +
		`"params":{"context":"context is not edit."},"details":{"context":{"code":"rest_not_in_enum","message":"context is not edit.","data":null}}}}`
	if d := exactDiff(orderedJSON(t, []byte(want), ""), orderedJSON(t, r.body, s.srv.URL)); d != "" {
		t.Errorf("GET /wp/v2/posts/3/meta?context=view:%s", d)
	}
}

func TestMetaEmbedsParent(t *testing.T) {
	s := newTestSite(t)
	var got []struct {
		Embedded struct {
			About []struct {
				ID   int    `json:"id"`
				Type string `json:"type"`
			} `json:"about"`
		} `json:"_embedded"`
	}
	r := s.get(t, "/wp/v2/posts/3/meta?_embed=1", "admin")
	if err := json.Unmarshal(r.body, &got); err != nil || len(got) != 1 || len(got[0].Embedded.About) != 1 ||
		got[0].Embedded.About[0].ID != 3 || got[0].Embedded.About[0].Type != "post" {
		t.Errorf("GET /wp/v2/posts/3/meta?_embed=1: want post 3 under _embedded.about, got %s", r.body)
	}
}

// TestMetaOptions compares OPTIONS with the plugin's: the item schema and every
// endpoint (force on DELETE has no type).
func TestMetaOptions(t *testing.T) {
	s := newTestSite(t)
	for path, capture := range map[string]string{
		"/wp/v2/posts/1/meta":      "options_posts_1_meta_plugin",
		"/wp/v2/posts/1/meta/1001": "options_posts_1_meta_mid_plugin",
	} {
		got := orderedJSON(t, s.do(t, http.MethodOptions, path, "", nil).body, s.srv.URL).(rest.Object)
		want := capturedOrdered(t, capture).(rest.Object)
		for _, key := range []string{"namespace", "methods", "schema"} {
			w, _ := want.Get(key)
			g, _ := got.Get(key)
			if d := exactDiff(w, g); d != "" {
				t.Errorf("OPTIONS %s %s:%s", path, key, d)
			}
		}
		var plain map[string]any
		if err := json.Unmarshal(s.do(t, http.MethodOptions, path, "", nil).body, &plain); err != nil {
			t.Fatal(err)
		}
		// the plugin prints force's default before its description: compare as values
		if d := valueDiff(captured(t, capture).(map[string]any)["endpoints"], plain["endpoints"]); d != "" {
			t.Errorf("OPTIONS %s endpoints: %s", path, d)
		}
	}
}

// TestPHPValueHelpers pins the PHP functions the meta routes imitate.
func TestPHPValueHelpers(t *testing.T) {
	for _, c := range []struct {
		in         string
		serialized bool
		str        string // what unserialize() gives, when a string
		isStr      bool
	}{
		{`s:5:"hello";`, true, "hello", true},
		{`s:0:"";`, true, "", true},
		{`s:05:"hello";`, true, "hello", true},
		{`s:5:"hello";xyz`, false, "hello", true}, // PHP ignores what follows
		{` s:5:"hello";`, true, "", false},        // but not what precedes
		{`s:+5:"hello";`, false, "", false},
		{`s:9:"hello";`, true, "", false},
		{`a:1:{i:0;i:1;}`, true, "", false},
		{`O:8:"stdClass":0:{}`, true, "", false},
		{`i:5;`, true, "", false},
		{`b:1;`, true, "", false},
		{`d:0.5;`, true, "", false},
		{`N;`, true, "", false},
		{`i:5`, false, "", false},
		{`hello`, false, "", false},
		{`x:1:{}`, false, "", false},
		{``, false, "", false},
	} {
		if got := isSerialized(c.in); got != c.serialized {
			t.Errorf("isSerialized(%q) = %v, want %v", c.in, got, c.serialized)
		}
		if got, ok := wpfunc.UnserializeString(c.in); got != c.str || ok != c.isStr {
			t.Errorf("wpfunc.UnserializeString(%q) = %q, %v, want %q, %v", c.in, got, ok, c.str, c.isStr)
		}
	}
}
