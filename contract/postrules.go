package contract

import (
	"fmt"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"time"
)

// The posts group: what WordPress's posts controller does to a post beyond create,
// read, update and delete (WP_REST_Posts_Controller, wp_insert_post and the_content),
// each checked on posts the suite made: the links and guids the permalink settings
// give, unique slugs, how titles and content are rendered (texturize, autop, blocks),
// password-protected content, scheduled posts, dates and time zones, the term counts
// posts keep up to date, the fields a write validates, and the action links each role
// is offered.

func init() {
	register("posts", true, func(s *Suite, t T) {
		t.Run("links and guids", func(t T) { postLinkRules(s, t) })
		t.Run("slugs", func(t T) { postSlugRules(s, t) })
		t.Run("rendering", func(t T) { postRenderRules(s, t) })
		t.Run("password", func(t T) { postPasswordRules(s, t) })
		t.Run("scheduled", func(t T) { postFutureRules(s, t) })
		t.Run("dates", func(t T) { postDateRules(s, t) })
		t.Run("term counts", func(t T) { postTermCountRules(s, t) })
		t.Run("writes", func(t T) { postWriteRules(s, t) })
		t.Run("action links", func(t T) { postActionRules(s, t) })
		t.Run("roundtrip", func(t T) { postRoundtripRules(s, t) })
		t.Run("embedding", func(t T) { postEmbedRules(s, t) })
		t.Run("class list", func(t T) { postClassListRules(s, t) })
	})
}

// post creates a post as acc (nil: the admin) and reads it back in edit context.
func (s *Suite) post(t T, acc *account, body map[string]any) (created *Result, id int) {
	t.Helper()
	r := s.create(t, acc, "/wp/v2/posts", body)
	return r, idOf(r)
}

// home is the site's home URL, as the API root gives it.
func (s *Suite) home() string { return s.caps.home }

func postLinkRules(s *Suite, t T) {
	admin := s.as(s.admin())
	home := s.home()
	_, id := s.post(t, nil, map[string]any{"title": s.name("linked"), "status": "publish"})
	item := fmt.Sprintf("/wp/v2/posts/%d", id)
	r := admin.get(t, item+"?context=edit")
	tpl, slug := textAt(r, "permalink_template"), textAt(r, "slug")
	check(t, r, tpl != "" && strings.HasPrefix(tpl, home), "posts/links/template: permalink_template is an absolute URL on the site's home",
		"permalink_template %q, home %q", tpl, home)
	wantValue(t, r, "link", strings.Replace(tpl, "%postname%", slug, 1),
		"posts/links/published: a published post's link is its permalink_template with %postname% replaced by its slug (under any permalink setting)")
	plain := strings.Contains(tpl, "?p=")
	guid := textAt(r, "guid.raw")
	u := admin.send(t, http.MethodPost, item, map[string]any{"slug": s.name("relinked")})
	wantValue(t, u, "link", strings.Replace(tpl, "%postname%", s.name("relinked"), 1), "posts/links/follows-slug: after a slug change, link follows the new slug")
	wantValue(t, u, "guid.raw", guid, "posts/guid/stable: the guid does not change when the slug (and so the link) does")

	title := s.name("Permalink Template")
	_, d := s.post(t, nil, map[string]any{"title": title, "status": "draft"})
	draft := fmt.Sprintf("/wp/v2/posts/%d", d)
	r = admin.get(t, draft+"?context=edit")
	preview := fmt.Sprintf("%s/?p=%d", home, d)
	wantValue(t, r, "link", preview, "posts/links/draft-preview: a draft's link is <home>/?p=<id> (it has no permalink yet)")
	wantValue(t, r, "guid.raw", preview, "posts/guid/draft: a draft's guid is <home>/?p=<id>")
	wantValue(t, r, "slug", "", "posts/links/draft-no-slug: a draft created without a slug has slug \"\"")
	wantValue(t, r, "generated_slug", strings.ToLower(strings.ReplaceAll(title, " ", "-")),
		"posts/links/generated-slug: a draft's generated_slug is the slug its title would give (sanitize_title)")
	wantValue(t, r, "permalink_template", tpl, "posts/links/template: permalink_template is the same for every post of the type (the permalink setting, %postname% left in)")
	p := admin.send(t, http.MethodPost, draft, map[string]any{"status": "publish"})
	wantValue(t, p, "guid.raw", preview, "posts/guid/stable: publishing a draft keeps its guid <home>/?p=<id>")
	wantValue(t, p, "link", strings.Replace(tpl, "%postname%", textAt(p, "slug"), 1), "posts/links/published: a published post's link is its permalink_template with %postname% replaced by its slug (under any permalink setting)")

	// terms and authors: plain links are query strings, pretty ones end in the slug
	f := s.fixture(t, "terms")
	tag := s.as(anonymous).get(t, fmt.Sprintf("/wp/v2/tags/%d", f.tag))
	cat := s.as(anonymous).get(t, fmt.Sprintf("/wp/v2/categories/%d", f.cat))
	me := admin.get(t, "/wp/v2/users/me")
	if plain {
		wantValue(t, tag, "link", home+"/?tag="+textAt(tag, "slug"), "posts/links/tag: under plain permalinks a tag's link is <home>/?tag=<slug>")
		wantValue(t, cat, "link", fmt.Sprintf("%s/?cat=%d", home, f.cat), "posts/links/category: under plain permalinks a category's link is <home>/?cat=<id>")
		wantValue(t, me, "link", fmt.Sprintf("%s/?author=%d", home, idOf(me)), "posts/links/author: under plain permalinks a user's link is <home>/?author=<id>")
		return
	}
	for _, c := range []struct {
		r    *Result
		rule string
	}{
		{tag, "posts/links/tag: under pretty permalinks a tag's link is <home>/<tag base>/<slug>/"},
		{cat, "posts/links/category: under pretty permalinks a category's link is <home>/<category base>/<slug>/"},
		{me, "posts/links/author: under pretty permalinks a user's link is <home>/<author base>/<slug>/"},
	} {
		link, sl := textAt(c.r, "link"), textAt(c.r, "slug")
		check(t, c.r, strings.HasPrefix(link, home+"/") && strings.HasSuffix(link, "/"+sl+"/") && !strings.Contains(link, "?"), c.rule, "link %q, slug %q, home %q", link, sl, home)
	}
}

