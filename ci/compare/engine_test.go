package compare

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"
)

// The comparison's own checks, run by make test (they need no WordPress).

func decode(t *testing.T, s string) any {
	t.Helper()
	var v any
	if err := json.Unmarshal([]byte(s), &v); err != nil {
		t.Fatalf("%s: %v", s, err)
	}
	return v
}

func TestShapeDiff(t *testing.T) {
	for _, c := range []struct {
		name, want, got string
		free            []string
		diffs           []string
	}{
		{"values differ", `{"id":1,"title":{"rendered":"a"}}`, `{"id":2,"title":{"rendered":"b"}}`, nil, nil},
		{"missing and extra key", `{"id":1,"a":1}`, `{"id":1,"b":1}`, nil,
			[]string{`a: missing (WordPress has it)`, `b: unexpected (WordPress has no such key)`}},
		{"type", `{"meta":[]}`, `{"meta":{}}`, nil, []string{`meta: got object, want array`}},
		{"null vs number", `{"post":null}`, `{"post":2}`, nil, []string{`post: got number 2, want null`}},
		{"first elements", `[{"a":{"b":1}},{"x":1}]`, `[{"a":{"c":1}}]`, nil,
			[]string{`[0].a.b: missing (WordPress has it)`, `[0].a.c: unexpected (WordPress has no such key)`}},
		{"empty top-level list", `[{"a":1}]`, `[]`, nil, []string{`(root): got 0 items, want 1`}},
		{"nested lists hold data", `{"tags":[1]}`, `{"tags":[]}`, nil, nil},
		{"free", `[{"media_details":{"sizes":{"thumbnail":{}}}}]`, `[{"media_details":{"sizes":{}}}]`,
			[]string{"media_details.sizes"}, nil},
		{"free still checks the type", `{"capabilities":{}}`, `{"capabilities":[]}`,
			[]string{"capabilities"}, []string{`capabilities: got array, want object`}},
	} {
		t.Run(c.name, func(t *testing.T) {
			var d differ
			shapeDiff(&d, decode(t, c.want), decode(t, c.got), c.free)
			var got []string
			for _, x := range d {
				got = append(got, x.String())
			}
			if strings.Join(got, "\n") != strings.Join(c.diffs, "\n") {
				t.Errorf("got\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(c.diffs, "\n"))
			}
		})
	}
}

func TestErrorDiff(t *testing.T) {
	want := `{"code":"rest_invalid_param","message":"m","data":{"status":400,"params":{"per_page":"x"},"details":{"per_page":{}}}}`
	for _, c := range []struct {
		name, got string
		diffs     []string
	}{
		{"same", `{"code":"rest_invalid_param","message":"other","data":{"status":400,"params":{"per_page":"y"},"details":{"per_page":{}}}}`, nil},
		{"code", `{"code":"rest_no_route","message":"m","data":{"status":400}}`, []string{"code: got rest_no_route, want rest_invalid_param"}},
		{"params", `{"code":"rest_invalid_param","message":"m","data":{"status":400,"params":{"page":"x"},"details":{"per_page":{}}}}`,
			[]string{"data.params.per_page: missing (WordPress has it)", "data.params.page: unexpected (WordPress has no such key)"}},
	} {
		var d differ
		compareError(&d, decode(t, want), decode(t, c.got))
		var got []string
		for _, x := range d {
			got = append(got, x.String())
		}
		if strings.Join(got, "\n") != strings.Join(c.diffs, "\n") {
			t.Errorf("%s: got\n%s\nwant\n%s", c.name, strings.Join(got, "\n"), strings.Join(c.diffs, "\n"))
		}
	}
}

func TestHeaders(t *testing.T) {
	h := http.Header{}
	h.Add("Link", `<http://h/wp-json/wp/v2/posts?page=1>; rel="prev", <http://h/wp-json/wp/v2/posts?page=3>; rel="next"`)
	if got := linkRels(h); got != "next prev" {
		t.Errorf("linkRels: got %q, want %q", got, "next prev")
	}
	want := &response{status: 200, header: http.Header{"Allow": {"GET"}, "X-Wp-Total": {"3"}, "Content-Type": {"application/json; charset=UTF-8"}}}
	got := &response{status: 200, header: http.Header{"Allow": {"GET, POST"}, "Content-Type": {"application/json; charset=UTF-8"}}}
	var d differ
	compareHeaders(&d, &row{}, want, got)
	if len(d) != 2 || d[0].path != "header X-WP-Total" || d[1].path != "header Allow" {
		t.Errorf("compareHeaders: got %v", d)
	}
}

func TestAllowed(t *testing.T) {
	if allowedFor("GET /wp/v2/posts/{post}?_embed", difference{path: "_embedded.replies"}) == "" {
		t.Error("the embedded replies should be allowed")
	}
	if allowedFor("GET /wp/v2/posts", difference{path: "_embedded.replies"}) != "" {
		t.Error("an allowance applies to its rows only")
	}
	if !glob("GET /*", "GET /wp/v2") || glob("GET /*", "OPTIONS /wp/v2") || !suffixMatch("media_details.sizes", "[0].media_details.sizes") {
		t.Error("glob or suffixMatch")
	}
}

// TestRowNames keeps subtest names unique, so that -run can pick any row.
func TestRowNames(t *testing.T) {
	seen := map[string]bool{}
	for _, rw := range allRows() {
		if seen[rw.name()] {
			t.Errorf("two rows named %q", rw.name())
		}
		seen[rw.name()] = true
	}
}

// TestWriteHelpers covers what the write rows rely on: values by path, the id an
// answer gives a placeholder, placeholders with digits next to JSON braces.
func TestWriteHelpers(t *testing.T) {
	v := decode(t, `{"id":3,"previous":{"status":"trash"},"tags":[4,5],"list":[{"title":{"raw":"x"}}]}`)
	for _, c := range []struct{ path, want string }{
		{"id", "3"}, {"previous.status", "trash"}, {"tags", "[4,5]"}, {"tags[1]", "5"}, {"list[0].title.raw", "x"},
	} {
		got, ok := valueAt(v, c.path)
		if !ok || valueString(got) != c.want {
			t.Errorf("valueAt(%q): got %v %v, want %s", c.path, got, ok, c.want)
		}
	}
	if _, ok := valueAt(v, "tags[2]"); ok {
		t.Error("valueAt past the end of a list")
	}
	if n, _ := valueAt(decode(t, `[1,2]`), "#"); valueString(n) != "2" {
		t.Errorf("valueAt #: got %v", n)
	}
	if answerID(decode(t, `[{"id":7}]`)) != "7" || answerID(decode(t, `{"uuid":"u-1","x":1}`)) != "u-1" || answerID(decode(t, `[]`)) != "" {
		t.Error("answerID")
	}
	tg := newTarget("t", "http://h/wp-json", "http://h")
	tg.ids["p1"] = "12"
	if got, err := tg.expand(`{"id":{p1},"tags":[{p1}]}`); err != nil || got != `{"id":12,"tags":[12]}` {
		t.Errorf("expand: got %q, %v", got, err)
	}
	want := &response{status: 201, header: http.Header{"Location": {"http://h/wp-json/wp/v2/posts/12"}, "X-Wp-Upload-Attachment-Id": {"12"}}}
	got := &response{status: 201, header: http.Header{}}
	var d differ
	compareHeaders(&d, &row{}, want, got)
	if len(d) != 2 || d[0].path != "header Location" || d[1].path != "header X-Wp-Upload-Attachment-Id" {
		t.Errorf("compareHeaders: got %v", d)
	}
}
