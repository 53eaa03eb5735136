package graphql_test

import (
	"encoding/json"
	"fmt"
	"testing"

	"github.com/wpmock/wpmock/fixtures"
	"github.com/wpmock/wpmock/mock"
	"github.com/wpmock/wpmock/mock/graphql"
)

// TestSeekIsCut: a post connection paged by seeking its cursors in the date indexes
// gives the page, cursors and pageInfo that listing every match and cutting the window
// gives, for each connection that seeks (a type's, contentNodes across types, a term's,
// a user's), forwards and backwards, from cursors anywhere (one past the other, one not
// in the list), anonymously and as admin with drafts and private posts.
func TestSeekIsCut(t *testing.T) {
	m, err := mock.New(mock.Options{Seed: 3, Clock: fixedClock, AdminAppPassword: "test PASS word 1234 abcd efgh",
		Size: fixtures.Size{Posts: 300, Users: 6, Terms: 12, Media: 10, Pages: 40, Comments: 10}})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { graphql.ListAndCut(false) })
	// cursors: every 37th post and page of the whole list, and an unknown one
	cursors := []string{"", "YXJyYXljb25uZWN0aW9uOjk5OTk5"}
	var all struct {
		Data struct {
			ContentNodes struct{ Edges []struct{ Cursor string } }
		}
	}
	w := post(m, op(`{ contentNodes(first: 100, where: {contentTypes: [POST, PAGE], stati: [PUBLISH, DRAFT, PRIVATE]}) { edges { cursor } } }`, nil), true)
	if err := json.Unmarshal(w.Body.Bytes(), &all); err != nil || len(all.Data.ContentNodes.Edges) < 50 {
		t.Fatal(err, w.Body)
	}
	for i, e := range all.Data.ContentNodes.Edges {
		if i%9 == 0 {
			cursors = append(cursors, e.Cursor)
		}
	}
	fields := `{ pageInfo { hasNextPage hasPreviousPage startCursor endCursor } edges { cursor node { id } } }`
	connections := []string{
		`posts(%s)`, `pages(%s)`, `posts(%s, where: {orderby: [{field: DATE, order: ASC}]})`,
		`posts(%s, where: {stati: [PUBLISH, DRAFT, PRIVATE]})`,
		`contentNodes(%s)`, `contentNodes(%s, where: {contentTypes: [PAGE, POST], stati: [PUBLISH, PRIVATE, DRAFT]})`,
		`contentNodes(%s, where: {orderby: [{field: DATE, order: ASC}]})`,
		`categories(first: 3) { nodes { posts(%s) ` + fields + ` contentNodes(%[1]s) ` + fields + ` } }`,
		`users(first: 3) { nodes { posts(%s) ` + fields + ` } }`,
	}
	pages := []string{"first: 0", "first: 1", "first: 7", "last: 1", "last: 7"}
	n := 0
	for _, conn := range connections {
		for _, page := range pages {
			for _, after := range cursors {
				for _, before := range []string{"", cursors[len(cursors)/2], cursors[len(cursors)-1]} {
					args := page
					if after != "" {
						args += fmt.Sprintf(`, after: %q`, after)
					}
					if before != "" {
						args += fmt.Sprintf(`, before: %q`, before)
					}
					q := "{ c: " + fmt.Sprintf(conn, args)
					if conn[len(conn)-1] == ')' {
						q += " " + fields
					}
					q += " }"
					for _, admin := range []bool{false, true} {
						graphql.ListAndCut(false)
						seek := post(m, op(q, nil), admin).Body.String()
						graphql.ListAndCut(true)
						cut := post(m, op(q, nil), admin).Body.String()
						if seek != cut {
							t.Fatalf("%s (admin %v):\nseek %s\ncut  %s", q, admin, seek, cut)
						}
						n++
					}
				}
			}
		}
	}
	t.Logf("%d operations alike", n)
}
