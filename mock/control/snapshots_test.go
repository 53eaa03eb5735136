package control

import (
	"bytes"
	"fmt"
	"net/http"
	"sync"
	"testing"

	"github.com/wpmock/wpmock/mock/webhook"
)

// TestSnapshotRestoresExactly: saved, then written over (a post, a term, a comment, a
// setting, an upload, a user), a snapshot's restore makes the export the export at the
// save, byte for byte, and the ids handed out next are those of then.
func TestSnapshotRestoresExactly(t *testing.T) {
	s := newTestSite(t)
	s.send(t, http.MethodPost, "/wp/v2/posts", "admin", map[string]any{"title": "Before the snapshot", "status": "publish"})
	saved := s.get(t, "/wpmock/v1/dataset", "admin")
	if r := s.send(t, http.MethodPost, "/wpmock/v1/snapshots", "admin", map[string]any{"name": "three-drafts"}); r.status != http.StatusOK {
		t.Fatalf("save: %d %s", r.status, r.body)
	}
	if got := s.get(t, "/wpmock/v1/snapshots/three-drafts", "admin"); !bytes.Equal(got.body, saved.body) {
		t.Errorf("the snapshot is not the export at the save:\n%.400s\n%.400s", got.body, saved.body)
	}
	next := s.send(t, http.MethodPost, "/wp/v2/posts", "admin", map[string]any{"title": "After", "status": "draft"}).id(t)
	for _, r := range []reply{
		s.send(t, http.MethodPost, "/wp/v2/categories", "admin", map[string]any{"name": "After"}),
		s.send(t, http.MethodPost, "/wp/v2/comments", "admin", map[string]any{"post": 1, "content": "After"}),
		s.send(t, http.MethodPost, "/wp/v2/settings", "admin", map[string]any{"title": "Renamed after"}),
		s.send(t, http.MethodDelete, "/wp/v2/posts/3?force=true", "admin", nil),
		s.send(t, http.MethodPost, "/wp/v2/users", "admin", map[string]any{"username": "after", "email": "after@example.com", "password": "x"}),
		s.upload(t, "admin", "after.png", testPNG(t)),
	} {
		if r.status >= 300 {
			t.Fatalf("a write after the save: %d %s", r.status, r.body)
		}
	}
	if bytes.Equal(s.get(t, "/wpmock/v1/dataset", "admin").body, saved.body) {
		t.Fatal("the writes changed nothing")
	}
	r := s.send(t, http.MethodPost, "/wpmock/v1/snapshots/three-drafts/restore", "admin", nil)
	if r.status != http.StatusOK || r.obj(t)["restored"] != true {
		t.Fatalf("restore: %d %s", r.status, r.body)
	}
	if after := s.get(t, "/wpmock/v1/dataset", "admin"); !bytes.Equal(after.body, saved.body) {
		t.Errorf("after the restore the export differs from the export at the save:\n%.600s\n%.600s", after.body, saved.body)
	}
	if again := s.send(t, http.MethodPost, "/wp/v2/posts", "admin", map[string]any{"title": "Again"}).id(t); again != next {
		t.Errorf("id after the restore: got %d, want %d", again, next)
	}
	// a restore twice from the same snapshot: the first did not use it up
	s.send(t, http.MethodPost, "/wpmock/v1/snapshots/three-drafts/restore", "admin", nil)
	if after := s.get(t, "/wpmock/v1/dataset", "admin"); !bytes.Equal(after.body, saved.body) {
		t.Error("a second restore differs")
	}
}

// TestSnapshotRoutes: the list, replacing one, delete, and the errors in WordPress's
// envelope: an unknown name is 404, a bad name 400, and all of it the administrator's.
func TestSnapshotRoutes(t *testing.T) {
	s := newTestSite(t)
	s.send(t, http.MethodPost, "/wpmock/v1/snapshots", "admin", map[string]any{"name": "b"})
	s.send(t, http.MethodPost, "/wpmock/v1/snapshots", "admin", map[string]any{"name": "a"})
	if r := s.send(t, http.MethodPost, "/wpmock/v1/snapshots", "admin", map[string]any{"name": "a"}); r.status != http.StatusOK || r.obj(t)["name"] != "a" {
		t.Errorf("saving over a: got %d %s, want 200", r.status, r.body)
	}
	list := s.get(t, "/wpmock/v1/snapshots", "admin")
	if got := fmt.Sprint(listNames(t, list)); got != "[a b]" {
		t.Errorf("snapshots: got %s, want [a b]: %s", got, list.body)
	}
	if r := s.do(t, http.MethodDelete, "/wpmock/v1/snapshots/a", "admin", nil); r.status != http.StatusOK || r.obj(t)["deleted"] != true {
		t.Errorf("delete: %d %s", r.status, r.body)
	}
	for _, c := range []struct{ method, path string }{
		{http.MethodPost, "/wpmock/v1/snapshots/a/restore"},
		{http.MethodGet, "/wpmock/v1/snapshots/a"},
		{http.MethodDelete, "/wpmock/v1/snapshots/a"},
		{http.MethodPost, "/wpmock/v1/snapshots/nothing/restore"},
	} {
		r := s.do(t, c.method, c.path, "admin", nil)
		r.wantError(t, http.StatusNotFound, codeSnapshotNotFound)
		if status := r.obj(t)["data"].(map[string]any)["status"]; status != float64(http.StatusNotFound) {
			t.Errorf("%s %s: data.status %v, want 404", c.method, c.path, status)
		}
	}
	s.send(t, http.MethodPost, "/wpmock/v1/snapshots", "admin", map[string]any{"name": "a b"}).wantError(t, http.StatusBadRequest, "rest_invalid_param")
	s.send(t, http.MethodPost, "/wpmock/v1/snapshots", "admin", map[string]any{}).wantError(t, http.StatusBadRequest, "rest_missing_callback_param")
	for _, c := range []struct{ method, path string }{
		{http.MethodPost, "/wpmock/v1/snapshots"},
		{http.MethodGet, "/wpmock/v1/snapshots"},
		{http.MethodGet, "/wpmock/v1/snapshots/b"},
		{http.MethodPost, "/wpmock/v1/snapshots/b/restore"},
		{http.MethodDelete, "/wpmock/v1/snapshots/b"},
	} {
		s.send(t, c.method, c.path, "", map[string]any{"name": "x"}).wantError(t, http.StatusUnauthorized, "rest_forbidden")
		s.send(t, c.method, c.path, "editor", map[string]any{"name": "x"}).wantError(t, http.StatusForbidden, "rest_forbidden")
	}
	if got := fmt.Sprint(listNames(t, s.get(t, "/wpmock/v1/snapshots", "admin"))); got != "[b]" {
		t.Errorf("after the refusals: got %s, want [b]", got)
	}
}

