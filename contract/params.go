package contract

import (
	"fmt"
	"net/http"
	"net/url"
	"sort"
	"strings"
)

// The params group: what each list parameter does, checked on objects the suite
// created (every list is narrowed with search= or include=, so other content never
// matters), and the validation errors WordPress 6.1 gives for bad values, with their
// exact messages.

func init() {
	register("params", false, func(s *Suite, t T) {
		t.Run("posts", func(t T) { paramsPosts(s, t) })
		t.Run("tags and categories", func(t T) { paramsTerms(s, t) })
		t.Run("tags, each parameter", func(t T) { paramsTermsEach(s, t, "/wp/v2/tags") })
		t.Run("categories, each parameter", func(t T) { paramsTermsEach(s, t, "/wp/v2/categories") })
		t.Run("users", func(t T) { paramsUsers(s, t) })
		t.Run("media", func(t T) { paramsMedia(s, t) })
		t.Run("revisions", func(t T) { paramsRevisions(s, t) })
		t.Run("taxonomies", func(t T) {
			anon := s.as(anonymous)
			r := anon.get(t, "/wp/v2/taxonomies?type=post")
			wantKeys(t, r, "", s.taxonomiesFor(t, "post"), "params/taxonomies/type: taxonomies?type=post lists exactly the post type's taxonomies")
			untaxed := []string{s.name("no-such-type")}
			if len(s.taxonomiesFor(t, "page")) == 0 {
				untaxed = append([]string{"page"}, untaxed...)
			}
			for _, typ := range untaxed {
				r = anon.get(t, "/wp/v2/taxonomies?type="+typ)
				check(t, r, r.Status == http.StatusOK && string(r.Body) == "{}", "params/taxonomies/type-empty-object: taxonomies?type=<a type without taxonomies, or no type at all> is an empty object {} (not [])",
					"%d %s", r.Status, clip(r.Body, 100))
			}
		})
		t.Run("validation", func(t T) { paramsValidation(s, t) })
	})
}

// pathQuery builds "path?k=v&..." from pairs, escaping the values.
func pathQuery(path string, kv ...any) string {
	sep := "?"
	for i := 0; i+1 < len(kv); i += 2 {
		path += sep + fmt.Sprint(kv[i]) + "=" + url.QueryEscape(fmt.Sprint(kv[i+1]))
		sep = "&"
	}
	return path
}

