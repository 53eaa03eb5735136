package graphql

import (
	"bytes"
	"encoding/json"
	"fmt"
	"github.com/wpmock/wpmock/mock/wpfunc"
	"io"
	"mime"
	"net/http"
	"strconv"
	"strings"
	"sync"

	"github.com/vektah/gqlparser/v2/ast"
	"github.com/vektah/gqlparser/v2/gqlerror"
	"github.com/vektah/gqlparser/v2/parser"
	"github.com/vektah/gqlparser/v2/validator"
	"github.com/wpmock/wpmock/mock/wp"
	"github.com/wpmock/wpmock/mock/wpversion"
)

// Server answers /graphql for one site.
type Server struct {
	site *site
	// MaxDepth is WPGraphQL's query depth limit (graphql_query_depth_enabled and
	// query_depth_max): 0 is off, WPGraphQL's default.
	MaxDepth int
	// BatchLimit is how many operations one batch request may hold (batch_limit,
	// 10 by default).
	BatchLimit int

	mu      sync.Mutex
	schemas map[*wp.Registry]*schema
}

// New makes the server of a site.
func New(cfg Config) *Server {
	return &Server{site: &site{cfg}, BatchLimit: defaultBatchLimit, schemas: map[*wp.Registry]*schema{}}
}

// defaultBatchLimit is WPGraphQL's batch_limit setting's default.
const defaultBatchLimit = 10

// Is reports whether a request is for WPGraphQL's endpoint: /graphql, or the site's
// front page with ?graphql (the endpoint without pretty permalinks).
func Is(r *http.Request) bool {
	p := strings.TrimSuffix(r.URL.Path, "/")
	if p == "/graphql" {
		return true
	}
	return (p == "" || p == "/index.php") && r.URL.Query().Has("graphql")
}

// schemaOf is the schema of a site's registry, built once.
func (s *Server) schemaOf(reg *wp.Registry, v wpversion.Version) (*schema, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if sc := s.schemas[reg]; sc != nil {
		return sc, nil
	}
	sc, err := siteSchema(reg, v)
	if err != nil {
		return nil, err
	}
	s.schemas[reg] = sc
	return sc, nil
}

// params are one operation's parameters (graphql-php's OperationParams).
type params struct {
	Query         any            `json:"query"`
	Variables     any            `json:"variables"`
	OperationName *string        `json:"operationName"`
	Extensions    map[string]any `json:"extensions"`
}

// Messages WPGraphQL and graphql-php give a request they cannot read.
const (
	// msgNoQuery: neither query nor queryId was sent.
	msgNoQuery = `GraphQL Request must include at least one of those two parameters: "query" or "queryId"`
	// msgBadJSON: the POST body is not JSON (graphql-php's Helper::parseHttpRequest).
	msgBadJSON = `Expected JSON object or array for "application/json" request, but failed to parse because: Syntax error`
	// msgNotObject: the POST body is JSON, but neither an object nor an array.
	msgNotObject = `Expected JSON object or array for "application/json" request, got: `
	// msgBatchLimit: more operations than the batch limit (WPGraphQL's Request).
	msgBatchLimit = "Batch requests are limited to %d operations. This request contained %d"
	// msgContentType: a POST that is not JSON (WPGraphQL's Request: 415).
	msgContentType = "HTTP POST requests must have Content-Type: application/json header. Received: "
	// msgIntrospection: __schema or __type asked by a visitor while public
	// introspection is off (its default).
	msgIntrospection = "The query contained __schema or __type, however GraphQL introspection is not allowed for public requests by default. Public introspection can be enabled under the WPGraphQL Settings."
	// msgOperationType: no operation, or several without a name to choose one.
	msgOperationType = "Failed to determine operation type"
)

// debugExtension is what WPGraphQL adds to every executed result while GRAPHQL_DEBUG
// is off (its default).
var debugExtension = wpfunc.Member{"extensions", wpfunc.Object{{"debug", []any{wpfunc.Object{{"type", "DEBUG_LOGS_INACTIVE"},
	{"message", "GraphQL Debug logging is not active. To see debug logs, GRAPHQL_DEBUG must be enabled."}}}}}}

// requestFailure is an error WPGraphQL's Router catches as an exception: status 500,
// the error alone, no extensions.
type requestFailure struct {
	status int // 0: 500
	msg    string
	locs   []gqlerror.Location
}

func (e *requestFailure) Error() string { return e.msg }

