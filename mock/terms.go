package mock

import (
	"net/http"
	"slices"
	"strconv"
	"strings"

	"github.com/wpmock/wpmock/mock/fields"
	"github.com/wpmock/wpmock/mock/rest"
	"github.com/wpmock/wpmock/mock/store"
	"github.com/wpmock/wpmock/mock/wp"
	"github.com/wpmock/wpmock/mock/wpfunc"
)

// Errors of the terms controller's read routes (WP_REST_Terms_Controller), as codes and
// messages. Permission errors carry 401 for anonymous callers and 403 otherwise.
const (
	// GET /<base>/<id> for an id <= 0, an unknown term or a term of the other taxonomy (404).
	codeTermInvalid, msgTermInvalid = "rest_term_invalid", "Term does not exist."
	// GET /<base>?context=edit without the taxonomy's edit_terms (rest_forbidden_context).
	msgCannotEditTerms = "Sorry, you are not allowed to edit terms in this taxonomy."
	// GET /<base>/<id>?context=edit without edit_term (rest_forbidden_context).
	msgCannotEditTerm = "Sorry, you are not allowed to edit this term."
	// GET /<base>?post=<id> for a post that does not exist (400 rest_post_invalid_id).
	msgTermsPostInvalid = "Invalid post ID."
	// GET /<base>?post=<id> for a post the caller may not read, or whose type the
	// taxonomy does not cover (rest_forbidden_context).
	msgCannotViewPostTerms = "Sorry, you are not allowed to view terms for this post."
)

// termContexts is the terms schema's context list, in its own order.
var termContexts = []string{rest.View, rest.Embed, rest.Edit}

// terms is a taxonomy's resource: /wp/v2/categories (category) or /wp/v2/tags
// (post_tag). One type serves both, as one controller class does in WordPress; only
// categories are hierarchical (parent field and filter, no offset).
type terms struct {
	m              *Mock
	taxonomy, base string
	// hooks are what the taxonomy's controller does differently (termHooksOf).
	hooks *termHooks
	item  *rest.Item[store.Term]
}

// termHooks are what a taxonomy's REST controller does differently from
// WP_REST_Terms_Controller, as WordPress's subclass for menus (WP_REST_Menus_Controller,
// menus.go) overrides it. Each field says what its zero value does.
type termHooks struct {
	// itemSchema is get_item_schema where it is overridden: given the terms
	// controller's fields, it returns the item's (nil: those).
	itemSchema func(res *terms, fields []*termField) []*termField
	// readAccess is what get_items_permissions_check and get_item_permissions_check
	// check after the terms controller's (nil: nothing).
	readAccess func(r *rest.Request) *rest.Error
	// links adds prepare_links' own links (nil: none).
	links func(r *rest.Request, t *store.Term, ls rest.Links) rest.Links
	// create and update are create_item and update_item where overridden (nil: the
	// terms controller's).
	create, update func(res *terms, r *rest.Request) (*rest.Response, *rest.Error)
	// trashMessage is delete_item's refusal without force ("": the terms controller's).
	trashMessage string
	// deleteTerm is what delete_item deletes the term with (nil: wp_delete_term).
	deleteTerm func(res *terms, r *rest.Request, t *store.Term)
}

// termControllerHooks are the hooks of the taxonomies whose REST controller is a
// subclass of the terms controller (register_taxonomy's rest_controller_class).
var termControllerHooks = map[string]*termHooks{"nav_menu": menuHooks}

// termHooksOf are the hooks of taxonomy slug's controller (none for the terms
// controller itself).
func termHooksOf(slug string) *termHooks {
	if h := termControllerHooks[slug]; h != nil {
		return h
	}
	return &termHooks{}
}

type termField = rest.Field[store.Term]

func (res *terms) hierarchical() bool { return res.m.reg.Taxonomy(res.taxonomy).Hierarchical }

