package graphql

import (
	"strconv"
	"strings"

	"github.com/wpmock/wpmock/mock/store"
)

// Comments as WPGraphQL shows them: approved comments to everyone, the others to
// those who may moderate_comments; the commenter a User or a CommentAuthor.

func cmt(p any) *store.Comment { return p.(*store.Comment) }

// mysqlDate is how the database prints a date.
const mysqlDate = "2006-01-02 15:04:05"

// commentAuthor is a comment's author who is not a registered user.
type commentAuthor struct{ c *store.Comment }

// commentVisible is the Comment model's is_private turned around: the caller's own
// comment, else a comment on a post the caller may read, approved or shown to a
// moderator.
func (c *call) commentVisible(x *store.Comment) bool {
	if c.Actor != nil && x.UserID != 0 && x.UserID == c.Actor.ID {
		return true
	}
	if !c.readable(c.Tx.Post(x.Post)) {
		return false
	}
	return x.Approved == "1" || (c.Actor != nil && c.Actor.Can("moderate_comments"))
}

// commentLink is the Comment model's link: get_comment_link without comment paging
// (page_comments is off on a new site), the post's permalink and #comment-<id>.
func (c *call) commentLink(x *store.Comment) string {
	frag := "#comment-" + strconv.Itoa(x.ID)
	if p := c.Tx.Post(x.Post); p != nil {
		return c.links().Post(p) + frag
	}
	return c.Home + "/" + frag
}

// commentFieldsOf are NodeWithComments' fields and the comments connection.
func commentFieldsOf(ct *contentType) []*fieldDecl {
	return []*fieldDecl{
		f("commentCount", "Int", func(c *call, p any, _ map[string]any) (any, error) {
			n := 0
			for _, x := range c.Tx.CommentsOfPost(post(p).ID) {
				if x.Approved == "1" {
					n++
				}
			}
			return n, nil
		}),
		f("commentStatus", "String", func(_ *call, p any, _ map[string]any) (any, error) { return post(p).CommentStatus, nil }),
		{Name: "comments", Type: ct.name + "ToCommentConnection", Args: pageArgs, Resolve: func(c *call, p any, args map[string]any) (any, error) {
			var list []*store.Comment
			for _, x := range c.Tx.CommentsOfPost(post(p).ID) {
				if c.commentVisible(x) {
					list = append(list, x)
				}
			}
			return commentConnection(list, args)
		}},
	}
}

func commentConnection(list []*store.Comment, args map[string]any) (*conn, error) {
	sortStable(list, func(a, b *store.Comment) bool {
		if !a.DateGMT.Equal(b.DateGMT) {
			return a.DateGMT.After(b.DateGMT)
		}
		return a.ID > b.ID
	})
	ids := make([]int, len(list))
	for i, x := range list {
		ids[i] = x.ID
	}
	return connectionOf(ids, func(i int) any { return list[i] }, args)
}

