package contract

import (
	"fmt"
	"math"
	"net/http"
	"strconv"
	"strings"
	"time"
)

// The facts group (issue 44): what a site's owner chooses, read from the site and
// checked where WordPress applies it, never taken from the reference sites. The time
// zone (the index's timezone_string and gmt_offset, /settings' timezone) in items'
// date against date_gmt; the date and time formats as /settings answers them;
// posts_per_page, which REST lists do not follow (their per_page has its own
// default); the front page (show_on_front, page_on_front, page_for_posts) in the
// settings, the index (from 6.8) and the links a frontend reads; the default comment
// and ping status of a new post; permalinks and the term bases as the items' links
// show them (permalink_structure and the bases are published nowhere else); the roles'
// capabilities and what each role may do; menus' order, parents and read access.
// A setting a rule writes is one the site does not hold, and is put back after.
// Rule ids: facts/<fact>/<rule>.

func init() {
	register("facts", true, func(s *Suite, t T) {
		needWrites(s, t)
		settings := s.caps.routes[settingsRoute]
		for _, part := range []struct {
			name     string
			settings bool // needs /wp/v2/settings
			run      func(s *Suite, t T)
		}{
			{"timezone", true, timezoneFacts}, {"formats", true, formatFacts}, {"posts_per_page", true, postsPerPageFacts},
			{"front page", true, frontPageFacts}, {"discussion", true, discussionFacts},
			{"permalinks", false, permalinkFacts}, {"roles", false, roleFacts}, {"menus", false, menuFacts},
		} {
			t.Run(part.name, func(t T) {
				if part.settings && !settings {
					skipRule(t, "facts/"+strings.ReplaceAll(part.name, " ", "-")+"/settings: the fact is read from the site's settings",
						"the site has no "+settingsRoute+" route, where WordPress publishes it")
					return
				}
				part.run(s, t)
			})
		}
	})
}

// settingsNow is /wp/v2/settings as the administrator, read afresh (the settings the
// rules write change it; s.setting keeps the first reading).
func (s *Suite) settingsNow(t T) *Result {
	t.Helper()
	return s.as(s.admin()).get(t, settingsRoute)
}

// putBack writes back the settings names held in before, when the rule ends.
func (s *Suite) putBack(t T, before *Result, names ...string) func() {
	old := map[string]any{}
	for _, n := range names {
		if v, ok := before.object()[n]; ok {
			old[n] = v
		}
	}
	return func() { s.as(s.admin()).send(t, http.MethodPost, settingsRoute, old) }
}

// notHeld is the first candidate that is not held (a value the rule writes must
// change the setting, or the rule proves nothing).
func notHeld[V comparable](held any, candidates ...V) V {
	for _, c := range candidates {
		if !jsonEqual(any(c), held) && fmt.Sprint(c) != fmt.Sprint(held) {
			return c
		}
	}
	return candidates[len(candidates)-1]
}

// offsetHours is a gmt_offset as the index gives it: a number with a time zone, the
// option's raw text ("0", "5.5") without one.
func offsetHours(v any) (float64, bool) {
	switch x := v.(type) {
	case float64:
		return x, true
	case string:
		f, err := strconv.ParseFloat(x, 64)
		return f, err == nil
	}
	return 0, false
}

// indexZone is the time zone the index names (timezone_string, else the fixed
// gmt_offset), with the fact note saying which it used; ok false when Go does not
// know the zone.
func indexZone(idx *Result) (loc *time.Location, note string, ok bool) {
	name := textAt(idx, "timezone_string")
	if name == "" {
		off, known := offsetHours(idx.object()["gmt_offset"])
		if !known {
			return nil, "", false
		}
		return time.FixedZone("", int(off*3600)), factNote("gmt_offset", idx.object()["gmt_offset"], "the index (no timezone_string)"), true
	}
	loc, err := time.LoadLocation(name)
	if err != nil {
		return nil, "", false
	}
	return loc, factNote("timezone_string", name, "the index"), true
}

// wpDate is WordPress's REST date format (mysql_to_rfc3339 without the zone).
const wpDate = "2006-01-02T15:04:05"

