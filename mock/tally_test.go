package mock

import (
	"fmt"
	"net/http"
	"testing"

	"github.com/wpmock/wpmock/mock/store"
	"github.com/wpmock/wpmock/mock/wp"
)

// TestTallyMatchesRecount: after writes of every kind that move posts in and out of
// terms and of the published status, the counts kept incrementally equal a full
// recount of the site.
func TestTallyMatchesRecount(t *testing.T) {
	s := newTestSite(t)
	created := func(body map[string]any) int {
		r := s.send(t, http.MethodPost, "/wp/v2/posts", "admin", body)
		if r.status != http.StatusCreated {
			t.Fatalf("create: %d %s", r.status, r.body)
		}
		return int(r.obj(t)["id"].(float64))
	}
	a := created(map[string]any{"title": "a", "status": "publish", "categories": []int{2, 3}, "tags": []int{4}})
	b := created(map[string]any{"title": "b", "status": "publish", "tags": []int{4, 5}})
	c := created(map[string]any{"title": "c", "categories": []int{3}})
	tag := s.send(t, http.MethodPost, "/wp/v2/tags", "admin", map[string]any{"name": "Tally"}).obj(t)["id"].(float64)
	steps := []struct{ method, path string }{
		{"POST", fmt.Sprintf("/wp/v2/posts/%d?categories=1&tags=%d", a, int(tag))},
		{"POST", fmt.Sprintf("/wp/v2/posts/%d?status=publish", c)},
		{"DELETE", fmt.Sprintf("/wp/v2/posts/%d", b)},
		{"POST", fmt.Sprintf("/wp/v2/posts/%d?status=publish", b)},
		{"DELETE", fmt.Sprintf("/wp/v2/categories/3?force=true")},
		{"DELETE", fmt.Sprintf("/wp/v2/tags/%d?force=true", int(tag))},
		{"POST", fmt.Sprintf("/wp/v2/posts/%d?status=draft", a)},
		{"DELETE", fmt.Sprintf("/wp/v2/posts/%d?force=true", c)},
		{"DELETE", "/wp/v2/users/3?force=true&reassign=false"},
	}
	for _, st := range steps {
		if r := s.do(t, st.method, st.path, "admin", nil); r.status >= 300 {
			t.Fatalf("%s %s: %d %s", st.method, st.path, r.status, r.body)
		}
		kept := map[int]int{}
		s.store.Read(func(tx *store.Tx) {
			for _, tax := range []string{"category", "post_tag"} {
				for _, term := range tx.Terms(tax) {
					kept[term.ID] = term.Count
				}
			}
		})
		s.store.Write(wp.RecountTerms)
		s.store.Read(func(tx *store.Tx) {
			for _, tax := range []string{"category", "post_tag"} {
				for _, term := range tx.Terms(tax) {
					if kept[term.ID] != term.Count {
						t.Errorf("after %s %s: term %d count %d, a recount says %d", st.method, st.path, term.ID, kept[term.ID], term.Count)
					}
				}
			}
		})
	}
}