func paramsPosts(s *Suite, t T) {
	f := s.fixture(t, "terms")
	admin, anon := s.as(s.admin()), s.as(anonymous)
	base := s.name("prm")
	login := base + "-author"
	u := idOf(s.create(t, nil, "/wp/v2/users", map[string]any{"username": login, "email": login + "@example.com",
		"password": randomPassword(), "roles": []string{"author"}}))
	mk := func(body map[string]any) *Result {
		body["status"] = "publish"
		return s.create(t, nil, "/wp/v2/posts", body)
	}
	// p1 oldest (title gamma, the admin's, in the tag and the category), p2 (alpha, sticky), p3 newest (beta)
	r1 := mk(map[string]any{"title": base + " gamma apple", "date": "2021-01-01T10:00:00", "tags": []int{f.tag}, "categories": []int{f.cat}})
	r2 := mk(map[string]any{"title": base + " alpha banana", "date": "2021-01-02T10:00:00", "author": u, "sticky": true})
	r3 := mk(map[string]any{"title": base + " beta apple", "date": "2021-01-03T10:00:00", "author": u})
	p1, p2, p3 := idOf(r1), idOf(r2), idOf(r3)
	d := idOf(s.create(t, nil, "/wp/v2/posts", map[string]any{"title": base + " delta", "status": "draft"}))
	slug1, _ := r1.object()["slug"].(string)
	slug2, _ := r2.object()["slug"].(string)
	L := func(kv ...any) *Result {
		return anon.get(t, pathQuery("/wp/v2/posts", append([]any{"search", base}, kv...)...))
	}
	wantIDs(t, L(), []int{p3, p2, p1}, "params/posts/search: search= finds every published post whose title, excerpt or content holds the words")
	wantIDSet(t, anon.get(t, pathQuery("/wp/v2/posts", "search", base+" apple")), []int{p1, p3}, "params/posts/search-words: search with several words: every word must appear")
	wantIDSet(t, anon.get(t, pathQuery("/wp/v2/posts", "include", joinIDs(p1, p2))), []int{p1, p2}, "params/posts/include: include= limits the list to those ids")
	wantIDs(t, L("exclude", p2), []int{p3, p1}, "params/posts/exclude: exclude= leaves those ids out")
	wantIDSet(t, anon.get(t, pathQuery("/wp/v2/posts", "include", joinIDs(p1, p2, p3), "exclude", p2)), []int{p1, p2, p3},
		"params/posts/include-ignores-exclude: with include=, exclude= is ignored (WP_Query drops post__not_in when post__in is set)")
	wantIDs(t, anon.get(t, pathQuery("/wp/v2/posts", "slug", slug1)), []int{p1}, "params/posts/slug: slug= finds the post with that slug")
	wantIDSet(t, anon.get(t, pathQuery("/wp/v2/posts", "slug", slug1+","+slug2)), []int{p1, p2}, "params/posts/slug-list: slug=a,b finds the posts with any of the slugs")
	wantIDs(t, L("author", u), []int{p3, p2}, "params/posts/author: author= keeps the posts of those authors")
	wantIDs(t, L("author_exclude", u), []int{p1}, "params/posts/author-exclude: author_exclude= leaves the posts of those authors out")
	wantIDs(t, admin.get(t, pathQuery("/wp/v2/posts", "search", base, "status", "draft")), []int{d}, "params/posts/status-draft: status=draft lists drafts (for a user who can edit posts)")
	wantIDs(t, admin.get(t, pathQuery("/wp/v2/posts", "search", base, "status", "publish,draft", "orderby", "id", "order", "asc")), []int{p1, p2, p3, d},
		"params/posts/status-list: status=publish,draft lists both statuses")
	wantIDs(t, L("categories", f.cat), []int{p1}, "params/posts/categories: categories= keeps the posts in those categories")
	wantIDs(t, L("categories_exclude", f.cat), []int{p3, p2}, "params/posts/categories-exclude: categories_exclude= leaves the posts in those categories out")
	wantIDs(t, L("tags", f.tag), []int{p1}, "params/posts/tags: tags= keeps the posts with those tags")
	wantIDs(t, L("tags_exclude", f.tag), []int{p3, p2}, "params/posts/tags-exclude: tags_exclude= leaves the posts with those tags out")
	wantIDs(t, L("sticky", "true"), []int{p2}, "params/posts/sticky-true: sticky=true keeps only sticky posts")
	wantIDs(t, L("sticky", "false"), []int{p3, p1}, "params/posts/sticky-false: sticky=false leaves sticky posts out")
	wantIDs(t, L(), []int{p3, p2, p1}, "params/posts/sticky-no-reorder: without sticky, sticky posts keep their date order (6.1 never moves them first)")
	wantIDs(t, L("orderby", "id", "order", "asc", "offset", 1), []int{p2, p3}, "params/posts/offset: offset= skips that many items")
	wantIDs(t, L("order", "asc"), []int{p1, p2, p3}, "params/posts/order-asc: order=asc reverses the default date order")
	wantIDs(t, L("orderby", "title", "order", "asc"), []int{p2, p3, p1}, "params/posts/orderby-title: orderby=title sorts by title")
	wantIDs(t, L("orderby", "slug", "order", "desc"), []int{p1, p3, p2}, "params/posts/orderby-slug: orderby=slug sorts by slug")
	wantIDs(t, L("orderby", "id"), []int{p3, p2, p1}, "params/posts/orderby-id: orderby=id sorts by id (descending by default)")
	wantIDs(t, anon.get(t, pathQuery("/wp/v2/posts", "include", joinIDs(p2, p1, p3), "orderby", "include")), []int{p2, p1, p3},
		"params/posts/orderby-include: orderby=include keeps the order of the include list")
	wantIDSet(t, L("orderby", "relevance"), []int{p1, p2, p3}, "params/posts/orderby-relevance: orderby=relevance is allowed with a search term")
	wantIDs(t, L("after", "2021-01-01T12:00:00"), []int{p3, p2}, "params/posts/after: after= keeps posts published strictly after the date")
	wantIDs(t, L("before", "2021-01-02T12:00:00"), []int{p2, p1}, "params/posts/before: before= keeps posts published strictly before the date")
	wantIDs(t, L("per_page", 2, "page", 2), []int{p1}, "params/posts/per-page-page: per_page and page select a slice of the list")
	r := anon.get(t, pathQuery("/wp/v2/posts", "search", base, "status", "draft"))
	wantError(t, r, http.StatusBadRequest, "rest_invalid_param", "params/posts/status-forbidden: status other than publish, anonymous: 400 rest_invalid_param")
	wantValue(t, r, "data.details.status", map[string]any{"code": "rest_forbidden_status", "message": "Status is forbidden.",
		"data": map[string]any{"status": 401}}, "params/posts/status-forbidden-details: the forbidden status is reported in details.status with rest_forbidden_status and status 401")
	wantValue(t, r, "data.params.status", "Status is forbidden.", "params/posts/status-forbidden-details: params.status says \"Status is forbidden.\"")

	wantIDs(t, anon.get(t, pathQuery("/wp/v2/posts", "include", joinIDs(p1, p3))), []int{p3, p1}, "params/posts/include-date-order: include= lists in the default order (date, newest first), not the include order")
	wantIDs(t, anon.get(t, pathQuery("/wp/v2/posts", "include", joinIDs(p1, p2), "orderby", "author")), []int{p2, p1}, "params/posts/orderby-author: orderby=author sorts by author id (descending by default)")
	wantIDs(t, anon.get(t, pathQuery("/wp/v2/posts", "include", joinIDs(p1, p2), "orderby", "author", "order", "asc")), []int{p1, p2}, "params/posts/orderby-author: orderby=author&order=asc")
	wantIDSet(t, anon.get(t, "/wp/v2/posts?slug[]="+slug1+"&slug[]="+slug2), []int{p1, p2}, "params/posts/slug-list: slug[]=a&slug[]=b finds the posts with any of the slugs")
	wantIDs(t, anon.get(t, pathQuery("/wp/v2/posts", "slug", slug2+","+slug1, "orderby", "include_slugs")), []int{p2, p1}, "params/posts/orderby-include-slugs: orderby=include_slugs keeps the order of the slug list")
	wantIDs(t, L("offset", 1, "per_page", 2, "page", 2), []int{p2, p1}, "params/posts/offset-over-page: with offset=, page= is ignored")
	wantIDs(t, L("sticky", "true", "include", p1), nil, "params/posts/sticky-with-include: sticky=true with include= of a post that is not sticky lists nothing")
	wantIDs(t, L("sticky", "true", "include", p2), []int{p2}, "params/posts/sticky-with-include: sticky=true with include= of a sticky post lists it")
	wantIDs(t, L("sticky", "false", "exclude", p1), []int{p3}, "params/posts/sticky-false-exclude: sticky=false with exclude= leaves out both the sticky posts and the excluded ones")
	pend := idOf(s.create(t, nil, "/wp/v2/posts", map[string]any{"title": base + " epsilon", "status": "pending"}))
	wantIDSet(t, admin.get(t, "/wp/v2/posts?search="+url.QueryEscape(base)+"&status[]=draft&status[]=pending"), []int{d, pend}, "params/posts/status-list: status[]=draft&status[]=pending lists both statuses")
	rel := mk(map[string]any{"title": base + " zeta", "content": "apple", "date": "2021-01-04T10:00:00"})
	wantIDs(t, anon.get(t, pathQuery("/wp/v2/posts", "search", base+" apple", "orderby", "relevance")), []int{p3, p1, idOf(rel)},
		"params/posts/orderby-relevance-order: orderby=relevance puts posts whose title holds the whole search first, then by date")
	if s.wp >= wp68 { // search_columns is new in 6.2
		wantIDs(t, anon.get(t, "/wp/v2/posts?search="+url.QueryEscape(base+" apple")+"&search_columns[]=post_title"), []int{p3, p1},
			"params/posts/search-columns: search_columns[]=post_title searches titles only (6.2)")
		wantIDs(t, anon.get(t, "/wp/v2/posts?search=apple&include="+joinIDs(p1, p3, idOf(rel))+"&search_columns[]=post_content"), []int{idOf(rel)},
			"params/posts/search-columns: search_columns[]=post_content searches content only (6.2)")
	}
	priv := idOf(s.create(t, nil, "/wp/v2/posts", map[string]any{"title": base + " eta", "status": "private"}))
	wantIDs(t, admin.get(t, pathQuery("/wp/v2/posts", "search", base, "status", "private")), []int{priv}, "params/posts/status-private: status=private lists private posts (for those who may read them)")
	wantError(t, anon.get(t, pathQuery("/wp/v2/posts", "search", base, "status", "private")), http.StatusBadRequest, "rest_invalid_param",
		"params/posts/status-forbidden: status other than publish, anonymous: 400 rest_invalid_param (status=private)")
	if s.wp >= wp68 { // the format parameter is new in 6.8
		aside := mk(map[string]any{"title": base + " theta", "format": "aside", "date": "2021-01-05T10:00:00"})
		wantIDs(t, L("format", "aside"), []int{idOf(aside)}, "params/posts/format: format=aside keeps posts of that format (6.8)")
		wantIDs(t, anon.get(t, "/wp/v2/posts?search="+url.QueryEscape(base)+"&format[]=standard&format[]=aside&include="+joinIDs(p1, idOf(aside))), []int{idOf(aside), p1},
			"params/posts/format: format[]=standard&format[]=aside keeps posts of either format (6.8)")
		wantError(t, L("format", "invalid_format"), http.StatusBadRequest, "rest_invalid_param", "params/posts/format: a format outside the enum: 400 rest_invalid_param (6.8)")
	}
	if s.wp >= wp68 { // search_semantics is new in 6.7
		token := s.name("rye")
		exact := mk(map[string]any{"title": token, "content": "This is a post about bread"})
		loose := mk(map[string]any{"title": base + " bread types", "content": "Types of bread are white and " + token + " bread"})
		wantIDSet(t, anon.get(t, pathQuery("/wp/v2/posts", "search", token)), []int{idOf(exact), idOf(loose)}, "params/posts/search-exact: search= matches the words anywhere")
		wantIDs(t, anon.get(t, pathQuery("/wp/v2/posts", "search", token, "search_semantics", "exact")), []int{idOf(exact)},
			"params/posts/search-exact: search_semantics=exact matches a title, excerpt or content equal to the search word (6.7)")
	}
	paramsPostsTax(s, t)
}

