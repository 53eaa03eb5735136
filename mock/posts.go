package mock

import (
	"net/http"
	"slices"
	"strconv"

	"github.com/wpmock/wpmock/mock/fields"
	"github.com/wpmock/wpmock/mock/rest"
	"github.com/wpmock/wpmock/mock/store"
	"github.com/wpmock/wpmock/mock/wp"
	"github.com/wpmock/wpmock/mock/wpfunc"
)

// Error codes of the posts controller (WP_REST_Posts_Controller).
const (
	// codePostInvalidID: no post of this type with the id (also id <= 0).
	codePostInvalidID = "rest_post_invalid_id"
	// codeIncorrectPassword: ?password= does not match a protected post's password.
	codeIncorrectPostPassword = "rest_post_incorrect_password"
	// codeInvalidPageNumber: page past the last page of a non-empty posts/media list.
	codeInvalidPageNumber = "rest_post_invalid_page_number"
	// codeNoSearchTerm: orderby=relevance without search.
	codeNoSearchTerm = "rest_no_search_term_defined"
	// codeOrderbyInclude: orderby=include without include.
	codeOrderbyInclude = "rest_orderby_include_missing_include"
	// codeForbiddenStatus: a status filter the caller may not use (inside rest_invalid_param).
	codeForbiddenStatus = "rest_forbidden_status"
)

// posts is the controller of a post type (WP_REST_Posts_Controller): /wp/v2/posts,
// /wp/v2/pages and /wp/v2/media, and the routes of any type the site's registry serves.
// What a type's controller does differently (the attachments controller, a subclass
// in WordPress) is its hooks (typeHooks), which the code here calls without naming a
// type.
type posts struct {
	m *Mock
	// pt is the post type the controller serves (WordPress builds one per type).
	pt *wp.PostType
	// hooks are the type's differences from the posts controller (hooksOf).
	hooks *typeHooks
	// revisions: the type supports revisions in the mock's version, so its items
	// link their version history (read once: post_type_supports builds a list).
	revisions bool
	item      *rest.Item[store.Post]
	w         *postWriter
}