func postSlugRules(s *Suite, t T) {
	admin := s.as(s.admin())
	slug := s.name("same")
	first, _ := s.post(t, nil, map[string]any{"title": "x", "slug": slug, "status": "publish"})
	wantValue(t, first, "slug", slug, "posts/slug/kept: a post created with a free slug keeps it")
	second, _ := s.post(t, nil, map[string]any{"title": "x", "slug": slug, "status": "publish"})
	wantValue(t, second, "slug", slug+"-2", "posts/slug/unique: a second post with a slug in use gets <slug>-2 (wp_unique_post_slug)")
	third, _ := s.post(t, nil, map[string]any{"title": "x", "slug": slug, "status": "publish"})
	wantValue(t, third, "slug", slug+"-3", "posts/slug/unique: a third gets <slug>-3")
	_, d := s.post(t, nil, map[string]any{"title": "x", "status": "draft"})
	u := admin.send(t, http.MethodPost, fmt.Sprintf("/wp/v2/posts/%d", d), map[string]any{"slug": slug, "status": "draft"})
	wantValue(t, u, "slug", slug+"-4", "posts/slug/unique-draft: a draft given a slug in use gets a unique one too (<slug>-4)")
	wantValue(t, u, "status", "draft", "posts/slug/unique-draft: and stays a draft")
	acc, _ := s.post(t, nil, map[string]any{"title": "x", "slug": s.name("tęst-acceńted-chäræcters"), "status": "draft"})
	wantValue(t, acc, "slug", s.name("test-accented-charaecters"), "posts/slug/accents: accented letters of a slug are transliterated (remove_accents: ę→e, ń→n, ä→a, æ→ae)")
	q, _ := s.post(t, nil, map[string]any{"title": s.name("Rob O'Rourke's Diary"), "status": "draft"})
	wantValue(t, q, "title.raw", s.name("Rob O'Rourke's Diary"), "posts/writes/quotes-kept: quotes in a title are stored as sent (no slashes, no entities)")
}

func postRenderRules(s *Suite, t T) {
	admin := s.as(s.admin())
	r, id := s.post(t, nil, map[string]any{"title": s.name("Rob O'Rourke's Diary -- x"), "content": "Hello -- world \"quoted\"...",
		"excerpt": "Ex -- cerpt", "status": "publish"})
	wantValue(t, r, "title.rendered", s.name("Rob O&#8217;Rourke&#8217;s Diary &#8212; x"), "posts/render/texturize-title: title.rendered is texturized: ' becomes &#8217;, -- between spaces &#8212;")
	wantValue(t, r, "content.rendered", "<p>Hello &#8212; world &#8220;quoted&#8221;&#8230;</p>\n",
		"posts/render/texturize-content: content.rendered is texturized (&#8212; &#8220; &#8221; &#8230;) and wrapped in <p> by wpautop")
	wantValue(t, r, "excerpt.rendered", "<p>Ex &#8212; cerpt</p>\n", "posts/render/texturize-excerpt: excerpt.rendered is texturized and wrapped in <p>")
	v := s.as(anonymous).get(t, fmt.Sprintf("/wp/v2/posts/%d", id))
	wantValue(t, v, "title.rendered", textAt(r, "title.rendered"), "posts/render/same-for-readers: a reader gets the same rendering as the writer")

	r, _ = s.post(t, nil, map[string]any{"title": s.name("autop"), "content": "Line one\nline two\n\nPara two", "status": "publish"})
	wantValue(t, r, "content.rendered", "<p>Line one<br />\nline two</p>\n<p>Para two</p>\n",
		"posts/render/autop: wpautop makes paragraphs of blank-line-separated text and <br /> of single newlines")
	wantValue(t, r, "excerpt.rendered", "<p>Line one line two Para two</p>\n", "posts/render/excerpt-from-content: without an excerpt, excerpt.rendered is made from the content's words")
	wantValue(t, r, "excerpt.raw", "", "posts/render/excerpt-from-content: the generated excerpt is not stored: excerpt.raw stays \"\"")

	block := "<!-- wp:separator -->\n<hr class=\"wp-block-separator\"/>\n<!-- /wp:separator -->"
	r, id = s.post(t, nil, map[string]any{"title": s.name("blocks"), "content": block, "status": "publish"})
	wantValue(t, r, "content.rendered", "\n<hr class=\"wp-block-separator\"/>\n", "posts/render/blocks: block comments are removed from content.rendered and wpautop is not applied to block content")
	wantValue(t, r, "content.raw", block, "posts/render/blocks: content.raw keeps the block comments")
	wantValue(t, r, "content.block_version", 1.0, "posts/render/blocks: content.block_version is 1 for block content (edit context)")
	wantNoKey(t, admin.get(t, fmt.Sprintf("/wp/v2/posts/%d", id)), "content.block_version", "posts/render/block-version-edit-only: content.block_version is only given in edit context")
}

