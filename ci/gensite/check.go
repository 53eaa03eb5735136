package main

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"os"
	"regexp"
	"slices"
	"strings"
	"time"

	"github.com/wpmock/wpmock/fixtures"
)

// checkSite asks a real WordPress, seeded with a generated site (site.json registered by
// the must-use plugin, content.php run), whether it took everything the file declares:
// the index lists the namespaces and routes, /types, /taxonomies and /statuses list the
// site's own, OPTIONS of the plugin routes publish their arguments, the item schemas
// carry the meta keys and fields, /settings the settings, and the items' meta values
// come back (a value its schema refuses reads null). It returns what is missing.
func checkSite(ds *fixtures.Dataset, ext map[string][]fixtures.Args, written map[string]bool, api, user, password string) []string {
	c := &checker{api: strings.TrimRight(api, "/"), user: user, password: password,
		client: &http.Client{Timeout: 30 * time.Second}, ds: ds, written: written}
	reg := ds.Register
	index := c.object("GET", "/")
	routes, _ := index["routes"].(map[string]any)
	namespaces := c.strings(index["namespaces"])
	for _, r := range ext["rest_routes"] {
		if !slices.Contains(namespaces, r.String("namespace")) {
			c.fail("the index lacks namespace %s", r.String("namespace"))
		}
		path := "/" + r.String("namespace") + r.String("route")
		if _, ok := routes[path]; !ok {
			c.fail("the index lacks route %s", path)
			continue
		}
		c.routeArgs(r, path)
	}
	types := c.object("GET", "/wp/v2/types")
	for _, pt := range reg.PostTypes {
		t, ok := types[pt.String("name")].(map[string]any)
		if !ok {
			c.fail("/types lacks %s", pt.String("name"))
			continue
		}
		c.collection(pt, t, "post")
	}
	taxes := c.object("GET", "/wp/v2/taxonomies?context=edit")
	for _, tx := range reg.Taxonomies {
		t, ok := taxes[tx.String("name")].(map[string]any)
		if !ok {
			c.fail("/taxonomies lacks %s", tx.String("name"))
			continue
		}
		c.collection(tx, t, "term")
	}
	// the items the content wrote in each custom status, for the post types whose
	// capabilities the administrator has (a type of its own capabilities answers 400)
	for _, st := range ext["post_statuses"] {
		for _, pt := range append([]fixtures.Args{{{Key: "name", Value: "post"}, {Key: "rest_base", Value: "posts"}}}, reg.PostTypes...) {
			if ct, _ := pt.Get("capability_type"); ct != nil && ct != "post" && ct != "page" {
				continue
			}
			route := "/" + cmpOr(pt.String("rest_namespace"), "wp/v2") + "/" + cmpOr(pt.String("rest_base"), pt.String("name"))
			if len(asSlice(c.do("GET", route+"?status="+st.String("name")))) == 0 {
				c.fail("GET %s?status=%s: no items", route, st.String("name"))
			}
		}
	}
	statuses := c.object("GET", "/wp/v2/statuses?context=edit")
	for _, st := range ext["post_statuses"] {
		_, listed := statuses[st.String("name")]
		// WP_REST_Post_Statuses_Controller lists a status that is not internal to a user
		// who can edit posts
		if listed == st.Bool("internal", false) {
			c.fail("/statuses: %s listed %v, internal %v", st.String("name"), listed, st.Bool("internal", false))
		}
	}
	for _, who := range []struct{ meta, route string }{{"user", "/wp/v2/users"}, {"comment", "/wp/v2/comments"}} {
		props := c.schemaProps(who.route)
		c.metaKeys(ds, props, who.meta, "", who.route)
		c.fieldsOn(ds, props, who.meta, who.route)
	}
	settings := c.object("GET", "/wp/v2/settings")
	for _, s := range ext["settings"] {
		name := s.String("option_name")
		if sir, ok := s.Get("show_in_rest"); ok {
			if a, ok := sir.(fixtures.Args); ok && a.String("name") != "" {
				name = a.String("name")
			}
		}
		// listed; its value may be null: a boolean setting saved false is stored as ""
		// (add_option), which its schema refuses, so WordPress answers null
		if _, ok := settings[name]; !ok {
			c.fail("/settings: %s not listed", name)
		}
	}
	return c.failures
}

