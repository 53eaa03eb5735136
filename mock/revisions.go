package mock

import (
	"net/http"
	"sort"
	"strconv"
	"time"

	"github.com/wpmock/wpmock/mock/rest"
	"github.com/wpmock/wpmock/mock/store"
	"github.com/wpmock/wpmock/mock/wp"
)

// Error codes of the revisions controller (WP_REST_Revisions_Controller). A revision id
// that names no revision is codePostInvalidID with "Invalid revision ID.".
const (
	// codeInvalidParent: the parent id names no post of the parent type (also id <= 0).
	codeInvalidParent = "rest_post_invalid_parent"
	// codeCannotReadRevisions: the caller may not edit the parent (anonymous callers
	// never may), so may not see its revisions.
	codeCannotReadRevisions = "rest_cannot_read"
	// codeRevisionInvalidPage: page past the last page of a non-empty list, without offset.
	codeRevisionInvalidPage = "rest_revision_invalid_page_number"
	// codeRevisionInvalidOffset: offset at or past the number of revisions of a non-empty list.
	codeRevisionInvalidOffset = "rest_revision_invalid_offset_number"
	// codeRevisionParentMismatch: GET of a revision under a parent it does not belong
	// to (6.5).
	codeRevisionParentMismatch = "rest_revision_parent_id_mismatch"
)

// Messages of revision deletes (the codes are the posts controller's
// codeCannotDelete and codeTrashNotSupported).
const (
	// msgCannotDeleteRevisions: the caller may not delete the parent.
	msgCannotDeleteRevisions = "Sorry, you are not allowed to delete revisions of this post."
	// msgCannotDeleteRevision: the caller may not delete the revision, which in
	// WordPress 6.1 is everyone (map_meta_cap denies delete_post on any revision).
	msgCannotDeleteRevision = "Sorry, you are not allowed to delete this revision."
	// msgRevisionTrash: a delete without force=true.
	msgRevisionTrash = "Revisions do not support trashing. Set 'force=true' to delete."
)

// revisions is /wp/v2/posts/<parent>/revisions. WordPress 6.1 has no create or update
// here; a revision is made by wp.SaveRevision (through saveRevision) when a post is
// updated.
type revisions struct {
	m *Mock
	// parent is the post type the revisions belong to: WordPress registers the
	// controller for each type that supports revisions (the mock has posts).
	parent *wp.PostType
	item   *rest.Item[store.Post]
}

