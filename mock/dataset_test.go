package mock

import (
	"bytes"
	"fmt"
	"io"
	"maps"
	"net/http"
	"net/http/httptest"
	"reflect"
	"runtime/debug"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/wpmock/wpmock/fixtures"
	"github.com/wpmock/wpmock/mock/rest"
	"github.com/wpmock/wpmock/mock/site"
	"github.com/wpmock/wpmock/mock/store"
)

// TestOwnNamespaceRoutes: wpmock/v1 is listed in the index like any namespace, with
// reset and dataset in its own index.
func TestOwnNamespaceRoutes(t *testing.T) {
	s := newTestSite(t)
	root := s.get(t, "/", "")
	namespaces, _ := root.json.(map[string]any)["namespaces"].([]any)
	found := false
	for _, ns := range namespaces {
		found = found || ns == OwnNamespace
	}
	if !found {
		t.Errorf("index namespaces: got %v, want %s among them", namespaces, OwnNamespace)
	}
	ns := s.get(t, "/"+OwnNamespace, "")
	routes, _ := ns.json.(map[string]any)["routes"].(map[string]any)
	for _, r := range []string{"/wpmock/v1/reset", "/wpmock/v1/dataset"} {
		if routes[r] == nil {
			t.Errorf("GET /%s: no route %s in %v", OwnNamespace, r, sortedKeys(routes))
		}
	}
}

// TestOwnNamespacePermissions: reset and dataset are the administrator's.
func TestOwnNamespacePermissions(t *testing.T) {
	s := newTestSite(t)
	for _, c := range []struct {
		method, path, login string
		status              int
	}{
		{http.MethodPost, "/wpmock/v1/reset", "", http.StatusUnauthorized},
		{http.MethodPost, "/wpmock/v1/reset", "editor", http.StatusForbidden},
		{http.MethodGet, "/wpmock/v1/dataset", "", http.StatusUnauthorized},
		{http.MethodGet, "/wpmock/v1/dataset", "subscriber", http.StatusForbidden},
	} {
		s.do(t, c.method, c.path, c.login, nil).wantError(t, c.status, "rest_forbidden")
	}
	if got := s.do(t, http.MethodPost, "/wpmock/v1/reset", "admin", nil); got.status != http.StatusOK {
		t.Errorf("reset as admin: got %d %s", got.status, got.body)
	}
	open, err := New(Options{Dataset: fixtures.Example(), Clock: fixedClock, OpenAuth: true, Control: TestControl})
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(open)
	t.Cleanup(srv.Close)
	o := &testSite{Mock: open, srv: srv}
	if got := o.do(t, http.MethodPost, "/wpmock/v1/reset", "", nil); got.status != http.StatusOK {
		t.Errorf("reset with -auth=open: got %d %s", got.status, got.body)
	}
}