// paramsPostsTax checks the taxonomy parameters of the posts list on four posts of its
// own: q1 (tag T, category C), q2 (T, Cc, a child of C), q3 (C and C2), q4 (C2).
func paramsPostsTax(s *Suite, t T) {
	anon := s.as(anonymous)
	base := s.name("tax")
	tag := idOf(s.create(t, nil, "/wp/v2/tags", map[string]any{"name": base + " t"}))
	c := idOf(s.create(t, nil, "/wp/v2/categories", map[string]any{"name": base + " c"}))
	cc := idOf(s.create(t, nil, "/wp/v2/categories", map[string]any{"name": base + " cc", "parent": c}))
	c2 := idOf(s.create(t, nil, "/wp/v2/categories", map[string]any{"name": base + " c2"}))
	mk := func(title, date string, tags, cats []int) int {
		return idOf(s.create(t, nil, "/wp/v2/posts", map[string]any{"title": base + " " + title, "status": "publish", "date": date, "tags": tags, "categories": cats}))
	}
	q1 := mk("one", "2021-01-01T10:00:00", []int{tag}, []int{c})
	q2 := mk("two", "2021-01-02T10:00:00", []int{tag}, []int{cc})
	q3 := mk("three", "2021-01-03T10:00:00", nil, []int{c, c2})
	q4 := mk("four", "2021-01-04T10:00:00", nil, []int{c2})
	L := func(q string) *Result { return anon.get(t, "/wp/v2/posts?search="+url.QueryEscape(base)+"&"+q) }
	wantIDs(t, L(fmt.Sprintf("categories=%d", c)), []int{q3, q1}, "params/posts/categories-no-children: categories= keeps posts in those categories, not in their children")
	wantIDs(t, L(fmt.Sprintf("tags=%d&categories=%d", tag, c)), []int{q1}, "params/posts/tax-relation-and: tags= and categories= together keep posts matching both")
	wantIDs(t, L(fmt.Sprintf("tags=%d&categories=%d&tax_relation=OR", tag, c2)), []int{q4, q3, q2, q1}, "params/posts/tax-relation-or: tax_relation=OR keeps posts matching either")
	wantIDs(t, L(fmt.Sprintf("tags=%d&categories_exclude=%d&tax_relation=OR", tag, c)), []int{q4, q2, q1}, "params/posts/tax-relation-or: tax_relation=OR with an exclusion keeps posts with the tag or outside the category")
	wantIDs(t, L(fmt.Sprintf("tags=%d&categories_exclude=%d", tag, c)), []int{q2}, "params/posts/tags-and-categories-exclude: tags= with categories_exclude= keeps posts with the tag outside the category")
	wantIDs(t, L(fmt.Sprintf("tags_exclude=%d&categories_exclude=%d", tag, c)), []int{q4}, "params/posts/tags-and-categories-exclude: tags_exclude= with categories_exclude= keeps posts with neither")
	wantIDs(t, L(fmt.Sprintf("categories[terms][0]=%d&categories[include_children]=true", c)), []int{q3, q2, q1},
		"params/posts/categories-include-children: categories[terms][]=C&categories[include_children]=true keeps posts in C or its children")
	wantIDs(t, L(fmt.Sprintf("categories[terms][0]=%d&categories[include_children]=false", c)), []int{q3, q1},
		"params/posts/categories-include-children: categories[include_children]=false keeps posts in C only")
	wantIDs(t, L(fmt.Sprintf("categories_exclude[terms][0]=%d&categories_exclude[include_children]=true", c)), []int{q4},
		"params/posts/categories-exclude-children: categories_exclude[include_children]=true leaves out posts in C and its children")
	wantIDs(t, L(fmt.Sprintf("categories_exclude[terms][0]=%d&categories_exclude[include_children]=false", c)), []int{q4, q2},
		"params/posts/categories-exclude-children: categories_exclude[include_children]=false leaves out posts in C only")
	wantIDs(t, L(fmt.Sprintf("categories[terms][0]=%d&categories[terms][1]=%d&categories[operator]=AND", c, c2)), []int{q3},
		"params/posts/categories-operator-and: categories[operator]=AND keeps posts in every one of the categories")
	wantIDs(t, L(fmt.Sprintf("categories[terms][0]=%d&categories[terms][1]=%d", c, c2)), []int{q4, q3, q1},
		"params/posts/categories-object: categories[terms][]= without an operator keeps posts in any of the categories")
	for _, p := range []string{"tags", "tags_exclude", "categories"} {
		wantError(t, L(p+"=my-tag"), http.StatusBadRequest, "rest_invalid_param", "params/posts/terms-invalid: "+p+"=<not an id>: 400 rest_invalid_param")
	}
}

