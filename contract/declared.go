package contract

import (
	"net/http"
	"slices"
	"strings"
)

// Fields a site adds. A plugin adds fields to a resource with register_rest_field (an
// SEO plugin's yoast_head, ACF's acf) or register_meta with show_in_rest (a key of
// meta), and WordPress puts each such field into the resource's schema, with the
// contexts it is returned in. In the default mode a key that the checked version does
// not have passes only when the site declares it that way: in its own OPTIONS schema
// for the resource, in the context where the key appeared. An undeclared key fails,
// named. WPCONTRACT_STRICT=1 (what a reimplementation such as the mock must meet)
// accepts no key beyond the version's own.

// schemaAt is where the keys of an object are declared: the item schema of a
// collection route (what OPTIONS on it answers), in one context. The zero value
// declares nothing.
type schemaAt struct {
	route string // e.g. /wp/v2/posts
	ctx   string // view, embed or edit
}

// itemSchema is the schema OPTIONS on route publishes, asked once per run.
func (s *Suite) itemSchema(t T, route string) map[string]any {
	t.Helper()
	s.mu.Lock()
	sc, ok := s.schemas[route]
	s.mu.Unlock()
	if ok {
		return sc
	}
	r := s.as(anonymous).do(t, http.MethodOptions, route, nil)
	v, _ := at(r.JSON(), "schema")
	sc, _ = v.(map[string]any)
	s.mu.Lock()
	s.schemas[route] = sc
	s.mu.Unlock()
	return sc
}

// undeclared returns the keys of extra that the site does not declare below sub (a
// dotted path of properties under the item: "" for the item's own fields, "meta" for
// the keys of its meta) in the context of sa. In strict mode every extra key is
// undeclared.
func (s *Suite) undeclared(t T, sa schemaAt, sub string, extra []string) []string {
	t.Helper()
	if s.cfg.Strict || sa.route == "" || len(extra) == 0 {
		return extra
	}
	props, _ := s.itemSchema(t, sa.route)["properties"].(map[string]any)
	if sub != "" {
		for _, part := range strings.Split(sub, ".") {
			p, _ := props[part].(map[string]any)
			props, _ = p["properties"].(map[string]any)
		}
	}
	var out []string
	for _, k := range extra {
		p, ok := props[k].(map[string]any)
		if !ok || !inContext(p, sa.ctx) {
			out = append(out, k)
		}
	}
	return out
}

// inContext says whether a schema property is returned in ctx: WordPress's
// rest_filter_response_by_context keeps a property whose schema names no context.
func inContext(prop map[string]any, ctx string) bool {
	list, named := prop["context"].([]any)
	return !named || slices.Contains(list, any(ctx))
}