// TestResetRestoresStartup: after writes, the dataset shows them; a reset brings back
// the start-up dataset exactly.
func TestResetRestoresStartup(t *testing.T) {
	s := newTestSite(t)
	before := s.get(t, "/wpmock/v1/dataset", "admin")
	if before.status != http.StatusOK {
		t.Fatalf("GET /wpmock/v1/dataset: %d %s", before.status, before.body)
	}
	// the example's records come back (users aside: logging in records a last use)
	ds, err := fixtures.Decode(before.body, "before")
	if err != nil {
		t.Fatal(err)
	}
	example := fixtures.Example()
	if !reflect.DeepEqual(ds.Posts, example.Posts) || !reflect.DeepEqual(ds.Terms, example.Terms) ||
		!reflect.DeepEqual(ds.Meta, example.Meta) || !reflect.DeepEqual(ds.Files, example.Files) || len(ds.Users) != 5 {
		t.Errorf("the dataset of the example site is not example.json:\n%.600s", before.body)
	}
	created := s.do(t, http.MethodPost, "/wp/v2/posts", "admin", strings.NewReader(`{"title":"Added by a test","status":"publish"}`),
		"Content-Type", "application/json")
	if created.status != http.StatusCreated {
		t.Fatalf("create: %d %s", created.status, created.body)
	}
	s.do(t, http.MethodDelete, "/wp/v2/posts/3?force=true", "admin", nil)
	during := s.get(t, "/wpmock/v1/dataset", "admin")
	if !bytes.Contains(during.body, []byte(`"Added by a test"`)) || bytes.Contains(during.body, []byte(`"Writing a plugin in an afternoon"`)) {
		t.Errorf("the dataset does not show the writes:\n%.600s", during.body)
	}
	if _, err := fixtures.Decode(during.body, "during"); err != nil {
		t.Errorf("the dataset after writes does not load: %v", err)
	}
	reset := s.do(t, http.MethodPost, "/wpmock/v1/reset", "admin", nil)
	if want := `{"reset":true,"posts":7,"media":1,"revisions":1,"users":5,"categories":3,"tags":2,"menus":0,"meta":2}`; string(reset.body) != want {
		t.Errorf("reset: got %s, want %s", reset.body, want)
	}
	after := s.get(t, "/wpmock/v1/dataset", "admin")
	if !bytes.Equal(after.body, before.body) {
		t.Errorf("after a reset the dataset differs from the start-up one:\n%.600s", after.body)
	}
	if got := s.get(t, "/wp/v2/posts/3", ""); got.status != http.StatusOK {
		t.Errorf("post 3 after the reset: %d", got.status)
	}
	// the next post gets the id it got the first time: the sequence is reset too
	again := s.do(t, http.MethodPost, "/wp/v2/posts", "admin", strings.NewReader(`{"title":"Again"}`), "Content-Type", "application/json")
	if id, want := again.json.(map[string]any)["id"], created.json.(map[string]any)["id"]; id != want {
		t.Errorf("id after the reset: got %v, want %v", id, want)
	}
}

// TestResetUnderLoad: resets while other requests read and write never show a
// half-reset site (run with -race).
func TestResetUnderLoad(t *testing.T) {
	s := newTestSite(t)
	var wg sync.WaitGroup
	for w := 0; w < 4; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := 0; i < 20; i++ {
				switch i % 4 {
				case 0:
					s.do(t, http.MethodPost, "/wpmock/v1/reset", "admin", nil)
				case 1:
					s.do(t, http.MethodPost, "/wp/v2/posts", "editor", strings.NewReader(`{"title":"x"}`), "Content-Type", "application/json")
				default:
					if got := s.get(t, "/wp/v2/posts?per_page=100", ""); got.header.Get("X-WP-Total") != "4" {
						t.Errorf("published posts: got %s, want 4", got.header.Get("X-WP-Total"))
					}
				}
			}
		}()
	}
	wg.Wait()
}

// TestBadDatasetNotLoaded: New refuses a dataset that does not validate.
func TestBadDatasetNotLoaded(t *testing.T) {
	ds := fixtures.Example()
	ds.Posts[1].Author = 42
	m, err := New(Options{Dataset: ds})
	if err == nil || m != nil || !strings.Contains(err.Error(), `posts[1] (id 2): field "author": no user has id 42`) {
		t.Errorf("got %v, %v; want no mock and the author error", m, err)
	}
}

// TestAdminAppPassword: -admin-app-password replaces the admin's password, and a
// reset keeps it.
func TestAdminAppPassword(t *testing.T) {
	m, err := New(Options{Dataset: fixtures.Example(), AdminAppPassword: "abcd EFGH ijkl MNOP qrst UVWX"})
	if err != nil {
		t.Fatal(err)
	}
	m.Reset()
	if got := m.Passwords["admin"]; got != "abcd EFGH ijkl MNOP qrst UVWX" {
		t.Errorf("admin password: got %q", got)
	}
	ap := m.Dataset().Users[0].AppPasswords[0]
	if ap.Hash != fixtures.HashPassword("abcdEFGHijklMNOPqrstUVWX") || ap.Password != "" {
		t.Errorf("admin password after a reset: got hash %q, plain %q", ap.Hash, ap.Password)
	}
}