func paramsTerms(s *Suite, t T) {
	f := s.fixture(t, "post")
	anon := s.as(anonymous)
	empty := idOf(s.create(t, nil, "/wp/v2/tags", map[string]any{"name": s.name("tag-empty")}))
	tags := func(kv ...any) *Result {
		return anon.get(t, pathQuery("/wp/v2/tags", append([]any{"search", s.name("tag")}, kv...)...))
	}
	wantIDs(t, tags(), []int{f.tag, empty}, "params/tags/search: tags search= matches names containing the term (ordered by name)")
	wantIDs(t, tags("hide_empty", "true"), []int{f.tag}, "params/tags/hide-empty-true: hide_empty=true leaves out tags no published post uses")
	wantIDs(t, tags("hide_empty", "false"), []int{f.tag, empty}, "params/tags/hide-empty-false: hide_empty=false lists unused tags too")
	wantIDs(t, tags("order", "desc"), []int{empty, f.tag}, "params/tags/order-desc: order=desc reverses the name order")
	wantIDs(t, tags("orderby", "count", "order", "desc"), []int{f.tag, empty}, "params/tags/orderby-count: orderby=count sorts by the number of posts")
	wantIDs(t, tags("orderby", "id", "order", "desc"), []int{empty, f.tag}, "params/tags/orderby-id: orderby=id sorts by id")
	wantIDs(t, tags("offset", 1), []int{empty}, "params/tags/offset: offset= skips that many tags")
	wantIDs(t, tags("exclude", f.tag), []int{empty}, "params/tags/exclude: exclude= leaves those ids out")
	wantIDs(t, anon.get(t, pathQuery("/wp/v2/tags", "include", joinIDs(empty, f.tag), "orderby", "include")), []int{empty, f.tag},
		"params/tags/orderby-include: orderby=include keeps the order of the include list")
	wantIDs(t, anon.get(t, pathQuery("/wp/v2/tags", "slug", s.name("tag-empty"))), []int{empty}, "params/tags/slug: slug= finds the tag with that slug")
	wantIDs(t, anon.get(t, fmt.Sprintf("/wp/v2/tags?post=%d", f.post)), []int{f.tag}, "params/tags/post: post= lists the tags of that post")
	wantIDs(t, anon.get(t, fmt.Sprintf("/wp/v2/categories?post=%d", f.post)), []int{f.cat}, "params/categories/post: post= lists the categories of that post")
	wantIDs(t, anon.get(t, fmt.Sprintf("/wp/v2/categories?parent=%d", f.cat)), []int{f.child}, "params/categories/parent: parent= lists the children of that category")
	both := joinIDs(f.child, f.cat)
	wantIDs(t, anon.get(t, pathQuery("/wp/v2/categories", "include", both, "parent", 0)), []int{f.cat}, "params/categories/parent-zero: parent=0 lists only top-level categories")
	wantIDs(t, anon.get(t, pathQuery("/wp/v2/categories", "include", both)), []int{f.cat, f.child}, "params/categories/include: categories include= (ordered by name)")
	wantIDs(t, anon.get(t, pathQuery("/wp/v2/categories", "include", both, "hide_empty", "true")), []int{f.cat}, "params/categories/hide-empty-true: hide_empty=true leaves out unused categories")
	wantIDs(t, anon.get(t, pathQuery("/wp/v2/categories", "search", s.name("chi"))), []int{f.child}, "params/categories/search: categories search= matches names containing the term")
	r := anon.get(t, "/wp/v2/tags?post="+missingID)
	wantError(t, r, http.StatusBadRequest, "rest_post_invalid_id", "params/tags/post-missing: tags?post=<no such post>: 400 rest_post_invalid_id")
	wantValue(t, r, "message", "Invalid post ID.", "params/tags/post-missing: tags?post=<no such post>: message \"Invalid post ID.\"")
}

