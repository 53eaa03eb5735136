package contract

import (
	"fmt"
	"net/http"
	"slices"
	"strings"
)

// The requests the pages, comments and search groups did not send before issue 48,
// and the facts a realistic defect could change without failing a rule: a page's
// permalink_template and links, the pages' default order, declared keys and OPTIONS
// arguments, their paging, HEAD and CORS preflight; a comment's up link on a page,
// its schema's edit-only fields, Vary: Origin, the status filters an editor may use
// and the replies a post embeds; the links of a search result's embedded item.

// corsOrigin is the Origin the depth rules send: any origin is echoed (rest_send_cors_headers).
const corsOrigin = "https://client.example"

// pageDepthRules: a parent with three children, dated and ordered so that date,
// menu order, id and title each give another order.
func pageDepthRules(s *Suite, t T) {
	admin, anon := s.as(s.admin()), s.as(anonymous)
	word := s.name("depth")
	parent := s.create(t, nil, "/wp/v2/pages", map[string]any{"title": word + " parent", "status": "publish"})
	pid := idOf(parent)
	var kids idList
	for _, k := range []struct {
		date  string
		order int
	}{{"2001-01-01T10:00:00", 2}, {"2003-01-01T10:00:00", 1}, {"2002-01-01T10:00:00", 3}} {
		kids = append(kids, idOf(s.create(t, nil, "/wp/v2/pages", map[string]any{"title": fmt.Sprintf("%s child %d", word, k.order),
			"status": "publish", "parent": pid, "menu_order": k.order, "date": k.date})))
	}

	// WP_REST_Posts_Controller::get_collection_params: orderby defaults to date and
	// order to desc for every post type; pages only add menu_order to orderby's enum.
	list := fmt.Sprintf("/wp/v2/pages?parent=%d", pid)
	byDate := fmt.Sprint(idList{kids[1], kids[2], kids[0]})
	r := anon.get(t, list)
	check(t, r, fmt.Sprint(resultIDs(r)) == byDate, "pages/list/default-order: without orderby, pages are listed by date, newest first (not by menu_order)",
		"ids %v, want %s", resultIDs(r), byDate)

	// a top-level page has no parent: prepare_links adds up only for a post_parent
	wantNoKeys(t, parent, "_links", []string{"up"}, "pages/links/no-up: a top-level page has no up link")

	// get_sample_permalink: a hierarchical type's template is the parent's path with
	// %pagename% for the page's own slug; with plain permalinks it is the link itself
	child := admin.get(t, fmt.Sprintf("/wp/v2/pages/%d?context=edit", kids[0]))
	link, tmpl, slug := textAt(child, "link"), textAt(child, "permalink_template"), textAt(child, "slug")
	want := link
	if !strings.Contains(link, "?page_id=") {
		if i := strings.LastIndex(link, "/"+slug); i >= 0 && slug != "" {
			want = link[:i] + "/%pagename%" + link[i+1+len(slug):]
		}
	}
	check(t, child, tmpl == want, "pages/link/template-child: a child page's permalink_template is its parent's path with %pagename% for its own slug",
		"permalink_template %q, link %q, want %q", tmpl, link, want)

	wantTargetHints(s, t, "pages/links/target-hints: a page's self link carries targetHints.allow, the reader's methods, from WordPress 6.7", anonymous, fmt.Sprintf("/wp/v2/pages/%d", kids[0]))
	wantTargetHints(s, t, "pages/links/target-hints: a page's self link carries targetHints.allow, the reader's methods, from WordPress 6.7", s.admin(), fmt.Sprintf("/wp/v2/pages/%d", kids[0]))
	embedsAdvertised(s, t, "pages/embed/advertised: _embed embeds every embeddable link of a child page whose answer is not empty (author, up), and no other", anonymous, fmt.Sprintf("/wp/v2/pages/%d", kids[0]))
	pageDeclaredKeys(s, t, kids[0])
	pageOptionsArgs(s, t)
	pagePaging(s, t, list)
}

