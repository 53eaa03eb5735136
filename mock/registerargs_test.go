package mock

import (
	"fmt"
	"net/http"
	"testing"

	"github.com/wpmock/wpmock/fixtures"
)

// argsSite is the example site registering three types for wp_delete_user and a
// taxonomy with a default term: "gone" (delete_with_user true, no author support),
// "kept" (delete_with_user false, author support), "plain" (neither given nor author
// support: kept) and "shelf" on kept and gone with default_term "Unsorted"; the
// author (user 3) wrote an item of each.
func argsSite(t *testing.T) (*testSite, map[string]int) {
	t.Helper()
	b := []byte(`{"version":1,"register":{
	 "post_types":[
	  {"name":"gone","show_in_rest":true,"supports":["title"],"delete_with_user":true},
	  {"name":"kept","show_in_rest":true,"supports":["title","author"],"delete_with_user":false},
	  {"name":"plain","show_in_rest":true,"supports":["title"]},
	  {"name":"queryable","show_in_rest":true,"public":false,"publicly_queryable":true,"exclude_from_search":false},
	  {"name":"listed","show_in_rest":true,"public":true,"publicly_queryable":false,"exclude_from_search":true}],
	 "taxonomies":[{"name":"shelf","object_type":["kept","gone"],"show_in_rest":true,"sort":true,
	  "show_tagcloud":false,"default_term":{"name":"Unsorted","slug":"unsorted","description":"Not shelved yet."}},
	  {"name":"lens","object_type":["attachment"],"show_in_rest":true}]}}`)
	decl, err := fixtures.Decode(b, "args.json")
	if err != nil {
		t.Fatal(err)
	}
	ds := fixtures.Example()
	ds.Register = decl.Register
	next, term := 0, 0
	for _, x := range ds.Posts {
		next = max(next, x.ID+1)
	}
	for _, x := range ds.Terms {
		term = max(term, x.ID+1)
	}
	ds.Terms = append(ds.Terms, fixtures.Term{ID: term, Taxonomy: "shelf", Name: "Unsorted", Slug: "unsorted"})
	ids := map[string]int{}
	for i, typ := range []string{"gone", "kept", "plain"} {
		ids[typ] = next + i
		ds.Posts = append(ds.Posts, fixtures.Post{ID: next + i, Type: typ, Status: "publish", Author: 3,
			Date: ds.Posts[0].Date, Slug: typ + "-item", Title: typ})
	}
	ids["unsorted"] = term
	// the example's attachment 9, attached to the published post 2, carries a lens
	ds.Terms = append(ds.Terms, fixtures.Term{ID: term + 1, Taxonomy: "lens", Name: "Wide", Slug: "wide"})
	for i := range ds.Posts {
		if ds.Posts[i].ID == 9 {
			ds.Posts[i].Terms = map[string][]int{"lens": {term + 1}}
		}
	}
	ids["wide"] = term + 1
	return newTestSiteWith(t, ds), ids
}

// wp_delete_user without a reassign target deletes the user's items of the types
// among post_types_to_delete (delete_with_user true, or not given with author
// support) and leaves the others.
func TestDeleteWithUser(t *testing.T) {
	s, ids := argsSite(t)
	if r := s.do(t, http.MethodDelete, "/wp/v2/users/3?force=true&reassign=false", "admin", nil); r.status != 200 {
		t.Fatalf("delete user: %d %s", r.status, r.body)
	}
	for typ, want := range map[string]int{"gone": 404, "kept": 200, "plain": 200} {
		if r := s.get(t, fmt.Sprintf("/wp/v2/%s/%d", typ, ids[typ]), "admin"); r.status != want {
			t.Errorf("%s item after its author's deletion: %d, want %d", typ, r.status, want)
		}
	}
}

// register_taxonomy's default_term: a new item of the taxonomy's types saved without
// a term of it gets the term, and the term cannot be deleted.
func TestDefaultTerm(t *testing.T) {
	s, ids := argsSite(t)
	r := s.send(t, http.MethodPost, "/wp/v2/kept", "admin", map[string]any{"title": "New", "status": "publish"})
	if r.status != 201 {
		t.Fatalf("create: %d %s", r.status, r.body)
	}
	if got := fmt.Sprint(r.json.(map[string]any)["shelf"]); got != fmt.Sprintf("[%d]", ids["unsorted"]) {
		t.Errorf("new item's shelf terms: %s, want [%d]", got, ids["unsorted"])
	}
	r = s.send(t, http.MethodPost, "/wp/v2/plain", "admin", map[string]any{"title": "New", "status": "publish"})
	if _, has := r.json.(map[string]any)["shelf"]; has || r.status != 201 {
		t.Errorf("a type without the taxonomy: %d, shelf field %v", r.status, has)
	}
	r = s.do(t, http.MethodDelete, fmt.Sprintf("/wp/v2/shelf/%d?force=true", ids["unsorted"]), "admin", nil)
	if r.status != 403 || r.errorCode() != "rest_cannot_delete" {
		t.Errorf("deleting the default term: %d %s", r.status, r.body)
	}
}

// The search's post subtypes are the public types (get_post_types( array( 'public' =>
// true, 'show_in_rest' => true ) )), whatever publicly_queryable says; the query
// names them, so exclude_from_search does not take one out.
func TestSearchPublicTypes(t *testing.T) {
	s, _ := argsSite(t)
	for sub, want := range map[string]int{"queryable": 400, "listed": 200} {
		if r := s.get(t, "/wp/v2/search?subtype="+sub, ""); r.status != want {
			t.Errorf("search subtype %s: %d, want %d: %s", sub, r.status, want, r.body)
		}
	}
}

// A term of a taxonomy on attachments counts the attachments in inherit status whose
// parent is published (_update_post_term_count's attachment branch).
func TestAttachmentTermCount(t *testing.T) {
	s, ids := argsSite(t)
	r := s.get(t, fmt.Sprintf("/wp/v2/lens/%d", ids["wide"]), "")
	if got := fmt.Sprint(r.json.(map[string]any)["count"]); got != "1" {
		t.Errorf("count of a term on an attached image: %s, want 1 (%s)", got, r.body)
	}
}