// datedAt is the local date the zone rules give a post: summer, where a zone with
// daylight saving time is on it.
const datedAt = "2024-07-01T12:00:00"

// zoneDates: a post dated in local time gets date_gmt at the zone's offset then.
func zoneDates(s *Suite, t T, rule string, loc *time.Location, note string) {
	t.Helper()
	p := s.create(t, nil, "/wp/v2/posts", map[string]any{"title": s.name("zone"), "status": "publish", "date": datedAt})
	local, _ := time.ParseInLocation(wpDate, datedAt, loc)
	want := local.UTC().Format(wpDate)
	check(t, p, textAt(p, "date") == datedAt && textAt(p, "date_gmt") == want, rule+" "+note,
		"date %q, date_gmt %q, want %s and %s", textAt(p, "date"), textAt(p, "date_gmt"), datedAt, want)
}

// timezoneFacts: the index and /settings name one time zone, the items' dates follow
// it, and a zone the site does not hold, written, is read back from both and applied.
func timezoneFacts(s *Suite, t T) {
	admin, anon := s.as(s.admin()), s.as(anonymous)
	before, idx := s.settingsNow(t), anon.get(t, "/")
	held := before.object()["timezone"]
	const indexRule = "facts/timezone/index: the index's timezone_string is the time zone /settings answers, and its gmt_offset that zone's offset now"
	zoneOK := checkIndexZone(t, idx, held, indexRule)
	loc, note, known := indexZone(idx)
	const datesRule = "facts/timezone/dates: a post dated in local time has date_gmt at the site's offset on that date"
	if !known || !zoneOK {
		skipRule(t, datesRule, fmt.Sprintf("the index's time zone (timezone_string %v, gmt_offset %v) is not one the suite can compute offsets for",
			idx.object()["timezone_string"], idx.object()["gmt_offset"]))
	} else {
		zoneDates(s, t, datesRule, loc, note)
	}

	// a zone with another offset on datedAt than the held one, fractional first (5.5)
	zone := "Asia/Kolkata"
	for _, z := range []string{"Asia/Kolkata", "Asia/Tokyo", "America/Sao_Paulo"} {
		l, err := time.LoadLocation(z)
		if err != nil || z == held {
			continue
		}
		if loc == nil || offsetAt(l) != offsetAt(loc) {
			zone = z
			break
		}
	}
	defer s.putBack(t, before, "timezone")()
	r := admin.send(t, http.MethodPost, settingsRoute, map[string]any{"timezone": zone})
	after := anon.get(t, "/")
	wrote := fmt.Sprintf("(site fact: timezone %s from %s, written %s)", show(held, true), settingsRoute, zone)
	check(t, r, textAt(r, "timezone") == zone && textAt(s.settingsNow(t), "timezone") == zone && textAt(after, "timezone_string") == zone,
		"facts/timezone/written: a time zone the site does not hold, written through /settings, is read back from /settings and the index "+wrote,
		"POST answered timezone %q, the index timezone_string %q", textAt(r, "timezone"), textAt(after, "timezone_string"))
	l, _ := time.LoadLocation(zone)
	off, _ := offsetHours(after.object()["gmt_offset"])
	_, secs := time.Now().In(l).Zone()
	check(t, after, off == float64(secs)/3600, "facts/timezone/written: a time zone the site does not hold, written through /settings, is read back from /settings and the index "+wrote,
		"the index's gmt_offset %v, want %v", after.object()["gmt_offset"], float64(secs)/3600)
	zoneDates(s, t, "facts/timezone/applied: a post created after the time zone is written has date_gmt at the written zone's offset", l, wrote)
}