func (res *revisions) declare() *rest.Item[store.Post] {
	if res.item != nil {
		return res.item
	}
	// the parent's guid field, but the schema lists raw first
	guidField := pfGUID("post")
	guidField.Properties = []*rest.Schema{guidField.Sub[1].Schema, guidField.Sub[0].Schema}
	content := rest.Nested(rest.Obj("content").Desc("The content for the post.").Ctx(viewEdit...),
		rest.F(rest.Str("raw").Desc("Content for the post, as it exists in the database.").Ctx(editOnly...),
			func(_ *rest.Request, p *store.Post) any { return p.Content.String() }),
		rest.F(rest.Str("rendered").Desc("HTML content for the post, transformed for display.").Ctx(viewEdit...).RO(),
			func(_ *rest.Request, p *store.Post) any { return res.m.renders.Content(p) }),
	)
	// The schema is the parent's, so it describes block_version and protected, which a
	// revision never outputs.
	content.Properties = append(content.Properties,
		rest.Int("block_version").Desc("Version of the content block format used by the post.").Ctx(editOnly...).RO(),
		rest.Bool("protected").Desc("Whether the content is protected with a password.").Ctx(all...).RO())
	excerpt := rest.Nested(rest.Obj("excerpt").Desc("The excerpt for the post.").Ctx(all...),
		rest.F(rest.Str("raw").Desc("Excerpt for the post, as it exists in the database.").Ctx(editOnly...),
			func(_ *rest.Request, p *store.Post) any { return p.Excerpt }),
		// prepare_excerpt_response: the_excerpt of the stored excerpt only, never one
		// made from the content
		rest.F(rest.Str("rendered").Desc("HTML excerpt for the post, transformed for display.").Ctx(all...).RO(),
			func(_ *rest.Request, p *store.Post) any {
				if rd := p.Rendered; rd != nil && rd.Excerpt != nil {
					return *rd.Excerpt // as the cloned site rendered it
				}
				return wp.RenderExcerpt(p.Excerpt, "")
			}),
	)
	excerpt.Properties = append(excerpt.Properties,
		rest.Bool("protected").Desc("Whether the excerpt is protected with a password.").Ctx(all...).RO())
	// 6.4: the meta the parent type registers, read from the revision (its
	// revisioned keys are copied into it, see wp.SaveRevision)
	var metaKeys []*rest.Schema
	for _, k := range res.m.metaKeysOf(res.parent.Slug) {
		metaKeys = append(metaKeys, k.Schema)
	}
	meta := rest.F(rest.Obj("meta").Desc("Meta fields.").Ctx(viewEdit...).Props(metaKeys...).Since(rest.V64),
		func(r *rest.Request, p *store.Post) any {
			return res.m.metaField(txOf(r), r.Context(), p.ID, res.parent.Slug)
		})
	res.item = &rest.Item[store.Post]{Title: res.parent.Slug + "-revision", Links: res.links, Fields: []*postField{
		rest.F(rest.Int("author").Desc("The ID for the author of the revision.").Ctx(all...),
			func(_ *rest.Request, p *store.Post) any { return p.Author }),
		rest.F(rest.Str("date").Fmt("date-time").Desc("The date the revision was published, in the site's timezone.").Ctx(all...),
			func(_ *rest.Request, p *store.Post) any { return revisionDate(p.DateGMT, p.Date) }),
		rest.F(rest.Str("date_gmt").Fmt("date-time").Desc("The date the revision was published, as GMT.").Ctx(viewEdit...),
			func(_ *rest.Request, p *store.Post) any { return revisionDate(p.DateGMT, p.DateGMT) }),
		rest.F(rest.Int("id").Desc("Unique identifier for the revision.").Ctx(all...),
			func(_ *rest.Request, p *store.Post) any { return p.ID }),
		rest.F(rest.Str("modified").Fmt("date-time").Desc("The date the revision was last modified, in the site's timezone.").Ctx(viewEdit...),
			func(_ *rest.Request, p *store.Post) any { return revisionDate(p.ModifiedGMT, p.Modified) }),
		rest.F(rest.Str("modified_gmt").Fmt("date-time").Desc("The date the revision was last modified, as GMT.").Ctx(viewEdit...),
			func(_ *rest.Request, p *store.Post) any { return revisionDate(p.ModifiedGMT, p.ModifiedGMT) }),
		rest.F(rest.Int("parent").Desc("The ID for the parent of the revision.").Ctx(all...),
			func(_ *rest.Request, p *store.Post) any { return p.Parent }),
		rest.F(rest.Str("slug").Desc("An alphanumeric identifier for the revision unique to its type.").Ctx(all...),
			func(_ *rest.Request, p *store.Post) any { return p.Slug }),
		guidField,
		rest.Nested(rest.Obj("title").Desc("The title for the post.").Ctx(all...),
			rest.F(rest.Str("raw").Desc("Title for the post, as it exists in the database.").Ctx(editOnly...),
				func(_ *rest.Request, p *store.Post) any { return p.Title }),
			rest.F(rest.Str("rendered").Desc("HTML title for the post, transformed for display.").Ctx(all...).RO(),
				func(_ *rest.Request, p *store.Post) any { return wp.RenderedTitle(p, p.Status) }),
		),
		content, excerpt, meta,
	}}
	res.item = res.item.For(res.m.version)
	return res.item
}

