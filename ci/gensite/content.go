package main

import (
	"fmt"
	"slices"
	"strings"

	"github.com/wpmock/wpmock/fixtures"
)

// The content plan: what the content script creates on the site, drawn after the
// registrations so that it uses every one of them: items of every type in every status
// (the site's own included), terms with meta in every taxonomy, users in the new roles
// with user meta, comments with comment meta, an attachment, menus at the locations,
// the front page and posts page, and the settings' values. Objects refer to each other
// by slug (and users by login); the content script resolves them.

var coreStatuses = []string{"publish", "draft", "pending", "private", "future"}

func (g *gen) content(options fixtures.Args) fixtures.Args {
	terms := g.terms()
	users := g.users()
	items := g.posts(terms, users, options)
	return obj("terms", terms, "users", users, "items", items, "comments", g.comments(items),
		"menus", g.navMenus(items), "settings", g.settingValues())
}

// metaValues are values of every meta key on (objectType, subtype): one for a single
// key, two rows for a multiple one.
func (g *gen) metaValues(objectType, subtype string) [][]any {
	out := [][]any{}
	for _, m := range g.metaOn(objectType, subtype) {
		s := g.metaSchema(m)
		rows := 1
		if !m.Bool("single", false) {
			rows = 2
		}
		for range rows {
			out = append(out, []any{m.String("meta_key"), g.value(s)})
		}
	}
	return out
}

// fieldValues are values of every REST field on objectType.
func (g *gen) fieldValues(objectType string) fixtures.Args {
	out := fixtures.Args{}
	for _, f := range g.fieldsOn(objectType) {
		s, _ := f.Get("schema")
		out = append(out, fixtures.Arg{Key: f.String("attribute"), Value: g.value(s.(fixtures.Args))})
	}
	return out
}

// slug makes a WordPress slug of parts ("acme_book", "draft" -> "acme-book-draft").
func slug(parts ...string) string {
	return strings.ReplaceAll(strings.Join(parts, "-"), "_", "-")
}

func (g *gen) terms() []fixtures.Args {
	var out []fixtures.Args
	term := func(tax, name, parent string, id int) {
		t := obj("taxonomy", tax, "slug", slug(tax, strings.ToLower(strings.ReplaceAll(name, " ", "-"))), "name", name,
			"description", name+" ("+label(tax)+").", "parent", parent)
		if id > 0 {
			t = set(t, "id", id)
		}
		t = set(t, "meta", g.metaValues("term", tax))
		t = set(t, "fields", g.fieldValues(tax))
		out = append(out, t)
	}
	for _, tx := range g.taxes {
		first := words[g.r.IntN(len(words))]
		term(tx.name, label(first), "", 0)
		parent := ""
		if tx.hierarchical {
			parent = slug(tx.name, first)
		}
		term(tx.name, label(words[(g.r.IntN(len(words)-1)+1+slices.Index(words, first))%len(words)]), parent, 0)
	}
	term("post_tag", "Featured", "", 0)
	term("category", "Highlights", "", 0)
	// last, at its fixed id: default_category may name it
	term("category", "Main", "", defaultCategory)
	return out
}

func (g *gen) users() []fixtures.Args {
	var out []fixtures.Args
	roles := []string{"editor", "author"}
	for _, r := range g.roles {
		roles = append(roles, r.name)
	}
	for i, r := range roles {
		login := slug("gen", strings.ReplaceAll(r, "-", ""), fmt.Sprint(i))
		out = append(out, obj("login", login, "name", label(r)+" "+label(words[i%len(words)]),
			"email", login+"@example.com", "role", r, "description", "A "+label(r)+" of the site.",
			"meta", g.metaValues("user", ""), "fields", g.fieldValues("user")))
	}
	return out
}

// postItem is one item of a type in a status.
func (g *gen) postItem(typ, status string, n int, authors []string) fixtures.Args {
	s := slug(typ, status, fmt.Sprint(n))
	date := fmt.Sprintf("%d-%02d-%02d %02d:%02d:00", contentYear, 1+g.r.IntN(12), 1+g.r.IntN(28), g.r.IntN(24), g.r.IntN(60))
	if status == "future" {
		date = fmt.Sprintf("%d-06-01 09:00:00", futureYear)
	}
	w := words[g.r.IntN(len(words))]
	return obj("type", typ, "slug", s, "title", label(w)+" "+label(typ)+" ("+status+")", "status", status,
		"date", date, "content", "<!-- wp:paragraph -->\n<p>The "+w+" "+typ+", "+status+".</p>\n<!-- /wp:paragraph -->",
		"excerpt", "", "author", authors[g.r.IntN(len(authors))], "parent", "", "menu_order", 0,
		"password", "", "terms", obj(), "meta", g.metaValues("post", typ), "fields", g.fieldValues(typ))
}