// pageDeclaredKeys: a page's keys in each readable context are the properties its
// schema (OPTIONS /wp/v2/pages, read from the site) declares in that context.
func pageDeclaredKeys(s *Suite, t T, id int) {
	props, _ := s.itemSchema(t, "/wp/v2/pages")["properties"].(map[string]any)
	if len(props) == 0 {
		skipRule(t, "pages/fields/declared: a page's keys are the properties its schema declares in the context", "OPTIONS /wp/v2/pages publishes no schema properties")
		return
	}
	for _, ctx := range []string{"view", "edit", "embed"} {
		r := s.as(s.admin()).get(t, fmt.Sprintf("/wp/v2/pages/%d?context=%s", id, ctx))
		var extra []string
		for k := range r.object() {
			p, _ := props[k].(map[string]any)
			ctxs, _ := p["context"].([]any)
			if k != "_links" && k != "_embedded" && !slices.Contains(ctxs, any(ctx)) {
				extra = append(extra, k)
			}
		}
		slices.Sort(extra)
		check(t, r, len(extra) == 0, "pages/fields/declared: a page's keys are the properties its schema declares in the context (schema read from OPTIONS /wp/v2/pages)",
			"%s context: undeclared %v", ctx, extra)
	}
}

// pageOptionsArgs: the list arguments of a hierarchical type (parent, parent_exclude)
// and of pages (menu_order, and menu_order in orderby's enum), with orderby's date
// and order's desc defaults.
func pageOptionsArgs(s *Suite, t T) {
	r := s.as(anonymous).do(t, http.MethodOptions, "/wp/v2/pages", nil)
	args, _ := at(r.JSON(), "endpoints.0.args")
	m, _ := args.(map[string]any)
	var missing []string
	for _, k := range []string{"parent", "parent_exclude", "menu_order"} {
		if _, ok := m[k]; !ok {
			missing = append(missing, k)
		}
	}
	enum, _ := at(m, "orderby.enum")
	list, _ := enum.([]any)
	if !slices.Contains(list, any("menu_order")) {
		missing = append(missing, "orderby.enum menu_order")
	}
	check(t, r, len(missing) == 0, "pages/options/hierarchy-args: OPTIONS /wp/v2/pages lists parent, parent_exclude and menu_order, and menu_order in orderby's enum",
		"missing %v", missing)
	od, _ := at(m, "orderby.default")
	o, _ := at(m, "order.default")
	check(t, r, od == "date" && o == "desc", "pages/options/order-default: OPTIONS /wp/v2/pages: orderby defaults to date, order to desc",
		"orderby.default %v, order.default %v", od, o)
}

// pagePaging: three pages two a page: the last page links back only, a page past it is
// refused (rest_post_invalid_page_number), HEAD sends GET's totals, and a CORS
// preflight is answered with the origin echoed.
func pagePaging(s *Suite, t T, list string) {
	anon := s.as(anonymous)
	last := anon.get(t, list+"&per_page=2&page=2")
	rels := linkRels(last.Header.Get("Link"))
	_, prev := rels["prev"]
	_, next := rels["next"]
	check(t, last, prev && !next, "pages/paging/last: the last page of pages links prev but not next (Link rel=\"prev\" only)",
		"Link %q", last.Header.Get("Link"))
	wantHeader(t, last, "X-WP-Total", "3", "pagination/total: pages: X-WP-Total counts a parent's children")
	wantHeader(t, last, "X-WP-TotalPages", "2", "pagination/total-pages: pages: X-WP-TotalPages is the number of pages of a parent's children")
	wantError(t, anon.get(t, list+"&per_page=2&page=3"), http.StatusBadRequest, "rest_post_invalid_page_number",
		"pages/paging/past-end: a page of pages past the last is refused with 400 rest_post_invalid_page_number")
	headAndPreflight(s, t, "pages", list, "3")
}

// headAndPreflight: HEAD on a list answers 200 with GET's X-WP-Total (WordPress runs
// the GET handler and sends its headers), and a CORS preflight of the route (OPTIONS
// with Origin and Access-Control-Request-Method) answers 200 with the origin echoed
// (rest_send_cors_headers), as on the routes the globals group checks.
func headAndPreflight(s *Suite, t T, group, list, total string) {
	anon := s.as(anonymous)
	route, _, _ := strings.Cut(list, "?")
	head := anon.do(t, http.MethodHead, list, nil)
	check(t, head, head.Status == http.StatusOK && head.Header.Get("X-WP-Total") == total,
		group+"/head/totals: HEAD on "+route+" answers 200 with GET's X-WP-Total", "status %d, X-WP-Total %q, want %s",
		head.Status, head.Header.Get("X-WP-Total"), total)
	pre := anon.do(t, http.MethodOptions, route, nil, "Origin", corsOrigin, "Access-Control-Request-Method", http.MethodPost)
	check(t, pre, pre.Status == http.StatusOK && pre.Header.Get("Access-Control-Allow-Origin") == corsOrigin,
		group+"/cors/preflight: a CORS preflight of "+route+" answers 200 with the origin echoed", "status %d, Access-Control-Allow-Origin %q",
		pre.Status, pre.Header.Get("Access-Control-Allow-Origin"))
}

