package compare

import (
	"fmt"
	"net/http"
	"net/url"
	"slices"
	"strings"

	"github.com/wpmock/wpmock/mock/rest"
)

// The catalogue's cases (issue 15): bad or odd requests, generated from the mock's route
// declarations where a case follows from an argument (wrong JSON types for every
// writable field, odd numbers for every integer argument, odd dates and enum values),
// and listed by hand where it does not (malformed JSON, array syntaxes, transport
// oddities: catalogue_transport_test.go). The declarations are the mock's, but the
// comparison's OPTIONS rows hold them to WordPress's own argument lists.

// catPrefix starts the name of everything the catalogue makes, on both sides.
const catPrefix = "wpcat-"

// ccase is one catalogue request: a row (method, path template, login, headers, body)
// in a group that says what kind of oddity it is.
type ccase struct {
	row
	group string
}

func (c *ccase) name() string { return shorten(c.group+": "+c.row.name(), 200) }

// catResource is one resource as the catalogue addresses it.
type catResource struct {
	name string
	// collection and item are the route patterns as declared ("/wp/v2/posts/(?P<id>[\d]+)").
	collection, item string
	// base is the collection path template; mine is the item path template of the
	// object the catalogue made for its writes; seen is one of the prepared objects
	// both sides have, for reads.
	base, mine, seen string
	// reader is the login lists are read as ("" anonymous).
	reader string
}

var catResources = []catResource{
	{"posts", `/wp/v2/posts`, `/wp/v2/posts/(?P<id>[\d]+)`, "/wp/v2/posts", "/wp/v2/posts/{cpost}", "/wp/v2/posts/{post}", ""},
	{"media", `/wp/v2/media`, `/wp/v2/media/(?P<id>[\d]+)`, "/wp/v2/media", "/wp/v2/media/{cmedia}", "/wp/v2/media/{media}", ""},
	{"users", `/wp/v2/users`, `/wp/v2/users/(?P<id>[\d]+)`, "/wp/v2/users", "/wp/v2/users/{cuser}", "/wp/v2/users/{admin}", ""},
	{"tags", `/wp/v2/tags`, `/wp/v2/tags/(?P<id>[\d]+)`, "/wp/v2/tags", "/wp/v2/tags/{ctag}", "/wp/v2/tags/{tag}", ""},
	{"categories", `/wp/v2/categories`, `/wp/v2/categories/(?P<id>[\d]+)`, "/wp/v2/categories", "/wp/v2/categories/{ccat}", "/wp/v2/categories/{category}", ""},
	{"revisions", `/wp/v2/posts/(?P<parent>[\d]+)/revisions`, `/wp/v2/posts/(?P<parent>[\d]+)/revisions/(?P<id>[\d]+)`,
		"/wp/v2/posts/{post}/revisions", "", "/wp/v2/posts/{post}/revisions/{revision}", "admin"},
	{"application passwords", `/wp/v2/users/(?P<user_id>(?:[\d]+|me))/application-passwords`,
		`/wp/v2/users/(?P<user_id>(?:[\d]+|me))/application-passwords/(?P<uuid>[\w\-]+)`,
		"/wp/v2/users/{cuser}/application-passwords", "/wp/v2/users/{cuser}/application-passwords/{capp}", "", "admin"},
}

// catSetup are the objects the catalogue writes to, made as admin on each side before
// the cases run, and deleted afterwards.
func catSetup() []row {
	png, err := sampleImage()
	if err != nil {
		panic(err)
	}
	return []row{
		{method: http.MethodPost, path: "/wp/v2/posts", as: "admin", save: "cpost", note: "setup",
			body: `{"title":"wpcat-post","status":"publish","content":"<p>wpcat</p>"}`},
		{method: http.MethodPost, path: "/wp/v2/media", as: "admin", save: "cmedia", note: "setup",
			header: uploadPNG("wpcat-media.png"), raw: png},
		{method: http.MethodPost, path: "/wp/v2/users", as: "admin", save: "cuser", note: "setup",
			body: `{"username":"wpcat-user","email":"wpcat-user@example.com","password":"wpcat-Secret-1","roles":["author"]}`},
		{method: http.MethodPost, path: "/wp/v2/tags", as: "admin", save: "ctag", note: "setup", body: `{"name":"wpcat-tag"}`},
		{method: http.MethodPost, path: "/wp/v2/categories", as: "admin", save: "ccat", note: "setup", body: `{"name":"wpcat-category"}`},
		{method: http.MethodPost, path: "/wp/v2/users/{cuser}/application-passwords", as: "admin", save: "capp", note: "setup",
			body: `{"name":"wpcat-app"}`},
	}
}

