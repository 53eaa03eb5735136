package mock

import (
	"cmp"
	"fmt"
	"github.com/wpmock/wpmock/fixtures"
	"github.com/wpmock/wpmock/mock/rest"
	"github.com/wpmock/wpmock/mock/store"
	"net/http"
	"net/http/httptest"
	"slices"
	"testing"
)

// TestPostShapes pins the field set of a post in every context, item and list, to what
// WordPress 6.1 returns (captures of post 1 of a fresh site with one revision).
func TestPostShapes(t *testing.T) {
	runShapeCases(t, []shapeCase{
		{name: "item view", path: "/wp/v2/posts/1", capture: "posts_item_view"},
		{name: "item embed", path: "/wp/v2/posts/1?context=embed", login: "admin", capture: "posts_item_embed"},
		{name: "item edit", path: "/wp/v2/posts/1?context=edit", login: "admin", capture: "posts_item_edit"},
		{name: "list view", path: "/wp/v2/posts?include=1", capture: "posts_list_view"},
		{name: "list embed", path: "/wp/v2/posts?include=1&context=embed", login: "admin", capture: "posts_list_embed"},
		{name: "list edit", path: "/wp/v2/posts?include=1&context=edit", login: "admin", capture: "posts_list_edit"},
	})
}

func TestPostErrors(t *testing.T) {
	s := newTestSite(t)
	for _, c := range []struct {
		path, login string
		status      int
		code        string
	}{
		{"/wp/v2/posts/abc", "", http.StatusNotFound, "rest_no_route"},
		{"/wp/v2/posts/999999", "", http.StatusNotFound, "rest_post_invalid_id"},
		{"/wp/v2/posts/0", "", http.StatusNotFound, "rest_post_invalid_id"},
		{"/wp/v2/posts?per_page=101", "", http.StatusBadRequest, "rest_invalid_param"},
		{"/wp/v2/posts?per_page=abc", "", http.StatusBadRequest, "rest_invalid_param"},
		{"/wp/v2/posts?context=foo", "", http.StatusBadRequest, "rest_invalid_param"},
		{"/wp/v2/posts?orderby=relevance", "", http.StatusBadRequest, "rest_no_search_term_defined"},
		{"/wp/v2/posts?orderby=include", "", http.StatusBadRequest, "rest_orderby_include_missing_include"},
		{"/wp/v2/posts?page=999", "", http.StatusBadRequest, "rest_post_invalid_page_number"},
		{"/wp/v2/posts?status=draft", "", http.StatusBadRequest, "rest_invalid_param"},
		{"/wp/v2/posts?context=edit", "", http.StatusUnauthorized, "rest_forbidden_context"},
		{"/wp/v2/posts?context=edit", "subscriber", http.StatusForbidden, "rest_forbidden_context"},
		{"/wp/v2/posts/4", "", http.StatusUnauthorized, "rest_forbidden"},
		{"/wp/v2/posts/5?password=wrong", "", http.StatusForbidden, "rest_post_incorrect_password"},
	} {
		s.get(t, c.path, c.login).wantError(t, c.status, c.code)
	}
}

// TestInvalidParamBodies pins whole error bodies taken from WordPress.
func TestInvalidParamBodies(t *testing.T) {
	s := newTestSite(t)
	for path, capture := range map[string]string{
		"/wp/v2/posts?per_page=101":    "err_posts_per_page_101",
		"/wp/v2/posts?per_page=abc":    "err_posts_per_page_abc",
		"/wp/v2/posts?context=foo":     "err_posts_context_foo",
		"/wp/v2/posts?order=ASC":       "err_posts_order_ASC",
		"/wp/v2/posts?after=notadate":  "err_posts_after_notadate",
		"/wp/v2/posts?include=a,b":     "err_posts_include_a_b",
		"/wp/v2/posts?status=draft":    "err_posts_status_draft_anon",
		"/wp/v2/posts?orderby=include": "err_posts_orderby_include",
		"/wp/v2/nope":                  "err_no_route",
	} {
		got := s.get(t, path, "")
		if d := valueDiff(captured(t, capture), got.json); d != "" {
			t.Errorf("GET %s: %s", path, d)
		}
	}
}

