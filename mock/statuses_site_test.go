package mock

import (
	"encoding/json"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/wpmock/wpmock/fixtures"
)

// siteWithStatuses is the example site registering the statuses given (a JSON list)
// with one post in each, by the administrator; it returns the posts' ids by status.
func siteWithStatuses(t *testing.T, statuses string) (*testSite, map[string]int) {
	t.Helper()
	ds := fixtures.Example()
	var reg fixtures.Register
	decodeInto(t, `{"post_statuses": `+statuses+`}`, &reg)
	ds.Register = &reg
	ids := map[string]int{}
	next := ds.NextIDs().Posts
	for i, a := range reg.PostStatuses {
		name := a.String("name")
		ids[name] = next + i
		ds.Posts = append(ds.Posts, fixtures.Post{ID: next + i, Type: "post", Status: name, Author: 1,
			Date: ds.Posts[0].Date, Slug: "in-" + name, Title: "In " + name})
	}
	if err := ds.Validate(); err != nil {
		t.Fatal(err)
	}
	return newTestSiteWith(t, ds), ids
}

// TestSiteStatuses: a status the site registers (register_post_status) is listed by
// /statuses to whoever may read it, after core's and before trash; posts in it are
// read, filtered and written as WordPress 7.1 does (bodies and codes checked against
// it with the same registration).
func TestSiteStatuses(t *testing.T) {
	s, ids := siteWithStatuses(t, `[
	 {"name": "archived", "label": "Archived", "public": false, "protected": true, "show_in_admin_status_list": true,
	  "show_in_admin_all_list": true, "exclude_from_search": true},
	 {"name": "showcase", "label": "Showcase", "public": true}]`)
	archived, showcase := strconv.Itoa(ids["archived"]), strconv.Itoa(ids["showcase"])
	host := strings.ReplaceAll(s.srv.URL, "/", `\/`)
	want := `{"name":"Archived","private":false,"protected":true,"public":false,"queryable":false,"show_in_list":true,` +
		`"slug":"archived","date_floating":false,"_links":{"archives":[{"href":"` + host + `\/wp-json\/wp\/v2\/posts?status=archived"}]}}`
	if r := s.get(t, "/wp/v2/statuses/archived?context=edit", "editor"); string(r.body) != want {
		t.Errorf("archived as an editor:\n got %s\nwant %s", r.body, want)
	}
	s.get(t, "/wp/v2/statuses/archived", "").wantError(t, http.StatusUnauthorized, "rest_cannot_read_status")
	var list map[string]any
	r := s.get(t, "/wp/v2/statuses?context=edit", "editor")
	json.Unmarshal(r.body, &list)
	if got := orderedKeys(t, r.body); !slices.Equal(got, []string{"publish", "future", "draft", "pending", "private", "archived", "showcase", "trash"}) {
		t.Errorf("statuses as an editor: got %v", got)
	}
	if got := orderedKeys(t, s.get(t, "/wp/v2/statuses", "").body); !slices.Equal(got, []string{"publish", "showcase"}) {
		t.Errorf("statuses anonymously: got %v, want the public ones", got)
	}

	// reading: a protected status as edit_post, a public one by anyone
	s.get(t, "/wp/v2/posts/"+archived, "").wantError(t, http.StatusUnauthorized, "rest_forbidden")
	if r := s.get(t, "/wp/v2/posts/"+archived, "editor"); r.status != 200 {
		t.Errorf("archived post as an editor: %d", r.status)
	}
	if r := s.get(t, "/wp/v2/posts/"+showcase, ""); r.status != 200 {
		t.Errorf("a post in a public status, anonymously: %d %.200s", r.status, r.body)
	}
	// filtering
	s.get(t, "/wp/v2/posts?status=archived", "").wantError(t, http.StatusBadRequest, "rest_invalid_param")
	if got := idsOf(t, s.get(t, "/wp/v2/posts?status=archived", "editor")); !slices.Equal(got, []int{ids["archived"]}) {
		t.Errorf("?status=archived as an editor: got %v", got)
	}
	if got := idsOf(t, s.get(t, "/wp/v2/posts?status=any&per_page=100", "editor")); slices.Contains(got, ids["archived"]) || !slices.Contains(got, ids["showcase"]) {
		t.Errorf("?status=any leaves out exclude_from_search statuses only: got %v", got)
	}
	s.get(t, "/wp/v2/posts?status=bogus", "editor").wantError(t, http.StatusBadRequest, "rest_invalid_param")
	// the enums: the filter's every status and any, the field's the non-internal ones
	var opts struct {
		Endpoints []struct {
			Args map[string]struct {
				Items struct{ Enum []string }
			}
		}
		Schema struct {
			Properties map[string]struct{ Enum []string }
		}
	}
	json.Unmarshal(s.do(t, http.MethodOptions, "/wp/v2/posts", "", nil).body, &opts)
	if got := opts.Endpoints[0].Args["status"].Items.Enum; !slices.Equal(got, []string{"publish", "future", "draft", "pending",
		"private", "trash", "auto-draft", "inherit", "request-pending", "request-confirmed", "request-failed", "request-completed",
		"archived", "showcase", "any"}) {
		t.Errorf("status filter enum: %v", got)
	}
	if got := opts.Schema.Properties["status"].Enum; !slices.Equal(got, []string{"publish", "future", "draft", "pending", "private", "archived", "showcase"}) {
		t.Errorf("status field enum: %v", got)
	}
	// writing a post into the site's status
	w := s.send(t, "POST", "/wp/v2/posts", "editor", map[string]any{"title": "x", "status": "archived"})
	if st, _ := w.json.(map[string]any)["status"].(string); w.status != 201 || st != "archived" {
		t.Errorf("create in archived: %d %.200s", w.status, w.body)
	}
}

// TestSiteStatusesRefused: declarations the dataset refuses.
func TestSiteStatusesRefused(t *testing.T) {
	for _, c := range []struct{ statuses, want string }{
		{`[{"name": "draft"}]`, `"draft" is registered already`},
		{`[{"name": "x"}, {"name": "x"}]`, `"x" is registered already`},
		{`[{"name": "Bad Name"}]`, `field "name": want 1 to 20`},
		{`[{"name": "x", "public": "yes"}]`, `field "public": want true or false`},
		{`[{"name": "x", "show_in_rest": true}]`, `field "show_in_rest": unknown argument`},
	} {
		ds := fixtures.Example()
		var reg fixtures.Register
		decodeInto(t, `{"post_statuses": `+c.statuses+`}`, &reg)
		ds.Register = &reg
		if err := ds.Validate(); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: got %v, want %q", c.statuses, err, c.want)
		}
	}
}

// orderedKeys are the keys of a JSON object in the order sent.
func orderedKeys(t *testing.T, body []byte) []string {
	t.Helper()
	var o fixtures.Args
	if err := json.Unmarshal(body, &o); err != nil {
		t.Fatalf("%v: %s", err, body)
	}
	out := make([]string, len(o))
	for i, m := range o {
		out[i] = m.Key
	}
	return out
}

// idsOf are the ids of a list answer.
func idsOf(t *testing.T, r reply) []int {
	t.Helper()
	var list []struct{ ID int }
	if err := json.Unmarshal(r.body, &list); err != nil {
		t.Fatalf("%v: %d %s", err, r.status, r.body)
	}
	out := make([]int, len(list))
	for i, x := range list {
		out[i] = x.ID
	}
	return out
}
