package graphql

import (
	"net/url"
	"regexp"
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

// commentURI is the #comment-<id> that NodeResolver's maybe_parse_comment_uri looks
// for anywhere in a URI.
var commentURI = regexp.MustCompile(`#comment-(\d+)`)

// byURI is the node a URI names (nil when none, or when the caller may not see it).
func (c *call) byURI(uri string) any {
	if m := commentURI.FindStringSubmatch(uri); m != nil { // a comment, before any rewrite rule
		n, _ := strconv.Atoi(m[1])
		if x := c.Tx.Comment(n); x != nil && c.commentVisible(x) {
			return x
		}
		return nil
	}
	u, err := url.Parse(strings.TrimPrefix(uri, c.Home))
	if err != nil {
		return nil
	}
	if u.RawQuery != "" && strings.Trim(u.Path, "/") == "" { // the home page's query vars (uriquery.go)
		return c.byQuery(u.Query())
	}
	// a query string after a path resolves to nothing on a site with pretty
	// permalinks: its vars and the path's rule name two things
	if u.RawQuery != "" && wp.OptionString(c.Tx, "permalink_structure") != "" {
		return nil
	}
	path := "/" + strings.Trim(u.Path, "/")
	if path == "/" {
		return c.frontPage()
	}
	if t := c.archiveAt(path); t != nil {
		return t
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

// archivePage is the paging a post type archive's rewrite rules accept after it.
var archivePage = regexp.MustCompile(`/page/[0-9]+$`)

// archiveAt is the post type whose archive a path is (its rewrite rules,
// "<slug>/?$" and "<slug>/page/N", come before the posts' and pages'), as
// resolve_uri answers a post type archive with its ContentType; nil when none.
func (c *call) archiveAt(path string) any {
	path = archivePage.ReplaceAllString(path, "")
	for _, ct := range c.s.types {
		if ct.pt.Slug == "post" { // its archive is the front page or the posts page
			continue
		}
		t := &typeNode{ct}
		if u, ok := c.typeArchiveURI(t).(string); ok && strings.TrimRight(u, "/") == path {
			if !ct.pt.IsPublic() && c.typeRestricted(t) { // the PostType model's is_private
				return nil
			}
			return t
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
	case kindSettingGroup:
		return settingsNode(v)
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
				return c.postsConnection(cts, where, args)
			}},
	}
}

func tn(p any) *typeNode { return p.(*typeNode) }

// typeRestricted is WPGraphQL's PostType model restricted: the caller may not
// edit_posts of the type, so only its allowed_restricted_fields show.
func (c *call) typeRestricted(t *typeNode) bool {
	return c.Actor == nil || !c.Actor.Can(t.ct.pt.EditCap())
}

// typeArchiveURI is the PostType model's uri: get_post_type_archive_link below the
// home URL, with a trailing slash (null for a type without an archive).
func (c *call) typeArchiveURI(t *typeNode) any {
	link, noURL := c.links().Archive(t.ct.pt.Slug)
	if noURL {
		return nil
	}
	u := strings.TrimPrefix(link, c.Home)
	if !strings.HasSuffix(u, "/") {
		u += "/"
	}
	return u
}

// typeOnly is a ContentType field outside the PostType model's
// allowed_restricted_fields: null for a caller who may not edit the type's posts.
func typeOnly(r func(c *call, t *typeNode) any) resolver {
	return func(c *call, p any, _ map[string]any) (any, error) {
		if c.typeRestricted(tn(p)) {
			return nil, nil
		}
		return r(c, tn(p)), nil
	}
}

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
		f("uri", "String", func(c *call, p any, _ map[string]any) (any, error) { return c.typeArchiveURI(tn(p)), nil }),
		f("isFrontPage", "Boolean!", func(c *call, p any, _ map[string]any) (any, error) {
			return tn(p).ct.pt.Slug == "post" && wp.OptionString(c.Tx, "show_on_front") != "page", nil
		}),
		f("isPostsPage", "Boolean!", func(_ *call, p any, _ map[string]any) (any, error) {
			return tn(p).ct.pt.Slug == "post", nil // the posts' archive is the posts page, wherever it is
		}),
		f("isContentNode", "Boolean!", constant(false)),
		f("isTermNode", "Boolean!", constant(false)),
		f("isComment", "Boolean!", constant(false)),
		f("isRestricted", "Boolean", func(c *call, p any, _ map[string]any) (any, error) { return c.typeRestricted(tn(p)), nil }),
		f("label", "String", func(c *call, p any, _ map[string]any) (any, error) { return typeLabel(c, tn(p).ct, "name"), nil }),
		f("public", "Boolean", typeOnly(func(_ *call, t *typeNode) any { return t.ct.pt.IsPublic() })),
		f("showInRest", "Boolean", typeOnly(func(*call, *typeNode) any { return true })),
		f("restBase", "String", typeOnly(func(_ *call, t *typeNode) any { return t.ct.pt.RestBase })),
		f("showInGraphql", "Boolean", constant(true)),
		// ! empty( $this->uri ): a type has an archive where it has an archive link
		f("hasArchive", "Boolean", typeOnly(func(c *call, t *typeNode) any { return c.typeArchiveURI(t) != nil })),
	}}
}

// typeLabel is one of a post type's labels at the site's version.
func typeLabel(c *call, ct *contentType, key string) any {
	for _, m := range ct.pt.Labels.At(c.site.Version) {
		if m.Key == key {
			return m.Value
		}
	}
	return nil
}
