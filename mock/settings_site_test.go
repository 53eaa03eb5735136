package mock

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/wpmock/wpmock/fixtures"
)

// TestSiteSettings: settings the site registers with show_in_rest (a string, and an
// object with its schema) come first in /settings, are described in OPTIONS as
// get_registered_options builds them, refuse what their schema refuses with
// WordPress's codes and read back what was written (WordPress 7.1, same
// registration: the bodies below).
func TestSiteSettings(t *testing.T) {
	ds := fixtures.Example()
	ds.WPVersion = "7.1"
	var reg fixtures.Register
	decodeInto(t, `{"settings": [
	 {"option_group": "general", "option_name": "acme_color", "type": "string", "default": "red", "show_in_rest": true, "description": "Colour"},
	 {"option_group": "general", "option_name": "acme_box", "type": "object", "default": {"w": 1},
	  "show_in_rest": {"schema": {"type": "object", "properties": {"w": {"type": "integer"}, "h": {"type": "integer"}}}}}]}`, &reg)
	ds.Register = &reg
	if err := ds.Validate(); err != nil {
		t.Fatal(err)
	}
	s := newTestSiteWith(t, ds)
	r := s.get(t, "/wp/v2/settings", "admin")
	if keys := orderedKeys(t, r.body); len(keys) < 3 || keys[0] != "acme_color" || keys[1] != "acme_box" || keys[2] != "title" {
		t.Errorf("settings: got keys %v, want the site's first", keys)
	}
	if !strings.HasPrefix(string(r.body), `{"acme_color":"red","acme_box":{"w":1},"title":`) {
		t.Errorf("defaults: %.100s", r.body)
	}
	var opts struct {
		Endpoints []struct{ Args map[string]json.RawMessage }
		Schema    struct{ Properties map[string]json.RawMessage }
	}
	json.Unmarshal(s.do(t, http.MethodOptions, "/wp/v2/settings", "admin", nil).body, &opts)
	for _, c := range []struct {
		got  json.RawMessage
		want string
	}{
		{opts.Schema.Properties["acme_color"], `{"type":"string","title":"","description":"Colour","default":"red"}`},
		{opts.Schema.Properties["acme_box"], `{"type":"object","title":"","description":"","default":{"w":1},"properties":{"w":{"type":"integer"},"h":{"type":"integer"}},"additionalProperties":false}`},
		{opts.Endpoints[1].Args["acme_color"], `{"title":"","description":"Colour","type":"string","required":false}`},
		{opts.Endpoints[1].Args["acme_box"], `{"title":"","description":"","type":"object","properties":{"w":{"type":"integer"},"h":{"type":"integer"}},"additionalProperties":false,"required":false}`},
	} {
		if string(c.got) != c.want {
			t.Errorf("OPTIONS:\n got %s\nwant %s", c.got, c.want)
		}
	}
	for _, c := range []struct{ body, want string }{
		{`{"acme_box":{"w":"x"}}`, `{"code":"rest_invalid_param","message":"Invalid parameter(s): acme_box","data":{"status":400,"params":{"acme_box":"acme_box[w] is not of type integer."},"details":{"acme_box":{"code":"rest_invalid_type","message":"acme_box[w] is not of type integer.","data":{"param":"acme_box[w]"}}}}}`},
		{`{"acme_box":{"z":1}}`, `{"code":"rest_invalid_param","message":"Invalid parameter(s): acme_box","data":{"status":400,"params":{"acme_box":"z is not a valid property of Object."},"details":{"acme_box":{"code":"rest_additional_properties_forbidden","message":"z is not a valid property of Object.","data":null}}}}`},
		{`{"acme_color":5}`, `{"code":"rest_invalid_param","message":"Invalid parameter(s): acme_color","data":{"status":400,"params":{"acme_color":"acme_color is not of type string."},"details":{"acme_color":{"code":"rest_invalid_type","message":"acme_color is not of type string.","data":{"param":"acme_color"}}}}}`},
	} {
		w := s.do(t, "POST", "/wp/v2/settings", "admin", strings.NewReader(c.body), "Content-Type", "application/json")
		if got := strings.TrimSpace(string(w.body)); w.status != 400 || got != c.want {
			t.Errorf("POST %s:\n got %d %s\nwant 400 %s", c.body, w.status, got, c.want)
		}
	}
	w := s.do(t, "POST", "/wp/v2/settings", "admin", strings.NewReader(`{"acme_color":"blue","acme_box":{"w":2,"h":3}}`), "Content-Type", "application/json")
	if !strings.HasPrefix(string(w.body), `{"acme_color":"blue","acme_box":{"w":2,"h":3},"title":`) {
		t.Errorf("write: %d %.200s", w.status, w.body)
	}
	if r := s.get(t, "/wp/v2/settings?_fields=acme_color,acme_box", "admin"); string(r.body) != `{"acme_color":"blue","acme_box":{"w":2,"h":3}}` {
		t.Errorf("read back: %s", r.body)
	}
}

