package contract

import (
	"fmt"
	"net/http"
	"net/url"
	"slices"
	"strings"
)

// The search group: /wp/v2/search (WP_REST_Search_Controller, since WordPress 5.0) with
// its three core handlers: posts, terms and post formats. What a search finds is site
// content, so the group makes its own objects, named with one word nothing else has,
// and searches for that word.

// searchArgs are the arguments of GET /wp/v2/search in every known version.
var searchArgs = []string{"context", "page", "per_page", "search", "type", "subtype", "exclude", "include"}

func init() {
	register("search", false, func(s *Suite, t T) {
		anon := s.as(anonymous)
		o := anon.do(t, http.MethodOptions, "/wp/v2/search", nil)
		if o.Status != http.StatusOK || o.code() != "" || string(o.Body) == "[]" {
			t.Skipf("the target has no /wp/v2/search route (OPTIONS answered %d %s); WordPress has it since 5.0", o.Status, clip(o.Body, 80))
		}
		searchOptions(s, t, o)
		searchErrors(s, t)
		if s.cfg.ReadOnly || s.anonymousOnly {
			t.Logf("search: the checks on found objects need to create them (read-only or anonymous run)")
			return
		}
		t.Run("found", func(t T) { searchFound(s, t) })
		t.Run("relevance", func(t T) { searchRelevance(s, t) })
		t.Run("scope", func(t T) { searchScope(s, t) })
		t.Run("depth", func(t T) { searchDepthRules(s, t) })
	})
}

// searchOptions checks the route's arguments and item schema.
func searchOptions(s *Suite, t T, o *Result) {
	if s.cfg.Strict {
		wantKeys(t, o, "endpoints.0.args", searchArgs, "search/options/args: GET /wp/v2/search takes exactly "+strings.Join(searchArgs, ", "))
		wantValue(t, o, "endpoints.0.args.type.enum", []any{"post", "term", "post-format"},
			"search/options/type-enum: the types are core's three handlers: post, term, post-format")
		wantValue(t, o, "endpoints.0.args.context.enum", []any{"view", "embed"}, "search/options/contexts: the search has the view and embed contexts only")
	} else {
		wantKeysInclude(t, o, "endpoints.0.args", searchArgs, "search/options/args: GET /wp/v2/search takes "+strings.Join(searchArgs, ", "))
	}
	wantValue(t, o, "endpoints.0.args.type.default", "post", "search/options/type-default: the type defaults to post (the first handler)")
	wantValue(t, o, "endpoints.0.args.subtype.default", "any", "search/options/subtype-default: the subtype defaults to any")
	if want, ok := s.searchSubtypes(t); ok {
		got, _ := at(o.JSON(), "endpoints.0.args.subtype.items.enum")
		missing, extra := diffSets(want, stringsOf(got))
		list := stringsOf(got)
		check(t, o, len(missing)+len(extra) == 0 && len(list) > 0 && list[len(list)-1] == "any",
			"search/options/subtypes: the subtypes are the public post types in REST but attachment, the public taxonomies in REST, then any",
			"enum %s: missing %v, unexpected %v", show(got, got != nil), missing, extra)
	}
	wantValue(t, o, "schema.title", "search-result", "search/options/schema-title: the item schema is search-result")
	wantKeys(t, o, "schema.properties", []string{"id", "title", "url", "type", "subtype"},
		"search/options/schema-properties: a search result has id, title, url, type and subtype")
}

// searchErrors checks the refusals that need no content.
func searchErrors(s *Suite, t T) {
	anon := s.as(anonymous)
	for _, q := range []string{"type=foo", "subtype=foo", "context=edit", "per_page=0", "include=abc"} {
		wantError(t, anon.get(t, "/wp/v2/search?"+q), http.StatusBadRequest, "rest_invalid_param",
			"search/errors/invalid-param: GET /wp/v2/search?"+q+": 400 rest_invalid_param")
	}
	r := anon.get(t, "/wp/v2/search?type=foo&subtype=post")
	wantValue(t, r, "data.params", map[string]any{"type": "type is not one of post, term, and post-format.", "subtype": "Invalid type parameter."},
		"search/errors/unknown-type-subtype: an unknown type beside a subtype: the subtype's sanitizer cannot find the type's handler")
	wantValue(t, r, "data.details.subtype.code", "rest_search_invalid_type",
		"search/errors/unknown-type-subtype: the subtype's detail is rest_search_invalid_type")
}

