package graphql

import (
	"net/url"
	"strconv"
	"strings"

	"github.com/wpmock/wpmock/mock/store"
	"github.com/wpmock/wpmock/mock/wp"
)

// A URI that is a query string on the home page ("/?p=1"): NodeResolver::parse_request
// takes the query string for the path, matches it against the rewrite rules, and
// reads the query vars of the query string besides. On /%postname%/ the post rule
// ([^/]+) matches it, so name "p=1" and p=1 ask WP_Query for a post that cannot be
// and nothing resolves; on other structures (a date's, plain permalinks) no rule
// names a post, and the query vars name the object, as a real WPGraphQL answers on
// 6.8's /%year%/%monthnum%/%postname%/: p (with post_type), page_id, name, a post
// type's query var, cat, category_name, tag, a taxonomy's query var, author and
// author_name, attachment_id, and post_type alone (its archive). Taxonomy vars
// together are a tax query whose first term (category, tag, then the site's) is the
// queried object; a post var with an author var is the post if that is its author
// (WP_Query filters by it); any other two ask for two objects at once: nothing.

// byQuery is the node a home page query string names (nil when none).
func (c *call) byQuery(q url.Values) any {
	if strings.Trim(wp.OptionString(c.Tx, "permalink_structure"), "/") == "%postname%" {
		return nil
	}
	var found []any
	asked, terms := 0, 0
	ask := func(key string, find func(v string) any) {
		if v := q.Get(key); v != "" {
			asked++
			if n := find(v); !isNil(n) {
				found = append(found, n)
			}
		}
	}
	askTerm := func(key string, find func(v string) any) {
		if q.Get(key) != "" {
			terms++
		}
		ask(key, find)
	}
	typ := q.Get("post_type")
	if typ == "" {
		typ = "post"
	}
	ask("p", func(v string) any { return c.postOfType(typ, idOf(v), "") })
	ask("page_id", func(v string) any { return c.postOfType("page", idOf(v), "") })
	ask("attachment_id", func(v string) any { return c.postOfType("attachment", idOf(v), "") })
	ask("name", func(v string) any { return c.postOfType(typ, 0, v) })
	for _, ct := range c.s.types {
		if ct.pt.Slug != "post" && ct.pt.Slug != "page" && ct.pt.Slug != "attachment" {
			slug := ct.pt.Slug
			ask(slug, func(v string) any { return c.postOfType(slug, 0, v) })
		}
	}
	askTerm("cat", func(v string) any { return c.termOf("category", idOf(v), "") })
	askTerm("category_name", func(v string) any { return c.termOf("category", 0, v) })
	askTerm("tag", func(v string) any { return c.termOf("post_tag", 0, v) })
	for _, tx := range c.s.taxes {
		if tx.tax.Slug != "category" && tx.tax.Slug != "post_tag" {
			slug := tx.tax.Slug
			askTerm(tx.tax.QueryVar(), func(v string) any { return c.termOf(slug, 0, v) })
		}
	}
	ask("author", func(v string) any { return c.user(idOf(v)) })
	ask("author_name", func(v string) any {
		for _, u := range c.Tx.Users() {
			if u.Slug == v {
				return c.user(u.ID)
			}
		}
		return nil
	})
	switch {
	case asked == 0 && q.Get("post_type") != "": // the type's archive
		for _, ct := range c.typesNamed(typ) {
			t := &typeNode{ct}
			if ct.pt.Slug != "post" && c.typeArchiveURI(t) != nil && (ct.pt.IsPublic() || !c.typeRestricted(t)) {
				return t
			}
		}
	case len(found) > 0 && (asked == 1 || asked == terms):
		return found[0]
	case len(found) == 2 && asked == 2: // a post by its author: WP_Query's author filter
		p, isPost := found[0].(*store.Post)
		u, isUser := found[1].(*store.User)
		if isPost && isUser && p.Author == u.ID {
			return p
		}
	}
	return nil
}

// idOf is a query var's id (0 when it is not a number: WP_Query's absint finds none).
func idOf(v string) int {
	n, _ := strconv.Atoi(v)
	return n
}

// postOfType is the post of a type by id or slug, if the caller may see it.
func (c *call) postOfType(typ string, id int, slug string) any {
	var p *store.Post
	if id > 0 {
		p = c.Tx.Post(id)
	} else if list := c.Tx.PostsWithSlug(typ, slug); len(list) > 0 {
		p = list[0]
	}
	if p == nil || p.Type != typ || len(c.typesNamed(typ)) == 0 {
		return nil
	}
	return c.visible(p)
}

// termOf is the term of a taxonomy by id or slug.
func (c *call) termOf(tax string, id int, slug string) any {
	for _, t := range c.Tx.Terms(tax) {
		if (id > 0 && t.ID == id) || (id == 0 && t.Slug == slug) {
			return t
		}
	}
	return nil
}
