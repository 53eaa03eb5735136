package mock

import (
	"net/http"
	"strconv"

	"github.com/wpmock/wpmock/mock/rest"
	"github.com/wpmock/wpmock/mock/store"
	"github.com/wpmock/wpmock/mock/wp"
	"github.com/wpmock/wpmock/mock/wpfunc"
)

// /wp/v2/posts/<parent_id>/meta: not core WordPress but the WP-API/wp-api-meta-endpoints
// plugin (v0.1.0; WP_REST_Meta_Controller and WP_REST_Meta_Posts_Controller), which the
// interface spec takes its meta routes from. Its quirks are kept: context defaults to
// and only allows edit, anonymous callers get 401 even for published posts, protected
// keys and serialized values never show, the parent's type is not checked, and
// parent_id / id are read as PHP's (int) casts of whichever request source has them.

// Error codes of the meta controller.
const (
	// codeMetaInvalidID: no meta row with the id (also id <= 0).
	codeMetaInvalidID = "rest_meta_invalid_id"
	// codeMetaPostMismatch: the meta row belongs to another post.
	codeMetaPostMismatch = "rest_meta_post_mismatch"
	// codeMetaProtected: the row's key is protected ("_..."), or its value is serialized.
	codeMetaProtected = "rest_meta_protected"
)

// Messages of the meta controller. The parent check reuses rest_post_invalid_id with
// the plugin's own lower-case message.
const (
	msgMetaParentInvalid = "Invalid post id."
	msgMetaInvalidID     = "Invalid meta id."
	msgMetaPostMismatch  = "Meta does not belong to this object"
	// msgMetaProtectedKey and msgMetaSerialized take the meta key.
	msgMetaProtectedKey = "%s is marked as a protected field."
	msgMetaSerialized   = "%s contains serialized data."
	// msgMetaCannotViewPost: rest_forbidden when the parent post is not readable.
	msgMetaCannotViewPost = "Sorry, you cannot view this post."
	// msgMetaCannotView: rest_forbidden without edit_post on the parent (reads, writes).
	msgMetaCannotView = "Sorry, you cannot view the meta for this post."
)

// postMeta is the /wp/v2/posts/<parent_id>/meta resource.
type postMeta struct {
	m    *Mock
	item *rest.Item[store.Meta]
}

// declare is get_item_schema: id, key, value, all edit-only.
func (res *postMeta) declare() *rest.Item[store.Meta] {
	if res.item != nil {
		return res.item
	}
	// No Links: the plugin adds "about" whatever _fields says, so render adds it. Nor does
	// it filter by context: every field is edit-only, and edit is the only context.
	res.item = &rest.Item[store.Meta]{Title: "meta", Fields: []*rest.Field[store.Meta]{
		rest.F(rest.Int("id").Desc("Unique identifier for the object.").Ctx(editOnly...).RO(),
			func(_ *rest.Request, m *store.Meta) any { return m.ID }),
		rest.F(rest.Str("key").Desc("The key for the custom field.").Ctx(editOnly...).Req(),
			func(_ *rest.Request, m *store.Meta) any { return m.Key }).WithArg(sanitizedString(wpfunc.SanitizeTextField)),
		rest.F(rest.Str("value").Desc("The value of the custom field.").Ctx(editOnly...),
			func(_ *rest.Request, m *store.Meta) any { return m.Value }).WithArg(sanitizedString(nil)),
	}}
	res.item = res.item.For(res.m.version)
	return res.item
}

// render is prepare_item_for_response for a row whose value is already the string to
// show: the fields, then the embeddable "about" link to the parent post.
func (res *postMeta) render(r *rest.Request, m *store.Meta) rest.Object {
	about := r.RestURL("/" + Namespace + "/posts/" + strconv.Itoa(m.PostID))
	return append(res.item.RenderIn(r, m, rest.Edit),
		rest.Member{Key: "_links", Value: rest.Links{}.Embed("about", about).Compact()})
}

// metaContextArg is the plugin's context parameter: get_context_param over a schema
// whose fields are all edit-only, with default edit.
func metaContextArg() *rest.Schema {
	return rest.Str("context").Desc("Scope under which the request is made; determines fields present in response.").
		OneOfEnum(rest.Edit).Def(rest.Edit).Checked()
}