func commentDecls() []*typeDecl {
	author := func(p any) *store.Comment { return p.(*commentAuthor).c }
	commenter := []*fieldDecl{f("id", "ID!", nil), f("databaseId", "Int!", nil), f("name", "String", nil), f("url", "String", nil), f("email", "String", nil)}
	out := []*typeDecl{
		{Name: "Commenter", Kind: iface, Implements: []string{"Node", "DatabaseIdentifier"}, Fields: commenter},
		{Name: "CommentAuthor", Kind: object, Implements: []string{"Node", "Commenter", "DatabaseIdentifier"}, Fields: []*fieldDecl{
			f("id", "ID!", func(_ *call, p any, _ map[string]any) (any, error) {
				return globalID("comment_author", author(p).ID), nil
			}),
			f("databaseId", "Int!", func(_ *call, p any, _ map[string]any) (any, error) { return author(p).ID, nil }),
			f("name", "String", func(_ *call, p any, _ map[string]any) (any, error) { return author(p).Author, nil }),
			f("url", "String", func(_ *call, p any, _ map[string]any) (any, error) { return nilIfEmpty(author(p).AuthorURL), nil }),
			f("email", "String", func(c *call, p any, _ map[string]any) (any, error) {
				if c.Actor == nil || !c.Actor.Can("moderate_comments") {
					return nil, nil
				}
				return nilIfEmpty(author(p).AuthorEmail), nil
			}),
		}},
		{Name: "Comment", Kind: object, Implements: []string{"Node", "DatabaseIdentifier", "UniformResourceIdentifiable"}, Fields: []*fieldDecl{
			f("id", "ID!", func(_ *call, p any, _ map[string]any) (any, error) { return globalID(kindComment, cmt(p).ID), nil }),
			f("databaseId", "Int!", func(_ *call, p any, _ map[string]any) (any, error) { return cmt(p).ID, nil }),
			f("commentId", "Int", func(_ *call, p any, _ map[string]any) (any, error) { return cmt(p).ID, nil }).deprecated("Deprecated in favor of databaseId"),
			{Name: "content", Type: "String", Args: []argDecl{formatArg}, Resolve: func(c *call, p any, _ map[string]any) (any, error) {
				return c.site.commentContent(c.Home, cmt(p)), nil
			}},
			// a comment's dates are the database's (MySQL's format), unlike a post's
			f("date", "String", func(_ *call, p any, _ map[string]any) (any, error) { return cmt(p).Date.Format(mysqlDate), nil }),
			f("dateGmt", "String", func(_ *call, p any, _ map[string]any) (any, error) { return cmt(p).DateGMT.Format(mysqlDate), nil }),
			f("link", "String", func(c *call, p any, _ map[string]any) (any, error) { return c.commentLink(cmt(p)), nil }),
			f("uri", "String", func(c *call, p any, _ map[string]any) (any, error) {
				return strings.TrimPrefix(c.commentLink(cmt(p)), c.Home), nil
			}),
			f("isComment", "Boolean!", constant(true)),
			f("isFrontPage", "Boolean!", constant(false)), // the Comment model has neither
			f("isPostsPage", "Boolean!", constant(false)),
			f("isContentNode", "Boolean!", constant(false)),
			f("isTermNode", "Boolean!", constant(false)),
			f("isRestricted", "Boolean", constant(false)),
			f("karma", "Int", func(_ *call, p any, _ map[string]any) (any, error) { return cmt(p).Karma, nil }),
			f("approved", "Boolean", func(_ *call, p any, _ map[string]any) (any, error) { return cmt(p).Approved == "1", nil }).
				deprecated("Deprecated in favor of the `status` field"),
			f("status", "CommentStatusEnum", func(_ *call, p any, _ map[string]any) (any, error) {
				return map[string]string{"1": "APPROVE", "0": "HOLD", "spam": "SPAM", "trash": "TRASH"}[cmt(p).Approved], nil
			}),
			f("type", "String", func(_ *call, p any, _ map[string]any) (any, error) { return cmt(p).Type, nil }),
			f("parentId", "ID", func(_ *call, p any, _ map[string]any) (any, error) {
				if id := cmt(p).Parent; id != 0 {
					return globalID(kindComment, id), nil
				}
				return nil, nil
			}),
			f("parentDatabaseId", "Int", func(_ *call, p any, _ map[string]any) (any, error) { return cmt(p).Parent, nil }),
			f("commentedOn", "CommentToContentNodeConnectionEdge", func(c *call, p any, _ map[string]any) (any, error) {
				return c.visible(c.Tx.Post(cmt(p).Post)), nil
			}),
			f("author", "CommentToCommenterConnectionEdge", func(c *call, p any, _ map[string]any) (any, error) {
				if id := cmt(p).UserID; id != 0 {
					if u := c.Tx.User(id); u != nil {
						return u, nil
					}
				}
				return &commentAuthor{cmt(p)}, nil
			}),
			{Name: "replies", Type: "CommentToCommentConnection", Args: pageArgs, Resolve: func(c *call, p any, args map[string]any) (any, error) {
				var list []*store.Comment
				for _, x := range c.Tx.CommentReplies(cmt(p).ID) {
					if c.commentVisible(x) {
						list = append(list, x)
					}
				}
				return commentConnection(list, args)
			}},
		}},
		{Name: "CommentStatusEnum", Kind: enum, Values: []string{"APPROVE", "HOLD", "SPAM", "TRASH"}},
		edgeDecl("CommentToContentNodeConnectionEdge", "ContentNode"),
		edgeDecl("CommentToCommenterConnectionEdge", "Commenter"),
		{Name: "RootQueryToCommentConnectionWhereArgs", Kind: input, Fields: []*fieldDecl{f("contentId", "ID", nil), f("contentName", "String", nil),
			f("parent", "Int", nil), f("statusIn", "[CommentStatusEnum]", nil)}},
	}
	out = append(out, connDecls("CommentToCommentConnection", "Comment")...)
	return append(out, connDecls("RootQueryToCommentConnection", "Comment")...)
}

func rootCommentFields() []*fieldDecl {
	return []*fieldDecl{
		{Name: "comment", Type: "Comment", Args: []argDecl{a("id", "ID!"), {Name: "idType", Type: "CommentNodeIdTypeEnum"}},
			Resolve: func(c *call, _ any, args map[string]any) (any, error) {
				id := idArg(args["id"])
				n, _ := strconv.Atoi(id)
				if t, _ := args["idType"].(string); t != "DATABASE_ID" {
					_, v := fromGlobalID(id)
					n, _ = strconv.Atoi(v)
				}
				if x := c.Tx.Comment(n); x != nil && c.commentVisible(x) && c.readable(c.Tx.Post(x.Post)) {
					return x, nil
				}
				return nil, nil
			}},
		{Name: "comments", Type: "RootQueryToCommentConnection", Args: append(append([]argDecl{}, pageArgs...), argDecl{Name: "where", Type: "RootQueryToCommentConnectionWhereArgs"}),
			Resolve: func(c *call, _ any, args map[string]any) (any, error) {
				where, _ := args["where"].(map[string]any)
				post := -1
				if v, ok := where["contentId"]; ok && v != nil {
					post = c.databaseID(v)
				}
				if name, _ := where["contentName"].(string); name != "" {
					post = 0
					for _, ct := range c.s.types {
						if list := c.Tx.PostsWithSlug(ct.pt.Slug, name); len(list) > 0 {
							post = list[0].ID
							break
						}
					}
				}
				var list []*store.Comment
				for _, x := range c.Tx.Comments() {
					if parent, ok := where["parent"]; ok && parent != nil && x.Parent != toInt(parent) {
						continue
					}
					if (post < 0 || x.Post == post) && c.commentVisible(x) && c.readable(c.Tx.Post(x.Post)) {
						list = append(list, x)
					}
				}
				return commentConnection(list, args)
			}},
	}
}
