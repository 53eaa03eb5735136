package wp

import (
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/wpmock/wpmock/mock/store"
	"github.com/wpmock/wpmock/mock/wpfunc"
	"github.com/wpmock/wpmock/mock/wpversion"
)

// revision.php: a post's revisions and wp_save_post_revision.

// RevisionsOf is wp_get_post_revisions: a post's revisions newest first (date, then
// id, descending).
func RevisionsOf(tx *store.Tx, parent int) []*store.Post {
	kids := tx.Children(parent)
	out := make([]*store.Post, 0, len(kids))
	for i := len(kids) - 1; i >= 0; i-- {
		if kids[i].Type == "revision" {
			out = append(out, kids[i])
		}
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].Date.After(out[j].Date) })
	return out
}

// SaveRevision is wp_save_post_revision, which WordPress runs on post_updated (6.4:
// on wp_after_insert_post, once the terms and meta of the update are saved too). After
// an update that left p not an auto-draft, of a type with revisions at version v
// (wp_revisions_enabled; wp_revisions_to_keep is unlimited, so none is dropped), it
// stores p's title, content and excerpt as a new revision, unless they match the
// latest revision (normalize_whitespace aside) and so do the values of metaKeys, the
// revisioned meta keys (wp_post_revision_meta_keys, 6.4). A post without revisions
// always gets one, even for a status-only change. The revision is <id>-revision-v1,
// inherits its status, belongs to a (nil: user 0), is dated at p's new modified date
// and gets a copy of p's values of metaKeys (wp_save_revisioned_meta_fields). It is
// compared with the latest revision only (autosaves skipped), never with the post as
// it was. It returns the new revision, or nil.
func SaveRevision(tx *store.Tx, p *store.Post, a *Actor, metaKeys []string, v wpversion.Version) *store.Post {
	if pt := RegistryOf(tx).PostType(p.Type); pt == nil || !pt.Supported("revisions", v) || p.Status == "auto-draft" {
		return nil
	}
	for _, rv := range RevisionsOf(tx, p.ID) {
		if !strings.Contains(rv.Slug, strconv.Itoa(rv.Parent)+"-revision") {
			continue // an autosave
		}
		if !revisionFieldsChanged(tx, rv, p, metaKeys) {
			return nil
		}
		break
	}
	author := 0
	if a != nil {
		author = a.ID
	}
	local, now := Now(tx)
	rev := &store.Post{Type: "revision", Status: "inherit", Author: author, Parent: p.ID,
		Date: p.Modified, DateGMT: p.ModifiedGMT, Modified: local, ModifiedGMT: now,
		Title: p.Title, Content: p.Content, Excerpt: p.Excerpt, Slug: strconv.Itoa(p.ID) + "-revision-v1",
		CommentStatus: "closed", PingStatus: "closed"}
	tx.InsertPost(rev)
	rev = tx.ChangePost(rev.ID, func(rev *store.Post) { // get_permalink of a revision
		rev.SetExtra(store.Extra{GUID: "/?p=" + strconv.Itoa(rev.ID)})
	})
	for _, key := range metaKeys {
		for _, value := range metaValues(tx, p.ID, key) {
			tx.InsertMeta(&store.Meta{PostID: rev.ID, Key: key, Value: value})
		}
	}
	return rev
}

// revisionFieldsChanged is wp_save_post_revision's comparison of the latest revision
// rv with the post p: the fields of _wp_post_revision_fields (title, content,
// excerpt) with normalize_whitespace, then wp_check_revisioned_meta_fields_have_changed
// over metaKeys (every value of each key, in order).
func revisionFieldsChanged(tx *store.Tx, rv, p *store.Post, metaKeys []string) bool {
	same := func(a, b string) bool { return wpfunc.NormalizeWhitespace(a) == wpfunc.NormalizeWhitespace(b) }
	if !same(rv.Title, p.Title) || !(rv.Content.Equal(p.Content) || same(rv.Content.String(), p.Content.String())) ||
		!same(rv.Excerpt, p.Excerpt) {
		return true
	}
	return slices.ContainsFunc(metaKeys, func(key string) bool {
		return !slices.Equal(metaValues(tx, p.ID, key), metaValues(tx, rv.ID, key))
	})
}

// metaValues is get_post_meta( $id, $key ): every value of the key, in row order.
func metaValues(tx *store.Tx, id int, key string) []string {
	var out []string
	for _, row := range tx.PostMeta(id) {
		if row.Key == key {
			out = append(out, row.Value)
		}
	}
	return out
}