// routes registers the plugin's two routes in its order: GET and POST on the
// collection; GET, POST/PUT/PATCH and DELETE on the item. Every endpoint but DELETE
// needs edit_post on the parent, DELETE delete_post.
func (res *postMeta) routes() []*rest.Route {
	it := res.declare()
	base := "/" + Namespace + `/posts/(?P<parent_id>[\d]+)/meta`
	canView := metaPermission(canEditPost, msgMetaCannotView)
	return []*rest.Route{
		{Namespace: Namespace, Pattern: base, Schema: it.SchemaJSON, Endpoints: []*rest.Endpoint{
			{Methods: rest.Readable, Args: []*rest.Schema{metaContextArg()}, Permission: canView, Handler: res.list},
			{Methods: rest.Creatable, Args: it.WriteArgs(true), Permission: canView, Handler: res.create},
		}},
		// the plugin's delete_item answers {"message": "Deleted meta"}; the mock, as the
		// specification says, {deleted, previous}: the document allows both
		{Namespace: Namespace, Pattern: base + `/(?P<id>[\d]+)`, Shape: rest.Shape{DeleteMessage: true}, Schema: it.SchemaJSON, Endpoints: []*rest.Endpoint{
			{Methods: rest.Readable, Args: []*rest.Schema{metaContextArg()}, Permission: canView, Handler: res.get},
			{Methods: rest.Editable, Args: it.WriteArgs(false), Permission: canView, Handler: res.update},
			{Methods: rest.Deletable, Args: []*rest.Schema{metaForceArg()},
				Permission: metaPermission(canDeletePost, msgMetaCannotDelete), Handler: res.delete},
		}},
	}
}

// metaParentID is (int) $request['parent_id'].
func metaParentID(r *rest.Request) int { v, _ := r.Raw("parent_id"); return wpfunc.IntVal(v) }

// metaParent is the plugin's get_post( parent_id ): a post of any type, or 404.
func metaParent(r *rest.Request) (*store.Post, *rest.Error) {
	id := metaParentID(r)
	var p *store.Post
	if id > 0 {
		p = txOf(r).Post(id)
	}
	if p == nil {
		return nil, rest.Errorf(http.StatusNotFound, codePostInvalidID, msgMetaParentInvalid)
	}
	return p, nil
}

// metaPermission is the meta posts controller's permission check: the parent exists,
// the posts controller's check_read_permission allows it (revisions, not shown in REST,
// never pass), and the caller has the given capability on it (edit_post, or
// delete_post for DELETE).
func metaPermission(allowed func(*rest.Request, *store.Post, func(int) *store.Post) bool, denied string) rest.Permission {
	return func(r *rest.Request) *rest.Error {
		p, err := metaParent(r)
		if err != nil {
			return err
		}
		tx := txOf(r)
		if p.Type == "revision" || !canReadPost(r, p, tx.Post) {
			return r.Forbidden(rest.CodeForbidden, msgMetaCannotViewPost)
		}
		if !allowed(r, p, tx.Post) {
			return r.Forbidden(rest.CodeForbidden, denied)
		}
		return nil
	}
}

// list is get_items: every row of the parent in meta id order, leaving out protected
// keys and values that are serialized (a serialized string is shown unserialized).
func (res *postMeta) list(r *rest.Request) (*rest.Response, *rest.Error) {
	out := []any{}
	for _, row := range txOf(r).PostMeta(metaParentID(r)) {
		if wp.IsProtectedMeta(row.Key) {
			continue
		}
		v := row.Value
		if wpfunc.IsSerializedString(v) {
			s, ok := wpfunc.UnserializeString(v)
			if !ok {
				continue // unserialize() gave false: not a string
			}
			v = s
		}
		if isSerialized(v) {
			continue
		}
		shown := *row
		shown.Value = v
		out = append(out, res.render(r, &shown))
	}
	return rest.OK(out), nil
}

// metaRow is the row get_item, update and delete work on: it exists and belongs to the
// parent.
func metaRow(r *rest.Request) (*store.Meta, *rest.Error) {
	v, _ := r.Raw("id")
	var row *store.Meta
	if id := wpfunc.IntVal(v); id > 0 {
		row = txOf(r).Meta(id)
	}
	if row == nil {
		return nil, rest.Errorf(http.StatusNotFound, codeMetaInvalidID, msgMetaInvalidID)
	}
	if row.PostID != metaParentID(r) {
		return nil, rest.Errorf(http.StatusBadRequest, codeMetaPostMismatch, msgMetaPostMismatch)
	}
	return row, nil
}

// get is get_item: the row through get_metadata_by_mid (maybe_unserialize), refused
// when its key is protected or its value is not a plain string.
func (res *postMeta) get(r *rest.Request) (*rest.Response, *rest.Error) {
	row, err := metaRow(r)
	if err != nil {
		return nil, err
	}
	if wp.IsProtectedMeta(row.Key) {
		return nil, rest.Errorf(http.StatusForbidden, codeMetaProtected, msgMetaProtectedKey, row.Key)
	}
	v := row.Value
	if isSerialized(v) {
		s, ok := wpfunc.UnserializeString(wpfunc.Trim(v))
		if !ok {
			return nil, rest.Errorf(http.StatusForbidden, codeMetaProtected, msgMetaSerialized, row.Key)
		}
		v = s
	}
	if isSerialized(v) {
		return nil, rest.Errorf(http.StatusForbidden, codeMetaProtected, msgMetaSerialized, row.Key)
	}
	shown := *row
	shown.Value = v
	return rest.OK(res.render(r, &shown)), nil
}

// isSerialized is WordPress's is_serialized (strict).
func isSerialized(s string) bool { return wpfunc.IsSerialized(s) }
