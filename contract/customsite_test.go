package contract

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/wpmock/wpmock/mock"
	"github.com/wpmock/wpmock/mock/control"
)

// A customized site, simulated on the mock until the mock serves a dataset's own types
// (issue 34): a plugin's post type "book" (rest_base books) with a hierarchical
// taxonomy "genre" (rest_base genres), as register_post_type('book', {supports like
// post's, taxonomies: [genre]}) and register_taxonomy('genre', 'book', {hierarchical})
// show them. The book is the mock's post seen through /wp/v2/books and the genre its
// category seen through /wp/v2/genres: requests are renamed on the way in (route,
// query arguments, body keys) and answers on the way out (routes in links, type and
// taxonomy names, the field and its action links; the post's tags left out, as a book
// has no tags), and /types and /taxonomies list the two. So the custom group has a type
// and a taxonomy to check, and its defects something to break.

// customRenames turn the mock's posts and categories into books and genres in an answer.
var customRenames = strings.NewReplacer(
	"/wp/v2/posts", "/wp/v2/books", "/wp/v2/categories", "/wp/v2/genres",
	"/wp/v2/types/post", "/wp/v2/types/book", "/wp/v2/taxonomies/category", "/wp/v2/taxonomies/genre",
	`"type":"post"`, `"type":"book"`, `"taxonomy":"category"`, `"taxonomy":"genre"`,
	`"title":"post"`, `"title":"book"`, `"title":"category"`, `"title":"genre"`, `"categories"`, `"genres"`, "categories=", "genres=",
	"action-assign-categories", "action-assign-genres", "action-create-categories", "action-create-genres",
	`"categories_exclude"`, `"genres_exclude"`,
)

// customSite serves h (the mock) as a site with the post type book and the taxonomy genre.
func customSite(h http.Handler) http.Handler {
	ours := regexp.MustCompile(`^/wp/v2/(books|genres)(/.*)?$`)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		rt := route(r)
		switch {
		case ours.MatchString(rt):
			serveRenamed(h, w, r, rt)
		case rt == "/wp/v2/types" || rt == "/wp/v2/taxonomies" || rt == "/wp/v2/types/book" || rt == "/wp/v2/taxonomies/genre":
			serveRegistry(h, w, r, rt)
		default:
			h.ServeHTTP(w, r)
		}
	})
}

// serveRenamed answers a books or genres request as the posts or categories one.
func serveRenamed(h http.Handler, w http.ResponseWriter, r *http.Request, rt string) {
	r = r.Clone(r.Context()) // the caller's request keeps its route
	inner := strings.Replace(strings.Replace(rt, "/wp/v2/books", "/wp/v2/posts", 1), "/wp/v2/genres", "/wp/v2/categories", 1)
	q := r.URL.Query()
	for _, k := range []string{"genres", "genres_exclude"} {
		if q.Has(k) {
			q[strings.Replace(k, "genres", "categories", 1)] = q[k]
			q.Del(k)
		}
	}
	if q.Has("rest_route") {
		q.Set("rest_route", inner)
	} else {
		r.URL.Path = "/wp-json" + inner
	}
	r.URL.RawQuery = q.Encode()
	if r.Body != nil {
		b, _ := io.ReadAll(r.Body)
		var body map[string]any
		if json.Unmarshal(b, &body) == nil {
			if g, ok := body["genres"]; ok {
				body["categories"] = g
				delete(body, "genres")
			}
			b, _ = json.Marshal(body)
		}
		r.Body = io.NopCloser(bytes.NewReader(b))
		r.ContentLength = int64(len(b))
	}
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, r)
	body := plainJSON(rec.Body.Bytes())
	if strings.HasPrefix(rt, "/wp/v2/books") {
		body = withoutTags(body)
	}
	for k, v := range rec.Header() {
		w.Header()[k] = v
	}
	if l := w.Header().Get("Link"); l != "" {
		w.Header().Set("Link", customRenames.Replace(l))
	}
	w.Header().Del("Content-Length")
	w.WriteHeader(rec.Code)
	_, _ = w.Write([]byte(customRenames.Replace(string(body))))
}

// plainJSON re-encodes a JSON body without WordPress's escaped slashes, for the renames.
func plainJSON(b []byte) []byte {
	var v any
	if json.Unmarshal(b, &v) != nil {
		return b
	}
	var out bytes.Buffer
	enc := json.NewEncoder(&out)
	enc.SetEscapeHTML(false)
	_ = enc.Encode(v)
	return out.Bytes()
}

