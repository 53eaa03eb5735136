package mock

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"github.com/wpmock/wpmock/fixtures"
	"github.com/wpmock/wpmock/mock/store"
)

// metaDeclarations register keys of every shape on posts, categories, users and
// comments (a subset of what was checked against WordPress 7.1, whose answers the
// expectations below are).
const metaDeclarations = `{"meta": [
 {"object_type": "post", "object_subtype": "post", "meta_key": "m_str", "single": true, "default": "dflt", "show_in_rest": true},
 {"object_type": "post", "object_subtype": "post", "meta_key": "m_int", "type": "integer", "single": true, "show_in_rest": {"schema": {"minimum": 0, "maximum": 10}}},
 {"object_type": "post", "object_subtype": "post", "meta_key": "m_obj", "type": "object", "single": true, "show_in_rest": {"schema": {"properties": {"a": {"type": "string"}, "b": {"type": "integer"}}}}},
 {"object_type": "post", "object_subtype": "post", "meta_key": "m_multi", "show_in_rest": true},
 {"object_type": "post", "object_subtype": "post", "meta_key": "m_multi_def", "type": "integer", "default": 7, "show_in_rest": true},
 {"object_type": "post", "object_subtype": "post", "meta_key": "m_email", "single": true, "show_in_rest": {"schema": {"format": "email"}}},
 {"object_type": "post", "object_subtype": "post", "meta_key": "_m_locked", "single": true, "show_in_rest": true},
 {"object_type": "post", "object_subtype": "post", "meta_key": "m_named", "single": true, "show_in_rest": {"name": "renamed"}},
 {"object_type": "post", "meta_key": "m_all", "type": "integer", "single": true, "default": 2, "show_in_rest": true},
 {"object_type": "term", "object_subtype": "category", "meta_key": "t_list", "type": "integer", "show_in_rest": true},
 {"object_type": "user", "meta_key": "u_pref", "type": "object", "single": true, "show_in_rest": {"schema": {"properties": {"theme": {"type": "string", "enum": ["dark", "light"]}}}}},
 {"object_type": "user", "meta_key": "u_private", "single": true, "show_in_rest": {"schema": {"context": ["edit"]}}},
 {"object_type": "comment", "meta_key": "c_flags", "type": "array", "single": true, "show_in_rest": {"schema": {"items": {"type": "boolean"}}}}
], "rest_fields": [
 {"object_type": ["user"], "attribute": "u_field", "schema": {"type": "object", "context": ["view", "edit", "embed"], "properties": {"k": {"type": "string"}}}},
 {"object_type": ["comment"], "attribute": "c_field", "schema": {"type": "string", "context": ["view", "edit"], "readonly": true, "default": "ro"}},
 {"object_type": ["category"], "attribute": "t_field", "schema": {"type": "integer", "context": ["edit"]}, "update": false}
]}`

// registeredMetaSite is the example site with metaDeclarations and items' meta values of each
// object type, post 1's given as a client writes them; the site answers as version.
func registeredMetaSite(t testing.TB, version string) *testSite {
	t.Helper()
	ds := fixtures.Example()
	ds.WPVersion = version
	ds.Register = &fixtures.Register{}
	if err := json.Unmarshal([]byte(metaDeclarations), ds.Register); err != nil {
		t.Fatal(err)
	}
	meta := func(s string) fixtures.Args {
		var a fixtures.Args
		if err := a.UnmarshalJSON([]byte(s)); err != nil {
			t.Fatal(err)
		}
		return a
	}
	ds.Posts[0].Meta = meta(`{"m_obj": {"b": 2, "a": "x"}, "m_multi": ["one", "two"], "m_int": 4}`)
	ds.Terms[0].Meta = meta(`{"t_list": [3, 4]}`)
	ds.Users[0].Meta = meta(`{"u_pref": {"theme": "dark"}, "u_private": "secret"}`)
	ds.Comments = []fixtures.Comment{{ID: 1, Post: 1, AuthorName: "A", Date: ds.Posts[0].Date, Content: "Hi",
		Status: "approved", Meta: meta(`{"c_flags": [true, false]}`)}}
	return newTestSiteWith(t, ds)
}

// memberJSON is a response's member as JSON text.
func memberJSON(t *testing.T, r reply, name string) string {
	t.Helper()
	m, _ := r.json.(map[string]any)
	var b bytes.Buffer
	dec := json.NewDecoder(bytes.NewReader(r.body)) // keep the body's key order
	var raw map[string]json.RawMessage
	if err := dec.Decode(&raw); err != nil || m == nil {
		t.Fatalf("not an object: %d %.300s", r.status, r.body)
	}
	if err := json.Compact(&b, raw[name]); err != nil {
		return "<absent>"
	}
	return b.String()
}

