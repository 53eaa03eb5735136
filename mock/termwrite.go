package mock

import (
	"cmp"
	"fmt"
	"net/http"
	"strconv"

	"github.com/wpmock/wpmock/mock/wpfunc"

	"github.com/wpmock/wpmock/mock/fields"
	"github.com/wpmock/wpmock/mock/rest"
	"github.com/wpmock/wpmock/mock/store"
	"github.com/wpmock/wpmock/mock/wp"
)

// Writes of tags and categories: what WP_REST_Terms_Controller's create_item,
// update_item and delete_item do with wp_insert_term, wp_update_term and
// wp_delete_term. Every check runs before the first change, so a refused request
// leaves nothing behind.

// Errors of term writes. Codes without a status are WordPress's own WP_Errors passed
// through unchanged, which the REST server answers with 500 and "data": null.
const (
	// codeTermExists: a create whose name is taken (wp_insert_term); 400, data.term_id.
	codeTermExists = wp.CodeTermExists
	// msgTermExists: the taken name is in a flat taxonomy (tags).
	msgTermExists = wp.MsgTermExists
	// msgTermExistsParent: the taken name is a sibling's (categories).
	msgTermExistsParent = wp.MsgTermExistsParent
	// codeEmptyTermName: the name is empty once sanitised (no status: 500).
	codeEmptyTermName, msgEmptyTermName = "empty_term_name", "A name is required for this term."
	// codeDuplicateTermSlug: an update to a slug another term of the taxonomy has (no
	// status: 500). The message takes the slug.
	codeDuplicateTermSlug, msgDuplicateTermSlug = "duplicate_term_slug", "The slug &#8220;%s&#8221; is already in use by another term."
	// codeNotHierarchical: "parent" sent to a tags write (400).
	codeNotHierarchical, msgNotHierarchical = "rest_taxonomy_not_hierarchical", "Cannot set parent term, taxonomy is not hierarchical."
	// msgParentTermInvalid: a parent that is no category (400 rest_term_invalid).
	msgParentTermInvalid = "Parent term does not exist."
	// codeCannotUpdate: the caller may not edit_term (401/403).
	codeCannotUpdate = "rest_cannot_update"
	// Permission messages of create (rest_cannot_create), update and delete
	// (rest_cannot_delete).
	msgCannotCreateTerm = "Sorry, you are not allowed to create terms in this taxonomy."
	msgCannotUpdateTerm = "Sorry, you are not allowed to edit this term."
	msgCannotDeleteTerm = "Sorry, you are not allowed to delete this term."
	// msgTermTrash: a delete without force=true (501 rest_trash_not_supported).
	msgTermTrash = "Terms do not support trashing. Set 'force=true' to delete."
)

// termMetaArg is the meta argument's arg_options (check_meta_is_array): any PHP array,
// so a JSON list too. The other term fields carry theirs where terms.go declares them
// (sanitize_text_field for the name, sanitize_slug for the slug; a JSON null is cast to
// "" or 0 as rest_sanitize_value_from_schema does).
func termMetaArg(a *rest.Schema) {
	a.Sanitize = func(_ *rest.Request, v any, _ string) (any, *rest.Error) {
		switch v.(type) {
		case nil, map[string]any, []any:
			return v, nil
		}
		return nil, rest.Refused()
	}
}

// sanitizedString is a string argument whose sanitize_callback is clean (nil: none):
// the type is checked, null becomes "".
func sanitizedString(clean func(string) string) func(a *rest.Schema) {
	return func(a *rest.Schema) {
		a.Sanitize = func(_ *rest.Request, v any, param string) (any, *rest.Error) {
			switch s := v.(type) {
			case nil:
				return "", nil
			case string:
				if clean != nil {
					s = clean(s)
				}
				return s, nil
			}
			return a.Validate(v, param)
		}
	}
}

// nullAsZero lets an integer argument take a JSON null as 0, as (int) null is.
func nullAsZero(a *rest.Schema) {
	a.Sanitize = func(_ *rest.Request, v any, param string) (any, *rest.Error) {
		if v == nil {
			return 0, nil
		}
		return a.Validate(v, param)
	}
}

// createPermission is create_item_permissions_check: categories need edit_terms
// (manage_categories), tags only assign_terms (edit_posts).
func (res *terms) createPermission(r *rest.Request) *rest.Error {
	allowed := res.canEditTerms(r)
	if !res.hierarchical() {
		allowed = can(r, res.m.reg.Taxonomy(res.taxonomy).AssignCap())
	}
	if !allowed {
		return r.Forbidden(codeCannotCreate, msgCannotCreateTerm)
	}
	return nil
}