// TestExportHoldsNoPasswords: passwords never appear in a response; the dataset
// export (and so GET /wpmock/v1/dataset) holds hashes only, and reloading it still
// lets everyone log in.
func TestExportHoldsNoPasswords(t *testing.T) {
	m, err := New(Options{Dataset: fixtures.Example()})
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	if err := m.Export(&b); err != nil {
		t.Fatal(err)
	}
	for login, pw := range m.Passwords {
		if strings.Contains(b.String(), strings.ReplaceAll(pw, " ", "")) {
			t.Errorf("the export holds %s's application password", login)
		}
	}
	ds, err := fixtures.Decode([]byte(b.String()), "export")
	if err != nil {
		t.Fatal(err)
	}
	again, err := New(Options{Dataset: ds})
	if err != nil {
		t.Fatal(err)
	}
	req := httptest.NewRequest(http.MethodGet, "/wp-json/wp/v2/users/me", nil)
	req.SetBasicAuth("editor", m.Passwords["editor"])
	rec := httptest.NewRecorder()
	again.ServeHTTP(rec, req)
	if rec.Code != http.StatusOK {
		t.Errorf("after reloading the export, editor's password: got %d", rec.Code)
	}
}

// TestDatasetRecordsVersion: a mock answering as 6.8 exports wp_version "6.8", and a
// mock loaded from that file answers as 6.8 unless told otherwise.
func TestDatasetRecordsVersion(t *testing.T) {
	m, err := New(Options{Seed: 1, Size: fixtures.Size{Users: 1}, Version: rest.V68})
	if err != nil {
		t.Fatal(err)
	}
	ds := m.Dataset()
	if ds.WPVersion != "6.8" {
		t.Fatalf("exported wp_version %q, want 6.8", ds.WPVersion)
	}
	again, err := New(Options{Dataset: ds})
	if err != nil {
		t.Fatal(err)
	}
	if again.Version() != rest.V68 {
		t.Errorf("a mock loaded from a 6.8 dataset answers as %s, want 6.8", again.Version())
	}
	told, err := New(Options{Dataset: ds, Version: rest.V71})
	if err != nil {
		t.Fatal(err)
	}
	if told.Version() != rest.V71 {
		t.Errorf("with Version 7.1 over a 6.8 dataset the mock answers as %s", told.Version())
	}
	ds.WPVersion = "5.9"
	if _, err := New(Options{Dataset: ds}); err == nil || !strings.Contains(err.Error(), "known: 6.1, 6.8, 7.1") {
		t.Errorf("a dataset of an unknown version: error %v, want one listing the known versions", err)
	}
}

// TestStreamedExportIsTheDataset: GET /wpmock/v1/dataset, which streams the posts from
// the stored rows after its transaction, writes what Dataset().Encode writes, after
// creates, changes and deletes (the largest post deleted too, which makes the posts
// sequence appear), and stays the snapshot of its moment while writes follow.
func TestStreamedExportIsTheDataset(t *testing.T) {
	s := newTestSite(t)
	send := func(method, path, body string) reply {
		t.Helper()
		return s.do(t, method, path, "admin", strings.NewReader(body), "Content-Type", "application/json")
	}
	send(http.MethodPost, "/wp/v2/posts/1", `{"title":"Hello again"}`) // and a revision
	id := send(http.MethodPost, "/wp/v2/posts", `{"title":"Streamed","status":"publish"}`).id(t)
	send(http.MethodDelete, fmt.Sprintf("/wp/v2/posts/%d?force=true", id), "")
	got := s.get(t, "/wpmock/v1/dataset", "admin")
	var want bytes.Buffer
	if err := s.Mock.Dataset().Encode(&want); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got.body, want.Bytes()) {
		t.Errorf("the streamed export differs from Dataset().Encode:\n got %.300s\nwant %.300s", got.body, want.String())
	}
	if !bytes.Contains(got.body, []byte(`"Hello again"`)) || !bytes.Contains(got.body, []byte(`"posts": `+strconv.Itoa(id+1))) {
		t.Errorf("the export lacks the change or the posts sequence:\n%s", got.body[max(0, len(got.body)-300):])
	}
	// the stream of a snapshot: encode after a later change, and the change is not in it
	var encode func(io.Writer) error
	s.store.Read(func(tx *store.Tx) { encode = s.Mock.exportOf(tx) })
	send(http.MethodPost, "/wp/v2/posts/1", `{"title":"Changed after the snapshot"}`)
	var snap bytes.Buffer
	if err := encode(&snap); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(snap.Bytes(), got.body) {
		t.Errorf("a write after the snapshot changed the stream")
	}
}

