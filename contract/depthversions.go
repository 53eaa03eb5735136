package contract

import (
	"fmt"
	"net/http"
	"strings"
)

// The versions group: facts a later WordPress changed on the posts list and item that
// a realistic defect could get wrong while every other rule passes (issue 48). Each
// rule reads what the site declares (its OPTIONS answers) rather than assuming the
// version: whether the posts list takes ignore_sticky and its default (6.7, true from
// 6.8), and whether an item takes excerpt_length (6.6) and how a cut excerpt ends.

// ignoreStickyDefault is the default OPTIONS /wp/v2/posts declares for ignore_sticky:
// 6.7 added the argument defaulting to false, 6.8 made it true (sticky posts are not
// put first unless asked).
var ignoreStickyDefault = fact(false, from(wp68, true))

func init() {
	register("versions", true, func(s *Suite, t T) {
		needWrites(s, t)
		t.Run("sticky", func(t T) { stickyDefault(s, t) })
		t.Run("excerpt", func(t T) { excerptLength(s, t) })
	})
}

// stickyDefault: an older sticky post and a newer one. WP_REST_Posts_Controller::get_items
// sets ignore_sticky_posts from $request['ignore_sticky']; WP_Query puts sticky posts
// first only when it is false. Before 6.7 the argument does not exist and REST lists
// never put sticky posts first (WP_Query does so on the home page alone).
func stickyDefault(s *Suite, t T) {
	const rule = "posts/list/ignore-sticky-default: without ignore_sticky, the posts list orders sticky posts as the default OPTIONS declares (true or undeclared: by date; false: sticky first)"
	o := s.as(anonymous).do(t, http.MethodOptions, "/wp/v2/posts", nil)
	arg, declared := at(o.JSON(), endpointFor(o, http.MethodGet)+".args.ignore_sticky")
	def, _ := at(arg, "default")
	if declared && s.wp >= wp67 {
		want := ignoreStickyDefault.at(s.wp)
		check(t, o, def == want, fmt.Sprintf("posts/options/ignore-sticky-default: OPTIONS /wp/v2/posts: ignore_sticky defaults to %v (checked as WordPress %s: %s)", want, s.wp, s.wpWhy),
			"ignore_sticky %s", show(arg, declared))
	}
	sticky := idOf(s.create(t, nil, "/wp/v2/posts", map[string]any{"title": s.name("sticky old"), "status": "publish", "sticky": true, "date": "2001-01-01T10:00:00"}))
	s.create(t, nil, "/wp/v2/posts", map[string]any{"title": s.name("sticky new"), "status": "publish"})
	// WP_Query prepends the sticky posts on the first page of an unfiltered list only
	// (is_home): an include= or any filter leaves them in date order, so the list is the
	// whole first page, where the sticky post (the oldest) is only if put first.
	first := func(r *Result) bool { return resultIDs(r).has(sticky) }
	wantFirst, why := false, "ignore_sticky undeclared"
	if declared {
		why = fmt.Sprintf("ignore_sticky declared with default %v", def)
		wantFirst = def == false
	}
	r := s.as(anonymous).get(t, "/wp/v2/posts?per_page=1")
	check(t, r, first(r) == wantFirst, rule+" ("+why+")", "sticky post %d on the first page (per_page=1): %v, want %v (ids %v)", sticky, first(r), wantFirst, resultIDs(r))
	if declared {
		r = s.as(anonymous).get(t, "/wp/v2/posts?per_page=1&ignore_sticky=false")
		check(t, r, first(r), "posts/list/ignore-sticky-false: ignore_sticky=false puts the sticky posts first on the first page of an unfiltered list",
			"ids %v, want %d among them", resultIDs(r), sticky)
	}
}

// excerptLength: a post without an excerpt gets one cut from its content by
// wp_trim_excerpt: 55 words (the excerpt_length filter), then excerpt_more " [&hellip;]".
// From 6.6 GET /wp/v2/posts/<id> takes excerpt_length, which sets that filter for the
// request; a site that does not declare it ignores the argument.
func excerptLength(s *Suite, t T) {
	const rule = "posts/excerpt/length-ending: a generated excerpt is the content's first words (excerpt_length if the item route declares it, else 55) followed by \" [&hellip;]\", wrapped in <p>"
	var words []string
	for i := range 60 {
		words = append(words, fmt.Sprintf("w%d", i))
	}
	p := s.create(t, nil, "/wp/v2/posts", map[string]any{"title": s.name("excerpt"), "status": "publish", "content": strings.Join(words, " ")})
	item := fmt.Sprintf("/wp/v2/posts/%d", idOf(p))
	o := s.as(anonymous).do(t, http.MethodOptions, item, nil)
	_, declared := at(o.JSON(), endpointFor(o, http.MethodGet)+".args.excerpt_length")
	n, why := 55, "excerpt_length undeclared by OPTIONS "+item+": ignored"
	if declared {
		n, why = 5, "excerpt_length declared by OPTIONS "+item
	}
	r := s.as(anonymous).get(t, item+"?excerpt_length=5")
	want := "<p>" + strings.Join(words[:n], " ") + " [&hellip;]</p>\n"
	check(t, r, textAt(r, "excerpt.rendered") == want, rule+" ("+why+")", "excerpt.rendered %q, want %q", textAt(r, "excerpt.rendered"), want)
}