// revisionSchemaOrder is get_item_schema's order (output order is the fields' order).
var revisionSchemaOrder = []string{"author", "date", "date_gmt", "guid", "id", "modified", "modified_gmt",
	"parent", "slug", "title", "content", "excerpt", "meta"}

// revisionDate is prepare_date_response: null when the GMT date is zero.
func revisionDate(gmt, t time.Time) any {
	if gmt.IsZero() {
		return nil
	}
	return rest.FormatDate(t)
}

func (res *revisions) routes() []*rest.Route {
	it := res.declare()
	schema := schemaInOrder(it, revisionSchemaOrder...)
	base, ns := res.parent.Route()+`/(?P<parent>[\d]+)/revisions`, res.parent.RESTNamespace()
	parentArg := rest.Int("parent").Desc("The ID for the parent of the revision.")
	return []*rest.Route{
		{Namespace: ns, Pattern: base, Schema: schema, Endpoints: []*rest.Endpoint{
			{Methods: rest.Readable, Args: append([]*rest.Schema{parentArg}, revisionListArgs()...),
				Permission: res.permission, Handler: res.list},
		}},
		{Namespace: ns, Pattern: base + `/(?P<id>[\d]+)`, Schema: schema, Endpoints: []*rest.Endpoint{
			{Methods: rest.Readable, Args: []*rest.Schema{parentArg,
				rest.Int("id").Desc("Unique identifier for the revision."), contextArg()},
				Permission: res.permission, Handler: res.get},
			{Methods: rest.Deletable, Args: []*rest.Schema{parentArg,
				rest.Int("id").Desc("Unique identifier for the revision."),
				rest.Bool("force").Def(false).Desc("Required to be true, as revisions do not support trashing.")},
				Permission: res.deletePermission, Handler: res.delete},
		}},
	}
}

// revisionListArgs is the controller's get_collection_params: per_page has no default
// (all revisions), and orderby has its own enum.
func revisionListArgs() []*rest.Schema {
	return []*rest.Schema{
		contextArg(),
		rest.Int("page").Desc("Current page of the collection.").Def(1).Min(1).Checked(),
		rest.Int("per_page").Desc("Maximum number of items to be returned in result set.").Min(1).Max(100).Checked(),
		rest.Str("search").Desc("Limit results to those matching a string.").Checked(),
		intsArg("exclude", "Ensure result set excludes specific IDs."),
		intsArg("include", "Limit result set to specific IDs."),
		rest.Int("offset").Desc("Offset the result set by a specific number of items."),
		rest.Str("order").Desc("Order sort attribute ascending or descending.").OneOfEnum("asc", "desc").Def("desc"),
		rest.Str("orderby").Desc("Sort collection by object attribute.").Def("date").
			OneOfEnum("date", "id", "include", "relevance", "slug", "include_slugs", "title"),
	}
}

// revisionParent is get_parent: the post the route names, or 404.
func (res *revisions) revisionParent(r *rest.Request) (*store.Post, *rest.Error) {
	return parentOfType(r, r.Int("parent"), res.parent.Slug)
}

// parentOfType is get_parent: the post id of type typ, or 404 rest_post_invalid_parent.
func parentOfType(r *rest.Request, id int, typ string) (*store.Post, *rest.Error) {
	var p *store.Post
	if id > 0 {
		p = txOf(r).Post(id)
	}
	if p == nil || p.Type != typ {
		return nil, rest.Errorf(http.StatusNotFound, codeInvalidParent, "Invalid post parent ID.")
	}
	return p, nil
}

// permission is get_items_permissions_check (get_item_permissions_check is the same):
// the parent must exist and the caller must be able to edit it.
func (res *revisions) permission(r *rest.Request) *rest.Error {
	parent, err := res.revisionParent(r)
	if err != nil {
		return err
	}
	if !canEditPost(r, parent, txOf(r).Post) {
		return r.Forbidden(codeCannotReadRevisions, "Sorry, you are not allowed to view revisions of this post.")
	}
	return nil
}

