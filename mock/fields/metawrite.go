package fields

import (
	"cmp"
	"fmt"
	"slices"

	"github.com/wpmock/wpmock/mock/rest"
	"github.com/wpmock/wpmock/mock/site"
	"github.com/wpmock/wpmock/mock/store"
	"github.com/wpmock/wpmock/mock/wp"
	"github.com/wpmock/wpmock/mock/wpfunc"
)

// Writes of an item's "meta" field: WP_REST_Meta_Fields::update_value, for posts,
// terms, users and comments alike, over the object's meta rows (Table).

// Errors of update_value.
const (
	// codeMetaCannotUpdate / codeMetaCannotDelete: the key's auth_callback refuses
	// the caller (401 anonymous, else 403); data carries the key's name.
	codeMetaCannotUpdate = "rest_cannot_update"
	codeMetaCannotDelete = "rest_cannot_delete"
	// msgMetaCannotEdit takes the key's name (both codes).
	msgMetaCannotEdit = "Sorry, you are not allowed to edit the %s custom field."
	// codeMetaInvalidStored: a null for a key whose stored value (or default) its
	// schema refuses, or a list with a null for a key of many values (500).
	codeMetaInvalidStored = "rest_invalid_stored_value"
	msgMetaInvalidStored  = "The %s property has an invalid stored value, and cannot be updated to null."
	// codeMetaDatabase: delete_metadata or update_metadata failed (500); before 6.8 a
	// key of many values with a registered default and no row fails so, its default
	// taken for a row to delete. The message takes the meta key.
	codeMetaDatabase = "rest_meta_database_error"
	msgMetaDatabase  = "Could not update the meta value of %s in database."
)

// Table is an object's meta rows, as the metadata API reads and changes them.
type Table interface {
	rows(key string) []string
	// update is update_metadata without a previous value: every row of the key
	// takes the value, or a row is added.
	update(key, value string)
	// remove is delete_metadata of the key's rows holding each of values (all the
	// key's rows when values is nil).
	remove(key string, values []string)
	// add is add_metadata: a new last row.
	add(key, value string)
}

// UpdateValue is update_value: for each registered key the request names, null (or []
// for a key of many values) deletes it, else the value is checked against the key's
// schema, sanitized and stored. An error does not stop the other keys; the first is
// the answer (WordPress merges them into one WP_Error whose first code answers).
func (keys Meta) UpdateValue(r *rest.Request, t Table, meta map[string]any) *rest.Error {
	var failed *rest.Error
	ordered := orderedMeta(r)
	for _, k := range keys {
		if failed != nil && k.StopsAtError {
			break
		}
		name := k.Schema.Name
		v, sent := meta[name]
		if !sent {
			continue
		}
		if ov, ok := ordered.Get(name); ok {
			v = ov
		}
		if list, isList := v.([]any); v == nil || (k.multi && isList && len(list) == 0) {
			failed = cmp.Or(failed, deleteMeta(r, k, t))
			continue
		}
		if list, isList := v.([]any); k.multi && isList && slices.Contains(list, nil) {
			failed = cmp.Or(failed, rest.Errorf(500, codeMetaInvalidStored, msgMetaInvalidStored, name))
			continue
		}
		out, err := k.Schema.Validate(v, "meta."+name)
		if err != nil {
			failed = cmp.Or(failed, withStatus(err, 400))
			continue
		}
		if k.multi {
			failed = cmp.Or(failed, updateMultiMeta(r, k, t, out))
			continue
		}
		failed = cmp.Or(failed, updateSingleMeta(r, k, t, out))
	}
	return failed
}

