package main

import (
	"encoding/json"
	"fmt"
	"net/http/httptest"
	"regexp"
	"strings"
	"testing"

	"github.com/wpmock/wpmock/fixtures"
	"github.com/wpmock/wpmock/mock"
	"github.com/wpmock/wpmock/mock/control"
)

// serveSeeds are the seeds TestMockServesDeclarations loads: each costs the mock's
// start-up (a generated site plus the declared content): 30 take ~1 s.
const serveSeeds = 30

const testAppPassword = "gens SITE pass w0rd 1234 abcd"

// The mock serves every site the generator draws straight from its declarations: it
// loads, and each declared surface answers — the types' and taxonomies' collections
// in their namespaces, the default term that cannot be deleted, the statuses, a user
// in each role, the settings and every plugin route's OPTIONS.
func TestMockServesDeclarations(t *testing.T) {
	for seed := uint64(1); seed <= serveSeeds; seed++ {
		t.Run(fmt.Sprint("seed", seed), func(t *testing.T) {
			s := generate(seed, 0)
			decl, err := fixtures.Decode(s.dataset, fmt.Sprintf("seed %d", seed))
			if err != nil {
				t.Fatalf("%s: the dataset refuses it: %v", s.summary, err)
			}
			m, err := mock.New(mock.Options{Control: control.Mount, Dataset: decl, Seed: 1, AdminAppPassword: testAppPassword})
			if err != nil {
				t.Fatalf("%s: the mock refuses it: %v", s.summary, err)
			}
			c := &client{t: t, m: m}
			checkTypesAndTaxonomies(c, decl.Register)
			checkSiteParts(c, decl.Register)
			checkRoutes(c, decl.Register)
		})
	}
}

// client asks the mock, anonymously or as the administrator.
type client struct {
	t *testing.T
	m *mock.Mock
}

// do answers method path; admin signs in. It fails the test unless the status is want.
func (c *client) do(method, path string, admin bool, want int) any {
	c.t.Helper()
	r := httptest.NewRequest(method, "/wp-json"+path, nil)
	if admin {
		r.SetBasicAuth("admin", testAppPassword)
	}
	w := httptest.NewRecorder()
	c.m.ServeHTTP(w, r)
	var body any
	_ = json.Unmarshal(w.Body.Bytes(), &body)
	if w.Code != want {
		c.t.Errorf("%s %s: %d, want %d: %.300s", method, path, w.Code, want, w.Body.String())
	}
	return body
}

// checkTypesAndTaxonomies: each type's collection in its namespace lists items, with
// _embed; each taxonomy's lists terms; a default term cannot be deleted.
func checkTypesAndTaxonomies(c *client, r *fixtures.Register) {
	base := func(a fixtures.Args) string {
		ns, b := a.String("rest_namespace"), a.String("rest_base")
		if ns == "" {
			ns = "wp/v2"
		}
		if b == "" {
			b = a.String("name")
		}
		return "/" + ns + "/" + b
	}
	for _, a := range r.PostTypes {
		if !a.Bool("show_in_rest", false) {
			continue
		}
		if list, _ := c.do("GET", base(a)+"?_embed", false, 200).([]any); len(list) == 0 && a.Bool("public", false) {
			c.t.Errorf("%s: no items", base(a))
		}
		ty, _ := c.do("GET", "/wp/v2/types/"+a.String("name"), false, 200).(map[string]any)
		if "/"+fmt.Sprint(ty["rest_namespace"])+"/"+fmt.Sprint(ty["rest_base"]) != base(a) {
			c.t.Errorf("/wp/v2/types/%s: rest_namespace %v, rest_base %v, want %s", a.String("name"), ty["rest_namespace"], ty["rest_base"], base(a))
		}
		if want, ok := a.Get("has_archive"); ok && ty["has_archive"] != want { // true, false or the archive's slug
			c.t.Errorf("/wp/v2/types/%s: has_archive %v, want %v", a.String("name"), ty["has_archive"], want)
		}
	}
	for _, a := range r.Taxonomies {
		if !a.Bool("show_in_rest", false) {
			continue
		}
		list, _ := c.do("GET", base(a)+"?per_page=100&hide_empty=false", true, 200).([]any)
		edit, _ := c.do("GET", "/wp/v2/taxonomies/"+a.String("name")+"?context=edit", true, 200).(map[string]any)
		if want := a.Bool("show_tagcloud", a.Bool("public", true)); edit["show_cloud"] != want {
			c.t.Errorf("/wp/v2/taxonomies/%s: show_cloud %v, want %v", a.String("name"), edit["show_cloud"], want)
		}
		if tx, _ := c.do("GET", "/wp/v2/taxonomies/"+a.String("name"), false, 200).(map[string]any); "/"+fmt.Sprint(tx["rest_namespace"])+"/"+fmt.Sprint(tx["rest_base"]) != base(a) {
			c.t.Errorf("/wp/v2/taxonomies/%s: rest_namespace %v, rest_base %v, want %s", a.String("name"), tx["rest_namespace"], tx["rest_base"], base(a))
		}
		if len(list) == 0 {
			c.t.Errorf("%s: no terms", base(a))
		}
		if _, ok := a.Get("default_term"); !ok {
			continue
		}
		name := a.String("default_term")
		if d, isObj := a.Get("default_term"); isObj {
			if o, ok := d.(fixtures.Args); ok {
				name = o.String("name")
			}
		}
		for _, x := range list {
			if term, _ := x.(map[string]any); term["name"] == name {
				e, _ := c.do("DELETE", fmt.Sprintf("%s/%v?force=true", base(a), term["id"]), true, 403).(map[string]any)
				if e["code"] != "rest_cannot_delete" {
					c.t.Errorf("deleting the default term of %s: %v", a.String("name"), e["code"])
				}
			}
		}
	}
}

