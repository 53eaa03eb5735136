package graphql

import (
	"cmp"
	"strconv"
	"strings"
	"time"

	"github.com/wpmock/wpmock/mock/store"
	"github.com/wpmock/wpmock/mock/wp"
)

// queryPosts lists the posts of the types that the where arguments ask, in their
// order (date, newest first, unless orderby says otherwise), each one the caller
// may read; clauses are the connection's own tax_query (a term's posts).
func (c *call) queryPosts(cts []*contentType, where map[string]any, clauses ...store.TaxClause) ([]*store.Post, error) {
	cts = c.typesAsked(cts, where)
	var all []*store.Post
	var q *store.PostQuery
	for _, ct := range cts {
		q = c.postQuery(ct, where)
		if q == nil {
			continue
		}
		q.Tax = append(q.Tax, clauses...)
		q.Size = len(c.Tx.PostsByDate(ct.pt.Slug))
		window, _ := c.Tx.QueryPosts(q)
		for _, p := range window {
			if c.readable(p) {
				all = append(all, p)
			}
		}
	}
	if len(cts) > 1 && q != nil {
		sortStable(all, q.Less)
	}
	if q != nil {
		if key := orderKeys[q.OrderBy]; key != nil {
			sortStable(all, tieByDate(key, q.Order == "desc"))
		}
	}
	return all, nil
}

// typesAsked are the types of cts that where's contentTypes names (all of them when
// it names none).
func (c *call) typesAsked(cts []*contentType, where map[string]any) []*contentType {
	types, ok := where["contentTypes"].([]any)
	if !ok || len(types) == 0 {
		return cts
	}
	var keep []*contentType
	for _, t := range types {
		for _, ct := range cts {
			if s, _ := t.(string); typeEnum(ct) == s {
				keep = append(keep, ct)
			}
		}
	}
	return keep
}

// orderKeys compare two posts by an orderby other than the date.
var orderKeys = map[string]func(a, b *store.Post) int{
	"menu_order": func(a, b *store.Post) int { return cmp.Compare(a.MenuOrder(), b.MenuOrder()) },
	"title":      func(a, b *store.Post) int { return cmp.Compare(strings.ToLower(a.Title), strings.ToLower(b.Title)) },
	"slug":       func(a, b *store.Post) int { return cmp.Compare(a.Slug, b.Slug) },
	"modified":   func(a, b *store.Post) int { return a.Modified.Compare(b.Modified) },
	"author":     func(a, b *store.Post) int { return cmp.Compare(a.Author, b.Author) },
	"parent":     func(a, b *store.Post) int { return cmp.Compare(a.Parent, b.Parent) },
}

// tieByDate orders by a key, then as WPGraphQL's cursor breaks ties: newest first,
// then the highest id.
func tieByDate(key func(a, b *store.Post) int, desc bool) func(a, b *store.Post) bool {
	return func(a, b *store.Post) bool {
		k := key(a, b)
		if desc {
			k = -k
		}
		if k != 0 {
			return k < 0
		}
		if !a.Date.Equal(b.Date) {
			return a.Date.After(b.Date)
		}
		return a.ID > b.ID
	}
}

// postQuery turns where into WP_Query's arguments for one type (nil: it lists none).
func (c *call) postQuery(ct *contentType, where map[string]any) *store.PostQuery {
	q := &store.PostQuery{Type: ct.pt.Slug, Order: "desc", OrderBy: "date"}
	q.Statuses = c.statuses(ct, where)
	ints := func(key string) map[int]bool {
		list, ok := where[key].([]any)
		if !ok {
			return nil
		}
		out := map[int]bool{}
		for _, v := range list {
			out[c.databaseID(v)] = true
		}
		return out
	}
	q.Include, q.Exclude = ints("in"), ints("notIn")
	if list, ok := where["in"].([]any); ok && len(list) > 0 { // WPGraphQL keeps the order asked
		q.OrderBy, q.Order = "include", "asc"
		for _, v := range list {
			q.IncludeOrder = append(q.IncludeOrder, c.databaseID(v))
		}
	}
	if v, ok := where["isSticky"].(bool); ok {
		q.Sticky = &v
	}
	if v, ok := where["id"]; ok && v != nil {
		q.Include = map[int]bool{toInt(v): true}
	}
	c.relationClauses(q, where, ints)
	if !c.taxClauses(q, where) {
		return nil
	}
	if dq, ok := where["dateQuery"].(map[string]any); ok {
		dateBounds(q, dq)
	}
	if s, _ := where["search"].(string); s != "" {
		wp.ParseSearch(s).Apply(q)
		q.OrderBy = "relevance"
		q.SearchPublicOnly = c.Actor == nil
	}
	postOrderby(q, where)
	return q
}