// searchFound makes two published posts (the newer an aside), a private one, a tag
// and a category, and checks what each handler finds of them.
func searchFound(s *Suite, t T) {
	anon, admin := s.as(anonymous), s.as(s.admin())
	word := s.name("srch")
	older := s.create(t, nil, "/wp/v2/posts", map[string]any{"title": word + " older", "status": "publish", "date": "2021-03-01T10:00:00"})
	newer := s.create(t, nil, "/wp/v2/posts", map[string]any{"title": word + " newer", "status": "publish", "date": "2022-03-01T10:00:00", "format": "aside"})
	s.create(t, nil, "/wp/v2/posts", map[string]any{"title": word + " private", "status": "private"})
	tag := s.create(t, nil, "/wp/v2/tags", map[string]any{"name": word + " tag"})
	cat := s.create(t, nil, "/wp/v2/categories", map[string]any{"name": word + " cat"})
	q := "/wp/v2/search?search=" + url.QueryEscape(word)
	ids := func(r *Result) string { return fmt.Sprint(resultIDs(r)) }
	want := fmt.Sprint(idList{idOf(newer), idOf(older)})

	for _, c := range []struct {
		who *client
		as  string
	}{{anon, "a visitor"}, {admin, "the administrator"}} {
		r := c.who.get(t, q)
		check(t, r, r.Status == http.StatusOK && ids(r) == want, "search/posts/published-only: a search finds the published posts, newest first (relevance ties), never a private one, even for "+c.as,
			"ids %s, want %s", ids(r), want)
		wantHeader(t, r, "X-WP-Total", "2", "pagination/total: search: X-WP-Total counts the posts found")
	}
	r := anon.get(t, q)
	s.wantExactKeys(t, r, "0", []string{"id", "title", "url", "type", "subtype", "_links"}, "search/posts/keys: a post result has id, title, url, type, subtype and _links")
	wantValue(t, r, "0.title", word+" newer", "search/posts/title: a post result's title is the rendered title")
	wantValue(t, r, "0.url", textAt(newer, "link"), "search/posts/url: a post result's url is its permalink")
	wantValue(t, r, "0.type", "post", "search/posts/type: a post result's type is post")
	wantValue(t, r, "0.subtype", "post", "search/posts/subtype: a post result's subtype is its post type")
	wantValue(t, r, "0._links.self.0.href", s.url(fmt.Sprintf("/wp/v2/posts/%d", idOf(newer))), "search/posts/self-link: a post result's self link is the post's route")
	wantValue(t, r, "0._links.self.0.embeddable", true, "search/posts/self-link: a post result's self link is embeddable")
	wantValue(t, r, "0._links.about", linkList(linkTo(s.url("/wp/v2/types/post"))), "search/posts/about-link: a post result's about link is its type")
	wantValue(t, r, "0._links.collection", linkList(linkTo(s.url("/wp/v2/search"))), "search/posts/collection-link: every result links the search collection")

	e := anon.get(t, q+"&_embed")
	wantValue(t, e, "0._embedded.self.0.id", float64(idOf(newer)), "search/embed/self: _embed embeds the post a result points at")
	f := anon.get(t, q+"&_fields=id,title")
	wantKeys(t, f, "0", []string{"id", "title"}, "search/fields: _fields=id,title keeps exactly those keys")
	emb := anon.get(t, q+"&context=embed")
	check(t, emb, ids(emb) == want, "search/context/embed: the embed context finds the same results", "ids %s", ids(emb))

	p := anon.get(t, q+"&per_page=1&page=2")
	check(t, p, ids(p) == fmt.Sprint(idList{idOf(older)}), "search/paging/page: page 2 of 1 is the older post", "ids %s", ids(p))
	wantHeader(t, p, "X-WP-TotalPages", "2", "pagination/total-pages: search: X-WP-TotalPages is the number of pages")
	past := anon.get(t, q+"&page=3")
	check(t, past, past.Status == http.StatusOK && len(past.list()) == 0, "search/paging/posts-past-end: posts past the last page: 200 [] (WP_Query finds no rows, found_posts stays 0)",
		"%d %s", past.Status, clip(past.Body, 80))
	wantHeader(t, past, "X-WP-Total", "0", "pagination/total: search: posts past the last page: X-WP-Total 0 (found_posts stays 0)")
	fs := anon.get(t, q+"&type=post&subtype=category")
	check(t, fs, ids(fs) == want, "search/posts/foreign-subtype: a subtype the post handler lacks (a taxonomy) is dropped: the search finds the posts as with subtype=any",
		"%d, ids %s, want %s", fs.Status, ids(fs), want)
	ex := anon.get(t, q+"&exclude="+fmt.Sprint(idOf(newer)))
	check(t, ex, ids(ex) == fmt.Sprint(idList{idOf(older)}), "search/posts/exclude: exclude leaves the post out", "ids %s", ids(ex))

	tq := q + "&type=term"
	tr := anon.get(t, tq)
	wantTerms := fmt.Sprint(idList{idOf(cat), idOf(tag)})
	check(t, tr, ids(tr) == wantTerms, "search/terms/found: a term search finds categories and tags by name, ordered by name", "ids %s, want %s", ids(tr), wantTerms)
	s.wantExactKeys(t, tr, "0", []string{"id", "title", "url", "type", "_links"}, "search/terms/keys: a term result has id, title, url, type and _links (no subtype)")
	wantValue(t, tr, "0.type", "category", "search/terms/type-is-taxonomy: a term result's type is its taxonomy")
	wantValue(t, tr, "1.type", "post_tag", "search/terms/type-is-taxonomy: a term result's type is its taxonomy")
	wantValue(t, tr, "1.url", textAt(tag, "link"), "search/terms/url: a term result's url is the term's link")
	wantValue(t, tr, "1._links.self.0.href", s.url(fmt.Sprintf("/wp/v2/tags/%d", idOf(tag))), "search/terms/self-link: a term result's self link is the term's route")
	wantValue(t, tr, "1._links.about", linkList(linkTo(s.url("/wp/v2/taxonomies/post_tag"))), "search/terms/about-link: a term result's about link is its taxonomy")
	st := anon.get(t, tq+"&subtype=post_tag")
	check(t, st, ids(st) == fmt.Sprint(idList{idOf(tag)}), "search/terms/subtype: subtype=post_tag finds tags only", "ids %s", ids(st))
	wantError(t, anon.get(t, tq+"&page=2"), http.StatusBadRequest, "rest_search_invalid_page_number",
		"search/paging/terms-past-end: terms past the last page: 400 rest_search_invalid_page_number")

	wantIDs(t, anon.get(t, tq+"&exclude="+fmt.Sprint(idOf(tag))), []int{idOf(cat)}, "search/terms/exclude: exclude leaves a term out of a term search")
	wantIDs(t, anon.get(t, tq+"&include="+fmt.Sprint(idOf(cat))), []int{idOf(cat)}, "search/terms/include: include keeps only the terms named")
	te := anon.get(t, tq+"&_embed&per_page=1")
	wantValue(t, te, "0._embedded.self.0.id", float64(idOf(cat)), "search/terms/embed: _embed embeds the term a result points at, in the embed context")
	s.wantExactKeys(t, te, "0._embedded.self.0", []string{"id", "link", "name", "slug", "taxonomy", "_links"},
		"search/terms/embed: _embed embeds the term a result points at, in the embed context")
	tp := anon.get(t, tq+"&per_page=1")
	wantHeader(t, tp, "X-WP-Total", "2", "pagination/total: search: X-WP-Total counts the terms found")
	wantHeader(t, tp, "X-WP-TotalPages", "2", "pagination/total-pages: search: X-WP-TotalPages is the number of pages")

	page := s.create(t, nil, "/wp/v2/pages", map[string]any{"title": word + " page", "status": "publish"})
	sp := anon.get(t, q+"&subtype=page")
	wantIDs(t, sp, []int{idOf(page)}, "search/posts/subtype: subtype=page finds pages only, subtype=post posts only")
	wantValue(t, sp, "0.subtype", "page", "search/posts/subtype: subtype=page finds pages only, subtype=post posts only")
	check(t, sp, !slices.Contains(resultIDs(anon.get(t, q+"&subtype=post")), idOf(page)),
		"search/posts/subtype: subtype=page finds pages only, subtype=post posts only", "the page is found with subtype=post")

	pf := anon.get(t, "/wp/v2/search?type=post-format&search=aside")
	wantValue(t, pf, "", []any{map[string]any{"id": "aside", "title": "Aside", "url": textAt(pf, "0.url"), "type": "post-format",
		"_links": map[string]any{"collection": linkList(linkTo(s.url("/wp/v2/search")))}}},
		"search/post-formats/found: a format a post has is found by name: {id: slug, title, url, type: post-format} with the collection link only")
	check(t, pf, strings.HasSuffix(textAt(pf, "0.url"), "/aside/") || strings.Contains(textAt(pf, "0.url"), "post_format=aside"),
		"search/post-formats/url: a format's url is its archive", "url %q", textAt(pf, "0.url"))
}

