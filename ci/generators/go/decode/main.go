// Command decode drives the client oapi-codegen generates from the mock's OpenAPI
// document (fixtures/openapi.json) against a live site, the mock or a real WordPress:
// reads in each context, _embed, a create, an update, a delete and an error. Every
// answer must arrive with its documented status and decode into the generated types.
//
//	go run ./decode -url http://127.0.0.1:8080 -user admin -password 'xxxx xxxx ...'
//
// It prints one line per call and a summary, and exits 1 if any call failed.
package main

import (
	"context"
	"flag"
	"fmt"
	"net/http"
	"os"
	"time"

	"wpmockgen/wp"
)

type run struct {
	ctx          context.Context
	c            *wp.ClientWithResponses
	passed, runs int
}

// check records one call: err is the transport's or the decoder's error; ok says that
// the documented status came with a decoded body.
func (r *run) check(name string, status int, err error, ok bool, detail string) {
	r.runs++
	switch {
	case err != nil:
		fmt.Printf("  FAIL %s: %v\n", name, err)
	case !ok:
		fmt.Printf("  FAIL %s: status %d, nothing decoded\n", name, status)
	default:
		r.passed++
		fmt.Printf("  ok   %s: %d, %s\n", name, status, detail)
	}
}

func ptr[T any](v T) *T { return &v }

func main() {
	site := flag.String("url", "http://127.0.0.1:8080", "the site URL (the document's paths start with /wp-json)")
	user := flag.String("user", os.Getenv("WPCONTRACT_USER"), "a user who may write posts (an administrator)")
	password := flag.String("password", os.Getenv("WPCONTRACT_PASSWORD"), "the user's application password")
	label := flag.String("label", "", "what the site is, for the summary line")
	flag.Parse()
	auth := func(_ context.Context, req *http.Request) error {
		req.SetBasicAuth(*user, *password)
		return nil
	}
	c, err := wp.NewClientWithResponses(*site, wp.WithHTTPClient(&http.Client{Timeout: 30 * time.Second}), wp.WithRequestEditorFn(auth))
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(2)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	r := &run{ctx: ctx, c: c}
	r.reads()
	r.writes()
	if *label == "" {
		*label = *site
	}
	fmt.Printf("generators: oapi-codegen client against %s: %d of %d calls decoded\n", *label, r.passed, r.runs)
	if r.passed != r.runs {
		os.Exit(1)
	}
}

func (r *run) reads() {
	var embed wp.UnderscoreEmbed
	_ = embed.FromEmbedAll(true)
	posts, err := r.c.GetWpV2PostsWithResponse(r.ctx, &wp.GetWpV2PostsParams{PerPage: ptr(5), UnderscoreEmbed: &embed})
	ok := err == nil && posts.JSON200 != nil && len(*posts.JSON200) > 0
	detail := ""
	if ok {
		p := (*posts.JSON200)[0]
		ok = p.Id > 0 && p.Title.Rendered != "" && p.UnderscoreEmbedded != nil && p.Date != nil
		detail = fmt.Sprintf("%d posts, the first %q of %s, embedded %d relations", len(*posts.JSON200), p.Title.Rendered, *p.Date, len(*p.UnderscoreEmbedded))
	}
	r.check("GET /wp/v2/posts?_embed", status(posts), err, ok, detail)
	if !ok {
		return
	}
	id := (*posts.JSON200)[0].Id

	edit := wp.GetWpV2PostsByIdParamsContextEdit
	one, err := r.c.GetWpV2PostsByIdWithResponse(r.ctx, id, &wp.GetWpV2PostsByIdParams{Context: &edit})
	ok = err == nil && one.JSON200 != nil && one.JSON200.Title.Raw != nil
	if ok {
		detail = fmt.Sprintf("raw title %q", *one.JSON200.Title.Raw)
	}
	r.check("GET /wp/v2/posts/{id}?context=edit", status(one), err, ok, detail)

	missing, err := r.c.GetWpV2PostsByIdWithResponse(r.ctx, 99999999, nil)
	ok = err == nil && missing.JSON404 != nil && missing.JSON404.Code == "rest_post_invalid_id"
	if ok {
		detail = "error " + missing.JSON404.Code
	}
	r.check("GET /wp/v2/posts/99999999", status(missing), err, ok, detail)

	media, err := r.c.GetWpV2MediaWithResponse(r.ctx, &wp.GetWpV2MediaParams{PerPage: ptr(5)})
	ok = err == nil && media.JSON200 != nil
	if ok {
		detail = fmt.Sprintf("%d items", len(*media.JSON200))
	}
	r.check("GET /wp/v2/media", status(media), err, ok, detail)

	users, err := r.c.GetWpV2UsersWithResponse(r.ctx, &wp.GetWpV2UsersParams{PerPage: ptr(100)})
	ok = err == nil && users.JSON200 != nil && len(*users.JSON200) > 0
	if ok {
		detail = fmt.Sprintf("%d users, the first %q", len(*users.JSON200), (*users.JSON200)[0].Name)
	}
	r.check("GET /wp/v2/users", status(users), err, ok, detail)

	me, err := r.c.GetWpV2UsersMeWithResponse(r.ctx, &wp.GetWpV2UsersMeParams{Context: ptr(wp.GetWpV2UsersMeParamsContextEdit)})
	ok = err == nil && me.JSON200 != nil && me.JSON200.Email != nil
	if ok {
		detail = "as " + me.JSON200.Name
	}
	r.check("GET /wp/v2/users/me?context=edit", status(me), err, ok, detail)

	cats, err := r.c.GetWpV2CategoriesWithResponse(r.ctx, nil)
	ok = err == nil && cats.JSON200 != nil && len(*cats.JSON200) > 0
	if ok {
		detail = fmt.Sprintf("%d categories", len(*cats.JSON200))
	}
	r.check("GET /wp/v2/categories", status(cats), err, ok, detail)

	tags, err := r.c.GetWpV2TagsWithResponse(r.ctx, nil)
	ok = err == nil && tags.JSON200 != nil
	if ok {
		detail = fmt.Sprintf("%d tags", len(*tags.JSON200))
	}
	r.check("GET /wp/v2/tags", status(tags), err, ok, detail)

	types, err := r.c.GetWpV2TypesByTypeWithResponse(r.ctx, "post", nil)
	ok = err == nil && types.JSON200 != nil && types.JSON200.Slug == "post"
	if ok {
		detail = "rest_base " + types.JSON200.RestBase
	}
	r.check("GET /wp/v2/types/post", status(types), err, ok, detail)

	tax, err := r.c.GetWpV2TaxonomiesByTaxonomyWithResponse(r.ctx, "category", nil)
	ok = err == nil && tax.JSON200 != nil && tax.JSON200.Slug == "category"
	if ok {
		detail = "name " + tax.JSON200.Name
	}
	r.check("GET /wp/v2/taxonomies/category", status(tax), err, ok, detail)

	st, err := r.c.GetWpV2StatusesByStatusWithResponse(r.ctx, "publish", nil)
	ok = err == nil && st.JSON200 != nil && st.JSON200.Slug == "publish"
	if ok {
		detail = "name " + st.JSON200.Name
	}
	r.check("GET /wp/v2/statuses/publish", status(st), err, ok, detail)
}

