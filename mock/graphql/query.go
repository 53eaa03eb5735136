package graphql

import (
	"strconv"
	"strings"

	"github.com/wpmock/wpmock/mock/store"
	"github.com/wpmock/wpmock/mock/wp"
	"github.com/wpmock/wpmock/mock/wpversion"
)

// The root fields of a post type: the item by one of its id types, and the list
// (PostObjectConnectionResolver: WP_Query's arguments from where, the caller's
// statuses, then the cursor's window).

// idTypes are a post type's <Type>IdType values: hierarchical types have no SLUG
// (their URI names them), media items have SOURCE_URL too.
func idTypes(ct *contentType) []string {
	out := []string{"DATABASE_ID", "ID", "URI"}
	if !ct.pt.Hierarchical {
		out = append(out, "SLUG")
	}
	if ct.pt.Slug == "attachment" {
		out = append(out, "SOURCE_URL")
	}
	return out
}

// rootContentFields are a post type's root fields.
func rootContentFields(ct *contentType) []*fieldDecl {
	return []*fieldDecl{
		{Name: ct.single, Type: ct.name, Args: []argDecl{a("id", "ID!"), {Name: "idType", Type: ct.name + "IdType"}, a("asPreview", "Boolean")},
			Resolve: func(c *call, _ any, args map[string]any) (any, error) {
				if err := checkGlobalID(args); err != nil {
					return nil, err
				}
				p := c.postBy(ct, args)
				if p == nil {
					return nil, nil
				}
				if preview, _ := args["asPreview"].(bool); preview && p.Type != "revision" {
					if !c.canEdit(p) { // a preview is for those who may edit the post
						return nil, nil
					}
					if rv := latestPreview(c.Tx, p); rv != nil {
						return rv, nil
					}
				}
				return c.visible(p), nil
			}},
		{Name: ct.plural, Type: "RootQueryTo" + ct.name + "Connection",
			Args: append(append([]argDecl{}, pageArgs...), argDecl{Name: "where", Type: "RootQueryTo" + ct.name + "ConnectionWhereArgs"}),
			Resolve: func(c *call, _ any, args map[string]any) (any, error) {
				where, _ := args["where"].(map[string]any)
				return c.postsConnection([]*contentType{ct}, where, args)
			}},
	}
}

// msgBadID is WPGraphQL's error for an id of idType ID that is no global id.
const msgBadID = "The ID input is invalid. Make sure you set the proper idType for your input."

// checkGlobalID refuses an id asked as a global id (the default idType) that is not one.
func checkGlobalID(args map[string]any) error {
	if t, _ := args["idType"].(string); t != "" && t != "ID" {
		return nil
	}
	// the decoded id must name a database id ("post:12")
	if kind, v := fromGlobalID(idArg(args["id"])); kind == "" || toInt(v) <= 0 {
		return userErrorf("%s", msgBadID)
	}
	return nil
}

// postBy finds the post an id of an id type names (nil when none of the type).
func (c *call) postBy(ct *contentType, args map[string]any) *store.Post {
	id := idArg(args["id"])
	idType, _ := args["idType"].(string)
	var p *store.Post
	switch idType {
	case "DATABASE_ID":
		n, _ := strconv.Atoi(id)
		p = c.Tx.Post(n)
	case "URI":
		if n, ok := c.byURI(id).(*store.Post); ok {
			p = n
		}
	case "SLUG":
		for _, q := range c.Tx.PostsWithSlug(ct.pt.Slug, id) {
			if p == nil || q.Status == "publish" {
				p = q
			}
		}
	case "SOURCE_URL":
		for _, q := range c.Tx.PostsByID("attachment") {
			if attachmentImage(c.Tx, c.Home, q).SourceURL == id {
				p = q
				break
			}
		}
	default: // ID
		kind, v := fromGlobalID(id)
		if kind != kindPost {
			return nil
		}
		n, _ := strconv.Atoi(v)
		p = c.Tx.Post(n)
	}
	if p != nil && p.Type == "revision" { // a revision is asked by its parent's type, by those who may edit it
		if parent := c.Tx.Post(p.Parent); parent != nil && parent.Type == ct.pt.Slug && c.canEdit(parent) {
			return p
		}
		return nil
	}
	if p == nil || p.Type != ct.pt.Slug {
		return nil
	}
	return p
}

