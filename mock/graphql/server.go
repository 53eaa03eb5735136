package graphql

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"strings"
	"sync"

	"github.com/vektah/gqlparser/v2/ast"
	"github.com/vektah/gqlparser/v2/gqlerror"
	"github.com/vektah/gqlparser/v2/parser"
	"github.com/vektah/gqlparser/v2/validator"
	"github.com/wpmock/wpmock/mock/store"
	"github.com/wpmock/wpmock/mock/wp"
	"github.com/wpmock/wpmock/mock/wpversion"
)

// Site is what the server reads of a mock site that only the controllers' package
// knows: who calls, and the rendered forms the REST API shows too.
type Site interface {
	// Serve runs f in a read transaction of the site, with the caller the request's
	// credentials name (application passwords, as for the REST API) and the home URL.
	Serve(r *http.Request, f func(req *Request))
	// Content and Excerpt are a post's rendered content and excerpt (the_content,
	// the_excerpt), as content.rendered and excerpt.rendered show them.
	Content(p *store.Post) string
	Excerpt(p *store.Post) string
	// CommentContent is a comment's rendered content (comment_text).
	CommentContent(tx *store.Tx, home string, c *store.Comment) string
	// Image is an attachment's file as wp_get_attachment_metadata describes it.
	Image(tx *store.Tx, home string, p *store.Post) Image
	// Version is the WordPress version the site answers as.
	Version() wpversion.Version
}

// Request is what one GraphQL request reads.
type Request struct {
	Tx    *store.Tx
	Actor *wp.Actor // nil: anonymous
	Home  string    // the site's home URL, without a trailing slash
	Site  Site
}

// Image is an attachment's file: its URL, its size and its sub-sizes.
type Image struct {
	SourceURL, File, MimeType string
	Width, Height, FileSize   int
	Sizes                     []ImageSize
}

// ImageSize is one sub-size of an image.
type ImageSize struct {
	Name, File, MimeType, SourceURL string
	Width, Height, FileSize         int
}

