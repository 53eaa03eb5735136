package graphql

import (
	"github.com/wpmock/wpmock/mock/store"
	"github.com/wpmock/wpmock/mock/wp"
)

// Hierarchical content nodes (pages, and a site's own hierarchical types): parent,
// children and ancestors, as HierarchicalContentNode gives them.

func hierarchyFields(ct *contentType) []*fieldDecl {
	return []*fieldDecl{
		f("parentId", "ID", func(_ *call, p any, _ map[string]any) (any, error) {
			if id := post(p).Parent; id != 0 {
				return globalID(kindPost, id), nil
			}
			return nil, nil
		}),
		f("parentDatabaseId", "Int", func(_ *call, p any, _ map[string]any) (any, error) {
			if id := post(p).Parent; id != 0 {
				return id, nil
			}
			return nil, nil
		}),
		f("parent", "HierarchicalContentNodeToParentContentNodeConnectionEdge", func(c *call, p any, _ map[string]any) (any, error) {
			if id := post(p).Parent; id != 0 {
				return c.visible(c.Tx.Post(id)), nil
			}
			return nil, nil
		}),
		{Name: "children", Type: "HierarchicalContentNodeToContentNodeChildrenConnection", Args: pageArgs,
			Resolve: func(c *call, p any, args map[string]any) (any, error) {
				var kids []*store.Post
				for _, k := range c.Tx.Children(post(p).ID) {
					if k.Type == post(p).Type && c.listed(k) {
						kids = append(kids, k)
					}
				}
				orderPosts(kids, "date", "desc")
				return postConnection(kids, args)
			}},
		{Name: "ancestors", Type: "HierarchicalContentNodeToContentNodeAncestorsConnection", Args: pageArgs,
			Resolve: func(c *call, p any, args map[string]any) (any, error) {
				var out []*store.Post
				for _, a := range wp.PostAncestors(c.Tx, post(p)) {
					if c.readable(a) {
						out = append(out, a)
					}
				}
				if len(out) == 0 { // WPGraphQL gives no connection when there is no ancestor
					return nil, nil
				}
				return postConnection(out, args)
			}},
	}
}

// listed is whether a post shows in a list the caller reads: published, or readable
// and asked for (lists show published items unless a status is asked).
func (c *call) listed(p *store.Post) bool {
	return p.Status == "publish" || (p.Status == "inherit" && c.readable(p))
}

// postConnection is a connection of posts in their order.
func postConnection(list []*store.Post, args map[string]any) (*conn, error) {
	ids := make([]int, len(list))
	for i, p := range list {
		ids[i] = p.ID
	}
	return connectionOf(ids, func(i int) any { return list[i] }, args)
}

// orderPosts sorts posts as the store orders a query (the field, then the id).
func orderPosts(list []*store.Post, by, order string) {
	q := &store.PostQuery{OrderBy: by, Order: order}
	sortStable(list, q.Less)
}

func hierarchyDecls() []*typeDecl {
	out := []*typeDecl{edgeDecl("HierarchicalContentNodeToParentContentNodeConnectionEdge", "ContentNode")}
	out = append(out, connDecls("HierarchicalContentNodeToContentNodeChildrenConnection", "ContentNode")...)
	return append(out, connDecls("HierarchicalContentNodeToContentNodeAncestorsConnection", "ContentNode")...)
}
