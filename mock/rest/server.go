package rest

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"log"
	"net"
	"net/http"
	"os"
	"regexp"
	"runtime/debug"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"
)

// Headers WordPress sends on every REST response (WP_REST_Server::serve_request).
const (
	headerExpose     = "X-WP-Total, X-WP-TotalPages, Link"
	headerAllowHdrs  = "Authorization, X-WP-Nonce, Content-Disposition, Content-MD5, Content-Type"
	headerCORSMethod = "OPTIONS, GET, POST, PUT, PATCH, DELETE"
)

// Authenticator identifies the caller of a request before dispatch (WordPress's
// rest_authentication_errors), inside the request's transaction (Wrap sets r.Tx). It
// returns the caller (nil for anonymous) or an error that wins over everything else.
type Authenticator func(r *Request) (caller any, err *Error)

// Server is the REST server: a route table plus WordPress's request pipeline.
type Server struct {
	// SiteURL fixes the site URL used in links; empty derives it from the request's Host.
	SiteURL string
	// BasePath is the path the site is served under, after SiteURL or the Host: a
	// named site's /sites/<name> (mock/control/sites.go), whose links and access log carry it.
	// The requests the server gets have it removed already (http.StripPrefix).
	BasePath string
	// Auth identifies callers; nil treats everyone as anonymous.
	Auth Authenticator
	// LoggedIn reports whether a caller counts as logged in (for 401 vs 403 and no-cache
	// headers); nil means any non-nil caller.
	LoggedIn func(caller any) bool
	// Fallback serves paths outside the REST API (uploaded files); nil answers 404.
	Fallback http.Handler
	// MaxBody bounds request bodies in bytes.
	MaxBody int64
	// Index supplies the site fields of GET /wp-json/.
	Index func(r *Request) Object
	// Log receives one line per request and every internal failure; nil is silent.
	Log *log.Logger
	// Requests, when set, keeps each request as the access log writes it, for the
	// dashboard's live log (requestlog.go), whether or not Log is set.
	Requests *RequestLog
	// CallerName names a caller in the request log (the user's login); nil, or an
	// empty name, logs "-" as for anonymous requests.
	CallerName func(caller any) string
	// Wrap runs each top-level dispatch (not the internal ones of _embed, which run
	// inside their parent's), authentication included; the mock uses it to hold its
	// store lock once per request and hand the transaction to handlers through
	// Request.Tx. dispatch reports whether the request succeeded (its answer is no
	// error), which tells the mock that a write went through; it may be run again
	// in another transaction when the first must not go on (its answer replaced).
	Wrap func(r *Request, dispatch func() (ok bool))
	// Version is the WordPress version the server answers as (0: 6.1): routes,
	// arguments and the behaviour of the engine follow it.
	Version Version
	// Generation is the content's generation, which every change advances: the key
	// under which items' encoded JSON is cached (fragments.go). nil caches nothing.
	Generation func() uint64
	// Replay gives a GET, once its caller is known, an answer recorded earlier (a
	// cloned site's, mock/replay.go), sent as it was; nil, or a nil answer,
	// dispatches the request as usual.
	Replay func(r *Request) *Replayed
	// ServerHeader are fields added to every REST answer, as a web server in front of
	// WordPress adds its own (a cloned site's X-Powered-By).
	ServerHeader http.Header
	// Calls, when set, records the distinct calls clients make and the shapes of
	// their answers (calls.go; wpmock -record).
	Calls *Calls

	routes     []*Route
	namespaces []string
	fragments  fragments
}

// noCacheControl is the Cache-Control of wp_get_nocache_headers, sent to logged-in
// callers; 6.3 adds no-store and private.
var noCacheControl = Changed[string]{Base: "no-cache, must-revalidate, max-age=0",
	Steps: []Step[string]{{V63, "no-cache, must-revalidate, max-age=0, no-store, private"}}}