// commentDepthRules: a comment on a page (opened to comments), a held, a spam and a
// trashed comment on a post, and what each reader sees of them.
func commentDepthRules(s *Suite, t T) {
	admin, anon := s.as(s.admin()), s.as(anonymous)
	page := s.create(t, nil, "/wp/v2/pages", map[string]any{"title": s.name("commented page"), "status": "publish", "comment_status": "open"})
	c := s.create(t, nil, "/wp/v2/comments", map[string]any{"post": idOf(page), "content": s.name("on a page")})
	// prepare_links: up is the comment's post at its own type's route, embeddable, with its post_type
	r := anon.get(t, fmt.Sprintf("/wp/v2/comments/%d", idOf(c)))
	href, typ, emb := textAt(r, "_links.up.0.href"), textAt(r, "_links.up.0.post_type"), ""
	if v, ok := at(r.JSON(), "_links.up.0.embeddable"); ok {
		emb = fmt.Sprint(v)
	}
	check(t, r, href == s.url(fmt.Sprintf("/wp/v2/pages/%d", idOf(page))) && typ == "page" && emb == "true",
		"comments/links/up-type: a comment on a page links up to /wp/v2/pages/<id>, embeddable, post_type page",
		"up %q, post_type %q, embeddable %s", href, typ, emb)

	// rest_send_cors_headers: a response to a request with an Origin varies on it
	v := anon.do(t, http.MethodGet, fmt.Sprintf("/wp/v2/comments?post=%d", idOf(page)), nil, "Origin", corsOrigin)
	check(t, v, strings.Contains(v.Header.Get("Vary"), "Origin") && v.Header.Get("Access-Control-Allow-Origin") == corsOrigin,
		"comments/headers/vary-origin: a comments list asked with an Origin echoes it and sends Vary: Origin", "Vary %q, Access-Control-Allow-Origin %q",
		v.Header.Get("Vary"), v.Header.Get("Access-Control-Allow-Origin"))

	s.create(t, nil, "/wp/v2/comments", map[string]any{"post": idOf(page), "content": s.name("second on a page")})
	last := anon.get(t, fmt.Sprintf("/wp/v2/comments?post=%d&per_page=1&page=2", idOf(page)))
	rels := linkRels(last.Header.Get("Link"))
	_, prev := rels["prev"]
	_, next := rels["next"]
	check(t, last, prev && !next, "comments/paging/last: the last page of comments links prev but not next (Link rel=\"prev\" only)", "Link %q", last.Header.Get("Link"))
	pastLastComments(s, t, idOf(page))
	cpath := fmt.Sprintf("/wp/v2/comments/%d", idOf(c))
	wantTargetHints(s, t, "comments/links/target-hints: a comment's self link carries targetHints.allow, the reader's methods, from WordPress 6.7", anonymous, cpath)
	wantTargetHints(s, t, "comments/links/target-hints: a comment's self link carries targetHints.allow, the reader's methods, from WordPress 6.7", s.admin(), cpath)
	embedsAdvertised(s, t, "comments/embed/advertised: _embed embeds every embeddable link of a comment whose answer is not empty (up), and no other", anonymous, cpath)

	commentSchemaContexts(s, t)
	post := s.create(t, nil, "/wp/v2/posts", map[string]any{"title": s.name("statuses"), "status": "publish", "comment_status": "open"})
	pid := idOf(post)
	approved := idOf(s.create(t, nil, "/wp/v2/comments", map[string]any{"post": pid, "content": s.name("approved")}))
	e := anon.get(t, fmt.Sprintf("/wp/v2/posts/%d?_embed=replies", pid))
	got, _ := at(e.JSON(), "_embedded.replies.0")
	check(t, e, fmt.Sprint(resultIDs(&Result{json: got})) == fmt.Sprint(idList{approved}),
		"comments/embed/replies: a post's _embed=replies embeds its approved comments", "embedded %v, want [%d]", resultIDs(&Result{json: got}), approved)
	headAndPreflight(s, t, "comments", fmt.Sprintf("/wp/v2/comments?post=%d", pid), "1")

	const statusRule = "comments/list/status-editor: an editor (moderate_comments) lists a post's comments of status hold, spam and trash with status="
	acc := s.accountFor(t, "editor")
	from := fmt.Sprintf("/wp/v2/users/%d?context=edit", acc.id)
	caps, _ := at(admin.get(t, from).JSON(), "capabilities")
	moderates, _ := at(caps, "moderate_comments")
	if moderates != true {
		skipRule(t, statusRule, "the site's editor role lacks moderate_comments (site fact from "+from+")")
	}
	editor := s.as(acc)
	for _, st := range []string{"hold", "spam", "trash"} {
		id := idOf(s.create(t, nil, "/wp/v2/comments", map[string]any{"post": pid, "content": s.name("status " + st)}))
		if st == "trash" {
			admin.send(t, http.MethodDelete, fmt.Sprintf("/wp/v2/comments/%d", id), nil)
		} else {
			admin.send(t, http.MethodPost, fmt.Sprintf("/wp/v2/comments/%d", id), map[string]any{"status": st})
		}
		if moderates == true {
			wantIDs(t, editor.get(t, fmt.Sprintf("/wp/v2/comments?post=%d&status=%s", pid, st)), []int{id}, statusRule)
		}
	}
	wantIDs(t, anon.get(t, fmt.Sprintf("/wp/v2/comments?post=%d", pid)), []int{approved},
		"comments/list/held-hidden: a visitor's list of a post's comments has the approved ones only (no held, spam or trashed comment)")
	commentStatusRoles(s, t, pid)
}