func postPasswordRules(s *Suite, t T) {
	admin, anon := s.as(s.admin()), s.as(anonymous)
	r, id := s.post(t, nil, map[string]any{"title": s.name("protected"), "content": "Secret content.", "excerpt": "Secret excerpt.",
		"password": "pw1", "status": "publish"})
	item := fmt.Sprintf("/wp/v2/posts/%d", id)
	wantValue(t, r, "password", "pw1", "posts/password/edit-raw: the password is given back in edit context")
	wantValue(t, r, "content.rendered", "<p>Secret content.</p>\n", "posts/password/edit-shows: in edit context, one who may edit the post sees its content")
	wantValue(t, r, "content.protected", true, "posts/password/protected: content.protected is true for a post with a password")
	hidden := map[string]any{"rendered": "", "protected": true}
	for _, c := range []struct {
		who *client
		as  string
	}{{anon, "an anonymous reader"}, {admin, "even the admin, in view context"}} {
		v := c.who.get(t, item)
		wantValue(t, v, "content", hidden, "posts/password/hidden: without the password, "+c.as+" gets content.rendered \"\" and protected true")
		wantValue(t, v, "excerpt", hidden, "posts/password/hidden: without the password, "+c.as+" gets excerpt.rendered \"\" and protected true")
		wantNoKey(t, v, "password", "posts/password/view-no-field: the password is not given in view context")
	}
	v := anon.get(t, item+"?password=pw1")
	wantValue(t, v, "content", map[string]any{"rendered": "<p>Secret content.</p>\n", "protected": true}, "posts/password/with-password: ?password=<the password> shows the content (still protected true)")
	wantValue(t, v, "excerpt", map[string]any{"rendered": "<p>Secret excerpt.</p>\n", "protected": true}, "posts/password/with-password: ?password=<the password> shows the excerpt")
	l := anon.get(t, fmt.Sprintf("/wp/v2/posts?include=%d", id))
	wantValue(t, l, "0.content", hidden, "posts/password/hidden-in-lists: a list hides protected content too")
	w := anon.get(t, item+"?password=wrong")
	if wantError(t, w, http.StatusForbidden, "rest_post_incorrect_password", "posts/password/wrong-403: a wrong ?password=: 403 rest_post_incorrect_password") {
		wantValue(t, w, "message", "Incorrect post password.", "posts/password/wrong-403: WordPress's message")
	}
	for _, c := range []struct {
		path string
		body map[string]any
		msg  string
		what string
	}{
		{"/wp/v2/posts", map[string]any{"title": s.name("pw-sticky"), "password": "123", "sticky": true}, "A post can not be sticky and have a password.", "a create with both"},
		{item, map[string]any{"sticky": true}, "A password protected post can not be set to sticky.", "making a protected post sticky"},
	} {
		e := admin.send(t, http.MethodPost, c.path, c.body)
		if e.Status == http.StatusCreated {
			s.deleteLater("/wp/v2/posts", idOf(e))
		}
		if wantError(t, e, http.StatusBadRequest, "rest_invalid_field", "posts/password/not-sticky: a post cannot be both sticky and password protected ("+c.what+"): 400 rest_invalid_field") {
			wantValue(t, e, "message", c.msg, "posts/password/not-sticky: WordPress's message ("+c.what+")")
		}
	}
	_, st := s.post(t, nil, map[string]any{"title": s.name("sticky-then-pw"), "status": "publish", "sticky": true})
	e := admin.send(t, http.MethodPost, fmt.Sprintf("/wp/v2/posts/%d", st), map[string]any{"password": "123"})
	if wantError(t, e, http.StatusBadRequest, "rest_invalid_field", "posts/password/not-sticky: a post cannot be both sticky and password protected (a password on a sticky post): 400 rest_invalid_field") {
		wantValue(t, e, "message", "A sticky post can not be password protected.", "posts/password/not-sticky: WordPress's message (a password on a sticky post)")
	}
	z, _ := s.post(t, nil, map[string]any{"title": s.name("pw-zero"), "password": "0", "status": "draft"})
	wantValue(t, z, "password", "0", "posts/password/falsey: a password \"0\" is kept")
	es, _ := s.post(t, nil, map[string]any{"title": s.name("pw-empty-sticky"), "password": "", "sticky": true, "status": "draft"})
	wantValue(t, es, "password", "", "posts/password/empty-with-sticky: an empty password with sticky is allowed (201)")
	wantValue(t, es, "sticky", true, "posts/password/empty-with-sticky: and the post is sticky")
	c := admin.send(t, http.MethodPost, item, map[string]any{"password": ""})
	wantValue(t, c, "password", "", "posts/password/cleared: an update with password \"\" removes the password")
	wantValue(t, anon.get(t, item), "content.protected", false, "posts/password/cleared: once the password is removed, content.protected is false")
}

