package wp

import "github.com/wpmock/wpmock/mock/store"

// meta.php on a post's meta rows.

// SetPostMeta is update_metadata for a single key (every row of the key takes the value,
// or a row is added), or delete_metadata when v is nil.
func SetPostMeta(tx *store.Tx, postID int, key string, v *string) {
	found := false
	for _, row := range tx.PostMeta(postID) {
		if row.Key != key {
			continue
		}
		if v == nil {
			tx.DeleteMeta(row.ID)
			continue
		}
		tx.ChangeMeta(row.ID, func(m *store.Meta) { m.Value = *v })
		found = true
	}
	if v != nil && !found {
		tx.InsertMeta(&store.Meta{PostID: postID, Key: key, Value: *v})
	}
}