// TestOrderByIDCountsWhatTheCallerSees: orderby=id walks the index of every status, so
// its X-WP-Total must count the matching (published) posts only, as the default order
// does; it counted drafts and private posts too, and a page could come back empty
// (found by comparing a cloned site with its WordPress).
func TestOrderByIDCountsWhatTheCallerSees(t *testing.T) {
	s := newTestSite(t)
	want := s.get(t, "/wp/v2/posts?_fields=id&per_page=100", "")
	for _, q := range []string{"orderby=id", "orderby=id&order=desc", "orderby=id&per_page=2"} {
		r := s.get(t, "/wp/v2/posts?_fields=id&"+q, "")
		if got := r.header.Get("X-WP-Total"); got != want.header.Get("X-WP-Total") {
			t.Errorf("%s: X-WP-Total %s, want %s", q, got, want.header.Get("X-WP-Total"))
		}
		if len(r.json.([]any)) == 0 {
			t.Errorf("%s: an empty page", q)
		}
	}
}

// TestFilesortTiesByAscendingID: orders MySQL sorts itself (modified, title, ...) keep
// rows of one key by ascending id in either direction, as WordPress 6.1 lists pages
// made in the same second by orderby=modified&order=desc; the plain date order keeps
// the date index's descending id.
func TestFilesortTiesByAscendingID(t *testing.T) {
	s := newTestSite(t)
	var ids []float64
	for range 3 {
		r := s.send(t, http.MethodPost, "/wp/v2/pages", "admin", map[string]any{"title": "Tie", "status": "publish", "date": "2001-01-01T00:00:00"})
		ids = append(ids, r.obj(t)["id"].(float64))
	}
	got := func(q string) []float64 {
		var out []float64
		for _, x := range s.get(t, "/wp/v2/pages?_fields=id&before=2001-01-02T00:00:00&"+q, "").json.([]any) {
			out = append(out, x.(map[string]any)["id"].(float64))
		}
		return out
	}
	for _, q := range []string{"orderby=modified&order=desc", "orderby=title&order=desc", "orderby=title&order=asc", "orderby=menu_order&order=desc"} {
		if g := got(q); !slices.Equal(g, ids) {
			t.Errorf("%s: %v, want ascending ids %v", q, g, ids)
		}
	}
	if g := got("order=desc"); !slices.Equal(g, []float64{ids[2], ids[1], ids[0]}) {
		t.Errorf("date order: %v, want descending ids", g)
	}
	// pages cut through a run of ties; a filtered walk (search) too
	for q, want := range map[string][]float64{
		"orderby=modified&order=desc&per_page=2&page=1": ids[:2], "orderby=modified&order=desc&per_page=2&page=2": ids[2:],
		"search=tie&orderby=title&per_page=2&page=1": ids[:2], "search=tie&orderby=title&per_page=2&page=2": ids[2:],
		"search=tie&orderby=modified&offset=1": ids[1:], "orderby=title&order=desc&offset=2": ids[2:],
	} {
		if g := got(q); !slices.Equal(g, want) {
			t.Errorf("%s: %v, want %v", q, g, want)
		}
	}
}

