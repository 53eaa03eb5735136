package wp

import (
	"slices"

	"github.com/wpmock/wpmock/mock/store"
)

// DeletePost is wp_delete_post(force): the post, its meta and revisions go; its
// attachments, and the children of a page, move up to its parent; posts that
// featured it lose it.
func DeletePost(tx *store.Tx, p *store.Post) {
	reg := RegistryOf(tx)
	UpdateTermCounts(tx, p, nil)
	if p.Type != "nav_menu_item" { // _wp_delete_post_menu_item: the menu items linking the post go too
		for _, it := range MenuItemsOf(tx, "post_type", p.ID) {
			DeletePost(tx, it)
		}
	}
	for _, rv := range RevisionsOf(tx, p.ID) {
		tx.DeletePost(rv.ID)
	}
	hierarchical := reg.TypeOf(p.Type).Hierarchical
	for _, kid := range slices.Clone(tx.Children(p.ID)) {
		if kid.Type == "attachment" || hierarchical && kid.Type == p.Type {
			tx.ChangePost(kid.ID, func(kid *store.Post) { kid.Parent = p.Parent })
		}
	}
	if p.Type == "attachment" {
		for _, pt := range reg.PostTypes {
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
			im := AttachmentImageFiles(tx, p)
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
