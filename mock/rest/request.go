package rest

import (
	"bytes"
	"encoding/json"
	"mime"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"

	"github.com/wpmock/wpmock/jsonshape"
)

// Params is one source of request parameters (query, form body, JSON body, URL), with
// its keys in the order they arrived, as PHP arrays keep them.
type Params struct {
	Keys   []string
	Values map[string]any
}

func newParams() *Params { return &Params{Values: map[string]any{}} }

// Get returns the parameter and whether it is there.
func (p *Params) Get(name string) (any, bool) {
	if p == nil {
		return nil, false
	}
	v, ok := p.Values[name]
	return v, ok
}

func (p *Params) set(name string, v any) {
	if _, ok := p.Values[name]; !ok {
		p.Keys = append(p.Keys, name)
	}
	p.Values[name] = v
}

// ParseQuery parses a query string as PHP fills $_GET: "a[]=1&a[]=2" is a list,
// "a[k]=v" a keyed array, a repeated plain key keeps the last value.
func ParseQuery(raw string) *Params {
	p := newParams()
	for raw != "" {
		var pair string
		pair, raw, _ = strings.Cut(raw, "&")
		if pair == "" {
			continue
		}
		k, v, _ := strings.Cut(pair, "=")
		key, err := url.QueryUnescape(k)
		if err != nil {
			continue
		}
		val, err := url.QueryUnescape(v)
		if err != nil {
			continue
		}
		p.add(key, val)
	}
	return p
}

// add stores key=val, interpreting PHP's bracket syntax one level deep for lists and
// two levels for keyed arrays (categories[terms][]=1).
func (p *Params) add(key, val string) {
	name, rest, hasBracket := strings.Cut(key, "[")
	if !hasBracket || name == "" {
		p.set(key, val)
		return
	}
	path := []string{}
	for rest != "" {
		seg, after, ok := strings.Cut(rest, "]")
		if !ok {
			break
		}
		path = append(path, seg)
		rest = strings.TrimPrefix(after, "[")
	}
	cur, _ := p.Get(name)
	p.set(name, insertPath(cur, path, val))
}

func insertPath(cur any, path []string, val string) any {
	if len(path) == 0 {
		return val
	}
	seg := path[0]
	if seg == "" { // append to a list
		list, _ := cur.([]any)
		if m, ok := cur.(map[string]any); ok { // mixing styles: keep PHP's keyed array
			m[strconv.Itoa(len(m))] = insertPath(nil, path[1:], val)
			return m
		}
		return append(list, insertPath(nil, path[1:], val))
	}
	m, ok := cur.(map[string]any)
	if !ok {
		m = map[string]any{}
		if list, isList := cur.([]any); isList {
			for i, x := range list {
				m[strconv.Itoa(i)] = x
			}
		}
	}
	m[seg] = insertPath(m[seg], path[1:], val)
	return m
}

// Request is one REST request as the handlers see it.
type Request struct {
	Method string // after _method / X-HTTP-Method-Override
	Path   string // the route, e.g. /wp/v2/posts/5
	HTTP   *http.Request
	// Site is the site URL ("http://127.0.0.1:8080"); links and Location use it.
	Site string
	// Caller is whoever the request acts as (set by the Authenticator); nil = anonymous.
	Caller any
	// Tx is the data transaction the request runs in (set by Server.Wrap).
	Tx any

	Query   *Params
	Body    *Params // form or multipart fields
	JSON    *Params // JSON body (object)
	URL     *Params // placeholders of the matched route
	RawBody []byte
	// Files are the file parts of a multipart/form-data POST (PHP's $_FILES), by
	// field name; nil when there are none.
	Files map[string]*File
	// Unparsed marks a multipart/form-data body PHP did not parse (no boundary), which
	// php://input therefore still holds.
	Unparsed bool

	route    *Route
	endpoint *Endpoint
	server   *Server
	params   map[string]any // validated, sanitised values (with defaults)
	jsonErr  *Error
	fields   []string // _fields, nil when absent
	embedded bool     // an internal request made by _embed
}