// checkSiteParts: the public statuses, a user in each role, the settings in REST.
func checkSiteParts(c *client, r *fixtures.Register) {
	for _, a := range r.PostStatuses {
		if a.Bool("public", false) && !a.Bool("internal", false) {
			c.do("GET", "/wp/v2/statuses/"+a.String("name"), false, 200)
		}
		if list, _ := c.do("GET", "/wp/v2/posts?context=edit&status="+a.String("name"), true, 200).([]any); len(list) == 0 {
			c.t.Errorf("no post in the status %s", a.String("name"))
		}
	}
	for _, a := range r.Roles {
		if list, _ := c.do("GET", "/wp/v2/users?context=edit&roles="+a.String("role"), true, 200).([]any); len(list) == 0 {
			c.t.Errorf("no user in the role %s", a.String("role"))
		}
	}
	settings, _ := c.do("GET", "/wp/v2/settings", true, 200).(map[string]any)
	for _, a := range r.Settings {
		rest, _ := a.Get("show_in_rest")
		if rest == nil || rest == false {
			continue
		}
		name := a.String("option_name")
		if o, ok := rest.(fixtures.Args); ok && o.String("name") != "" {
			name = o.String("name")
		}
		if _, ok := settings[name]; !ok {
			c.t.Errorf("/wp/v2/settings lacks %s", name)
		}
	}
}

// routeParam is a route's path parameter, given a value its pattern takes.
var routeParam = regexp.MustCompile(`\(\?P<[a-z_]+>[^)]*\)`)

// checkRoutes: OPTIONS of each plugin route publishes its methods and arguments.
func checkRoutes(c *client, r *fixtures.Register) {
	for _, a := range r.RestRoutes {
		route := routeParam.ReplaceAllStringFunc(a.String("route"), func(p string) string {
			if strings.Contains(p, `\d`) {
				return "7"
			}
			return "abc"
		})
		path := "/" + a.String("namespace") + route
		o, _ := c.do("OPTIONS", path, false, 200).(map[string]any)
		eps, _ := o["endpoints"].([]any)
		if len(eps) == 0 {
			c.t.Errorf("OPTIONS %s: no endpoints: %v", path, o)
			continue
		}
		args, _ := a.Get("args")
		published, _ := eps[0].(map[string]any)["args"].(map[string]any)
		if declared, ok := args.(fixtures.Args); ok {
			for _, m := range declared {
				if _, ok := published[m.Key]; !ok {
					c.t.Errorf("OPTIONS %s: argument %s not published", path, m.Key)
				}
			}
		}
	}
}