func postFutureRules(s *Suite, t T) {
	admin, anon := s.as(s.admin()), s.as(anonymous)
	base := s.name("future")
	r, id := s.post(t, nil, map[string]any{"title": base + " scheduled", "status": "publish", "date": "2099-01-01T10:00:00"})
	wantValue(t, r, "status", "future", "posts/future/scheduled: publishing with a date in the future schedules the post: status future")
	wantValue(t, r, "link", fmt.Sprintf("%s/?p=%d", s.home(), id), "posts/future/preview-link: a scheduled post's link is <home>/?p=<id> until it is published")
	g := anon.get(t, fmt.Sprintf("/wp/v2/posts/%d", id))
	wantError(t, g, http.StatusUnauthorized, "rest_forbidden", "posts/future/anonymous-401: a scheduled post is not public: anonymous GET 401 rest_forbidden")
	wantIDs(t, anon.get(t, pathQuery("/wp/v2/posts", "search", base)), nil, "posts/future/not-listed: scheduled posts are not in the public list")
	wantIDs(t, admin.get(t, pathQuery("/wp/v2/posts", "search", base, "status", "future")), []int{id}, "posts/future/status-list: status=future lists scheduled posts (for those who may edit)")
	p, _ := s.post(t, nil, map[string]any{"title": base + " past", "status": "future", "date": "2001-01-01T10:00:00"})
	wantValue(t, p, "status", "publish", "posts/future/past-date-publishes: status future with a date in the past publishes the post at once")
	b := admin.send(t, http.MethodPost, fmt.Sprintf("/wp/v2/posts/%d", id), map[string]any{"date": "2001-01-01T10:00:00"})
	wantValue(t, b, "status", "publish", "posts/future/back-dated: moving a scheduled post's date to the past publishes it")
	wantStatus(t, anon.get(t, fmt.Sprintf("/wp/v2/posts/%d", id)), http.StatusOK, "posts/future/back-dated: once published it is public")
}

// localTime is the site's local wall time for a UTC instant (get_date_from_gmt), and
// the time zone fact it comes from; ok is false when the suite cannot tell the site's
// offset at that instant.
func (s *Suite) localTime(utc time.Time) (local, note string, ok bool) {
	loc, note, ok := s.siteZone()
	if !ok {
		return "", "", false
	}
	return utc.In(loc).Format("2006-01-02T15:04:05"), note, true
}

func postDateRules(s *Suite, t T) {
	admin := s.as(s.admin())
	noon := time.Date(2010, 1, 1, 12, 0, 0, 0, time.UTC)
	for _, c := range []struct {
		body map[string]any
		rule string
	}{
		{map[string]any{"date": "2010-01-01T02:00:00-10:00"}, "posts/dates/offset: a date with a UTC offset is that instant: date_gmt is it in UTC"},
		{map[string]any{"date": "2010-01-01T12:00:00Z"}, "posts/dates/offset: a date ending in Z is a UTC instant"},
		{map[string]any{"date_gmt": "2010-01-01T12:00:00"}, "posts/dates/gmt: date_gmt alone sets the instant"},
	} {
		for _, status := range []string{"draft", "publish"} {
			body := map[string]any{"title": s.name("dated"), "status": status}
			for k, v := range c.body {
				body[k] = v
			}
			r, _ := s.post(t, nil, body)
			wantValue(t, r, "date_gmt", "2010-01-01T12:00:00", c.rule+" ("+status+")")
			const local = "posts/dates/local: date is date_gmt in the site's time zone"
			if want, note, ok := s.localTime(noon); ok {
				wantValue(t, r, "date", want, local+" "+note+" ("+status+")")
			} else {
				skipRule(t, local, "the index names the time zone "+strconv.Quote(s.caps.timezone)+", which the suite's time zone database does not know")
			}
		}
	}
	_, id := s.post(t, nil, map[string]any{"title": s.name("dates"), "status": "draft"})
	item := fmt.Sprintf("/wp/v2/posts/%d", id)
	for _, c := range []struct {
		path  string
		param string
		value string
	}{{"/wp/v2/posts", "date", "2010-60-01T02:00:00Z"}, {"/wp/v2/posts", "date_gmt", "2010-60-01T02:00:00"}, {item, "date", "foo"}, {item, "date_gmt", "foo"}} {
		body := map[string]any{"title": s.name("bad-date"), c.param: c.value}
		e := admin.send(t, http.MethodPost, c.path, body)
		if e.Status == http.StatusCreated {
			s.deleteLater("/wp/v2/posts", idOf(e))
		}
		wantInvalid(t, e, c.param, "rest_invalid_date", "Invalid date.", nil, "posts/dates/invalid: POST "+c.path+" with "+c.param+" "+c.value+": 400 rest_invalid_param (rest_invalid_date)")
	}
	u := admin.send(t, http.MethodPost, item, map[string]any{"modified": "2010-06-01T02:00:00Z", "content": "foo bar baz"})
	wantValue(t, u, "content.raw", "foo bar baz", "posts/dates/modified-read-only: an update that also sends modified is applied")
	check(t, u, !strings.HasPrefix(textAt(u, "modified"), "2010"), "posts/dates/modified-read-only: modified is read-only: it is the time of the update, not the value sent",
		"modified %q", textAt(u, "modified"))
}