// updatePermission is update_item_permissions_check (edit_term).
func (res *terms) updatePermission(r *rest.Request) *rest.Error {
	if _, err := res.getTerm(r, r.Int("id")); err != nil {
		return err
	}
	if !res.canEditTerms(r) {
		return r.Forbidden(codeCannotUpdate, msgCannotUpdateTerm)
	}
	return nil
}

// deletePermission is delete_item_permissions_check: map_meta_cap refuses delete_term
// on a taxonomy's default term (default_category, default_term_<taxonomy>) to everyone.
func (res *terms) deletePermission(r *rest.Request) *rest.Error {
	t, err := res.getTerm(r, r.Int("id"))
	if err != nil {
		return err
	}
	tax := registry(r).Taxonomy(t.Taxonomy)
	if t.ID == tax.Default(txOf(r)) || !can(r, tax.PrimitiveCap("delete_terms")) {
		return r.Forbidden(codeCannotDelete, msgCannotDeleteTerm)
	}
	return nil
}

// checkParent is the parent check of create_item and update_item: isset($request
// ['parent']) on a flat taxonomy is refused; a parent that is no term of the taxonomy
// too (0 passes: get_term(0) is a truthy WP_Error).
func (res *terms) checkParent(r *rest.Request) *rest.Error {
	if !res.hierarchical() {
		if v, ok := r.Raw("parent"); ok && v != nil {
			return rest.Errorf(http.StatusBadRequest, codeNotHierarchical, msgNotHierarchical)
		}
		return nil
	}
	if id := r.Int("parent"); r.Has("parent") && id != 0 {
		if p := txOf(r).Term(id); p == nil || p.Taxonomy != res.taxonomy {
			return rest.Errorf(http.StatusBadRequest, codeTermInvalid, msgParentTermInvalid)
		}
	}
	return nil
}

// termName is a name as sanitize_term stores it: sanitize_text_field, then
// wp_filter_kses (pre_term_name); _wp_specialchars has nothing left to encode.
func termName(s string) string { return wpfunc.Kses(wpfunc.SanitizeTextField(s)) }

// create is create_item with wp_insert_term.
func (res *terms) create(r *rest.Request) (*rest.Response, *rest.Error) {
	if err := res.checkParent(r); err != nil {
		return nil, err
	}
	tx := txOf(r)
	raw := r.String("name")
	if wpfunc.Trim(raw) == "" {
		return nil, &rest.Error{Code: codeEmptyTermName, Message: msgEmptyTermName}
	}
	t := &store.Term{Taxonomy: res.taxonomy, Name: termName(raw), Description: wpfunc.Kses(r.String("description"))}
	if res.hierarchical() {
		t.Parent = r.Int("parent")
	}
	slug := wpfunc.SanitizeTitle(r.String("slug"))
	provided := !wpfunc.Empty(slug)
	if !provided {
		slug = wpfunc.SanitizeTitle(t.Name)
	}
	if err := res.checkNameTaken(tx, t, slug, provided); err != nil {
		return nil, err
	}
	t.Slug = wp.UniqueTermSlug(tx, slug, t)
	if e := wp.TermRowError(t); e != nil { // its data is last_error itself: the controller, adding no status, answers 500
		return nil, &rest.Error{Code: e.Code, Message: e.Message, DataValue: e.LastError}
	}
	tx.InsertTerm(t)
	if t.Slug == "" { // sanitize_title( $slug, $term_id )
		t = tx.ChangeTerm(t.ID, func(u *store.Term) { u.Slug = strconv.Itoa(u.ID) })
	}
	t, failed := res.writeMetaAndFields(r, t)
	if failed != nil {
		return nil, failed
	}
	r.SetParam("context", rest.Edit)
	return rest.Created(res.item.RenderIn(r, t, rest.Edit), r.RestURL(res.route()+"/"+strconv.Itoa(t.ID))), nil
}

// writeMetaAndFields is what create_item and update_item do after the term is saved:
// the meta keys registered for the taxonomy (an error answers, the term saved), then
// the plugin fields.
func (res *terms) writeMetaAndFields(r *rest.Request, t *store.Term) (*store.Term, *rest.Error) {
	tx := txOf(r)
	if meta, ok := r.Param("meta").(map[string]any); ok {
		if err := res.m.updateTermMeta(r, tx, t.ID, meta); err != nil {
			return t, err
		}
	}
	if fields, changed := fields.UpdateAdditional(r, res.m.reg, res.taxonomy, t.Fields); changed {
		t = tx.ChangeTerm(t.ID, func(u *store.Term) { u.Fields = fields })
	}
	return tx.Term(t.ID), nil
}

