package webhook

import (
	"fmt"
	"strings"
	"testing"
)

// requestsOf is each request of a preset for a change, as "METHOD URL BODY".
func requestsOf(preset string, c *Change) string {
	t := Target{URL: "http://front.example/api/revalidate", Preset: preset, Secret: "s3cret"}
	var out []string
	for _, r := range findPreset(preset).requests(t, c) {
		out = append(out, strings.TrimSpace(fmt.Sprintf("%s %s %s", r.Method, r.URL, r.Body)))
	}
	return strings.Join(out, "\n")
}

func post(action, status, link string, before *State) Item {
	return Item{Kind: KindPost, Type: "post", ID: 7, Action: action,
		State: State{Slug: "hello", Status: status, Link: link, Viewable: status == "publish"}, Before: before}
}

// TestPresets: each preset sends what its plugin sends for the same change, and
// nothing for what its plugin does not hear of.
func TestPresets(t *testing.T) {
	published := &State{Slug: "hi", Status: "publish", Link: "http://wp.example/hi/", Viewable: true}
	draft := &State{Slug: "", Status: "draft", Link: "http://wp.example/?p=7"}
	items := map[string]Item{
		"renamed":   post(Updated, "publish", "http://wp.example/hello/", published),
		"created":   post(Created, "publish", "http://wp.example/hello/", nil),
		"draft":     post(Updated, "draft", "http://wp.example/?p=7", draft),
		"unpublish": post(Updated, "draft", "http://wp.example/?p=7", published),
		"trashed":   post(Trashed, "trash", "http://wp.example/?p=7", published),
		"deleted":   {Kind: KindPost, Type: "page", ID: 9, Action: Deleted, State: State{Status: "publish", Link: "http://wp.example/about/"}, Before: &State{Status: "publish", Link: "http://wp.example/about/", Viewable: true}},
		"media":     {Kind: KindPost, Type: "attachment", ID: 3, Action: Updated, State: State{Status: "inherit", Link: "http://wp.example/photo/", Viewable: true}},
		"tag":       {Kind: KindTerm, Type: "post_tag", ID: 4, Action: Created, State: State{Slug: "go", Link: "http://wp.example/tag/go/", Viewable: true}},
		"user":      {Kind: KindUser, Type: "user", ID: 2, Action: Updated, State: State{Slug: "ed", Link: "http://wp.example/author/ed/", Viewable: true}},
		"settings":  {Kind: KindSettings, Type: "settings", Action: Updated, Options: []string{"blogname"}, State: State{Link: "http://wp.example/", Viewable: true}},
	}
	for _, c := range []struct{ item, preset, want string }{
		{"renamed", PresetOnDemandRevalidation, `PUT http://front.example/api/revalidate {"postId":7,"paths":["\/","\/hello","\/hi"]}`},
		{"created", PresetOnDemandRevalidation, `PUT http://front.example/api/revalidate {"postId":7,"paths":["\/","\/hello"]}`},
		{"draft", PresetOnDemandRevalidation, ``},
		{"unpublish", PresetOnDemandRevalidation, `PUT http://front.example/api/revalidate {"postId":7,"paths":["\/","\/hi"]}`},
		{"trashed", PresetOnDemandRevalidation, `PUT http://front.example/api/revalidate {"postId":7,"paths":["\/","\/hi"]}`},
		{"deleted", PresetOnDemandRevalidation, ``},
		{"media", PresetOnDemandRevalidation, ``},
		{"tag", PresetOnDemandRevalidation, ``},

		{"renamed", PresetNextjsRevalidate, `GET http://front.example/api/revalidate?path=/hello/&secret=s3cret`},
		{"unpublish", PresetNextjsRevalidate, `GET http://front.example/api/revalidate?path=/hi/&secret=s3cret`},
		{"draft", PresetNextjsRevalidate, ``},
		{"trashed", PresetNextjsRevalidate, ``},
		{"deleted", PresetNextjsRevalidate, ``},
		{"media", PresetNextjsRevalidate, `GET http://front.example/api/revalidate?path=/photo/&secret=s3cret`},
		{"user", PresetNextjsRevalidate, ``},

		{"renamed", PresetNextWP, `POST http://front.example/api/revalidate {"contentType":"post","contentId":7}`},
		{"draft", PresetNextWP, ``},
		{"trashed", PresetNextWP, ``},
		{"deleted", PresetNextWP, `POST http://front.example/api/revalidate {"contentType":"page","contentId":9}`},
		{"media", PresetNextWP, `POST http://front.example/api/revalidate {"contentType":"media","contentId":3}`},
		{"tag", PresetNextWP, `POST http://front.example/api/revalidate {"contentType":"tag","contentId":4}`},
		{"user", PresetNextWP, `POST http://front.example/api/revalidate {"contentType":"author","contentId":2}`},
		{"settings", PresetNextWP, ``},
	} {
		ch := &Change{Seq: 1, Site: "http://wp.example", WordPress: "6.8", Items: []Item{items[c.item]}}
		if got := requestsOf(c.preset, ch); got != c.want {
			t.Errorf("%s, %s:\n got %s\nwant %s", c.preset, c.item, got, c.want)
		}
	}
}

// TestPresetHeaders: the secret travels as each plugin sends it.
func TestPresetHeaders(t *testing.T) {
	ch := change(1)
	for _, c := range []struct{ preset, header, want string }{
		{PresetOnDemandRevalidation, "Authorization", "Bearer s3cret"},
		{PresetNextWP, "x-webhook-secret", "s3cret"},
		{PresetWPMock, "X-WPMock-Event", "change"},
	} {
		reqs := findPreset(c.preset).requests(Target{URL: "http://front.example/", Secret: "s3cret"}, ch)
		if len(reqs) != 1 || reqs[0].Header[c.header] != c.want || reqs[0].Header["User-Agent"] != "WordPress/6.8; http://wp.example" {
			t.Errorf("%s: %+v", c.preset, reqs)
		}
	}
}

// TestPHPJSON: bodies are written as PHP's json_encode writes them.
func TestPHPJSON(t *testing.T) {
	got := string(phpJSON(map[string]any{"paths": []string{"/caf\u00e9/", "<b>&", "\U0001F600"}}))
	want := `{"paths":["\/caf\u00e9\/","<b>&","\ud83d\ude00"]}`
	if got != want {
		t.Errorf("got %s, want %s", got, want)
	}
}

// TestChangePaths: the paths of a change, each once: where an item is viewable now,
// where it was, and its lists; the home page for settings and resets.
func TestChangePaths(t *testing.T) {
	it := post(Updated, "publish", "http://wp.example/hello/", &State{Status: "publish", Link: "http://wp.example/hi/", Viewable: true})
	it.Lists = []string{"http://wp.example/", "http://wp.example/category/news/"}
	hidden := post(Updated, "draft", "http://wp.example/?p=8", &State{Status: "draft", Link: "http://wp.example/?p=8"})
	c := &Change{Site: "http://wp.example", Items: []Item{it, hidden, {Kind: KindSettings}}}
	if got, want := strings.Join(c.Paths(), " "), "/hello/ /hi/ / /category/news/"; got != want {
		t.Errorf("got %s, want %s", got, want)
	}
	if got := (&Change{Reset: true}).Paths(); len(got) != 1 || got[0] != "/" {
		t.Errorf("reset: %v", got)
	}
}
