package mock

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"

	"github.com/wpmock/wpmock/fixtures"
)

// acmeRoutes are the plugin routes of the tests: a GET with arguments of every kind
// the engine validates, and a POST-only item route with a path parameter that needs
// a capability (the same routes the checks against WordPress 7.1 registered).
const acmeRoutes = `[
 {"namespace": "acme/v1", "route": "/items", "methods": "GET", "permission": "public",
  "args": {
   "count": {"type": "integer", "required": true, "minimum": 1, "maximum": 10, "description": "How many"},
   "kind": {"enum": ["a", "b"], "type": "string", "default": "a"},
   "code": {"type": "string", "pattern": "^[A-Z]{3}$"},
   "mail": {"type": "string", "format": "email"},
   "loose": {"description": "no type"}},
  "returns": {"ok": true}, "echo": ["count", "kind"]},
 {"namespace": "acme/v1", "route": "/items/(?P<id>\\d+)", "methods": ["POST"], "permission": "edit_others_posts",
  "args": {"note": {"type": "string", "required": true}}, "returns": {"saved": true}, "echo": ["id", "note"]}
]`

// siteWithRoutes is the example site with the plugin routes given (a JSON list).
func siteWithRoutes(t *testing.T, routes string) *testSite {
	t.Helper()
	ds := fixtures.Example()
	var reg fixtures.Register
	decodeInto(t, `{"rest_routes": `+routes+`}`, &reg)
	ds.Register = &reg
	if err := ds.Validate(); err != nil {
		t.Fatal(err)
	}
	return newTestSiteWith(t, ds)
}

func decodeInto(t *testing.T, src string, v any) {
	t.Helper()
	if err := json.Unmarshal([]byte(src), v); err != nil {
		t.Fatalf("%v in %s", err, src)
	}
}

// TestPluginRoutes: a plugin's routes answer as WordPress's server answers a route
// registered with those arguments: rest_missing_callback_param before anything else,
// rest_invalid_param with each argument's details, defaults and sanitised values,
// no validation of an argument without a type, 404 rest_no_route for another method,
// the permission as 401/403 rest_forbidden.
func TestPluginRoutes(t *testing.T) {
	s := siteWithRoutes(t, acmeRoutes)
	cases := []struct {
		name, method, path, login string
		status                    int
		want                      string // the body, exactly
	}{
		{"echo with default", "GET", "/acme/v1/items?count=3", "", 200,
			`{"ok":true,"echo":{"count":3,"kind":"a"}}`},
		{"no type: anything goes", "GET", "/acme/v1/items?count=3&loose[]=1&kind=b", "", 200,
			`{"ok":true,"echo":{"count":3,"kind":"b"}}`},
		{"missing", "GET", "/acme/v1/items", "", 400,
			`{"code":"rest_missing_callback_param","message":"Missing parameter(s): count","data":{"status":400,"params":["count"]}}`},
		{"above maximum", "GET", "/acme/v1/items?count=11", "", 400,
			`{"code":"rest_invalid_param","message":"Invalid parameter(s): count","data":{"status":400,"params":{"count":"count must be between 1 (inclusive) and 10 (inclusive)"},"details":{"count":{"code":"rest_out_of_bounds","message":"count must be between 1 (inclusive) and 10 (inclusive)","data":null}}}}`},
		{"not an integer", "GET", "/acme/v1/items?count=x", "", 400,
			`{"code":"rest_invalid_param","message":"Invalid parameter(s): count","data":{"status":400,"params":{"count":"count is not of type integer."},"details":{"count":{"code":"rest_invalid_type","message":"count is not of type integer.","data":{"param":"count"}}}}}`},
		{"enum", "GET", "/acme/v1/items?count=1&kind=c", "", 400,
			`{"code":"rest_invalid_param","message":"Invalid parameter(s): kind","data":{"status":400,"params":{"kind":"kind is not one of a and b."},"details":{"kind":{"code":"rest_not_in_enum","message":"kind is not one of a and b.","data":null}}}}`},
		{"pattern", "GET", "/acme/v1/items?count=1&code=abc", "", 400,
			`{"code":"rest_invalid_param","message":"Invalid parameter(s): code","data":{"status":400,"params":{"code":"code does not match pattern ^[A-Z]{3}$."},"details":{"code":{"code":"rest_invalid_pattern","message":"code does not match pattern ^[A-Z]{3}$.","data":null}}}}`},
		{"format", "GET", "/acme/v1/items?count=1&mail=nope", "", 400,
			`{"code":"rest_invalid_param","message":"Invalid parameter(s): mail","data":{"status":400,"params":{"mail":"Invalid email address."},"details":{"mail":{"code":"rest_invalid_email","message":"Invalid email address.","data":null}}}}`},
		{"POST-only route asked with GET", "GET", "/acme/v1/items/5", "", 404,
			`{"code":"rest_no_route","message":"No route was found matching the URL and request method.","data":{"status":404}}`},
		{"validation before permission", "POST", "/acme/v1/items/5", "", 400,
			`{"code":"rest_missing_callback_param","message":"Missing parameter(s): note","data":{"status":400,"params":["note"]}}`},
		{"anonymous refused", "POST", "/acme/v1/items/5?note=hi", "", 401,
			`{"code":"rest_forbidden","message":"Sorry, you are not allowed to do that.","data":{"status":401}}`},
		{"author refused", "POST", "/acme/v1/items/5?note=hi", "author", 403,
			`{"code":"rest_forbidden","message":"Sorry, you are not allowed to do that.","data":{"status":403}}`},
		{"editor allowed, path parameter echoed", "POST", "/acme/v1/items/5?note=hi", "editor", 200,
			`{"saved":true,"echo":{"id":"5","note":"hi"}}`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r := s.do(t, c.method, c.path, c.login, nil)
			if r.status != c.status || strings.TrimSpace(string(r.body)) != c.want {
				t.Errorf("%s %s: got %d %s\nwant %d %s", c.method, c.path, r.status, r.body, c.status, c.want)
			}
		})
	}
}

