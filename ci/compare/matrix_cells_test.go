package compare

import (
	"fmt"
	"net/http"
	"strings"
)

// The cells of the permission matrix: who (anonymous and every role) may read and
// write what (every resource, a post in every status, owned by the caller or not), by
// which route (the item, its edit context, a list filtered to it, a search, _embed,
// revisions, a password-protected post's content). The objects are made by admin on
// both sides (matrixSetup) and named wpperm-.

// permPrefix starts the name of everything the matrix makes.
const permPrefix = "wpperm-"

// callers are the matrix's callers, least privileged first; "" is anonymous.
var callers = []string{"", "subscriber", "contributor", "author", "editor", "admin"}

// postStatuses are the statuses of the matrix's posts (trash is made by trashing a
// published post).
var postStatuses = []string{"publish", "draft", "pending", "private", "future", "trash"}

// postOwners are the authors of the matrix's posts: one who may publish, one who may not.
var postOwners = []string{"author", "contributor"}

// postKey is the placeholder of the matrix's post of owner in status.
func postKey(owner, status string) string { return "p" + owner + status }

// observe says what of an answer a cell compares beyond status and code.
type observe int

const (
	obsStatus  observe = iota // status and code only
	obsListed                 // whether the object (cell.id) is among the listed items
	obsContent                // whether the post's content is shown (content.rendered not empty)
	obsEmbed                  // which embedded links came, and which as errors
)

// cell is one request of the matrix.
type cell struct {
	resource, object, route string
	row
	observe observe
	// id is the placeholder of the object a list cell looks for.
	id string
}

func (c *cell) name() string {
	return fmt.Sprintf("%s/%s/%s as %s", c.resource, c.object, c.route, roleKey(c.as))
}

// matrixSetup makes, as admin, the matrix's objects on one side, each saved under a
// placeholder: posts of each owner in each status, each revised once (so it has a
// revision), a password-protected post, media unattached, attached to a draft and
// private, a user and a tag and category to update, and victims for the deletes.
func matrixSetup() []row {
	png, err := sampleImage()
	if err != nil {
		panic(err)
	}
	var rs []row
	add := func(r row) {
		if r.method == "" {
			r.method = http.MethodPost
		}
		r.as, r.note = "admin", "setup"
		rs = append(rs, r)
	}
	post := func(key, title, status, owner, extra string) {
		body := fmt.Sprintf(`{"title":%q,"status":%q,"author":{%s},"content":"<p>wpperm</p>"%s}`, title, status, owner, extra)
		if status == "future" {
			body = strings.TrimSuffix(body, "}") + `,"date":"2099-01-01T10:00:00"}`
		}
		add(row{path: "/wp/v2/posts", body: body, save: key})
		add(row{path: "/wp/v2/posts/{" + key + "}", body: `{"content":"<p>wpperm, revised</p>"}`})
		add(row{method: http.MethodGet, path: "/wp/v2/posts/{" + key + "}/revisions", save: "r" + key})
	}
	for _, owner := range postOwners {
		for _, st := range postStatuses {
			status := st
			if st == "trash" {
				status = "publish"
			}
			post(postKey(owner, st), permPrefix+owner+"-"+st, status, owner, "")
			if st == "trash" {
				add(row{method: http.MethodDelete, path: "/wp/v2/posts/{" + postKey(owner, st) + "}"})
			}
		}
	}
	post("pprotected", permPrefix+"protected", "publish", "author", `,"password":"wpperm-secret"`)
	for _, m := range []struct{ key, body string }{
		{"mfree", `{"author":{author}}`},
		{"mdraft", `{"author":{author},"post":{pauthordraft}}`},
		{"mprivate", `{"author":{author},"status":"private"}`},
	} {
		add(row{path: "/wp/v2/media", header: uploadPNG(permPrefix + m.key + ".png"), raw: png, save: m.key})
		add(row{path: "/wp/v2/media/{" + m.key + "}", body: m.body})
	}
	add(row{path: "/wp/v2/users", save: "utarget", body: `{"username":"wpperm-target","email":"wpperm-target@example.com",` +
		`"password":"wpperm-Secret-1","roles":["author"]}`})
	add(row{path: "/wp/v2/tags", body: `{"name":"wpperm-tag"}`, save: "ttarget"})
	add(row{path: "/wp/v2/categories", body: `{"name":"wpperm-category"}`, save: "ctarget"})
	for _, c := range callers {
		k := roleKey(c)
		for _, st := range []string{"publish", "draft", "private", "trash"} {
			key := "v" + k + st
			status := st
			if st == "trash" {
				status = "publish"
			}
			add(row{path: "/wp/v2/posts", body: fmt.Sprintf(`{"title":"wpperm-victim-%s-%s","status":%q,"author":{author}}`, k, st, status), save: key})
			if st == "trash" {
				add(row{method: http.MethodDelete, path: "/wp/v2/posts/{" + key + "}"})
			}
		}
		if c == "author" || c == "contributor" {
			for _, st := range []string{"draft", "pending"} {
				add(row{path: "/wp/v2/posts", save: "o" + k + st,
					body: fmt.Sprintf(`{"title":"wpperm-own-%s-%s","status":%q,"author":{%s}}`, k, st, st, c)})
			}
		}
		add(row{path: "/wp/v2/media", header: uploadPNG(permPrefix + "victim-" + k + ".png"), raw: png, save: "vm" + k})
		add(row{path: "/wp/v2/media/{vm" + k + "}", body: `{"author":{author}}`})
		add(row{path: "/wp/v2/users", save: "vu" + k, body: fmt.Sprintf(`{"username":"wpperm-victim-%s","email":"wpperm-victim-%s@example.com",`+
			`"password":"wpperm-Secret-2","roles":["subscriber"]}`, k, k)})
		add(row{path: "/wp/v2/tags", body: `{"name":"wpperm-victim-tag-` + k + `"}`, save: "vt" + k})
		add(row{path: "/wp/v2/categories", body: `{"name":"wpperm-victim-category-` + k + `"}`, save: "vc" + k})
	}
	return rs
}

