// Package webhook posts the mock site's changes to a frontend, as the WordPress
// plugins that revalidate a Next.js or Astro site on demand do: what changed (a
// Change: its items, their links and the lists they appear on) becomes the requests
// of a preset (presets.go: one per plugin imitated, and the mock's own full shape),
// signed with a secret, delivered in the background with retries and exponential
// backoff, and kept in a bounded delivery log (deliver.go).
//
// The package knows neither the store nor the mock's server: the mock describes each
// change (mock/control/changes.go) and hands it to a Dispatcher, which never makes a request
// wait.
package webhook

import (
	"net/url"
	"time"
)

// Change is what one request changed on the site.
type Change struct {
	// Seq numbers the changes since the site started: 1, 2, ...
	Seq uint64
	// Time is when the change was made, by the site's clock.
	Time time.Time
	// Site is the site's home URL, which every link starts with.
	Site string
	// Name is the named site's name (mock/control/sites.go), "" for the default site: a
	// change made through the plain URL by a request naming its site has no name in
	// its URL, and a receiver revalidating per test needs it.
	Name string
	// WordPress is the version the site answers as ("6.8"); requests carry it in
	// their User-Agent as WordPress's HTTP API does.
	WordPress string
	// Method and Route are the request that made the change ("POST",
	// "/wp/v2/posts/5"); User is its caller's login, "" for a visitor.
	Method, Route, User string
	// Reset says the whole site went back to its start-up dataset (wpmock/v1/reset):
	// no items are listed, everything changed.
	Reset bool
	// Items are the items changed, in the order the request first changed them;
	// More counts those left out past the mock's limit (a user deleted with many
	// posts reassigned).
	Items []Item
	More  int
}

// The kinds of item.
const (
	KindPost     = "post"     // a post of any type: post, page, attachment, a site's own
	KindTerm     = "term"     // a term of any taxonomy
	KindComment  = "comment"  // a comment
	KindUser     = "user"     // a user
	KindSettings = "settings" // site options (/wp/v2/settings)
)

// The actions done to an item.
const (
	Created   = "created"
	Updated   = "updated"
	Trashed   = "trashed"
	Untrashed = "untrashed"
	Deleted   = "deleted"
)

// Item is one changed item: a post, a term, a comment, a user, or the settings.
type Item struct {
	Kind string
	// Type is the post type, the taxonomy, "comment", "user" or "settings".
	Type string
	ID   int
	// Action is Created, Updated, Trashed, Untrashed or Deleted.
	Action string
	// State is the item now (for a deleted item: as it was), Before as it was
	// before the request (nil for a created item).
	State
	Before *State
	// Post is a comment's post.
	Post int `json:",omitempty"`
	// Options are the names of the settings changed (Kind settings).
	Options []string `json:",omitempty"`
	// Lists are the links of the pages that list the item, now or before: the home
	// page, the posts page, the archives of its terms and author; for an attachment,
	// its parent post; for a comment, its post.
	Lists []string `json:",omitempty"`
}

// State is an item at one time.
type State struct {
	Slug   string
	Status string
	// Link is its permalink (get_permalink, get_term_link, get_author_posts_url; a
	// comment's get_comment_link), as a visitor sees it.
	Link string
	// Viewable says a visitor can see it: a published post (an attachment whose
	// parent is), a term, a user, an approved comment on a viewable post.
	Viewable bool
}

// Paths are the site paths the change touches, each once, in order: for each item
// the path of its link where it is viewable now, of its former link where it was,
// and of the lists it appears on where it is or was viewable; the home page for the
// settings and for a reset. A path is the link relative to the site, as
// wp_make_link_relative makes it ("/2025/01/hello/", "/?p=5" with plain links).
func (c *Change) Paths() []string {
	var out []string
	seen := map[string]bool{}
	add := func(link string) {
		if link == "" {
			return
		}
		if p := Relative(link); !seen[p] {
			seen[p] = true
			out = append(out, p)
		}
	}
	if c.Reset {
		add("/")
	}
	for _, it := range c.Items {
		for _, p := range it.Paths() {
			add(p)
		}
	}
	return out
}

// Paths are the paths the item touches (Change.Paths).
func (it *Item) Paths() []string {
	var out []string
	if it.Kind == KindSettings {
		return []string{"/"}
	}
	was := it.Before != nil && it.Before.Viewable
	if it.Viewable {
		out = append(out, Relative(it.Link))
	}
	if was && it.Before.Link != it.Link {
		out = append(out, Relative(it.Before.Link))
	}
	if it.Viewable || was {
		for _, l := range it.Lists {
			out = append(out, Relative(l))
		}
	}
	return out
}

// Relative is wp_make_link_relative: the link without its scheme and host ("/" for
// the home page itself), with its query and without its fragment.
func Relative(link string) string {
	u, err := url.Parse(link)
	if err != nil {
		return link
	}
	p := u.EscapedPath()
	if p == "" {
		p = "/"
	}
	if u.RawQuery != "" {
		p += "?" + u.RawQuery
	}
	return p
}