// searchRelevance: WP_Query's order for a search with no orderby (the search route's
// posts handler), parse_search_order: the whole sentence in the title first, then all
// the words in the title, any word in the title, the sentence in the excerpt, the
// sentence in the content, the rest; each rank newest first. The posts are dated so
// that the newest is the least relevant. A negated word (-word) excludes and takes no
// part in the order (no sentence rank then), stopwords ("the") are dropped from the
// terms, a password-protected post is found by logged-in callers only, and the posts
// route keeps its own default order (date) for the same search.
func searchRelevance(s *Suite, t T) {
	anon, admin := s.as(anonymous), s.as(s.admin())
	a, b := s.name("rla"), s.name("rlb")
	mk := func(year int, fields map[string]any) int {
		fields["status"] = "publish"
		fields["date"] = fmt.Sprintf("%d-01-01T00:00:00", year)
		return idOf(s.create(t, nil, "/wp/v2/posts", fields))
	}
	ranked := idList{
		mk(2011, map[string]any{"title": a + " " + b}),                           // the sentence in the title
		mk(2012, map[string]any{"title": b + " and " + a}),                       // all words in the title
		mk(2013, map[string]any{"title": a + " only", "content": b}),             // a word in the title
		mk(2014, map[string]any{"title": "none", "excerpt": "x " + a + " " + b}), // the sentence in the excerpt
		mk(2015, map[string]any{"title": "none", "content": "x " + a + " " + b}), // the sentence in the content
		mk(2016, map[string]any{"title": "none", "content": b + " z " + a}),      // the words apart
	}
	solo := mk(2017, map[string]any{"title": a + " solo"})    // a, no b, in the title
	bodyOnly := mk(2018, map[string]any{"content": "x " + a}) // a, no b, in the content
	q := "/wp/v2/search?search=" + url.QueryEscape(a+" "+b)
	wantIDs(t, anon.get(t, q), ranked, "search/relevance/ranks: a search orders by the sentence in the title, all words in the title, any word in the title, the sentence in the excerpt, then in the content, then the rest (parse_search_order)")
	wantIDs(t, anon.get(t, "/wp/v2/posts?orderby=relevance&search="+url.QueryEscape(a+" "+b)), ranked,
		"search/relevance/posts-route: orderby=relevance on the posts route is the same order")
	byDate := slices.Clone(ranked)
	slices.Reverse(byDate)
	wantIDs(t, anon.get(t, "/wp/v2/posts?search="+url.QueryEscape(a+" "+b)), byDate,
		"search/relevance/posts-route-date: the posts route orders a search by date unless asked (orderby defaults to date)")
	wantIDs(t, anon.get(t, "/wp/v2/search?search="+url.QueryEscape(a+" -"+b)), idList{solo, bodyOnly},
		"search/relevance/negated: a -word excludes the posts that have it, and is left out of the order (the title match first, though older)")
	r := anon.get(t, "/wp/v2/search?per_page=20&search="+url.QueryEscape(a+" the"))
	wantHeader(t, r, "X-WP-Total", "8", "search/terms/stopwords: a stopword (the) is dropped from the search terms: the search finds what the other word finds")
	wantIDs(t, anon.get(t, "/wp/v2/search?per_page=3&search="+url.QueryEscape(a+" the")), idList{solo, ranked[2], ranked[1]},
		"search/relevance/stopwords: with a stopword dropped, the titles with the word come first (newest first), then the rest")

	prot := s.create(t, nil, "/wp/v2/posts", map[string]any{"title": a + " protected", "status": "publish", "password": "pw"})
	pq := "/wp/v2/search?search=" + url.QueryEscape(a+" protected")
	wantIDs(t, anon.get(t, pq), nil, "search/posts/protected-anonymous: a visitor's search does not find a password-protected post")
	wantIDs(t, admin.get(t, pq), idList{idOf(prot)}, "search/posts/protected-logged-in: a logged-in caller's search finds a password-protected post")

	wantError(t, anon.get(t, q+"&per_page=101"), http.StatusBadRequest, "rest_invalid_param", "search/paging/per-page-max: per_page above 100 is refused with 400 rest_invalid_param")
	p := anon.get(t, q+"&per_page=2&page=2")
	wantIDs(t, p, ranked[2:4], "search/paging/window: per_page=2&page=2 is the third and fourth result")
	links := linkRels(p.Header.Get("Link"))
	for rel, page := range map[string]string{"prev": "1", "next": "3"} {
		u, _ := url.Parse(links[rel])
		check(t, p, u != nil && u.Query().Get("page") == page && u.Query().Get("search") == a+" "+b && u.Query().Get("per_page") == "2",
			"search/paging/links: a middle page has prev and next links that keep the search", "Link %q", p.Header.Get("Link"))
	}
	wantHeader(t, p, "X-WP-TotalPages", "3", "pagination/total-pages: search: X-WP-TotalPages is the number of pages")
}