func (r *run) writes() {
	var title wp.PostCreate_Title
	_ = title.FromPostCreateTitle0("Made by the generated client")
	var content wp.PostCreate_Content
	_ = content.FromPostCreateContent0("<p>Hello from oapi-codegen.</p>")
	created, err := r.c.PostWpV2PostsWithResponse(r.ctx, wp.PostWpV2PostsJSONRequestBody{
		Title: &title, Content: &content, Status: ptr(wp.PostCreateStatusPublish),
	})
	ok := err == nil && created.JSON201 != nil && created.JSON201.Title.Raw != nil
	detail := ""
	if ok {
		detail = fmt.Sprintf("id %d, raw title %q", created.JSON201.Id, *created.JSON201.Title.Raw)
	}
	r.check("POST /wp/v2/posts (title as a string)", status(created), err, ok, detail)
	if !ok {
		return
	}
	id := created.JSON201.Id

	var newTitle wp.PostUpdate_Title
	_ = newTitle.FromPostUpdateTitle1(wp.PostUpdateTitle1{Raw: ptr("Renamed by the generated client")})
	updated, err := r.c.PostWpV2PostsByIdWithResponse(r.ctx, id, wp.PostWpV2PostsByIdJSONRequestBody{Title: &newTitle})
	ok = err == nil && updated.JSON200 != nil && updated.JSON200.Title.Rendered == "Renamed by the generated client"
	if ok {
		detail = fmt.Sprintf("rendered title %q, modified %s", updated.JSON200.Title.Rendered, updated.JSON200.Modified)
	}
	r.check("POST /wp/v2/posts/{id} (title as {raw})", status(updated), err, ok, detail)

	deleted, err := r.c.DeleteWpV2PostsByIdWithResponse(r.ctx, id, &wp.DeleteWpV2PostsByIdParams{Force: ptr(true)})
	ok = err == nil && deleted.JSON200 != nil
	if ok {
		gone, derr := deleted.JSON200.AsPostDeleted()
		ok, err = derr == nil && gone.Deleted && gone.Previous.Id == id, derr
		detail = fmt.Sprintf("deleted %v, previous id %d", gone.Deleted, gone.Previous.Id)
	}
	r.check("DELETE /wp/v2/posts/{id}?force=true", status(deleted), err, ok, detail)

	bad, err := r.c.PostWpV2PostsWithResponse(r.ctx, wp.PostWpV2PostsJSONRequestBody{Status: ptr(wp.PostCreateStatus("bogus"))})
	ok = err == nil && bad.JSON400 != nil && bad.JSON400.Code == "rest_invalid_param"
	if ok {
		detail = "error " + bad.JSON400.Code
	}
	r.check("POST /wp/v2/posts (a bad status)", status(bad), err, ok, detail)
}

type statuser interface{ StatusCode() int }

func status(r statuser) int {
	if r == nil {
		return 0
	}
	return r.StatusCode()
}
