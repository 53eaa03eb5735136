package mock

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/getkin/kin-openapi/openapi3"

	"github.com/wpmock/wpmock/fixtures"
)

// TestOpenAPIMockResponses validates the mock's own answers (status, headers, body)
// against the document: every GET route in each context it takes, as the
// administrator and anonymously, with _embed; OPTIONS and HEAD on every route; the
// common errors; and a create, update and delete on every collection that takes one
// with a JSON body. Placeholders are filled from the collections' own answers.
func TestOpenAPIMockResponses(t *testing.T) {
	doc, v := loadDoc(t)
	s := newTestSite(t)
	c := &docCrawl{t: t, s: s, v: v, lists: map[string][]string{}}
	templates := make([]string, 0, doc.Paths.Len())
	for p := range doc.Paths.Map() {
		templates = append(templates, p)
	}
	routeOf := func(template string) string { return strings.TrimPrefix(template, fixtures.APIRoot) }
	sort.Strings(templates)
	for _, template := range templates {
		item := doc.Paths.Value(template)
		route, ok := c.fill(routeOf(template), true)
		if !ok {
			t.Logf("%s: no value for its placeholders in the seeded data; skipped", template)
			continue
		}
		c.check(http.MethodOptions, route, "")
		if item.Get == nil {
			continue
		}
		c.check(http.MethodHead, route, "admin")
		contexts := []string{""}
		for _, p := range item.Get.Parameters {
			if p.Value != nil && p.Value.Name == "context" && p.Value.Schema != nil {
				contexts = contexts[:0]
				for _, e := range p.Value.Schema.Value.Enum {
					contexts = append(contexts, "context="+e.(string))
				}
			}
		}
		for _, q := range contexts {
			c.check(http.MethodGet, withQuery(route, q), "admin")
		}
		c.check(http.MethodGet, route, "")
		c.check(http.MethodGet, withQuery(route, "_embed"), "admin")
		c.check(http.MethodGet, withQuery(route, "_fields=id,slug,name,key,namespace"), "admin")
		c.check(http.MethodGet, withQuery(route, "_envelope"), "")
		if len(contexts) > 1 {
			c.check(http.MethodGet, withQuery(route, "context=nope"), "admin")
		}
	}
	c.check(http.MethodGet, "/wp/v2/posts/999999", "")
	c.check(http.MethodGet, "/wp/v2/posts?page=999", "")
	c.check(http.MethodGet, "/wp/v2/posts?context=edit", "")
	// the same answer, asked for without pretty permalinks
	got := c.check(http.MethodGet, "/wp/v2/posts", "")
	if err := v.Response(http.MethodGet, "/?rest_route=/wp/v2/posts", got.status, got.header, got.body); err != nil {
		t.Errorf("rest_route: %v", err)
	}
	for _, template := range templates {
		// the mock's own wpmock/v1/snapshots is no WordPress collection: its POST saves
		// a snapshot by name (200, no id), which TestSnapshotRoutes covers
		own := strings.HasPrefix(template, "/wp-json/"+OwnNamespace+"/")
		if op := doc.Paths.Value(template).Post; op != nil && isCollection(templates, template) && !own {
			c.writes(routeOf(template), op)
		}
	}
	t.Logf("%d responses of the mock checked against the document", c.checked)
}

// isCollection reports whether another path addresses the template's items.
func isCollection(templates []string, template string) bool {
	for _, t := range templates {
		if rest, ok := strings.CutPrefix(t, template+"/{"); ok && strings.HasSuffix(rest, "}") && !strings.Contains(rest, "/") {
			return true
		}
	}
	return false
}

type docCrawl struct {
	t       *testing.T
	s       *testSite
	v       *fixtures.Validator
	lists   map[string][]string // collection route -> the ids or slugs of its items
	checked int
}

func withQuery(route, q string) string {
	if q == "" {
		return route
	}
	if strings.Contains(route, "?") {
		return route + "&" + q
	}
	return route + "?" + q
}

// check sends a request (as login, "" for anonymous) and validates the answer.
func (c *docCrawl) check(method, target, login string) reply {
	return c.send(method, target, login, nil)
}

func (c *docCrawl) send(method, target, login string, body any) reply {
	c.t.Helper()
	var r io.Reader
	var header []string
	if body != nil {
		b, _ := json.Marshal(body)
		r, header = bytes.NewReader(b), []string{"Content-Type", "application/json"}
	}
	got := c.s.do(c.t, method, target, login, r, header...)
	c.checked++
	if err := c.v.Response(method, target, got.status, got.header, got.body); err != nil {
		c.t.Errorf("%s %s as %q: %v", method, target, login, err)
	}
	return got
}

