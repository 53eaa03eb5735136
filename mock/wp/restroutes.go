package wp

import (
	"fmt"
	"regexp"
	"slices"
	"strings"

	"github.com/wpmock/wpmock/mock/wpfunc"
)

// RestRoute is one register_rest_route call of a plugin: the route, one endpoint (its
// methods, arguments and permission) and what its callback answers, said as data
// since no plugin code runs. Two calls for one route add two endpoints to it, as
// WP_REST_Server::register_route merges them.
type RestRoute struct {
	// Namespace is the route's namespace ("acme/v1"); Pattern the full route
	// ("/acme/v1/items/(?P<id>\d+)"), as the index keys it.
	Namespace, Pattern string
	// Methods are the endpoint's methods, in the order given.
	Methods []string
	// Args are the endpoint's arguments as given, in order: {name: {type, required, ...}}.
	Args wpfunc.Object
	// Permission is "public" (__return_true) or the capability the caller needs.
	Permission string
	// Returns is what the callback returns; Echo the arguments whose validated value it
	// adds under "echo".
	Returns any
	Echo    []string
	// Hidden: show_in_index false, the route is served but not listed.
	Hidden bool
}

// PermissionPublic is the permission of a route anyone may call.
const PermissionPublic = "public"

// routeMethods are the methods a route may answer (WP_REST_Server's method sets).
var routeMethods = []string{"GET", "POST", "PUT", "PATCH", "DELETE"}

// RegisterRestRoute is register_rest_route(namespace, route, args) where args are
// {methods, args, permission, returns, echo, show_in_index}. As WordPress, the route
// is the namespace and the route joined by one slash; a namespace or route WordPress
// refuses (empty) is an error here.
func (g *Registry) RegisterRestRoute(namespace, route string, args wpfunc.Object) error {
	namespace = strings.Trim(namespace, "/")
	route = strings.TrimLeft(route, "/")
	if namespace == "" {
		return fmt.Errorf("routes must be namespaced with plugin or theme name and version")
	}
	if route == "" {
		return fmt.Errorf("route %q: a route must be specified", namespace)
	}
	rt := &RestRoute{Namespace: namespace, Pattern: "/" + namespace + "/" + route, Permission: PermissionPublic}
	if _, err := regexp.Compile("(?i)^" + rt.Pattern + "$"); err != nil {
		return fmt.Errorf("route %s: %v", rt.Pattern, err)
	}
	a := argsOf(args)
	methods, err := methodList(args)
	if err != nil {
		return fmt.Errorf("route %s: %v", rt.Pattern, err)
	}
	rt.Methods = methods
	if o, ok := a.obj("args"); ok {
		rt.Args = o
	}
	if p := a.str("permission", ""); p != "" {
		rt.Permission = p
	}
	rt.Returns, _ = args.Get("returns")
	if v, ok := args.Get("echo"); ok {
		rt.Echo, _ = stringList(v)
	}
	rt.Hidden = !a.bool("show_in_index", true)
	g.Routes = append(g.Routes, rt)
	return nil
}

// methodList is the methods argument: a name, names joined by commas, or a list.
func methodList(args wpfunc.Object) ([]string, error) {
	v, ok := args.Get("methods")
	if !ok {
		return []string{"GET"}, nil
	}
	var names []string
	if s, isStr := v.(string); isStr {
		names = strings.Split(s, ",")
	} else if names, ok = stringList(v); !ok {
		return nil, fmt.Errorf("methods: want a method or a list of them")
	}
	var out []string
	for _, n := range names {
		n = strings.ToUpper(strings.TrimSpace(n))
		if !slices.Contains(routeMethods, n) {
			return nil, fmt.Errorf("methods: %q is not one of %s", n, strings.Join(routeMethods, ", "))
		}
		if !slices.Contains(out, n) {
			out = append(out, n)
		}
	}
	return out, nil
}