// orderedMeta is the JSON body's "meta" with its objects' keys in the order sent, as
// json_decode keeps them and so the stored arrays (the request's maps have no
// order); nil when the meta did not come in a JSON body.
func orderedMeta(r *rest.Request) rest.Object {
	if r.JSON == nil {
		return nil
	}
	if _, ok := r.JSON.Get("meta"); !ok {
		return nil
	}
	var body site.Args
	if err := body.UnmarshalJSON(r.RawBody); err != nil {
		return nil
	}
	meta, _ := body.Get("meta")
	o, _ := site.JSONOf(meta).(rest.Object)
	return o
}

// metaDenied is the refusal of a key whose auth_callback says no: its data is the
// key's name, then the status.
func metaDenied(r *rest.Request, k Key, code string) *rest.Error {
	err := r.Forbidden(code, fmt.Sprintf(msgMetaCannotEdit, k.Schema.Name))
	err.DataValue = rest.Object{{Key: "key", Value: k.Schema.Name}, {Key: "status", Value: err.Status}}
	return err
}

// deleteMeta is the null branch of update_value and delete_meta_value: a key of one
// value whose current value (its first row, else its default) the schema refuses
// cannot be deleted; then the capability; then every row goes.
func deleteMeta(r *rest.Request, k Key, t Table) *rest.Error {
	rows := t.rows(k.MetaKey())
	if !k.multi {
		var cur any = ""
		switch {
		case len(rows) > 0:
			cur = wpfunc.MaybeUnserialize(rows[0])
		case k.hasDefault:
			cur = k.def
		}
		if _, err := k.Schema.Validate(cur, ""); err != nil {
			return rest.Errorf(500, codeMetaInvalidStored, msgMetaInvalidStored, k.Schema.Name)
		}
	}
	if k.denied {
		return metaDenied(r, k, codeMetaCannotDelete)
	}
	if len(rows) > 0 {
		t.remove(k.MetaKey(), nil)
	}
	return nil
}

// storedForm is the string a sanitized value is stored as (maybe_serialize, then the
// column's string), which is_meta_value_same_as_stored_value compares with a row.
func storedForm(v any) string { return wpfunc.MaybeSerialize(storableValue(v)) }

// storableValue is a sanitized value with its objects in a fixed order (a request's
// objects reach the mock as maps).
func storableValue(v any) any {
	switch x := v.(type) {
	case map[string]any:
		return storableValue(wpfunc.SortedObject(x))
	case rest.Object:
		out := make(rest.Object, len(x))
		for i, m := range x {
			out[i] = rest.Member{Key: m.Key, Value: storableValue(m.Value)}
		}
		return out
	case []any:
		out := make([]any, len(x))
		for i, e := range x {
			out[i] = storableValue(e)
		}
		return out
	}
	return v
}

// updateSingleMeta is update_meta_value: the same value as the one row stored
// changes nothing (and needs no capability); else every row takes it.
// Before 6.8 the capability comes first, and the registered default stands for no
// row (get_metadata): writing it then stores nothing.
func updateSingleMeta(r *rest.Request, k Key, t Table, v any) *rest.Error {
	s := storedForm(v)
	if k.StopsAtError && k.denied {
		return metaDenied(r, k, codeMetaCannotUpdate)
	}
	if rows := k.currentRows(t); len(rows) == 1 && rows[0] == s {
		return nil
	}
	if k.denied {
		return metaDenied(r, k, codeMetaCannotUpdate)
	}
	t.update(k.MetaKey(), s)
	return nil
}

// currentRows are the key's rows as update_value compares them: get_metadata_raw's,
// or before 6.8 get_metadata's, where a key with a registered default and no row has
// the default as its one value.
func (k Key) currentRows(t Table) []string {
	rows := t.rows(k.MetaKey())
	if len(rows) == 0 && k.StopsAtError && k.hasDefault {
		return []string{storedForm(k.def)}
	}
	return rows
}

