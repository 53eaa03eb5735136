package mock

import (
	"io"
	"net/http"
	"strings"
	"testing"

	"github.com/wpmock/wpmock/fixtures"
)

// Requests WordPress 6.1 refuses and the mock accepted (issue 15).

// TestBadJSONBodyIsRestInvalidJSON: a JSON body with bytes that are not UTF-8, or with
// a lone surrogate escape, was decoded (Go replaces both with U+FFFD). WordPress's
// parse_json_params answers 400 rest_invalid_json with json_last_error() and its
// message.
func TestBadJSONBodyIsRestInvalidJSON(t *testing.T) {
	s := newTestSite(t)
	for _, c := range []struct {
		name, body string
		want       string
	}{
		{"invalid UTF-8", "{\"title\":\"caf\xe9\"}",
			`{"code":"rest_invalid_json","message":"Invalid JSON body passed.","data":{"status":400,"json_error_code":5,"json_error_message":"Malformed UTF-8 characters, possibly incorrectly encoded"}}`},
		{"lone surrogate", `{"title":"\ud800"}`,
			`{"code":"rest_invalid_json","message":"Invalid JSON body passed.","data":{"status":400,"json_error_code":10,"json_error_message":"Single unpaired UTF-16 surrogate in unicode escape"}}`},
		{"control character", "{\"title\":\"a\x01\"}",
			`{"code":"rest_invalid_json","message":"Invalid JSON body passed.","data":{"status":400,"json_error_code":3,"json_error_message":"Control character error, possibly incorrectly encoded"}}`},
		{"white space only", " ",
			`{"code":"rest_invalid_json","message":"Invalid JSON body passed.","data":{"status":400,"json_error_code":4,"json_error_message":"Syntax error"}}`},
	} {
		t.Run(c.name, func(t *testing.T) {
			got := s.do(t, http.MethodPost, "/wp/v2/posts", "admin", strings.NewReader(c.body), "Content-Type", "application/json")
			if got.status != http.StatusBadRequest || string(got.body) != c.want {
				t.Errorf("got %d %s\nwant 400 %s", got.status, got.body, c.want)
			}
		})
	}
	// "0" is empty() to PHP: no JSON at all, so the create fails on its content instead
	got := s.do(t, http.MethodPost, "/wp/v2/posts", "admin", strings.NewReader("0"), "Content-Type", "application/json")
	got.wantError(t, http.StatusBadRequest, codeEmptyContent)
}

// TestRouteMatchedAsWordPressMatches: ?rest_route=wp/v2/posts (no leading slash)
// answered the posts; WordPress matches '@^/wp/v2/posts$@i' against the route as
// given, so it is 404 rest_no_route. The path after /wp-json is kept as it is, after
// WP::parse_request trims the request path of its slashes.
func TestRouteMatchedAsWordPressMatches(t *testing.T) {
	s := newTestSite(t)
	for _, c := range []struct {
		target string
		status int
		code   string
	}{
		{"/?rest_route=wp/v2/posts", 404, "rest_no_route"},
		{"/?rest_route=/wp/v2/posts", 200, ""},
		{"/?rest_route=/wp/v2/posts//", 200, ""},
		{"/?rest_route=/wp/v2/posts%5C", 200, ""}, // untrailingslashit takes backslashes too
		{"/?rest_route=", 200, ""},                // the index
		{"/?rest_route=/wp/v2//posts", 404, "rest_no_route"},
		{"/hello-world/?rest_route=/wp/v2/posts", 200, ""}, // any page index.php answers
		{"/wp-json/wp/v2//posts", 404, "rest_no_route"},
		{"/wp-json//wp/v2/posts", 404, "rest_no_route"}, // the route is "//wp/v2/posts"
		{"/wp-json/wp/v2/./posts", 404, "rest_no_route"},
		{"/wp-json/./wp/v2/posts", 404, "rest_no_route"},
		{"/wp-json/wp/v2/tags/../posts", 404, "rest_no_route"},
		{"//wp-json/wp/v2/posts", 200, ""}, // the request path is trimmed of its slashes
		{"/wp-json/wp/v2/posts//", 200, ""},
		{"/wp-json/wp/v2/posts%0A", 200, ""}, // PCRE's $ matches before a final newline
		{"/wp-json/wp/v2/posts/%0A", 404, "rest_no_route"},
	} {
		t.Run(c.target, func(t *testing.T) {
			resp, err := http.Get(s.srv.URL + c.target)
			if err != nil {
				t.Fatal(err)
			}
			b, _ := io.ReadAll(resp.Body)
			resp.Body.Close()
			got := reply{status: resp.StatusCode, body: b, json: decode(t, b)}
			if c.code != "" {
				got.wantError(t, c.status, c.code)
			} else if got.status != c.status {
				t.Errorf("got %d %.100s, want %d", got.status, b, c.status)
			}
		})
	}
	// the query variable wins over the pretty path, as $_GET does in parse_request
	got := s.get(t, "/wp/v2/posts?rest_route=/wp/v2/users", "admin")
	if ids := replyIDs(got); got.status != 200 || len(ids) == 0 || got.header.Get("X-WP-Total") != "5" {
		t.Errorf("rest_route over /wp-json/wp/v2/posts: got %d, total %s; want the 5 users", got.status, got.header.Get("X-WP-Total"))
	}
}

// TestTemplateMustBeOneTheThemeOffers: template=nope.php was stored. The posts
// controller's check_template accepts "" and the post's current template, else only
// the theme's templates for the type: Twenty Twenty-Three offers "blank" to posts and
// nothing to attachments.
func TestTemplateMustBeOneTheThemeOffers(t *testing.T) {
	ds := fixtures.Example()
	for i := range ds.Posts {
		if ds.Posts[i].ID == 1 {
			ds.Posts[i].Template = "old-theme.php" // a template the theme no longer offers
		}
	}
	s := newTestSiteWith(t, ds)
	bad := s.send(t, http.MethodPost, "/wp/v2/posts", "admin", map[string]any{"title": "t", "template": "nope.php"})
	want := `{"code":"rest_invalid_param","message":"Invalid parameter(s): template","data":{"status":400,"params":{"template":"template is not one of blank."},"details":{"template":{"code":"rest_invalid_param","message":"template is not one of blank.","data":null}}}}`
	if bad.status != http.StatusBadRequest || string(bad.body) != want {
		t.Errorf("create with template nope.php: got %d %s\nwant 400 %s", bad.status, bad.body, want)
	}
	ok := s.send(t, http.MethodPost, "/wp/v2/posts", "admin", map[string]any{"title": "t", "template": "blank"})
	ok.wantFields(t, map[string]any{"template": "blank"})
	s.send(t, http.MethodPost, "/wp/v2/posts/1", "admin", map[string]any{"template": "old-theme.php"}).
		wantFields(t, map[string]any{"template": "old-theme.php"})
	s.send(t, http.MethodPost, "/wp/v2/posts/1", "admin", map[string]any{"template": ""}).
		wantFields(t, map[string]any{"template": ""})
	s.send(t, http.MethodPost, "/wp/v2/posts/1", "admin", map[string]any{"template": "old-theme.php"}).
		wantError(t, http.StatusBadRequest, "rest_invalid_param")
	media := s.send(t, http.MethodPost, "/wp/v2/media/9", "admin", map[string]any{"template": "blank"})
	media.wantError(t, http.StatusBadRequest, "rest_invalid_param")
	if msg := field(media.obj(t), "data.params.template"); msg != "template is not one of ." {
		t.Errorf("media template: got %q, want %q", msg, "template is not one of .")
	}
}
