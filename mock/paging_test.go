package mock

import (
	"net/http"
	"strconv"
	"strings"
	"testing"
)

// TestHugePageOrOffsetIsNoPanic pins issue 15: page and offset values past the integer
// range (or negative) answered 500 from a recovered panic. WordPress 6.1 answers them
// from PHP's arithmetic: the values are valid integers (rest_is_integer), saturate when
// sanitised ((int)"99999999999999999999" is PHP_INT_MAX), and WP_Query takes
// absint() of the offset, or of (page - 1) * per_page, whose overflow wraps to 0.
// An empty LIMIT leaves found_posts at 0 when an offset is given. Users and terms
// never refuse a page; their page in the links is a float.
func TestHugePageOrOffsetIsNoPanic(t *testing.T) {
	s := newTestSite(t)
	const big = "99999999999999999999"
	for _, c := range []struct {
		path         string
		status       int
		code         string
		total, pages string
		link         string // a substring of the Link header; "" for none beyond the API root
	}{
		// posts (4 published): offset -1 is absint 1
		{"/wp/v2/posts?offset=-1", 200, "", "4", "1", ""},
		{"/wp/v2/posts?offset=" + big, 200, "", "0", "0", ""},
		{"/wp/v2/posts?offset=-" + big, 200, "", "0", "0", ""},
		{"/wp/v2/posts?offset=1000", 200, "", "0", "0", ""},
		{"/wp/v2/posts?per_page=5&page=2&offset=1000", 200, "", "0", "0", `page=0&offset=1000>; rel="prev"`},
		{"/wp/v2/posts?page=" + big, 400, "rest_post_invalid_page_number", "", "", ""},
		{"/wp/v2/posts?page=9223372036854775807", 400, "rest_post_invalid_page_number", "", "", ""},
		{"/wp/v2/posts?per_page=100&page=92233720368547758", 400, "rest_post_invalid_page_number", "", "", ""},
		// "1e400" is numeric and INF is an integer to rest_is_integer; (int)INF is 0
		{"/wp/v2/posts?page=1e400&per_page=1", 200, "", "4", "4", `page=1>; rel="next"`},
		{"/wp/v2/posts?per_page=1e400", 400, "rest_invalid_param", "", "", ""},
		// media (1 item)
		{"/wp/v2/media?offset=-1", 200, "", "0", "0", ""},
		{"/wp/v2/media?offset=" + big, 200, "", "0", "0", ""},
		{"/wp/v2/media?page=9223372036854775807", 400, "rest_post_invalid_page_number", "", "", ""},
		{"/wp/v2/media?per_page=100&page=92233720368547758", 400, "rest_post_invalid_page_number", "", "", ""},
		// users (5): (PHP_INT_MAX - 1) * 10 wraps to 0, the first page
		{"/wp/v2/users?page=9223372036854775807&per_page=2", 200, "", "5", "3", `page=2>; rel="next"`},
		{"/wp/v2/users?per_page=100&page=92233720368547758", 200, "", "5", "1", `page=1>; rel="prev"`},
		{"/wp/v2/users?offset=" + big, 200, "", "5", "1", `offset=9223372036854775807&page=1>; rel="prev"`},
		{"/wp/v2/users?offset=-" + big, 200, "", "5", "1", `page=-9.2233720368548E+17>; rel="next"`},
		// tags (2) and categories (3)
		{"/wp/v2/tags?page=" + big, 200, "", "2", "1", ""},
		{"/wp/v2/tags?offset=-" + big, 200, "", "2", "1", `page=-9.2233720368548E+17>; rel="next"`},
		{"/wp/v2/tags?per_page=100&page=92233720368547758", 200, "", "2", "1", `page=1>; rel="prev"`},
		{"/wp/v2/categories?page=9223372036854775807", 200, "", "3", "1", ""},
		// revisions of post 1 (1): the offset is compared as sanitised
		{"/wp/v2/posts/1/revisions?offset=" + big, 400, "rest_revision_invalid_offset_number", "", "", ""},
		{"/wp/v2/posts/1/revisions?offset=-" + big + "&per_page=1", 200, "", "1", "1", ""},
		{"/wp/v2/posts/1/revisions?page=" + big, 400, "rest_revision_invalid_page_number", "", "", ""},
		{"/wp/v2/posts/1/revisions?page=9223372036854775807&per_page=10", 400, "rest_revision_invalid_page_number", "", "", ""},
		{"/wp/v2/posts/1/revisions?page=1e400&per_page=10", 200, "", "1", "1", `revisions?page=1&per_page=10>; rel="next"`},
	} {
		t.Run(strings.TrimPrefix(c.path, "/wp/v2/"), func(t *testing.T) {
			got := s.get(t, c.path, "admin")
			if c.code != "" {
				got.wantError(t, c.status, c.code)
				return
			}
			if got.status != c.status {
				t.Fatalf("got %d %s, want %d", got.status, got.body, c.status)
			}
			if tot, pages := got.header.Get("X-WP-Total"), got.header.Get("X-WP-TotalPages"); tot != c.total || pages != c.pages {
				t.Errorf("X-WP-Total %s, X-WP-TotalPages %s; want %s, %s", tot, pages, c.total, c.pages)
			}
			link := got.header.Get("Link")
			if c.link == "" && (strings.Contains(link, `rel="prev"`) || strings.Contains(link, `rel="next"`)) {
				t.Errorf("Link %q, want no prev/next", link)
			}
			if c.link != "" && !strings.Contains(link, c.link) {
				t.Errorf("Link %q, want it to contain %q", link, c.link)
			}
		})
	}
	// the same request as anonymous is not a 500 either (items are filtered after paging)
	if got := s.get(t, "/wp/v2/posts?offset=-1", ""); got.status != http.StatusOK {
		t.Errorf("anonymous offset=-1: got %d", got.status)
	}
}

// TestLinkHeaderKeepsEveryQueryArg pins the decision taken on issue 15's 228 KB Link
// header for include= of 10,000 ids: WordPress builds prev/next from every query
// argument (add_query_arg(urlencode_deep($request->get_query_params()), ...)), so the
// mock keeps them all, byte for byte. What bounds the header is the request line,
// which -max-header-bytes (1 MiB) limits before any handler runs.
func TestLinkHeaderKeepsEveryQueryArg(t *testing.T) {
	s := newTestSite(t)
	ids := make([]string, 10000)
	for i := range ids {
		ids[i] = strconv.Itoa(i + 1)
	}
	got := s.get(t, "/wp/v2/posts?per_page=1&include="+strings.Join(ids, ","), "")
	link := got.header.Get("Link")
	if got.status != http.StatusOK || !strings.Contains(link, "include%5B0%5D=1&include%5B1%5D=2&") ||
		!strings.Contains(link, "include%5B9999%5D=10000&page=2>; rel=\"next\"") {
		t.Errorf("got %d, Link %.200q... (%d bytes); want every include id in the next link", got.status, link, len(link))
	}
}