// items are the posts, pages, attachments and items of the site's own types.
func (g *gen) posts(terms, users []fixtures.Args, options fixtures.Args) []fixtures.Args {
	authors := []string{"admin"}
	for _, u := range users {
		authors = append(authors, u.String("login"))
	}
	termsOf := map[string][]string{}
	for _, t := range terms {
		termsOf[t.String("taxonomy")] = append(termsOf[t.String("taxonomy")], t.String("slug"))
	}
	taxesOf := func(typ string, core []string) fixtures.Args {
		out := fixtures.Args{}
		for _, tax := range core {
			out = append(out, fixtures.Arg{Key: tax, Value: termsOf[tax][:1+g.r.IntN(len(termsOf[tax]))]})
		}
		for _, tx := range g.taxes {
			if slices.Contains(tx.objectTypes, typ) {
				out = append(out, fixtures.Arg{Key: tx.name, Value: termsOf[tx.name][:1+g.r.IntN(len(termsOf[tx.name]))]})
			}
		}
		return out
	}
	var out []fixtures.Args
	att := g.postItem("attachment", "inherit", 1, authors)
	att = set(att, "terms", taxesOf("attachment", nil))
	out = append(out, att)
	if options.String("show_on_front") == "page" {
		for _, p := range []struct {
			id          int
			slug, title string
		}{{frontPageID, "home", "Home"}, {postsPageID, "blog", "Blog"}} {
			it := g.postItem("page", "publish", 0, authors)
			it = set(set(set(it, "slug", p.slug), "title", p.title), "import_id", p.id)
			out = append(out, it)
		}
	}
	type kind struct {
		name         string
		hierarchical bool
		core         []string
		statuses     []string
	}
	kinds := []kind{{"post", false, []string{"category", "post_tag"}, append([]string{"publish", "publish", "draft"}, g.statuses...)},
		{"page", true, nil, append([]string{"publish", "private"}, g.statuses...)}}
	for _, pt := range g.types {
		var core []string
		if tx, ok := pt.args.Get("taxonomies"); ok {
			core = tx.([]string)
		}
		kinds = append(kinds, kind{pt.name, pt.hierarchical, core, append(append([]string{}, coreStatuses...), g.statuses...)})
	}
	for _, k := range kinds {
		var first string
		for n, status := range k.statuses {
			it := g.postItem(k.name, status, n+1, authors)
			it = set(it, "terms", taxesOf(k.name, k.core))
			switch {
			case first == "" && status == "publish":
				first = it.String("slug")
			case k.hierarchical && status == "publish":
				it = set(set(it, "parent", first), "menu_order", 1+n)
			}
			if n == 1 && status == "publish" && !k.hierarchical {
				it = set(it, "password", "open-sesame")
			}
			out = append(out, it)
		}
	}
	// -items n: more published items, round the types, until the site has n (a large
	// site for timing the clone; drawn after everything else, so the rest stays the same)
	for n := 0; len(out) < g.items; n++ {
		k := kinds[n%len(kinds)]
		it := g.postItem(k.name, "publish", 1000+n, authors)
		out = append(out, set(it, "terms", taxesOf(k.name, k.core)))
	}
	return out
}

// comments are a thread and a held comment on the first published item of each type
// that takes comments.
func (g *gen) comments(items []fixtures.Args) []fixtures.Args {
	commented := map[string]bool{"post": true, "page": true}
	for _, pt := range g.types {
		commented[pt.name] = slices.Contains(pt.supports, "comments")
	}
	var out []fixtures.Args
	seen := map[string]bool{}
	for _, it := range items {
		typ := it.String("type")
		if !commented[typ] || seen[typ] || it.String("status") != "publish" || it.String("password") != "" {
			continue
		}
		seen[typ] = true
		thread := fmt.Sprint(len(out)) // the index of the thread's first comment
		for i, c := range []struct{ status, parent string }{{"1", ""}, {"1", thread}, {"0", ""}} {
			who := label(words[g.r.IntN(len(words))])
			out = append(out, obj("post", it.String("slug"), "post_type", typ, "content", "A comment about the "+typ+" by "+who+".",
				"author_name", who, "author_email", strings.ToLower(who)+"@example.com", "approved", c.status,
				"parent", c.parent, "date", fmt.Sprintf("%d-12-%02d 10:%02d:00", contentYear, 1+len(out), i),
				"meta", g.metaValues("comment", ""), "fields", g.fieldValues("comment")))
		}
	}
	return out
}

// navMenus are one menu at each location: a custom link, a page and a category.
func (g *gen) navMenus(items []fixtures.Args) []fixtures.Args {
	page := ""
	for _, it := range items {
		if it.String("type") == "page" && it.String("status") == "publish" {
			page = it.String("slug")
			break
		}
	}
	var out []fixtures.Args
	for _, loc := range g.menus {
		entries := []fixtures.Args{obj("kind", "custom", "title", "Example", "url", "https://example.com/"+loc.Key)}
		if page != "" {
			entries = append(entries, obj("kind", "page", "slug", page))
		}
		entries = append(entries, obj("kind", "category", "slug", slug("category", "highlights")))
		out = append(out, obj("name", label(loc.Key)+" links", "location", loc.Key, "items", entries))
	}
	return out
}

func (g *gen) settingValues() fixtures.Args {
	out := fixtures.Args{}
	for i, s := range g.settings {
		out = append(out, fixtures.Arg{Key: s.String("option_name"), Value: g.value(g.settingSchemas[i])})
	}
	return out
}