// listNames lists the "name" of each object of a list answer.
func listNames(t *testing.T, r reply) []string {
	t.Helper()
	var out []string
	for _, x := range r.json.([]any) {
		out = append(out, x.(map[string]any)["name"].(string))
	}
	return out
}

// TestSnapshotsArePerSite: a named site's snapshots are its own, and restoring one
// changes that site alone.
func TestSnapshotsArePerSite(t *testing.T) {
	s := newTestSite(t)
	a, b := s.named("a"), s.named("b")
	start := s.postTitles(t)
	a.send(t, http.MethodPost, "/wp/v2/posts", "admin", map[string]any{"title": "In a's snapshot"})
	a.send(t, http.MethodPost, "/wpmock/v1/snapshots", "admin", map[string]any{"name": "mine"})
	b.send(t, http.MethodPost, "/wp/v2/posts", "admin", map[string]any{"title": "In b"})
	if got := listNames(t, b.get(t, "/wpmock/v1/snapshots", "admin")); len(got) != 0 {
		t.Errorf("b's snapshots: got %v, want none", got)
	}
	b.send(t, http.MethodPost, "/wpmock/v1/snapshots/mine/restore", "admin", nil).wantError(t, http.StatusNotFound, codeSnapshotNotFound)
	a.send(t, http.MethodPost, "/wpmock/v1/reset", "admin", nil)
	a.send(t, http.MethodPost, "/wpmock/v1/snapshots/mine/restore", "admin", nil)
	if got := a.postTitles(t); got != "In a's snapshot|"+start {
		t.Errorf("a restored: got %s", got)
	}
	if got := b.postTitles(t); got != "In b|"+start {
		t.Errorf("b: got %s", got)
	}
	if got := s.postTitles(t); got != start {
		t.Errorf("the default site: got %s", got)
	}
}

// TestSnapshotIsNoChange: saving a snapshot changes no content, so -persist is not
// told; a restore is a change.
func TestSnapshotIsNoChange(t *testing.T) {
	s := newTestSite(t)
	var mu sync.Mutex
	changes := 0
	s.ctl.onChange = func(*webhook.Change) { mu.Lock(); changes++; mu.Unlock() }
	s.send(t, http.MethodPost, "/wpmock/v1/snapshots", "admin", map[string]any{"name": "a"})
	s.do(t, http.MethodDelete, "/wpmock/v1/snapshots/a", "admin", nil)
	s.send(t, http.MethodPost, "/wpmock/v1/snapshots", "admin", map[string]any{"name": "a"})
	if changes != 0 {
		t.Errorf("saving and deleting snapshots: %d changes reported, want 0", changes)
	}
	s.send(t, http.MethodPost, "/wpmock/v1/snapshots/a/restore", "admin", nil)
	if changes != 1 {
		t.Errorf("a restore: %d changes reported, want 1", changes)
	}
}

// TestNamedSitesConcurrently: workers each on a site of their own (writes, resets,
// snapshots, restores) while the list is read and sites are made and deleted; run with
// -race. Each worker sees its own writes and nobody else's.
func TestNamedSitesConcurrently(t *testing.T) {
	s := newTestSite(t)
	start := s.postTitles(t)
	var wg sync.WaitGroup
	for w := range 4 {
		wg.Go(func() {
			site := s.named(fmt.Sprintf("w%d", w))
			title := fmt.Sprintf("Worker %d", w)
			for i := range 5 {
				site.send(t, http.MethodPost, "/wp/v2/posts", "admin", map[string]any{"title": title, "status": "publish"})
				site.send(t, http.MethodPost, "/wpmock/v1/snapshots", "admin", map[string]any{"name": "one"})
				site.send(t, http.MethodPost, "/wp/v2/posts", "admin", map[string]any{"title": "Undone", "status": "publish"})
				site.send(t, http.MethodPost, "/wpmock/v1/snapshots/one/restore", "admin", nil)
				if got := site.postTitles(t); got != title+"|"+start {
					t.Errorf("worker %d, round %d: got %s", w, i, got)
				}
				site.send(t, http.MethodPost, "/wpmock/v1/reset", "admin", nil)
			}
		})
	}
	wg.Go(func() {
		for i := range 20 {
			s.get(t, "/wpmock/v1/sites", "admin")
			s.named(fmt.Sprintf("passing-%d", i%3)).get(t, "/wp/v2/posts", "")
			s.do(t, http.MethodDelete, fmt.Sprintf("/wpmock/v1/sites/passing-%d", i%3), "admin", nil)
		}
	})
	wg.Wait()
}