// searchScope: what the handlers look in. The posts handler finds published posts
// only (never a draft, even for an administrator), of every searchable type or of
// the subtypes named, and a page result embeds the page in the embed context; the
// terms handler matches a term's slug as well as its name, and finds terms no post
// has (hide_empty is off).
func searchScope(s *Suite, t T) {
	anon, admin := s.as(anonymous), s.as(s.admin())
	word := s.name("scope")
	post := s.create(t, nil, "/wp/v2/posts", map[string]any{"title": word + " post", "status": "publish", "date": "2020-01-01T00:00:00"})
	page := s.create(t, nil, "/wp/v2/pages", map[string]any{"title": word + " page", "status": "publish", "date": "2021-01-01T00:00:00"})
	s.create(t, nil, "/wp/v2/posts", map[string]any{"title": word + " draft", "status": "draft"})
	q := "/wp/v2/search?search=" + url.QueryEscape(word)
	wantIDs(t, admin.get(t, q), []int{idOf(page), idOf(post)}, "search/posts/published-types: a search finds the published posts of every searchable type (pages too), never a draft, even for an administrator")
	wantIDs(t, anon.get(t, q+"&subtype=post,page"), []int{idOf(page), idOf(post)}, "search/posts/subtypes: subtype= takes several post types")
	e := anon.get(t, q+"&subtype=page&_embed")
	wantValue(t, e, "0._embedded.self.0.id", float64(idOf(page)), "search/embed/page: a page result embeds the page")
	s.wantExactKeys(t, e, "0._embedded.self.0", strings.Fields("id date slug type link title excerpt author featured_media _links"),
		"search/embed/page: the page is embedded in the embed context (id, date, slug, type, link, title, excerpt, author, featured_media)")

	tag := s.create(t, nil, "/wp/v2/tags", map[string]any{"name": "Tag called otherwise", "slug": word + "-slug"})
	wantIDs(t, anon.get(t, q+"&type=term"), []int{idOf(tag)}, "search/terms/slug: a term search matches a term's slug as well as its name")
	wantValue(t, anon.get(t, fmt.Sprintf("/wp/v2/tags/%d", idOf(tag))), "count", 0.0, "search/terms/empty: a term search finds terms no post has")
}