func postTermCountRules(s *Suite, t T) {
	admin, anon := s.as(s.admin()), s.as(anonymous)
	tag := idOf(s.create(t, nil, "/wp/v2/tags", map[string]any{"name": s.name("counted")}))
	cat := idOf(s.create(t, nil, "/wp/v2/categories", map[string]any{"name": s.name("counted")}))
	other := idOf(s.create(t, nil, "/wp/v2/categories", map[string]any{"name": s.name("counted-other")}))
	counts := func(t T, want int, rule string) {
		t.Helper()
		wantValue(t, anon.get(t, fmt.Sprintf("/wp/v2/tags/%d", tag)), "count", float64(want), rule+" (the tag)")
		wantValue(t, anon.get(t, fmt.Sprintf("/wp/v2/categories/%d", cat)), "count", float64(want), rule+" (the category)")
	}
	counts(t, 0, "posts/term-counts/new: a new term counts 0 posts")
	_, p := s.post(t, nil, map[string]any{"title": s.name("counts-a"), "status": "publish", "tags": []int{tag}, "categories": []int{cat}})
	counts(t, 1, "posts/term-counts/publish: a published post with the term adds 1 to its count")
	_, d := s.post(t, nil, map[string]any{"title": s.name("counts-b"), "status": "draft", "tags": []int{tag}, "categories": []int{cat}})
	counts(t, 1, "posts/term-counts/draft-not-counted: a draft with the term does not count")
	prr, pr := s.post(t, nil, map[string]any{"title": s.name("counts-c"), "status": "private", "tags": []int{tag}, "categories": []int{cat}})
	wantValue(t, prr, "status", "private", "posts/writes/status-private: a post created with status private is private")
	wantValue(t, prr, "categories", []int{cat}, "posts/writes/categories-set: a post created with categories is in exactly those")
	counts(t, 1, "posts/term-counts/private-not-counted: a private post with the term does not count")
	admin.send(t, http.MethodPost, fmt.Sprintf("/wp/v2/posts/%d", d), map[string]any{"status": "publish"})
	counts(t, 2, "posts/term-counts/published-later: publishing the draft adds it to the count")
	admin.send(t, http.MethodPost, fmt.Sprintf("/wp/v2/posts/%d", p), map[string]any{"tags": []int{}, "categories": []int{other}})
	counts(t, 1, "posts/term-counts/removed: a post that loses the term no longer counts")
	admin.do(t, http.MethodDelete, fmt.Sprintf("/wp/v2/posts/%d", d), nil)
	counts(t, 0, "posts/term-counts/trashed: a trashed post no longer counts")
	admin.do(t, http.MethodDelete, fmt.Sprintf("/wp/v2/posts/%d?force=true", pr), nil)
	wantValue(t, anon.get(t, fmt.Sprintf("/wp/v2/categories/%d", other)), "count", 1.0, "posts/term-counts/publish: a published post with the term adds 1 to its count (a category given by update)")
}

