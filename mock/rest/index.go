package rest

import (
	"net/http"
	"slices"
)

// CodeInvalidNamespace: the namespace index was asked for a namespace that does not exist.
const CodeInvalidNamespace = "rest_invalid_namespace"

// indexRoute is the site index, GET / (WP_REST_Server::get_index).
func (s *Server) indexRoute() *Route {
	return &Route{Pattern: "/", Endpoints: []*Endpoint{{
		Methods: Readable,
		// get_index's and get_namespace_index's args have a default and no type
		// (nothing validates them), as register_route gives them
		Args:    []*Schema{New("context").Def(View)},
		Handler: s.index,
	}}}
}

// namespaceRoute is a namespace index, GET /<namespace> (get_namespace_index).
func (s *Server) namespaceRoute(ns string) *Route {
	return &Route{Namespace: ns, Pattern: "/" + ns, Endpoints: []*Endpoint{{
		Methods: Readable,
		Args:    []*Schema{New("namespace").Def(ns), New("context").Def(View)},
		Handler: s.namespaceIndex,
	}}}
}

func (s *Server) index(r *Request) (*Response, *Error) {
	data := Object{}
	if s.Index != nil {
		data = append(data, s.Index(r)...)
	}
	if _, ok := data.Get("namespaces"); !ok {
		data = data.Set("namespaces", s.namespaces)
	}
	data = data.Set("routes", s.routesData(r, ""))
	links := Links{}.Add("help", "https://developer.wordpress.org/rest-api/")
	data = append(data, Member{"_links", links.Compact()})
	return OK(data), nil
}

func (s *Server) namespaceIndex(r *Request) (*Response, *Error) {
	ns := r.String("namespace")
	if !slices.Contains(s.namespaces, ns) {
		return nil, Errorf(http.StatusNotFound, CodeInvalidNamespace, "The specified namespace could not be found.")
	}
	data := Object{
		{"namespace", ns},
		{"routes", s.routesData(r, ns)},
		{"_links", Links{}.Add("up", r.RestURL("/")).Compact()},
	}
	return OK(data), nil
}

// routesData is get_data_for_routes: every route (of one namespace, or all) keyed by
// its pattern; schemas only in help context.
func (s *Server) routesData(r *Request, ns string) Object {
	help := r.String("context") == "help"
	out := Object{}
	for _, rt := range s.routes {
		if ns != "" && rt.Namespace != ns || rt.Hidden {
			continue
		}
		out = append(out, Member{rt.Pattern, s.routeData(r, rt, help)})
	}
	return out
}
