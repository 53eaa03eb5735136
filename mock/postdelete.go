package mock

import (
	"net/http"
	"slices"

	"github.com/wpmock/wpmock/mock/rest"
	"github.com/wpmock/wpmock/mock/store"
	"github.com/wpmock/wpmock/mock/wp"
)

// Deleting posts: delete_item's trash and force, wp_trash_post and wp_delete_post.

// delete is delete_item: trash by default where the type has a trash, for good with
// force=true.
func (w *postWriter) delete(r *rest.Request) (*rest.Response, *rest.Error) {
	tx := txOf(r)
	p, err := getPost(r, r.Int("id"), w.typ)
	if err != nil {
		return nil, err
	}
	r.SetParam("context", rest.Edit)
	if r.Bool("force") {
		previous := w.item.RenderIn(r, p, rest.Edit)
		previous = withoutLinks(previous)
		w.m.deletePost(tx, p)
		return rest.OK(rest.Object{{"deleted", true}, {"previous", previous}}), nil
	}
	if !w.hooks.trash {
		return nil, rest.Errorf(http.StatusNotImplemented, codeTrashNotSupported, "The post does not support trashing. Set '%s' to delete.", "force=true")
	}
	if p.Status == "trash" {
		return nil, rest.Errorf(http.StatusGone, codeAlreadyTrashed, "The post has already been deleted.")
	}
	before := *p
	p = wp.TrashPost(tx, p.ID)
	w.m.saveRevision(r, p)
	wp.UpdateTermCounts(tx, &before, p)
	return rest.OK(w.item.RenderIn(r, p, rest.Edit)), nil
}

// deletePost is wp_delete_post(force): the post, its meta and revisions go; its
// attachments, and the children of a page, move up to its parent; posts that
// featured it lose it.
func (m *Mock) deletePost(tx *store.Tx, p *store.Post) {
	wp.UpdateTermCounts(tx, p, nil)
	if p.Type != "nav_menu_item" { // _wp_delete_post_menu_item: the menu items linking the post go too
		for _, it := range wp.MenuItemsOf(tx, "post_type", p.ID) {
			m.deletePost(tx, it)
		}
	}
	for _, rv := range wp.RevisionsOf(tx, p.ID) {
		tx.DeletePost(rv.ID)
	}
	hierarchical := m.reg.TypeOf(p.Type).Hierarchical
	for _, kid := range slices.Clone(tx.Children(p.ID)) {
		if kid.Type == "attachment" || hierarchical && kid.Type == p.Type {
			tx.ChangePost(kid.ID, func(kid *store.Post) { kid.Parent = p.Parent })
		}
	}
	if p.Type == "attachment" {
		for _, pt := range m.reg.PostTypes {
			if !pt.Has("thumbnail") {
				continue
			}
			for _, q := range tx.PostsByID(pt.Slug) {
				if q.FeaturedMedia == p.ID {
					tx.ChangePost(q.ID, func(q *store.Post) { q.FeaturedMedia = 0 })
				}
			}
		}
		if f := p.Extra().File; f != "" { // wp_delete_attachment_files: the sub-sizes, the original, the file
			im := wp.AttachmentImageFiles(tx, p)
			for _, s := range im.Sizes {
				tx.DeleteFile(im.Dir + s.File)
			}
			if im.Original != "" {
				tx.DeleteFile(im.Dir + im.Original)
			}
			tx.DeleteFile(f)
		}
	}
	tx.DeletePost(p.ID)
}

// itemArgs are the id and force/context arguments of an item route's endpoints.
func deleteArgs(noun string) []*rest.Schema {
	return []*rest.Schema{idArg(noun), rest.Bool("force").Desc("Whether to bypass Trash and force deletion.").Def(false)}
}