// wantExactKeys is wantKeys in strict mode and wantKeysInclude otherwise: a site may
// add fields (register_rest_field) that a strict run refuses.
func (s *Suite) wantExactKeys(t T, r *Result, path string, keys []string, rule string) bool {
	t.Helper()
	if s.cfg.Strict {
		return wantKeys(t, r, path, keys, rule)
	}
	return wantKeysInclude(t, r, path, keys, rule)
}

// searchSubtypes are the subtypes the search takes: the post search handler's public
// post types in REST but attachment, the term handler's public taxonomies in REST (core's,
// and in the default mode the site's own: a type the search itself lists, its public flag being published nowhere else, a taxonomy
// whose visibility is public), and any; ok is false where the site's declarations
// cannot tell (read without the edit context).
func (s *Suite) searchSubtypes(t T) ([]string, bool) {
	t.Helper()
	want := []string{"post", "page", "category", "post_tag", "any"}
	if s.cfg.Strict {
		return want, true
	}
	if !s.site(t).edit {
		return nil, false
	}
	// a type's public flag (get_post_types(['public' => true]), which the post handler
	// searches) is published nowhere else: viewable is publicly_queryable, another flag;
	// and a taxonomy the administrator may not edit shows no visibility: the search's
	// own enum says, read only then
	var listed []string
	inEnum := func(slug string) bool {
		if listed == nil {
			enum, _ := at(s.as(anonymous).do(t, http.MethodOptions, "/wp/v2/search", nil).JSON(), "endpoints.0.args.subtype.items.enum")
			listed = append(stringsOf(enum), "")
		}
		return slices.Contains(listed, slug)
	}
	for _, st := range s.customTypes(t) {
		if inEnum(st.slug) {
			want = append(want, st.slug)
		}
	}
	for _, tx := range s.customTaxonomies(t) {
		if tx.public || (tx.viewOnly && inEnum(tx.slug)) {
			want = append(want, tx.slug)
		}
	}
	return want, true
}
