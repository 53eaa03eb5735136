package graphql

import (
	"strconv"
	"strings"
	"time"

	"github.com/wpmock/wpmock/mock/store"
	"github.com/wpmock/wpmock/mock/wp"
	"github.com/wpmock/wpmock/mock/wpversion"
)

// Content nodes: posts, pages, media items and a site's own post types shown in
// GraphQL, as WPGraphQL's Post model and its ContentNode interfaces show them.

// contentType is a post type in the schema: its GraphQL names.
type contentType struct {
	pt             *wp.PostType
	name           string       // the object type: Post, Page, MediaItem, Book
	single, plural string       // the root fields: post, posts
	termFields     []*fieldDecl // its taxonomies' connections (schema.go)
}

// contentTypes are the post types the schema shows, in the registry's order: core's
// with WPGraphQL's names, a site's own where it registered them with show_in_graphql.
func contentTypes(reg *wp.Registry) []*contentType {
	core := map[string][3]string{"post": {"Post", "post", "posts"}, "page": {"Page", "page", "pages"},
		"attachment": {"MediaItem", "mediaItem", "mediaItems"}}
	var out []*contentType
	for _, pt := range reg.PostTypes {
		if n, ok := core[pt.Slug]; ok {
			out = append(out, &contentType{pt: pt, name: n[0], single: n[1], plural: n[2]})
		} else if g := pt.GraphQL; g != nil {
			out = append(out, &contentType{pt: pt, name: upperFirst(g.Single), single: g.Single, plural: g.Plural})
		}
	}
	return out
}