// latestPreview is the post's autosave (wp_get_post_autosave), else its newest
// revision: what asPreview shows an editor.
func latestPreview(tx *store.Tx, p *store.Post) *store.Post {
	revs := wp.RevisionsOf(tx, p.ID)
	for _, rv := range revs {
		if strings.Contains(rv.Slug, "autosave") {
			return rv
		}
	}
	if len(revs) > 0 {
		return revs[0]
	}
	return nil
}

// whereArgs are a post connection's where arguments (those the mock reads), as
// PostObjects::get_connection_args gives them: to one post type (ct) the author's
// where it supports authors, the category's and the tag's where it has those
// taxonomies; to many (ct nil) contentTypes of the enum typesEnum.
func whereArgs(name string, ct *contentType, v wpversion.Version, typesEnum string) *typeDecl {
	var fields []*fieldDecl
	if ct != nil && ct.pt.Supported("author", v) {
		fields = append(fields, f("author", "Int", nil), f("authorName", "String", nil), f("authorIn", "[ID]", nil), f("authorNotIn", "[ID]", nil))
	}
	fields = append(fields,
		f("id", "Int", nil), f("in", "[ID]", nil), f("notIn", "[ID]", nil), f("name", "String", nil), f("nameIn", "[String]", nil),
		f("parent", "ID", nil), f("parentIn", "[ID]", nil), f("parentNotIn", "[ID]", nil),
		f("search", "String", nil), f("status", "PostStatusEnum", nil), f("stati", "[PostStatusEnum]", nil),
		f("orderby", "[PostObjectsConnectionOrderbyInput]", nil), f("isSticky", "Boolean", nil), f("dateQuery", "DateQueryInput", nil))
	if ct == nil {
		fields = append(fields, f("contentTypes", "["+typesEnum+"]", nil))
	}
	if ct != nil && hasTaxonomy(ct, "category") {
		fields = append(fields, f("categoryId", "Int", nil), f("categoryName", "String", nil), f("categoryIn", "[ID]", nil), f("categoryNotIn", "[ID]", nil))
	}
	if ct != nil && hasTaxonomy(ct, "post_tag") {
		fields = append(fields, f("tag", "String", nil), f("tagId", "String", nil), f("tagIn", "[ID]", nil), f("tagNotIn", "[ID]", nil),
			f("tagSlugIn", "[String]", nil), f("tagSlugAnd", "[String]", nil))
	}
	return &typeDecl{Name: name, Kind: input, Fields: fields}
}

func hasTaxonomy(ct *contentType, tax string) bool {
	for _, t := range ct.pt.Taxonomies {
		if t == tax {
			return true
		}
	}
	return false
}

// orderbyFields maps PostObjectsConnectionOrderbyEnum to the store's orderby.
var orderbyFields = map[string]string{"AUTHOR": "author", "DATE": "date", "IN": "include", "MENU_ORDER": "menu_order",
	"MODIFIED": "modified", "NAME_IN": "include_slugs", "PARENT": "parent", "SLUG": "slug", "TITLE": "title", "COMMENT_COUNT": "date"}

// postStatuses are PostStatusEnum's values and the statuses they name.
var postStatuses = []string{"AUTO_DRAFT", "DRAFT", "FUTURE", "INHERIT", "PENDING", "PRIVATE", "PUBLISH", "REQUEST_COMPLETED",
	"REQUEST_CONFIRMED", "REQUEST_FAILED", "REQUEST_PENDING", "TRASH"}

func statusOf(enum string) string { return strings.ReplaceAll(strings.ToLower(enum), "_", "-") }