func paramsUsers(s *Suite, t T) {
	needWrites(s, t)
	admin, anon := s.as(s.admin()), s.as(anonymous)
	base := s.name("who")
	mk := func(tag, role, name, site string) int {
		login := base + "-" + tag
		return idOf(s.create(t, nil, "/wp/v2/users", map[string]any{"username": login, "email": login + "@example.com",
			"password": randomPassword(), "roles": []string{role}, "name": base + " " + name, "url": site}))
	}
	ua, us, ue := mk("a", "author", "Carol", "http://c.example"), mk("s", "subscriber", "Alice", "http://a.example"), mk("e", "editor", "Bob", "http://b.example")
	L := func(kv ...any) *Result {
		return admin.get(t, pathQuery("/wp/v2/users", append([]any{"search", base}, kv...)...))
	}
	wantIDs(t, L(), []int{us, ue, ua}, "params/users/search: users search= matches login, name, slug, email and URL (ordered by name)")
	wantIDs(t, L("roles", "author"), []int{ua}, "params/users/roles: roles= keeps users with that role")
	wantIDs(t, L("roles", "author,editor"), []int{ue, ua}, "params/users/roles-list: roles=a,b keeps users with any of the roles")
	wantIDs(t, L("who", "authors"), []int{ue, ua}, "params/users/who-authors: who=authors keeps users who can write (contributor and up), not subscribers")
	wantIDs(t, L("order", "desc"), []int{ua, ue, us}, "params/users/order-desc: order=desc reverses the name order")
	wantIDs(t, L("orderby", "id"), []int{ua, us, ue}, "params/users/orderby-id: orderby=id sorts by id (ascending by default)")
	wantIDs(t, L("orderby", "slug", "order", "desc"), []int{us, ue, ua}, "params/users/orderby-slug: orderby=slug sorts by slug")
	wantIDs(t, L("offset", 2), []int{ua}, "params/users/offset: offset= skips that many users")
	wantIDs(t, L("exclude", us), []int{ue, ua}, "params/users/exclude: exclude= leaves those ids out")
	wantIDs(t, admin.get(t, pathQuery("/wp/v2/users", "include", joinIDs(ue, ua, us), "orderby", "include")), []int{ue, ua, us},
		"params/users/orderby-include: orderby=include keeps the order of the include list")
	wantIDs(t, admin.get(t, pathQuery("/wp/v2/users", "slug", base+"-e")), []int{ue}, "params/users/slug: slug= finds the user with that slug")
	wantIDs(t, admin.get(t, "/wp/v2/users?slug[]="+base+"-s&slug[]="+base+"-a&orderby=slug"), []int{ua, us},
		"params/users/slug-list: slug[]=a&slug[]=b finds the users with any of the slugs")
	wantIDs(t, admin.get(t, pathQuery("/wp/v2/users", "slug", base+"-s,"+base+"-a , "+base+"-e", "orderby", "slug", "order", "desc")), []int{us, ue, ua},
		"params/users/slug-list: slug=a,b , c (a comma-separated list, spaces trimmed) finds the users with any of the slugs")
	wantIDs(t, admin.get(t, pathQuery("/wp/v2/users", "slug", base+"-e,"+base+"-a,"+base+"-s", "orderby", "include_slugs")), []int{ue, ua, us},
		"params/users/orderby-include-slugs: orderby=include_slugs keeps the order of the slug list")
	wantIDs(t, L("orderby", "email"), []int{ua, ue, us}, "params/users/orderby-email: orderby=email sorts by email (for those who may list users)")
	wantIDs(t, L("orderby", "url"), []int{us, ue, ua}, "params/users/orderby-url: orderby=url sorts by the user's URL")
	wantIDs(t, L("orderby", "url", "order", "desc"), []int{ua, ue, us}, "params/users/orderby-url: orderby=url&order=desc reverses it")
	wantIDs(t, admin.get(t, pathQuery("/wp/v2/users", "include", joinIDs(ua, us))), []int{us, ua}, "params/users/include: include= limits the list to those users, ordered by name")
	wantIDs(t, L("offset", 1, "per_page", 1, "page", 3), []int{ue}, "params/users/offset-over-page: with offset=, page= is ignored")
	wantIDs(t, admin.get(t, pathQuery("/wp/v2/users", "search", base+"-nobody")), nil, "params/users/search: a search nothing matches lists nothing")
	wantIDs(t, L("roles", "wpcontract-steak,author"), []int{ua}, "params/users/roles-unknown: a role that does not exist matches no one, the others still do")
	wantIDs(t, L("roles", "wpcontract-steak"), nil, "params/users/roles-unknown: only roles that do not exist: an empty list")
	wantIDs(t, L("capabilities", "edit_posts"), []int{ue, ua}, "params/users/capabilities: capabilities= keeps users who have them")
	wantIDs(t, L("capabilities", "wpcontract_steak"), nil, "params/users/capabilities-unknown: a capability no one has: an empty list")
	// a draft does not make a user public
	s.create(t, nil, "/wp/v2/posts", map[string]any{"title": base + " draft by the editor", "status": "draft", "author": ue})
	wantError(t, anon.get(t, fmt.Sprintf("/wp/v2/users/%d", ue)), http.StatusUnauthorized, "rest_user_cannot_view",
		"lifecycle/users/anonymous-401-without-posts: a user whose only post is a draft is not readable anonymously: 401 rest_user_cannot_view")
	wantIDs(t, anon.get(t, pathQuery("/wp/v2/users", "include", joinIDs(ua, us, ue))), nil,
		"params/users/anonymous-authors-only: anonymous readers see only users with published posts (none of these has one)")
	s.create(t, nil, "/wp/v2/posts", map[string]any{"title": base + " by the author", "status": "publish", "author": ua})
	wantIDs(t, anon.get(t, pathQuery("/wp/v2/users", "include", joinIDs(ua, us, ue))), []int{ua},
		"params/users/anonymous-authors-only: anonymous readers see a user once they have a published post")
	wantStatus(t, anon.get(t, fmt.Sprintf("/wp/v2/users/%d", ua)), http.StatusOK, "lifecycle/users/anonymous-read-author: a user with a published post is readable anonymously")
	for _, c := range []struct{ query, code, msg string }{
		{"roles=author", "rest_user_cannot_view", "Sorry, you are not allowed to filter users by role."},
		{"capabilities=read", "rest_user_cannot_view", "Sorry, you are not allowed to filter users by capability."},
		{"who=authors", "rest_forbidden_who", "Sorry, you are not allowed to query users by this parameter."},
		{"orderby=email", "rest_forbidden_orderby", "Sorry, you are not allowed to order users by this parameter."},
		{"orderby=registered_date", "rest_forbidden_orderby", "Sorry, you are not allowed to order users by this parameter."},
	} {
		r := anon.get(t, "/wp/v2/users?"+c.query)
		if wantError(t, r, http.StatusUnauthorized, c.code, "params/users/anonymous-"+routeSlug(c.query)+": users?"+c.query+" anonymous: 401 "+c.code+" (needs list_users / edit_posts)") {
			wantValue(t, r, "message", c.msg, "params/users/anonymous-"+routeSlug(c.query)+"-message: users?"+c.query+" anonymous: WordPress's message")
		}
	}
}

func paramsMedia(s *Suite, t T) {
	f := s.fixture(t, "media", "post")
	admin, anon := s.as(s.admin()), s.as(anonymous)
	txt := s.upload(t, nil, s.name("readme")+".txt", "text/plain", []byte("wpcontract\n"), "")
	att := s.upload(t, nil, s.name("child")+".png", "image/png", pngBytes, fmt.Sprintf("post=%d", f.post))
	if !wantStatus(t, txt, http.StatusCreated, "writes/media/upload: uploading a text file answers 201") || !wantStatus(t, att, http.StatusCreated, "writes/media/upload: uploading a PNG attached to a post answers 201") {
		return
	}
	all := joinIDs(f.media, idOf(txt), idOf(att))
	L := func(kv ...any) *Result {
		return anon.get(t, pathQuery("/wp/v2/media", append([]any{"include", all}, kv...)...))
	}
	wantIDSet(t, L("media_type", "image"), []int{f.media, idOf(att)}, "params/media/media-type-image: media_type=image keeps images")
	wantIDs(t, L("media_type", "text"), []int{idOf(txt)}, "params/media/media-type-text: media_type=text keeps text/* files")
	wantIDs(t, L("mime_type", "text/plain"), []int{idOf(txt)}, "params/media/mime-type: mime_type= keeps files of that exact MIME type")
	wantIDs(t, L("parent", f.post), []int{idOf(att)}, "params/media/parent: parent= keeps attachments of that post")
	wantIDSet(t, L("parent", 0), []int{f.media, idOf(txt)}, "params/media/parent-zero: parent=0 keeps unattached files")
	wantIDSet(t, L("parent_exclude", f.post), []int{f.media, idOf(txt)}, "params/media/parent-exclude: parent_exclude= leaves out attachments of that post")
	wantIDs(t, anon.get(t, pathQuery("/wp/v2/media", "search", s.name("readme"))), []int{idOf(txt)}, "params/media/search: media search= matches the title")
	wantIDs(t, L("orderby", "id", "order", "asc"), []int{f.media, idOf(txt), idOf(att)}, "params/media/orderby-id: orderby=id&order=asc sorts by id")
	wantIDs(t, admin.get(t, pathQuery("/wp/v2/media", "include", all, "status", "private")), nil, "params/media/status-private: status=private (admin) leaves out inherit attachments")
	r := anon.get(t, "/wp/v2/media?status=private")
	wantError(t, r, http.StatusBadRequest, "rest_invalid_param", "params/media/status-forbidden: media status other than inherit, anonymous: 400 rest_invalid_param (Status is forbidden.)")
}