// ContentType is the request's media type, lower case, without parameters.
func (r *Request) ContentType() string {
	if r.HTTP == nil {
		return ""
	}
	mt, _, _ := mime.ParseMediaType(r.HTTP.Header.Get("Content-Type"))
	return strings.ToLower(mt)
}

func isJSONType(ct string) bool {
	return ct == "application/json" || strings.HasSuffix(ct, "+json")
}

// parseBody fills JSON and Body from the raw body, as WP_REST_Request does:
// JSON for a JSON content type; form fields for POST (PHP's $_POST) and, for other
// methods, when the content type is absent or form-encoded.
func (r *Request) parseBody() {
	ct := r.ContentType()
	if isJSONType(ct) {
		// parse_json_params skips an empty() body: "" and "0"
		if len(r.RawBody) == 0 || string(r.RawBody) == "0" {
			return
		}
		code := phpJSONError(r.RawBody)
		var v any
		if code == 0 {
			dec := json.NewDecoder(bytes.NewReader(r.RawBody))
			dec.UseNumber()
			if err := dec.Decode(&v); err != nil {
				code = jsonErrorSyntax // not expected: PHP's grammar is the stricter one
			}
		}
		if code != 0 {
			r.jsonErr = Errorf(http.StatusBadRequest, CodeInvalidJSON, "Invalid JSON body passed.").
				With("json_error_code", code).With("json_error_message", jsonErrorMessages[code])
			return
		}
		trimmed := bytes.TrimSpace(r.RawBody)
		r.JSON = newParams()
		if m, ok := v.(map[string]any); ok {
			for _, k := range jsonshape.Keys(trimmed) {
				if x, ok := m[k]; ok {
					r.JSON.set(k, x)
				}
			}
		}
		return
	}
	if len(r.RawBody) == 0 {
		return
	}
	if ct == "multipart/form-data" {
		r.parseMultipart()
		return
	}
	if ct == "application/x-www-form-urlencoded" || (ct == "" && r.Method != http.MethodPost) {
		r.Body = ParseQuery(string(r.RawBody))
	}
}

// sources lists the parameter sources in WordPress's priority order
// (get_parameter_order): JSON, body (only for methods that carry one), query, URL.
func (r *Request) sources() []*Params {
	out := make([]*Params, 0, 4)
	if r.JSON != nil {
		out = append(out, r.JSON)
	}
	switch r.Method {
	case http.MethodPost, http.MethodPut, http.MethodPatch, http.MethodDelete:
		if r.Body != nil {
			out = append(out, r.Body)
		}
	}
	return append(out, r.Query, r.URL)
}

// Raw returns a parameter as sent, from the highest-priority source that has it.
func (r *Request) Raw(name string) (any, bool) {
	for _, src := range r.sources() {
		if v, ok := src.Get(name); ok {
			return v, true
		}
	}
	return nil, false
}

// Param returns the validated value of a declared argument (or its default), or nil.
func (r *Request) Param(name string) any {
	if v, ok := r.params[name]; ok {
		return v
	}
	return nil
}

// Has reports whether the argument has a value (sent, or a default).
func (r *Request) Has(name string) bool { return r.Param(name) != nil }

// Sent reports whether the client sent the parameter at all.
func (r *Request) Sent(name string) bool { _, ok := r.Raw(name); return ok }

// Int returns an integer argument, 0 if absent.
func (r *Request) Int(name string) int { i, _ := r.Param(name).(int); return i }

// Bool returns a boolean argument, false if absent.
func (r *Request) Bool(name string) bool { b, _ := r.Param(name).(bool); return b }

// String returns a string argument, "" if absent.
func (r *Request) String(name string) string { s, _ := r.Param(name).(string); return s }

// Ints returns an array-of-integers argument.
func (r *Request) Ints(name string) []int {
	list, _ := r.Param(name).([]any)
	out := make([]int, 0, len(list))
	for _, x := range list {
		if i, ok := x.(int); ok {
			out = append(out, i)
		}
	}
	return out
}