type checker struct {
	api, user, password string
	client              *http.Client
	ds                  *fixtures.Dataset
	written             map[string]bool // the slugs of the terms and items the content wrote
	failures            []string
}

func (c *checker) fail(format string, args ...any) {
	c.failures = append(c.failures, fmt.Sprintf(format, args...))
}

// do asks WordPress as the user and decodes the JSON answer.
func (c *checker) do(method, route string) any {
	req, err := http.NewRequest(method, c.api+route, nil)
	if err != nil {
		c.fail("%s %s: %v", method, route, err)
		return nil
	}
	req.SetBasicAuth(c.user, c.password)
	resp, err := c.client.Do(req)
	if err != nil {
		c.fail("%s %s: %v", method, route, err)
		return nil
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	var v any
	if resp.StatusCode != 200 || json.Unmarshal(b, &v) != nil {
		c.fail("%s %s: %d %.200s", method, route, resp.StatusCode, b)
		return nil
	}
	return v
}

func (c *checker) object(method, route string) map[string]any {
	m, _ := c.do(method, route).(map[string]any)
	return m
}

func (c *checker) strings(v any) []string {
	var out []string
	for _, x := range asSlice(v) {
		if s, ok := x.(string); ok {
			out = append(out, s)
		}
	}
	return out
}

func asSlice(v any) []any { l, _ := v.([]any); return l }

// pathParam stands a value in for each path parameter of a route pattern.
var pathParam = regexp.MustCompile(`\(\?P<(\w+)>[^)]*\)`)

// routeArgs checks that OPTIONS of a plugin route publishes its methods' arguments.
func (c *checker) routeArgs(r fixtures.Args, path string) {
	concrete := pathParam.ReplaceAllStringFunc(path, func(m string) string {
		if strings.Contains(m, `\d`) {
			return "7"
		}
		return "abc"
	})
	opts := c.object("OPTIONS", concrete)
	args, _ := r.Get("args")
	for _, ep := range asSlice(opts["endpoints"]) {
		published, _ := ep.(map[string]any)["args"].(map[string]any)
		for _, a := range args.(fixtures.Args) {
			if _, ok := published[a.Key]; !ok {
				c.fail("OPTIONS %s: argument %s not published", concrete, a.Key)
			}
		}
	}
}

// collection checks a post type's or taxonomy's route: its namespace and base, its
// schema's meta keys and fields, and the meta values of its items.
func (c *checker) collection(decl fixtures.Args, listed map[string]any, meta string) {
	name := decl.String("name")
	ns := cmpOr(decl.String("rest_namespace"), "wp/v2")
	base := cmpOr(decl.String("rest_base"), name)
	if got, _ := listed["rest_namespace"].(string); got != ns {
		c.fail("%s: rest_namespace %q, declared %q", name, got, ns)
	}
	route := "/" + ns + "/" + base
	props := c.schemaProps(route)
	if meta == "term" || slices.Contains(decl.Strings("supports"), "custom-fields") {
		c.metaKeys(c.ds, props, meta, name, route)
		c.metaValues(meta, name, route)
	}
	c.fieldsOn(c.ds, props, name, route)
}

func cmpOr(s, def string) string {
	if s == "" {
		return def
	}
	return s
}

// metaValues checks that the published items' single meta keys in REST read back a
// value: the content wrote one valid for the key's schema to each of its items, and
// WordPress answers null for a stored value its schema refuses. (An item the content
// did not write, such as a taxonomy's default term, reads null where the type's empty
// value does not validate: "" is no email.)
func (c *checker) metaValues(meta, subtype, route string) {
	sep := "?"
	if strings.Contains(route, "?") {
		sep = "&"
	}
	for _, item := range asSlice(c.do("GET", route+sep+"per_page=100")) {
		if slug, _ := item.(map[string]any)["slug"].(string); !c.written[slug] {
			continue
		}
		values, _ := item.(map[string]any)["meta"].(map[string]any)
		for _, k := range c.ds.Register.Meta {
			if k.String("object_type") != meta || (k.String("object_subtype") != "" && k.String("object_subtype") != subtype) ||
				!k.Bool("single", false) {
				continue
			}
			if sir, _ := k.Get("show_in_rest"); sir == false {
				continue
			}
			if v, ok := values[k.String("meta_key")]; !ok || v == nil {
				c.fail("GET %s: item %v: meta %s is %v", route, item.(map[string]any)["id"], k.String("meta_key"), v)
			}
		}
	}
}

// schemaProps are the item schema's properties (OPTIONS of the collection).
func (c *checker) schemaProps(route string) map[string]any {
	opts := c.object("OPTIONS", route)
	schema, _ := opts["schema"].(map[string]any)
	props, _ := schema["properties"].(map[string]any)
	if props == nil {
		c.fail("OPTIONS %s: no schema properties", route)
	}
	return props
}

// metaKeys checks that the schema's meta lists every key in REST on (meta, subtype).
func (c *checker) metaKeys(ds *fixtures.Dataset, props map[string]any, meta, subtype, route string) {
	m, _ := props["meta"].(map[string]any)
	keys, _ := m["properties"].(map[string]any)
	for _, k := range ds.Register.Meta {
		if k.String("object_type") != meta || (k.String("object_subtype") != "" && k.String("object_subtype") != subtype) {
			continue
		}
		if sir, _ := k.Get("show_in_rest"); sir == false {
			continue
		}
		got, ok := keys[k.String("meta_key")].(map[string]any)
		if !ok {
			c.fail("OPTIONS %s: meta %s missing from the schema", route, k.String("meta_key"))
			continue
		}
		// WP_REST_Meta_Fields: a multiple key's schema is an array of the single schema
		want := k.String("type")
		if !k.Bool("single", false) {
			want = "array"
		}
		if got["type"] != want {
			c.fail("OPTIONS %s: meta %s has type %v, want %s", route, k.String("meta_key"), got["type"], want)
		}
	}
}

// fieldsOn checks that the schema lists every REST field registered on objectType.
func (c *checker) fieldsOn(ds *fixtures.Dataset, props map[string]any, objectType, route string) {
	for _, f := range ds.Register.RestFields {
		if slices.Contains(f.Strings("object_type"), objectType) {
			if _, ok := props[f.String("attribute")]; !ok {
				c.fail("OPTIONS %s: field %s missing from the schema", route, f.String("attribute"))
			}
		}
	}
}

// runCheck is "gensite -check DIR": the site in DIR against the WordPress the env names
// (WPCONTRACT_URL, WPCONTRACT_USER, WPCONTRACT_PASSWORD, as ci/wordpress/up.sh's env file).
func runCheck(dir string) int {
	raw, err := os.ReadFile(dir + "/site.json")
	if err != nil {
		fmt.Fprintln(os.Stderr, "gensite:", err)
		return 2
	}
	// read as sections, not as a fixtures.Dataset: the dataset type of this branch may
	// not know the extended sections yet, and the check must not depend on it
	var file struct {
		Register map[string]json.RawMessage `json:"register"`
	}
	if err := json.Unmarshal(raw, &file); err != nil {
		fmt.Fprintln(os.Stderr, "gensite:", err)
		return 2
	}
	ext := map[string][]fixtures.Args{}
	for k, b := range file.Register {
		var list []fixtures.Args
		if json.Unmarshal(b, &list) == nil {
			ext[k] = list
		}
	}
	var seed uint64
	summary, _ := os.ReadFile(dir + "/summary.txt")
	if _, err := fmt.Sscanf(string(summary), "seed %d:", &seed); err != nil {
		fmt.Fprintln(os.Stderr, "gensite: no seed in summary.txt:", err)
		return 2
	}
	ds := &fixtures.Dataset{Register: &fixtures.Register{PostTypes: ext["post_types"],
		Taxonomies: ext["taxonomies"], Meta: ext["meta"], RestFields: ext["rest_fields"]}}
	failures := checkSite(ds, ext, generate(seed, 0).slugs, os.Getenv("WPCONTRACT_URL"), os.Getenv("WPCONTRACT_USER"), os.Getenv("WPCONTRACT_PASSWORD"))
	for _, f := range failures {
		fmt.Println("check:", f)
	}
	if len(failures) > 0 {
		return 1
	}
	return 0
}