// ServeHTTP answers one request to the endpoint.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	h := w.Header()
	for k, v := range responseHeaders {
		h.Set(k, v)
	}
	if r.Method == http.MethodOptions {
		w.WriteHeader(http.StatusOK)
		return
	}
	ops, batch, fail := readParams(r, s.BatchLimit)
	if fail != nil {
		writeFailure(w, fail)
		return
	}
	var results []any
	s.site.serve(r, func(req *request) {
		sc, err := s.schemaOf(wp.RegistryOf(req.Tx), s.site.Version)
		if err != nil {
			panic(err) // a declaration bug: the mock's 500
		}
		results = results[:0]
		for _, op := range ops {
			res, failed := s.run(sc, req, op)
			if failed != nil {
				fail = failed
				return
			}
			results = append(results, res)
		}
	})
	switch {
	case fail != nil:
		writeFailure(w, fail)
	case batch:
		writeJSON(w, http.StatusOK, results)
	default:
		writeJSON(w, http.StatusOK, results[0])
	}
}

func writeFailure(w http.ResponseWriter, f *requestFailure) {
	e := wpfunc.Object{{"message", f.msg}}
	if len(f.locs) > 0 {
		e = append(e, wpfunc.Member{"locations", locations(f.locs)})
	}
	status := f.status
	if status == 0 {
		status = http.StatusInternalServerError
	}
	writeJSON(w, status, wpfunc.Object{{"errors", []any{e}}})
}

// responseHeaders are the headers WPGraphQL's Router sends with every answer.
var responseHeaders = map[string]string{
	"Access-Control-Allow-Origin":  "*",
	"Access-Control-Allow-Headers": "Authorization, Content-Type",
	"Access-Control-Max-Age":       "600",
	"Content-Type":                 "application/json; charset=UTF-8",
	"X-Robots-Tag":                 "noindex",
	"X-Content-Type-Options":       "nosniff",
}

// readParams reads the operations of a GET (query, variables, operationName) or a
// POST (a JSON object, or an array of them: a batch).
func readParams(r *http.Request, batchLimit int) (ops []params, batch bool, fail *requestFailure) {
	if r.Method == http.MethodGet {
		q := r.URL.Query()
		var p params
		if q.Has("query") {
			p.Query = q.Get("query")
		}
		if q.Has("operationName") {
			v := q.Get("operationName")
			p.OperationName = &v
		}
		if q.Has("variables") {
			p.Variables = q.Get("variables")
		}
		return []params{p}, false, nil
	}
	if mt, _, _ := mime.ParseMediaType(r.Header.Get("Content-Type")); mt != "application/json" {
		return nil, false, &requestFailure{status: http.StatusUnsupportedMediaType, msg: msgContentType + r.Header.Get("Content-Type")}
	}
	body, _ := io.ReadAll(io.LimitReader(r.Body, 8<<20))
	var raw any
	if err := json.Unmarshal(body, &raw); err != nil {
		return nil, false, &requestFailure{msg: msgBadJSON}
	}
	switch raw.(type) {
	case []any:
		if err := json.Unmarshal(body, &ops); err != nil {
			return nil, true, &requestFailure{msg: msgBadJSON}
		}
		if len(ops) > batchLimit {
			return nil, true, &requestFailure{msg: fmt.Sprintf(msgBatchLimit, batchLimit, len(ops))}
		}
		if len(ops) == 0 { // graphql-php reads an empty batch as one operation without a query
			return []params{{}}, false, nil
		}
		return ops, true, nil
	case map[string]any:
		var p params
		json.Unmarshal(body, &p)
		return []params{p}, false, nil
	}
	enc, _ := json.Marshal(raw)
	return nil, false, &requestFailure{msg: msgNotObject + string(enc)}
}

// checkParams is graphql-php's validateOperationParams for what the mock reads: the
// query as a string (a number is read as its digits) and the variables as an object.
func checkParams(p *params) (string, error) {
	var query string
	switch q := p.Query.(type) {
	case nil:
	case string:
		query = q
	case float64:
		query = strconv.FormatFloat(q, 'f', -1, 64)
	default:
		b, _ := json.Marshal(q)
		query = string(b)
	}
	if query == "" {
		return "", userErrorf("%s", msgNoQuery)
	}
	if v, ok := p.Variables.(string); ok {
		if v == "" {
			p.Variables = nil
			return query, nil
		}
		var m map[string]any
		if err := json.Unmarshal([]byte(v), &m); err != nil {
			return "", userErrorf("GraphQL Request parameter \"variables\" must be object or JSON string parsed to object, but got %s", v)
		}
		p.Variables = m
	}
	return query, nil
}