func (res *posts) declare() *rest.Item[store.Post] {
	if res.item != nil {
		return res.item
	}
	m, noun, h := res.m, "post", res.hooks
	excerptRendered := func() *rest.Schema {
		return rest.Str("rendered").Desc("HTML excerpt for the post, transformed for display.").Ctx(all...).RO()
	}
	pt := res.pt
	// get_item_schema's fields, in prepare_item_for_response's order: the type's
	// attributes ($fixed_schemas), hierarchy, sticky and taxonomies decide which.
	declared := []*postField{
		pfID(noun), pfDate(noun), pfDateGMT(noun), pfGUID(noun), pfModified(noun), pfModifiedGMT(noun),
		rest.F(rest.Str("password").Desc("A password to protect access to the content and excerpt.").Ctx(editOnly...),
			func(_ *rest.Request, p *store.Post) any { return p.Password }),
		pfSlug(noun), pfStatus(noun, m.reg), pfType(noun), pfLink(noun, m),
	}
	add := func(ok bool, fs ...*postField) {
		if ok {
			declared = append(declared, fs...)
		}
	}
	add(pt.Has("title"), pfTitle(noun))
	add(pt.Has("editor"), rest.Nested(rest.Obj("content").Desc("The content for the post.").Ctx(viewEdit...),
		rest.F(rest.Str("raw").Desc("Content for the post, as it exists in the database.").Ctx(editOnly...),
			func(_ *rest.Request, p *store.Post) any { return p.Content.String() }),
		rest.F(rest.Str("rendered").Desc("HTML content for the post, transformed for display.").Ctx(viewEdit...).RO(),
			func(r *rest.Request, p *store.Post) any {
				if passwordRequired(r, p) {
					return ""
				}
				return m.renders.Content(p)
			}),
		rest.F(rest.Bool("protected").Desc("Whether the content is protected with a password.").Ctx(all...).RO(),
			func(_ *rest.Request, p *store.Post) any { return p.Password != "" }),
		rest.F(rest.Int("block_version").Desc("Version of the content block format used by the post.").Ctx(editOnly...).RO(),
			func(_ *rest.Request, p *store.Post) any { return boolInt(wp.HasBlocks(p.Content.String())) }),
	).WithArg(rawText))
	add(pt.Has("excerpt"), rest.Nested(rest.Obj("excerpt").Desc("The excerpt for the post.").Ctx(all...),
		rest.F(rest.Str("raw").Desc("Excerpt for the post, as it exists in the database.").Ctx(editOnly...),
			func(_ *rest.Request, p *store.Post) any { return p.Excerpt }),
		rest.F(excerptRendered().Until(rest.V66),
			func(r *rest.Request, p *store.Post) any {
				if passwordRequired(r, p) {
					return ""
				}
				return m.renders.Excerpt(p)
			}),
		// 6.6: $request['excerpt_length'], from any source and on any route (lists
		// do not declare it), is the excerpt_length filter of a generated excerpt
		rest.F(excerptRendered().Since(rest.V66),
			func(r *rest.Request, p *store.Post) any {
				if passwordRequired(r, p) {
					return ""
				}
				if n, ok := excerptLength(r); ok {
					return wp.RenderExcerptWords(p.Excerpt, p.Content.String(), n)
				}
				return m.renders.Excerpt(p)
			}),
		rest.F(rest.Bool("protected").Desc("Whether the excerpt is protected with a password.").Ctx(all...).RO(),
			func(_ *rest.Request, p *store.Post) any { return p.Password != "" }),
	).WithArg(rawText))
	add(pt.Has("author"), pfAuthor(noun))
	add(pt.Has("thumbnail"), pfFeaturedMedia(noun))
	add(pt.Hierarchical, rest.F(rest.Int("parent").Desc("The ID for the parent of the post.").Ctx(viewEdit...),
		func(_ *rest.Request, p *store.Post) any { return p.Parent }))
	add(pt.Has("page-attributes"), rest.F(rest.Int("menu_order").Desc("The order of the post in relation to other posts.").Ctx(viewEdit...),
		func(_ *rest.Request, p *store.Post) any { return p.MenuOrder() }))
	add(pt.Has("comments"), pfCommentStatus(noun), pfPingStatus(noun))
	add(pt.Sticky, rest.F(rest.Bool("sticky").Desc("Whether or not the post should be treated as sticky.").Ctx(viewEdit...),
		func(_ *rest.Request, p *store.Post) any { return p.Sticky }))
	add(true, pfTemplate(noun, pt.Slug))
	add(pt.Has("post-formats"), rest.F(rest.Str("format").Desc("The format for the post.").OneOfEnum(wp.PostFormats...).Ctx(viewEdit...),
		func(_ *rest.Request, p *store.Post) any { return postFormat(p) }))
	add(pt.Has("custom-fields"), pfMetaOf(m, pt.Slug)...)
	for _, slug := range pt.Taxonomies {
		tax := m.reg.Taxonomy(slug)
		declared = append(declared, rest.F(rest.Arr(tax.RestBase, rest.Int("")).
			Desc("The terms assigned to the post in the "+slug+" taxonomy.").Ctx(viewEdit...),
			func(_ *rest.Request, p *store.Post) any { return intList(p.TermIDs(slug)) }))
	}
	// the schema has them for a type viewable and public alone
	// (is_post_type_viewable( $post_type_obj ) && $post_type_obj->public)
	add(pt.Viewable && pt.IsPublic(), pfPermalinkTemplate(noun, m), pfGeneratedSlug(noun), pfClassList(m))
	declared = append(declared, fields.Additional(m.reg, pt.Slug, func(p *store.Post) *store.FieldValues { return p.Extra().Fields })...)
	if h.itemSchema != nil {
		declared = h.itemSchema(res, declared)
	}
	res.revisions = pt.Supported("revisions", m.version)
	res.item = &rest.Item[store.Post]{Title: pt.Slug, Links: res.links, Fields: declared, Cache: h.cacheID}
	res.item = res.item.For(res.m.version)
	res.w = &postWriter{m: m, typ: pt.Slug, base: pt.RestBase, item: res.item, hooks: h}
	return res.item
}

