package main

import (
	"encoding/base64"
	"encoding/json"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
)

// An operation of the corpus: operations/NAME.graphql holds the document, and
// operations/NAME.json, when there is one, how it is sent (spec). Ids in either are
// placeholders resolved on each side through its REST API (placeholder, below), so that a
// corpus names objects by slug and runs on any site seeded alike.
type operation struct {
	name  string
	query string // the .graphql file, "" for none (a spec with body or batch)
	spec  spec
}

// spec says how an operation is sent; everything is optional.
type spec struct {
	As            string          `json:"as"`            // login ("admin"), "" anonymous
	Variables     json.RawMessage `json:"variables"`     // the variables object
	OperationName string          `json:"operationName"` // sent when set
	Method        string          `json:"method"`        // GET: query, variables, operationName in the URL
	Path          string          `json:"path"`          // default /graphql; /?graphql, /index.php?graphql
	Body          *string         `json:"body"`          // sent as it is (malformed JSON), the document unused
	ContentType   string          `json:"contentType"`   // default application/json
	Batch         []batchItem     `json:"batch"`         // a batch request: an array of operations
	Document      string          `json:"document"`      // another operation's .graphql, for a document sent twice
	Note          string          `json:"note"`          // what the operation shows, for people
}

type batchItem struct {
	Query     string          `json:"query"`
	Variables json.RawMessage `json:"variables,omitempty"`
}

func loadCorpus(dir string) ([]operation, error) {
	names := map[string]bool{}
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, err
	}
	for _, e := range entries {
		n := e.Name()
		if ext := filepath.Ext(n); ext == ".graphql" || ext == ".json" {
			names[strings.TrimSuffix(n, ext)] = true
		}
	}
	var ops []operation
	for n := range names {
		op := operation{name: n}
		if b, err := os.ReadFile(filepath.Join(dir, n+".graphql")); err == nil {
			op.query = string(b)
		}
		if b, err := os.ReadFile(filepath.Join(dir, n+".json")); err == nil {
			dec := json.NewDecoder(strings.NewReader(string(b)))
			dec.DisallowUnknownFields()
			if err := dec.Decode(&op.spec); err != nil {
				return nil, fmt.Errorf("%s.json: %w", n, err)
			}
		}
		if op.spec.Document != "" {
			b, err := os.ReadFile(filepath.Join(dir, op.spec.Document+".graphql"))
			if err != nil {
				return nil, fmt.Errorf("operation %s: %w", n, err)
			}
			op.query = string(b)
		}
		if op.query == "" && op.spec.Body == nil && op.spec.Batch == nil {
			return nil, fmt.Errorf("operation %s: no .graphql document, no body and no batch", n)
		}
		ops = append(ops, op)
	}
	sort.Slice(ops, func(i, j int) bool { return ops[i].name < ops[j].name })
	return ops, nil
}

// A placeholder names an object by a REST list query, resolved as admin to the first
// item's id: {{id:posts?slug=hello-world}} is the post's database id,
// {{gid:post:posts?slug=hello-world}} WPGraphQL's global id of it (base64 of "post:ID",
// the prefix as WPGraphQL's loaders name them: post, term, user, comment, nav_menu_item).
// A placeholder that is a whole JSON string of the variables becomes a number for id.
// {{uri:posts?slug=hello-world}} is the item's link without the site's address (its URI
// under the site's permalink structure, which differs per version). {{base}} is the
// site's base URL (http://127.0.0.1:8643).
var placeholderRE = regexp.MustCompile(`\{\{(id|uri|gid:[a-z_]+):([^}]+)\}\}`)

// resolver resolves placeholders on one site, each once.
type resolver struct {
	s     *site
	seen  map[string]int
	links map[string]string
}