func postWriteRules(s *Suite, t T) {
	admin := s.as(s.admin())
	refused := func(t T, body map[string]any) *Result {
		t.Helper()
		r := admin.send(t, http.MethodPost, "/wp/v2/posts", body)
		if r.Status == http.StatusCreated {
			s.deleteLater("/wp/v2/posts", idOf(r))
		}
		return r
	}
	for _, f := range []string{"gallery", "standard", "link"} {
		r, _ := s.post(t, nil, map[string]any{"title": s.name("format-" + f), "format": f})
		wantValue(t, r, "format", f, "posts/format/set: a post created with format "+f+" has it (even one the theme does not support)")
	}
	formats := []any{"standard", "aside", "chat", "gallery", "link", "image", "quote", "status", "video", "audio"}
	o := admin.do(t, http.MethodOptions, "/wp/v2/posts", nil)
	wantValue(t, o, "schema.properties.format.enum", formats, "schemas/posts/format-enum: the format property's enum is every post format, standard first")
	wantInvalid(t, refused(t, map[string]any{"title": s.name("format-bad"), "format": "testformat"}), "format", "rest_not_in_enum",
		"format is not one of standard, aside, chat, gallery, link, image, quote, status, video, and audio.", nil, "posts/format/invalid: a format outside the enum: 400 rest_invalid_param")
	r := refused(t, map[string]any{"title": s.name("bad-author"), "author": -1})
	if wantError(t, r, http.StatusBadRequest, "rest_invalid_author", "posts/writes/invalid-author: author -1: 400 rest_invalid_author") {
		wantValue(t, r, "message", "Invalid author ID.", "posts/writes/invalid-author: WordPress's message")
	}
	r = refused(t, map[string]any{"title": s.name("with-id"), "id": 3})
	if wantError(t, r, http.StatusBadRequest, "rest_post_exists", "posts/writes/create-with-id: a create that names an id: 400 rest_post_exists") {
		wantValue(t, r, "message", "Cannot create existing post.", "posts/writes/create-with-id: WordPress's message")
	}
	f := s.fixture(t, "terms")
	other := idOf(s.create(t, nil, "/wp/v2/categories", map[string]any{"name": s.name("csv-cat")}))
	r, id := s.post(t, nil, map[string]any{"title": s.name("csv"), "categories": fmt.Sprintf("%d,%d", f.cat, other), "tags": fmt.Sprint(f.tag)})
	wantValue(t, r, "categories", []int{f.cat, other}, "posts/writes/terms-csv: categories given as a comma-separated string are read as a list")
	wantValue(t, r, "tags", []int{f.tag}, "posts/writes/terms-csv: tags given as a string are read as a list")
	item := fmt.Sprintf("/wp/v2/posts/%d", id)
	u := admin.send(t, http.MethodPost, item, map[string]any{"categories": []int{}})
	wantValue(t, u, "categories", []any{}, "posts/writes/categories-emptied: an update with categories [] leaves the post in no category")
	r, _ = s.post(t, nil, map[string]any{"title": s.name("unknown-cat"), "categories": []int{999999999}})
	wantValue(t, r, "categories", []any{}, "posts/writes/unknown-term-dropped: a category id that does not exist is dropped (201, categories [])")
	wantError(t, refused(t, map[string]any{"title": s.name("bad-tag"), "tags": []string{"nope"}}), http.StatusBadRequest, "rest_invalid_param",
		"posts/writes/terms-invalid: tags that are not ids: 400 rest_invalid_param")

	_, st := s.post(t, nil, map[string]any{"title": s.name("sticky"), "status": "publish", "sticky": true})
	sticky := fmt.Sprintf("/wp/v2/posts/%d", st)
	wantValue(t, admin.send(t, http.MethodPost, sticky, map[string]any{"title": s.name("sticky renamed")}), "sticky", true,
		"posts/writes/sticky-kept: an update of another field keeps the post sticky")
	wantValue(t, admin.send(t, http.MethodPost, sticky, map[string]any{"sticky": false}), "sticky", false, "posts/writes/sticky-unset: sticky false unsticks the post")
	e := admin.send(t, http.MethodPost, sticky, map[string]any{"excerpt": "", "content": ""})
	wantValue(t, e, "excerpt.raw", "", "posts/writes/empty-kept: an update to an empty excerpt is applied")
	wantValue(t, e, "content.raw", "", "posts/writes/empty-kept: an update to empty content is applied")
	for _, m := range []string{http.MethodPut, http.MethodPost} {
		wantError(t, admin.send(t, m, "/wp/v2/posts/"+missingID, map[string]any{"title": "x"}), http.StatusNotFound, "rest_post_invalid_id",
			"posts/writes/update-missing-404: "+m+" on a post that does not exist: 404 rest_post_invalid_id")
	}

	title := s.name("form")
	fr := admin.form(t, http.MethodPost, "/wp/v2/posts", url.Values{"title": {title}, "content": {`Form \o/ content`}, "excerpt": {"Form excerpt"}, "status": {"draft"}})
	if wantStatus(t, fr, http.StatusCreated, "posts/writes/form-body: a form-encoded create answers 201") {
		s.deleteLater("/wp/v2/posts", idOf(fr))
		for k, v := range map[string]string{"title.raw": title, "content.raw": `Form \o/ content`, "excerpt.raw": "Form excerpt", "status": "draft"} {
			wantValue(t, fr, k, v, "posts/writes/form-body: a form-encoded create applies "+k)
		}
		fu := admin.form(t, http.MethodPut, fmt.Sprintf("/wp/v2/posts/%d", idOf(fr)), url.Values{"title": {title + " updated"}})
		wantValue(t, fu, "title.raw", title+" updated", "posts/writes/form-body: a form-encoded update applies title")
	}
	raw := admin.send(t, http.MethodPut, item, map[string]any{"title": map[string]any{"raw": s.name("raw title")}, "content": map[string]any{"raw": "Raw content"},
		"excerpt": map[string]any{"raw": "Raw excerpt"}})
	for k, v := range map[string]string{"title.raw": s.name("raw title"), "content.raw": "Raw content", "excerpt.raw": "Raw excerpt"} {
		wantValue(t, raw, k, v, "posts/writes/raw-objects: title, content and excerpt may be sent as {\"raw\": ...} objects ("+k+")")
	}
	author, _ := admin.get(t, item+"?_fields=author").object()["author"].(float64)
	for range 2 { // twice: an update that changes nothing still succeeds
		wantStatus(t, admin.send(t, http.MethodPut, item, map[string]any{"author": author}), http.StatusOK, "posts/writes/update-no-change: a PUT that changes nothing answers 200")
	}
	const badStatus = "posts/writes/status-invalid: a status outside the enum: 400 rest_invalid_param"
	if enum, note, ok, why := s.withOwnStatuses(t, itemStatuses); ok {
		wantInvalid(t, refused(t, map[string]any{"title": s.name("bad-status"), "status": "teststatus"}), "status", "rest_not_in_enum",
			"status is not one of "+wpList(enum)+".", nil, badStatus+" "+note)
	} else {
		skipRule(t, badStatus, why)
	}
	wantError(t, refused(t, map[string]any{"title": s.name("bad-template"), "template": "post-my-test-template.php"}), http.StatusBadRequest, "rest_invalid_param",
		"posts/writes/template-invalid: a template the theme does not have: 400 rest_invalid_param")
	m := s.upload(t, nil, s.name("featured")+".png", "image/png", pngBytes, "")
	if m.Status == http.StatusCreated {
		fm, fid := s.post(t, nil, map[string]any{"title": s.name("featured"), "featured_media": idOf(m)})
		wantValue(t, fm, "featured_media", float64(idOf(m)), "posts/writes/featured-media: a post created with featured_media has it")
		wantValue(t, admin.send(t, http.MethodPost, fmt.Sprintf("/wp/v2/posts/%d", fid), map[string]any{"featured_media": 0}), "featured_media", 0.0,
			"posts/writes/featured-media: an update with featured_media 0 removes it")
		for _, m2 := range []string{http.MethodGet, http.MethodPost, http.MethodDelete} {
			var body any
			if m2 == http.MethodPost {
				body = map[string]any{"title": "x"}
			}
			r := admin.send(t, m2, fmt.Sprintf("/wp/v2/posts/%d", idOf(m)), body)
			wantError(t, r, http.StatusNotFound, "rest_post_invalid_id", "posts/writes/other-type-404: "+m2+" /wp/v2/posts/<an attachment's id>: 404 rest_post_invalid_id (the route serves posts only)")
		}
	}
}

