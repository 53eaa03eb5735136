package mock

import (
	"net/http"
	"net/http/httptest"
	"strconv"
	"testing"

	"github.com/wpmock/wpmock/fixtures"
	"github.com/wpmock/wpmock/mock/rest"
)

// TestCommentTextAsWordPress: a comment's content.raw (pre_comment_content) and
// content.rendered (comment_text) as WordPress 6.1.9 and 7.1 answered POST /comments
// as admin for the same text (site on 127.0.0.1, as the test server is): links to
// the site keep nofollow in 6.1 and lose it from 6.2, and 7.1 keeps a file extension
// after a URL's closing parenthesis.
func TestCommentTextAsWordPress(t *testing.T) {
	cases := []struct {
		in                string
		raw61, rendered61 string
		raw71, rendered71 string
	}{{
		in:         `see http://127.0.0.1/a and <a href="http://127.0.0.1/b">b</a> and www.example.com/c.`,
		raw61:      `see http://127.0.0.1/a and <a href="http://127.0.0.1/b">b</a> and www.example.com/c.`,
		rendered61: `<p>see <a href="http://127.0.0.1/a" rel="nofollow ugc">http://127.0.0.1/a</a> and <a href="http://127.0.0.1/b">b</a> and <a href="http://www.example.com/c" rel="nofollow ugc">http://www.example.com/c</a>.</p>` + "\n",
		raw71:      `see http://127.0.0.1/a and <a href="http://127.0.0.1/b" rel="ugc">b</a> and www.example.com/c.`,
		rendered71: `<p>see <a href="http://127.0.0.1/a" rel="ugc">http://127.0.0.1/a</a> and <a href="http://127.0.0.1/b" rel="ugc">b</a> and <a href="http://www.example.com/c" rel="nofollow ugc">http://www.example.com/c</a>.</p>` + "\n",
	}, {
		in:         `Wordpress & co :) 8-) <code>:)</code> x@example.org`,
		raw61:      `Wordpress & co :) 8-) <code>:)</code> x@example.org`,
		rendered61: "<p>WordPress &#038; co \U0001f642 \U0001f60e <code>:)</code> <a href=\"mailto:x@example.org\">x@example.org</a></p>\n",
	}, {
		in:         `<img src="http://example.com/i.png"> (http://example.com/wiki/A_(b)) http://example.com/(c).png`,
		raw61:      `<img src="http://example.com/i.png"> (http://example.com/wiki/A_(b)) http://example.com/(c).png`,
		rendered61: `<p><img src="http://example.com/i.png"/> (<a href="http://example.com/wiki/A_(b)" rel="nofollow ugc">http://example.com/wiki/A_(b)</a>) <a href="http://example.com/(c)" rel="nofollow ugc">http://example.com/(c)</a>.png</p>` + "\n",
		rendered71: `<p><img src="http://example.com/i.png"/> (<a href="http://example.com/wiki/A_(b)" rel="nofollow ugc">http://example.com/wiki/A_(b)</a>) <a href="http://example.com/(c).png" rel="nofollow ugc">http://example.com/(c).png</a></p>` + "\n",
	}}
	for _, v := range []rest.Version{rest.V61, rest.V71} {
		m, err := New(Options{Dataset: fixtures.Example(), Clock: fixedClock, Version: v})
		if err != nil {
			t.Fatalf("New: %v", err)
		}
		srv := httptest.NewServer(m)
		s := &testSite{Mock: m, srv: srv}
		post := commentPost(t, s, true)
		for _, c := range cases {
			raw, rendered := c.raw61, c.rendered61
			if v == rest.V71 && c.raw71 != "" {
				raw = c.raw71
			}
			if v == rest.V71 && c.rendered71 != "" {
				rendered = c.rendered71
			}
			got := s.send(t, http.MethodPost, "/wp/v2/comments", "admin", map[string]any{"post": post, "content": c.in})
			content, _ := got.json.(map[string]any)["content"].(map[string]any)
			if got.status != http.StatusCreated || content["raw"] != raw || content["rendered"] != rendered {
				t.Errorf("%s: %q: got %d raw %q rendered %q,\nwant raw %q rendered %q", v, c.in, got.status, content["raw"], content["rendered"], raw, rendered)
			}
		}
		srv.Close()
	}
}

// TestCommentTiesByIDDescending pins WP_Comment_Query's tie order: after a column
// other than a date, comment_ID DESC whatever the order (its strpos( 'ASC', $clause )
// never finds ASC); after a date, the id follows the date's direction.
func TestCommentTiesByIDDescending(t *testing.T) {
	s := newTestSite(t)
	post := commentPost(t, s, true)
	var ids []int
	for _, text := range []string{"one", "two", "three"} {
		got := s.send(t, http.MethodPost, "/wp/v2/comments", "admin", map[string]any{"post": post, "content": text})
		ids = append(ids, int(got.json.(map[string]any)["id"].(float64)))
	}
	p := strconv.Itoa(post)
	for _, c := range []struct {
		query string
		want  []int
	}{
		{"orderby=post&order=asc", []int{ids[2], ids[1], ids[0]}},
		{"orderby=type&order=asc", []int{ids[2], ids[1], ids[0]}},
		{"orderby=date&order=asc", []int{ids[0], ids[1], ids[2]}}, // one clock tick: a tie on the date
		{"orderby=date_gmt&order=desc", []int{ids[2], ids[1], ids[0]}},
	} {
		list := s.get(t, "/wp/v2/comments?post="+p+"&"+c.query, "").json.([]any)
		var got []int
		for _, it := range list {
			got = append(got, int(it.(map[string]any)["id"].(float64)))
		}
		if len(got) != len(c.want) || got[0] != c.want[0] || got[2] != c.want[2] {
			t.Errorf("%s: got ids %v, want %v", c.query, got, c.want)
		}
	}
	// orderby=include without include is ORDER BY FIELD( comment_ID, ): an SQL error
	if got := s.get(t, "/wp/v2/comments?post="+p+"&orderby=include", ""); len(got.json.([]any)) != 0 || got.header.Get("X-WP-Total") != "0" {
		t.Errorf("orderby=include without include: got %s, X-WP-Total %s; want [] and 0 (6.1)", got.body, got.header.Get("X-WP-Total"))
	}
}