// commentSchemaContexts: the fields only a moderator reads are declared in the edit
// context only (WP_REST_Comments_Controller::get_item_schema).
func commentSchemaContexts(s *Suite, t T) {
	sc := s.itemSchema(t, "/wp/v2/comments")
	r := &Result{Method: http.MethodOptions, Path: "/wp/v2/comments", json: map[string]any{"schema": sc}}
	var wrong []string
	for _, p := range []string{"author_email", "author_ip", "author_user_agent", "content.properties.raw"} {
		path := "schema.properties." + p + ".context"
		v, _ := at(r.JSON(), path)
		if fmt.Sprint(v) != "[edit]" {
			wrong = append(wrong, fmt.Sprintf("%s %v", p, v))
		}
	}
	check(t, r, len(wrong) == 0, "comments/options/edit-only: OPTIONS /wp/v2/comments declares author_email, author_ip, author_user_agent and content.raw in the edit context only",
		"%v", wrong)
}

// searchDepthRules: a post result's embedded post is the post in the embed context
// with its own links (self at /wp/v2/posts/<id>).
func searchDepthRules(s *Suite, t T) {
	word := s.name("depthsearch")
	post := s.create(t, nil, "/wp/v2/posts", map[string]any{"title": word, "status": "publish"})
	e := s.as(anonymous).get(t, "/wp/v2/search?subtype=post&_embed&search="+word)
	href := textAt(e, "0._embedded.self.0._links.self.0.href")
	_, content := at(e.JSON(), "0._embedded.self.0.content")
	check(t, e, href == s.url(fmt.Sprintf("/wp/v2/posts/%d", idOf(post))) && !content,
		"search/embed/links: a post result embeds the post in the embed context (no content) with its links (self at /wp/v2/posts/<id>)",
		"embedded self link %q, content present %v", href, content)
	headAndPreflight(s, t, "search", "/wp/v2/search?subtype=post&search="+word, "1")
	r := s.as(anonymous).get(t, "/wp/v2/search?subtype=post&search="+word)
	hints, _ := at(r.JSON(), "0._links.self.0.targetHints")
	want, _ := at(s.selfLink(s.url(fmt.Sprintf("/wp/v2/posts/%d", idOf(post))), anonymous), "0.targetHints")
	check(t, r, jsonEqual(hints, want), fmt.Sprintf("search/links/target-hints: a result's self link carries the item's targetHints from WordPress 6.7 (checked as %s: %s)", s.wp, s.wpWhy),
		"targetHints %s, want %s", show(hints, hints != nil), show(want, want != nil))
	searchTitleTexturized(s, t)
}