// checkIndexZone: the index's timezone_string is /settings' timezone, and with a zone
// its gmt_offset is the zone's offset now (without one, gmt_offset is the option,
// which /settings does not publish).
func checkIndexZone(t T, idx *Result, held any, rule string) bool {
	t.Helper()
	name := textAt(idx, "timezone_string")
	note := fmt.Sprintf("(site fact: timezone %s from %s, timezone_string %q and gmt_offset %v from the index)", show(held, true), settingsRoute, name, idx.object()["gmt_offset"])
	if !check(t, idx, jsonEqual(held, name), rule+" "+note, "timezone_string %q, /settings timezone %v", name, held) {
		return false
	}
	off, ok := offsetHours(idx.object()["gmt_offset"])
	if name == "" {
		return check(t, idx, ok, rule+" "+note, "gmt_offset %v is not a number", idx.object()["gmt_offset"])
	}
	l, err := time.LoadLocation(name)
	if err != nil {
		return false
	}
	_, secs := time.Now().In(l).Zone()
	return check(t, idx, ok && off == float64(secs)/3600, rule+" "+note, "gmt_offset %v, want %v", idx.object()["gmt_offset"], float64(secs)/3600)
}

// offsetAt is a zone's offset in seconds on datedAt.
func offsetAt(loc *time.Location) int {
	d, _ := time.ParseInLocation(wpDate, datedAt, loc)
	_, secs := d.Zone()
	return secs
}

// formatFacts: date_format and time_format are strings, as /settings' schema types
// them, and a format the site does not hold, written, is read back as written.
func formatFacts(s *Suite, t T) {
	admin := s.as(s.admin())
	before := s.settingsNow(t)
	props, _ := at(admin.do(t, http.MethodOptions, settingsRoute, nil).JSON(), "schema.properties")
	defer s.putBack(t, before, "date_format", "time_format")()
	set := map[string]any{
		"date_format": notHeld(before.object()["date_format"], "Y-m-d", "d/m/Y"),
		"time_format": notHeld(before.object()["time_format"], "H:i", "g:i A"),
	}
	r := admin.send(t, http.MethodPost, settingsRoute, set)
	now := s.settingsNow(t)
	for _, k := range []string{"date_format", "time_format"} {
		typ, _ := at(props, k+".type")
		rule := fmt.Sprintf("facts/formats/read-back: %s is a string, as OPTIONS %s types it, and a format the site does not hold, written, is read back as written "+
			"(site fact: %s=%s, type %v)", k, settingsRoute, k, show(before.object()[k], true), typ)
		check(t, now, typ == "string" && textAt(r, k) == set[k] && textAt(now, k) == set[k], rule,
			"wrote %v: POST answered %v, GET answers %v", set[k], r.object()[k], now.object()[k])
	}
}

// postsPerPageFacts: posts_per_page is the blog's page size (the front end's), which
// REST lists do not follow: a list without per_page answers per_page's default as
// OPTIONS publishes it (WP_REST_Controller::get_collection_params), and
// X-WP-TotalPages counts pages of that size, whatever the setting says.
func postsPerPageFacts(s *Suite, t T) {
	admin, anon := s.as(s.admin()), s.as(anonymous)
	before := s.settingsNow(t)
	held := before.object()["posts_per_page"]
	def, _ := at(anon.do(t, http.MethodOptions, "/wp/v2/posts", nil).JSON(), "endpoints.0.args.per_page.default")
	size, ok := def.(float64)
	const listRule = "facts/posts-per-page/lists: a posts list without per_page answers per_page's default from OPTIONS, not posts_per_page, and X-WP-TotalPages counts pages of that size"
	if !ok || size < 1 {
		skipRule(t, listRule, "OPTIONS /wp/v2/posts publishes no default for per_page")
		return
	}
	for total := headerInt(anon.get(t, "/wp/v2/posts?per_page=1"), "X-WP-Total"); total < 3; total++ {
		s.create(t, nil, "/wp/v2/posts", map[string]any{"title": s.name("page size"), "status": "publish"})
	}
	n := notHeld(held, 2, 1, 3)
	if float64(n) == size {
		n = notHeld(held, 1, 3)
	}
	defer s.putBack(t, before, "posts_per_page")()
	r := admin.send(t, http.MethodPost, settingsRoute, map[string]any{"posts_per_page": n})
	wrote := fmt.Sprintf("(site fact: posts_per_page %s from %s, written %d; per_page default %v from OPTIONS /wp/v2/posts)", show(held, true), settingsRoute, n, def)
	now := s.settingsNow(t)
	check(t, now, jsonEqual(now.object()["posts_per_page"], float64(n)) && jsonEqual(r.object()["posts_per_page"], float64(n)),
		"facts/posts-per-page/written: a posts_per_page the site does not hold, written, is read back from /settings "+wrote,
		"POST answered %v, GET answers %v", r.object()["posts_per_page"], now.object()["posts_per_page"])
	l := anon.get(t, "/wp/v2/posts")
	total := headerInt(l, "X-WP-Total")
	want, pages := min(total, int(size)), int(math.Ceil(float64(total)/size))
	// a missing X-WP-TotalPages is pagination/total-pages' to report, not this rule's
	pagesOK := l.Header.Get("X-WP-TotalPages") == "" || headerInt(l, "X-WP-TotalPages") == pages
	check(t, l, len(l.list()) == want && pagesOK, listRule+" "+wrote,
		"%d items, X-WP-TotalPages %q of X-WP-Total %d, want %d items and %d pages", len(l.list()), l.Header.Get("X-WP-TotalPages"), total, want, pages)
}