// relationClauses are where's author, parent and slug arguments, as WPGraphQL maps them
// onto WP_Query's author__in, post_parent__in and post_name__in (ints reads a list of
// ids).
func (c *call) relationClauses(q *store.PostQuery, where map[string]any, ints func(string) map[int]bool) {
	q.Authors, q.AuthorsNot = ints("authorIn"), ints("authorNotIn")
	if v, ok := where["author"]; ok && v != nil {
		q.Authors = map[int]bool{toInt(v): true}
	}
	if name, _ := where["authorName"].(string); name != "" {
		q.Authors = map[int]bool{}
		for _, u := range c.Tx.Users() {
			if u.Slug == name {
				q.Authors[u.ID] = true
			}
		}
	}
	if v, ok := where["parent"]; ok && v != nil {
		q.Parents = map[int]bool{c.databaseID(v): true}
	}
	if m := ints("parentIn"); m != nil {
		q.Parents = m
	}
	q.ParentsNot = ints("parentNotIn")
	if name, _ := where["name"].(string); name != "" {
		q.Slugs = map[string]bool{name: true}
	}
	if list, ok := where["nameIn"].([]any); ok {
		q.Slugs = map[string]bool{}
		for _, v := range list {
			s, _ := v.(string)
			q.Slugs[s], q.SlugOrder = true, append(q.SlugOrder, s)
		}
	}
}

// postOrderby is where's orderby: its first field and order, as WPGraphQL's
// PostObjectConnectionResolver reads them (one input coerced to a list of it).
func postOrderby(q *store.PostQuery, where map[string]any) {
	orderby, _ := where["orderby"].([]any)
	if o, ok := where["orderby"].(map[string]any); ok { // one input coerced to a list of it
		orderby = []any{o}
	}
	if len(orderby) > 0 {
		if o, ok := orderby[0].(map[string]any); ok {
			field, _ := o["field"].(string)
			order, _ := o["order"].(string)
			if by := orderbyFields[field]; by != "" {
				q.OrderBy = by
			}
			if order == "ASC" {
				q.Order = "asc"
			}
		}
	}
}

// statuses are the statuses a list shows: publish (inherit for media) unless the
// caller may edit the type's posts and asks for others, as WPGraphQL sanitizes
// post_status.
func (c *call) statuses(ct *contentType, where map[string]any) map[string]bool {
	def := "publish"
	if ct.pt.Slug == "attachment" {
		def = "inherit"
	}
	var asked []string
	if s, _ := where["status"].(string); s != "" {
		asked = append(asked, statusOf(s))
	}
	if list, ok := where["stati"].([]any); ok {
		for _, v := range list {
			if s, _ := v.(string); s != "" {
				asked = append(asked, statusOf(s))
			}
		}
	}
	if len(asked) == 0 { // the statuses asked are listed; readable drops what the caller may not see
		return map[string]bool{def: true}
	}
	out := map[string]bool{}
	for _, s := range asked {
		out[s] = true
	}
	return out
}