// run executes one operation: its result object, or the failure that makes the
// whole request a 500 (a syntax error: WPGraphQL parses before graphql-php's
// server catches errors).
func (s *Server) run(sc *schema, req *request, p params) (any, *requestFailure) {
	query, err := checkParams(&p)
	if err != nil {
		return wpfunc.Object{{"errors", formatErrors(gqlerror.List{{Message: err.Error()}})}, debugExtension}, nil
	}
	doc, perr := parser.ParseQuery(&ast.Source{Input: query})
	if perr != nil {
		e := syntaxError(perr)
		return nil, &requestFailure{msg: e.Message, locs: e.Locations}
	}
	if errs := validator.Validate(sc.ast, doc); len(errs) > 0 {
		return wpfunc.Object{{"errors", formatErrors(graphqlPHPMessages(errs, query, sc))}, debugExtension}, nil
	}
	if req.Actor == nil { // WPGraphQL's DisableIntrospection rule, for visitors
		if at := introspectionField(doc); at != nil {
			return wpfunc.Object{{"errors", formatErrors(gqlerror.List{{Message: msgIntrospection,
				Locations: []gqlerror.Location{{Line: at.Line, Column: at.Column}}}})}, debugExtension}, nil
		}
	}
	if s.MaxDepth > 0 {
		if d := depth(doc); d > s.MaxDepth {
			return wpfunc.Object{{"errors", formatErrors(gqlerror.List{{Message: maxDepthMessage(s.MaxDepth, d)}})}, debugExtension}, nil
		}
	}
	op := operation(doc, p.OperationName)
	if op == nil {
		return wpfunc.Object{{"errors", formatErrors(gqlerror.List{{Message: msgOperationType}})}, debugExtension}, nil
	}
	vars, _ := p.Variables.(map[string]any)
	coerced, verr := validator.VariableValues(sc.ast, op, vars)
	if verr != nil {
		e := asGQLError(verr)
		return wpfunc.Object{{"errors", formatErrors(gqlerror.List{variableError(e, op, vars)})}, debugExtension}, nil
	}
	c := &call{request: req, s: sc, vars: coerced}
	data := c.execute(op)
	out := wpfunc.Object{}
	if len(c.errs) > 0 {
		out = append(out, wpfunc.Member{"errors", formatErrors(c.errs)})
	}
	return append(out, wpfunc.Member{"data", data}, debugExtension), nil
}

// syntaxError is the parser's error as graphql-php words it.
func syntaxError(err error) *gqlerror.Error {
	e := asGQLError(err)
	if !strings.HasPrefix(e.Message, "Syntax Error") {
		e.Message = "Syntax Error: " + e.Message
	}
	return e
}

func asGQLError(err error) *gqlerror.Error {
	if e, ok := err.(*gqlerror.Error); ok {
		return e
	}
	return &gqlerror.Error{Message: err.Error()}
}

// variableError is a variable's coercion error with the variable's location, as
// graphql-php reports it.
func variableError(e *gqlerror.Error, op *ast.OperationDefinition, vars map[string]any) *gqlerror.Error {
	for _, v := range op.VariableDefinitions {
		if len(e.Path) > 1 && e.Path[1] == ast.PathName(v.Variable) && v.Position != nil {
			out := &gqlerror.Error{Message: e.Message, Locations: []gqlerror.Location{{Line: v.Position.Line, Column: v.Position.Column}}}
			if strings.Contains(e.Message, "must be defined") {
				out.Message = fmt.Sprintf("Variable \"$%s\" of required type \"%s\" was not provided.", v.Variable, v.Type.String())
			}
			if strings.HasPrefix(e.Message, "cannot use ") && v.Type.NamedType == "ID" && v.Type.Elem == nil {
				value, _ := json.Marshal(vars[v.Variable])
				out.Message = fmt.Sprintf("Variable \"$%s\" got invalid value %s; ID cannot represent a non-string and non-integer value: %s",
					v.Variable, value, value)
			}
			return out
		}
	}
	return &gqlerror.Error{Message: e.Message}
}

// operation is getOperationAST: the named operation, or the only one (nil for none).
func operation(doc *ast.QueryDocument, name *string) *ast.OperationDefinition {
	if name != nil && *name != "" {
		return doc.Operations.ForName(*name)
	}
	if len(doc.Operations) != 1 {
		return nil
	}
	return doc.Operations[0]
}

func locations(list []gqlerror.Location) []any {
	out := make([]any, len(list))
	for i, l := range list {
		out[i] = wpfunc.Object{{"line", l.Line}, {"column", l.Column}}
	}
	return out
}

// formatErrors are errors as graphql-php's FormattedError prints them: message,
// locations and path.
func formatErrors(errs gqlerror.List) []any {
	out := make([]any, 0, len(errs))
	for _, e := range errs {
		o := wpfunc.Object{{"message", e.Message}}
		if len(e.Locations) > 0 {
			o = append(o, wpfunc.Member{"locations", locations(e.Locations)})
		}
		if len(e.Path) > 0 {
			path := make([]any, len(e.Path))
			for i, pe := range e.Path {
				switch x := pe.(type) {
				case ast.PathName:
					path[i] = string(x)
				case ast.PathIndex:
					path[i] = int(x)
				}
			}
			o = append(o, wpfunc.Member{"path", path})
		}
		out = append(out, o)
	}
	return out
}

// writeJSON writes an answer as WordPress's wp_send_json does.
func writeJSON(w http.ResponseWriter, status int, v any) {
	var b bytes.Buffer
	wpfunc.EncodeJSONFlags(&b, v, wpfunc.JSONUnescapedUnicode)
	w.WriteHeader(status)
	w.Write(b.Bytes())
}