// TestRegisteredMetaReads: items' meta of every shape read back as WordPress 7.1
// shows them, in each context, from a dataset and after an export and a reload.
func TestRegisteredMetaReads(t *testing.T) {
	s := registeredMetaSite(t, "7.1")
	const post1 = `{"m_all":2,"m_str":"dflt","m_int":4,"m_obj":{"b":2,"a":"x"},"m_multi":["one","two"],"m_multi_def":[7],"m_email":null,"_m_locked":"","renamed":"","footnotes":""}`
	cases := []struct{ path, login, name, want string }{
		{"/wp/v2/posts/1", "", "meta", post1},
		{"/wp/v2/posts/1?context=embed", "", "meta", "<absent>"},
		{"/wp/v2/categories/1", "", "meta", `{"t_list":[3,4]}`},
		{"/wp/v2/categories/1?context=edit", "admin", "t_field", `null`},
		{"/wp/v2/users/1", "", "meta", `{"u_pref":{"theme":"dark"}}`},
		{"/wp/v2/users/1?context=edit", "admin", "meta", `{"persisted_preferences":[],"u_pref":{"theme":"dark"},"u_private":"secret"}`},
		{"/wp/v2/users/1?context=embed", "", "u_field", `null`},
		{"/wp/v2/comments/1", "", "meta", `{"_wp_note_status":null,"c_flags":[true,false]}`},
		{"/wp/v2/comments/1", "", "c_field", `"ro"`},
	}
	check := func(s *testSite) {
		for _, c := range cases {
			if got := memberJSON(t, s.get(t, c.path, c.login), c.name); got != c.want {
				t.Errorf("%s %s: got %s, want %s", c.path, c.name, got, c.want)
			}
		}
	}
	check(s)
	// stored as update_metadata stores them: one row per value, arrays serialized
	var rows []string
	s.Mock.store.Read(func(tx *store.Tx) {
		for _, m := range tx.PostMeta(1) {
			rows = append(rows, m.Key+"="+m.Value)
		}
	})
	if got := strings.Join(rows, " "); !strings.Contains(got, `m_obj=a:2:{s:1:"b";i:2;s:1:"a";s:1:"x";} m_multi=one m_multi=two m_int=4`) {
		t.Errorf("post 1's rows: %s", got)
	}
	var out bytes.Buffer
	if err := s.Mock.Export(&out); err != nil {
		t.Fatal(err)
	}
	ds, err := fixtures.Decode(out.Bytes(), "export.json")
	if err != nil {
		t.Fatalf("the export does not load: %v", err)
	}
	again := newTestSiteWith(t, ds)
	again.Passwords = s.Passwords // an export keeps hashes only
	check(again)
}

