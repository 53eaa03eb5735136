package contract

import (
	"fmt"
	"maps"
	"net/http"
	"slices"
	"strings"
)

// The requests issue 48 found the pages, comments and search groups never sent: a
// page of comments past the last, the status filters of each role, the embeds of every
// link relation an item advertises, the self link's targetHints (6.7), and the title
// of a search result as the_title filters it.

// pastLastComments: WP_REST_Comments_Controller::get_items does not refuse a page past
// the last (the posts controller does): it answers 200 with no comments, the totals,
// and a prev link to the last page (prev_page capped at max_pages).
func pastLastComments(s *Suite, t T, post int) {
	r := s.as(anonymous).get(t, fmt.Sprintf("/wp/v2/comments?post=%d&per_page=1&page=3", post))
	prev := linkRels(r.Header.Get("Link"))["prev"]
	check(t, r, r.Status == http.StatusOK && r.list() != nil && len(r.list()) == 0 && r.Header.Get("X-WP-Total") == "2" &&
		strings.Contains(prev, "page=2") && !strings.Contains(r.Header.Get("Link"), `rel="next"`),
		"comments/paging/past-end: a page of comments past the last answers 200 [] with X-WP-Total, and links prev to the last page (page=2), not next",
		"%d %s, X-WP-Total %q, Link %q", r.Status, clip(r.Body, 80), r.Header.Get("X-WP-Total"), r.Header.Get("Link"))
}

// roleCaps reads acc's capabilities from the site (GET /wp/v2/users/<id>?context=edit
// as the administrator), and says where from.
func (s *Suite) roleCaps(t T, acc *account) (map[string]any, string) {
	from := fmt.Sprintf("/wp/v2/users/%d?context=edit", acc.id)
	caps, _ := at(s.as(s.admin()).get(t, from).JSON(), "capabilities")
	m, _ := caps.(map[string]any)
	return m, from
}

// commentStatusRoles: get_items_permissions_check refuses status other than approve to
// a reader without edit_posts (rest_forbidden_param, 401 for a visitor, 403 signed in);
// a reader with edit_posts but not the right to edit the comment's post
// (check_read_permission: edit_comment) gets 200 without the held comment.
func commentStatusRoles(s *Suite, t T, post int) {
	held := idOf(s.create(t, nil, "/wp/v2/comments", map[string]any{"post": post, "content": s.name("held for roles")}))
	s.as(s.admin()).send(t, http.MethodPost, fmt.Sprintf("/wp/v2/comments/%d", held), map[string]any{"status": "hold"})
	list := fmt.Sprintf("/wp/v2/comments?post=%d&status=hold", post)
	const forbidden = "comments/list/status-forbidden: status=hold from a reader without edit_posts is refused with rest_forbidden_param (401 for a visitor, 403 signed in)"
	wantError(t, s.as(anonymous).get(t, list), http.StatusUnauthorized, "rest_forbidden_param", forbidden)

	sub := s.accountFor(t, "subscriber")
	if caps, from := s.roleCaps(t, sub); caps["edit_posts"] == true {
		skipRule(t, forbidden, "the site's subscriber role has edit_posts (site fact from "+from+")")
	} else {
		wantError(t, s.as(sub).get(t, list), http.StatusForbidden, "rest_forbidden_param", forbidden)
	}
	const filtered = "comments/list/status-contributor: status=hold from a reader with edit_posts who may not edit the post answers 200 without the post's held comments"
	con := s.accountFor(t, "contributor")
	caps, from := s.roleCaps(t, con)
	if caps["edit_posts"] != true || caps["edit_others_posts"] == true || caps["moderate_comments"] == true {
		skipRule(t, filtered, "the site's contributor role is not edit_posts without edit_others_posts and moderate_comments (site fact from "+from+")")
		return
	}
	r := s.as(con).get(t, list)
	check(t, r, r.Status == http.StatusOK && r.list() != nil && !resultIDs(r).has(held), filtered, "%d ids %v (held %d)", r.Status, resultIDs(r), held)
}

// embedsAdvertised: with _embed, WP_REST_Server::embed_links embeds every link marked
// embeddable whose answer (asked as the same reader, in the embed context) is not
// empty, under its relation, and no other; an empty list is left out (array_filter).
func embedsAdvertised(s *Suite, t T, rule string, acc *account, path string) {
	sep := "?"
	if strings.Contains(path, "?") {
		sep = "&"
	}
	r := s.as(acc).get(t, path+sep+"_embed")
	links, _ := r.object()["_links"].(map[string]any)
	want := map[string]bool{}
	for rel, l := range links {
		for _, x := range asAnyList(l) {
			if e, _ := at(x, "embeddable"); e != true {
				continue
			}
			href, _ := at(x, "href")
			route, ok := strings.CutPrefix(fmt.Sprint(href), s.cfg.URL)
			if !ok {
				skipRule(t, rule, fmt.Sprintf("the link %s %v is not under the API root %s", rel, href, s.cfg.URL))
				return
			}
			q := "?"
			if strings.Contains(route, "?") {
				q = "&"
			}
			e := s.as(acc).get(t, route+q+"context=embed")
			if e.Status != http.StatusOK || len(e.Body) > 0 && string(e.Body) != "[]" {
				want[rel] = true
			}
		}
	}
	emb, _ := r.object()["_embedded"].(map[string]any)
	got := slices.Sorted(maps.Keys(emb))
	check(t, r, slices.Equal(got, slices.Sorted(maps.Keys(want))), rule, "_embedded %v, want %v", got, slices.Sorted(maps.Keys(want)))
}

func asAnyList(v any) []any { l, _ := v.([]any); return l }

// wantTargetHints: from 6.7 an item's self link carries targetHints.allow, the methods
// the reader may use (the Allow header's); before, href alone (selfLink, fields.go).
// The version is the one the suite detected from the site's OPTIONS answers.
func wantTargetHints(s *Suite, t T, rule string, acc *account, path string) {
	r := s.as(acc).get(t, path)
	self, _ := at(r.JSON(), "_links.self")
	want := s.selfLink(s.url(path), acc)
	check(t, r, jsonEqual(self, want), rule+fmt.Sprintf(" (as %s, checked as WordPress %s: %s)", acc.name, s.wp, s.wpWhy),
		"self %s, want %s", mustJSONText(self), mustJSONText(want))
}

func mustJSONText(v any) string { return show(v, true) }

// searchTitleTexturized: the post search handler's title is get_the_title, which the
// the_title filter runs through wptexturize: ' becomes &#8217;, -- between spaces &#8212;.
func searchTitleTexturized(s *Suite, t T) {
	word := s.name("texturize")
	s.create(t, nil, "/wp/v2/posts", map[string]any{"title": "Rob's -- " + word, "status": "publish"})
	r := s.as(anonymous).get(t, "/wp/v2/search?subtype=post&search="+word)
	wantValue(t, r, "0.title", "Rob&#8217;s &#8212; "+word, "search/render/texturize-title: a search result's title is texturized as get_the_title gives it (' is &#8217;, -- is &#8212;)")
}
