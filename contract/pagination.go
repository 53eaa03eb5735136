package contract

import (
	"fmt"
	"net/http"
	"strings"
)

// The pagination group: X-WP-Total and X-WP-TotalPages, the Link header's prev/next
// URLs exactly as WordPress builds them (the request's query parameters, after
// sanitizing, in their order, with page replaced in place or appended), and what a
// page past the end gives: 400 for posts, media and revisions, 200 [] for users and
// terms. Types, taxonomies and statuses are not paged and send no totals.

// wantTotals checks X-WP-Total and X-WP-TotalPages.
func wantTotals(t T, r *Result, total, pages int, what string) {
	t.Helper()
	wantHeader(t, r, "X-WP-Total", fmt.Sprint(total), "pagination/total: "+what+": X-WP-Total is the number of matching items ("+fmt.Sprint(total)+")")
	wantHeader(t, r, "X-WP-TotalPages", fmt.Sprint(pages), "pagination/total-pages: "+what+": X-WP-TotalPages is ceil(total / per_page) ("+fmt.Sprint(pages)+")")
}

// wantPageLinks checks the Link header: prev and next (routes relative to the API
// root; "" for none). Without either, the header must not carry rel="prev"/"next".
// The client sends query parameters sorted by name (url.Values.Encode), so every query
// here is written in that order: what is written is what WordPress received.
func wantPageLinks(s *Suite, t T, r *Result, prev, next, what string) {
	t.Helper()
	var parts []string
	if prev != "" {
		parts = append(parts, "<"+s.url(prev)+`>; rel="prev"`)
	}
	if next != "" {
		parts = append(parts, "<"+s.url(next)+`>; rel="next"`)
	}
	if len(parts) == 0 {
		got := strings.Join(r.Header.Values("Link"), ", ")
		check(t, r, !strings.Contains(got, `rel="prev"`) && !strings.Contains(got, `rel="next"`),
			"pagination/single-page-no-links: "+what+": a single page has no prev or next link", "Link: %s", got)
		return
	}
	wantHeader(t, r, "Link", strings.Join(parts, ", "), "pagination/links: "+what+": Link is <url>; rel=\"prev\", <url>; rel=\"next\" with every query parameter kept and page replaced")
}

func init() {
	register("pagination", false, func(s *Suite, t T) {
		t.Run("tags", func(t T) { pagingTerms(s, t) })
		t.Run("posts", func(t T) { pagingPosts(s, t) })
		t.Run("media", func(t T) { pagingMedia(s, t) })
		t.Run("users", func(t T) { pagingUsers(s, t) })
		t.Run("revisions", func(t T) { pagingRevisions(s, t) })
		t.Run("not paged", func(t T) {
			for _, p := range []string{"/wp/v2/types", "/wp/v2/taxonomies", "/wp/v2/statuses"} {
				r := s.as(anonymous).get(t, p)
				_, total := r.Header["X-Wp-Total"]
				_, pages := r.Header["X-Wp-Totalpages"]
				check(t, r, r.Status == http.StatusOK && !total && !pages, "pagination/not-paged: "+p+" is not paged: no X-WP-Total or X-WP-TotalPages header",
					"%d, X-WP-Total %q, X-WP-TotalPages %q", r.Status, r.Header.Get("X-WP-Total"), r.Header.Get("X-WP-TotalPages"))
			}
		})
	})
}