// TestRegisteredMetaWrites: update_value's semantics and refusals, each answer as
// WordPress 7.1 gave it for the same request.
func TestRegisteredMetaWrites(t *testing.T) {
	s := registeredMetaSite(t, "7.1")
	for i, c := range []struct {
		body       string
		status     int
		name, want string // the response's member (for 200), or its code and message
		code, msg  string
	}{
		{body: `{"meta":{"m_obj":{"b":3,"a":"y"},"m_multi":["two","three"],"renamed":"n"}}`, status: 200, name: "meta",
			want: `{"m_all":2,"m_str":"dflt","m_int":4,"m_obj":{"b":3,"a":"y"},"m_multi":["two","three"],"m_multi_def":[7],"m_email":null,"_m_locked":"","renamed":"n","footnotes":""}`},
		{body: `{"meta":{"m_multi":[],"m_int":null,"m_str":null}}`, status: 200, name: "meta",
			want: `{"m_all":2,"m_str":"dflt","m_int":0,"m_obj":{"b":3,"a":"y"},"m_multi":[],"m_multi_def":[7],"m_email":null,"_m_locked":"","renamed":"n","footnotes":""}`},
		{body: `{"meta":{"m_int":"7","m_multi_def":[1,"2"]}}`, status: 200, name: "meta",
			want: `{"m_all":2,"m_str":"dflt","m_int":7,"m_obj":{"b":3,"a":"y"},"m_multi":[],"m_multi_def":[1,2],"m_email":null,"_m_locked":"","renamed":"n","footnotes":""}`},
		{body: `{"meta":{"m_int":11}}`, status: 400, code: "rest_out_of_bounds", msg: "meta.m_int must be between 0 (inclusive) and 10 (inclusive)"},
		{body: `{"meta":{"m_int":"x"}}`, status: 400, code: "rest_invalid_type", msg: "meta.m_int is not of type integer."},
		{body: `{"meta":{"m_obj":{"c":1}}}`, status: 400, code: "rest_additional_properties_forbidden", msg: "c is not a valid property of Object."},
		{body: `{"meta":{"m_email":"nope"}}`, status: 400, code: "rest_invalid_email", msg: "Invalid email address."},
		{body: `{"meta":{"_m_locked":"z"}}`, status: 403, code: "rest_cannot_update", msg: "Sorry, you are not allowed to edit the _m_locked custom field."},
		{body: `{"meta":{"_m_locked":null}}`, status: 403, code: "rest_cannot_delete", msg: "Sorry, you are not allowed to edit the _m_locked custom field."},
		{body: `{"meta":{"m_multi":["a",null]}}`, status: 500, code: "rest_invalid_stored_value", msg: "The m_multi property has an invalid stored value, and cannot be updated to null."},
	} {
		r := s.send(t, "POST", "/wp/v2/posts/1", "admin", json.RawMessage(c.body))
		m, _ := r.json.(map[string]any)
		switch {
		case r.status != c.status:
			t.Errorf("%d %s: status %d, want %d: %.300s", i, c.body, r.status, c.status, r.body)
		case c.name != "":
			if got := memberJSON(t, r, c.name); got != c.want {
				t.Errorf("%d %s:\n got %s\nwant %s", i, c.body, got, c.want)
			}
		case m["code"] != c.code || m["message"] != c.msg:
			t.Errorf("%d %s: got %v %q, want %s %q", i, c.body, m["code"], m["message"], c.code, c.msg)
		}
	}
	r := s.send(t, "POST", "/wp/v2/posts/1", "admin", json.RawMessage(`{"meta":{"_m_locked":"z"}}`))
	if want := `{"key":"_m_locked","status":403}`; memberJSON(t, r, "data") != want {
		t.Errorf("the refusal's data: %s, want %s", memberJSON(t, r, "data"), want)
	}
	// null on a key without a row or a registered default: its current value is
	// get_metadata's "", which an integer's schema refuses (WordPress 6.1.9 and 7.1.4)
	r = s.send(t, "POST", "/wp/v2/posts", "admin", json.RawMessage(`{"title":"fresh","meta":{"m_int":null}}`))
	if want := `{"code":"rest_invalid_stored_value","message":"The m_int property has an invalid stored value, and cannot be updated to null.","data":{"status":500}}`; r.status != 500 || string(bytes.TrimSpace(r.body)) != want {
		t.Errorf("null on a key never stored: %d %s, want 500 %s", r.status, r.body, want)
	}
	r = s.send(t, "POST", "/wp/v2/categories/1", "admin", json.RawMessage(`{"t_field":5,"meta":{"t_list":[5,5]}}`))
	if memberJSON(t, r, "t_field") != "null" || memberJSON(t, r, "meta") != `{"t_list":[5,5]}` {
		t.Errorf("a field without update_callback, a list of equal values: %.300s", r.body)
	}
	r = s.send(t, "POST", "/wp/v2/users/1", "admin", json.RawMessage(`{"u_field":{"k":"v"},"meta":{"u_pref":{"theme":"blue"}}}`))
	if r.status != 400 || !strings.Contains(string(r.body), `"meta.u_pref[theme] is not one of dark and light."`) {
		t.Errorf("a user meta enum: %d %.300s", r.status, r.body)
	}
	// update_item returns the meta's error before it writes the fields
	if got := memberJSON(t, s.get(t, "/wp/v2/users/1", ""), "u_field"); got != `null` {
		t.Errorf("the user field after the meta refusal: %s, want null", got)
	}
}

// TestRegisteredMetaWritesBefore68: WordPress 6.1's update_value stops at the first
// error, and compares a key of many values with get_metadata, which gives a key with a
// registered default and no row its default: the default is then a row to delete,
// which delete_metadata does not find (as WordPress 6.1.9 answered).
func TestRegisteredMetaWritesBefore68(t *testing.T) {
	s := registeredMetaSite(t, "6.1")
	r := s.send(t, "POST", "/wp/v2/posts/1", "admin", json.RawMessage(`{"meta":{"m_str":"s","m_multi_def":[1,2],"m_email":"a@b.co"}}`))
	if want := `{"code":"rest_meta_database_error","message":"Could not update the meta value of m_multi_def in database.","data":{"key":"m_multi_def","status":500}}`; r.status != 500 || string(bytes.TrimSpace(r.body)) != want {
		t.Errorf("got %d %s\nwant 500 %s", r.status, r.body, want)
	}
	got := memberJSON(t, s.get(t, "/wp/v2/posts/1", ""), "meta")
	if want := `{"m_all":2,"m_str":"s","m_int":4,"m_obj":{"b":2,"a":"x"},"m_multi":["one","two"],"m_multi_def":[7],"m_email":null,"_m_locked":"","renamed":""}`; got != want {
		t.Errorf("after the error: %s\nwant %s (m_str written, m_email not)", got, want)
	}
}
