package graphql

import "slices"

// Connections as WPGraphQL's AbstractConnectionResolver gives them: first/last/after/
// before over an ordered list, 10 nodes unless asked, 100 at most
// (graphql_connection_max_query_amount), edges with cursors, and pageInfo.

const (
	defaultPage = 10
	maxPage     = 100
)

// conn is a connection's value: its window, with each node's database id.
type conn struct {
	nodes            []any
	ids              []int
	hasNext, hasPrev bool
}

// edgeOf is one edge: the cursor and the node.
type edgeOf struct {
	cursor string
	node   any
}

// window is how a connection's arguments cut an ordered list of n items.
type window struct {
	start, end       int
	hasNext, hasPrev bool
}

// pageArgs are a connection's standard arguments.
var pageArgs = []argDecl{a("first", "Int"), a("last", "Int"), a("after", "String"), a("before", "String")}

// amount is the page size asked.
func amount(args map[string]any) (n int, backward bool, err error) {
	first, hasFirst := args["first"]
	last, hasLast := args["last"]
	if hasFirst && first != nil && hasLast && last != nil {
		return 0, false, userErrorf("%s", msgFirstAndLast)
	}
	n = defaultPage
	switch {
	case hasLast && last != nil:
		n, backward = toInt(last), true
	case hasFirst && first != nil:
		n = toInt(first)
	}
	if n < 0 {
		return 0, false, userErrorf("%s", msgNegative)
	}
	return min(n, maxPage), backward, nil
}

// Messages of the connection resolver for bad page arguments.
const (
	msgFirstAndLast = "The `first` and `last` connection args cannot be used together. For forward pagination, use `first` &amp; `after`. For backward pagination, use `last` &amp; `before`."
	msgNegative     = "first must be a positive integer."
)

// cut is the window the arguments make of ids (the list's order).
func cut(ids []int, args map[string]any) (window, error) {
	n, backward, err := amount(args)
	if err != nil {
		return window{}, err
	}
	lo, hi := 0, len(ids)
	after, _ := args["after"].(string)
	before, _ := args["before"].(string)
	if after != "" {
		if i := indexOf(ids, cursorID(after)); i >= 0 {
			lo = i + 1
		}
	}
	if before != "" {
		if i := indexOf(ids, cursorID(before)); i >= 0 {
			hi = i
		}
	}
	if lo > hi {
		lo = hi
	}
	if backward {
		start := max(lo, hi-n)
		return window{start: start, end: hi, hasPrev: start > lo, hasNext: before != ""}, nil
	}
	end := min(hi, lo+n)
	return window{start: lo, end: end, hasNext: end < hi, hasPrev: after != ""}, nil
}

func indexOf(ids []int, id int) int {
	for i, x := range ids {
		if x == id {
			return i
		}
	}
	return -1
}

// connectionOf makes a connection of an ordered list: node(i) is the i-th item.
func connectionOf(ids []int, node func(i int) any, args map[string]any) (*conn, error) {
	w, err := cut(ids, args)
	if err != nil {
		return nil, err
	}
	c := &conn{hasNext: w.hasNext, hasPrev: w.hasPrev}
	for i := w.start; i < w.end; i++ {
		c.nodes, c.ids = append(c.nodes, node(i)), append(c.ids, ids[i])
	}
	return c, nil
}

// connDecls declares a connection type name (its edge and page info types too) of
// nodes of type node.
func connDecls(name, node string, ifaces ...string) []*typeDecl {
	edge, info := name+"Edge", name+"PageInfo"
	return []*typeDecl{
		{Name: name, Kind: object, Implements: append([]string{"Connection"}, ifaces...), Fields: []*fieldDecl{
			f("edges", "["+edge+"!]!", func(_ *call, p any, _ map[string]any) (any, error) {
				c := p.(*conn)
				out := make([]edgeOf, len(c.nodes))
				for i := range c.nodes {
					out[i] = edgeOf{cursor(c.ids[i]), c.nodes[i]}
				}
				return out, nil
			}),
			f("nodes", "["+node+"!]!", func(_ *call, p any, _ map[string]any) (any, error) { return p.(*conn).nodes, nil }),
			f("pageInfo", info+"!", func(_ *call, p any, _ map[string]any) (any, error) { return p, nil }),
		}},
		{Name: edge, Kind: object, Implements: []string{"Edge"}, Fields: []*fieldDecl{
			f("cursor", "String", func(_ *call, p any, _ map[string]any) (any, error) { return p.(edgeOf).cursor, nil }),
			f("node", node+"!", func(_ *call, p any, _ map[string]any) (any, error) { return p.(edgeOf).node, nil }),
		}},
		{Name: info, Kind: object, Implements: []string{"WPPageInfo", "PageInfo"}, Fields: pageInfoFields},
	}
}

// pageInfoFields are WPPageInfo's.
var pageInfoFields = []*fieldDecl{
	f("endCursor", "String", func(_ *call, p any, _ map[string]any) (any, error) {
		if c := p.(*conn); len(c.ids) > 0 {
			return cursor(c.ids[len(c.ids)-1]), nil
		}
		return nil, nil
	}),
	f("hasNextPage", "Boolean!", func(_ *call, p any, _ map[string]any) (any, error) { return p.(*conn).hasNext, nil }),
	f("hasPreviousPage", "Boolean!", func(_ *call, p any, _ map[string]any) (any, error) { return p.(*conn).hasPrev, nil }),
	f("startCursor", "String", func(_ *call, p any, _ map[string]any) (any, error) {
		if c := p.(*conn); len(c.ids) > 0 {
			return cursor(c.ids[0]), nil
		}
		return nil, nil
	}),
}

// edgeDecl declares a one-to-one connection's edge (an author, a featured image): a
// node only.
func edgeDecl(name, node string) *typeDecl {
	return &typeDecl{Name: name, Kind: object, Implements: []string{"Edge", "OneToOneConnection"}, Fields: []*fieldDecl{
		f("cursor", "String", func(_ *call, p any, _ map[string]any) (any, error) { return nil, nil }),
		f("node", node+"!", func(_ *call, p any, _ map[string]any) (any, error) { return p, nil }),
	}}
}

// relayDecls are the interfaces every connection, edge and page info implements.
func relayDecls() []*typeDecl {
	return []*typeDecl{
		{Name: "Connection", Kind: iface, Fields: []*fieldDecl{f("edges", "[Edge!]!", nil), f("nodes", "[Node!]!", nil), f("pageInfo", "PageInfo!", nil)}},
		{Name: "Edge", Kind: iface, Fields: []*fieldDecl{f("cursor", "String", nil), f("node", "Node!", nil)}},
		{Name: "OneToOneConnection", Kind: iface, Implements: []string{"Edge"}, Fields: []*fieldDecl{f("cursor", "String", nil), f("node", "Node!", nil)}},
		{Name: "PageInfo", Kind: iface, Fields: pageInfoFields},
		{Name: "WPPageInfo", Kind: iface, Implements: []string{"PageInfo"}, Fields: pageInfoFields},
	}
}

// sortStable sorts a list by less, keeping equal items in their order.
func sortStable[T any](list []T, less func(a, b T) bool) {
	slices.SortStableFunc(list, func(a, b T) int {
		switch {
		case less(a, b):
			return -1
		case less(b, a):
			return 1
		}
		return 0
	})
}
