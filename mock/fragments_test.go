package mock

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/wpmock/wpmock/fixtures"
	"github.com/wpmock/wpmock/mock/prose"
	"github.com/wpmock/wpmock/mock/rest"
	"github.com/wpmock/wpmock/mock/store"
)

const fragmentsAdminPassword = "frag MENT pass w0rd 1234 abcd"

// TestFragmentsFollowArgs: an item's cached JSON (rest/fragments.go) is never served
// for a request whose answer would differ. For each resource that caches, after the
// cache is primed by a request without arguments, every GET argument its routes
// declare is sent (anonymously and as admin, in each version) to the caching mock and
// to one that caches nothing; the answers must be equal byte for byte. An argument the
// rendering reads but the item's Cache func does not know of fails here.
func TestFragmentsFollowArgs(t *testing.T) {
	for _, v := range rest.Profiles {
		cached, plain := fragmentSite(t, v), fragmentSite(t, v)
		plain.server.Generation = nil
		protected := 0
		cached.store.Read(func(tx *store.Tx) {
			for _, p := range tx.PostsByID("post") {
				if p.Password != "" {
					protected = p.ID
				}
			}
		})
		for _, c := range []struct{ family, list, single string }{
			{"posts", "/wp/v2/posts", fmt.Sprintf("/wp/v2/posts/%d", protected)},
			{"categories", "/wp/v2/categories", "/wp/v2/categories/1"},
			{"tags", "/wp/v2/tags", ""},
			{"users", "/wp/v2/users", "/wp/v2/users/1"},
		} {
			args := getArgs(cached.server, "/"+Namespace+"/"+c.family)
			for _, base := range []string{c.list, c.single, "/wp/v2/users/me"} {
				if base == "" || (base == "/wp/v2/users/me" && c.family != "users") {
					continue
				}
				for _, admin := range []bool{false, true} {
					// _embed: the item with its _embedded is kept apart from the item
					// alone, and per rel list
					for _, q := range []string{"_embed", "_embed=author", "_embed=wp:term,author", "_embed&password=open+sesame", "context=embed", ""} {
						for _, prime := range []string{"", "?_embed", "?_embed=author"} {
							fragmentGet(t, cached, base+prime, admin)
							got, want := fragmentGet(t, cached, base+"?"+q, admin), fragmentGet(t, plain, base+"?"+q, admin)
							if got != want {
								t.Errorf("%s: GET %s?%s after %s (admin %v): the cached answer differs:\n got %.300s\nwant %.300s", v, base, q, prime, admin, got, want)
							}
						}
					}
					for _, a := range args {
						for _, val := range sampleValues(a) {
							q := url.Values{a.Name: {val}}
							fragmentGet(t, cached, base, admin) // primes the cache without the argument
							got := fragmentGet(t, cached, base+"?"+q.Encode(), admin)
							want := fragmentGet(t, plain, base+"?"+q.Encode(), admin)
							if got != want {
								t.Errorf("%s: GET %s?%s (admin %v): the cached answer differs:\n got %.300s\nwant %.300s", v, base, q.Encode(), admin, got, want)
							}
						}
					}
				}
			}
		}
	}
}

func fragmentSite(t *testing.T, v rest.Version) *Mock {
	t.Helper()
	m, err := New(Options{Dataset: fixtures.Example(), Clock: fixedClock, Version: v, AdminAppPassword: fragmentsAdminPassword})
	if err != nil {
		t.Fatal(err)
	}
	d := time.Date(2024, 2, 12, 13, 30, 0, 0, time.UTC)
	m.store.Write(func(tx *store.Tx) {
		tx.InsertPost(&store.Post{Type: "post", Status: "publish", Author: 1, Date: d, DateGMT: d, Modified: d, ModifiedGMT: d,
			Title: "Members only", Slug: "members-only", Content: prose.Plain("<p>Secret words, many of them, more than three.</p>"),
			Password: "open sesame", CommentStatus: "open", PingStatus: "open", Terms: []store.TermSet{{Taxonomy: "category", IDs: []int{1}}}})
	})
	return m
}