// declare is get_item_schema, in prepare_item_for_response's output order.
func (res *terms) declare() *rest.Item[store.Term] {
	if res.item != nil {
		return res.item
	}
	title := res.taxonomy
	if title == "post_tag" { // WP_REST_Terms_Controller::get_item_schema's own exception
		title = "tag"
	}
	declared := []*termField{
		rest.F(rest.Int("id").Desc("Unique identifier for the term.").Ctx(termContexts...).RO(),
			func(_ *rest.Request, t *store.Term) any { return t.ID }),
		rest.F(rest.Int("count").Desc("Number of published posts for the term.").Ctx(rest.ViewEdit...).RO(),
			func(_ *rest.Request, t *store.Term) any { return t.Count }),
		rest.F(rest.Str("description").Desc("HTML description of the term.").Ctx(rest.ViewEdit...),
			func(_ *rest.Request, t *store.Term) any { return t.Description }).WithArg(sanitizedString(nil)),
		rest.F(rest.Str("link").Desc("URL of the term.").Fmt("uri").Ctx(termContexts...).RO(),
			func(r *rest.Request, t *store.Term) any { return termLink(r, t) }),
		rest.F(rest.Str("name").Desc("HTML title for the term.").Ctx(termContexts...).Req(),
			func(_ *rest.Request, t *store.Term) any { return t.Name }).WithArg(sanitizedString(wpfunc.SanitizeTextField)),
		rest.F(rest.Str("slug").Desc("An alphanumeric identifier for the term unique to its type.").Ctx(termContexts...),
			func(_ *rest.Request, t *store.Term) any { return t.Slug }).WithArg(sanitizedString(wpfunc.SanitizeTitle)),
		rest.F(rest.Str("taxonomy").Desc("Type attribution for the term.").OneOfEnum(res.taxonomy).Ctx(termContexts...).RO(),
			func(_ *rest.Request, t *store.Term) any { return t.Taxonomy }),
	}
	if res.hierarchical() {
		declared = append(declared, rest.F(rest.Int("parent").Desc("The parent term ID.").Ctx(rest.ViewEdit...),
			func(_ *rest.Request, t *store.Term) any { return t.Parent }).WithArg(nullAsZero))
	}
	// The meta keys registered for the taxonomy's terms (none on a fresh site:
	// WordPress prints [], and the schema's "properties" too).
	meta := fields.Registered(res.m.reg, "term", res.taxonomy).FieldSchema()
	declared = append(declared, rest.F(meta, func(r *rest.Request, t *store.Term) any { return res.m.termMetaField(r, t) }).WithArg(termMetaArg))
	declared = append(declared, fields.Additional(res.m.reg, res.taxonomy, func(t *store.Term) *store.FieldValues { return t.Fields })...)
	if res.hooks.itemSchema != nil {
		declared = res.hooks.itemSchema(res, declared)
	}
	res.item = (&rest.Item[store.Term]{Title: title, Links: res.links, Fields: declared, Cache: termCacheID}).For(res.m.version)
	return res.item
}

// links is prepare_links: self, collection, about, up (the parent, embeddable) and
// wp:post_type, the items of the term for each type the taxonomy is registered for.
func (res *terms) links(r *rest.Request, t *store.Term) rest.Links {
	base := res.route() // rest_namespace moves the routes and the links
	id := strconv.Itoa(t.ID)
	ls := rest.Links{}.
		Add("self", r.RestURL(base+"/"+id)).
		Add("collection", r.RestURL(base)).
		Add("about", r.RestURL("/"+Namespace+"/taxonomies/"+res.taxonomy))
	if t.Parent != 0 {
		if parent := txOf(r).Term(t.Parent); parent != nil && parent.Taxonomy == t.Taxonomy {
			ls = ls.Embed("up", r.RestURL(base+"/"+strconv.Itoa(parent.ID)))
		}
	}
	for _, typ := range res.m.reg.Taxonomy(res.taxonomy).Types {
		if pt := res.m.reg.PostType(typ); pt != nil {
			ls = ls.Add("wp:post_type", r.RestURL(pt.Route()+"?"+res.base+"="+id))
		}
	}
	if res.hooks.links != nil {
		ls = res.hooks.links(r, t, ls)
	}
	return ls
}

// route is the taxonomy's collection route (under its rest_namespace).
func (res *terms) route() string { return res.m.reg.Taxonomy(res.taxonomy).Route() }