// Register adds routes. Routes are matched in registration order, as WordPress does.
// The site index (/) comes first, and each namespace's index (/wp/v2) just before the
// namespace's first route, where WordPress lists them.
func (s *Server) Register(routes ...*Route) {
	if len(s.routes) == 0 {
		s.add(s.indexRoute())
	}
	for _, rt := range routes {
		if !rt.Span.In(s.Version) {
			continue
		}
		rt.forVersion(s.Version)
		if rt.Namespace != "" && !slices.Contains(s.namespaces, rt.Namespace) {
			s.namespaces = append(s.namespaces, rt.Namespace)
			s.add(s.namespaceRoute(rt.Namespace))
		}
		s.add(rt)
	}
}

func (s *Server) add(rt *Route) {
	rt.compile()
	s.routes = append(s.routes, rt)
}

// Routes returns the registered routes.
func (s *Server) Routes() []*Route { return s.routes }

// Namespaces returns the registered namespaces in registration order.
func (s *Server) Namespaces() []string { return s.namespaces }

// restPrefix is rest_get_url_prefix(): the pretty REST URLs live under /wp-json/.
const restPrefix = "wp-json"

// RESTRoute extracts the REST route of an HTTP request as WordPress 6.1 finds it.
//   - The rest_route query variable, on any path WordPress's index.php answers (not
//     the files under /wp-content/): WP::parse_request ranks $_GET above the
//     rewrite rule, so it also wins on a /wp-json/ URL.
//   - Else the path after /wp-json: parse_request trims the request path of its
//     slashes at both ends and matches ^wp-json/?$ (the index) and ^wp-json/(.*)?,
//     whose group becomes "/" + the rest, kept as it is ("//posts", "./posts").
//
// rest_api_loaded then removes trailing slashes and backslashes (untrailingslashit);
// an empty route is "/". ok is false for requests that are not REST requests.
func RESTRoute(hr *http.Request) (route string, ok bool) {
	p := hr.URL.Path
	if strings.HasPrefix(p, "/wp-content/") {
		return "", false
	}
	if q, found := lastQueryValue(hr.URL.RawQuery, "rest_route"); found {
		route = q
	} else {
		trimmed := strings.Trim(p, "/")
		switch {
		case trimmed == restPrefix:
			route = "/"
		case strings.HasPrefix(trimmed, restPrefix+"/"):
			route = trimmed[len(restPrefix):]
		default:
			return "", false
		}
	}
	route = strings.TrimRight(route, `/\`) // untrailingslashit
	if route == "" {
		route = "/"
	}
	return route, true
}

// lastQueryValue is $_GET[name] for a plain (not bracketed) name: PHP keeps the last
// of repeated keys.
func lastQueryValue(raw, name string) (string, bool) {
	if !strings.Contains(raw, "rest") { // most requests: no need to parse the query twice
		return "", false
	}
	v, ok := ParseQuery(raw).Get(name)
	s, isStr := v.(string)
	return s, ok && isStr
}

// SiteURLOf is the site URL of a request, as links show it: SiteURL, else the scheme
// and Host the request came with, and the base path after either (BasePath, or the
// request's own from WithBasePath).
func (s *Server) SiteURLOf(hr *http.Request) string {
	base := s.BasePath
	if b, ok := hr.Context().Value(basePathKey{}).(string); ok {
		base = b
	}
	if s.SiteURL != "" {
		return s.SiteURL + base
	}
	scheme := "http"
	if hr.TLS != nil {
		scheme = "https"
	}
	return scheme + "://" + hr.Host + base
}

// basePathKey carries a request's own base path (WithBasePath).
type basePathKey struct{}

// WithBasePath is hr answered as if the server were served under base rather than
// BasePath: its links and Location start with base. The request log still names the
// server's BasePath, the site that answered. wpmock answers a named site's request to
// the plain URL this way when the request names its site in a header or a cookie.
func WithBasePath(hr *http.Request, base string) *http.Request {
	return hr.WithContext(context.WithValue(hr.Context(), basePathKey{}, base))
}

// statusWriter records what the access log says of a request: the status, and once
// the REST server has answered, the request (for its caller) and the error answered.
// Keeping pointers costs nothing per request; the line is only built when logging.
type statusWriter struct {
	http.ResponseWriter
	status int
	req    *Request
	err    *Error
}

func (w *statusWriter) WriteHeader(code int) {
	w.status = code
	w.ResponseWriter.WriteHeader(code)
}

// Unwrap is the ResponseWriter underneath, for http.ResponseController (a stream's
// flushes and write deadline).
func (w *statusWriter) Unwrap() http.ResponseWriter { return w.ResponseWriter }

// ServeHTTP answers one HTTP request.
func (s *Server) ServeHTTP(w http.ResponseWriter, hr *http.Request) { s.serveHTTP(w, hr, true) }

// ServeInternal answers a request the site makes of itself (the OpenAPI document's
// examples, read at start-up): no client made it, so neither the access log nor the
// request log shows it. Internal failures are still logged.
func (s *Server) ServeInternal(w http.ResponseWriter, hr *http.Request) { s.serveHTTP(w, hr, false) }

func (s *Server) serveHTTP(w http.ResponseWriter, hr *http.Request, logged bool) {
	start := time.Now()
	sw := &statusWriter{ResponseWriter: w, status: http.StatusOK}
	if logged && (s.Log != nil || s.Requests != nil) {
		defer func() { s.logRequest(hr, sw, start, time.Since(start)) }()
	}
	route, ok := RESTRoute(hr)
	if !ok {
		if s.Fallback != nil {
			s.Fallback.ServeHTTP(sw, hr)
			return
		}
		http.NotFound(sw, hr)
		return
	}
	defer func() {
		if p := recover(); p != nil {
			s.logf("panic serving %s %s: %v\n%s", hr.Method, hr.URL, p, debug.Stack())
			s.write(sw, hr, nil, errorResponse(Internal()), true)
		}
	}()
	s.serve(sw, hr, route)
}

// logRequest writes the access log line: method, URI, status, the WordPress error
// code of an error answer, the caller's login ("-" for anonymous) and the time taken:
//
//	GET /wp-json/wp/v2/posts/9 404 rest_post_invalid_id user=- 120µs
//	POST /wp-json/wp/v2/posts 201 user=admin 2.3ms
//
// The same goes to Requests, as a LoggedRequest.
func (s *Server) logRequest(hr *http.Request, sw *statusWriter, start time.Time, took time.Duration) {
	code, user := "", "-"
	if sw.err != nil {
		code = sw.err.Code
	}
	if sw.req != nil && sw.req.Caller != nil && s.CallerName != nil {
		if name := s.CallerName(sw.req.Caller); name != "" {
			user = name
		}
	}
	uri := s.BasePath + hr.URL.RequestURI()
	if s.Log != nil {
		sep := ""
		if code != "" {
			sep = " "
		}
		s.Log.Printf("%s %s %d%s%s user=%s %s", hr.Method, uri, sw.status, sep, code, user, took.Round(time.Microsecond))
	}
	if s.Requests != nil {
		s.Requests.add(LoggedRequest{Time: start, Method: hr.Method, URI: uri, Site: s.BasePath,
			Status: sw.status, Code: code, User: user, Took: took})
	}
}

func (s *Server) logf(format string, args ...any) {
	if s.Log != nil {
		s.Log.Printf(format, args...)
	}
}

// jsonpCallback is wp_check_jsonp_callback: word characters and dots only; an empty
// callback passes (and then wraps nothing).
var jsonpCallback = regexp.MustCompile(`^[\w.]*$`)

func (s *Server) serve(w http.ResponseWriter, hr *http.Request, route string) {
	req := &Request{Method: hr.Method, Path: route, HTTP: hr, Site: s.SiteURLOf(hr), server: s}
	req.Query = ParseQuery(hr.URL.RawQuery)
	if cb, ok := req.Query.Get("_jsonp"); ok {
		if str, isStr := cb.(string); !isStr || !jsonpCallback.MatchString(str) {
			e := Errorf(http.StatusBadRequest, CodeCallbackInvalid, "Invalid JSONP callback function.")
			body := Object{{"code", e.Code}, {"message", e.Message}} // serve_request's own body: no data
			s.write(w, hr, req, &Response{Status: e.Status, Data: body, err: e}, true)
			return
		}
	}
	if m, ok := req.Query.Get("_method"); ok {
		// set_method(strtoupper($_GET['_method'])): an empty one is the method "",
		// which no route answers
		str, _ := m.(string)
		req.Method = strings.ToUpper(str)
	} else if m := hr.Header.Get("X-HTTP-Method-Override"); m != "" {
		req.Method = strings.ToUpper(m)
	}
	if hr.Body != nil && hr.Body != http.NoBody {
		body, err := s.readBody(hr)
		if err != nil {
			s.write(w, hr, req, errorResponse(err), true)
			return
		}
		req.RawBody = body
	}
	req.parseBody()
	var resp *Response
	var replayed *Replayed
	// run authenticates and dispatches in one go, inside Wrap's transaction; a Wrap
	// may run it again (in another transaction) before the answer is written
	run := func() bool {
		if s.Auth != nil {
			caller, err := s.Auth(req)
			if err != nil {
				resp = errorResponse(err)
				return false
			}
			req.Caller = caller
		}
		if s.Replay != nil && req.Method == http.MethodGet && (hr.Method == http.MethodGet || hr.Method == http.MethodHead) {
			if replayed = s.Replay(req); replayed != nil {
				return true
			}
		}
		resp = s.dispatch(req)
		s.finish(req, resp)
		return resp.err == nil
	}
	if s.Wrap != nil {
		s.Wrap(req, run)
	} else {
		run()
	}
	if replayed != nil {
		replayed.write(w, hr, req)
		return
	}
	s.write(w, hr, req, resp, false)
}

// readBody reads the request body within Server.MaxBody: a body declared larger is
// refused before a byte of it is read. A body the connection's read deadline cuts
// (cmd/wpmock's -body-timeout) is 408.
func (s *Server) readBody(hr *http.Request) ([]byte, *Error) {
	limit := s.MaxBody
	if limit <= 0 {
		limit = 64 << 20
	}
	tooLarge := func() *Error {
		return Errorf(http.StatusRequestEntityTooLarge, CodeBodyTooLarge,
			"The request body is larger than the %d bytes this server accepts.", limit)
	}
	if hr.ContentLength > limit {
		return nil, tooLarge()
	}
	var body []byte
	var err error
	if n := hr.ContentLength; n > 0 {
		// the declared size at once: io.ReadAll's doubling would hold up to twice
		// a large upload (net/http stops the body at Content-Length)
		body = make([]byte, n)
		var got int
		got, err = io.ReadFull(hr.Body, body)
		if err == io.EOF {
			err = nil // as io.ReadAll: no byte at all is an empty body
		}
		body = body[:got]
	} else {
		body, err = io.ReadAll(io.LimitReader(hr.Body, limit+1))
	}
	var netErr net.Error
	switch {
	case errors.Is(err, os.ErrDeadlineExceeded) || errors.As(err, &netErr) && netErr.Timeout():
		return nil, Errorf(http.StatusRequestTimeout, CodeBodyTimeout, "The request body did not arrive in time.")
	case err != nil:
		return nil, Errorf(http.StatusBadRequest, CodeInvalidBody, "The request body could not be read.")
	case int64(len(body)) > limit:
		return nil, tooLarge()
	}
	return body, nil
}

func errorResponse(e *Error) *Response {
	return &Response{Status: e.HTTPStatus(), Data: e.Body(), err: e}
}

// LoggedInCaller reports whether the request's caller is logged in.
func (r *Request) LoggedInCaller() bool {
	if r.server != nil && r.server.LoggedIn != nil {
		return r.server.LoggedIn(r.Caller)
	}
	return r.Caller != nil
}

// AuthStatus is rest_authorization_required_code: 401 for anonymous callers, 403 for
// logged-in ones.
func (r *Request) AuthStatus() int {
	if r.LoggedInCaller() {
		return http.StatusForbidden
	}
	return http.StatusUnauthorized
}

// Forbidden builds a permission error with the right 401/403 status.
func (r *Request) Forbidden(code, message string) *Error {
	return &Error{Code: code, Message: message, Status: r.AuthStatus()}
}

// dispatch is WP_REST_Server::dispatch: OPTIONS, route match, validation, permission,
// handler, then the Allow header.
func (s *Server) dispatch(req *Request) *Response {
	parts, ok := routeParts(req.Path)
	if !ok { // a route without its leading "/" matches no '@^/...$@i'
		if req.Method == http.MethodOptions {
			return &Response{Status: http.StatusOK, Data: EmptyArray}
		}
		return errorResponse(NoRoute())
	}
	if req.Method == http.MethodOptions {
		return s.options(req, parts)
	}
	req.route, req.endpoint, req.URL = s.match(parts, req.Method)
	if req.endpoint == nil {
		return errorResponse(NoRoute())
	}
	resp := s.respond(req)
	s.allowHeader(req, resp)
	return resp
}

func (s *Server) respond(req *Request) (resp *Response) {
	if err := req.validate(); err != nil {
		return errorResponse(err)
	}
	if p := req.endpoint.Permission; p != nil {
		if err := p(req); err != nil {
			return errorResponse(err)
		}
	}
	resp, err := req.endpoint.Handler(req)
	if err != nil {
		return errorResponse(err)
	}
	if resp == nil {
		s.logf("handler for %s %s returned no response", req.Method, req.Path)
		return errorResponse(Internal())
	}
	return resp
}

// allowHeader is rest_send_allow_header: the methods whose permission callback allows
// the current caller.
func (s *Server) allowHeader(req *Request, resp *Response) {
	if req.route == nil {
		return
	}
	saved := req.params
	var allowed []string
	for _, e := range req.route.Endpoints {
		ok := true
		if e.Permission != nil {
			ok = e.Permission(req) == nil
		}
		for _, m := range e.Methods {
			if ok && !slices.Contains(allowed, m) {
				allowed = append(allowed, m)
			}
		}
	}
	req.params = saved
	if len(allowed) > 0 {
		resp.SetHeader("Allow", strings.Join(allowed, ", "))
	}
}

// options is rest_handle_options_request: the first route matching the path, whatever
// the method, described in "help" context; [] when none matches.
func (s *Server) options(req *Request, parts []string) *Response {
	for _, rt := range s.routes {
		url, ok := rt.match(parts)
		if !ok {
			continue
		}
		req.route, req.URL = rt, url
		req.params = optionsParams(req, rt, url)
		resp := &Response{Status: http.StatusOK, Data: nil} // get_data_for_route's null
		if !rt.Hidden {
			resp.Data = s.routeData(req, rt, true)
		}
		s.allowHeader(req, resp)
		return resp
	}
	return &Response{Status: http.StatusOK, Data: EmptyArray}
}

// optionsParams are the parameters the Allow header's permission callbacks see on an
// OPTIONS request: rest_handle_options_request sets the route's URL placeholders
// (unsanitised; PHP's loose typing lets "1" pass as an id), so a placeholder an
// endpoint declares is sanitised here to reach r.Int / r.String with its usual type.
func optionsParams(req *Request, rt *Route, url *Params) map[string]any {
	params := map[string]any{}
	for _, k := range url.Keys {
		v := url.Values[k]
		params[k] = v
		for _, e := range rt.Endpoints {
			if a := e.arg(k); a != nil {
				if out, err := a.check(req, v, k); err == nil {
					params[k] = out
				}
				break
			}
		}
	}
	return params
}

// routeData is get_data_for_route: namespace, methods, endpoints with their args, the
// schema (in help context) and a self link for routes without placeholders.
func (s *Server) routeData(req *Request, rt *Route, help bool) Object {
	endpoints := make([]any, 0, len(rt.Endpoints))
	for _, e := range rt.Endpoints {
		ep := Object{{"methods", e.Methods}}
		if e.AllowBatch {
			ep = append(ep, Member{"allow_batch", Object{{"v1", true}}})
		}
		args := make(Object, 0, len(e.Args))
		for _, a := range e.Args {
			args = append(args, Member{a.Name, a.JSON(true)})
		}
		if len(args) == 0 { // an empty PHP array: []
			ep = append(ep, Member{"args", EmptyArray})
		} else {
			ep = append(ep, Member{"args", args})
		}
		endpoints = append(endpoints, ep)
	}
	data := Object{{"namespace", rt.Namespace}, {"methods", rt.Methods()}, {"endpoints", endpoints}}
	if help && rt.Schema != nil {
		schema := rt.Schema()
		if rt.SchemaLinks != nil {
			if links := rt.SchemaLinks(req); len(links) > 0 {
				schema = append(schema[:len(schema):len(schema)], Member{"links", links})
			}
		}
		data = append(data, Member{"schema", schema})
	}
	if !rt.hasPlaceholders() {
		data = append(data, Member{"_links", Object{{"self", []any{Object{{"href", req.RestURL(rt.Pattern)}}}}}})
	}
	return data
}

// RestURL is rest_url(path): the absolute URL of a REST route on this site.
func (r *Request) RestURL(path string) string { return r.Site + "/wp-json" + path }

// finish applies what serve_request does after dispatch: _fields, links compaction,
// _embed.
func (s *Server) finish(req *Request, resp *Response) {
	if resp.err == nil {
		if fields, ok := req.Query.Get("_fields"); ok {
			if list, _ := toList(fields); len(list) > 0 {
				resp.Data = filterFields(resp.Data, list)
			}
		}
	}
	if embed, ok := req.Query.Get("_embed"); ok && resp.err == nil {
		rels := embedRels(embed)
		cache := map[string]any{}
		switch d := resp.Data.(type) {
		case []any:
			for i, item := range d {
				d[i] = s.embedLinks(req, item, rels, cache)
			}
		default:
			resp.Data = s.embedLinks(req, d, rels, cache)
		}
	}
}

// write sends the response with WordPress's standard headers. early marks the answers
// serve_request gives before dispatching (a bad JSONP callback, an unreadable body),
// which are neither enveloped nor wrapped in the callback.
func (s *Server) write(w http.ResponseWriter, hr *http.Request, req *Request, resp *Response, early bool) {
	if sw, ok := w.(*statusWriter); ok {
		sw.req, sw.err = req, resp.err
	}
	h := w.Header()
	// serve_request picks the content type by isset($_GET['_jsonp']), and wraps the
	// body only in a callback that is not empty
	jsonp, hasJSONP := "", false
	if req != nil {
		var cb any
		if cb, hasJSONP = req.Query.Get("_jsonp"); hasJSONP {
			jsonp, _ = cb.(string)
		}
	}
	s.sendHeaders(h, hr, req, hasJSONP)
	for _, m := range resp.Direct {
		h[m.Key] = []string{headerValue(m.Value)}
	}
	status, data := resp.Status, resp.Data
	if _, wantEnvelope := queryHas(req, "_envelope"); wantEnvelope && !early {
		data, status = envelope(resp), http.StatusOK
	} else {
		for _, m := range resp.Headers {
			h[m.Key] = []string{headerValue(m.Value)} // WordPress's spelling: X-WP-Total, not X-Wp-Total
		}
	}
	wrap := jsonp != "" && !early
	_, pretty := queryHas(req, "_pretty")
	if ev, ok := data.(Events); ok && !wrap && !pretty {
		s.writeEvents(w, hr, status, ev)
		return
	}
	if st, ok := data.(Stream); ok && !wrap && !pretty {
		s.writeStream(w, hr, status, st)
		return
	}
	buf := bodyBuffers.Get().(*bytes.Buffer)
	defer putBodyBuffer(buf)
	encodeBody(buf, data, jsonp, wrap, pretty)
	if s.Calls != nil && req != nil && !early {
		s.Calls.note(req, status, buf.Bytes())
	}
	w.WriteHeader(status)
	if hr.Method == http.MethodHead {
		return
	}
	if _, err := w.Write(buf.Bytes()); err != nil && !errors.Is(err, http.ErrHandlerTimeout) {
		s.logf("writing response: %v", err)
	}
}

// sendHeaders sets the headers serve_request sends on every answer: the web server's
// own (a cloned site's), the content type, X-Robots-Tag, the API's Link, nosniff,
// rest_send_cors_headers' CORS fields, and rest_send_nocache_headers' for a
// logged-in caller.
func (s *Server) sendHeaders(h http.Header, hr *http.Request, req *Request, hasJSONP bool) {
	for k, v := range s.ServerHeader {
		h[k] = v[:len(v):len(v)]
	}
	// the fixed headers are shared slices, set without canonicalising their names
	if hasJSONP {
		h["Content-Type"] = fixedHeaders.javascript
	} else {
		h["Content-Type"] = fixedHeaders.json
	}
	h["X-Robots-Tag"] = fixedHeaders.noindex
	h["Link"] = []string{"<" + s.SiteURLOf(hr) + "/wp-json/>; rel=\"https://api.w.org/\""}
	h["X-Content-Type-Options"] = fixedHeaders.nosniff
	h["Access-Control-Expose-Headers"] = fixedHeaders.expose
	h["Access-Control-Allow-Headers"] = fixedHeaders.allowHeaders
	if origin := hr.Header.Get("Origin"); origin != "" {
		h.Set("Access-Control-Allow-Origin", origin)
		h.Set("Access-Control-Allow-Methods", headerCORSMethod)
		h.Set("Access-Control-Allow-Credentials", "true")
		h.Add("Vary", "Origin")
	} else if hr.Method == http.MethodGet && (req == nil || !req.LoggedInCaller()) {
		h.Add("Vary", "Origin")
	}
	if req != nil && req.LoggedInCaller() {
		h.Set("Expires", "Wed, 11 Jan 1984 05:00:00 GMT")
		h.Set("Cache-Control", noCacheControl.At(s.Version))
	}
}

// envelope is rest_envelope_response: the body, the status and the headers as one
// object, answered with 200.
func envelope(resp *Response) any {
	hdrs := any(EmptyArray)
	if len(resp.Headers) > 0 {
		hdrs = resp.Headers
	}
	return Object{{"body", resp.Data}, {"status", resp.Status}, {"headers", hdrs}}
}

// writeStream sends a streamed body (a dataset export) as it is written.
func (s *Server) writeStream(w http.ResponseWriter, hr *http.Request, status int, st Stream) {
	w.WriteHeader(status)
	if hr.Method == http.MethodHead {
		return
	}
	bw := bufio.NewWriterSize(w, 64<<10)
	err := st(bw)
	if err == nil {
		err = bw.Flush()
	}
	if err != nil && !errors.Is(err, http.ErrHandlerTimeout) {
		s.logf("streaming response: %v", err)
	}
}

// encodeBody writes the answer's JSON as serve_request prints it: wp_json_encode,
// indented under _pretty (JSON_PRETTY_PRINT), wrapped in the JSONP callback.
func encodeBody(buf *bytes.Buffer, data any, jsonp string, wrap, pretty bool) {
	if wrap {
		buf.WriteString("/**/" + jsonp + "(")
	}
	if pretty {
		var raw bytes.Buffer
		encode(&raw, data)
		if err := indent(buf, raw.Bytes()); err != nil {
			buf.Write(raw.Bytes())
		}
	} else {
		encode(buf, data)
	}
	if wrap {
		buf.WriteString(")")
	}
}

// fixedHeaders are the values every answer sends, as the slices http.Header holds;
// shared by all answers, so never appended to.
var fixedHeaders = struct{ json, javascript, noindex, nosniff, expose, allowHeaders []string }{
	json:         []string{"application/json; charset=UTF-8"},
	javascript:   []string{"application/javascript; charset=UTF-8"},
	noindex:      []string{"noindex"},
	nosniff:      []string{"nosniff"},
	expose:       []string{headerExpose},
	allowHeaders: []string{headerAllowHdrs},
}

// headerValue prints a header value as PHP would (numbers as digits).
func headerValue(v any) string {
	switch x := v.(type) {
	case string:
		return x
	case int:
		return strconv.Itoa(x)
	}
	return fmt.Sprint(v)
}

// bodyBuffers hold answers while they are encoded: a page of posts is tens of
// kilobytes, which a fresh buffer would grow to by copying on every request.
var bodyBuffers = sync.Pool{New: func() any { return new(bytes.Buffer) }}

// putBodyBuffer returns a buffer to the pool, unless one huge answer made it so large
// that keeping it would hold that memory for good.
func putBodyBuffer(b *bytes.Buffer) {
	if b.Cap() <= 1<<20 {
		b.Reset()
		bodyBuffers.Put(b)
	}
}

func queryHas(req *Request, name string) (any, bool) {
	if req == nil || req.Query == nil {
		return nil, false
	}
	return req.Query.Get(name)
}