// TestUnfilteredTiesByAscendingID: a list with nothing to filter walks its index and
// finds each run of ties by binary search; page after page, the posts of one author
// come by ascending id, as a sort of the published posts gives.
func TestUnfilteredTiesByAscendingID(t *testing.T) {
	s := newTestSite(t)
	for i := range 5 { // one author's run of posts across pages
		s.send(t, http.MethodPost, "/wp/v2/posts", "admin", map[string]any{"title": fmt.Sprintf("Run %d", i), "status": "publish"})
	}
	var want []int
	s.store.Read(func(tx *store.Tx) {
		var pub []*store.Post
		for _, p := range tx.PostsByID("post") {
			if p.Status == "publish" {
				pub = append(pub, p)
			}
		}
		slices.SortStableFunc(pub, func(a, b *store.Post) int { return cmp.Or(b.Author-a.Author, a.ID-b.ID) })
		for _, p := range pub {
			want = append(want, p.ID)
		}
	})
	var got []int
	for page := 1; len(got) < len(want) && page < 50; page++ {
		for _, x := range s.get(t, fmt.Sprintf("/wp/v2/posts?orderby=author&order=desc&per_page=2&page=%d&_fields=id", page), "").json.([]any) {
			got = append(got, int(x.(map[string]any)["id"].(float64)))
		}
	}
	if !slices.Equal(got, want) {
		t.Errorf("orderby=author&order=desc, page by page: %v, want %v", got, want)
	}
}

// TestFilesortTiesInIndexOrder: a list of one type and status that MySQL sorts itself
// keeps the ties in the order it read the rows, along the index it picked (EXPLAIN on
// the project's MariaDB): before 6.9 type_status_date, so by date then id; since,
// 6.9's type_status_author, so by author then id, which orderby=author reads in its
// own order, descending ids when descending. Either way the ties keep their order in
// both directions, page after page.
func TestFilesortTiesInIndexOrder(t *testing.T) {
	for _, v := range []rest.Version{rest.V61, rest.V71} {
		m, err := New(Options{Dataset: fixtures.Example(), Clock: fixedClock, Version: v})
		if err != nil {
			t.Fatalf("New: %v", err)
		}
		s := &testSite{Mock: m, srv: httptest.NewServer(m)}
		defer s.srv.Close()
		for i, date := range []string{"2003-01-01T00:00:00", "2001-01-01T00:00:00", "2002-01-01T00:00:00"} {
			s.send(t, http.MethodPost, "/wp/v2/pages", "admin", map[string]any{"title": "Tie", "status": "publish", "date": date, "author": 1 + i%2})
		}
		tie := func(a, b *store.Post) int { return cmp.Or(a.Date.Compare(b.Date), a.ID-b.ID) }
		if v >= rest.V69 {
			tie = func(a, b *store.Post) int { return cmp.Or(a.Author-b.Author, a.ID-b.ID) }
		}
		for _, c := range []struct {
			typ, q string
			key    func(a, b *store.Post) int
		}{
			{"page", "orderby=menu_order&order=asc", func(a, b *store.Post) int { return cmp.Or(a.MenuOrder()-b.MenuOrder(), tie(a, b)) }},
			{"page", "orderby=menu_order&order=desc", func(a, b *store.Post) int { return cmp.Or(b.MenuOrder()-a.MenuOrder(), tie(a, b)) }},
			{"page", "orderby=parent&order=desc", func(a, b *store.Post) int { return cmp.Or(b.Parent-a.Parent, tie(a, b)) }},
			{"post", "orderby=author&order=desc", func(a, b *store.Post) int {
				if v >= rest.V69 {
					return cmp.Or(b.Author-a.Author, b.ID-a.ID)
				}
				return cmp.Or(b.Author-a.Author, tie(a, b))
			}},
		} {
			var want []int
			s.store.Read(func(tx *store.Tx) {
				var pub []*store.Post
				for _, p := range tx.PostsByID(c.typ) {
					if p.Status == "publish" {
						pub = append(pub, p)
					}
				}
				slices.SortFunc(pub, c.key)
				for _, p := range pub {
					want = append(want, p.ID)
				}
			})
			var got []int
			for page := 1; len(got) < len(want) && page < 50; page++ {
				for _, x := range s.get(t, fmt.Sprintf("/wp/v2/%ss?%s&per_page=2&page=%d&_fields=id", c.typ, c.q, page), "").json.([]any) {
					got = append(got, int(x.(map[string]any)["id"].(float64)))
				}
			}
			if !slices.Equal(got, want) {
				t.Errorf("%s: %s, page by page: %v, want %v", v, c.q, got, want)
			}
		}
	}
}