// TestResetOfALargeGeneratedSite: a large generated site (here above 200 rows, to be
// quick) keeps its start-up dataset without the posts, and a reset generates them
// again: the site after a change and a reset exports as it did at start-up, and
// StartupPosts counts what StartupDataset holds.
func TestResetOfALargeGeneratedSite(t *testing.T) {
	size := fixtures.DefaultSize
	size.Posts = 300
	m, err := New(Options{Seed: 4, Size: size, Clock: fixedClock, regenerateAbove: 200})
	if err != nil {
		t.Fatal(err)
	}
	if !m.regenerate || m.StartupKept().Posts != nil {
		t.Fatalf("a site of %d posts keeps its start-up posts (regenerate %v)", size.Posts, m.regenerate)
	}
	export := func() string {
		var b strings.Builder
		if err := m.Export(&b); err != nil {
			t.Fatal(err)
		}
		return b.String()
	}
	before := export()
	m.store.Write(func(tx *store.Tx) {
		tx.ChangePost(1, func(p *store.Post) { p.Title = "Changed" })
		tx.DeletePost(tx.PostsByID("post")[5].ID)
	})
	if export() == before {
		t.Fatal("the change did not show")
	}
	m.Reset()
	if after := export(); after != before {
		t.Errorf("after a reset the site exports %d bytes, at start-up %d", len(after), len(before))
	}
	types := map[string]int{}
	for _, p := range m.StartupDataset().Posts {
		types[p.Type]++
	}
	if got := m.StartupPosts(); !maps.Equal(got, types) || got["post"] != size.Posts {
		t.Errorf("StartupPosts %v, the start-up dataset holds %v", got, types)
	}
}

// TestExportBoundsMemory: while an export streams, the process's memory limit is what
// it used at the start plus site.ExportHeadroom (or a lower limit it had), and after it the
// limit is what it was, also when two exports overlap.
func TestExportBoundsMemory(t *testing.T) {
	s := newTestSite(t)
	prev := debug.SetMemoryLimit(-1)
	defer debug.SetMemoryLimit(prev)
	var first, second func(io.Writer) error
	s.store.Read(func(tx *store.Tx) { first, second = s.Mock.exportOf(tx), s.Mock.exportOf(tx) })
	var during, nested []int64
	w := &limitWriter{seen: &during, inner: func() {
		if len(nested) == 0 { // a second export inside the first
			if err := second(&limitWriter{seen: &nested}); err != nil {
				t.Fatal(err)
			}
		}
	}}
	if err := first(w); err != nil {
		t.Fatal(err)
	}
	if len(during) == 0 || len(nested) == 0 {
		t.Fatal("the exports wrote nothing")
	}
	for _, l := range append(during, nested...) {
		if l >= prev || l <= site.ExportHeadroom || l != during[0] {
			t.Fatalf("while exporting, the memory limit was %d (before %d, at the first write %d)", l, prev, during[0])
		}
	}
	if got := debug.SetMemoryLimit(-1); got != prev {
		t.Errorf("after the exports, the memory limit is %d, not %d as before", got, prev)
	}
	// a lower limit of the process's own is kept
	debug.SetMemoryLimit(1 << 20)
	during = nil
	if err := first(&limitWriter{seen: &during}); err != nil {
		t.Fatal(err)
	}
	if during[0] != 1<<20 || debug.SetMemoryLimit(prev) != 1<<20 {
		t.Errorf("a lower limit of 1 MiB became %d while exporting", during[0])
	}
}

// limitWriter records the memory limit at each write, and calls inner after the first.
type limitWriter struct {
	seen  *[]int64
	inner func()
}

func (w *limitWriter) Write(p []byte) (int, error) {
	*w.seen = append(*w.seen, debug.SetMemoryLimit(-1))
	if w.inner != nil && len(*w.seen) == 1 {
		w.inner()
	}
	return len(p), nil
}