// get is get_item.
func (res *revisions) get(r *rest.Request) (*rest.Response, *rest.Error) {
	parent, err := res.revisionParent(r)
	if err != nil {
		return nil, err
	}
	rv, err := getRevision(r)
	if err != nil {
		return nil, err
	}
	if err := revisionOf.At(res.m.version)(parent, rv); err != nil {
		return nil, err
	}
	return rest.OK(res.item.Render(r, rv)), nil
}

// revisionOf is get_item's check that the revision belongs to the parent in the URL:
// WordPress 6.1 makes none, so any revision is returned under any parent the caller
// may edit; 6.5 answers 404 rest_revision_parent_id_mismatch.
var revisionOf = rest.Changed[func(parent, rv *store.Post) *rest.Error]{
	Base: func(_, _ *store.Post) *rest.Error { return nil },
	Steps: []rest.Step[func(parent, rv *store.Post) *rest.Error]{{Since: rest.V65, Value: func(parent, rv *store.Post) *rest.Error {
		if rv.Parent == parent.ID {
			return nil
		}
		return rest.Errorf(http.StatusNotFound, codeRevisionParentMismatch,
			`The revision does not belong to the specified parent with id of "%d"`, parent.ID)
	}}},
}

// getRevision is get_revision: the revision the route names, or 404.
func getRevision(r *rest.Request) (*store.Post, *rest.Error) {
	var rv *store.Post
	if id := r.Int("id"); id > 0 {
		rv = txOf(r).Post(id)
	}
	if rv == nil || rv.Type != "revision" {
		return nil, rest.Errorf(http.StatusNotFound, codePostInvalidID, "Invalid revision ID.")
	}
	return rv, nil
}

// deletePermission is delete_item_permissions_check: delete_post on the parent, the
// revision lookup, the read check of the list, then delete_post on the revision, which
// map_meta_cap refuses to everyone, so WordPress 6.1 never lets the delete through.
func (res *revisions) deletePermission(r *rest.Request) *rest.Error {
	parent, err := res.revisionParent(r)
	if err != nil {
		return err
	}
	tx := txOf(r)
	if !canDeletePost(r, parent, tx.Post) {
		return r.Forbidden(codeCannotDelete, msgCannotDeleteRevisions)
	}
	rv, err := getRevision(r)
	if err != nil {
		return err
	}
	if err := res.permission(r); err != nil {
		return err
	}
	if !canDeletePost(r, rv, tx.Post) {
		return r.Forbidden(codeCannotDelete, msgCannotDeleteRevision)
	}
	return nil
}

// delete is delete_item, which only a site that grants delete_post on revisions (a
// map_meta_cap filter) reaches: no trash, and "previous" in the context the request
// names, although the route declares none (view when absent), without links.
func (res *revisions) delete(r *rest.Request) (*rest.Response, *rest.Error) {
	rv, err := getRevision(r)
	if err != nil {
		return nil, err
	}
	if !r.Bool("force") {
		return nil, rest.Errorf(http.StatusNotImplemented, codeTrashNotSupported, msgRevisionTrash)
	}
	ctx := rest.View
	if c, ok := r.Raw("context"); ok {
		if s, ok := c.(string); ok && s != "" {
			ctx = s
		}
	}
	var previous any = withoutLinks(res.item.RenderIn(r, rv, ctx))
	if len(previous.(rest.Object)) == 0 {
		previous = rest.EmptyArray // an unknown context leaves an empty PHP array
	}
	txOf(r).DeletePost(rv.ID)
	return rest.OK(rest.Object{{Key: "deleted", Value: true}, {Key: "previous", Value: previous}}), nil
}

