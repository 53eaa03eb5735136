package mock

import (
	"github.com/wpmock/wpmock/mock/wpfunc"
	"net/http"
	"strconv"
	"strings"

	"github.com/wpmock/wpmock/mock/rest"
	"github.com/wpmock/wpmock/mock/store"
	"github.com/wpmock/wpmock/mock/wp"
)

// Writes of /wp/v2/posts/<parent_id>/meta: the plugin's create_item, update_item and
// delete_item (WP_REST_Meta_Controller), checked against WordPress 6.1.9 with the
// plugin loaded. Two things follow the interface specification instead (see
// docs/differences.md): a delete needs force to be really true, and answers {deleted, previous}.
// And a create without a value stores "" where the plugin stores NULL and dies.

// Errors of meta writes.
const (
	// codeMetaInvalidKey: the key is empty ("" or "0") once sanitised (400).
	codeMetaInvalidKey, msgMetaInvalidKey = "rest_meta_invalid_key", "Invalid meta key."
	// codeMetaDataInvalid: an update with neither key nor value (400).
	codeMetaDataInvalid, msgMetaDataInvalid = "rest_meta_data_invalid", "Invalid meta parameters."
	// codeMetaInvalidAction: for posts the plugin says rest_post_invalid_action (400).
	codeMetaInvalidAction = "rest_post_invalid_action"
	// msgMetaInvalidProvided: the value sent is serialized.
	msgMetaInvalidProvided = "Invalid provided meta data for action."
	// msgMetaInvalidExisting: the stored value is an array, an object or serialized
	// twice (update, delete).
	msgMetaInvalidExisting = "Invalid existing meta data for action."
	// msgMetaTrash: a delete without force=true (501 rest_trash_not_supported).
	msgMetaTrash = "Meta does not support trashing."
	// msgMetaCannotDelete: rest_forbidden without delete_post on the parent.
	msgMetaCannotDelete = "Sorry, you cannot delete the meta for this post."
)

// metaForceArg is the DELETE endpoint's force: no type, so any value passes.
func metaForceArg() *rest.Schema {
	force := &rest.Schema{Name: "force"}
	return force.Def(false).Desc("Required to be true, as resource does not support trashing.")
}

// metaForced reports whether force is true as rest_is_boolean reads true: true, 1,
// "true" or "1" (any case). The plugin takes any truthy PHP value ("false" too); the
// specification wants force to be true.
func metaForced(r *rest.Request) bool {
	switch v := r.Param("force").(type) {
	case bool:
		return v
	case string:
		return v == "1" || strings.EqualFold(v, "true")
	case float64:
		return v == 1
	case interface{ String() string }: // json.Number
		return v.String() == "1"
	}
	return false
}

// create is create_item: the value is checked first, then the key; the row is added
// (duplicate keys are fine) and answered as get_item shows it.
func (res *postMeta) create(r *rest.Request) (*rest.Response, *rest.Error) {
	value := r.String("value")
	if isSerialized(value) {
		return nil, rest.Errorf(http.StatusBadRequest, codeMetaInvalidAction, msgMetaInvalidProvided)
	}
	key := r.String("key")
	if wpfunc.Empty(key) {
		return nil, rest.Errorf(http.StatusBadRequest, codeMetaInvalidKey, msgMetaInvalidKey)
	}
	if wp.IsProtectedMeta(key) {
		return nil, rest.Errorf(http.StatusForbidden, codeMetaProtected, msgMetaProtectedKey, key)
	}
	parent := metaParentID(r)
	row := &store.Meta{PostID: parent, Key: key, Value: value}
	txOf(r).InsertMeta(row)
	loc := r.RestURL("/" + Namespace + "/posts/" + strconv.Itoa(parent) + "/meta/" + strconv.Itoa(row.ID))
	return rest.Created(res.render(r, row), loc), nil
}

// update is update_item: key and value default to the stored ones; the checks run in
// the plugin's order; an update that changes nothing answers the row as is (a stored
// serialized string stays serialized).
func (res *postMeta) update(r *rest.Request) (*rest.Response, *rest.Error) {
	row, err := metaRow(r)
	if err != nil {
		return nil, err
	}
	if !r.Has("key") && !r.Has("value") {
		return nil, rest.Errorf(http.StatusBadRequest, codeMetaDataInvalid, msgMetaDataInvalid)
	}
	current, isString, valid := wp.StoredMeta(row.Value)
	key, value := row.Key, current
	if r.Has("key") {
		key = r.String("key")
	}
	if r.Has("value") {
		value = r.String("value")
	}
	switch {
	case wpfunc.Empty(key):
		return nil, rest.Errorf(http.StatusBadRequest, codeMetaInvalidKey, msgMetaInvalidKey)
	case !valid:
		return nil, rest.Errorf(http.StatusBadRequest, codeMetaInvalidAction, msgMetaInvalidExisting)
	case isSerialized(value):
		return nil, rest.Errorf(http.StatusBadRequest, codeMetaInvalidAction, msgMetaInvalidProvided)
	case wp.IsProtectedMeta(row.Key):
		return nil, rest.Errorf(http.StatusForbidden, codeMetaProtected, msgMetaProtectedKey, row.Key)
	case wp.IsProtectedMeta(key):
		return nil, rest.Errorf(http.StatusForbidden, codeMetaProtected, msgMetaProtectedKey, key)
	}
	if !(isString && value == current && key == row.Key) {
		row = txOf(r).ChangeMeta(row.ID, func(m *store.Meta) { m.Key, m.Value = key, value })
	}
	shown := *row
	shown.Value = value
	return rest.OK(res.render(r, &shown)), nil
}

// delete is delete_item. force is checked before anything else, as the plugin does;
// then the row must belong to the parent, hold a plain value and not be protected.
func (res *postMeta) delete(r *rest.Request) (*rest.Response, *rest.Error) {
	if !metaForced(r) {
		return nil, rest.Errorf(http.StatusNotImplemented, codeTrashNotSupported, msgMetaTrash)
	}
	row, err := metaRow(r)
	if err != nil {
		return nil, err
	}
	value, _, valid := wp.StoredMeta(row.Value)
	if !valid {
		return nil, rest.Errorf(http.StatusBadRequest, codeMetaInvalidAction, msgMetaInvalidExisting)
	}
	if wp.IsProtectedMeta(row.Key) {
		return nil, rest.Errorf(http.StatusForbidden, codeMetaProtected, msgMetaProtectedKey, row.Key)
	}
	shown := *row
	shown.Value = value
	previous := withoutLinks(res.render(r, &shown))
	txOf(r).DeleteMeta(row.ID)
	return rest.OK(rest.Object{{Key: "deleted", Value: true}, {Key: "previous", Value: previous}}), nil
}
