package mock

import (
	"net/http"
	"net/http/httptest"
	"net/url"
	"regexp"
	"slices"
	"strconv"
	"testing"

	"github.com/wpmock/wpmock/fixtures"
)

// TestSeededAutosavesPreview walks a frontend's preview on a fresh generated site
// (seeded as wpmock -seed 1 starts, through GenerateEach): an editor lists the
// autosaves of a draft and of a published post and gets the ones the generator
// seeded, newest first; the preview link of each names the post (preview_id), a
// preview_nonce and preview=true; the preview route reads the latest autosave by the
// post's id with an application password, while the post itself keeps its own text;
// a visitor may read none of it.
func TestSeededAutosavesPreview(t *testing.T) {
	ds, err := fixtures.Generate(1, fixtures.DefaultSize) // what the site is seeded with
	if err != nil {
		t.Fatal(err)
	}
	m, err := New(Options{Seed: 1, Clock: fixedClock})
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(m)
	t.Cleanup(srv.Close)
	s := &testSite{Mock: m, srv: srv}

	editor := ""
	for _, u := range ds.Users {
		if u.Roles[0] == "editor" && editor == "" {
			editor = u.Login
		}
	}
	posts := map[int]fixtures.Post{}
	autosaves := map[int][]fixtures.Post{} // by post, newest first
	for _, p := range ds.Posts {
		posts[p.ID] = p
		if p.Type == "revision" && p.Slug == strconv.Itoa(p.Parent)+"-autosave-v1" {
			autosaves[p.Parent] = append(autosaves[p.Parent], p)
		}
	}
	byStatus := map[string]int{} // a post of each status with autosaves
	for id, list := range autosaves {
		slices.SortFunc(list, func(a, b fixtures.Post) int { return b.Date.Compare(a.Date) })
		if st := posts[id].Status; byStatus[st] == 0 || id < byStatus[st] {
			byStatus[st] = id
		}
	}
	if editor == "" || byStatus["draft"] == 0 || byStatus["publish"] == 0 {
		t.Fatalf("seed 1 has no editor (%q) or no autosaves of a draft and a published post (%v)", editor, byStatus)
	}
	nonce := regexp.MustCompile(`^[0-9a-f]{10}$`)
	for _, status := range []string{"draft", "publish"} {
		id := byStatus[status]
		want, post := autosaves[id], posts[id]
		base := "/wp/v2/posts/" + strconv.Itoa(id) + "/autosaves"
		list := s.get(t, base+"?context=edit", editor)
		if list.status != http.StatusOK {
			t.Fatalf("%s post %d: GET %s as the editor: %d %s", status, id, base, list.status, list.body)
		}
		items, _ := list.json.([]any)
		var got []int
		for _, it := range items {
			got = append(got, int(it.(map[string]any)["id"].(float64)))
		}
		var wantIDs []int
		for _, a := range want {
			wantIDs = append(wantIDs, a.ID)
		}
		if !slices.Equal(got, wantIDs) {
			t.Fatalf("%s post %d: autosaves %v, want the seeded %v, newest first", status, id, got, wantIDs)
		}
		for i, it := range items {
			a := want[i]
			o := it.(map[string]any)
			for k, v := range map[string]any{"parent": float64(id), "author": float64(a.Author), "slug": a.Slug,
				"title.raw": a.Title, "content.raw": a.Content.String(), "excerpt.raw": a.Excerpt} {
				if d := valueDiff(v, field(o, k)); d != "" {
					t.Errorf("%s post %d, autosave %d: %s: %s", status, id, a.ID, k, d)
				}
			}
			link, err := url.Parse(o["preview_link"].(string))
			if err != nil {
				t.Fatal(err)
			}
			q := link.Query()
			if q.Get("preview_id") != strconv.Itoa(id) || q.Get("preview") != "true" || !nonce.MatchString(q.Get("preview_nonce")) {
				t.Errorf("%s post %d: preview_link %s, want preview_id=%d, a preview_nonce and preview=true", status, id, link, id)
			}
		}
		// the preview route: the latest autosave of the post preview_id names, whichever
		// autosave id it asks for
		for _, a := range want {
			latest := s.get(t, base+"/"+strconv.Itoa(a.ID)+"?context=edit", editor)
			if latest.status != http.StatusOK {
				t.Fatalf("%s post %d: GET %s/%d: %d %s", status, id, base, a.ID, latest.status, latest.body)
			}
			latest.wantFields(t, map[string]any{"id": float64(want[0].ID), "title.raw": want[0].Title, "content.raw": want[0].Content.String()})
		}
		self := s.get(t, "/wp/v2/posts/"+strconv.Itoa(id)+"?context=edit", editor)
		self.wantFields(t, map[string]any{"status": status, "title.raw": post.Title, "content.raw": post.Content.String()})
		s.get(t, base, "").wantError(t, http.StatusUnauthorized, codeCannotReadRevisions)
	}
}
