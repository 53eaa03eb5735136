package mock

import (
	"net/http"

	"github.com/wpmock/wpmock/mock/rest"
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
		wp.DeletePost(tx, p)
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

// itemArgs are the id and force/context arguments of an item route's endpoints.
func deleteArgs(noun string) []*rest.Schema {
	return []*rest.Schema{idArg(noun), rest.Bool("force").Desc("Whether to bypass Trash and force deletion.").Def(false)}
}