func paramsRevisions(s *Suite, t T) {
	needWrites(s, t)
	admin := s.as(s.admin())
	p := idOf(s.create(t, nil, "/wp/v2/posts", map[string]any{"title": s.name("revs"), "content": "r0", "status": "publish"}))
	for i := 1; i <= 3; i++ {
		admin.send(t, http.MethodPost, fmt.Sprintf("/wp/v2/posts/%d", p), map[string]any{"content": fmt.Sprintf("r%d", i)})
	}
	path := fmt.Sprintf("/wp/v2/posts/%d/revisions", p)
	all := idsIn(admin.get(t, path))
	if !check(t, nil, len(all) == 3, "revisions/posts/made-on-update: three content updates make three revisions", "%d revisions", len(all)) {
		return
	}
	asc := append([]int(nil), all...)
	sort.Ints(asc)
	wantIDs(t, admin.get(t, path+"?order=asc"), reversed(all), "params/revisions/order-asc: revisions order=asc gives the oldest first")
	wantIDs(t, admin.get(t, path+"?orderby=id&order=asc"), asc, "params/revisions/orderby-id: revisions orderby=id sorts by id")
	wantIDs(t, admin.get(t, fmt.Sprintf("%s?include=%d", path, all[1])), []int{all[1]}, "params/revisions/include: revisions include= limits to those ids")
	wantIDs(t, admin.get(t, fmt.Sprintf("%s?exclude=%d", path, all[1])), []int{all[0], all[2]}, "params/revisions/exclude: revisions exclude= leaves those ids out")
	wantIDs(t, admin.get(t, path+"?per_page=1&page=2"), []int{all[1]}, "params/revisions/per-page-page: revisions per_page and page select a slice")
	wantIDs(t, admin.get(t, path+"?offset=1&per_page=10"), all[1:], "params/revisions/offset: revisions offset= (with per_page) skips that many")
	wantIDs(t, admin.get(t, path+"?offset=1"), all, "params/revisions/offset-needs-per-page: revisions offset= without per_page is ignored: all revisions are listed (no paging)")
	r := admin.get(t, path+"?orderby=relevance")
	wantError(t, r, http.StatusBadRequest, "rest_no_search_term_defined", "params/revisions/orderby-relevance: revisions orderby=relevance without search: 400 rest_no_search_term_defined")
	for _, q := range []string{"?offset=3", "?offset=3&per_page=2", "?offset=4&per_page=2", "?offset=" + missingID + "&per_page=2"} {
		r = admin.get(t, path+q)
		wantError(t, r, http.StatusBadRequest, "rest_revision_invalid_offset_number", "params/revisions/offset-past-end: revisions offset >= total: 400 rest_revision_invalid_offset_number")
	}
	wantError(t, admin.get(t, path+"?offset=moreplease&per_page=2"), http.StatusBadRequest, "rest_invalid_param",
		"params/revisions/offset-invalid: revisions offset that is not a number: 400 rest_invalid_param")
	wantError(t, admin.get(t, path+"?per_page=-1"), http.StatusBadRequest, "rest_invalid_param",
		"params/revisions/per-page-invalid: revisions per_page below 1: 400 rest_invalid_param")
	for _, q := range []string{"?offset=1&per_page=2&page=1", "?offset=1&per_page=2&page=3"} {
		wantIDs(t, admin.get(t, path+q), all[1:], "params/revisions/offset-over-page: with offset=, page= is ignored (even past the last page)")
	}
	r = admin.get(t, path+"?search=r2")
	check(t, r, len(r.list()) == 1 && strings.Contains(textAt(r, "0.content.rendered"), "r2"), "params/revisions/search: revisions search= finds the revision with the words",
		"%d revisions: %v", len(r.list()), resultIDs(r))
}

// wantInvalid checks a 400 rest_invalid_param for one parameter: message, params and
// details exactly as WordPress builds them.
func wantInvalid(t T, r *Result, param, code, msg string, data any, rule string) {
	t.Helper()
	wantValue(t, r, "", map[string]any{"code": "rest_invalid_param", "message": "Invalid parameter(s): " + param,
		"data": map[string]any{"status": 400, "params": map[string]any{param: msg},
			"details": map[string]any{param: map[string]any{"code": code, "message": msg, "data": data}}}}, rule)
	id, text := splitRule(rule)
	wantStatus(t, r, http.StatusBadRequest, id+": "+text+": status 400")
}

// mediaTypeEnumError is the message for a media_type outside its enum: from 6.9 the
// argument is an array, and the item is named media_type[0].
var mediaTypeEnumError = fact("media_type is not one of image, video, text, application, and audio.",
	from(wp69, "media_type[0] is not one of image, video, text, application, and audio."))

const orderbyPosts = "author, date, id, include, modified, parent, relevance, slug, include_slugs, and title"

// paramsStatusValidation checks the posts list's status argument refusing a status
// WordPress does not have: its enum is every status (get_post_stati), the site's own
// included, and any.
func paramsStatusValidation(s *Suite, t T) {
	admin := s.as(s.admin())
	for _, c := range []struct{ path, rule string }{
		{"/wp/v2/posts?status=nope", "an unknown status (admin): the item is named status[0]"},
		{"/wp/v2/posts?status[]=draft&status[]=nonsense", "posts: an unknown status in a status[] list is still named status[0]"},
	} {
		rule := "params/invalid/status-not_in_enum: GET " + c.path + ": 400 rest_invalid_param: " + c.rule
		enum, note, ok, why := s.withOwnStatuses(t, listStatuses)
		if !ok {
			skipRule(t, rule, why)
			continue
		}
		wantInvalid(t, admin.get(t, c.path), "status", "rest_not_in_enum", "status[0] is not one of "+wpList(enum)+".", nil, rule+" "+note)
	}
}

