package mock

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"

	"github.com/wpmock/wpmock/fixtures"
	"github.com/wpmock/wpmock/mock/rest"
	"github.com/wpmock/wpmock/mock/store"
	"github.com/wpmock/wpmock/mock/wpfunc"
)

// Posts and revisions in the later profiles: what each release from 6.2 on added or
// changed, checked on the example site in every profile (6.1 must ignore all of it).
// The expected values are WordPress 6.8's and 7.1's answers to the same requests.

// newProfileSite is a test site answering as WordPress v.
func newProfileSite(t testing.TB, v rest.Version) *testSite {
	t.Helper()
	m, err := New(Options{Dataset: fixtures.Example(), Clock: fixedClock, Version: v})
	if err != nil {
		t.Fatalf("New: %v", err)
	}
	srv := httptest.NewServer(m)
	t.Cleanup(srv.Close)
	return &testSite{Mock: m, srv: srv}
}

// at picks the value of the latest of the versions that v has: pairs of a version and
// a value, oldest first.
func at[T any](v rest.Version, steps ...any) T {
	var out T
	for i := 0; i+1 < len(steps); i += 2 {
		if (rest.Span{Since: steps[i].(rest.Version)}).In(v) {
			out = steps[i+1].(T)
		}
	}
	return out
}

// ids lists the ids of a JSON list.
func ids(t testing.TB, r reply) string {
	t.Helper()
	list, ok := r.json.([]any)
	if !ok {
		t.Fatalf("not a list: %d %s", r.status, r.body)
	}
	var out []string
	for _, it := range list {
		out = append(out, strconv.Itoa(int(it.(map[string]any)["id"].(float64))))
	}
	return strings.Join(out, ",")
}

// compactAt is the compact JSON of the value at a dotted path of an object answer.
func compactAt(t testing.TB, r reply, path string) string {
	t.Helper()
	var v any = r.json
	for _, k := range strings.Split(path, ".") {
		o, ok := v.(map[string]any)
		if !ok {
			return "(absent)"
		}
		if v, ok = o[k]; !ok {
			return "(absent)"
		}
	}
	var b strings.Builder
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	_ = enc.Encode(v)
	return strings.TrimSuffix(b.String(), "\n")
}