// endpointOf is the endpoint of the route declared as pattern that answers method.
func endpointOf(routes []*rest.Route, pattern, method string) *rest.Endpoint {
	for _, rt := range routes {
		if rt.Pattern != pattern {
			continue
		}
		for _, e := range rt.Endpoints {
			if slices.Contains(e.Methods, method) {
				return e
			}
		}
	}
	return nil
}

// catalogue is every case, in the order they run: reads first, then the writes, which
// touch only the objects of catSetup (or are refused).
func catalogue(routes []*rest.Route) []ccase {
	var cs []ccase
	add := func(group string, r row) {
		if r.method == "" {
			r.method = http.MethodGet
		}
		cs = append(cs, ccase{row: r, group: group})
	}
	integerArgs(routes, add)
	dateArgs(routes, add)
	enumArgs(routes, add)
	arraySyntaxes(add)
	duplicateArgs(add)
	globalParams(add)
	authHeaders(add)
	unknownRoutes(routes, add)
	missingIDs(add)
	stringOddities(add)
	malformedJSON(add)
	wrongTypes(routes, add)
	bodyNumbers(routes, add)
	methodOverrides(add)
	uploads(add)
	return cs
}

// queryValue escapes a value for a query string, keeping what a client would send as
// is readable in names.
func queryValue(v string) string { return url.QueryEscape(v) }

// intValues are the odd values every integer query argument gets: below and past the
// integer range, fractions, exponents, junk after digits, empty.
var intValues = []string{"-1", "0", "1.5", "1e3", "9223372036854775807", "9223372036854775808",
	"-9223372036854775809", "99999999999999999999999", "5abc", ""}

// integerArgs: every integer argument (and every array of integers) of every list.
func integerArgs(routes []*rest.Route, add func(string, row)) {
	for _, res := range catResources {
		e := endpointOf(routes, res.collection, http.MethodGet)
		if e == nil {
			panic("no list route " + res.collection)
		}
		for _, a := range e.Args {
			if !isInteger(a) && !(a.Type() == "array" && a.Items != nil && isInteger(a.Items)) {
				continue
			}
			for _, v := range intValues {
				add("integer argument", row{path: res.base + "?" + a.Name + "=" + queryValue(v), as: res.reader})
			}
		}
	}
}

func isInteger(s *rest.Schema) bool { return slices.Contains(s.Types, "integer") }

// badDates are date-time values rest_parse_date or strtotime refuse, carry or accept
// at the edges.
var badDates = []string{"notadate", "2020-13-01T00:00:00", "2020-02-30T10:00:00", "2020-01-01",
	"2020-01-01T00:00:00", "2020-01-01T24:00:00", "2020-01-01T00:00:00+25:00", "2020-01-01 00:00:00",
	"0000-00-00T00:00:00", "10000-01-01T00:00:00", "2020-01-01T00:00:00.123456Z", ""}

// dateArgs: every date-time query argument of every list, and the date fields of the
// writes of posts and media.
func dateArgs(routes []*rest.Route, add func(string, row)) {
	for _, res := range catResources {
		e := endpointOf(routes, res.collection, http.MethodGet)
		for _, a := range e.Args {
			if a.Format != "date-time" {
				continue
			}
			for _, v := range badDates {
				add("date argument", row{path: res.base + "?" + a.Name + "=" + queryValue(v), as: res.reader})
			}
		}
	}
	for _, res := range catResources[:2] {
		e := endpointOf(routes, res.item, http.MethodPost)
		for _, a := range e.Args {
			if a.Format != "date-time" {
				continue
			}
			for _, v := range badDates {
				add("date field", row{method: http.MethodPost, path: res.mine, as: "admin",
					body: fmt.Sprintf(`{%q:%q}`, a.Name, v), note: a.Name + "=" + v})
			}
		}
	}
}

// enumArgs: every enum argument of every list and of every write (context, order,
// orderby, status, format, ...): an unknown value, a known one in capitals, empty, with
// a trailing space, and as an array.
func enumArgs(routes []*rest.Route, add func(string, row)) {
	for _, res := range catResources {
		e := endpointOf(routes, res.collection, http.MethodGet)
		for _, a := range e.Args {
			enum := enumOf(a)
			if len(enum) == 0 {
				continue
			}
			first := fmt.Sprint(enum[0])
			for _, q := range distinct(a.Name+"=bogus", a.Name+"="+strings.ToUpper(first), a.Name+"=",
				a.Name+"="+queryValue(first+" "), a.Name+"[]="+queryValue(first), a.Name+"[]=bogus") {
				add("enum argument", row{path: res.base + "?" + q, as: res.reader})
			}
		}
	}
	for _, res := range catResources {
		if res.mine == "" {
			continue
		}
		e := endpointOf(routes, res.item, http.MethodPost)
		for _, a := range e.Args {
			enum := enumOf(a)
			if len(enum) == 0 {
				continue
			}
			first := fmt.Sprint(enum[0])
			for _, v := range distinct(`"bogus"`, fmt.Sprintf("%q", strings.ToUpper(first)), `""`, fmt.Sprintf("%q", first+" "),
				fmt.Sprintf("[%q]", first)) {
				add("enum field", row{method: http.MethodPost, path: res.mine, as: "admin",
					body: fmt.Sprintf(`{%q:%s}`, a.Name, v), note: a.Name + "=" + v})
			}
		}
	}
}