// taxClauses adds the category and tag arguments; false when one names no term, so
// the list is empty.
func (c *call) taxClauses(q *store.PostQuery, where map[string]any) bool {
	add := func(tax string, ids map[int]bool, exclude, and bool) {
		q.Tax = append(q.Tax, store.TaxClause{Taxonomy: tax, Terms: ids, Exclude: exclude, And: and})
	}
	bySlug := func(tax, slug string) (int, bool) {
		for _, t := range c.Tx.Terms(tax) {
			if t.Slug == slug {
				return t.ID, true
			}
		}
		return 0, false
	}
	idList := func(key string) map[int]bool {
		list, _ := where[key].([]any)
		if len(list) == 0 {
			return nil
		}
		out := map[int]bool{}
		for _, v := range list {
			out[c.databaseID(v)] = true
		}
		return out
	}
	if name, _ := where["categoryName"].(string); name != "" {
		id, ok := bySlug("category", name)
		if !ok {
			return false
		}
		add("category", withChildren(c.Tx, "category", id), false, false)
	}
	if v, ok := where["categoryId"]; ok && v != nil {
		add("category", withChildren(c.Tx, "category", toInt(v)), false, false)
	}
	if m := idList("categoryIn"); m != nil {
		add("category", m, false, false)
	}
	if m := idList("categoryNotIn"); m != nil {
		add("category", m, true, false)
	}
	if name, _ := where["tag"].(string); name != "" {
		id, ok := bySlug("post_tag", name)
		if !ok {
			return false
		}
		add("post_tag", map[int]bool{id: true}, false, false)
	}
	if v, _ := where["tagId"].(string); v != "" {
		n, _ := strconv.Atoi(v)
		add("post_tag", map[int]bool{n: true}, false, false)
	}
	if m := idList("tagIn"); m != nil {
		add("post_tag", m, false, false)
	}
	if m := idList("tagNotIn"); m != nil {
		add("post_tag", m, true, false)
	}
	for key, and := range map[string]bool{"tagSlugIn": false, "tagSlugAnd": true} {
		if list, _ := where[key].([]any); len(list) > 0 {
			ids := map[int]bool{}
			for _, v := range list {
				s, _ := v.(string)
				if id, ok := bySlug("post_tag", s); ok {
					ids[id] = true
				}
			}
			add("post_tag", ids, false, and)
		}
	}
	return true
}

// withChildren is a term and its descendants (a category query's include_children).
func withChildren(tx *store.Tx, tax string, id int) map[int]bool {
	out := map[int]bool{id: true}
	for changed := true; changed; {
		changed = false
		for _, t := range tx.Terms(tax) {
			if out[t.Parent] && !out[t.ID] {
				out[t.ID], changed = true, true
			}
		}
	}
	return out
}

// databaseID is an ID argument's database id: a number, or a global id.
func (c *call) databaseID(v any) int {
	s, ok := v.(string)
	if !ok {
		return toInt(v)
	}
	if n, err := strconv.Atoi(s); err == nil {
		return n
	}
	_, id := fromGlobalID(s)
	n, _ := strconv.Atoi(id)
	return n
}

// typeEnum is a post type's ContentTypeEnum value.
func typeEnum(ct *contentType) string { return upperSnake(ct.pt.Slug) }

// dateBounds is the part of WP_Date_Query the mock reads: a year, a month of it or a
// day of that (the post's local date), and after/before dates (exclusive unless
// inclusive), as bounds of the store's query.
func dateBounds(q *store.PostQuery, dq map[string]any) {
	if y := toInt(dq["year"]); y > 0 {
		start, end := time.Date(y, 1, 1, 0, 0, 0, 0, time.UTC), time.Date(y+1, 1, 1, 0, 0, 0, 0, time.UTC)
		if m := toInt(dq["month"]); m > 0 {
			start, end = time.Date(y, time.Month(m), 1, 0, 0, 0, 0, time.UTC), time.Date(y, time.Month(m)+1, 1, 0, 0, 0, 0, time.UTC)
			if d := toInt(dq["day"]); d > 0 {
				start, end = time.Date(y, time.Month(m), d, 0, 0, 0, 0, time.UTC), time.Date(y, time.Month(m), d+1, 0, 0, 0, 0, time.UTC)
			}
		}
		q.After, q.Before = start.Add(-time.Second), end
	}
	inclusive, _ := dq["inclusive"].(bool)
	if a, ok := dq["after"].(map[string]any); ok {
		// after a day is after its end, unless inclusive
		t := dateInput(a).AddDate(0, 0, 1).Add(-time.Second)
		if inclusive {
			t = dateInput(a).Add(-time.Second)
		}
		q.After = t
	}
	if b, ok := dq["before"].(map[string]any); ok {
		t := dateInput(b)
		if inclusive {
			t = t.AddDate(0, 0, 1)
		}
		q.Before = t
	}
}

// dateInput is a DateInput's day (a missing month or day is the first).
func dateInput(d map[string]any) time.Time {
	m, day := max(toInt(d["month"]), 1), max(toInt(d["day"]), 1)
	return time.Date(toInt(d["year"]), time.Month(m), day, 0, 0, 0, 0, time.UTC)
}