// matrixCells is every cell: the reads of every caller first, then the writes.
func matrixCells() []cell {
	var reads, writes []cell
	for _, as := range callers {
		reads = append(reads, readCells(as)...)
		writes = append(writes, writeCells(as)...)
	}
	return append(reads, writes...)
}

// readCells are one caller's reads.
func readCells(as string) []cell {
	var cs []cell
	add := func(resource, object, route, path string, obs observe, id string) {
		cs = append(cs, cell{resource: resource, object: object, route: route, observe: obs, id: id,
			row: row{method: http.MethodGet, path: path, as: as}})
	}
	posts := []struct{ object, key, status string }{{"protected", "pprotected", "publish"}}
	for _, owner := range postOwners {
		for _, st := range postStatuses {
			posts = append(posts, struct{ object, key, status string }{owner + "-" + st, postKey(owner, st), st})
		}
	}
	for _, p := range posts {
		id := "{" + p.key + "}"
		item := "/wp/v2/posts/" + id
		add("posts", p.object, "item", item, obsContent, "")
		add("posts", p.object, "item edit", item+"?context=edit", obsContent, "")
		add("posts", p.object, "item embed", item+"?_embed", obsEmbed, "")
		add("posts", p.object, "list include", "/wp/v2/posts?include="+id, obsListed, p.key)
		add("posts", p.object, "list include status", "/wp/v2/posts?include="+id+"&status="+p.status, obsListed, p.key)
		add("posts", p.object, "list include edit", "/wp/v2/posts?include="+id+"&status="+p.status+"&context=edit", obsListed, p.key)
		add("posts", p.object, "list embed", "/wp/v2/posts?include="+id+"&status="+p.status+"&_embed", obsEmbed, "")
		add("posts", p.object, "search", "/wp/v2/posts?search=wpperm-"+p.object+"&status="+p.status, obsListed, p.key)
		add("posts", p.object, "revisions", item+"/revisions", obsListed, "r"+p.key)
		add("posts", p.object, "revision", item+"/revisions/{r"+p.key+"}", obsStatus, "")
	}
	add("posts", "protected", "item with password", "/wp/v2/posts/{pprotected}?password=wpperm-secret", obsContent, "")
	add("posts", "protected", "item with a wrong password", "/wp/v2/posts/{pprotected}?password=nope", obsContent, "")
	add("posts", "protected", "search default status", "/wp/v2/posts?search=wpperm-protected", obsListed, "pprotected")
	add("posts", "protected", "search content", "/wp/v2/posts?search=wpperm,+revised", obsListed, "pprotected")
	add("posts", "any", "list status any", "/wp/v2/posts?status=any&search=wpperm-author", obsStatus, "")

	for _, m := range []string{"mfree", "mdraft", "mprivate"} {
		id := "{" + m + "}"
		add("media", m[1:], "item", "/wp/v2/media/"+id, obsStatus, "")
		add("media", m[1:], "item edit", "/wp/v2/media/"+id+"?context=edit", obsStatus, "")
		add("media", m[1:], "list include", "/wp/v2/media?include="+id, obsListed, m)
		add("media", m[1:], "list include private", "/wp/v2/media?include="+id+"&status=private", obsListed, m)
		add("media", m[1:], "item embed", "/wp/v2/media/"+id+"?_embed", obsEmbed, "")
	}
	for _, u := range []string{"admin", "editor", "author", "contributor", "subscriber", "utarget"} {
		id := "{" + u + "}"
		add("users", u, "item", "/wp/v2/users/"+id, obsStatus, "")
		add("users", u, "item edit", "/wp/v2/users/"+id+"?context=edit", obsStatus, "")
		add("users", u, "item embed", "/wp/v2/users/"+id+"?context=embed", obsStatus, "")
		add("users", u, "list include", "/wp/v2/users?include="+id, obsListed, u)
		add("users", u, "list include edit", "/wp/v2/users?include="+id+"&context=edit", obsListed, u)
		add("users", u, "application passwords", "/wp/v2/users/"+id+"/application-passwords", obsStatus, "")
	}
	add("users", "any", "list who authors", "/wp/v2/users?who=authors", obsStatus, "")
	add("users", "any", "list roles", "/wp/v2/users?roles=author", obsStatus, "")
	add("users", "any", "list capabilities", "/wp/v2/users?capabilities=edit_posts", obsStatus, "")
	add("users", "any", "list has_published_posts", "/wp/v2/users?has_published_posts=true&include={subscriber}", obsListed, "subscriber")
	add("users", "me", "item", "/wp/v2/users/me", obsStatus, "")
	add("users", "me", "item edit", "/wp/v2/users/me?context=edit", obsStatus, "")
	add("users", "me", "application passwords", "/wp/v2/users/me/application-passwords", obsStatus, "")
	add("users", "me", "introspect", "/wp/v2/users/me/application-passwords/introspect", obsStatus, "")
	for _, t := range []struct{ base, key string }{{"tags", "tag"}, {"categories", "category"}, {"tags", "ttarget"}} {
		id := "{" + t.key + "}"
		add(t.base, t.key, "item", "/wp/v2/"+t.base+"/"+id, obsStatus, "")
		add(t.base, t.key, "item edit", "/wp/v2/"+t.base+"/"+id+"?context=edit", obsStatus, "")
		add(t.base, t.key, "list include edit", "/wp/v2/"+t.base+"?include="+id+"&context=edit", obsListed, t.key)
		add(t.base, t.key, "list hide_empty", "/wp/v2/"+t.base+"?include="+id+"&hide_empty=true", obsListed, t.key)
	}
	for _, p := range []string{"/wp/v2/types/post", "/wp/v2/types/attachment", "/wp/v2/types", "/wp/v2/statuses", "/wp/v2/taxonomies",
		"/wp/v2/taxonomies/category", "/wp/v2/taxonomies/post_tag"} {
		add("registries", strings.TrimPrefix(p, "/wp/v2/"), "edit", p+"?context=edit", obsStatus, "")
	}
	for _, st := range []string{"publish", "draft", "pending", "private", "future", "trash", "inherit"} {
		add("registries", "statuses/"+st, "item", "/wp/v2/statuses/"+st, obsStatus, "")
	}
	return cs
}