func fragmentGet(t *testing.T, m *Mock, path string, admin bool) string {
	t.Helper()
	req := httptest.NewRequest(http.MethodGet, "/wp-json"+path, nil)
	if admin {
		req.SetBasicAuth("admin", fragmentsAdminPassword)
	}
	rec := httptest.NewRecorder()
	m.ServeHTTP(rec, req)
	return fmt.Sprintf("%d %s", rec.Code, rec.Body)
}

// getArgs is every argument of the GET endpoints of the routes under prefix.
func getArgs(s *rest.Server, prefix string) []*rest.Schema {
	var out []*rest.Schema
	seen := map[string]bool{}
	for _, rt := range s.Routes() {
		if rt.Pattern != prefix && !strings.HasPrefix(rt.Pattern, prefix+"/") {
			continue
		}
		for _, e := range rt.Endpoints {
			if !slices.Contains(e.Methods, http.MethodGet) {
				continue
			}
			for _, a := range e.Args {
				if !seen[a.Name] && a.Name != "id" {
					seen[a.Name] = true
					out = append(out, a)
				}
			}
		}
	}
	// read by the posts controller from any request, declared or not (6.6)
	if prefix == "/"+Namespace+"/posts" && !seen["excerpt_length"] {
		out = append(out, rest.Int("excerpt_length"))
	}
	return out
}

// sampleValues are values of an argument that differ from its default.
func sampleValues(a *rest.Schema) []string {
	s := a
	if a.Items != nil {
		s = a.Items
	}
	var out []string
	for _, e := range s.Enum {
		if e != a.Default {
			out = append(out, fmt.Sprint(e))
		}
	}
	if len(out) > 0 {
		return out
	}
	switch {
	case a.Name == "password":
		return []string{"open sesame", "wrong"}
	case s.Format == "date-time":
		return []string{"2020-01-01T00:00:00"}
	}
	switch s.Type() {
	case "integer", "number":
		return []string{"1", "3"}
	case "boolean":
		return []string{"true", "false"}
	}
	return []string{"a"}
}

// TestFragmentsAfterWrite: a write anywhere ends every cached fragment, including those
// that show other rows (a post's revision count, a category's post count, an embedded
// author).
func TestFragmentsAfterWrite(t *testing.T) {
	m := fragmentSite(t, rest.V61)
	before := fragmentGet(t, m, "/wp/v2/categories/1", false)
	post := fragmentGet(t, m, "/wp/v2/posts/1", false)
	embedded := fragmentGet(t, m, "/wp/v2/posts/1?_embed=author", false)
	req := httptest.NewRequest(http.MethodPost, "/wp-json/wp/v2/users/1", strings.NewReader(`{"name":"Renamed Author"}`))
	req.Header.Set("Content-Type", "application/json")
	req.SetBasicAuth("admin", fragmentsAdminPassword)
	m.ServeHTTP(httptest.NewRecorder(), req)
	if after := fragmentGet(t, m, "/wp/v2/posts/1?_embed=author", false); after == embedded || !strings.Contains(after, "Renamed Author") {
		t.Errorf("the embedded author after the user's update: %.300s", after)
	}
	req = httptest.NewRequest(http.MethodPost, "/wp-json/wp/v2/posts", strings.NewReader(`{"title":"New","status":"publish","categories":[1]}`))
	req.Header.Set("Content-Type", "application/json")
	req.SetBasicAuth("admin", fragmentsAdminPassword)
	rec := httptest.NewRecorder()
	m.ServeHTTP(rec, req)
	if rec.Code != http.StatusCreated {
		t.Fatalf("create: %d %s", rec.Code, rec.Body)
	}
	if after := fragmentGet(t, m, "/wp/v2/categories/1", false); after == before {
		t.Errorf("the category's count did not change after a post was filed in it: %.200s", after)
	}
	req = httptest.NewRequest(http.MethodPost, "/wp-json/wp/v2/posts/1", strings.NewReader(`{"title":"Renamed"}`))
	req.Header.Set("Content-Type", "application/json")
	req.SetBasicAuth("admin", fragmentsAdminPassword)
	m.ServeHTTP(httptest.NewRecorder(), req)
	after := fragmentGet(t, m, "/wp/v2/posts/1", false)
	if after == post || !strings.Contains(after, `"rendered":"Renamed"`) {
		t.Errorf("post 1 after its update: %.300s", after)
	}
}