// distinct is values without repeats, in order.
func distinct(values ...string) []string {
	var out []string
	for _, v := range values {
		if !slices.Contains(out, v) {
			out = append(out, v)
		}
	}
	return out
}

// enumOf is an argument's enum, or its items' enum for an array.
func enumOf(a *rest.Schema) []any {
	if len(a.Enum) > 0 {
		return a.Enum
	}
	if a.Items != nil {
		return a.Items.Enum
	}
	return nil
}

// jsonSamples are values of every JSON type; wrongTypes sends each field those its
// declaration does not allow.
var jsonSamples = []struct{ kind, json string }{
	{"string", `"wpcat-text"`},
	{"integer", `123`},
	{"number", `1.5`},
	{"boolean", `true`},
	{"null", `null`},
	{"array", `[]`},
	{"array", `[1,"a"]`},
	{"object", `{}`},
	{"object", `{"a":{"b":1}}`},
}

// allows reports whether a declared type set takes a value of kind.
func allows(types []string, kind string) bool {
	switch kind {
	case "integer":
		return slices.Contains(types, "integer") || slices.Contains(types, "number")
	}
	return slices.Contains(types, kind)
}

// wrongTypes: every writable field of every resource's update gets every JSON type
// its declaration does not name, on the catalogue's own object.
func wrongTypes(routes []*rest.Route, add func(string, row)) {
	for _, res := range catResources {
		if res.mine == "" {
			continue
		}
		e := endpointOf(routes, res.item, http.MethodPost)
		for _, a := range e.Args {
			if a.Name == "id" || a.Name == "user_id" || a.Name == "uuid" {
				continue
			}
			for _, s := range jsonSamples {
				if allows(a.Types, s.kind) {
					continue
				}
				add("wrong type", row{method: http.MethodPost, path: res.mine, as: "admin",
					body: fmt.Sprintf(`{%q:%s}`, a.Name, s.json), note: a.Name + "=" + s.json})
			}
		}
	}
	// Creates with a wrong type in what they require: refused, nothing made.
	for _, c := range []struct{ path, body string }{
		{"/wp/v2/posts", `{"title":"wpcat-x","status":5}`},
		{"/wp/v2/posts", `{"title":"wpcat-x","categories":"abc"}`},
		{"/wp/v2/users", `{"username":123,"email":"wpcat-t1@example.com","password":"x"}`},
		{"/wp/v2/users", `{"username":"wpcat-t2","email":["wpcat-t2@example.com"],"password":"x"}`},
		{"/wp/v2/users", `{"username":"wpcat-t3","email":"wpcat-t3@example.com","password":{}}`},
		{"/wp/v2/users", `{"username":null,"email":"wpcat-t4@example.com","password":"x"}`},
		{"/wp/v2/tags", `{"name":[]}`},
		{"/wp/v2/tags", `{"name":null}`},
		{"/wp/v2/categories", `{"name":{}}`},
		{"/wp/v2/categories", `{"name":"wpcat-x","parent":"abc"}`},
		{"/wp/v2/users/{cuser}/application-passwords", `{"name":123}`},
		{"/wp/v2/users/{cuser}/application-passwords", `{"name":null}`},
		{"/wp/v2/users/{cuser}/application-passwords", `{"name":"wpcat-x","app_id":"not-a-uuid"}`},
	} {
		add("wrong type", row{method: http.MethodPost, path: c.path, as: "admin", body: c.body, note: "create " + c.body})
	}
}

