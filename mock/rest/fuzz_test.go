package rest

import (
	"bytes"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"unicode/utf8"
)

// Fuzz targets of the engine's parsers (issue 15): query strings, request paths, the
// schema validator, JSON and multipart bodies. Each asserts no panic and that what
// comes out keeps the engine's invariants. Their seed corpora are in testdata/fuzz
// (written by TestFuzzSeeds); make fuzz runs each for a bounded time.

// FuzzParseQuery: any query string parses as PHP fills $_GET, into parameters whose
// keys are listed once each, in arrival order, and whose values are strings, lists
// or maps of those; _method, _jsonp and rest_route read from it never panic.
func FuzzParseQuery(f *testing.F) {
	f.Fuzz(func(t *testing.T, raw string) {
		p := ParseQuery(raw)
		if len(p.Keys) != len(p.Values) {
			t.Fatalf("%q: %d keys listed, %d values", raw, len(p.Keys), len(p.Values))
		}
		seen := map[string]bool{}
		for _, k := range p.Keys {
			if seen[k] {
				t.Fatalf("%q: key %q listed twice", raw, k)
			}
			seen[k] = true
			checkQueryValue(t, raw, p.Values[k], 0)
		}
		if v, ok := p.Get("include"); ok {
			toList(v)
		}
		lastQueryValue(raw, "rest_route")
	})
}

func checkQueryValue(t *testing.T, raw string, v any, depth int) {
	t.Helper()
	switch x := v.(type) {
	case string:
	case []any:
		for _, e := range x {
			checkQueryValue(t, raw, e, depth+1)
		}
	case map[string]any:
		for _, e := range x {
			checkQueryValue(t, raw, e, depth+1)
		}
	default:
		t.Fatalf("%q: a value of type %T", raw, v)
	}
}

