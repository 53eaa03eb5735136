package graphql

import (
	"net/url"
	"strconv"
	"strings"

	"github.com/wpmock/wpmock/mock/store"
	"github.com/wpmock/wpmock/mock/wp"
)

// nodeByUri and node: WPGraphQL's NodeResolver::resolve_uri (a URI parsed as
// WordPress's rewrite rules would: the front page, the posts page, a post, a page, a
// term archive, an author archive) and the global id loaders.

// typeNode is a post type as a node (ContentType): what the front page is when it
// lists the latest posts.
type typeNode struct{ ct *contentType }

// byURI is the node a URI names (nil when none, or when the caller may not see it).
func (c *call) byURI(uri string) any {
	u, err := url.Parse(strings.TrimPrefix(uri, c.Home))
	if err != nil {
		return nil
	}
	// a query string (?p=1) resolves to nothing on a site with pretty permalinks,
	// as WPGraphQL's resolve_uri parses the path only there
	if u.RawQuery != "" && wp.OptionString(c.Tx, "permalink_structure") != "" {
		return nil
	}
	path := "/" + strings.Trim(u.Path, "/")
	if path == "/" {
		return c.frontPage()
	}
	slug := path[strings.LastIndexByte(path, '/')+1:]
	same := func(link string) bool { return strings.TrimRight(c.uri(link), "/") == path }
	for _, ct := range c.s.types {
		for _, p := range c.Tx.PostsWithSlug(ct.pt.Slug, slug) {
			if !same(c.links().Post(p)) {
				continue
			}
			if p.Type == "page" && wp.OptionString(c.Tx, "show_on_front") == "page" && wp.OptionInt(c.Tx, "page_for_posts") == p.ID {
				return c.postsType() // the posts page is the posts' archive
			}
			return c.visible(p)
		}
	}
	for _, tx := range c.s.taxes {
		for _, t := range c.Tx.Terms(tx.tax.Slug) {
			if t.Slug == slug && same(c.links().Term(t)) {
				return t
			}
		}
	}
	for _, usr := range c.Tx.Users() {
		if usr.Slug == slug && same(c.links().Author(usr)) {
			return c.user(usr.ID)
		}
	}
	return nil
}

func termOrNil(t *store.Term) any {
	if t == nil {
		return nil
	}
	return t
}

// frontPage is what "/" shows: the static front page, else the posts' type.
func (c *call) frontPage() any {
	if wp.OptionString(c.Tx, "show_on_front") == "page" {
		if id := wp.OptionInt(c.Tx, "page_on_front"); id != 0 {
			return c.visible(c.Tx.Post(id))
		}
	}
	return c.postsType()
}

// postsType is the post type as a node (the latest posts' archive).
func (c *call) postsType() any {
	for _, ct := range c.s.types {
		if ct.pt.Slug == "post" {
			return &typeNode{ct}
		}
	}
	return nil
}

// byGlobalID is the node a global id names.
func (c *call) byGlobalID(id string) any {
	kind, v := fromGlobalID(id)
	n, _ := strconv.Atoi(v)
	switch kind {
	case "":
		return nil
	case kindPost:
		p := c.Tx.Post(n)
		if p != nil && p.Type == "nav_menu_item" {
			return c.menuItemOf(p)
		}
		return c.visible(p)
	case kindTerm:
		t := c.Tx.Term(n)
		if t != nil && t.Taxonomy == "nav_menu" && !c.menuVisible(t) {
			return nil
		}
		return termOrNil(t)
	case kindUser:
		return c.user(n)
	case kindComment:
		if x := c.Tx.Comment(n); x != nil && c.commentVisible(x) {
			return x
		}
	case kindPostType:
		for _, ct := range c.s.types {
			if ct.pt.Slug == v {
				return &typeNode{ct}
			}
		}
	}
	return nil
}