func (r *resolver) lookup(route string) (int, error) {
	if v, ok := r.seen[route]; ok {
		return v, nil
	}
	sep := "?"
	if strings.Contains(route, "?") {
		sep = "&"
	}
	v, err := r.s.rest("GET", "/wp/v2/"+route+sep+"context=edit", "admin", nil)
	if err != nil {
		return 0, fmt.Errorf("placeholder %s: %w", route, err)
	}
	list, _ := v.([]any)
	if len(list) == 0 {
		return 0, fmt.Errorf("placeholder %s: nothing found on %s", route, r.s.base)
	}
	r.seen[route] = id(list[0])
	if r.links == nil {
		r.links = map[string]string{}
	}
	m, _ := list[0].(map[string]any)
	link, _ := m["link"].(string)
	r.links[route] = strings.TrimPrefix(link, r.s.base)
	return r.seen[route], nil
}

func (r *resolver) value(kind, route string) (string, error) {
	n, err := r.lookup(route)
	if err != nil {
		return "", err
	}
	switch kind {
	case "id":
		return strconv.Itoa(n), nil
	case "uri":
		if r.links[route] == "" {
			return "", fmt.Errorf("placeholder %s: no link on %s", route, r.s.base)
		}
		return r.links[route], nil
	}
	return base64.StdEncoding.EncodeToString([]byte(strings.TrimPrefix(kind, "gid:") + ":" + strconv.Itoa(n))), nil
}

// expand replaces the placeholders of a text; in JSON (variables, bodies) a string
// that is exactly an id placeholder becomes a number.
func (r *resolver) expand(text string, isJSON bool) (string, error) {
	var failed error
	text = strings.ReplaceAll(text, "{{base}}", r.s.base)
	if isJSON {
		whole := regexp.MustCompile(`"\{\{id:([^}]+)\}\}"`)
		text = whole.ReplaceAllStringFunc(text, func(m string) string {
			v, err := r.value("id", whole.FindStringSubmatch(m)[1])
			if err != nil && failed == nil {
				failed = err
			}
			return v
		})
	}
	text = placeholderRE.ReplaceAllStringFunc(text, func(m string) string {
		sub := placeholderRE.FindStringSubmatch(m)
		v, err := r.value(sub[1], sub[2])
		if err != nil && failed == nil {
			failed = err
		}
		return v
	})
	return text, failed
}

// send runs one operation against a site and returns the answer.
func send(s *site, r *resolver, op operation) (*answer, error) {
	sp := op.spec
	path := sp.Path
	if path == "" {
		path = "/graphql"
	}
	query, err := r.expand(op.query, false)
	if err != nil {
		return nil, err
	}
	vars := string(sp.Variables)
	if vars != "" {
		if vars, err = r.expand(vars, true); err != nil {
			return nil, err
		}
	}
	if strings.EqualFold(sp.Method, "GET") {
		q := url.Values{}
		if query != "" {
			q.Set("query", query)
		}
		if vars != "" {
			q.Set("variables", vars)
		}
		if sp.OperationName != "" {
			q.Set("operationName", sp.OperationName)
		}
		u := s.base + path
		if len(q) > 0 {
			sepr := "?"
			if strings.Contains(path, "?") {
				sepr = "&"
			}
			u += sepr + q.Encode()
		}
		return s.do("GET", u, sp.As, nil, nil)
	}
	body, err := requestBody(r, op, query, vars)
	if err != nil {
		return nil, err
	}
	ct := sp.ContentType
	if ct == "" {
		ct = "application/json"
	}
	return s.do("POST", s.base+path, sp.As, map[string]string{"Content-Type": ct}, body)
}

func requestBody(r *resolver, op operation, query, vars string) ([]byte, error) {
	sp := op.spec
	if sp.Body != nil {
		b, err := r.expand(*sp.Body, true)
		return []byte(b), err
	}
	if sp.Batch != nil {
		var items []map[string]any
		for _, it := range sp.Batch {
			q, err := r.expand(it.Query, false)
			if err != nil {
				return nil, err
			}
			m := map[string]any{"query": q}
			if len(it.Variables) > 0 {
				v, err := r.expand(string(it.Variables), true)
				if err != nil {
					return nil, err
				}
				m["variables"] = json.RawMessage(v)
			}
			items = append(items, m)
		}
		return json.Marshal(items)
	}
	m := map[string]any{"query": query}
	if vars != "" {
		m["variables"] = json.RawMessage(vars)
	}
	if sp.OperationName != "" {
		m["operationName"] = sp.OperationName
	}
	return json.Marshal(m)
}