func pagingTerms(s *Suite, t T) {
	needWrites(s, t)
	anon := s.as(anonymous)
	base := s.name("pg")
	var tags []int
	for _, c := range "abcde" {
		tags = append(tags, idOf(s.create(t, nil, "/wp/v2/tags", map[string]any{"name": base + "-" + string(c)})))
	}
	p := func(query string) string { return "/wp/v2/tags?" + query }
	r := anon.get(t, p("per_page=2&search="+base))
	wantIDs(t, r, tags[:2], "pagination/tags/page-items: tags page 1 of 3")
	wantTotals(t, r, 5, 3, "tags page 1")
	wantPageLinks(s, t, r, "", p("per_page=2&search="+base+"&page=2"), "tags page 1 (page appended when absent)")
	r = anon.get(t, p("page=2&per_page=2&search="+base))
	wantIDs(t, r, tags[2:4], "pagination/tags/page-items: tags page 2 of 3")
	wantTotals(t, r, 5, 3, "tags page 2")
	wantPageLinks(s, t, r, p("page=1&per_page=2&search="+base), p("page=3&per_page=2&search="+base), "tags page 2 (page replaced in place)")
	r = anon.get(t, p("page=3&per_page=2&search="+base))
	wantIDs(t, r, tags[4:], "pagination/tags/page-items: tags last page")
	wantPageLinks(s, t, r, p("page=2&per_page=2&search="+base), "", "tags last page (no next)")
	r = anon.get(t, p("page=9&per_page=2&search="+base))
	check(t, r, r.Status == http.StatusOK && string(r.Body) == "[]", "pagination/tags/past-end-empty: tags: a page past the end is 200 [] (no error)", "%d %s", r.Status, clip(r.Body, 100))
	wantTotals(t, r, 5, 3, "tags past the end")
	wantPageLinks(s, t, r, p("page=3&per_page=2&search="+base), "", "tags past the end: prev points at the last page")
	r = anon.get(t, p("search="+base))
	wantTotals(t, r, 5, 1, "tags, one page")
	wantPageLinks(s, t, r, "", "", "tags, one page")
	r = anon.get(t, p("include="+joinIDs(tags[0], tags[1], tags[2])+"&orderby=id&page=2&per_page=2"))
	wantPageLinks(s, t, r, p(fmt.Sprintf("include%%5B0%%5D=%d&include%%5B1%%5D=%d&include%%5B2%%5D=%d&orderby=id&page=1&per_page=2", tags[0], tags[1], tags[2])), "",
		"tags with include=a,b,c: the link carries the sanitized list as include[0]=…&include[1]=… (URL-encoded brackets)")
	r = anon.get(t, p("offset=1&per_page=2&search="+base))
	wantIDs(t, r, tags[1:3], "pagination/tags/offset: tags offset= skips that many items")
	wantTotals(t, r, 5, 3, "tags with offset (totals ignore the offset)")
	r = anon.get(t, p("page=2&search="+base+"-none"))
	check(t, r, r.Status == http.StatusOK && string(r.Body) == "[]", "pagination/tags/no-match-empty: tags with no match, page 2: 200 []", "%d %s", r.Status, clip(r.Body, 100))
	wantTotals(t, r, 0, 0, "tags with no match")
	wantPageLinks(s, t, r, p("page=0&search="+base+"-none"), "", "tags with no match, page 2: prev is capped at the page count, page=0")
	var cats []int
	for _, c := range "abc" {
		cats = append(cats, idOf(s.create(t, nil, "/wp/v2/categories", map[string]any{"name": base + "-cat-" + string(c)})))
	}
	r = anon.get(t, "/wp/v2/categories?page=2&per_page=2&search="+base+"-cat")
	wantIDs(t, r, cats[2:], "pagination/categories/page-items: categories page 2 of 2")
	wantTotals(t, r, 3, 2, "categories page 2")
	wantPageLinks(s, t, r, "/wp/v2/categories?page=1&per_page=2&search="+base+"-cat", "", "categories page 2")
	r = anon.get(t, "/wp/v2/categories?page=3&per_page=2&search="+base+"-cat")
	check(t, r, r.Status == http.StatusOK && string(r.Body) == "[]", "pagination/categories/past-end-empty: categories: a page past the end is 200 []", "%d %s", r.Status, clip(r.Body, 100))
	wantTotals(t, r, 3, 2, "categories past the end")
}

func pagingPosts(s *Suite, t T) {
	needWrites(s, t)
	anon := s.as(anonymous)
	base := s.name("pgpost")
	var posts []int
	for _, d := range []string{"2022-01-03T00:00:00", "2022-01-02T00:00:00", "2022-01-01T00:00:00"} {
		posts = append(posts, idOf(s.create(t, nil, "/wp/v2/posts", map[string]any{"title": base, "status": "publish", "date": d})))
	}
	p := func(query string) string { return "/wp/v2/posts?" + query }
	r := anon.get(t, p("per_page=2&search="+base))
	wantIDs(t, r, posts[:2], "pagination/posts/page-items: posts page 1 of 2")
	wantTotals(t, r, 3, 2, "posts page 1")
	wantPageLinks(s, t, r, "", p("per_page=2&search="+base+"&page=2"), "posts page 1")
	r = anon.get(t, p("page=2&per_page=2&search="+base))
	wantIDs(t, r, posts[2:], "pagination/posts/page-items: posts page 2 of 2")
	wantTotals(t, r, 3, 2, "posts page 2")
	wantPageLinks(s, t, r, p("page=1&per_page=2&search="+base), "", "posts page 2")
	r = anon.get(t, p("page=3&per_page=2&search="+base))
	wantValue(t, r, "", map[string]any{"code": "rest_post_invalid_page_number", "message": "The page number requested is larger than the number of pages available.",
		"data": map[string]any{"status": 400}}, "pagination/posts/past-end-400: posts: a page past the end is 400 rest_post_invalid_page_number")
	wantStatus(t, r, http.StatusBadRequest, "pagination/posts/past-end-400: posts: a page past the end is 400")
	r = anon.get(t, p("page=2&search="+base+"-none"))
	check(t, r, r.Status == http.StatusOK && string(r.Body) == "[]", "pagination/posts/no-match-empty: posts with no match at all, page 2: 200 [] (the error needs a total above 0)",
		"%d %s", r.Status, clip(r.Body, 100))
	wantTotals(t, r, 0, 0, "posts with no match")
}