// fill replaces a template's placeholders, left to right, with ids or slugs listed by
// the collection before each; with full, a parent is chosen whose own collection has
// items.
func (c *docCrawl) fill(template string, full bool) (string, bool) {
	open := strings.Index(template, "{")
	if open < 0 {
		return template, true
	}
	close := strings.Index(template, "}")
	collection, rest := strings.TrimSuffix(template[:open], "/"), template[close+1:]
	for _, key := range c.keys(collection) {
		route, ok := c.fill(collection+"/"+key+rest, full)
		if !ok {
			continue
		}
		if full && strings.Contains(rest, "/") {
			// a parent: take it if the child collection has items
			child := route
			if i := strings.Index(route[len(collection)+1+len(key):], "{"); i >= 0 {
				child = route[:len(collection)+1+len(key)+i]
			}
			if len(c.keys(strings.TrimSuffix(child, "/"))) == 0 {
				continue
			}
		}
		return route, true
	}
	return "", false
}

// keys lists the ids (or, for keyed collections, the slugs) of a collection as the
// administrator sees it.
func (c *docCrawl) keys(collection string) []string {
	if k, ok := c.lists[collection]; ok {
		return k
	}
	got := c.s.get(c.t, collection+"?context=edit", "admin")
	var keys []string
	switch data := got.json.(type) {
	case []any:
		for _, e := range data {
			if m, ok := e.(map[string]any); ok {
				if id, ok := m["id"].(float64); ok {
					keys = append(keys, strconv.Itoa(int(id)))
				}
			}
		}
	case map[string]any:
		for k := range data {
			keys = append(keys, k)
		}
		sort.Strings(keys)
	}
	c.lists[collection] = keys
	return keys
}

// writes creates an item with the required arguments of the create body, updates it
// and deletes it for good, validating each answer.
func (c *docCrawl) writes(collection string, op *openapi3.Operation) {
	route, ok := c.fill(collection, false)
	if !ok || op.RequestBody == nil {
		return
	}
	mt := op.RequestBody.Value.Content.Get("application/json")
	if mt == nil {
		return // an upload
	}
	body := map[string]any{}
	for _, name := range mt.Schema.Value.Required {
		body[name] = sampleValue(name, mt.Schema.Value.Properties[name].Value)
	}
	if _, ok := mt.Schema.Value.Properties["title"]; ok {
		body["title"] = "wpmock openapi" // posts refuse to be created empty
	}
	if strings.HasSuffix(route, "/menu-items") { // a custom link needs its URL
		body["url"] = "https://example.com/"
	}
	if strings.HasSuffix(route, "/comments") { // a comment needs content and a post open to comments
		body["content"] = "wpmock openapi"
		posts, _ := c.s.get(c.t, strings.TrimSuffix(route, "comments")+"posts?context=edit&_fields=id,comment_status", "admin").json.([]any)
		for _, e := range posts {
			if p, _ := e.(map[string]any); p["comment_status"] == "open" {
				body["post"] = p["id"]
				break
			}
		}
	}
	created := c.send(http.MethodPost, route, "admin", body)
	if created.status != http.StatusCreated {
		c.t.Errorf("POST %s %v: %d %.300s", route, body, created.status, created.body)
		return
	}
	id, _ := created.json.(map[string]any)["id"].(float64)
	item := route + "/" + strconv.Itoa(int(id))
	c.send(http.MethodPost, item, "admin", map[string]any{})
	c.send(http.MethodPut, item, "admin", map[string]any{})
	del := withQuery(item, "force=true")
	if strings.HasPrefix(collection, "/wp/v2/users") {
		del = withQuery(del, "reassign=1")
	}
	c.check(http.MethodDelete, del, "admin")
}

var sampleN int

// sampleValue is a value of a required create argument.
func sampleValue(name string, s *openapi3.Schema) any {
	sampleN++
	n := strconv.Itoa(sampleN)
	switch {
	case s.Enum != nil:
		return s.Enum[0]
	case s.Format == "email" || name == "email":
		return "openapi" + n + "@example.com"
	case s.Type.Is("integer"), s.Type.Is("number"):
		return 1
	case s.Type.Is("boolean"):
		return true
	case s.Type.Is("array"):
		return []any{}
	}
	return fmt.Sprintf("openapi-%s-%s", name, n)
}