// actionRels are the wp:action-* rels of r's _links, sorted.
func actionRels(r *Result) []string {
	var out []string
	for _, k := range keysOf(r.object()["_links"]) {
		if strings.HasPrefix(k, "wp:action-") {
			out = append(out, k)
		}
	}
	return out
}

func postActionRules(s *Suite, t T) {
	author, contributor, editor := s.accountFor(t, "author"), s.accountFor(t, "contributor"), s.accountFor(t, "editor")
	_, ap := s.post(t, author, map[string]any{"title": s.name("actions-author"), "status": "draft"})
	_, cp := s.post(t, contributor, map[string]any{"title": s.name("actions-contributor"), "status": "draft"})
	edit := func(acc *account, id int) *Result {
		return s.as(acc).get(t, fmt.Sprintf("/wp/v2/posts/%d?context=edit", id))
	}
	full := []string{"wp:action-assign-author", "wp:action-assign-categories", "wp:action-assign-tags", "wp:action-create-categories",
		"wp:action-create-tags", "wp:action-publish", "wp:action-sticky"}
	for _, c := range []struct {
		acc  *account
		role string
		id   int
		want []string
		rule string
	}{
		{author, "author", ap, []string{"wp:action-assign-categories", "wp:action-assign-tags", "wp:action-create-tags", "wp:action-publish"},
			"posts/actions/author: an author, on their own draft (edit context), is offered publish, assign-categories, assign-tags and create-tags (not sticky, assign-author, create-categories, unfiltered-html)"},
		{contributor, "contributor", cp, []string{"wp:action-assign-categories", "wp:action-assign-tags", "wp:action-create-tags"},
			"posts/actions/contributor: a contributor, on their own draft, is offered assign-categories, assign-tags and create-tags (not publish)"},
		{editor, "editor", ap, full, "posts/actions/editor: an editor, on an author's draft, is offered every action (unfiltered-html aside: it depends on multisite)"},
		{s.admin(), "administrator", ap, full, "posts/actions/administrator: the admin, on an author's draft, is offered every action (unfiltered-html aside)"},
	} {
		r := edit(c.acc, c.id)
		got := actionRels(r)
		got = slicesDelete(got, "wp:action-unfiltered-html")
		// the site's taxonomies of posts add their actions as their capabilities allow
		declared, unknown := s.roleActions(t, "post", c.role)
		want := slices.Sorted(slices.Values(append(slices.Clone(c.want), declared...)))
		for _, base := range unknown {
			got = slicesDelete(slicesDelete(got, "wp:action-create-"+base), "wp:action-assign-"+base)
		}
		check(t, r, fmt.Sprint(got) == fmt.Sprint(want), c.rule, "actions %v, want %v", got, want)
	}
	for _, acc := range []*account{author, contributor, editor, s.admin()} {
		id := ap
		if acc == contributor {
			id = cp
		}
		me := s.as(acc).get(t, "/wp/v2/users/me?context=edit")
		unfiltered, _ := at(me.JSON(), "capabilities.unfiltered_html")
		r := edit(acc, id)
		has := len(actionRels(r)) != len(slicesDelete(actionRels(r), "wp:action-unfiltered-html"))
		check(t, r, has == (unfiltered == true), "posts/actions/unfiltered-html: wp:action-unfiltered-html is offered exactly when the user has the unfiltered_html capability ("+acc.name+")",
			"offered %v, capability %v", has, unfiltered)
	}
	v := s.as(author).get(t, fmt.Sprintf("/wp/v2/posts/%d", ap))
	check(t, v, len(actionRels(v)) == 0, "posts/actions/edit-only: action links are only given in edit context", "view context has %v", actionRels(v))
}

// slicesDelete is l without the elements equal to x.
func slicesDelete(l []string, x string) []string {
	var out []string
	for _, e := range l {
		if e != x {
			out = append(out, e)
		}
	}
	return out
}

