package rest

import (
	"net/http"
	"regexp"
	"strings"
)

// Handler answers a request.
type Handler func(r *Request) (*Response, *Error)

// Permission is a permission callback: nil allows the request; an error refuses it.
type Permission func(r *Request) *Error

// HTTP method sets, as WordPress's WP_REST_Server constants name them.
var (
	Readable  = []string{http.MethodGet}
	Creatable = []string{http.MethodPost}
	Editable  = []string{http.MethodPost, http.MethodPut, http.MethodPatch}
	Deletable = []string{http.MethodDelete}
)

// Endpoint is one handler of a route: the methods it answers, its arguments, its
// permission callback and the handler itself.
type Endpoint struct {
	Methods    []string
	Args       []*Schema
	Permission Permission
	Handler    Handler
	AllowBatch bool
	// BatchSince is the version from which AllowBatch shows (0: every version).
	BatchSince Version
	argIndex   map[string]*Schema
}

func (e *Endpoint) arg(name string) *Schema {
	if e.argIndex == nil {
		return nil
	}
	return e.argIndex[name]
}

func (e *Endpoint) answers(method string) bool {
	if method == http.MethodHead {
		method = http.MethodGet
	}
	for _, m := range e.Methods {
		if m == method {
			return true
		}
	}
	return false
}

// Route is a path pattern in WordPress's regex notation
// ("/wp/v2/posts/(?P<id>[\d]+)") with its endpoints and, for OPTIONS, its item schema.
type Route struct {
	Namespace string
	Pattern   string
	Endpoints []*Endpoint
	// Schema is the item schema printed by OPTIONS; nil for routes without one.
	Schema func() Object
	// SchemaLinks are the schema's links (get_schema_links: the action rels, with the
	// targets' URLs), printed after its properties; nil for none.
	SchemaLinks func(req *Request) []any
	// Shape is how the route answers where its item schema cannot tell (the OpenAPI
	// document reads it).
	Shape Shape
	// Span is the WordPress versions the route exists in.
	Span Span
	// Hidden: registered with show_in_index false, the route answers but the index
	// does not list it, and its OPTIONS describe nothing (null).
	Hidden bool
	segs   []segment
}

type segment struct {
	literal string
	param   string
	re      *regexp.Regexp
}

var placeholder = regexp.MustCompile(`^\(\?P<(\w+)>(.+)\)$`)

// forVersion is the route as version v serves it: the arguments v has, allow_batch
// where v has it.
func (rt *Route) forVersion(v Version) {
	for _, e := range rt.Endpoints {
		e.Args = inVersion(e.Args, v)
		if e.BatchSince != 0 && !(Span{Since: e.BatchSince}).In(v) {
			e.AllowBatch = false
		}
	}
}

func (rt *Route) compile() {
	parts := splitPath(rt.Pattern)
	rt.segs = make([]segment, len(parts))
	for i, p := range parts {
		if m := placeholder.FindStringSubmatch(p); m != nil {
			rt.segs[i] = segment{param: m[1], re: regexp.MustCompile(`(?i)^(?:` + m[2] + `)$`)}
			continue
		}
		rt.segs[i] = segment{literal: p}
	}
	for _, e := range rt.Endpoints {
		e.argIndex = make(map[string]*Schema, len(e.Args))
		for _, a := range e.Args {
			e.argIndex[a.Name] = a
		}
	}
}

// match reports whether path matches the route (case-insensitively, as WordPress's
// preg_match with /i does) and returns its placeholders.
func (rt *Route) match(parts []string) (*Params, bool) {
	if len(parts) != len(rt.segs) {
		return nil, false
	}
	var url *Params
	for i, s := range rt.segs {
		if s.re == nil {
			if !strings.EqualFold(s.literal, parts[i]) {
				return nil, false
			}
			continue
		}
		if !s.re.MatchString(parts[i]) {
			return nil, false
		}
		if url == nil {
			url = newParams()
		}
		url.set(s.param, parts[i])
	}
	if url == nil {
		url = newParams()
	}
	return url, true
}

// hasPlaceholders reports whether the route has any (OPTIONS adds _links.self only to
// routes without).
func (rt *Route) hasPlaceholders() bool {
	for _, s := range rt.segs {
		if s.re != nil {
			return true
		}
	}
	return false
}

// Methods lists the route's methods in endpoint order, without repeats.
func (rt *Route) Methods() []string {
	var out []string
	seen := map[string]bool{}
	for _, e := range rt.Endpoints {
		for _, m := range e.Methods {
			if !seen[m] {
				seen[m] = true
				out = append(out, m)
			}
		}
	}
	return out
}

// routeParts splits a request's route for matching, as WP_REST_Server::dispatch
// matches it with preg_match('@^' . $route . '$@i'): the route must start with "/",
// every segment counts (an empty one from "//", or "." and "..", matches no route),
// and PCRE's "$" lets one final newline through.
func routeParts(route string) ([]string, bool) {
	route = strings.TrimSuffix(route, "\n")
	if !strings.HasPrefix(route, "/") {
		return nil, false
	}
	if route == "/" {
		return nil, true
	}
	return strings.Split(route[1:], "/"), true
}

// splitPath splits a route pattern into its segments.
func splitPath(path string) []string {
	path = strings.Trim(path, "/")
	if path == "" {
		return nil
	}
	return strings.Split(path, "/")
}