// TestSiteSettingsRefused: setting declarations the dataset refuses.
func TestSiteSettingsRefused(t *testing.T) {
	for _, c := range []struct{ settings, want string }{
		{`[{"option_name": "x"}]`, `field "option_group": missing`},
		{`[{"option_group": "g", "option_name": "x", "type": "object", "show_in_rest": true}]`, `an object setting needs show_in_rest: {schema: {...}}`},
		{`[{"option_group": "g", "option_name": "x", "type": "float"}]`, `field "type": got "float"`},
		{`[{"option_group": "g", "option_name": "x", "show_in_rest": {"schema": 1}}]`, `field "show_in_rest.schema": want an object`},
		{`[{"option_group": "g", "option_name": "x", "sanitize_callback": "f"}]`, `field "sanitize_callback": unknown argument`},
	} {
		ds := fixtures.Example()
		var reg fixtures.Register
		decodeInto(t, `{"settings": `+c.settings+`}`, &reg)
		ds.Register = &reg
		if err := ds.Validate(); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: got %v, want %q", c.settings, err, c.want)
		}
	}
}

// TestSiteSettingsInDataset: a dataset's options carry the values of array and object
// settings (issue 43: register_setting with type array or object, shown in REST),
// their objects' keys in the order written, as WordPress keeps a serialized PHP array.
// /settings prints them in that order, a value the schema refuses prints null
// (prepare_value), a bad write is refused with rest_invalid_param, and an export
// loads again to the same answers.
func TestSiteSettingsInDataset(t *testing.T) {
	ds := fixtures.Example()
	ds.WPVersion = "7.1"
	var reg fixtures.Register
	decodeInto(t, `{"settings": [
	 {"option_group": "general", "option_name": "acme_box", "type": "object",
	  "show_in_rest": {"schema": {"type": "object", "properties": {"w": {"type": "integer"}, "h": {"type": "integer"}}}}},
	 {"option_group": "general", "option_name": "acme_tags", "type": "array",
	  "show_in_rest": {"schema": {"type": "array", "items": {"type": "string"}}}},
	 {"option_group": "general", "option_name": "acme_bad", "type": "array",
	  "show_in_rest": {"schema": {"type": "array", "items": {"type": "integer"}}}}]}`, &reg)
	ds.Register = &reg
	var opts fixtures.Dataset
	decodeInto(t, `{"options": {"acme_box": {"w": 2, "h": 3}, "acme_tags": ["b", "a"], "acme_bad": {"x": 1}}}`, &opts)
	if ds.Options == nil {
		ds.Options = map[string]any{}
	}
	for k, v := range opts.Options {
		ds.Options[k] = v
	}
	if err := ds.Validate(); err != nil {
		t.Fatal(err)
	}
	s := newTestSiteWith(t, ds)
	const fields = "/wp/v2/settings?_fields=acme_box,acme_tags,acme_bad"
	want := `{"acme_box":{"w":2,"h":3},"acme_tags":["b","a"],"acme_bad":null}`
	if r := s.get(t, fields, "admin"); string(r.body) != want {
		t.Errorf("from the dataset:\n got %s\nwant %s", r.body, want)
	}
	bad := `{"code":"rest_invalid_param","message":"Invalid parameter(s): acme_tags","data":{"status":400,"params":{"acme_tags":"acme_tags[1] is not of type string."},"details":{"acme_tags":{"code":"rest_invalid_type","message":"acme_tags[1] is not of type string.","data":{"param":"acme_tags[1]"}}}}}`
	w := s.do(t, "POST", "/wp/v2/settings", "admin", strings.NewReader(`{"acme_tags":["c",5]}`), "Content-Type", "application/json")
	if got := strings.TrimSpace(string(w.body)); w.status != 400 || got != bad {
		t.Errorf("bad write:\n got %d %s\nwant 400 %s", w.status, got, bad)
	}
	w = s.do(t, "POST", "/wp/v2/settings", "admin", strings.NewReader(`{"acme_box":{"h":5,"w":4},"acme_tags":["c"],"acme_bad":[7]}`), "Content-Type", "application/json")
	if w.status != 200 {
		t.Fatalf("write: %d %.200s", w.status, w.body)
	}
	want = `{"acme_box":{"h":5,"w":4},"acme_tags":["c"],"acme_bad":[7]}`
	if r := s.get(t, fields, "admin"); string(r.body) != want {
		t.Errorf("written:\n got %s\nwant %s", r.body, want)
	}
	var b strings.Builder
	if err := s.Export(&b); err != nil {
		t.Fatal(err)
	}
	again, err := fixtures.Decode([]byte(b.String()), "export")
	if err != nil {
		t.Fatalf("the export does not load: %v", err)
	}
	m, err := New(Options{Dataset: again, Clock: fixedClock, AdminAppPassword: "abcd efgh ijkl mnop qrst uvwx"})
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(m)
	defer srv.Close()
	if r := (&testSite{Mock: m, srv: srv}).get(t, fields, "admin"); string(r.body) != want {
		t.Errorf("exported and loaded again:\n got %s\nwant %s", r.body, want)
	}
}