func TestPostListArgsByProfile(t *testing.T) {
	for _, v := range rest.Profiles {
		s := newProfileSite(t, v)
		for _, c := range []struct {
			path string
			want string
		}{
			{"/wp/v2/posts", "5,3,2,1"},
			// search_columns (6.2): "number" is in the contents, not the titles
			{"/wp/v2/posts?search=number", "3,2,1"},
			{"/wp/v2/posts?search=number&search_columns=post_title", at[string](v, rest.V61, "3,2,1", rest.V62, "")},
			{"/wp/v2/posts?search=number&search_columns[]=post_title&search_columns[]=post_content", "3,2,1"},
			// search_semantics=exact (6.7): each term must be a whole column
			{"/wp/v2/posts?search=hello&search_semantics=exact", at[string](v, rest.V61, "1", rest.V67, "")},
			{"/wp/v2/posts?search=%22hello+world!%22&search_semantics=exact", "1"},
			{"/wp/v2/posts?search=%22HELLO+WORLD!%22&search_semantics=exact&orderby=relevance", at[string](v, rest.V61, "1", rest.V67, "")},
			// format (6.7)
			{"/wp/v2/posts?format=aside", at[string](v, rest.V61, "5,3,2,1", rest.V67, "")},
			{"/wp/v2/posts?format=standard,aside", "5,3,2,1"},
			// ignore_sticky (6.8): the sticky post 2 first on the first page of the home page
			{"/wp/v2/posts?ignore_sticky=false", at[string](v, rest.V61, "5,3,2,1", rest.V68, "2,5,3,1")},
			{"/wp/v2/posts?ignore_sticky=false&per_page=1", at[string](v, rest.V61, "5", rest.V68, "2,5")},
			{"/wp/v2/posts?ignore_sticky=false&per_page=1&page=2", "3"},
			{"/wp/v2/posts?ignore_sticky=false&order=asc", at[string](v, rest.V61, "1,2,3,5", rest.V68, "2,1,3,5")},
			{"/wp/v2/posts?ignore_sticky=false&author=1", at[string](v, rest.V61, "5,1", rest.V68, "2,5,1")},
			{"/wp/v2/posts?ignore_sticky=false&tags_exclude=4", at[string](v, rest.V61, "5,1", rest.V68, "2,5,1")},
			{"/wp/v2/posts?ignore_sticky=false&exclude=2", "5,3,1"},
			{"/wp/v2/posts?ignore_sticky=false&sticky=false", "5,3,1"},
			{"/wp/v2/posts?ignore_sticky=false&search=", "5,3,2,1"},
			{"/wp/v2/posts?ignore_sticky=false&categories=2", "3,2"},
			{"/wp/v2/posts?ignore_sticky=false&include=1,2", "2,1"},
		} {
			r := s.get(t, c.path, "")
			if got := ids(t, r); got != c.want {
				t.Errorf("%s: GET %s: got [%s], want [%s]", v, c.path, got, c.want)
			}
		}
		// the sticky post fetched for the page does not count in the total
		if r := s.get(t, "/wp/v2/posts?ignore_sticky=false&per_page=1", ""); r.header.Get("X-WP-Total") != "4" {
			t.Errorf("%s: X-WP-Total %s, want 4", v, r.header.Get("X-WP-Total"))
		}
		// arguments a version lacks are ignored; those it has are validated
		for _, c := range []struct {
			path  string
			since rest.Version
		}{
			{"/wp/v2/posts?search_columns=post_name", rest.V62},
			{"/wp/v2/posts?search_semantics=fuzzy", rest.V67},
			{"/wp/v2/posts?format=nope", rest.V67},
			{"/wp/v2/posts?format[]=aside&format[]=aside", rest.V67},
			{"/wp/v2/posts?ignore_sticky=maybe", rest.V68},
			{"/wp/v2/posts/1?excerpt_length=abc", rest.V66},
		} {
			want := at[int](v, rest.V61, http.StatusOK, c.since, http.StatusBadRequest)
			if r := s.get(t, c.path, ""); r.status != want {
				t.Errorf("%s: GET %s: status %d, want %d\n%s", v, c.path, r.status, want, r.body)
			}
		}
	}
}

func TestPostFieldsByProfile(t *testing.T) {
	for _, v := range rest.Profiles {
		s := newProfileSite(t, v)
		for _, c := range []struct {
			path, login, field, want string
		}{
			{"/wp/v2/posts/2", "", "class_list", at[string](v, rest.V61, "(absent)", rest.V66,
				`["post-2","post","type-post","status-publish","format-standard","has-post-thumbnail","hentry",`+
					`"category-news","category-releases","tag-go"]`)},
			{"/wp/v2/posts/5?password=secret&context=edit", "admin", "class_list", at[string](v, rest.V61, "(absent)", rest.V66,
				`["post-5","post","type-post","status-publish","format-standard","post-password-required","hentry",`+
					`"category-uncategorized"]`)},
			{"/wp/v2/posts/2?context=embed", "", "class_list", "(absent)"},
			{"/wp/v2/posts/1", "", "meta", at[string](v, rest.V61, "[]", rest.V63, `{"footnotes":""}`)},
			{"/wp/v2/posts/3", "", "meta", at[string](v, rest.V61, `{"mood":"cheerful"}`, rest.V63, `{"footnotes":"","mood":"cheerful"}`)},
			{"/wp/v2/posts/6", "admin", "title.rendered", at[string](v, rest.V61, `"Private: Internal memo"`, rest.V67, `"Internal memo"`)},
			{"/wp/v2/posts/1?excerpt_length=3", "", "excerpt.rendered", at[string](v,
				rest.V61, `"<p>Hello world! is post number 1 of the wpmock site.</p>\n"`, rest.V66, `"<p>Hello world! is [&hellip;]</p>\n"`)},
			{"/wp/v2/posts/1/revisions/8", "admin", "meta", at[string](v, rest.V61, "(absent)", rest.V64, `{"footnotes":""}`)},
		} {
			r := s.get(t, c.path, c.login)
			if got := compactAt(t, r, c.field); got != c.want {
				t.Errorf("%s: GET %s: %s is %s, want %s", v, c.path, c.field, got, c.want)
			}
		}
		r := s.get(t, "/wp/v2/posts?include=1&excerpt_length=0&_fields=excerpt", "")
		want := at[string](v, rest.V61, `<p>Hello world! is post number 1 of the wpmock site.<\/p>\n`, rest.V66, `<p> [&hellip;]<\/p>\n`)
		if !strings.Contains(string(r.body), want) {
			t.Errorf("%s: excerpt_length=0 on the list: %s, want the excerpt %s", v, r.body, want)
		}
	}
}