// Server answers /graphql for one site.
type Server struct {
	site Site
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
func New(site Site) *Server {
	return &Server{site: site, BatchLimit: defaultBatchLimit, schemas: map[*wp.Registry]*schema{}}
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
	Query         *string        `json:"query"`
	Variables     any            `json:"variables"`
	OperationName *string        `json:"operationName"`
	Extensions    map[string]any `json:"extensions"`
}

// Messages graphql-php's Helper gives a request it cannot read.
const (
	// msgNoQuery: neither query nor queryId was sent.
	msgNoQuery = `GraphQL Request must include at least one of those two parameters: "query" or "queryId"`
	// msgBadJSON: the POST body is not JSON.
	msgBadJSON = "Could not parse JSON: "
	// msgVariables: variables is neither an object nor a JSON string of one.
	msgVariables = `GraphQL Request parameter "variables" must be object or JSON string parsed to object, but got `
)

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
	ops, batch, status, err := readParams(r, s.BatchLimit)
	if err != nil {
		writeJSON(w, status, obj{{"errors", []any{requestError(err.Error())}}})
		return
	}
	var results []any
	s.site.Serve(r, func(req *Request) {
		sc, err := s.schemaOf(wp.RegistryOf(req.Tx), s.site.Version())
		if err != nil {
			panic(err) // a declaration bug: the mock's 500
		}
		for _, op := range ops {
			results = append(results, s.run(sc, req, op))
		}
	})
	if batch {
		writeJSON(w, http.StatusOK, results)
		return
	}
	writeJSON(w, http.StatusOK, results[0])
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
func readParams(r *http.Request, batchLimit int) (ops []params, batch bool, status int, err error) {
	if r.Method == http.MethodGet {
		q := r.URL.Query()
		var p params
		if q.Has("query") {
			v := q.Get("query")
			p.Query = &v
		}
		if q.Has("operationName") {
			v := q.Get("operationName")
			p.OperationName = &v
		}
		if q.Has("variables") {
			p.Variables = q.Get("variables")
		}
		return []params{p}, false, 0, checkParams(&p)
	}
	body, _ := io.ReadAll(io.LimitReader(r.Body, 8<<20))
	body = bytes.TrimSpace(body)
	if len(body) > 0 && body[0] == '[' {
		if err := json.Unmarshal(body, &ops); err != nil {
			return nil, true, http.StatusInternalServerError, userErrorf("%s%s", msgBadJSON, err)
		}
		if len(ops) > batchLimit {
			return nil, true, http.StatusInternalServerError,
				userErrorf("Batch requests are limited to %d operations. This request contained %d", batchLimit, len(ops))
		}
		for i := range ops {
			if err := checkParams(&ops[i]); err != nil {
				return nil, true, http.StatusInternalServerError, err
			}
		}
		return ops, true, 0, nil
	}
	var p params
	if err := json.Unmarshal(body, &p); err != nil {
		return nil, false, http.StatusInternalServerError, userErrorf("%s%s", msgBadJSON, "Syntax error")
	}
	return []params{p}, false, http.StatusInternalServerError, checkParams(&p)
}

// checkParams is graphql-php's validateOperationParams for what the mock reads.
func checkParams(p *params) error {
	if p.Query == nil || *p.Query == "" {
		return userErrorf("%s", msgNoQuery)
	}
	if v, ok := p.Variables.(string); ok {
		if v == "" {
			p.Variables = nil
			return nil
		}
		var m map[string]any
		if err := json.Unmarshal([]byte(v), &m); err != nil {
			return userErrorf("%s%s", msgVariables, v)
		}
		p.Variables = m
	}
	switch p.Variables.(type) {
	case nil, map[string]any:
		return nil
	}
	return userErrorf("%s%v", msgVariables, p.Variables)
}

// requestError is an error of the request, before any operation ran.
func requestError(msg string) obj {
	return obj{{"message", msg}, {"extensions", obj{{"category", "request"}}}}
}

// run executes one operation and gives its result object.
func (s *Server) run(sc *schema, req *Request, p params) any {
	doc, perr := parser.ParseQuery(&ast.Source{Input: *p.Query})
	if perr != nil {
		return obj{{"errors", formatErrors(syntaxErrors(perr), "graphql")}}
	}
	if errs := validator.Validate(sc.ast, doc); len(errs) > 0 {
		return obj{{"errors", formatErrors(errs, "graphql")}}
	}
	if s.MaxDepth > 0 {
		if d := depth(doc); d > s.MaxDepth {
			return obj{{"errors", formatErrors(gqlerror.List{{Message: maxDepthMessage(s.MaxDepth, d)}}, "graphql")}}
		}
	}
	op, err := operation(doc, p.OperationName)
	if err != nil {
		return obj{{"errors", formatErrors(gqlerror.List{{Message: err.Error()}}, "request")}}
	}
	vars, _ := p.Variables.(map[string]any)
	coerced, verr := validator.VariableValues(sc.ast, op, vars)
	if verr != nil {
		return obj{{"errors", formatErrors(gqlerror.List{asGQLError(verr)}, "graphql")}}
	}
	c := &call{Request: req, s: sc, vars: coerced}
	data := c.execute(op)
	out := obj{}
	if len(c.errs) > 0 {
		out = append(out, member{"errors", formatErrors(c.errs, "")})
	}
	return append(out, member{"data", data})
}

// syntaxErrors makes the parser's error a GraphQL syntax error, as graphql-php words it.
func syntaxErrors(err error) gqlerror.List {
	e := asGQLError(err)
	if !strings.HasPrefix(e.Message, "Syntax Error") {
		e.Message = "Syntax Error: " + e.Message
	}
	return gqlerror.List{e}
}

func asGQLError(err error) *gqlerror.Error {
	if e, ok := err.(*gqlerror.Error); ok {
		return e
	}
	return &gqlerror.Error{Message: err.Error()}
}

// operation is getOperationAST: the named operation, or the only one.
func operation(doc *ast.QueryDocument, name *string) (*ast.OperationDefinition, error) {
	if name != nil && *name != "" {
		if op := doc.Operations.ForName(*name); op != nil {
			return op, nil
		}
		return nil, userErrorf("Unknown operation named \"%s\".", *name)
	}
	if len(doc.Operations) != 1 {
		return nil, userErrorf("Must provide operation name if query contains multiple operations.")
	}
	return doc.Operations[0], nil
}

// formatErrors are errors as graphql-php's FormattedError prints them: message,
// locations, path, and the category in extensions.
func formatErrors(errs gqlerror.List, category string) []any {
	out := make([]any, 0, len(errs))
	for _, e := range errs {
		o := obj{{"message", e.Message}}
		if len(e.Locations) > 0 {
			locs := make([]any, len(e.Locations))
			for i, l := range e.Locations {
				locs[i] = obj{{"line", l.Line}, {"column", l.Column}}
			}
			o = append(o, member{"locations", locs})
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
			o = append(o, member{"path", path})
		}
		cat := category
		if c, ok := e.Extensions["category"].(string); ok {
			cat = c
		}
		if cat != "" {
			o = append(o, member{"extensions", obj{{"category", cat}}})
		}
		out = append(out, o)
	}
	return out
}

// writeJSON writes an answer as WordPress's wp_send_json does.
func writeJSON(w http.ResponseWriter, status int, v any) {
	var b bytes.Buffer
	encode(&b, v)
	w.WriteHeader(status)
	w.Write(b.Bytes())
}