// headerInt is a number header's value (0 when absent).
func headerInt(r *Result, name string) int {
	n, _ := strconv.Atoi(r.Header.Get(name))
	return n
}

// discussionFacts: a post created without comment_status and ping_status takes the
// site's default_comment_status and default_ping_status (closed where the type does
// not support comments or trackbacks), before and after the other value is written.
func discussionFacts(s *Suite, t T) {
	admin := s.as(s.admin())
	before := s.settingsNow(t)
	comments, known := s.typeSupports(t, "post", "comments")
	pings, _ := s.typeSupports(t, "post", "trackbacks")
	if !known {
		skipRule(t, "facts/discussion/defaults: a new post takes default_comment_status and default_ping_status",
			"which features posts support needs /wp/v2/types/post in the edit context")
		return
	}
	want := func(set *Result, supports bool, name string) string {
		if !supports {
			return "closed"
		}
		return textAt(set, name)
	}
	post := func(rule string, set *Result, note string) {
		p := s.create(t, nil, "/wp/v2/posts", map[string]any{"title": s.name("discussion")})
		wc, wp := want(set, comments, "default_comment_status"), want(set, pings, "default_ping_status")
		check(t, p, textAt(p, "comment_status") == wc && textAt(p, "ping_status") == wp, rule+" "+note,
			"comment_status %q, ping_status %q, want %q and %q", textAt(p, "comment_status"), textAt(p, "ping_status"), wc, wp)
	}
	held := fmt.Sprintf("(site fact: default_comment_status %s, default_ping_status %s from %s; posts support comments %v, trackbacks %v from /wp/v2/types/post)",
		show(before.object()["default_comment_status"], true), show(before.object()["default_ping_status"], true), settingsRoute, comments, pings)
	post("facts/discussion/defaults: a new post takes the site's default_comment_status and default_ping_status", before, held)

	flip := func(v any) string { return map[bool]string{true: "closed", false: "open"}[v == "open"] }
	set := map[string]any{"default_comment_status": flip(before.object()["default_comment_status"]), "default_ping_status": flip(before.object()["default_ping_status"])}
	defer s.putBack(t, before, "default_comment_status", "default_ping_status")()
	admin.send(t, http.MethodPost, settingsRoute, set)
	now := s.settingsNow(t)
	post("facts/discussion/written: after the other default_comment_status and default_ping_status are written, a new post takes them", now,
		fmt.Sprintf("(written: %v; read back from %s: %s and %s)", set, settingsRoute, show(now.object()["default_comment_status"], true), show(now.object()["default_ping_status"], true)))
	check(t, now, jsonEqual(now.object()["default_comment_status"], set["default_comment_status"]) && jsonEqual(now.object()["default_ping_status"], set["default_ping_status"]),
		"facts/discussion/written: after the other default_comment_status and default_ping_status are written, a new post takes them",
		"/settings answers %v and %v after %v was written", now.object()["default_comment_status"], now.object()["default_ping_status"], set)
}