// routes are register_routes.
func (res *terms) routes() []*rest.Route {
	it := res.declare()
	schema := it.SchemaJSON
	base, ns := res.route(), res.m.reg.Taxonomy(res.taxonomy).RESTNamespace()
	create, update := res.create, res.update
	if h := res.hooks; h.create != nil {
		create = func(r *rest.Request) (*rest.Response, *rest.Error) { return h.create(res, r) }
		update = func(r *rest.Request) (*rest.Response, *rest.Error) { return h.update(res, r) }
	}
	return []*rest.Route{
		{Namespace: ns, Pattern: base, Schema: schema, Endpoints: []*rest.Endpoint{
			{Methods: rest.Readable, Args: res.collectionArgs(), AllowBatch: true,
				Permission: res.listPermission, Handler: res.list},
			{Methods: rest.Creatable, Args: it.WriteArgs(true), AllowBatch: true,
				Permission: res.createPermission, Handler: create},
		}},
		{Namespace: ns, Pattern: base + `/(?P<id>[\d]+)`, Schema: schema, Endpoints: []*rest.Endpoint{
			{Methods: rest.Readable, Args: []*rest.Schema{idArg("term"), contextArg()}, AllowBatch: true,
				Permission: res.getPermission, Handler: res.get},
			{Methods: rest.Editable, Args: append([]*rest.Schema{idArg("term")}, it.WriteArgs(false)...), AllowBatch: true,
				Permission: res.updatePermission, Handler: update},
			{Methods: rest.Deletable, AllowBatch: true, Args: []*rest.Schema{idArg("term"),
				rest.Bool("force").Def(false).Desc("Required to be true, as terms do not support trashing.")},
				Permission: res.deletePermission, Handler: res.delete},
		}},
	}
}

// collectionArgs is get_collection_params of the terms controller, in its order:
// offset only for flat taxonomies, parent only for hierarchical ones.
func (res *terms) collectionArgs() []*rest.Schema {
	args := append([]*rest.Schema{contextArg()}, pageArgs()...)
	args = append(args,
		intsArg("exclude", "Ensure result set excludes specific IDs."),
		intsArg("include", "Limit result set to specific IDs."))
	if !res.hierarchical() {
		args = append(args, rest.Int("offset").Desc("Offset the result set by a specific number of items."))
	}
	args = append(args,
		rest.Str("order").Desc("Order sort attribute ascending or descending.").Def("asc").OneOfEnum("asc", "desc"),
		rest.Str("orderby").Desc("Sort collection by term attribute.").Def("name").
			OneOfEnum("id", "include", "name", "slug", "include_slugs", "term_group", "description", "count"),
		rest.Bool("hide_empty").Desc("Whether to hide terms not assigned to any posts.").Def(false))
	if res.hierarchical() {
		args = append(args, rest.Int("parent").Desc("Limit result set to terms assigned to a specific parent."))
	}
	return append(args,
		rest.Int("post").Desc("Limit result set to terms assigned to a specific post.").Def(nil),
		rest.Arr("slug", rest.Str("")).Desc("Limit result set to terms with one or more specific slugs."))
}

// canEditTerms is current_user_can(edit_terms) of the taxonomy (edit_categories and
// edit_post_tags both map to manage_categories, nav_menu's is edit_theme_options);
// edit_term of a term maps to it too.
func (res *terms) canEditTerms(r *rest.Request) bool {
	return can(r, res.m.reg.Taxonomy(res.taxonomy).EditCap())
}

// listPermission is get_items_permissions_check, then the hooks' read access.
func (res *terms) listPermission(r *rest.Request) *rest.Error {
	if err := res.termsListPermission(r); err != nil {
		return err
	}
	if res.hooks.readAccess != nil {
		return res.hooks.readAccess(r)
	}
	return nil
}