func postRoundtripRules(s *Suite, t T) {
	author := s.accountFor(t, "author")
	const text = `\o/ ¯\_(ツ)_/¯`
	body := map[string]any{"title": text, "content": text, "excerpt": text, "status": "draft"}
	want := map[string]string{"title.raw": text, "title.rendered": text, "content.raw": text, "content.rendered": "<p>" + text + "</p>\n",
		"excerpt.raw": text, "excerpt.rendered": "<p>" + text + "</p>\n"}
	r, id := s.post(t, author, body)
	u := s.as(author).send(t, http.MethodPut, fmt.Sprintf("/wp/v2/posts/%d", id), map[string]any{"title": text, "content": text, "excerpt": text})
	for _, c := range []struct {
		r    *Result
		what string
	}{{r, "create"}, {u, "update"}} {
		for _, k := range []string{"title.raw", "title.rendered", "content.raw", "content.rendered", "excerpt.raw", "excerpt.rendered"} {
			wantValue(t, c.r, k, want[k], "posts/roundtrip/text: backslashes and non-ASCII text written by an author come back as sent ("+c.what+", "+k+")")
		}
	}
}

// embeddedTerms is how many of a post's eleven categories _embed gives: 6.1 embeds one
// page of the term list (10), later versions ask for per_page 100.
var embeddedTerms = fact(10, from(wp68, 11))

func postEmbedRules(s *Suite, t T) {
	var cats []int
	for i := range 11 {
		cats = append(cats, idOf(s.create(t, nil, "/wp/v2/categories", map[string]any{"name": s.name(fmt.Sprintf("embedded-%02d", i))})))
	}
	_, id := s.post(t, nil, map[string]any{"title": s.name("eleven categories"), "status": "publish", "categories": cats})
	r := s.as(anonymous).get(t, fmt.Sprintf("/wp/v2/posts/%d?_embed=wp:term", id))
	got, _ := at(r.JSON(), "_embedded.wp:term.0")
	l, _ := got.([]any)
	want := embeddedTerms.at(s.wp)
	check(t, r, len(l) == want, "globals/embed/all-terms: _embed gives all of a post's terms (from 6.8; 6.1 embeds the first page of 10)", "%d categories embedded, want %d", len(l), want)
}

// postClassListRules: from 6.6 a post's class_list is get_post_class's: post-<id>, the
// type, type-<type>, status-<status>, format-<format> (types with post formats),
// post-password-required (a password the reader has not given), hentry, then a class
// per term of each public taxonomy (category-<slug>, tag-<slug>,
// post_format-post-format-<format>). A theme may add classes (post_class), so only
// strict mode wants no others.
func postClassListRules(s *Suite, t T) {
	if s.wp < wp66 {
		t.Logf("class list: class_list is new in WordPress 6.6")
		return
	}
	admin := s.as(s.admin())
	tag := s.create(t, nil, "/wp/v2/tags", map[string]any{"name": s.name("class tag")})
	r, id := s.post(t, nil, map[string]any{"title": s.name("class list"), "status": "publish", "format": "aside", "tags": []int{idOf(tag)}})
	var cats []string
	catIDs, _ := at(r.JSON(), "categories")
	for _, c := range stringsOrAny(catIDs) {
		cats = append(cats, "category-"+textAt(admin.get(t, fmt.Sprintf("/wp/v2/categories/%v", c)), "slug"))
	}
	want := append([]string{fmt.Sprintf("post-%d", id), "post", "type-post", "status-publish", "format-aside", "hentry"}, cats...)
	want = append(want, "tag-"+textAt(tag, "slug"), "post_format-post-format-aside")
	s.wantClassList(t, r, want, "posts/class-list/values: class_list is get_post_class's: post-<id>, post, type-post, status-<status>, format-<format>, hentry, then its terms' classes")
	// 6.3's footnotes block keeps its notes in a registered meta key (6.6 and later here)
	fn, ok := at(r.JSON(), "meta.footnotes")
	check(t, r, ok && fn == "", "posts/meta/footnotes: from 6.3 a post's meta has footnotes, a string (\"\" without notes)", "meta.footnotes %s", show(fn, ok))
	d, did := s.post(t, nil, map[string]any{"title": s.name("class draft"), "status": "draft", "password": "wpcontract"})
	want = append([]string{fmt.Sprintf("post-%d", did), "post", "type-post", "status-draft", "format-standard", "post-password-required", "hentry"}, cats...)
	s.wantClassList(t, d, want, "posts/class-list/values: class_list is get_post_class's: post-<id>, post, type-post, status-<status>, format-<format>, hentry, then its terms' classes")
}

// wantClassList checks a class_list: exactly want in strict mode, else want in its
// order with any classes a theme adds between.
func (s *Suite) wantClassList(t T, r *Result, want []string, rule string) bool {
	t.Helper()
	got, _ := at(r.JSON(), "class_list")
	list := stringsOf(got)
	if s.cfg.Strict {
		return wantValue(t, r, "class_list", want, rule)
	}
	i := 0
	for _, c := range list {
		if i < len(want) && c == want[i] {
			i++
		}
	}
	return check(t, r, i == len(want), rule, "class_list %v, want %v in that order", list, want)
}