// FuzzRESTRoute: any request target either is no REST request or yields a route
// without a trailing slash (untrailingslashit), "/" for the index.
func FuzzRESTRoute(f *testing.F) {
	f.Fuzz(func(t *testing.T, target string) {
		req, err := http.NewRequest(http.MethodGet, "http://h"+target, nil)
		if err != nil {
			return // not a URL an HTTP server would hand over
		}
		route, ok := RESTRoute(req)
		if !ok {
			return
		}
		if route == "" || (route != "/" && strings.HasSuffix(route, "/")) || strings.HasSuffix(route, `\`) {
			t.Fatalf("%q: route %q", target, route)
		}
		routeParts(route)
	})
}

// fuzzSchemas are argument declarations of every shape the resources use.
var fuzzSchemas = func() []*Schema {
	tax := New("categories", "object", "array")
	tax.OneOf = []*Schema{Arr("", Int("")), Obj("").Props(Arr("terms", Int("")), Bool("include_children"),
		Str("operator").OneOfEnum("AND", "OR")).NoExtra()}
	return []*Schema{
		Str("s"), Str("slug").Fmt("date-time"), Str("email").Fmt("email"), Str("uuid").Fmt("uuid"),
		Str("status").OneOfEnum("publish", "draft"), Int("page").Min(1), Int("per_page").Min(1).Max(100),
		Num("n"), Bool("sticky"), Arr("include", Int("")), Arr("slug", Str("")), Arr("status", Str("").OneOfEnum("publish", "any")).Unique(),
		New("date", "string", "null").Fmt("date-time"), New("has_published_posts", "boolean", "array"),
		Obj("meta"), Obj("title").Props(Str("raw"), Str("rendered").RO()), tax,
	}
}()

// FuzzValidate: any JSON value, against every kind of declaration, is either refused
// with a WordPress error (a code or a message) or sanitised into a value of a type
// the declaration names. (Not one it accepts again: PHP's casts wrap, so a page of
// 9223372036854775808 passes "minimum 1" and becomes PHP_INT_MIN, as in WordPress.)
func FuzzValidate(f *testing.F) {
	f.Fuzz(func(t *testing.T, doc []byte, which uint) {
		var v any
		dec := json.NewDecoder(bytes.NewReader(doc))
		dec.UseNumber()
		if dec.Decode(&v) != nil {
			v = string(doc) // a query-string value
		}
		s := fuzzSchemas[int(which)%len(fuzzSchemas)]
		out, err := s.Validate(v, s.Name)
		if err != nil {
			if err.Code == "" && err.Message == "" {
				t.Fatalf("%s %s: an empty error", s.Name, doc)
			}
			return
		}
		if !ofDeclaredType(s, out) {
			t.Fatalf("%s %s: sanitised to %#v (%T), not of the types %v", s.Name, doc, out, out, s.Types)
		}
	})
}

// ofDeclaredType reports whether a sanitised value has one of the declared types.
func ofDeclaredType(s *Schema, v any) bool {
	for _, typ := range s.Types {
		ok := false
		switch typ {
		case "string":
			_, ok = v.(string)
		case "integer":
			_, ok = v.(int)
		case "number":
			switch v.(type) {
			case float64, int:
				ok = true
			}
		case "boolean":
			_, ok = v.(bool)
		case "array":
			_, ok = v.([]any)
		case "object":
			switch v.(type) {
			case map[string]any, Object:
				ok = true
			}
		case "null":
			ok = v == nil
		}
		if ok {
			return true
		}
	}
	return false
}

// FuzzJSONBody: PHP's grammar is the stricter one, so a body phpJSONError accepts
// decodes with encoding/json too; and a request with any body under a JSON content
// type either has its parameters or its rest_invalid_json error, never both.
func FuzzJSONBody(f *testing.F) {
	f.Fuzz(func(t *testing.T, body []byte) {
		code := phpJSONError(body)
		if _, ok := jsonErrorMessages[code]; code != 0 && !ok {
			t.Fatalf("%q: json_last_error %d has no message", body, code)
		}
		if code == 0 {
			var v any
			dec := json.NewDecoder(bytes.NewReader(body))
			dec.UseNumber() // as parseBody decodes: 1e400 is a number PHP reads as INF
			if err := dec.Decode(&v); err != nil {
				t.Fatalf("%q: PHP decodes it, encoding/json does not: %v", body, err)
			}
			if !utf8.Valid(body) {
				t.Fatalf("%q: PHP decodes bytes that are not UTF-8", body)
			}
		}
		r := &Request{Method: http.MethodPost, RawBody: body,
			HTTP: httptest.NewRequest(http.MethodPost, "/wp-json/wp/v2/posts", nil)}
		r.HTTP.Header.Set("Content-Type", "application/json")
		r.parseBody()
		if r.jsonErr != nil && r.JSON != nil {
			t.Fatalf("%q: both parameters and an error", body)
		}
		if string(body) == "" || string(body) == "0" { // empty(): parse_json_params skips it
			if r.jsonErr != nil || r.JSON != nil {
				t.Fatalf("%q: an empty body was parsed", body)
			}
			return
		}
		if (r.jsonErr != nil) != (code != 0) {
			t.Fatalf("%q: json_last_error %d, error %v", body, code, r.jsonErr)
		}
	})
}

// FuzzMultipart: any multipart/form-data body, under any boundary, parses as PHP
// fills $_POST and $_FILES: file names carry no directory, a file that did not come
// whole has no data.
func FuzzMultipart(f *testing.F) {
	f.Fuzz(func(t *testing.T, contentType string, body []byte) {
		r := &Request{Method: http.MethodPost, RawBody: body,
			HTTP: httptest.NewRequest(http.MethodPost, "/wp-json/wp/v2/media", nil)}
		r.HTTP.Header.Set("Content-Type", contentType)
		r.parseBody()
		for name, file := range r.Files {
			if strings.ContainsAny(file.Name, `/\`) {
				t.Fatalf("file %q: name %q keeps a directory", name, file.Name)
			}
			if file.Error != UploadErrOK && len(file.Data) > 0 {
				t.Fatalf("file %q: error %d with %d bytes", name, file.Error, len(file.Data))
			}
		}
		if r.Unparsed && (r.Body != nil || r.Files != nil) {
			t.Fatal("a body PHP did not parse has fields or files")
		}
	})
}