// writeCells are one caller's writes: updates of every post, medium, user and term of
// the matrix, deletes of victims made for this caller, and creates.
func writeCells(as string) []cell {
	k := roleKey(as)
	var cs []cell
	add := func(resource, object, route, method, path, body string) {
		cs = append(cs, cell{resource: resource, object: object, route: route,
			row: row{method: method, path: path, as: as, body: body}})
	}
	keys := []struct{ object, key string }{{"protected", "pprotected"}}
	for _, owner := range postOwners {
		for _, st := range postStatuses {
			keys = append(keys, struct{ object, key string }{owner + "-" + st, postKey(owner, st)})
		}
	}
	for _, p := range keys {
		add("posts", p.object, "update", http.MethodPost, "/wp/v2/posts/{"+p.key+"}", `{"excerpt":"wpperm edited by `+k+`"}`)
	}
	for _, st := range []string{"publish", "draft", "private", "trash"} {
		v := "/wp/v2/posts/{v" + k + st + "}"
		if st != "trash" {
			add("posts", "author-"+st, "trash", http.MethodDelete, v, "")
		}
		add("posts", "author-"+st, "delete", http.MethodDelete, v+"?force=true", "")
	}
	if as == "author" || as == "contributor" {
		for _, st := range []string{"draft", "pending"} {
			own := "/wp/v2/posts/{o" + k + st + "}"
			add("posts", "own-"+st, "update", http.MethodPost, own, `{"excerpt":"wpperm edited by its author"}`)
			add("posts", "own-"+st, "publish", http.MethodPost, own, `{"status":"publish"}`)
			add("posts", "own-"+st, "trash", http.MethodDelete, own, "")
		}
	}
	for _, st := range []string{"draft", "pending", "publish", "private", "future"} {
		body := fmt.Sprintf(`{"title":"wpperm-new-%s-%s","status":%q}`, k, st, st)
		if st == "future" {
			body = fmt.Sprintf(`{"title":"wpperm-new-%s-%s","status":"future","date":"2099-01-01T10:00:00"}`, k, st)
		}
		add("posts", "new-"+st, "create", http.MethodPost, "/wp/v2/posts", body)
	}
	add("posts", "new", "create for another author", http.MethodPost, "/wp/v2/posts", `{"title":"wpperm-new-`+k+`-other","author":{editor}}`)
	add("posts", "new", "create sticky", http.MethodPost, "/wp/v2/posts", `{"title":"wpperm-new-`+k+`-sticky","sticky":true}`)
	for _, m := range []string{"mfree", "mdraft", "mprivate"} {
		add("media", m[1:], "update", http.MethodPost, "/wp/v2/media/{"+m+"}", `{"alt_text":"wpperm edited by `+k+`"}`)
	}
	add("media", "victim", "delete", http.MethodDelete, "/wp/v2/media/{vm"+k+"}?force=true", "")
	cs = append(cs, cell{resource: "media", object: "new", route: "upload",
		row: row{method: http.MethodPost, path: "/wp/v2/media", as: as, header: uploadPNG("wpperm-new-" + k + ".png"), raw: mustPNG()}})
	add("users", "utarget", "update", http.MethodPost, "/wp/v2/users/{utarget}", `{"description":"wpperm edited by `+k+`"}`)
	add("users", "utarget", "promote", http.MethodPost, "/wp/v2/users/{utarget}", `{"roles":["editor"]}`)
	add("users", "victim", "delete", http.MethodDelete, "/wp/v2/users/{vu"+k+"}?force=true&reassign={admin}", "")
	add("users", "new", "create", http.MethodPost, "/wp/v2/users",
		fmt.Sprintf(`{"username":"wpperm-new-%s","email":"wpperm-new-%s@example.com","password":"wpperm-Secret-3"}`, k, k))
	add("users", "me", "application password", http.MethodPost, "/wp/v2/users/me/application-passwords", `{"name":"wpperm-`+k+`"}`)
	add("users", "utarget", "application password", http.MethodPost, "/wp/v2/users/{utarget}/application-passwords", `{"name":"wpperm-by-`+k+`"}`)
	for _, t := range []struct{ base, target, victim string }{{"tags", "ttarget", "vt"}, {"categories", "ctarget", "vc"}} {
		add(t.base, "target", "update", http.MethodPost, "/wp/v2/"+t.base+"/{"+t.target+"}", `{"description":"wpperm edited by `+k+`"}`)
		add(t.base, "victim", "delete", http.MethodDelete, "/wp/v2/"+t.base+"/{"+t.victim+k+"}?force=true", "")
		add(t.base, "new", "create", http.MethodPost, "/wp/v2/"+t.base, `{"name":"wpperm-new-`+t.base+`-`+k+`"}`)
	}
	return cs
}

func mustPNG() []byte {
	png, err := sampleImage()
	if err != nil {
		panic(err)
	}
	return png
}