func postFormat(p *store.Post) string {
	if p.Format == "" {
		return "standard"
	}
	return p.Format
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

func intList(ids []int) []int {
	if ids == nil {
		return []int{}
	}
	return ids
}

// passwordRequired is post_password_required as the REST controller sees it: a
// protected post whose password was not given (edit context never needs it).
func passwordRequired(r *rest.Request, p *store.Post) bool {
	if p.Password == "" || r.Context() == rest.Edit {
		return false
	}
	return r.String("password") != p.Password
}

// links is prepare_links of the posts controller (plus the edit-context action links):
// the version history where the type supports revisions (WordPress: post, page, or
// revisions support), the attachments where the type may have them, the hooks' links.
func (res *posts) links(r *rest.Request, p *store.Post) rest.Links {
	tx, h := txOf(r), res.hooks
	base := res.pt.Route() // rest_namespace moves the routes and the links
	self := r.RestURL(base + "/" + strconv.Itoa(p.ID))
	ls := rest.Links{}.
		Add("self", self).
		Add("collection", r.RestURL(base)).
		Add("about", r.RestURL("/"+Namespace+"/types/"+res.pt.Slug))
	// prepare_links: post and page, and the types supporting author and comments
	if p.Author != 0 && res.pt.Has("author") {
		ls = ls.Embed("author", r.RestURL("/"+Namespace+"/users/"+strconv.Itoa(p.Author)))
	}
	if res.pt.Has("comments") {
		ls = ls.Embed("replies", r.RestURL("/"+Namespace+"/comments?post="+strconv.Itoa(p.ID)))
	}
	if res.revisions {
		revs := wp.RevisionsOf(tx, p.ID)
		ls = ls.Add("version-history", self+"/revisions", rest.Member{Key: "count", Value: len(revs)})
		if len(revs) > 0 {
			last := revs[0]
			ls = ls.Add("predecessor-version", self+"/revisions/"+strconv.Itoa(last.ID), rest.Member{Key: "id", Value: last.ID})
		}
	}
	if res.pt.Hierarchical && p.Parent != 0 {
		ls = ls.Embed("up", r.RestURL(wp.RouteForPost(tx, tx.Post(p.Parent))))
	}
	if p.FeaturedMedia != 0 && featuredMediaLinked.At(res.m.version)(r, p.FeaturedMedia) {
		ls = ls.Embed("wp:featuredmedia", r.RestURL("/"+Namespace+"/media/"+strconv.Itoa(p.FeaturedMedia)))
	}
	if h.attachments {
		ls = ls.Add("wp:attachment", r.RestURL("/"+Namespace+"/media?parent="+strconv.Itoa(p.ID)))
	}
	for _, slug := range res.pt.Taxonomies {
		ls = ls.Embed("wp:term", r.RestURL(registry(r).Taxonomy(slug).Route()+"?post="+strconv.Itoa(p.ID)),
			rest.Member{Key: "taxonomy", Value: slug})
	}
	if h.links != nil {
		ls = h.links(res, r, p, ls)
	}
	if r.Context() == rest.Edit {
		for _, rel := range postActions(r, res.pt, h) {
			ls = ls.Add(rel, self)
		}
	}
	return ls
}

// featuredMediaLinked says whether prepare_links links a post's featured image: in
// 6.1 whenever one is set; 7.0 links it only when it is published (get_post_status)
// or the caller may read it (read_post).
var featuredMediaLinked = rest.Changed[func(r *rest.Request, id int) bool]{
	Base: func(*rest.Request, int) bool { return true },
	Steps: []rest.Step[func(r *rest.Request, id int) bool]{{Since: rest.V70, Value: func(r *rest.Request, id int) bool {
		tx := txOf(r)
		att := tx.Post(id)
		return att != nil && (wp.GetPostStatus(tx, att) == "publish" || canReadPostCap(r, att, tx.Post))
	}}},
}

// postActions is get_available_actions: the action rels of edit context for an item
// of type pt, whose controller has the hooks h.
func postActions(r *rest.Request, pt *wp.PostType, h *typeHooks) []string {
	var rels []string
	if h.publishes && can(r, pt.Cap("publish_posts")) {
		rels = append(rels, "wp:action-publish")
	}
	if can(r, "unfiltered_html") {
		rels = append(rels, "wp:action-unfiltered-html")
	}
	if pt.Sticky && can(r, pt.Cap("edit_others_posts")) && can(r, pt.Cap("publish_posts")) {
		rels = append(rels, "wp:action-sticky")
	}
	if pt.Has("author") && can(r, pt.Cap("edit_others_posts")) {
		rels = append(rels, "wp:action-assign-author")
	}
	// creating terms of a hierarchical taxonomy takes edit_terms; of a flat one,
	// assign_terms, as get_available_actions decides
	for _, slug := range pt.Taxonomies {
		tax := registry(r).Taxonomy(slug)
		createCap := tax.AssignCap()
		if tax.Hierarchical {
			createCap = tax.EditCap()
		}
		if can(r, createCap) {
			rels = append(rels, "wp:action-create-"+tax.RestBase)
		}
		if can(r, tax.AssignCap()) {
			rels = append(rels, "wp:action-assign-"+tax.RestBase)
		}
	}
	return rels
}

// writeArgs are get_endpoint_args_for_item_schema's arguments of a create or an
// update, in the type's schema order (the autosaves' create takes the update's).
func (res *posts) writeArgs(create bool) []*rest.Schema {
	it := res.declare()
	if order := res.schemaOrder(); order != nil {
		return argsInOrder(it.WriteArgs(create), order)
	}
	return it.WriteArgs(create)
}

// schemaOrder is the hooks' schemaOrder (nil: none) with the site's plugin fields
// (register_rest_field) where get_item_schema has them (typeHooks.fieldsAfter): a
// writable one is an argument of the create and the update routes, as
// get_endpoint_args_for_item_schema reads every property of the schema.
func (res *posts) schemaOrder() []string {
	order := res.hooks.schemaOrder
	if order == nil {
		return nil
	}
	var added []string
	for _, f := range res.m.reg.FieldsOf(res.pt.Slug) {
		if !slices.Contains(order, f.Attribute) { // a field replacing a core one keeps its place
			added = append(added, f.Attribute)
		}
	}
	at := len(order)
	if i := slices.Index(order, res.hooks.fieldsAfter); i >= 0 {
		at = i + 1
	}
	return slices.Concat(order[:at], added, order[at:])
}

// routes is register_routes: the collection and the item, with the type's own
// create and update where its hooks override them (an upload), and its schema order.
func (res *posts) routes() []*rest.Route {
	it, h := res.declare(), res.hooks
	schema, writeArgs := it.SchemaJSON, res.writeArgs
	if order := res.schemaOrder(); order != nil {
		schema = schemaInOrder(it, order...)
	}
	createArgs := writeArgs(true)
	if h.createArgs != nil {
		createArgs = append(createArgs, h.createArgs()...)
	}
	create, update, del := res.w.create, res.w.update, res.w.delete
	if h.createItem != nil {
		create = func(r *rest.Request) (*rest.Response, *rest.Error) { return h.createItem(res, r) }
	}
	if h.updateItem != nil {
		update = func(r *rest.Request) (*rest.Response, *rest.Error) { return h.updateItem(res, r) }
	}
	if h.deleteItem != nil {
		del = func(r *rest.Request) (*rest.Response, *rest.Error) { return h.deleteItem(res, r) }
	}
	base, ns := res.pt.Route(), res.pt.RESTNamespace()
	links := schemaLinks(res.pt, h, res.m.version)
	return []*rest.Route{
		{Namespace: ns, Pattern: base, Shape: rest.Shape{Upload: h.upload}, Schema: schema, SchemaLinks: links, Endpoints: []*rest.Endpoint{
			{Methods: rest.Readable, Args: res.collectionArgs(), AllowBatch: h.allowBatch,
				Permission: res.listPermission, Handler: res.list},
			{Methods: rest.Creatable, Args: createArgs, AllowBatch: h.allowBatch,
				Permission: res.createPermission, Handler: create},
		}},
		{Namespace: ns, Pattern: base + `/(?P<id>[\d]+)`, Schema: schema, SchemaLinks: links, Endpoints: []*rest.Endpoint{
			{Methods: rest.Readable, AllowBatch: h.allowBatch, Args: res.getArgs(it),
				Permission: res.getPermission, Handler: res.get},
			{Methods: rest.Editable, AllowBatch: h.allowBatch, Args: append([]*rest.Schema{idArg("post")}, writeArgs(false)...),
				Permission: res.w.updatePermission, Handler: update},
			{Methods: rest.Deletable, AllowBatch: h.allowBatch, Args: deleteArgs("post"),
				Permission: res.w.deletePermission, Handler: del},
		}},
	}
}

// getArgs are the arguments of get_item: the context, then excerpt_length (6.6) and
// password where the item schema has an excerpt and a password, as register_routes
// asks of the schema.
func (res *posts) getArgs(it *rest.Item[store.Post]) []*rest.Schema {
	args := []*rest.Schema{idArg("post"), contextArg()}
	if hasField(it, "excerpt") {
		args = append(args, rest.Int("excerpt_length").Desc("Override the default excerpt length.").Since(rest.V66))
	}
	if hasField(it, "password") {
		args = append(args, rest.Str("password").Desc("The password for the post if it is password protected."))
	}
	return args
}

// hasField says whether the item has a field of that name.
func hasField(it *rest.Item[store.Post], name string) bool {
	for _, f := range it.Fields {
		if f.Name == name {
			return true
		}
	}
	return false
}

// collectionArgs is get_collection_params for the type: the taxonomy filters of its
// taxonomies (prepare_taxonomy_limit_schema), sticky for posts, format where the type
// supports post formats, then the hooks' own (the attachments' MIME filter).
func (res *posts) collectionArgs() []*rest.Schema {
	pt := res.pt
	args := postListArgs(res.m.reg, pt, res.hooks)
	if len(pt.Taxonomies) > 0 {
		args = append(args, rest.Str("tax_relation").Desc("Limit result set based on relationship between multiple taxonomies.").OneOfEnum("AND", "OR"))
	}
	for _, slug := range pt.Taxonomies {
		tax := res.m.reg.Taxonomy(slug)
		args = append(args, taxArg(tax.RestBase, tax.RestBase, tax.Hierarchical, true), taxArg(tax.RestBase+"_exclude", tax.RestBase, tax.Hierarchical, false))
	}
	if pt.Sticky {
		args = append(args, rest.Bool("sticky").Desc("Limit result set to items that are sticky."),
			rest.Bool("ignore_sticky").Desc("Whether to ignore sticky posts or not.").Def(true).Since(rest.V68))
	}
	if pt.Has("post-formats") {
		args = append(args, rest.Arr("format", rest.Str("").OneOfEnum(wp.PostFormats...)).Desc("Limit result set to items assigned one or more given formats.").
			Unique().Since(rest.V67))
	}
	if res.hooks.collectionArgs != nil {
		args = append(args, res.hooks.collectionArgs()...)
	}
	if res.hooks.listArgs != nil {
		args = res.hooks.listArgs(args)
	}
	return args
}

// getPost is the controller's get_post: the post of the given type, or 404.
func getPost(r *rest.Request, id int, typ string) (*store.Post, *rest.Error) {
	var p *store.Post
	if id > 0 {
		p = txOf(r).Post(id)
	}
	if p == nil || p.Type != typ {
		return nil, rest.Errorf(http.StatusNotFound, codePostInvalidID, "Invalid post ID.")
	}
	return p, nil
}

func (res *posts) listPermission(r *rest.Request) *rest.Error {
	if r.Context() == rest.Edit && !can(r, res.pt.EditCap()) {
		return r.Forbidden(codeForbiddenContext, "Sorry, you are not allowed to edit posts in this post type.")
	}
	if res.hooks.readAccess != nil {
		return res.hooks.readAccess(r)
	}
	return nil
}

// createPermission is create_item_permissions_check: the posts controller's, then
// what the type's hooks add (an upload's parent and file type).
func (res *posts) createPermission(r *rest.Request) *rest.Error {
	if err := res.w.createPermission(r); err != nil {
		return err
	}
	if res.hooks.createPermission != nil {
		return res.hooks.createPermission(res, r)
	}
	return nil
}

func (res *posts) getPermission(r *rest.Request) *rest.Error {
	if err := postReadPermission(r, res.pt.Slug, "Sorry, you are not allowed to edit this post."); err != nil {
		return err
	}
	if res.hooks.readAccess != nil {
		return res.hooks.readAccess(r)
	}
	return nil
}

// checkedPassword is the password get_item_permissions_check compares with the
// post's: $request['password'], from any parameter source, until 6.7, which reads
// the query string only (get_query_params()), so a body's password is no longer
// refused there (the content is still shown for it, see passwordRequired).
var checkedPassword = rest.Changed[func(r *rest.Request) string]{
	Base: func(r *rest.Request) string { return r.String("password") },
	Steps: []rest.Step[func(r *rest.Request) string]{{Since: rest.V67, Value: func(r *rest.Request) string {
		v, _ := r.Query.Get("password")
		if s, _ := v.(string); s != "0" { // PHP's empty()
			return s
		}
		return ""
	}}},
}

// postReadPermission is get_item_permissions_check of the posts controller.
func postReadPermission(r *rest.Request, typ, editMsg string) *rest.Error {
	p, err := getPost(r, r.Int("id"), typ)
	if err != nil {
		return err
	}
	tx := txOf(r)
	if r.Context() == rest.Edit && !canEditPost(r, p, tx.Post) {
		return r.Forbidden(codeForbiddenContext, editMsg)
	}
	if pw := checkedPassword.At(r.Server().Version)(r); pw != "" && pw != p.Password {
		return rest.Errorf(http.StatusForbidden, codeIncorrectPostPassword, "Incorrect post password.")
	}
	if !canReadPost(r, p, tx.Post) {
		return r.Forbidden(rest.CodeForbidden, "Sorry, you are not allowed to do that.")
	}
	return nil
}

func (res *posts) get(r *rest.Request) (*rest.Response, *rest.Error) {
	p, err := getPost(r, r.Int("id"), res.pt.Slug)
	if err != nil {
		return nil, err
	}
	resp := rest.OK(res.item.Answer(r, p))
	if res.pt.Viewable { // is_post_type_viewable: menu items have no page of their own
		resp.LinkHeader("alternate", res.m.permalink(r, p), "type=text/html")
	}
	return resp, nil
}

func (res *posts) list(r *rest.Request) (*rest.Response, *rest.Error) {
	q, err := parsePostQuery(r, res.pt.Slug, res.hooks)
	if err != nil {
		return nil, err
	}
	return res.m.listPosts(r, q, res.pt.Route(), func(p *store.Post) any { return res.item.Answer(r, p) })
}

// postCacheID lets a post's rendering be cached (rest.Item.Cache) unless the request
// sends a parameter the rendering reads, from any source: password (whether a
// protected post's content shows) and excerpt_length (6.6). TestFragmentsFollowArgs
// tries every argument the posts routes declare.
func postCacheID(r *rest.Request, p *store.Post) (int, bool) {
	return p.ID, !r.Sent("password") && !r.Sent("excerpt_length")
}

// excerptLength is $request['excerpt_length'] as the excerpt_length filter returns it
// to wp_trim_excerpt, which casts it with (int): the validated argument where the
// route declares it (GET /posts/<id>), else whatever a parameter source has.
func excerptLength(r *rest.Request) (int, bool) {
	if v := r.Param("excerpt_length"); v != nil {
		return wpfunc.IntVal(v), true
	}
	v, ok := r.Raw("excerpt_length")
	if !ok || v == nil {
		return 0, false
	}
	return wpfunc.IntVal(v), true
}
