package rest

import (
	"bytes"
	"encoding/json"
	"io"
	"math"
	"net/http"
	"net/url"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/wpmock/wpmock/mock/wpfunc"
)

// Response is what a handler returns: a status, the data and the response's own headers
// (X-WP-Total, Link, Location, Allow, ...), in the order they were set.
type Response struct {
	Status  int
	Data    any
	Headers Object
	// Direct are headers a handler sends with PHP's header() rather than on its
	// WP_REST_Response (X-WP-Upload-Attachment-ID): they reach the HTTP response even
	// under _envelope, whose "headers" does not list them.
	Direct Object
	err    *Error
}

// Stream is a body written straight to the client, for answers too large to hold in
// memory at once (the dataset export). It writes one JSON value, and runs after the
// request's transaction: it must read a snapshot, not the store. Under _pretty or
// _jsonp, or inside _envelope, the server holds the body after all.
type Stream func(w io.Writer) error

// OK is a 200 response with data.
func OK(data any) *Response { return &Response{Status: http.StatusOK, Data: data} }

// Created is a 201 response with a Location header.
func Created(data any, location string) *Response {
	r := &Response{Status: http.StatusCreated, Data: data}
	r.SetHeader("Location", location)
	return r
}

// SetHeader sets one of the response's own headers.
func (r *Response) SetHeader(name string, value any) { r.Headers = r.Headers.Set(name, value) }

// SetDirectHeader sets a header sent outside the response object (see Direct).
func (r *Response) SetDirectHeader(name string, value any) { r.Direct = r.Direct.Set(name, value) }

// Header returns one of the response's own headers, "" when unset.
func (r *Response) Header(name string) string {
	v, ok := r.Headers.Get(name)
	if !ok {
		return ""
	}
	s, _ := v.(string)
	if s == "" {
		if i, ok := v.(int); ok {
			return strconv.Itoa(i)
		}
	}
	return s
}

// LinkHeader adds a value to the response's Link header (WP_HTTP_Response::link_header);
// several values are joined with ", ".
func (r *Response) LinkHeader(rel, href string, attrs ...string) {
	v := "<" + href + ">; rel=\"" + rel + "\""
	for _, a := range attrs {
		v += "; " + a
	}
	if cur := r.Header("Link"); cur != "" {
		v = cur + ", " + v
	}
	r.SetHeader("Link", v)
}

// Link is one entry of an item's _links: a relation, its target and its attributes
// (embeddable, count, taxonomy, ...), which WordPress prints before href.
type Link struct {
	Rel   string
	Href  string
	Attrs Object
}

// Embeddable marks a link that _embed follows.
var Embeddable = Object{{"embeddable", true}}

// Links is an item's link list in the order WordPress adds them.
type Links []Link

// Add appends a link.
func (ls Links) Add(rel, href string, attrs ...Member) Links {
	return append(ls, Link{Rel: rel, Href: href, Attrs: Object(attrs)})
}

// Embed appends an embeddable link.
func (ls Links) Embed(rel, href string, attrs ...Member) Links {
	return append(ls, Link{Rel: rel, Href: href, Attrs: append(Object(attrs), Member{"embeddable", true})})
}

// Compact renders the links as WordPress's "_links" object: rel -> [{attrs..., href}],
// with the "curies" entry last when any rel uses the wp: prefix.
func (ls Links) Compact() Object {
	out := Object{}
	curie := false
	for _, l := range ls {
		entry := make(Object, 0, len(l.Attrs)+1)
		entry = append(append(entry, l.Attrs...), Member{"href", l.Href})
		if strings.HasPrefix(l.Rel, "wp:") {
			curie = true
		}
		if cur, ok := out.Get(l.Rel); ok {
			out = out.Set(l.Rel, append(cur.([]any), entry))
		} else {
			out = append(out, Member{l.Rel, []any{entry}})
		}
	}
	if curie {
		out = append(out, Member{"curies", []any{Object{{"name", "wp"}, {"href", "https://api.w.org/{rel}"}, {"templated", true}}}})
	}
	return out
}

// Paginate sets X-WP-Total, X-WP-TotalPages and the prev/next Link values the way the
// posts and revisions controllers build them, and returns the number of pages.
func (r *Request) Paginate(resp *Response, collection string, total, page, perPage int) int {
	return r.paginate(resp, collection, total, perPage, float64(page), strconv.Itoa(page-1), strconv.Itoa(page+1))
}