// Strings returns an array-of-strings argument.
func (r *Request) Strings(name string) []string {
	list, _ := r.Param(name).([]any)
	out := make([]string, 0, len(list))
	for _, x := range list {
		if s, ok := x.(string); ok {
			out = append(out, s)
		}
	}
	return out
}

// SetParam overrides a validated value (handlers that normalise an argument).
func (r *Request) SetParam(name string, v any) { r.params[name] = v }

// Context is the request's context argument ("view" when the route has none).
func (r *Request) Context() string {
	if c, ok := r.Param("context").(string); ok && c != "" {
		return c
	}
	return View
}

// Server is the server the request is being answered by.
func (r *Request) Server() *Server { return r.server }

// validate runs WordPress's has_valid_params and sanitize_params over the endpoint's
// arguments and leaves the sanitised values in r.params.
func (r *Request) validate() *Error {
	err := r.checkArgs()
	if err != nil {
		// WordPress's permission callbacks (for the Allow header) still see the values
		// that are valid; keep those and the defaults
		r.params = make(map[string]any, len(r.endpoint.Args))
		for _, a := range r.endpoint.Args {
			if v, ok := r.Raw(a.Name); ok {
				if out, bad := a.check(r, v, a.Name); bad == nil {
					r.params[a.Name] = out
				}
			}
		}
		r.applyDefaults()
	}
	return err
}

// checkArgs is has_valid_params then sanitize_params.
func (r *Request) checkArgs() *Error {
	if r.jsonErr != nil {
		return r.jsonErr
	}
	if err := r.checkRequired(); err != nil {
		return err
	}
	inv := &invalid{}
	r.validateEarly(inv)
	if err := inv.err(); err != nil {
		return err
	}
	r.sanitizeSources(inv)
	r.checkRegisteredDefaults(inv)
	if err := inv.err(); err != nil {
		return err
	}
	r.applyDefaults()
	return nil
}

// checkRequired is has_valid_params' first step: the required arguments missing, in
// declaration order, in one rest_missing_callback_param.
func (r *Request) checkRequired() *Error {
	var missing []any
	for _, a := range r.endpoint.Args {
		v, ok := r.Raw(a.Name)
		if a.Required && (!ok || v == nil) {
			missing = append(missing, a.Name)
		}
	}
	if len(missing) == 0 {
		return nil
	}
	names := make([]string, len(missing))
	for i, m := range missing {
		names[i] = m.(string)
	}
	return Errorf(http.StatusBadRequest, CodeMissingParam, "Missing parameter(s): %s", strings.Join(names, ", ")).
		With("params", missing)
}

// validateEarly is has_valid_params' second step: the arguments with a
// validate_callback, in declaration order.
func (r *Request) validateEarly(inv *invalid) {
	for _, a := range r.endpoint.Args {
		if !a.Early {
			continue
		}
		if v, ok := r.Raw(a.Name); ok && v != nil {
			check := a.check
			if a.SchemaFirst {
				check = func(_ *Request, v any, param string) (any, *Error) { return a.Validate(v, param) }
			}
			if _, err := check(r, v, a.Name); err != nil {
				inv.add(a.Name, err)
			}
		}
	}
}

// sanitizeSources is sanitize_params: every source, in priority order, every key in
// arrival order; the first source to hold a key gives its value.
func (r *Request) sanitizeSources(inv *invalid) {
	r.params = make(map[string]any, len(r.endpoint.Args))
	for _, src := range r.sources() {
		if src == nil {
			continue
		}
		for _, k := range src.Keys {
			a := r.endpoint.arg(k)
			if a == nil {
				continue
			}
			_, done := r.params[k]
			if a.Early && a.Sanitize == nil && a.OneOf == nil && (done || src.Values[k] == nil) {
				// rest_sanitize_request_arg only sanitises, and cannot fail: null becomes
				// the type's zero, and a value a higher source hides (a query
				// ?status=bogus under a JSON "status") is never validated, as
				// has_valid_params validated the value get_param returns
				if !done {
					r.params[k] = a.zero()
				}
				continue
			}
			out, err := a.check(r, src.Values[k], k)
			if err != nil {
				inv.add(k, err)
				continue
			}
			if _, done := r.params[k]; !done {
				r.params[k] = out
			}
		}
	}
}