// TestPluginRoutesOptions: OPTIONS and the index describe a plugin route as
// get_data_for_route does: namespace, methods, endpoints, then the self link of a
// route without placeholders; each argument's schema keywords in the order the plugin
// gave them, then required; the namespace listed and indexed.
func TestPluginRoutesOptions(t *testing.T) {
	s := siteWithRoutes(t, acmeRoutes)
	r := s.do(t, http.MethodOptions, "/acme/v1/items", "", nil)
	want := `{"namespace":"acme\/v1","methods":["GET"],"endpoints":[{"methods":["GET"],"args":{` +
		`"count":{"type":"integer","minimum":1,"maximum":10,"description":"How many","required":true},` +
		`"kind":{"enum":["a","b"],"type":"string","default":"a","required":false},` +
		`"code":{"type":"string","pattern":"^[A-Z]{3}$","required":false},` +
		`"mail":{"type":"string","format":"email","required":false},` +
		`"loose":{"description":"no type","required":false}}}],` +
		`"_links":{"self":[{"href":"` + strings.ReplaceAll(s.srv.URL, "/", `\/`) + `\/wp-json\/acme\/v1\/items"}]}}`
	if got := strings.TrimSpace(string(r.body)); r.status != 200 || got != want {
		t.Errorf("OPTIONS: got %d %s\nwant %s", r.status, got, want)
	}
	if allow := r.header.Get("Allow"); allow != "GET" {
		t.Errorf("Allow: got %q, want GET", allow)
	}
	r = s.do(t, http.MethodOptions, "/acme/v1/items/5", "", nil)
	want = `{"namespace":"acme\/v1","methods":["POST"],"endpoints":[{"methods":["POST"],"args":{"note":{"type":"string","required":true}}}]}`
	if got := strings.TrimSpace(string(r.body)); got != want {
		t.Errorf("OPTIONS item: got %s\nwant %s", got, want)
	}
	index := s.get(t, "/", "")
	m, _ := index.json.(map[string]any)
	ns, _ := m["namespaces"].([]any)
	if len(ns) < 2 || ns[0] != "acme/v1" || ns[1] != "wp/v2" {
		t.Errorf("namespaces: got %v, want acme/v1 first (plugins register before core), then wp/v2", ns)
	}
	routes, _ := m["routes"].(map[string]any)
	for _, p := range []string{"/acme/v1", "/acme/v1/items", `/acme/v1/items/(?P<id>\d+)`} {
		if routes[p] == nil {
			t.Errorf("index: no route %s", p)
		}
	}
	if doc := s.get(t, "/wpmock/v1/openapi.json", ""); doc.status != 200 || !strings.Contains(string(doc.body), "/acme/v1/items") {
		t.Errorf("the OpenAPI document: %d, want the plugin routes in it", doc.status)
	}
	nsIndex := s.get(t, "/acme/v1", "")
	if nsIndex.status != 200 || !strings.Contains(string(nsIndex.body), `"namespace":"acme\/v1","routes":{"\/acme\/v1":`) {
		t.Errorf("namespace index: %d %.300s", nsIndex.status, nsIndex.body)
	}
}

// TestPluginRoutesRefused: declarations the dataset refuses, with the field named.
func TestPluginRoutesRefused(t *testing.T) {
	cases := []struct{ routes, want string }{
		{`[{"namespace": "", "route": "/x"}]`, `field "namespace": want vendor/version`},
		{`[{"namespace": "wpmock/v1", "route": "/x"}]`, `wpmock/v1 is the mock's own`},
		{`[{"namespace": "a/v1", "route": "x"}]`, `field "route": want a path`},
		{`[{"namespace": "a/v1", "route": "/x", "methods": "FETCH"}]`, `field "methods": "FETCH": want GET, POST, PUT, PATCH, DELETE`},
		{`[{"namespace": "a/v1", "route": "/x", "args": {"n": {"type": "int"}}}]`, `field "args.n.type": got "int"`},
		{`[{"namespace": "a/v1", "route": "/x", "args": {"n": {"validate_callback": "f"}}}]`, `field "args.n.validate_callback": unknown key`},
		{`[{"namespace": "a/v1", "route": "/x", "args": {"n": {"required": "yes"}}}]`, `field "args.n.required": want true or false`},
		{`[{"namespace": "a/v1", "route": "/x", "echo": ["n"]}]`, `field "echo": n is neither an argument nor a path parameter`},
		{`[{"namespace": "a/v1", "route": "/x", "callback": "f"}]`, `field "callback": unknown argument`},
		{`[{"namespace": "a/v1", "route": "/x", "permission": ""}]`, `field "permission": want "public" or a capability`},
	}
	for _, c := range cases {
		ds := fixtures.Example()
		var reg fixtures.Register
		decodeInto(t, `{"rest_routes": `+c.routes+`}`, &reg)
		ds.Register = &reg
		err := ds.Validate()
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: got %v, want an error with %q", c.routes, err, c.want)
		}
	}
}