func rootNodeFields() []*fieldDecl {
	return []*fieldDecl{
		{Name: "node", Type: "Node", Args: []argDecl{a("id", "ID")}, Resolve: func(c *call, _ any, args map[string]any) (any, error) {
			id := idArg(args["id"])
			if kind, _ := fromGlobalID(id); kind == "" {
				// esc_html in WPGraphQL's message: the apostrophe as &#039;
				return nil, userErrorf("The global ID isn&#039;t recognized ID: %s", id)
			}
			return c.byGlobalID(id), nil
		}},
		{Name: "nodeByUri", Type: "UniformResourceIdentifiable", Args: []argDecl{a("uri", "String!")}, Resolve: func(c *call, _ any, args map[string]any) (any, error) {
			uri, _ := args["uri"].(string)
			return c.byURI(uri), nil
		}},
		{Name: "contentNodes", Type: "RootQueryToContentNodeConnection",
			Args: append(append([]argDecl{}, pageArgs...), argDecl{Name: "where", Type: "RootQueryToContentNodeConnectionWhereArgs"}),
			Resolve: func(c *call, _ any, args map[string]any) (any, error) {
				where, _ := args["where"].(map[string]any)
				var cts []*contentType
				for _, ct := range c.s.types {
					if ct.pt.Slug != "attachment" {
						cts = append(cts, ct)
					}
				}
				list, err := c.queryPosts(cts, where)
				if err != nil {
					return nil, err
				}
				return postConnection(list, args)
			}},
	}
}

func tn(p any) *typeNode { return p.(*typeNode) }

func contentTypeDecl() *typeDecl {
	return &typeDecl{Name: "ContentType", Kind: object, Implements: []string{"Node", "UniformResourceIdentifiable"}, Fields: []*fieldDecl{
		f("id", "ID!", func(_ *call, p any, _ map[string]any) (any, error) {
			return globalID(kindPostType, tn(p).ct.pt.Slug), nil
		}),
		f("name", "String", func(_ *call, p any, _ map[string]any) (any, error) { return tn(p).ct.pt.Slug, nil }),
		f("description", "String", func(_ *call, p any, _ map[string]any) (any, error) { return tn(p).ct.pt.Description, nil }),
		f("hierarchical", "Boolean", func(_ *call, p any, _ map[string]any) (any, error) { return tn(p).ct.pt.Hierarchical, nil }),
		f("graphqlSingleName", "String", func(_ *call, p any, _ map[string]any) (any, error) { return tn(p).ct.single, nil }),
		f("graphqlPluralName", "String", func(_ *call, p any, _ map[string]any) (any, error) { return tn(p).ct.plural, nil }),
		f("uri", "String", func(c *call, p any, _ map[string]any) (any, error) {
			if tn(p).ct.pt.Slug != "post" {
				return nil, nil
			}
			if wp.OptionString(c.Tx, "show_on_front") == "page" { // the posts page's path
				if page := c.Tx.Post(wp.OptionInt(c.Tx, "page_for_posts")); page != nil {
					return c.uri(c.links().Post(page)), nil
				}
			}
			return "/", nil
		}),
		f("isFrontPage", "Boolean!", func(c *call, p any, _ map[string]any) (any, error) {
			return tn(p).ct.pt.Slug == "post" && wp.OptionString(c.Tx, "show_on_front") != "page", nil
		}),
		f("isPostsPage", "Boolean!", func(c *call, p any, _ map[string]any) (any, error) {
			return tn(p).ct.pt.Slug == "post", nil // the posts' archive is the posts page, wherever it is
		}),
		f("isContentNode", "Boolean!", constant(false)),
		f("isTermNode", "Boolean!", constant(false)),
		f("isComment", "Boolean!", constant(false)),
		f("isRestricted", "Boolean", constant(false)),
		f("label", "String", func(c *call, p any, _ map[string]any) (any, error) { return typeLabel(c, tn(p).ct, "name"), nil }),
		f("public", "Boolean", func(_ *call, p any, _ map[string]any) (any, error) { return tn(p).ct.pt.IsPublic(), nil }),
		f("showInRest", "Boolean", constant(true)),
		f("restBase", "String", func(_ *call, p any, _ map[string]any) (any, error) { return tn(p).ct.pt.RestBase, nil }),
		f("showInGraphql", "Boolean", constant(true)),
		f("hasArchive", "Boolean", func(_ *call, p any, _ map[string]any) (any, error) {
			switch x := tn(p).ct.pt.HasArchive.(type) {
			case bool: // false is null, as WPGraphQL's model gives it
				if x {
					return true, nil
				}
			case string:
				return x != "", nil
			}
			return nil, nil
		}),
	}}
}

// typeLabel is one of a post type's labels at the site's version.
func typeLabel(c *call, ct *contentType, key string) any {
	for _, m := range ct.pt.Labels.At(c.Site.Version()) {
		if m.Key == key {
			return m.Value
		}
	}
	return nil
}