func TestClassNames(t *testing.T) {
	// array_unique leaves a gap, which json_encode prints as an object
	got, _ := json.Marshal(uniqueClasses([]string{"a", "b", "a", "c"}))
	if want := `{"0":"a","1":"b","3":"c"}`; string(got) != want {
		t.Errorf("uniqueClasses: got %s, want %s", got, want)
	}
}

func TestTrimWords(t *testing.T) {
	const text = "one two\tthree\nfour  five"
	for n, want := range map[int]string{
		55: "one two three four five", 5: "one two three four five", 3: "one two three…",
		1: "one…", 0: "…", -1: "one two three four…", -3: "one two three four…",
	} {
		if got := wpfunc.TrimWords(text, n, "…"); got != want {
			t.Errorf("wpfunc.TrimWords(%d): got %q, want %q", n, got, want)
		}
	}
	if got := wpfunc.TrimWords("", -2, "…"); got != "…" {
		t.Errorf(`wpfunc.TrimWords("", -2): got %q, want "…"`, got)
	}
}

// TestFootnotesByProfile follows footnotes (6.3) through writes and revisions (6.4).
func TestFootnotesByProfile(t *testing.T) {
	for _, v := range rest.Profiles {
		s := newProfileSite(t, v)
		post := func(path, body string) reply {
			return s.do(t, http.MethodPost, path, "admin", strings.NewReader(body), "Content-Type", "application/json")
		}
		r := post("/wp/v2/posts", `{"title":"Notes","meta":{"footnotes":"[]"}}`)
		id := strconv.Itoa(int(r.json.(map[string]any)["id"].(float64)))
		if got, want := compactAt(t, r, "meta"), at[string](v, rest.V61, "[]", rest.V63, `{"footnotes":"[]"}`); got != want {
			t.Errorf("%s: create: meta %s, want %s", v, got, want)
		}
		// a value the key refuses: the post is saved, the answer is the error
		r = post("/wp/v2/posts/"+id, `{"title":"Notes, retitled","meta":{"footnotes":5}}`)
		if v >= rest.V63 {
			const want = `{"code":"rest_invalid_type","message":"meta.footnotes is not of type string.","data":{"status":400},` +
				`"additional_data":[{"param":"meta.footnotes"}]}`
			if r.status != http.StatusBadRequest || string(r.body) != want {
				t.Errorf("%s: footnotes 5: %d %s, want 400 %s", v, r.status, r.body, want)
			}
			if got := compactAt(t, s.get(t, "/wp/v2/posts/"+id+"?context=edit", "admin"), "title.raw"); got != `"Notes, retitled"` {
				t.Errorf("%s: the refused update left the title %s", v, got)
			}
		} else if r.status != http.StatusOK {
			t.Errorf("%s: footnotes 5: %d %s, want 200 (footnotes unknown)", v, r.status, r.body)
		}
		post("/wp/v2/posts/"+id, `{"meta":{"footnotes":"[{\"id\":\"a\"}]"}}`)
		post("/wp/v2/posts/"+id, `{"meta":{"footnotes":"[{\"id\":\"b\"}]"}}`)
		revs := s.get(t, "/wp/v2/posts/"+id+"/revisions", "admin")
		// 6.1: the refused update was the first (a revision); nothing after changed.
		// 6.4: no revision for the refused update, one for each footnotes change.
		if got, want := len(revs.json.([]any)), at[int](v, rest.V61, 1, rest.V64, 2); got != want {
			t.Fatalf("%s: %d revisions, want %d\n%s", v, got, want, revs.body)
		}
		if v >= rest.V64 {
			newest := revs.json.([]any)[0].(map[string]any)["meta"]
			if b, _ := json.Marshal(newest); string(b) != `{"footnotes":"[{\"id\":\"b\"}]"}` {
				t.Errorf("%s: the newest revision's meta: %s", v, b)
			}
		}
	}
}