// frontPageFacts: show_on_front, page_on_front and page_for_posts written (two new
// pages) are read back from /settings and, from WordPress 6.8, the index; the front
// page's link is the home URL (get_page_link), the posts page keeps its own, and a
// menu item to the posts archive links the posts page (get_post_type_archive_link).
func frontPageFacts(s *Suite, t T) {
	admin, anon := s.as(s.admin()), s.as(anonymous)
	before := s.settingsNow(t)
	home := textAt(anon.get(t, "/"), "home")
	const linksRule = "facts/front-page/links: the front page's link is the index's home with a slash, the posts page's is its own, and a menu item to the posts archive links the posts page"
	held := fmt.Sprintf("(site fact: show_on_front %s, page_on_front %s from %s; home %q from the index)",
		show(before.object()["show_on_front"], true), show(before.object()["page_on_front"], true), settingsRoute, home)
	if id, _ := before.object()["page_on_front"].(float64); before.object()["show_on_front"] == "page" && id > 0 {
		// a page_on_front naming no published page (deleted, a draft) gives no front page to check
		if r := anon.get(t, fmt.Sprintf("/wp/v2/pages/%d", int(id))); r.Status == http.StatusOK {
			check(t, r, textAt(r, "link") == home+"/", linksRule+" "+held, "the front page's link %q, want %q", textAt(r, "link"), home+"/")
		}
	}
	front := idOf(s.create(t, nil, "/wp/v2/pages", map[string]any{"title": s.name("front page"), "status": "publish"}))
	blog := idOf(s.create(t, nil, "/wp/v2/pages", map[string]any{"title": s.name("posts page"), "status": "publish"}))
	set := map[string]any{"show_on_front": "page", "page_on_front": front, "page_for_posts": blog}
	defer s.putBack(t, before, "show_on_front", "page_on_front", "page_for_posts")()
	admin.send(t, http.MethodPost, settingsRoute, set)
	now, idx := s.settingsNow(t), anon.get(t, "/")
	wrote := fmt.Sprintf("(written: page_on_front %d, page_for_posts %d, over %s)", front, blog, held)
	for _, k := range []string{"show_on_front", "page_on_front", "page_for_posts"} {
		check(t, now, fmt.Sprint(now.object()[k]) == fmt.Sprint(set[k]), "facts/front-page/written: the front page settings written are read back from /settings and, from WordPress 6.8, the index "+wrote,
			"/settings %s %v, want %v", k, now.object()[k], set[k])
		v, in := idx.object()[k]
		if s.wp >= wp68 {
			check(t, idx, in && fmt.Sprint(v) == fmt.Sprint(set[k]), "facts/front-page/written: the front page settings written are read back from /settings and, from WordPress 6.8, the index "+wrote,
				"the index's %s %s, want %v (checked as %s: %s)", k, show(v, in), set[k], s.wp, s.wpWhy)
		}
	}
	fr, br := anon.get(t, fmt.Sprintf("/wp/v2/pages/%d", front)), anon.get(t, fmt.Sprintf("/wp/v2/pages/%d", blog))
	check(t, fr, textAt(fr, "link") == home+"/" && textAt(br, "link") != home+"/" && strings.HasPrefix(textAt(br, "link"), home+"/"), linksRule+" "+wrote,
		"front page link %q, posts page link %q, home %q", textAt(fr, "link"), textAt(br, "link"), home)
	if !s.caps.routes["/wp/v2/menu-items"] {
		return
	}
	menu := s.create(t, nil, "/wp/v2/menus", map[string]any{"name": s.name("front menu")})
	item := s.create(t, nil, "/wp/v2/menu-items", map[string]any{"title": s.name("blog"), "type": "post_type_archive", "object": "post", "menus": idOf(menu)})
	check(t, item, textAt(item, "url") == textAt(br, "link"), linksRule+" "+wrote, "the posts archive item's url %q, the posts page's link %q", textAt(item, "url"), textAt(br, "link"))
}
