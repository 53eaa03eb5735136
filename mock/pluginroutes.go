package mock

import (
	"slices"

	"github.com/wpmock/wpmock/mock/rest"
	"github.com/wpmock/wpmock/mock/wp"
)

// A plugin's own routes (register_rest_route, the dataset's register.rest_routes):
// served under their namespace as WP_REST_Server serves any route. The engine does what
// WordPress does with the arguments a plugin publishes (required first, then
// rest_parse_request_arg for every argument that has a type: type, enum, bounds,
// pattern, format, defaults), the methods (another method is 404 rest_no_route), the
// permission and the index and OPTIONS; the callback's answer is the declaration's
// "returns", with the validated values of the "echo" arguments, since no plugin code
// runs.

// msgForbidden is what WordPress says when a permission callback returns false
// (rest_forbidden).
const msgForbidden = "Sorry, you are not allowed to do that."

// pluginRoutes are the site's plugin routes.
type pluginRoutes struct{ m *Mock }

// routes groups the registered endpoints by route, in the order each route was first
// registered: a second register_rest_route of one route adds an endpoint to it.
func (res *pluginRoutes) routes() []*rest.Route {
	var out []*rest.Route
	byPattern := map[string]*rest.Route{}
	for _, decl := range res.m.reg.Routes {
		rt := byPattern[decl.Pattern]
		if rt == nil {
			rt = &rest.Route{Namespace: decl.Namespace, Pattern: decl.Pattern, Hidden: decl.Hidden}
			byPattern[decl.Pattern] = rt
			out = append(out, rt)
		}
		rt.Endpoints = append(rt.Endpoints, &rest.Endpoint{
			Methods:    decl.Methods,
			Args:       routeArgs(decl),
			Permission: routePermission(decl),
			Handler:    func(r *rest.Request) (*rest.Response, *rest.Error) { return routeAnswer(r, decl), nil },
		})
	}
	return out
}

// routeArgs are a route's arguments as the engine validates them: each one's schema
// as given, printed in the index and OPTIONS as given.
func routeArgs(decl *wp.RestRoute) []*rest.Schema {
	out := make([]*rest.Schema, 0, len(decl.Args))
	for _, m := range decl.Args {
		o, _ := m.Value.(rest.Object) // an argument given as [] has no keys
		a := rest.SchemaFromJSON(m.Key, o)
		a.AsRegistered = true
		out = append(out, a)
	}
	return out
}

// routePermission is the route's permission callback: __return_true for public
// routes, else current_user_can of its capability, refused as WordPress refuses a
// callback that returns false.
func routePermission(decl *wp.RestRoute) rest.Permission {
	if decl.Permission == wp.PermissionPublic {
		return nil
	}
	return func(r *rest.Request) *rest.Error {
		if can(r, decl.Permission) {
			return nil
		}
		return r.Forbidden(rest.CodeForbidden, msgForbidden)
	}
}

// routeAnswer is what the callback returns: the declared value, where an object
// gets an "echo" member holding the echoed arguments' values as get_param returns
// them (sanitised, defaults included; null for one not given).
func routeAnswer(r *rest.Request, decl *wp.RestRoute) *rest.Response {
	if len(decl.Echo) == 0 {
		return rest.OK(decl.Returns)
	}
	echo := make(rest.Object, 0, len(decl.Echo))
	for _, name := range decl.Echo {
		v := r.Param(name)
		if v == nil && r.Arg(name) == nil { // a path parameter no argument declares
			v, _ = r.Raw(name)
		}
		echo = append(echo, rest.Member{Key: name, Value: v})
	}
	out, _ := decl.Returns.(rest.Object)
	return rest.OK(slices.Clone(out).Set("echo", echo)) // a copy: the declaration is shared
}