func upperFirst(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

// dateFormat is how WPGraphQL prints a post's dates (local time, no zone).
const dateFormat = "2006-01-02T15:04:05"

func formatDate(t time.Time) any {
	if t.IsZero() {
		return nil
	}
	return t.Format(dateFormat)
}

func post(p any) *store.Post { return p.(*store.Post) }

// links are the request's permalinks, as the caller sees them.
func (c *call) links() wp.Permalinks { return wp.Permalinks{Home: c.Home, Tx: c.Tx, Actor: c.Actor} }

// uri is a link's path below the home URL, as WPGraphQL's uri fields give it.
func (c *call) uri(link string) string {
	u := strings.TrimPrefix(link, c.Home)
	if u == "" {
		return "/"
	}
	return u
}

// readable is WPGraphQL's Post model's is_private turned around: published posts
// (and a site's own public statuses) for everyone, attachments as their parent,
// others for those current_user_can('read_post') lets read them.
func (c *call) readable(p *store.Post) bool {
	if p == nil {
		return false
	}
	if p.Type == "revision" { // revisions are for those who may edit their post
		parent := c.Tx.Post(p.Parent)
		return parent != nil && c.canEdit(parent)
	}
	if p.Status == "publish" || wp.CanReadPost(c.Actor, p, c.Tx.Post) {
		return true
	}
	if st := wp.RegistryOf(c.Tx).Status(p.Status); st != nil && st.Public {
		return true
	}
	if p.Status == "inherit" {
		if p.Parent > 0 {
			if parent := c.Tx.Post(p.Parent); parent != nil {
				return c.readable(parent)
			}
		}
		return true
	}
	return false
}

// visible is the post when the caller may read it, else nil (WPGraphQL answers null,
// without an error, for what the caller may not see).
func (c *call) visible(p *store.Post) any {
	if !c.readable(p) {
		return nil
	}
	return p
}

// canEdit is current_user_can('edit_post').
func (c *call) canEdit(p *store.Post) bool { return wp.CanEditPost(c.Actor, p, c.Tx.Post) }

// formatted is a title, content or excerpt field in the format asked: RENDERED (the
// default) or RAW, which WPGraphQL shows only to those who may edit the post.
func formatted(raw func(*store.Post) string, rendered func(*call, *store.Post) string) resolver {
	return func(c *call, p any, args map[string]any) (any, error) {
		if format, _ := args["format"].(string); format == "RAW" {
			if !c.canEdit(post(p)) {
				return nil, nil
			}
			return raw(post(p)), nil
		}
		return rendered(c, post(p)), nil
	}
}

var formatArg = argDecl{Name: "format", Type: "PostObjectFieldFormatEnum", Desc: "Format of the field output"}

// contentNodeFields are the ContentNode interface's fields (and Node's,
// DatabaseIdentifier's and UniformResourceIdentifiable's).
func contentNodeFields() []*fieldDecl {
	return []*fieldDecl{
		f("id", "ID!", func(_ *call, p any, _ map[string]any) (any, error) { return globalID(kindPost, post(p).ID), nil }),
		f("databaseId", "Int!", func(_ *call, p any, _ map[string]any) (any, error) { return post(p).ID, nil }),
		f("contentTypeName", "String!", func(_ *call, p any, _ map[string]any) (any, error) { return post(p).Type, nil }),
		f("date", "String", func(_ *call, p any, _ map[string]any) (any, error) { return formatDate(post(p).Date), nil }),
		f("dateGmt", "String", func(_ *call, p any, _ map[string]any) (any, error) { return formatDate(post(p).DateGMT), nil }),
		f("modified", "String", func(_ *call, p any, _ map[string]any) (any, error) { return formatDate(post(p).Modified), nil }),
		f("modifiedGmt", "String", func(_ *call, p any, _ map[string]any) (any, error) { return formatDate(post(p).ModifiedGMT), nil }),
		f("slug", "String", func(_ *call, p any, _ map[string]any) (any, error) { return nilIfEmpty(post(p).Slug), nil }),
		f("status", "String", func(_ *call, p any, _ map[string]any) (any, error) { return post(p).Status, nil }),
		f("guid", "String", func(c *call, p any, _ map[string]any) (any, error) {
			if g := post(p).Extra().GUID; g != "" {
				return g, nil
			}
			return c.Home + "/?p=" + strconv.Itoa(post(p).ID), nil
		}),
		f("link", "String", func(c *call, p any, _ map[string]any) (any, error) { return nilIfEmpty(c.postLink(post(p))), nil }),
		f("uri", "String", func(c *call, p any, _ map[string]any) (any, error) { return c.postURI(post(p)), nil }),
		f("isContentNode", "Boolean!", constant(true)),
		f("isTermNode", "Boolean!", constant(false)),
		f("isComment", "Boolean!", constant(false)),
		f("isFrontPage", "Boolean!", func(c *call, p any, _ map[string]any) (any, error) {
			return wp.OptionString(c.Tx, "show_on_front") == "page" && wp.OptionInt(c.Tx, "page_on_front") == post(p).ID, nil
		}),
		f("isPostsPage", "Boolean!", func(c *call, p any, _ map[string]any) (any, error) {
			return wp.OptionString(c.Tx, "show_on_front") == "page" && wp.OptionInt(c.Tx, "page_for_posts") == post(p).ID, nil
		}),
		f("isPreview", "Boolean", func(c *call, p any, _ map[string]any) (any, error) { return c.isPreview(post(p)), nil }),
		f("previewRevisionDatabaseId", "Int", func(c *call, p any, _ map[string]any) (any, error) { return c.previewRevision(post(p)), nil }),
		f("previewRevisionId", "ID", func(c *call, p any, _ map[string]any) (any, error) {
			if id, ok := c.previewRevision(post(p)).(int); ok {
				return globalID(kindPost, id), nil
			}
			return nil, nil
		}),
		f("isRestricted", "Boolean", func(c *call, p any, _ map[string]any) (any, error) { return c.restricted(post(p)), nil }),
		f("enclosure", "String", constant(nil)),
		f("contentType", "ContentNodeToContentTypeConnectionEdge", func(c *call, p any, _ map[string]any) (any, error) {
			typ := post(p).Type
			if typ == "revision" {
				if parent := c.Tx.Post(post(p).Parent); parent != nil {
					typ = parent.Type
				}
			}
			for _, ct := range c.s.types {
				if ct.pt.Slug == typ {
					return &typeNode{ct}, nil
				}
			}
			return nil, nil
		}),
		f("desiredSlug", "String", func(c *call, p any, _ map[string]any) (any, error) {
			if v := metaValue(c.Tx, post(p).ID, "_wp_desired_post_slug"); v != "" {
				return v, nil
			}
			return nil, nil
		}),
	}
}

// constant is a field whose value never changes.
func constant(v any) resolver { return func(*call, any, map[string]any) (any, error) { return v, nil } }

// metaValue is get_post_meta( id, key, true ).
func metaValue(tx *store.Tx, id int, key string) string {
	for _, m := range tx.PostMeta(id) {
		if m.Key == key {
			return m.Value
		}
	}
	return ""
}

// typeFields are the fields of a post type's object type, by what the type supports.
func typeFields(ct *contentType, v wpversion.Version) []*fieldDecl {
	fields := contentNodeFields()
	pt := ct.pt
	fields = append(fields, f(ct.single+"Id", "Int!", func(_ *call, p any, _ map[string]any) (any, error) { return post(p).ID, nil }).deprecated(deprecatedForDatabaseID))
	if pt.Supported("title", v) {
		fields = append(fields, &fieldDecl{Name: "title", Type: "String", Args: []argDecl{formatArg},
			Resolve: formatted(func(p *store.Post) string { return p.Title }, func(c *call, p *store.Post) string { return renderTitle(p) })})
	}
	if pt.Supported("editor", v) {
		fields = append(fields, &fieldDecl{Name: "content", Type: "String", Args: []argDecl{formatArg},
			Resolve: formatted(func(p *store.Post) string { return p.Content.String() }, func(c *call, p *store.Post) string { return c.site.content(p) })})
	}
	if pt.Supported("excerpt", v) {
		fields = append(fields, &fieldDecl{Name: "excerpt", Type: "String", Args: []argDecl{formatArg},
			Resolve: formatted(func(p *store.Post) string { return p.Excerpt }, func(c *call, p *store.Post) string { return c.site.excerpt(p) })})
	}
	if pt.Supported("author", v) {
		fields = append(fields, authorFields()...)
	}
	if pt.Supported("thumbnail", v) {
		fields = append(fields, featuredImageFields()...)
	}
	if pt.Supported("comments", v) {
		fields = append(fields, commentFieldsOf(ct)...)
	}
	if pt.Hierarchical || pt.Slug == "attachment" {
		fields = append(fields, hierarchyFields(ct)...)
	}
	if pt.Supported("revisions", v) { // NodeWithRevisions
		fields = append(fields, f("isRevision", "Boolean", func(_ *call, p any, _ map[string]any) (any, error) { return post(p).Type == "revision", nil }),
			revisionsOf(ct))
	}
	if pt.Supported("page-attributes", v) {
		fields = append(fields, f("menuOrder", "Int", func(_ *call, p any, _ map[string]any) (any, error) { return nilIfZero(post(p).MenuOrder()), nil }))
	}
	if pt.Slug == "post" {
		fields = append(fields, f("isSticky", "Boolean!", func(_ *call, p any, _ map[string]any) (any, error) { return post(p).Sticky, nil }),
			f("pingStatus", "String", func(_ *call, p any, _ map[string]any) (any, error) { return nilIfEmpty(post(p).PingStatus), nil }))
	}
	if pt.Slug == "page" {
		fields = append(fields,
			f("isPrivacyPage", "Boolean!", func(c *call, p any, _ map[string]any) (any, error) {
				return wp.OptionInt(c.Tx, "wp_page_for_privacy_policy") == post(p).ID, nil
			}))
	}
	if pt.Slug != "attachment" {
		fields = append(fields,
			f("hasPassword", "Boolean", func(_ *call, p any, _ map[string]any) (any, error) { return post(p).Password != "", nil }),
			f("password", "String", func(c *call, p any, _ map[string]any) (any, error) {
				if c.canEdit(post(p)) {
					return nilIfEmpty(post(p).Password), nil
				}
				return nil, nil
			}))
	}
	if pt.Slug == "attachment" {
		fields = append(fields, mediaFields()...)
	}
	fields = append(fields, termFieldsOf(ct)...)
	return restrict(fields)
}

// restrictedFields are the fields WPGraphQL's Post model shows of a post the caller
// may see only the outline of (a password-protected post to those who cannot edit
// it: allowed_restricted_fields); the others are null (an error, in a non-null one).
var restrictedFields = map[string]bool{"id": true, "title": true, "slug": true, "status": true, "uri": true, "link": true,
	"databaseId": true, "contentTypeName": true, "isFrontPage": true, "isPostsPage": true, "isRestricted": true,
	"isContentNode": true, "isTermNode": true, "isComment": true, "postId": true, "pageId": true, "mediaItemId": true}

// restrict makes the fields outside restrictedFields null for a restricted post.
func restrict(fields []*fieldDecl) []*fieldDecl {
	for _, fd := range fields {
		if restrictedFields[fd.Name] || fd.Resolve == nil {
			continue
		}
		r := fd.Resolve
		fd.Resolve = func(c *call, p any, args map[string]any) (any, error) {
			if c.restricted(post(p)) {
				return nil, nil
			}
			return r(c, p, args)
		}
	}
	return fields
}

// restricted is a post whose password the caller would have to give.
func (c *call) restricted(p *store.Post) bool { return p.Password != "" && !c.canEdit(p) }

// isPreview is the Post model's isPreview: the newest revision of its post
// (wp_get_post_revisions' first), or a draft of a type without revisions.
func (c *call) isPreview(p *store.Post) bool {
	if p.Type == "revision" {
		revs := wp.RevisionsOf(c.Tx, p.Parent)
		return len(revs) > 0 && revs[0].ID == p.ID
	}
	pt := wp.RegistryOf(c.Tx).TypeOf(p.Type)
	return p.Status == "draft" && pt != nil && !pt.Supported("revisions", c.site.Version)
}

// postLink is the Post model's link: get_permalink, or for a preview
// get_preview_post_link of its parent (a revision's post), else of the post itself
// (the global post WPGraphQL sets up): that link with preview=true added.
func (c *call) postLink(p *store.Post) string {
	if !c.isPreview(p) {
		return c.links().Post(p)
	}
	of := p
	if parent := c.Tx.Post(p.Parent); parent != nil {
		of = parent
	}
	link := c.links().Post(of)
	if strings.Contains(link, "?") { // add_query_arg
		return link + "&preview=true"
	}
	return link + "?preview=true"
}

// postURI is a post's uri: null for the posts page (WPGraphQL resolves its URI to
// the post type, not the page).
func (c *call) postURI(p *store.Post) any {
	if p.Type == "page" && wp.OptionString(c.Tx, "show_on_front") == "page" && wp.OptionInt(c.Tx, "page_for_posts") == p.ID {
		return nil
	}
	return c.uri(c.postLink(p))
}

// previewRevision is the database id of the autosave previewing a post's changes,
// shown to those who may edit it (null when there is none).
func (c *call) previewRevision(p *store.Post) any {
	if p.Type == "revision" || !c.canEdit(p) {
		return nil
	}
	for _, rv := range wp.RevisionsOf(c.Tx, p.ID) {
		if strings.Contains(rv.Slug, "autosave") {
			return rv.ID
		}
	}
	return nil
}

// renderTitle is get_the_title with the_title's filters.
// WPGraphQL filters post_title with the_title itself, so a private post has no
// "Private: " prefix (which a clone's rendered title of 6.1 carries).
func renderTitle(p *store.Post) string {
	if r := p.Rendered; r != nil && r.Title != nil && p.Status != "private" {
		return *r.Title
	}
	return wp.TheTitle(p.Title)
}

// typeInterfaces are the interfaces a post type's object type implements.
func typeInterfaces(ct *contentType, v wpversion.Version) []string {
	out := []string{"Node", "ContentNode", "UniformResourceIdentifiable", "DatabaseIdentifier"}
	has := func(feature, iface string) {
		if ct.pt.Supported(feature, v) {
			out = append(out, iface)
		}
	}
	has("title", "NodeWithTitle")
	if ct.pt.Supported("editor", v) {
		out = append(out, "NodeWithContentEditor")
	}
	has("excerpt", "NodeWithExcerpt")
	has("author", "NodeWithAuthor")
	has("thumbnail", "NodeWithFeaturedImage")
	has("comments", "NodeWithComments")
	has("page-attributes", "NodeWithPageAttributes")
	if ct.pt.Hierarchical || ct.pt.Slug == "attachment" {
		out = append(out, "HierarchicalContentNode", "HierarchicalNode")
	}
	if ct.pt.Slug != "attachment" {
		out = append(out, "MenuItemLinkable")
	}
	return out
}

// contentInterfaces declares the interfaces content nodes implement.
func contentInterfaces() []*typeDecl {
	node := []*fieldDecl{f("id", "ID!", nil)}
	cn := contentNodeFields()
	return []*typeDecl{
		{Name: "Node", Kind: iface, Fields: node},
		{Name: "DatabaseIdentifier", Kind: iface, Fields: []*fieldDecl{f("databaseId", "Int!", nil)}},
		{Name: "UniformResourceIdentifiable", Kind: iface, Implements: []string{"Node"}, Fields: uriFields()},
		{Name: "ContentNode", Kind: iface, Implements: []string{"Node", "UniformResourceIdentifiable"}, Fields: cn},
		{Name: "NodeWithTitle", Kind: iface, Implements: []string{"Node"}, Fields: []*fieldDecl{f("id", "ID!", nil), {Name: "title", Type: "String", Args: []argDecl{formatArg}}}},
		{Name: "NodeWithContentEditor", Kind: iface, Implements: []string{"Node"}, Fields: []*fieldDecl{f("id", "ID!", nil), {Name: "content", Type: "String", Args: []argDecl{formatArg}}}},
		{Name: "NodeWithExcerpt", Kind: iface, Implements: []string{"Node"}, Fields: []*fieldDecl{f("id", "ID!", nil), {Name: "excerpt", Type: "String", Args: []argDecl{formatArg}}}},
		{Name: "NodeWithAuthor", Kind: iface, Implements: []string{"Node"}, Fields: append([]*fieldDecl{f("id", "ID!", nil)}, authorFields()...)},
		{Name: "NodeWithFeaturedImage", Kind: iface, Implements: []string{"Node"}, Fields: append([]*fieldDecl{f("id", "ID!", nil)}, featuredImageFields()...)},
		{Name: "NodeWithComments", Kind: iface, Implements: []string{"Node"}, Fields: []*fieldDecl{f("id", "ID!", nil), f("commentCount", "Int", nil), f("commentStatus", "String", nil)}},
		{Name: "NodeWithPageAttributes", Kind: iface, Implements: []string{"Node"}, Fields: []*fieldDecl{f("id", "ID!", nil), f("menuOrder", "Int", nil)}},
		{Name: "HierarchicalNode", Kind: iface, Implements: []string{"Node", "DatabaseIdentifier"}, Fields: []*fieldDecl{
			f("id", "ID!", nil), f("databaseId", "Int!", nil), f("parentId", "ID", nil), f("parentDatabaseId", "Int", nil)}},
		{Name: "HierarchicalContentNode", Kind: iface, Implements: []string{"Node", "ContentNode", "DatabaseIdentifier", "HierarchicalNode", "UniformResourceIdentifiable"},
			Fields: append(append([]*fieldDecl{}, cn...), f("parentId", "ID", nil), f("parentDatabaseId", "Int", nil),
				f("parent", "HierarchicalContentNodeToParentContentNodeConnectionEdge", nil),
				&fieldDecl{Name: "children", Type: "HierarchicalContentNodeToContentNodeChildrenConnection", Args: pageArgs},
				&fieldDecl{Name: "ancestors", Type: "HierarchicalContentNodeToContentNodeAncestorsConnection", Args: pageArgs})},
		{Name: "MenuItemLinkable", Kind: iface, Implements: []string{"Node", "UniformResourceIdentifiable", "DatabaseIdentifier"},
			Fields: append(uriFields(), f("databaseId", "Int!", nil))},
		{Name: "PostObjectFieldFormatEnum", Kind: enum, Values: []string{"RAW", "RENDERED"}},
	}
}

// uriFields are UniformResourceIdentifiable's.
func uriFields() []*fieldDecl {
	return []*fieldDecl{f("id", "ID!", nil), f("uri", "String", nil), f("isContentNode", "Boolean!", nil), f("isTermNode", "Boolean!", nil),
		f("isComment", "Boolean!", nil), f("isFrontPage", "Boolean!", nil), f("isPostsPage", "Boolean!", nil)}
}

// authorFields are NodeWithAuthor's.
func authorFields() []*fieldDecl {
	return []*fieldDecl{
		f("author", "NodeWithAuthorToUserConnectionEdge", func(c *call, p any, _ map[string]any) (any, error) { return c.user(post(p).Author), nil }),
		f("authorId", "ID", func(_ *call, p any, _ map[string]any) (any, error) {
			if id := post(p).Author; id != 0 {
				return globalID(kindUser, id), nil
			}
			return nil, nil
		}),
		f("authorDatabaseId", "Int", func(_ *call, p any, _ map[string]any) (any, error) {
			if id := post(p).Author; id != 0 {
				return id, nil
			}
			return nil, nil
		}),
	}
}

// featuredImageFields are NodeWithFeaturedImage's.
func featuredImageFields() []*fieldDecl {
	return []*fieldDecl{
		f("featuredImage", "NodeWithFeaturedImageToMediaItemConnectionEdge", func(c *call, p any, _ map[string]any) (any, error) {
			if id := post(p).FeaturedMedia; id != 0 {
				if m := c.Tx.Post(id); m != nil && m.Type == "attachment" {
					return c.visible(m), nil
				}
			}
			return nil, nil
		}),
		f("featuredImageId", "ID", func(_ *call, p any, _ map[string]any) (any, error) {
			if id := post(p).FeaturedMedia; id != 0 {
				return globalID(kindPost, id), nil
			}
			return nil, nil
		}),
		f("featuredImageDatabaseId", "Int", func(_ *call, p any, _ map[string]any) (any, error) {
			if id := post(p).FeaturedMedia; id != 0 {
				return id, nil
			}
			return nil, nil
		}),
	}
}
