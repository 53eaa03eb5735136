package rest

import (
	"net/http"
	"net/url"
	"slices"
	"strings"
)

// targetHintsSince is the release whose get_response_links gives every "self" link
// targetHints: {"allow": [the methods this caller may use on the link's target]}.
const targetHintsSince = V67

// compactLinks renders an item's links as the server answers them: Links.Compact, and
// from 6.7 the self links' targetHints (WP_REST_Server::get_target_hints_for_link).
func (r *Request) compactLinks(ls Links) Object {
	out := ls.Compact()
	if r.server == nil || !(Span{Since: targetHintsSince}).In(r.server.Version) {
		return out
	}
	self, ok := out.Get("self")
	if !ok {
		return out
	}
	entries, _ := self.([]any)
	for i, e := range entries {
		link, _ := e.(Object)
		href, _ := link.Get("href")
		s, _ := href.(string)
		if allow := r.server.targetHints(r, s); allow != nil {
			entries[i] = append(link, Member{"targetHints", Object{{"allow", allow}}})
		}
	}
	return out
}

// targetHints is get_target_hints_for_link: a GET request for href is matched to its
// route and handler and validated; if that works, the methods whose permission
// callback lets the caller through (what rest_send_allow_header sends), else nil.
func (s *Server) targetHints(parent *Request, href string) []string {
	prefix := parent.Site + "/wp-json"
	if !strings.HasPrefix(href, prefix) {
		return nil
	}
	u, err := url.Parse(href[len(prefix):])
	if err != nil {
		return nil
	}
	parts, ok := routeParts(u.Path)
	if !ok {
		return nil
	}
	req := &Request{Method: http.MethodGet, Path: u.Path, Site: parent.Site, Caller: parent.Caller,
		Tx: parent.Tx, server: s, embedded: true, HTTP: parent.HTTP, Query: ParseQuery(u.RawQuery)}
	req.route, req.endpoint, req.URL = s.match(parts, http.MethodGet)
	if req.endpoint == nil || req.validate() != nil {
		return nil
	}
	resp := &Response{}
	s.allowHeader(req, resp)
	if allow := resp.Header("Allow"); allow != "" {
		return strings.Split(allow, ", ")
	}
	return nil
}

// match is match_request_to_handler: the first route matching the path that has an
// endpoint for method, that endpoint, and the route's placeholders.
func (s *Server) match(parts []string, method string) (*Route, *Endpoint, *Params) {
	for _, rt := range s.routes {
		params, ok := rt.match(parts)
		if !ok {
			continue
		}
		if i := slices.IndexFunc(rt.Endpoints, func(e *Endpoint) bool { return e.answers(method) }); i >= 0 {
			return rt, rt.Endpoints[i], params
		}
	}
	return nil, nil, nil
}