// checkNameTaken is wp_insert_term's duplicate check (wp.TermNameTaken). The error
// carries the id as data, replaced by the controller's {status, term_id}, so
// additional_data keeps it twice (WP_Error::add_data).
func (res *terms) checkNameTaken(tx *store.Tx, t *store.Term, slug string, provided bool) *rest.Error {
	existing, werr := wp.TermNameTaken(tx, res.taxonomy, res.hierarchical(), t, slug, provided)
	if werr == nil {
		return nil
	}
	err := (&rest.Error{Code: werr.Code, Message: werr.Message, Status: werr.Status}).With("term_id", existing.ID)
	err.AdditionalData = []any{existing.ID, existing.ID}
	return err
}

// update is update_item with wp_update_term, which runs whatever the request holds
// ("only if we have something to update" tests a PHP object, never empty): an empty
// request sanitises the stored values again and answers 200.
func (res *terms) update(r *rest.Request) (*rest.Response, *rest.Error) {
	t, err := res.getTerm(r, r.Int("id"))
	if err != nil {
		return nil, err
	}
	if err := res.checkParent(r); err != nil {
		return nil, err
	}
	next, err := res.prepareUpdate(r, t)
	if err != nil {
		return nil, err
	}
	if !wp.TermRowFits(&next) { // wp_update_term does not check wpdb's refusal
		next.Name, next.Slug = t.Name, t.Slug
	}
	t = txOf(r).ChangeTerm(t.ID, func(u *store.Term) { *u = next })
	if t, err = res.writeMetaAndFields(r, t); err != nil {
		return nil, err
	}
	r.SetParam("context", rest.Edit)
	return rest.OK(res.item.RenderIn(r, t, rest.Edit)), nil
}

// prepareUpdate is prepare_item_for_database and wp_update_term: the request's fields
// over the stored ones, all sanitised again; an empty slug is made from the name; a
// parent that would make a loop becomes 0 (wp_check_term_hierarchy_for_loops); a slug
// another term has is refused, unless it was generated or the parent changed, in
// which case it is made unique.
func (res *terms) prepareUpdate(r *rest.Request, t *store.Term) (store.Term, *rest.Error) {
	tx := txOf(r)
	next := *t
	if r.Has("name") {
		next.Name = r.String("name")
	}
	if r.Has("description") {
		next.Description = r.String("description")
	}
	requestedParent := t.Parent
	if res.hierarchical() && r.Has("parent") {
		requestedParent = r.Int("parent") // checkParent made sure it is a category or 0
	}
	next.Name, next.Description = termName(next.Name), wpfunc.Kses(next.Description)
	if wpfunc.Trim(next.Name) == "" {
		return next, &rest.Error{Code: codeEmptyTermName, Message: msgEmptyTermName}
	}
	slug := t.Slug
	if r.Has("slug") {
		slug = wpfunc.SanitizeTitle(r.String("slug"))
	}
	generated := wpfunc.Empty(slug)
	if generated {
		slug = wpfunc.SanitizeTitle(next.Name)
	}
	next.Parent = wp.TermParentWithoutLoop(tx, t.ID, requestedParent)
	for _, o := range tx.Terms(res.taxonomy) {
		if o.Slug != slug || o.ID == t.ID {
			continue
		}
		if !generated && next.Parent == t.Parent {
			return next, &rest.Error{Code: codeDuplicateTermSlug, Message: fmt.Sprintf(msgDuplicateTermSlug, slug)}
		}
		// wp_unique_term_slug sees the requested parent, before the loop check
		slug = wp.UniqueTermSlug(tx, slug, &store.Term{ID: t.ID, Taxonomy: t.Taxonomy, Parent: requestedParent})
		break
	}
	if slug == "" {
		slug = strconv.Itoa(t.ID)
	}
	next.Slug = slug
	return next, nil
}

// delete is delete_item: only with force=true, and the answer is the term as it was,
// in view context and without links.
func (res *terms) delete(r *rest.Request) (*rest.Response, *rest.Error) {
	t, err := res.getTerm(r, r.Int("id"))
	if err != nil {
		return nil, err
	}
	if !r.Bool("force") {
		return nil, rest.Errorf(http.StatusNotImplemented, codeTrashNotSupported, "%s", cmp.Or(res.hooks.trashMessage, msgTermTrash))
	}
	r.SetParam("context", rest.View)
	previous := withoutLinks(res.item.RenderIn(r, t, rest.View))
	if res.hooks.deleteTerm != nil {
		res.hooks.deleteTerm(res, r, t)
	} else {
		tx := txOf(r)
		for _, it := range wp.MenuItemsOf(tx, "taxonomy", t.ID) { // _wp_delete_tax_menu_item
			wp.DeletePost(tx, it)
		}
		wp.DeleteTerm(tx, t)
	}
	return rest.OK(rest.Object{{Key: "deleted", Value: true}, {Key: "previous", Value: previous}}), nil
}