func TestRevisionParentByProfile(t *testing.T) {
	for _, v := range rest.Profiles {
		s := newProfileSite(t, v)
		r := s.get(t, "/wp/v2/posts/2/revisions/8", "admin")
		if v < rest.V65 {
			if r.status != http.StatusOK {
				t.Errorf("%s: revision 8 under post 2: %d, want 200", v, r.status)
			}
			continue
		}
		const want = `{"code":"rest_revision_parent_id_mismatch","message":"The revision does not belong to the specified parent with id of \"2\"","data":{"status":404}}`
		if string(r.body) != want {
			t.Errorf("%s: revision 8 under post 2: %s, want %s", v, r.body, want)
		}
	}
}

// TestPasswordSourceByProfile: 6.7's permission check reads ?password= only, while the
// content still shows for a password from any source.
func TestPasswordSourceByProfile(t *testing.T) {
	for _, v := range rest.Profiles {
		s := newProfileSite(t, v)
		get := func(body string) reply {
			return s.do(t, http.MethodGet, "/wp/v2/posts/5", "", strings.NewReader(body), "Content-Type", "application/json")
		}
		if r, want := get(`{"password":"wrong"}`), at[int](v, rest.V61, http.StatusForbidden, rest.V67, http.StatusOK); r.status != want {
			t.Errorf("%s: a wrong password in the body: %d, want %d", v, r.status, want)
		}
		if r := get(`{"password":"secret"}`); !strings.Contains(compactAt(t, r, "content.rendered"), "Members only is post number 5") {
			t.Errorf("%s: the right password in the body: %s", v, r.body)
		}
		s.get(t, "/wp/v2/posts/5?password=wrong", "").wantError(t, http.StatusForbidden, codeIncorrectPostPassword)
	}
}

func TestStickyPermissionByProfile(t *testing.T) {
	for _, v := range rest.Profiles {
		s := newProfileSite(t, v)
		post := func(path, body string) reply {
			return s.do(t, http.MethodPost, path, "author", strings.NewReader(body), "Content-Type", "application/json")
		}
		// post 3 is the author's own, not sticky
		if r := post("/wp/v2/posts/3", `{"sticky":false}`); r.status != http.StatusOK {
			t.Errorf("%s: author keeps own post unsticky: %d %s", v, r.status, r.body)
		}
		want := at[int](v, rest.V61, http.StatusOK, rest.V68, http.StatusForbidden)
		if r := post("/wp/v2/posts/3", `{"sticky":true}`); r.status != want {
			t.Errorf("%s: author makes own post sticky: %d, want %d", v, r.status, want)
		}
		want = at[int](v, rest.V61, http.StatusCreated, rest.V68, http.StatusForbidden)
		if r := post("/wp/v2/posts", `{"title":"Stuck","sticky":true}`); r.status != want {
			t.Errorf("%s: author creates a sticky post: %d, want %d", v, r.status, want)
		}
	}
}

// TestFeaturedMediaLinkByProfile: 7.0 links a featured image only for callers who may
// read it; the example's image, moved under a draft, is unreadable to visitors.
func TestFeaturedMediaLinkByProfile(t *testing.T) {
	for _, v := range rest.Profiles {
		s := newProfileSite(t, v)
		s.store.Write(func(tx *store.Tx) { tx.ChangePost(9, func(p *store.Post) { p.Parent = 4 }) })
		for login, linked := range map[string]bool{"": v < rest.V70, "admin": true} {
			r := s.get(t, "/wp/v2/posts/2", login)
			if got := compactAt(t, r, "_links.wp:featuredmedia") != "(absent)"; got != linked {
				t.Errorf("%s: post 2 as %q: wp:featuredmedia linked %v, want %v", v, login, got, linked)
			}
		}
	}
}
