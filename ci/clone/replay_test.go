package clone

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"slices"
	"sort"
	"strings"

	"github.com/wpmock/wpmock/fixtures"
)

// get is one GET to ask of both sides: a route with its query under the REST root,
// as a login ("" for anonymous).
type get struct{ route, user string }

// answer is what a side said, as bytes.
type answer struct {
	status int
	header http.Header
	body   []byte
}

// fetch asks one side.
func fetch(client *http.Client, api string, g get, password string) (answer, error) {
	req, err := http.NewRequest("GET", api+g.route, nil)
	if err != nil {
		return answer{}, err
	}
	if g.user != "" {
		req.SetBasicAuth(g.user, password)
	}
	resp, err := client.Do(req)
	if err != nil {
		return answer{}, err
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	return answer{resp.StatusCode, resp.Header, b}, err
}

// ignored are the header fields that differ between any two answers of one server,
// or that the connection makes: the issue compares everything else.
var ignored = map[string]bool{"Date": true, "Connection": true, "Keep-Alive": true,
	"Transfer-Encoding": true, "Content-Length": true}

// difference says how two answers differ, "" when they are byte for byte the same.
func difference(site, mock answer) string {
	if site.status != mock.status {
		return fmt.Sprintf("status %d, the mock %d", site.status, mock.status)
	}
	var fields []string
	for _, h := range []http.Header{site.header, mock.header} {
		for k := range h {
			if !ignored[k] && !slices.Contains(fields, k) && !slices.Equal(site.header[k], mock.header[k]) {
				fields = append(fields, k)
			}
		}
	}
	if len(fields) > 0 {
		sort.Strings(fields)
		var parts []string
		for _, k := range fields {
			parts = append(parts, fmt.Sprintf("%s: %q, the mock %q", k, site.header[k], mock.header[k]))
		}
		return "header " + strings.Join(parts, "; ")
	}
	if bytes.Equal(site.body, mock.body) {
		return ""
	}
	if reordered(site.body, mock.body) {
		return "the same items in another order: they tie on the sort key, and MySQL's order of ties depends on the plan its optimizer picks"
	}
	i := 0
	for i < len(site.body) && i < len(mock.body) && site.body[i] == mock.body[i] {
		i++
	}
	around := func(b []byte) string {
		from, to := max(0, i-50), min(len(b), i+70)
		return string(b[from:to])
	}
	return fmt.Sprintf("body from byte %d (of %d, the mock %d):\n        site: …%s…\n        mock: …%s…",
		i, len(site.body), len(mock.body), around(site.body), around(mock.body))
}

// extraGets are GETs the clone did not ask, which the copy answers itself from the
// dataset: filters, _fields, other pages and orders, embeds of one relation, single
// revisions, search. They show how far the copy goes beyond its recordings.
func extraGets(ds *fixtures.Dataset, user string) []get {
	var out []get
	add := func(u, format string, args ...any) { out = append(out, get{fmt.Sprintf(format, args...), u}) }
	for _, c := range []string{"posts", "pages", "media", "comments", "categories", "tags", "users"} {
		add("", "/wp/v2/%s?per_page=2&page=2", c)
		add("", "/wp/v2/%s?_fields=id,link", c)
		add("", "/wp/v2/%s?order=asc&per_page=3", c)
		add("", "/wp/v2/%s?orderby=id&order=desc", c)
		add(user, "/wp/v2/%s?context=edit&per_page=3", c)
	}
	byID := map[int]*fixtures.Post{}
	for i := range ds.Posts {
		byID[ds.Posts[i].ID] = &ds.Posts[i]
	}
	for _, p := range ds.Posts {
		switch {
		case p.Type == "post" && p.Status == "publish":
			add("", "/wp/v2/posts/%d?_fields=id,title,content,excerpt", p.ID)
			add("", "/wp/v2/posts/%d?_embed=author", p.ID)
			add(user, "/wp/v2/posts/%d?context=edit&_fields=id,title,content,status", p.ID)
			if len(p.Categories) > 0 {
				add("", "/wp/v2/posts?categories=%d", p.Categories[0])
			}
			if len(p.Tags) > 0 {
				add("", "/wp/v2/posts?tags=%d&_fields=id,slug", p.Tags[0])
			}
			add("", "/wp/v2/posts?author=%d", p.Author)
			add("", "/wp/v2/posts?slug=%s", p.Slug)
		case p.Type == "page" && p.Status == "publish":
			add("", "/wp/v2/pages?parent=%d", p.Parent)
			add("", "/wp/v2/pages/%d?_embed=up", p.ID)
		case p.Type == "revision" && byID[p.Parent] != nil && byID[p.Parent].Type == "post":
			add(user, "/wp/v2/posts/%d/revisions/%d", p.Parent, p.ID)
		case p.Type == "attachment":
			add("", "/wp/v2/media/%d?_fields=id,source_url,media_details", p.ID)
		}
	}
	for _, c := range ds.Comments {
		add("", "/wp/v2/comments?post=%d", c.Post)
		add(user, "/wp/v2/comments/%d?context=edit", c.ID)
	}
	for _, q := range []string{"orderby=title&order=asc", "sticky=true", "search=the", "orderby=modified",
		"status=draft", "status=private,publish&per_page=5"} {
		u := ""
		if strings.HasPrefix(q, "status") {
			u = user
		}
		add(u, "/wp/v2/posts?%s", q)
	}
	add("", "/wp/v2/pages?orderby=menu_order&order=asc")
	out = append(out, moreGets(ds, user)...)
	out = append(out, customGets(ds, user)...)
	add("", "/wp/v2/search?search=clone")
	add("", "/wp/v2/search?type=term&search=clone")
	add("", "/wp/v2/categories?parent=0")
	add("", "/wp/v2/tags?hide_empty=true")
	add("", "/wp/v2/users?who=authors")
	// each GET once, in a stable order
	seen := map[get]bool{}
	uniq := out[:0]
	for _, g := range out {
		if !seen[g] {
			seen[g] = true
			uniq = append(uniq, g)
		}
	}
	return uniq
}

// orderings are the orderby values of each collection that the clone never asks.
var orderings = map[string][]string{
	"posts":      {"title", "slug", "modified", "author", "id", "date"},
	"pages":      {"title", "menu_order", "parent", "modified", "id"},
	"media":      {"title", "slug", "modified", "id"},
	"comments":   {"date_gmt", "id", "post", "parent"},
	"categories": {"name", "slug", "count", "id", "description"},
	"tags":       {"name", "slug", "count", "id"},
	"users":      {"name", "slug", "id"},
}

// moreGets are the variants every collection and item takes: paging one by one,
// offsets, the embed context, each ordering both ways, include and exclude lists,
// single embeds, and the errors a frontend meets (a page past the end, a per_page
// too large, the edit context anonymously, an unknown id).
func moreGets(ds *fixtures.Dataset, user string) []get {
	var out []get
	add := func(u, format string, args ...any) { out = append(out, get{fmt.Sprintf(format, args...), u}) }
	ids := map[string][]int{}
	for _, p := range ds.Posts {
		switch {
		case p.Type == "post" && p.Status == "publish" && p.Password == "":
			ids["posts"] = append(ids["posts"], p.ID)
		case p.Type == "page" && p.Status == "publish":
			ids["pages"] = append(ids["pages"], p.ID)
		case p.Type == "attachment":
			ids["media"] = append(ids["media"], p.ID)
		}
	}
	for _, c := range ds.Comments {
		if c.Status == "approved" {
			ids["comments"] = append(ids["comments"], c.ID)
		}
	}
	for _, t := range ds.Terms {
		key := map[string]string{"category": "categories", "post_tag": "tags"}[t.Taxonomy]
		ids[key] = append(ids[key], t.ID)
	}
	for c, by := range orderings {
		listGets(add, "wp/v2/"+c, by)
		if list := ids[c]; len(list) >= 2 {
			add("", "/wp/v2/%s?include=%d,%d&orderby=include", c, list[1], list[0])
			add("", "/wp/v2/%s?exclude=%d&_fields=id", c, list[0])
			add(user, "/wp/v2/%s?include=%d&context=edit", c, list[1])
		}
		for _, id := range ids[c] {
			add("", "/wp/v2/%s/%d?_fields=id,_links.self", c, id)
			add("", "/wp/v2/%s/%d?context=edit", c, id)
		}
	}
	for _, id := range ids["posts"] {
		for _, rel := range []string{"wp:term", "replies", "wp:featuredmedia", "author,wp:term"} {
			add("", "/wp/v2/posts/%d?_embed=%s", id, rel)
		}
	}
	for _, id := range ids["comments"] {
		add("", "/wp/v2/comments/%d?_embed=up", id)
	}
	add("", "/wp/v2/users/me")
	add(user, "/wp/v2/users/me")
	add("", "/wp/v2/posts?status=draft")
	add("", "/wp/v2/posts?sticky=false&_fields=id")
	add("", "/wp/v2/posts?before=2025-01-01T00:00:00&_fields=id,date")
	add("", "/wp/v2/posts?after=2024-03-02T00:00:00&_fields=id,date")
	add("", "/wp/v2/comments?orderby=date_gmt&order=asc&_embed=up")
	add("", "/wp/v2/search?search=e&per_page=2&page=2")
	add("", "/wp/v2/search?type=post&subtype=page")
	add("", "/wp/v2/search?search=clone&_embed")
	return out
}

// listGets are the variants of a collection's list (c: its route under the REST root,
// namespace first): paging one by one, an offset,
// the embed context, _fields, the errors (a page past the end, a per_page too large,
// the edit context anonymously, an unknown id), a search, and each ordering by both
// ways.
func listGets(add func(u, format string, args ...any), c string, by []string) {
	for page := 1; page <= 3; page++ {
		add("", "/%s?per_page=1&page=%d", c, page)
	}
	add("", "/%s?offset=1&per_page=2", c)
	add("", "/%s?context=embed", c)
	add("", "/%s?_fields=id,_links", c)
	add("", "/%s?page=99", c)
	add("", "/%s?per_page=101", c)
	add("", "/%s?context=edit", c)
	add("", "/%s/999999", c)
	add("", "/%s?search=e", c)
	for _, o := range by {
		add("", "/%s?orderby=%s&order=asc&_fields=id", c, o)
		add("", "/%s?orderby=%s&order=desc&_fields=id", c, o)
	}
}

// reordered reports two JSON lists of the same items (byte for byte) in another order.
func reordered(a, b []byte) bool {
	var la, lb []json.RawMessage
	if json.Unmarshal(a, &la) != nil || json.Unmarshal(b, &lb) != nil || len(la) != len(lb) {
		return false
	}
	count := map[string]int{}
	for i := range la {
		count[string(la[i])]++
		count[string(lb[i])]--
	}
	for _, c := range count {
		if c != 0 {
			return false
		}
	}
	return true
}