func pagingMedia(s *Suite, t T) {
	f := s.fixture(t, "media")
	anon := s.as(anonymous)
	var media []int
	for _, d := range []string{"2022-01-03T00:00:00", "2022-01-02T00:00:00"} {
		up := s.upload(t, nil, s.name("pg")+".png", "image/png", pngBytes, "date="+d)
		if !wantStatus(t, up, http.StatusCreated, "writes/media/upload: uploading a PNG answers 201") {
			return
		}
		media = append(media, idOf(up))
	}
	all := fmt.Sprintf("include%%5B0%%5D=%d&include%%5B1%%5D=%d&include%%5B2%%5D=%d", f.media, media[0], media[1])
	r := anon.get(t, fmt.Sprintf("/wp/v2/media?include=%s&orderby=id&per_page=2", joinIDs(f.media, media[0], media[1])))
	wantTotals(t, r, 3, 2, "media page 1")
	wantPageLinks(s, t, r, "", "/wp/v2/media?"+all+"&orderby=id&per_page=2&page=2", "media page 1 (include= sanitized into include[0]=…)")
	r = anon.get(t, fmt.Sprintf("/wp/v2/media?include=%s&page=3&per_page=2", joinIDs(f.media, media[0], media[1])))
	wantError(t, r, http.StatusBadRequest, "rest_post_invalid_page_number", "pagination/media/past-end-400: media: a page past the end is 400 rest_post_invalid_page_number")
}

func pagingUsers(s *Suite, t T) {
	needWrites(s, t)
	admin := s.as(s.admin())
	base := s.name("pgu")
	var users []int
	for _, n := range []string{"A", "B", "C"} {
		login := base + "-" + strings.ToLower(n)
		users = append(users, idOf(s.create(t, nil, "/wp/v2/users", map[string]any{"username": login, "email": login + "@example.com",
			"password": randomPassword(), "name": base + " " + n})))
	}
	p := func(query string) string { return "/wp/v2/users?" + query }
	r := admin.get(t, p("per_page=2&search="+base))
	wantIDs(t, r, users[:2], "pagination/users/page-items: users page 1 of 2")
	wantTotals(t, r, 3, 2, "users page 1")
	wantPageLinks(s, t, r, "", p("per_page=2&search="+base+"&page=2"), "users page 1")
	r = admin.get(t, p("page=2&per_page=2&search="+base))
	wantIDs(t, r, users[2:], "pagination/users/page-items: users page 2 of 2")
	wantPageLinks(s, t, r, p("page=1&per_page=2&search="+base), "", "users page 2")
	r = admin.get(t, p("page=7&per_page=2&search="+base))
	check(t, r, r.Status == http.StatusOK && string(r.Body) == "[]", "pagination/users/past-end-empty: users: a page past the end is 200 [] (no error)", "%d %s", r.Status, clip(r.Body, 100))
	wantTotals(t, r, 3, 2, "users past the end")
	wantPageLinks(s, t, r, p("page=2&per_page=2&search="+base), "", "users past the end: prev points at the last page")
}

func pagingRevisions(s *Suite, t T) {
	needWrites(s, t)
	admin := s.as(s.admin())
	post := idOf(s.create(t, nil, "/wp/v2/posts", map[string]any{"title": s.name("pgrev"), "content": "0", "status": "publish"}))
	for i := 1; i <= 3; i++ {
		admin.send(t, http.MethodPost, fmt.Sprintf("/wp/v2/posts/%d", post), map[string]any{"content": fmt.Sprint(i)})
	}
	path := fmt.Sprintf("/wp/v2/posts/%d/revisions", post)
	r := admin.get(t, path)
	check(t, r, len(r.list()) == 3, "pagination/revisions/no-default-per-page: revisions without per_page list every revision (no default page size)", "%d items", len(r.list()))
	wantTotals(t, r, 3, 1, "revisions without per_page")
	r = admin.get(t, path+"?per_page=2")
	wantTotals(t, r, 3, 2, "revisions per_page=2")
	wantPageLinks(s, t, r, "", path+"?per_page=2&page=2", "revisions page 1")
	r = admin.get(t, path+"?page=2&per_page=2")
	wantPageLinks(s, t, r, path+"?page=1&per_page=2", "", "revisions page 2")
	r = admin.get(t, path+"?page="+missingID+"&per_page=2")
	wantError(t, r, http.StatusBadRequest, "rest_revision_invalid_page_number", "pagination/revisions/past-end-400: revisions: a page far past the end is 400 rest_revision_invalid_page_number")
	r = admin.get(t, path+"?page=3&per_page=2")
	wantValue(t, r, "", map[string]any{"code": "rest_revision_invalid_page_number", "message": "The page number requested is larger than the number of pages available.",
		"data": map[string]any{"status": 400}}, "pagination/revisions/past-end-400: revisions: a page past the end is 400 rest_revision_invalid_page_number")
	wantStatus(t, r, http.StatusBadRequest, "pagination/revisions/past-end-400: revisions: a page past the end is 400")
}