// PaginateOffset is what the users and terms controllers do instead: the page is
// ceil((int)offset / per_page + 1) in PHP's arithmetic (an exact integer quotient when
// the division is exact, a float otherwise), and prev/next print it as PHP prints a
// float, so an offset far below zero gives a next page like "-9.2233720368548E+16".
func (r *Request) PaginateOffset(resp *Response, collection string, total, offset, perPage int) int {
	var page float64
	switch {
	case perPage <= 0:
		page = 1
	case offset%perPage == 0 && offset/perPage != math.MaxInt:
		page = float64(offset/perPage + 1)
	default: // PHP divides (and adds 1 past PHP_INT_MAX) in floats
		page = math.Ceil(float64(offset)/float64(perPage) + 1)
	}
	return r.paginate(resp, collection, total, perPage, page, wpfunc.FloatString(page-1), wpfunc.FloatString(page+1))
}

// PaginateUnclamped is what the search controller does instead: its prev link is
// page-1 even past the last page (an empty result's page 3 links to page 2).
func (r *Request) PaginateUnclamped(resp *Response, collection string, total, page, perPage int) int {
	maxPages := (total + perPage - 1) / perPage
	resp.SetHeader("X-WP-Total", total)
	resp.SetHeader("X-WP-TotalPages", maxPages)
	base := r.RestURL(collection)
	if page > 1 {
		resp.LinkHeader("prev", r.pageURL(base, strconv.Itoa(page-1)))
	}
	if page < maxPages {
		resp.LinkHeader("next", r.pageURL(base, strconv.Itoa(page+1)))
	}
	return maxPages
}

func (r *Request) paginate(resp *Response, collection string, total, perPage int, page float64, prev, next string) int {
	maxPages := 0
	if perPage > 0 {
		maxPages = (total + perPage - 1) / perPage
	}
	resp.SetHeader("X-WP-Total", total)
	resp.SetHeader("X-WP-TotalPages", maxPages)
	base := r.RestURL(collection)
	if page > 1 {
		if page-1 > float64(maxPages) {
			prev = strconv.Itoa(maxPages)
		}
		resp.LinkHeader("prev", r.pageURL(base, prev))
	}
	if float64(maxPages) > page {
		resp.LinkHeader("next", r.pageURL(base, next))
	}
	return maxPages
}

// pageURL is add_query_arg('page', n, add_query_arg(urlencode_deep(query), base)):
// the query is encoded, the page is not (add_query_arg encodes nothing itself).
func (r *Request) pageURL(base string, page string) string {
	var parts []string
	replaced := false
	for _, k := range r.Query.Keys {
		if k == "page" {
			parts = append(parts, "page="+page)
			replaced = true
			continue
		}
		v := r.Query.Values[k]
		if clean, ok := r.params[k]; ok && r.Arg(k) != nil {
			v = clean // get_query_params() holds the sanitised values by now
		}
		parts = appendQuery(parts, url.QueryEscape(k), v)
	}
	if !replaced {
		parts = append(parts, "page="+page)
	}
	return base + "?" + strings.Join(parts, "&")
}