// termsListPermission is the terms controller's get_items_permissions_check.
func (res *terms) termsListPermission(r *rest.Request) *rest.Error {
	if r.Context() == rest.Edit && !res.canEditTerms(r) {
		return r.Forbidden(codeForbiddenContext, msgCannotEditTerms)
	}
	if id := r.Int("post"); id != 0 {
		tx := txOf(r)
		p := tx.Post(id)
		if p == nil {
			return rest.Errorf(http.StatusBadRequest, codePostInvalidID, msgTermsPostInvalid)
		}
		// check_read_terms_permission_for_post: the post's type must use the taxonomy,
		// and the post be publicly viewable (is_post_publicly_viewable: published, of a
		// viewable type) or readable by the caller.
		pt := res.m.reg.PostType(p.Type)
		public := p.Status == "publish" && pt != nil && pt.Viewable
		if !slices.Contains(res.m.reg.Taxonomy(res.taxonomy).Types, p.Type) || !public && !canReadPostCap(r, p, tx.Post) {
			return r.Forbidden(codeForbiddenContext, msgCannotViewPostTerms)
		}
	}
	return nil
}

// getTerm is the controller's get_term: a term of this taxonomy, or 404.
func (res *terms) getTerm(r *rest.Request, id int) (*store.Term, *rest.Error) {
	var t *store.Term
	if id > 0 {
		t = txOf(r).Term(id)
	}
	if t == nil || t.Taxonomy != res.taxonomy {
		return nil, rest.Errorf(http.StatusNotFound, codeTermInvalid, msgTermInvalid)
	}
	return t, nil
}

// getPermission is get_item_permissions_check.
func (res *terms) getPermission(r *rest.Request) *rest.Error {
	if _, err := res.getTerm(r, r.Int("id")); err != nil {
		return err
	}
	if r.Context() == rest.Edit && !res.canEditTerms(r) {
		return r.Forbidden(codeForbiddenContext, msgCannotEditTerm)
	}
	if res.hooks.readAccess != nil {
		return res.hooks.readAccess(r)
	}
	return nil
}

func (res *terms) get(r *rest.Request) (*rest.Response, *rest.Error) {
	t, err := res.getTerm(r, r.Int("id"))
	if err != nil {
		return nil, err
	}
	return rest.OK(res.item.Answer(r, t)), nil
}

// termCacheID lets a term's rendering be cached (rest.Item.Cache): it depends on the
// term, its count and the caller only.
func termCacheID(_ *rest.Request, t *store.Term) (int, bool) { return t.ID, true }

// parseQuery maps the request onto get_terms' arguments as get_items does, and the
// offset asked.
func (res *terms) parseQuery(r *rest.Request) (*store.TermQuery, int) {
	list, offset := newListQuery(r)
	q := &store.TermQuery{ListQuery: list, Taxonomy: res.taxonomy}
	q.Start = wp.LimitStart(offset) // WP_Term_Query takes absint(offset)
	for _, s := range r.Strings("slug") {
		q.Slugs = append(q.Slugs, wpfunc.SanitizeTitle(s))
	}
	q.Search = strings.ToLower(strings.TrimSpace(r.String("search")))
	if r.Has("parent") {
		q.Parent, q.HasParent = r.Int("parent"), true
	}
	if id := r.Int("post"); id != 0 {
		if p := txOf(r).Post(id); p != nil {
			ids := p.TermIDs(res.taxonomy)
			q.PostTerms = make(map[int]bool, len(ids))
			for _, id := range ids {
				q.PostTerms[id] = true
			}
		}
	}
	// object queries ignore hide_empty ("superfluous" with object_ids)
	q.HideEmpty = r.Bool("hide_empty") && q.PostTerms == nil
	q.KeepAncestors = res.hierarchical()
	return q, offset
}

// list is get_items: get_terms run by the store (store.TermQuery), then the page's
// terms in the requested context.
func (res *terms) list(r *rest.Request) (*rest.Response, *rest.Error) {
	q, offset := res.parseQuery(r)
	window, total := txOf(r).QueryTerms(q)
	items := make([]any, 0, len(window))
	for _, t := range window {
		if r.Context() == rest.Edit && !res.canEditTerms(r) {
			continue
		}
		items = append(items, res.item.Answer(r, t))
	}
	resp := rest.OK(items)
	r.PaginateOffset(resp, res.route(), total, offset, q.Size)
	return resp, nil
}