// updateMultiMeta is update_multi_meta_value: the capability first; each value sent
// that matches exactly one stored row keeps that row; the other rows are deleted (by
// value: every row holding it) and the other values added, in the order sent.
func updateMultiMeta(r *rest.Request, k Key, t Table, v any) *rest.Error {
	if k.denied {
		return metaDenied(r, k, codeMetaCannotUpdate)
	}
	values, _ := v.([]any)
	current := k.currentRows(t)
	stored := len(t.rows(k.MetaKey())) > 0 // else current is the default, no row
	removed := make([]bool, len(current))
	var add []string
	for _, x := range values {
		s := storedForm(x)
		match := -1
		for i, row := range current {
			if row != s {
				continue
			}
			if match >= 0 { // more than one: removed and added again
				match = -2
				break
			}
			match = i
		}
		if match < 0 {
			add = append(add, s)
			continue
		}
		removed[match] = true // kept
	}
	var remove []string
	for i, row := range current {
		if !removed[i] && !slices.Contains(remove, row) {
			remove = append(remove, row)
		}
	}
	if len(remove) > 0 && !stored { // delete_metadata finds no row and fails
		err := rest.Errorf(500, codeMetaDatabase, msgMetaDatabase, k.MetaKey())
		err.DataValue = rest.Object{{Key: "key", Value: k.Schema.Name}, {Key: "status", Value: 500}}
		return err
	}
	if len(remove) > 0 {
		t.remove(k.MetaKey(), remove)
	}
	for _, s := range add {
		t.add(k.MetaKey(), s)
	}
	return nil
}

// FieldRows are the meta rows a term, a user or a comment keeps in its Meta, read
// with get and replaced with put.
func FieldRows(get func() *store.FieldValues, put func(*store.FieldValues)) Table {
	return fieldMetaRows{get: get, put: put}
}

type fieldMetaRows struct {
	get func() *store.FieldValues
	put func(*store.FieldValues)
}

func (f fieldMetaRows) rows(key string) []string { return f.get().MetaRows(key) }

func (f fieldMetaRows) update(key, value string) {
	rows := slices.Clone(f.get().MetaRows(key))
	if len(rows) == 0 {
		rows = []string{value}
	}
	for i := range rows {
		rows[i] = value
	}
	f.put(f.get().WithMetaRows(key, rows))
}

func (f fieldMetaRows) remove(key string, values []string) {
	rows := slices.DeleteFunc(slices.Clone(f.get().MetaRows(key)), func(row string) bool {
		return values == nil || slices.Contains(values, row)
	})
	f.put(f.get().WithMetaRows(key, rows))
}

func (f fieldMetaRows) add(key, value string) {
	f.put(f.get().WithMetaRows(key, append(slices.Clone(f.get().MetaRows(key)), value)))
}

// PostRows are the post id's rows of wp_postmeta.
func PostRows(tx *store.Tx, id int) Table { return postMetaRows{tx: tx, id: id} }

type postMetaRows struct {
	tx *store.Tx
	id int
}

func (p postMetaRows) rows(key string) []string {
	var out []string
	for _, row := range p.tx.PostMeta(p.id) {
		if row.Key == key {
			out = append(out, row.Value)
		}
	}
	return out
}

func (p postMetaRows) update(key, value string) { wp.SetPostMeta(p.tx, p.id, key, &value) }

func (p postMetaRows) remove(key string, values []string) {
	for _, row := range p.tx.PostMeta(p.id) {
		if row.Key == key && (values == nil || slices.Contains(values, row.Value)) {
			p.tx.DeleteMeta(row.ID)
		}
	}
}

func (p postMetaRows) add(key, value string) {
	p.tx.InsertMeta(&store.Meta{PostID: p.id, Key: key, Value: value})
}

// withStatus is WP_Error::add_data( array( 'status' => $status ) ) on an error that
// has data already (a validation error's param): that data moves to additional_data.
func withStatus(err *rest.Error, status int) *rest.Error {
	out := *err
	if len(out.Data) > 0 {
		out.AdditionalData = append(append([]any(nil), out.AdditionalData...), out.Data)
		out.Data = nil
	}
	out.Status = status
	return &out
}