// withoutTags leaves the tags out of a post's answer (an item, a list, a deletion, an
// OPTIONS answer): the field, its filters and arguments, its links.
func withoutTags(b []byte) []byte {
	var v any
	if json.Unmarshal(b, &v) != nil {
		return b
	}
	drop := func(m map[string]any) {
		delete(m, "tags")
		if l, ok := m["_links"].(map[string]any); ok {
			delete(l, "wp:action-assign-tags")
			delete(l, "wp:action-create-tags")
			if terms, ok := l["wp:term"].([]any); ok {
				l["wp:term"] = slices.DeleteFunc(terms, func(x any) bool { t, _ := at(x, "taxonomy"); return t == "post_tag" })
			}
		}
		if e, ok := m["_embedded"].(map[string]any); ok {
			if terms, ok := e["wp:term"].([]any); ok && len(terms) > 1 {
				e["wp:term"] = terms[:1]
			}
		}
	}
	v = eachObject(v, drop)
	if m, ok := v.(map[string]any); ok {
		if p, ok := m["previous"].(map[string]any); ok {
			drop(p)
		}
		if props, ok := at(m, "schema.properties"); ok {
			delete(props.(map[string]any), "tags")
		}
		eps, _ := m["endpoints"].([]any)
		for _, ep := range eps {
			if args, ok := at(ep, "args"); ok {
				delete(args.(map[string]any), "tags")
				delete(args.(map[string]any), "tags_exclude")
			}
		}
	}
	out, _ := json.Marshal(v)
	return out
}

// serveRegistry adds book to /types and genre to /taxonomies (copies of post and
// category, renamed), and answers /types/book and /taxonomies/genre.
func serveRegistry(h http.Handler, w http.ResponseWriter, r *http.Request, rt string) {
	r = r.Clone(r.Context())
	base, src, name := "/wp/v2/types", "post", "book"
	if strings.HasPrefix(rt, "/wp/v2/taxonomies") {
		base, src, name = "/wp/v2/taxonomies", "category", "genre"
	}
	single := rt == base+"/"+name
	r.URL.Path = "/wp-json" + base
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, r)
	var list map[string]any
	if err := json.Unmarshal(rec.Body.Bytes(), &list); err != nil || list[src] == nil {
		for k, v := range rec.Header() {
			w.Header()[k] = v
		}
		w.WriteHeader(rec.Code)
		_, _ = w.Write(rec.Body.Bytes())
		return
	}
	b := plainJSON(mustJSON(list[src]))
	var entry map[string]any
	_ = json.Unmarshal([]byte(customRenames.Replace(string(b))), &entry)
	entry["slug"], entry["name"] = name, strings.ToUpper(name[:1])+name[1:]+"s"
	if name == "book" {
		entry["rest_base"], entry["taxonomies"] = "books", []string{"genre"}
	} else {
		entry["rest_base"], entry["types"] = "genres", []string{"book"}
	}
	var out any = entry
	if !single {
		// ?type=book lists the book's taxonomies
		if typ := r.URL.Query().Get("type"); typ != "" {
			list = map[string]any{}
			if typ == "book" {
				list["genre"] = entry
			}
		} else {
			list[name] = entry
		}
		out = list
	}
	for k, v := range rec.Header() {
		w.Header()[k] = v
	}
	w.Header().Del("Content-Length")
	w.WriteHeader(rec.Code)
	_ = json.NewEncoder(w).Encode(out)
}

// runCustom runs the custom group against the customized mock, wrapped by defect.
func runCustom(t *testing.T, strict bool, defect func(http.Handler) http.Handler) *Report {
	t.Helper()
	m, err := mock.New(mock.Options{Control: control.Mount, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(defect(customSite(m)))
	defer srv.Close()
	var skip []string
	for _, g := range sortedGroups() {
		if g.name != "custom" {
			skip = append(skip, g.name)
		}
	}
	rec := NewRecorder("contract")
	rep := Run(rec, Config{URL: srv.URL + "/wp-json", User: "admin", Password: m.Passwords["admin"], Skip: skip, Strict: strict})
	rec.Finish()
	return rep
}

// TestSuiteChecksCustomTypes: on a site with a post type and a taxonomy of its own,
// the custom group checks both, under rule ids that name them, and passes where the
// site answers as WordPress does, in either mode.
func TestSuiteChecksCustomTypes(t *testing.T) {
	suiteOnly(t)
	if testing.Short() || ConfigFromEnv().URL != "" {
		t.Skip("runs the suite against the in-process mock")
	}
	t.Parallel()
	for _, strict := range []bool{false, true} {
		rep := runCustom(t, strict, func(h http.Handler) http.Handler { return h })
		if rep.Failed() {
			t.Fatalf("strict %v: the custom group fails on the simulated custom site:\n%s", strict, rep.Text())
		}
		for _, id := range []string{"custom/book/edit-keys", "custom/book/filter-genres", "custom/book/trash", "custom/genre/count", "custom/genre/parent"} {
			if r, ok := rep.Rule(id); !ok || r.Passed == 0 {
				t.Errorf("strict %v: rule %s was not checked", strict, id)
			}
		}
	}
}

func mustJSON(v any) []byte {
	b, _ := json.Marshal(v)
	return b
}
