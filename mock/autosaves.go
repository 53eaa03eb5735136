package mock

import (
	"net/http"
	"slices"
	"strconv"
	"strings"

	"github.com/wpmock/wpmock/mock/rest"
	"github.com/wpmock/wpmock/mock/store"
	"github.com/wpmock/wpmock/mock/wp"
)

// /wp/v2/<type>/<id>/autosaves: WP_REST_Autosaves_Controller, for every post type but
// attachments (checked against the running 6.1). An autosave is a revision named
// <id>-autosave-v1, one per user: the editor's preview of changes not yet saved. The
// author's autosave of their own draft changes the draft itself. Its item is the
// revisions' with a preview_link (edit context).

// Error codes of the autosaves controller.
const (
	// codeNoAutosave: GET /<type>/<parent>/autosaves/<id> when the post has none.
	codeNoAutosave = "rest_post_no_autosave"
)

// autosaves is the autosaves resource of a post type.
type autosaves struct {
	m      *Mock
	parent *wp.PostType
	posts  *posts     // the parent controller: its arguments and writer
	rev    *revisions // the revisions controller the item and permissions come from
	item   *rest.Item[store.Post]
}

func (res *autosaves) declare() *rest.Item[store.Post] {
	if res.item != nil {
		return res.item
	}
	rv := res.rev.declare()
	fields := append([]*postField{}, rv.Fields...)
	fields = append(fields, rest.F(rest.Str("preview_link").Fmt("uri").Desc("Preview link for the post.").Ctx(editOnly...).RO(),
		func(r *rest.Request, p *store.Post) any { return res.previewLink(r, p) }))
	res.item = (&rest.Item[store.Post]{Title: rv.Title, Links: rv.Links, Fields: fields}).For(res.m.version)
	return res.item
}

func (res *autosaves) routes() []*rest.Route {
	it := res.declare()
	schema := schemaInOrder(it, append(append([]string{}, revisionSchemaOrder...), "preview_link")...)
	base, ns := res.parent.Route(), res.parent.RESTNamespace()
	parentArg := func() *rest.Schema { return rest.Int("parent").Desc("The ID for the parent of the autosave.") }
	// register_routes array_merges the parent argument with the type's update
	// arguments: a hierarchical type's own parent replaces its value and keeps its place
	create, first := res.posts.writeArgs(false), parentArg()
	if i := slices.IndexFunc(create, func(a *rest.Schema) bool { return a.Name == "parent" }); i >= 0 {
		first, create = create[i], slices.Delete(slices.Clone(create), i, i+1)
	}
	return []*rest.Route{
		{Namespace: ns, Pattern: base + `/(?P<id>[\d]+)/autosaves`, Schema: schema, Shape: rest.Shape{List: true, SaveOK: true}, Endpoints: []*rest.Endpoint{
			{Methods: rest.Readable, Args: []*rest.Schema{parentArg(), contextArg()}, Permission: res.listPermission, Handler: res.list},
			{Methods: rest.Creatable, Args: append([]*rest.Schema{first}, create...),
				Permission: res.createPermission, Handler: res.create},
		}},
		{Namespace: ns, Pattern: base + `/(?P<parent>[\d]+)/autosaves/(?P<id>[\d]+)`, Schema: schema, Endpoints: []*rest.Endpoint{
			{Methods: rest.Readable, Args: []*rest.Schema{parentArg(), rest.Int("id").Desc("The ID for the autosave."), contextArg()},
				Permission: res.rev.permission, Handler: res.get},
		}},
	}
}

// parentID is the collection route's id: a placeholder WordPress declares no argument
// for (the route's argument is parent), so it stays the string of the URL.
func parentID(r *rest.Request) int {
	v, _ := r.Raw("id")
	s, _ := v.(string)
	n, _ := strconv.Atoi(s)
	return n
}

// parentOf is get_parent for the collection route, whose placeholder is id.
func (res *autosaves) parentOf(r *rest.Request) (*store.Post, *rest.Error) {
	return parentOfType(r, parentID(r), res.parent.Slug)
}

// listPermission is get_items_permissions_check: edit_post on the parent.
func (res *autosaves) listPermission(r *rest.Request) *rest.Error {
	parent, err := res.parentOf(r)
	if err != nil {
		return err
	}
	if !canEditPost(r, parent, txOf(r).Post) {
		return r.Forbidden(codeCannotReadRevisions, "Sorry, you are not allowed to view autosaves of this post.")
	}
	return nil
}

// createPermission is create_item_permissions_check: the parent's update permission.
func (res *autosaves) createPermission(r *rest.Request) *rest.Error {
	id := parentID(r)
	if id <= 0 {
		return rest.Errorf(http.StatusNotFound, codePostInvalidID, "Invalid item ID.")
	}
	return res.posts.w.updatePermissionOf(r, id)
}

// list is get_items: every autosave of the post, whoever made it.
func (res *autosaves) list(r *rest.Request) (*rest.Response, *rest.Error) {
	parent, err := res.parentOf(r)
	if err != nil {
		return nil, err
	}
	items := []any{}
	for _, p := range wp.AutosavesOf(txOf(r), parent.ID) {
		items = append(items, res.item.Render(r, p))
	}
	return rest.OK(items), nil
}

// get is get_item: the post's autosave (wp_get_post_autosave: anyone's, the newest),
// whatever the id says.
func (res *autosaves) get(r *rest.Request) (*rest.Response, *rest.Error) {
	parent, err := res.rev.revisionParent(r)
	if err != nil {
		return nil, err
	}
	list := wp.AutosavesOf(txOf(r), parent.ID)
	if len(list) == 0 {
		return nil, rest.Errorf(http.StatusNotFound, codeNoAutosave, "There is no autosave revision for this post.")
	}
	return rest.OK(res.item.Render(r, list[0])), nil
}

// create is create_item: the author's autosave of their own draft updates the draft
// (without a revision: DOING_AUTOSAVE); anyone else's, or of a post that is not a
// draft, is their autosave revision, made or updated (create_post_autosave). The
// answer is 200, in the edit context.
func (res *autosaves) create(r *rest.Request) (*rest.Response, *rest.Error) {
	tx := txOf(r)
	post, err := getPost(r, parentID(r), res.parent.Slug)
	if err != nil {
		return nil, err
	}
	r.SetParam("context", rest.Edit)
	if (post.Status == "draft" || post.Status == "auto-draft") && post.Author == callerID(r) {
		stored, err := res.posts.w.updateStored(r, post)
		if err != nil {
			return nil, err
		}
		return rest.OK(res.item.RenderIn(r, stored, rest.Edit)), nil
	}
	autosave := wp.CreatePostAutosave(tx, post, callerID(r), textFields(r))
	return rest.OK(res.item.RenderIn(r, autosave, rest.Edit)), nil
}

// previewLink is get_preview_post_link: for an autosave, its post's permalink with
// preview_id, preview_nonce and preview=true; for a post (the draft an author's
// autosave changed), its own with preview=true.
func (res *autosaves) previewLink(r *rest.Request, p *store.Post) string {
	tx := txOf(r)
	query := "preview=true"
	if parent := tx.Post(p.Parent); p.Type == "revision" && parent != nil {
		p = parent
		query = "preview_id=" + strconv.Itoa(parent.ID) + "&preview_nonce=" + wp.PreviewNonce(callerID(r), parent.ID, tx.Now().Unix()) + "&" + query
	}
	link := permalinks(r).Post(p)
	if strings.Contains(link, "?") {
		return link + "&" + query
	}
	return link + "?" + query
}