// bodyNumbers: odd numbers for every integer field of the writes, and odd items for
// every array of integers.
func bodyNumbers(routes []*rest.Route, add func(string, row)) {
	// 1 names the same object on both sides (admin, post 1, Uncategorized); other ids
	// name different objects on each
	numbers := []string{"-1", "0", "1.0", "1e300", "9223372036854775808", "-9223372036854775809", `"1"`, `"abc"`, `" 1"`}
	items := []string{"[-1]", "[0]", "[1.5]", `["abc"]`, "[9223372036854775808]", `"1,2"`, "[null]", "[[1]]"}
	for _, res := range catResources {
		if res.mine == "" {
			continue
		}
		e := endpointOf(routes, res.item, http.MethodPost)
		for _, a := range e.Args {
			if a.Name == "id" {
				continue
			}
			var values []string
			switch {
			case isInteger(a):
				values = numbers
			case a.Type() == "array" && a.Items != nil && isInteger(a.Items):
				values = items
			default:
				continue
			}
			for _, v := range values {
				add("integer field", row{method: http.MethodPost, path: res.mine, as: "admin",
					body: fmt.Sprintf(`{%q:%s}`, a.Name, v), note: a.Name + "=" + v})
			}
		}
	}
}

// arraySyntaxes: the ways PHP reads arrays from a query string, on an array of
// integers, an array of strings, an array of enums and the taxonomy objects.
func arraySyntaxes(add func(string, row)) {
	for _, q := range []string{
		"include[]={post}&include[]={release}", "include={post},{release}", "include[0]={post}", "include[a]={post}",
		"include[]=", "include=", "include=,,", "include[][]={post}", "include={post}&include[]={release}",
		"include[]={post}&include={release}", "include[0]={post}&include[5]={release}", "include=%20{post}%20,%20{release}",
		"slug[]=hello-world&slug[]=nope", "slug=hello-world,nope", "slug[x]=hello-world", "slug[]=",
		"categories[terms][]={category}", "categories[terms]={category}", "categories[terms][]=abc",
		"categories[include_children]=true&categories[terms][]={category}", "categories[operator]=AND&categories[terms][]={category}",
		"categories[operator]=XOR&categories[terms][]={category}", "categories[bogus]=1", "categories={category}&tax_relation=OR&tags={tag}",
		"tags[]=abc", "author[]={admin}&author[]=abc", "exclude[]={post}&exclude[]={post}", "orderby[]=date", "search[]=hello",
	} {
		add("array syntax", row{path: "/wp/v2/posts?" + q})
	}
	for _, q := range []string{"status[]=publish&status[]=draft", "status=publish,draft", "status=publish,bogus",
		"status[]=any", "status=any,trash", "status[a]=draft"} {
		add("array syntax", row{path: "/wp/v2/posts?" + q, as: "admin"})
	}
	for _, q := range []string{"roles[]=author&roles[]=editor", "roles=author,editor", "capabilities[]=edit_posts", "who[]=authors",
		"has_published_posts[]=post", "has_published_posts=post,page", "has_published_posts=true"} {
		add("array syntax", row{path: "/wp/v2/users?" + q, as: "admin"})
	}
}

// duplicateArgs: repeated and unknown arguments, and an argument in two sources.
func duplicateArgs(add func(string, row)) {
	for _, q := range []string{"per_page=1&per_page=200", "per_page=200&per_page=1", "context=view&context=edit",
		"unknown=1", "_unknown=1", "page=1&page=abc", "order=asc&order=ASC", "include={post}&include={release}"} {
		add("duplicate argument", row{path: "/wp/v2/posts?" + q})
	}
	add("duplicate argument", row{path: "/wp/v2/posts/{post}?id=999999", note: "id in the query and the path"})
	add("duplicate argument", row{path: "/wp/v2/posts/{post}?id=abc", note: "a bad id in the query"})
	add("duplicate argument", row{method: http.MethodPost, path: "/wp/v2/posts/{cpost}?title=wpcat-from-query", as: "admin",
		body: `{"title":"wpcat-from-body"}`, note: "title in the query and the body"})
	add("duplicate argument", row{method: http.MethodPost, path: "/wp/v2/posts/{cpost}?status=bogus", as: "admin",
		body: `{"status":"publish"}`, note: "a bad value in the query under a good one in the body"})
	add("duplicate argument", row{method: http.MethodPost, path: "/wp/v2/posts/{cpost}", as: "admin",
		body: `{"nope":1,"_links":{},"id":"abc"}`, note: "unknown keys and id in the body"})
	add("duplicate argument", row{method: http.MethodPost, path: "/wp/v2/posts/{cpost}", as: "admin",
		body: `{"status":"bogus","status":"publish"}`, note: "a repeated key in JSON"})
	add("duplicate argument", row{method: http.MethodPost, path: "/wp/v2/posts/{cpost}", as: "admin",
		body: `{"status":"publish","status":"bogus"}`, note: "a repeated key in JSON, the bad one last"})
	add("duplicate argument", row{method: http.MethodPost, path: "/wp/v2/posts/{cpost}", as: "admin",
		header: []string{"Content-Type", "application/x-www-form-urlencoded"}, raw: []byte("status=bogus&status=publish"),
		note: "a repeated form field"})
}