// appendQuery encodes a PHP value as http_build_query does (key%5B0%5D=v for lists).
func appendQuery(parts []string, key string, v any) []string {
	switch x := v.(type) {
	case []any:
		for i, e := range x {
			parts = appendQuery(parts, key+"%5B"+strconv.Itoa(i)+"%5D", e)
		}
	case map[string]any:
		keys := make([]string, 0, len(x))
		for k := range x {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, k := range keys {
			parts = appendQuery(parts, key+"%5B"+url.QueryEscape(k)+"%5D", x[k])
		}
	case string:
		parts = append(parts, key+"="+url.QueryEscape(x))
	case bool: // PHP prints true as "1" and false as ""
		if x {
			parts = append(parts, key+"=1")
		} else {
			parts = append(parts, key+"=")
		}
	default:
		var b bytes.Buffer
		encode(&b, x)
		parts = append(parts, key+"="+url.QueryEscape(b.String()))
	}
	return parts
}

// filterFields is rest_filter_response_fields: keep only the listed top-level keys and
// dotted sub-keys. A single item keeps its _links, which WordPress adds after filtering.
func filterFields(data any, list []any) any {
	tree := map[string]any{}
	for _, f := range list {
		name, _ := f.(string)
		parts := strings.Split(strings.TrimSpace(name), ".")
		ref := tree
		for len(parts) > 1 {
			next := parts[0]
			parts = parts[1:]
			if v, ok := ref[next]; ok && v == true {
				ref = nil
				break
			}
			sub, ok := ref[next].(map[string]any)
			if !ok {
				sub = map[string]any{}
				ref[next] = sub
			}
			ref = sub
		}
		if ref != nil {
			ref[parts[0]] = true
		}
	}
	if list, ok := data.([]any); ok {
		out := make([]any, len(list))
		for i, item := range list {
			out[i] = intersect(item, tree, false)
		}
		return out
	}
	return intersect(data, tree, true)
}

func intersect(v any, tree map[string]any, keepLinks bool) any {
	obj, ok := v.(Object)
	if !ok {
		return v
	}
	out := Object{}
	for _, m := range obj {
		if keepLinks && m.Key == "_links" {
			// whole, even for _fields=_links.self: the item's links are added after the
			// filter (a list's items carry theirs as data, and are narrowed)
			out = append(out, m)
			continue
		}
		want, ok := tree[m.Key]
		if !ok {
			continue
		}
		if sub, isTree := want.(map[string]any); isTree {
			if inner, isObj := m.Value.(Object); isObj {
				out = append(out, Member{m.Key, intersect(inner, sub, false)})
				continue
			}
		}
		out = append(out, m)
	}
	if len(out) == 0 {
		return EmptyArray
	}
	return out
}

// embedRels is rest_parse_embed_param: nil means every rel.
func embedRels(v any) []string {
	s, isStr := v.(string)
	if isStr && (s == "" || s == "true" || s == "1") {
		return nil
	}
	list, _ := toList(v)
	var rels []string
	for _, x := range list {
		if str, ok := x.(string); ok {
			rels = append(rels, str)
		}
	}
	return rels
}

// embedLinks is WP_REST_Server::embed_links: each embeddable link of the wanted rels is
// fetched internally (context=embed unless the href sets one) and its data, or its
// error, placed under _embedded in link order. A rel whose links all came back empty
// is left out.
func (s *Server) embedLinks(req *Request, item any, rels []string, cache map[string]any) any {
	if e, ok := item.(*embedding); ok {
		return s.embedInto(req, e, rels, cache)
	}
	obj, ok := item.(Object)
	if !ok {
		return item
	}
	lv, ok := obj.Get("_links")
	if !ok {
		return item
	}
	links, _ := lv.(Object)
	embedded := Object{}
	for _, rel := range links {
		if rels != nil && !slices.Contains(rels, rel.Key) {
			continue
		}
		entries, _ := rel.Value.([]any)
		embeds := make([]any, 0, len(entries))
		found := false
		for _, e := range entries {
			link, _ := e.(Object)
			if v, _ := link.Get("embeddable"); v != true {
				embeds = append(embeds, EmptyArray)
				continue
			}
			hv, _ := link.Get("href")
			href, _ := hv.(string)
			data, done := cache[href]
			if !done {
				data = s.fetchEmbedded(req, href)
				cache[href] = data
			}
			if !isEmpty(data) {
				found = true
			}
			embeds = append(embeds, data)
		}
		if found {
			embedded = append(embedded, Member{rel.Key, embeds})
		}
	}
	if len(embedded) > 0 {
		obj = append(obj, Member{"_embedded", embedded})
	}
	return obj
}

func isEmpty(v any) bool {
	switch x := v.(type) {
	case nil:
		return true
	case []any:
		return len(x) == 0
	case Object:
		return len(x) == 0
	}
	return false
}

// fetchEmbedded dispatches an internal GET for an embedded link.
func (s *Server) fetchEmbedded(parent *Request, href string) any {
	prefix := parent.Site + "/wp-json"
	if !strings.HasPrefix(href, prefix) {
		return EmptyArray
	}
	u, err := url.Parse(href[len(prefix):])
	if err != nil {
		return EmptyArray
	}
	path := strings.TrimRight(u.Path, "/")
	if path == "" {
		path = "/"
	}
	req := &Request{Method: http.MethodGet, Path: path, Site: parent.Site, Caller: parent.Caller,
		Tx: parent.Tx, server: s, embedded: true, HTTP: parent.HTTP}
	req.Query = ParseQuery(u.RawQuery)
	if _, ok := req.Query.Get("context"); !ok {
		req.Query.set("context", Embed)
	}
	if _, ok := req.Query.Get("per_page"); !ok && (Span{Since: embedMaxPerPageSince}).In(s.Version) {
		if parts, ok := routeParts(path); ok {
			if _, e, _ := s.match(parts, http.MethodGet); e != nil {
				if a := e.arg("per_page"); a != nil && a.Maximum != nil {
					req.Query.set("per_page", strconv.Itoa(int(*a.Maximum)))
				}
			}
		}
	}
	resp := s.dispatch(req)
	return resp.Data
}

// embedMaxPerPageSince is the release from which an embedded collection asked
// without per_page gets the route's maximum per_page instead of the default 10.
const embedMaxPerPageSince = V65

// Embedded reports whether the request was made internally by _embed.
func (r *Request) Embedded() bool { return r.embedded }

// indent pretty-prints JSON as PHP's JSON_PRETTY_PRINT (four spaces).
func indent(dst *bytes.Buffer, src []byte) error {
	return json.Indent(dst, src, "", "    ")
}