// list is get_items: a WP_Query for the parent's revisions ordered "date ID" (newest
// first, ties by id) unless orderby says otherwise. Without per_page every revision is
// returned and offset and page only take part in the range checks, as WP_Query's
// nopaging ignores them.
func (res *revisions) list(r *rest.Request) (*rest.Response, *rest.Error) {
	parent, err := res.revisionParent(r)
	if err != nil {
		return nil, err
	}
	q, err := parsePostQuery(r, "revision", postHooks)
	if err != nil {
		return nil, err
	}
	q.Statuses, q.Parents, q.IDTieAsc = map[string]bool{"inherit": true}, map[int]bool{parent.ID: true}, true
	if q.OrderBy == "include_slugs" {
		// post_name__in without slugs leaves WP_Query's "post_date" with the order
		// forced off, so ascending
		q.OrderBy, q.Order = "date", "asc"
	}
	all := wp.RevisionsOf(txOf(r), parent.ID) // date desc, id desc
	hits := make([]*store.Post, 0, len(all))
	for i := range all {
		p := all[i]
		if q.OrderBy == "date" && q.Order == "asc" {
			p = all[len(all)-1-i]
		}
		if q.Matches(p) {
			hits = append(hits, p)
		}
	}
	if q.OrderBy != "date" {
		sort.SliceStable(hits, func(i, j int) bool { return q.Less(hits[i], hits[j]) })
	}
	total, page, perPage, offset := len(hits), r.Int("page"), r.Int("per_page"), r.Int("offset")
	paged := r.Has("per_page")
	maxPages := 0
	switch {
	case paged:
		maxPages = (total + perPage - 1) / perPage
	case total > 0:
		maxPages = 1
	}
	if total > 0 {
		if offset >= total {
			return nil, rest.Errorf(http.StatusBadRequest, codeRevisionInvalidOffset, "The offset number requested is larger than or equal to the number of available revisions.")
		}
		if offset == 0 && page > maxPages {
			return nil, rest.Errorf(http.StatusBadRequest, codeRevisionInvalidPage, "The page number requested is larger than the number of pages available.")
		}
	}
	window := hits
	if paged {
		start := min(wp.QueryStart(page, perPage, offset, r.Has("offset")), total)
		window = hits[start:min(start+perPage, total)]
	}
	items := make([]any, 0, len(window))
	for _, p := range window {
		items = append(items, res.item.Render(r, p))
	}
	resp := rest.OK(items)
	headerPerPage := perPage // Paginate derives the page count from it
	if !paged {
		headerPerPage = total
	}
	r.Paginate(resp, res.parent.Route()+"/"+strconv.Itoa(r.Int("parent"))+"/revisions",
		total, page, headerPerPage)
	return resp, nil
}

// links is the revision's only link, its parent (added when the parent field is in
// the response).
func (res *revisions) links(r *rest.Request, p *store.Post) rest.Links {
	if p.Parent == 0 || !r.Included("parent") {
		return nil
	}
	return rest.Links{}.Add("parent", r.RestURL(res.parent.Route()+"/"+strconv.Itoa(p.Parent)))
}

// saveRevision is wp_save_post_revision (wp.SaveRevision) by the caller, with
// wp_post_revision_meta_keys: the meta keys the post's type registers (the
// controller's declarations, fields.Core) that are revisioned in this version. It
// returns the new revision, or nil.
func (m *Mock) saveRevision(r *rest.Request, p *store.Post) *store.Post {
	return wp.SaveRevision(txOf(r), p, actor(r), m.revisionMetaKeys(p.Type), m.version)
}

// revisionMetaKeys is wp_post_revision_meta_keys for a post type: its registered meta
// keys that are revisioned in the mock's version.
func (m *Mock) revisionMetaKeys(typ string) []string {
	var metaKeys []string
	for _, k := range m.registeredMeta(typ) {
		if k.Revisioned.In(m.version) {
			metaKeys = append(metaKeys, k.Schema.Name)
		}
	}
	return metaKeys
}