// checkRegisteredDefaults: the defaults are the last source sanitize_params walks,
// whatever a higher source sent: a plugin's argument (rest_parse_request_arg, which
// validates) with a default its own schema refuses fails every request.
func (r *Request) checkRegisteredDefaults(inv *invalid) {
	for _, a := range r.endpoint.Args {
		if !a.AsRegistered || !a.HasDefault || a.Default == nil {
			continue
		}
		if _, err := a.check(r, a.Default, a.Name); err != nil {
			inv.add(a.Name, err)
		}
	}
}

// applyDefaults fills the arguments nobody sent: defaults are the last source, and are
// sanitised like the others.
func (r *Request) applyDefaults() {
	for _, a := range r.endpoint.Args {
		if _, ok := r.params[a.Name]; ok || !a.HasDefault || a.Default == nil {
			continue
		}
		if out, err := a.check(r, a.Default, a.Name); err == nil {
			r.params[a.Name] = out
		} else {
			r.params[a.Name] = a.Default
		}
	}
}

// zero is what rest_sanitize_value_from_schema makes of null: nil where the type allows
// null, else strval/intval/floatval/boolval of null, or an empty array.
func (a *Schema) zero() any {
	if slices.Contains(a.Types, "null") {
		return nil
	}
	switch a.Type() {
	case "string":
		return ""
	case "integer":
		return 0
	case "number":
		return 0.0
	case "boolean":
		return false
	case "array":
		return []any{}
	case "object":
		return map[string]any{}
	}
	return nil
}

// Arg returns the declaration of one of the endpoint's arguments.
func (r *Request) Arg(name string) *Schema {
	if r.endpoint == nil {
		return nil
	}
	return r.endpoint.arg(name)
}

// check validates and sanitises one argument value: the argument's own sanitiser if it
// has one (WordPress's sanitize_callback), otherwise the schema.
func (a *Schema) check(r *Request, v any, param string) (any, *Error) {
	if a.Sanitize != nil {
		return a.Sanitize(r, v, param)
	}
	if len(a.Types) == 0 && a.OneOf == nil {
		return v, nil
	}
	return a.Validate(v, param)
}

// invalid collects rest_invalid_param entries.
type invalid struct {
	names   []string
	params  Object
	details Object
}

func (inv *invalid) add(name string, err *Error) {
	for _, n := range inv.names {
		if n == name {
			return
		}
	}
	inv.names = append(inv.names, name)
	inv.params = append(inv.params, Member{name, err.Message})
	if err.Code == "" { // a validate_callback that returned plain false: no details entry
		return
	}
	var data any
	if err.Status != 0 || len(err.Data) > 0 {
		d := Object{}
		if err.Status != 0 {
			d = append(d, Member{"status", err.Status})
		}
		data = append(d, err.Data...)
	}
	inv.details = append(inv.details, Member{name, Object{{"code", err.Code}, {"message", err.Message}, {"data", data}}})
}

func (inv *invalid) err() *Error {
	if len(inv.names) == 0 {
		return nil
	}
	var details any = inv.details
	if len(inv.details) == 0 {
		details = EmptyArray // an empty PHP array prints as []
	}
	return Errorf(http.StatusBadRequest, CodeInvalidParam, "Invalid parameter(s): %s", strings.Join(inv.names, ", ")).
		With("params", inv.params).With("details", details)
}

// Refused is what a validate_callback returning plain false amounts to:
// "Invalid parameter." with no details entry.
func Refused() *Error { return &Error{Message: "Invalid parameter."} }

// InvalidParam builds the rest_invalid_param error a handler or sanitiser reports for one
// argument (WordPress wraps the inner error the same way).
func InvalidParam(name string, inner *Error) *Error {
	inv := invalid{}
	inv.add(name, inner)
	return inv.err()
}