func paramsValidation(s *Suite, t T) {
	anon, admin := s.as(anonymous), s.as(s.admin())
	typeErr := func(p string) map[string]any { return map[string]any{"param": p} }
	if !s.anonymousOnly {
		paramsStatusValidation(s, t) // first: the rule's text names the site's statuses
	}
	for _, c := range []struct {
		acc         *client
		path, param string
		code, msg   string
		data        any
		rule        string
	}{
		{anon, "/wp/v2/posts?order=ASC", "order", "rest_not_in_enum", "order is not one of asc and desc.", nil, "enums compare exactly: order=ASC is invalid"},
		{anon, "/wp/v2/posts?orderby=nope", "orderby", "rest_not_in_enum", "orderby is not one of " + orderbyPosts + ".", nil, "orderby outside its enum"},
		{anon, "/wp/v2/posts?context=foo", "context", "rest_not_in_enum", "context is not one of view, embed, and edit.", nil, "context outside its enum"},
		{anon, "/wp/v2/users?who=nope", "who", "rest_not_in_enum", "who is not authors.", nil, "an enum of one value: \"x is not <value>.\""},
		{anon, "/wp/v2/media?media_type=nope", "media_type", "rest_not_in_enum", mediaTypeEnumError.at(s.wp), nil, "media_type outside its enum"},
		{anon, "/wp/v2/posts?per_page=0", "per_page", "rest_out_of_bounds", "per_page must be between 1 (inclusive) and 100 (inclusive)", nil, "per_page below 1 (no trailing period)"},
		{anon, "/wp/v2/tags?per_page=101", "per_page", "rest_out_of_bounds", "per_page must be between 1 (inclusive) and 100 (inclusive)", nil, "per_page above 100"},
		{anon, "/wp/v2/posts?page=0", "page", "rest_out_of_bounds", "page must be greater than or equal to 1", nil, "page below 1"},
		{anon, "/wp/v2/users?page=-1", "page", "rest_out_of_bounds", "page must be greater than or equal to 1", nil, "a negative page"},
		{anon, "/wp/v2/posts?per_page=abc", "per_page", "rest_invalid_type", "per_page is not of type integer.", typeErr("per_page"), "a non-integer per_page"},
		{anon, "/wp/v2/posts?per_page=10.5", "per_page", "rest_invalid_type", "per_page is not of type integer.", typeErr("per_page"), "a fractional integer"},
		{anon, "/wp/v2/posts?include=a,b", "include", "rest_invalid_type", "include[0] is not of type integer.", typeErr("include[0]"), "a list item of the wrong type is named include[0]"},
		{anon, "/wp/v2/posts?sticky=maybe", "sticky", "rest_invalid_type", "sticky is not of type boolean.", typeErr("sticky"), "a boolean must be true, false, 1 or 0"},
		{anon, "/wp/v2/tags?hide_empty=maybe", "hide_empty", "rest_invalid_type", "hide_empty is not of type boolean.", typeErr("hide_empty"), "hide_empty must be a boolean"},
		{anon, "/wp/v2/categories?parent=x", "parent", "rest_invalid_type", "parent is not of type integer.", typeErr("parent"), "parent must be an integer"},
		{anon, "/wp/v2/posts?after=notadate", "after", "rest_invalid_date", "Invalid date.", nil, "after must be an RFC 3339 date"},
		{anon, "/wp/v2/posts?before=2021-13-45", "before", "rest_invalid_date", "Invalid date.", nil, "before must be a valid date"},
		{anon, "/wp/v2/tags?include=myterm", "include", "rest_invalid_type", "include[0] is not of type integer.", typeErr("include[0]"), "tags: include= takes ids"},
		{anon, "/wp/v2/tags?exclude=invalid", "exclude", "rest_invalid_type", "exclude[0] is not of type integer.", typeErr("exclude[0]"), "tags: exclude= takes ids"},
		{anon, "/wp/v2/tags?offset=moreplease", "offset", "rest_invalid_type", "offset is not of type integer.", typeErr("offset"), "tags: offset must be an integer"},
		{anon, "/wp/v2/tags?orderby=invalid", "orderby", "rest_not_in_enum", "orderby is not one of id, include, name, slug, include_slugs, term_group, description, and count.", nil, "tags: orderby outside its enum"},
		{anon, "/wp/v2/tags?post=invalid-post", "post", "rest_invalid_type", "post is not of type integer.", typeErr("post"), "tags: post must be an id"},
		{anon, "/wp/v2/tags?context=banana", "context", "rest_not_in_enum", "context is not one of view, embed, and edit.", nil, "tags: context outside its enum"},
		{anon, "/wp/v2/categories?page=0", "page", "rest_out_of_bounds", "page must be greater than or equal to 1", nil, "categories: page below 1"},
		{anon, "/wp/v2/users?order=asc,id", "order", "rest_not_in_enum", "order is not one of asc and desc.", nil, "users: order is one word"},
		{anon, "/wp/v2/users?orderby=invalid", "orderby", "rest_not_in_enum", "orderby is not one of id, include, name, registered_date, slug, include_slugs, email, and url.", nil, "users: orderby outside its enum"},
		{anon, "/wp/v2/users?offset=moreplease", "offset", "rest_invalid_type", "offset is not of type integer.", typeErr("offset"), "users: offset must be an integer"},
		{anon, "/wp/v2/users?include=invalid", "include", "rest_invalid_type", "include[0] is not of type integer.", typeErr("include[0]"), "users: include= takes ids"},
		{anon, "/wp/v2/users?exclude=none-of-those-please", "exclude", "rest_invalid_type", "exclude[0] is not of type integer.", typeErr("exclude[0]"), "users: exclude= takes ids"},
		{anon, "/wp/v2/posts?author_exclude=invalid", "author_exclude", "rest_invalid_type", "author_exclude[0] is not of type integer.", typeErr("author_exclude[0]"), "posts: author_exclude= takes ids"},
		{anon, "/wp/v2/posts?exclude=invalid", "exclude", "rest_invalid_type", "exclude[0] is not of type integer.", typeErr("exclude[0]"), "posts: exclude= takes ids"},
		{anon, "/wp/v2/posts?order=asc,id", "order", "rest_not_in_enum", "order is not one of asc and desc.", nil, "posts: order is one word"},
		{anon, "/wp/v2/posts?offset=moreplease", "offset", "rest_invalid_type", "offset is not of type integer.", typeErr("offset"), "posts: offset must be an integer"},
		{anon, "/wp/v2/posts?modified_after=foo", "modified_after", "rest_invalid_date", "Invalid date.", nil, "posts: modified_after must be a date"},
		{admin, "/wp/v2/media?status=publish", "status", "rest_not_in_enum", "status[0] is not one of inherit, private, and trash.", nil, "media: statuses are inherit, private and trash"},
		{anon, "/wp/v2/media?after=foo", "after", "rest_invalid_date", "Invalid date.", nil, "media: after must be a date"},
		{anon, "/wp/v2/media?modified_after=foo", "modified_after", "rest_invalid_date", "Invalid date.", nil, "media: modified_after must be a date"},
	} {
		if c.acc != anon && s.anonymousOnly {
			continue // needs the administrator
		}
		wantInvalid(t, c.acc.get(t, c.path), c.param, c.code, c.msg, c.data, "params/invalid/"+c.param+"-"+strings.TrimPrefix(c.code, "rest_")+": GET "+c.path+": 400 rest_invalid_param: "+c.rule)
	}
	for _, ok := range []string{"per_page=10.0", "sticky=TRUE", "sticky=0", "after=2021-01-01T00:00:00Z", "after=2021-01-01 00:00:00", "include[]=1&include[]=2", "foo=bar"} {
		r := anon.get(t, "/wp/v2/posts?"+ok+"&search="+s.name("none"))
		wantStatus(t, r, http.StatusOK, "params/validation/accepted-forms: GET /wp/v2/posts?"+ok+" is valid (integers equal to their rounding, booleans in any case, dates with a space or Z, x[]= lists, unknown parameters ignored)")
	}
	r := anon.get(t, "/wp/v2/posts?per_page=0&context=foo")
	wantValue(t, r, "message", "Invalid parameter(s): context, per_page", "params/validation/all-reported: several invalid parameters are all reported, in the order the route declares them")
	wantKeys(t, r, "data.params", []string{"context", "per_page"}, "params/validation/all-reported: several invalid parameters: one entry each in data.params")
	r = anon.get(t, "/wp/v2/posts?per_page=0&order=ASC")
	wantValue(t, r, "data.params", map[string]any{"per_page": "per_page must be between 1 (inclusive) and 100 (inclusive)"},
		"params/validation/validate-before-sanitize: validation errors (per_page) are reported before sanitizing errors (order's enum), which are then not reported")
	for _, path := range []string{"/wp/v2/posts", "/wp/v2/media", "/wp/v2/tags", "/wp/v2/posts/1/revisions"} {
		if path == "/wp/v2/posts/1/revisions" {
			continue // depends on post 1; checked on a created post in the revisions subtest
		}
		r = anon.get(t, path+"?orderby=relevance")
		if path == "/wp/v2/tags" {
			wantInvalid(t, r, "orderby", "rest_not_in_enum", "orderby is not one of id, include, name, slug, include_slugs, term_group, description, and count.", nil,
				"params/validation/tags-no-relevance: tags have no relevance order: 400 rest_invalid_param")
			continue
		}
		wantValue(t, r, "", map[string]any{"code": "rest_no_search_term_defined", "message": "You need to define a search term to order by relevance.",
			"data": map[string]any{"status": 400}}, "params/orderby-relevance/"+routeSlug(path)+": GET "+path+"?orderby=relevance without search: 400 rest_no_search_term_defined")
	}
	for _, path := range []string{"/wp/v2/posts", "/wp/v2/media"} {
		r = anon.get(t, path+"?orderby=include")
		wantValue(t, r, "", map[string]any{"code": "rest_orderby_include_missing_include", "message": "You need to define an include parameter to order by include.",
			"data": map[string]any{"status": 400}}, "params/orderby-include/"+routeSlug(path)+": GET "+path+"?orderby=include without include: 400 rest_orderby_include_missing_include")
	}
	for _, c := range []struct{ path, code, msg string }{
		{"/wp/v2/posts", "rest_forbidden_context", "Sorry, you are not allowed to edit posts in this post type."},
		{"/wp/v2/media", "rest_forbidden_context", "Sorry, you are not allowed to edit posts in this post type."},
		{"/wp/v2/users", "rest_forbidden_context", "Sorry, you are not allowed to edit users."},
		{"/wp/v2/tags", "rest_forbidden_context", "Sorry, you are not allowed to edit terms in this taxonomy."},
		{"/wp/v2/categories", "rest_forbidden_context", "Sorry, you are not allowed to edit terms in this taxonomy."},
		{"/wp/v2/types", "rest_cannot_view", "Sorry, you are not allowed to edit posts in this post type."},
		{"/wp/v2/taxonomies", "rest_cannot_view", "Sorry, you are not allowed to manage terms in this taxonomy."},
		{"/wp/v2/statuses", "rest_cannot_view", "Sorry, you are not allowed to manage post statuses."},
		{"/wp/v2/types/post", "rest_forbidden_context", "Sorry, you are not allowed to edit posts in this post type."},
		{"/wp/v2/taxonomies/category", "rest_forbidden_context", "Sorry, you are not allowed to manage terms in this taxonomy."},
	} {
		r = anon.get(t, c.path+"?context=edit")
		if wantError(t, r, http.StatusUnauthorized, c.code, "params/edit-context/"+routeSlug(c.path)+"-401: GET "+c.path+"?context=edit anonymous: 401 "+c.code) {
			wantValue(t, r, "message", c.msg, "params/edit-context/"+routeSlug(c.path)+"-message: GET "+c.path+"?context=edit anonymous: WordPress's message")
		}
	}
	if s.cfg.ReadOnly {
		return
	}
	f := s.fixture(t, "post", "media")
	for _, c := range []struct{ path, msg string }{
		{fmt.Sprintf("/wp/v2/posts/%d", f.post), "Sorry, you are not allowed to edit this post."},
		{fmt.Sprintf("/wp/v2/media/%d", f.media), "Sorry, you are not allowed to edit this post."},
		{fmt.Sprintf("/wp/v2/tags/%d", f.tag), "Sorry, you are not allowed to edit this term."},
		{fmt.Sprintf("/wp/v2/categories/%d", f.cat), "Sorry, you are not allowed to edit this term."},
		{fmt.Sprintf("/wp/v2/users/%d", f.admin), "Sorry, you are not allowed to edit this user."},
	} {
		r = anon.get(t, c.path+"?context=edit")
		if wantError(t, r, http.StatusUnauthorized, "rest_forbidden_context", "params/edit-context/"+strings.Split(c.path, "/")[3]+"-item-401: GET "+c.path+"?context=edit anonymous: 401 rest_forbidden_context") {
			wantValue(t, r, "message", c.msg, "params/edit-context/"+strings.Split(c.path, "/")[3]+"-item-message: GET "+c.path+"?context=edit anonymous: WordPress's message")
		}
	}
}
