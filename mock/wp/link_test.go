package wp

import (
	"testing"
	"time"

	"github.com/wpmock/wpmock/mock/store"
)

// TestPermalinkStructures checks the links of a post, a page, a category, a tag and an
// author under the structures a site may choose (each checked against WordPress 6.1's
// answers for the same site): pretty, date-based, with a front and no trailing slash,
// and plain.
func TestPermalinkStructures(t *testing.T) {
	date := time.Date(2023, 4, 5, 6, 7, 8, 0, time.UTC)
	site := func(tx *store.Tx, structure string) {
		tx.SetOption("permalink_structure", structure)
		tx.SetOption("default_category", 1)
		tx.InsertUser(&store.User{ID: 1, Login: "admin", Slug: "admin"})
		tx.InsertTerm(&store.Term{ID: 1, Taxonomy: "category", Name: "Uncategorized", Slug: "uncategorized"})
		tx.InsertTerm(&store.Term{ID: 2, Taxonomy: "category", Name: "Kid", Slug: "kid", Parent: 1})
		tx.InsertTerm(&store.Term{ID: 3, Taxonomy: "post_tag", Name: "Tag", Slug: "tag-a"})
		p := &store.Post{ID: 10, Type: "post", Status: "publish", Slug: "hello", Author: 1, Date: date}
		p.SetTermIDs("category", []int{2})
		tx.InsertPost(p)
		tx.InsertPost(&store.Post{ID: 11, Type: "page", Status: "publish", Slug: "about", Date: date})
		tx.InsertPost(&store.Post{ID: 12, Type: "page", Status: "publish", Slug: "team", Parent: 11, Date: date})
	}
	for _, c := range []struct {
		structure                         string
		post, template, page, child       string
		category, tag, author, postFormat string
	}{
		{"/%postname%/", "/hello/", "/%postname%/", "/about/", "/about/team/",
			"/category/uncategorized/kid/", "/tag/tag-a/", "/author/admin/", "/type/aside/"},
		{"/%year%/%monthnum%/%postname%/", "/2023/04/hello/", "/2023/04/%postname%/", "/about/", "/about/team/",
			"/category/uncategorized/kid/", "/tag/tag-a/", "/author/admin/", "/type/aside/"},
		{"/archives/%category%/%author%/%post_id%", "/archives/uncategorized/kid/admin/10", "/archives/uncategorized/kid/admin/10",
			"/about", "/about/team", "/archives/category/uncategorized/kid", "/archives/tag/tag-a", "/archives/author/admin", "/archives/type/aside"},
		{"/%year%/%monthnum%/%day%/%hour%/%minute%/%second%/%postname%.html", "/2023/04/05/06/07/08/hello.html",
			"/2023/04/05/06/07/08/%postname%.html", "/about", "/about/team", "/category/uncategorized/kid", "/tag/tag-a",
			"/author/admin", "/type/aside"},
		{"", "/?p=10", "/?p=10", "/?page_id=11", "/?page_id=12", "/?cat=2", "/?tag=tag-a", "/?author=1", "/?post_format=aside"},
	} {
		s := store.New(nil)
		s.Write(func(tx *store.Tx) { site(tx, c.structure) })
		s.Read(func(tx *store.Tx) {
			l := Permalinks{Home: "https://x.example", Tx: tx}
			for _, got := range []struct{ what, got, want string }{
				{"post", l.Post(tx.Post(10)), c.post},
				{"template", l.Template(tx.Post(10)), c.template},
				{"page", l.Post(tx.Post(11)), c.page},
				{"child page", l.Post(tx.Post(12)), c.child},
				{"category", l.Term(tx.Term(2)), c.category},
				{"tag", l.Term(tx.Term(3)), c.tag},
				{"author", l.Author(tx.User(1)), c.author},
				{"post format", l.PostFormat("aside"), c.postFormat},
			} {
				if got.got != "https://x.example"+got.want {
					t.Errorf("%q: the %s's link is %s, want https://x.example%s", c.structure, got.what, got.got, got.want)
				}
			}
		})
	}
}
