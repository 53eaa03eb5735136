package wp

import (
	"strings"
	"unicode"

	"github.com/wpmock/wpmock/mock/store"
	"github.com/wpmock/wpmock/mock/wpfunc"
)

// meta.php on a post's meta rows, and a row's value as get_metadata_by_mid reads it.

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

// StoredMeta is the row's value as get_metadata_by_mid gives it (maybe_unserialize),
// in the terms the writes check it: its string form (PHP's string conversion when it
// unserializes to a scalar), and whether is_valid_meta_data accepts it (not an array,
// an object, or a string that is itself serialized).
func StoredMeta(raw string) (value string, isString, valid bool) {
	if !wpfunc.IsSerialized(raw) {
		return raw, true, true
	}
	t := wpfunc.Trim(raw)
	if s, ok := wpfunc.UnserializeString(t); ok {
		return s, true, !wpfunc.IsSerialized(s)
	}
	switch t[0] {
	case 'a', 'O', 'E':
		return "", false, false
	case 'i', 'd':
		return strings.TrimSuffix(t[2:], ";"), false, true
	case 'b':
		if t == "b:1;" {
			return "1", false, true
		}
	}
	return "", false, true // b:0;, N; and what unserialize() turns into false
}

// IsProtectedMeta is is_protected_meta: after dropping every character that is neither
// printable ASCII nor a letter, the key starts with "_".
func IsProtectedMeta(key string) bool {
	for _, r := range key {
		if (r >= 0x20 && r <= 0x7e) || unicode.IsLetter(r) {
			return r == '_'
		}
	}
	return false
}
