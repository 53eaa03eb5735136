package mock

import (
	"maps"
	"net/http"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/wpmock/wpmock/mock/fields"
	"github.com/wpmock/wpmock/mock/prose"
	"github.com/wpmock/wpmock/mock/rest"
	"github.com/wpmock/wpmock/mock/store"
	"github.com/wpmock/wpmock/mock/wp"
	"github.com/wpmock/wpmock/mock/wpfunc"
)

// Writes of the post-like types: what WP_REST_Posts_Controller's create_item,
// update_item and delete_item do with wp_insert_post, wp_update_post, wp_trash_post and
// wp_delete_post (deletes in postdelete.go, the fields' arg_options in postargs.go).
// Every check runs before the first change, so a refused request leaves nothing behind.

// Error codes of post writes.
const (
	// codePostExists: a create that names an id.
	codePostExists = "rest_post_exists"
	// codeEmptyContent: title, content and excerpt all empty, on a type that supports
	// all three (wp_insert_post).
	codeEmptyContent = "empty_content"
	// codeInvalidAuthor: author names no user.
	codeInvalidAuthor = "rest_invalid_author"
	// codeInvalidField: password and sticky together.
	codeInvalidField = "rest_invalid_field"
	// codeCannotCreate: the caller may not create items of the type.
	codeCannotCreate = "rest_cannot_create"
	// codeCannotEdit: the caller may not edit the item.
	codeCannotEdit = "rest_cannot_edit"
	// codeCannotEditOthers: author set to someone else without edit_others_posts.
	codeCannotEditOthers = "rest_cannot_edit_others"
	// codeCannotAssignSticky: sticky without edit_others_posts or publish_posts.
	codeCannotAssignSticky = "rest_cannot_assign_sticky"
	// codeCannotAssignTerm: a term the caller may not assign.
	codeCannotAssignTerm = "rest_cannot_assign_term"
	// codeCannotPublish: publish/future/private without publish_posts.
	codeCannotPublish = "rest_cannot_publish"
	// codeCannotDelete: the caller may not delete the item.
	codeCannotDelete = "rest_cannot_delete"
	// codeTrashNotSupported: a delete without force=true where there is no trash.
	codeTrashNotSupported = "rest_trash_not_supported"
	// codeAlreadyTrashed: a delete without force of a post already in the trash.
	codeAlreadyTrashed = "rest_already_trashed"
	// codeInvalidDate: a post date outside the years 1-9999 (wp_insert_post's
	// wp_checkdate), which create_item and update_item answer with status 400.
	codeInvalidDate = "invalid_date"
)

// postWriter holds what create and update share for one post type.
type postWriter struct {
	m    *Mock
	typ  string
	base string // rest base: posts, media
	item *rest.Item[store.Post]
	// hooks are where the type's controller differs from the posts controller.
	hooks *typeHooks
}

// checkWritePermission is the shared part of create/update_item_permissions_check;
// p is the post an update changes, nil on create.
func (w *postWriter) checkWritePermission(r *rest.Request, verb string, p *store.Post) *rest.Error {
	pt := registry(r).TypeOf(w.typ)
	if a := r.Int("author"); a != 0 && a != callerID(r) && !can(r, pt.Cap("edit_others_posts")) {
		return r.Forbidden(codeCannotEditOthers, "Sorry, you are not allowed to "+verb+" posts as this user.")
	}
	if pt.Sticky && stickyRefused.At(w.m.version)(r, pt, p) {
		return r.Forbidden(codeCannotAssignSticky, "Sorry, you are not allowed to make posts sticky.")
	}
	return nil
}

// stickyRefused is the sticky check of create and update_item_permissions_check (p
// is nil on create). WordPress 6.1 refuses sticky=true to a caller who has neither
// edit_others_posts nor publish_posts, so an author may stick posts. By 6.8 (the
// release that changed it lies between 6.1 and 6.8; 6.8 is the first the mock
// answers as) sticky=true needs both capabilities, and an update is checked only
// when it changes whether the post is sticky, in either direction.
var stickyRefused = rest.Changed[func(r *rest.Request, pt *wp.PostType, p *store.Post) bool]{
	Base: func(r *rest.Request, pt *wp.PostType, _ *store.Post) bool {
		return r.Bool("sticky") && !can(r, pt.Cap("edit_others_posts")) && !can(r, pt.Cap("publish_posts"))
	},
	Steps: []rest.Step[func(r *rest.Request, pt *wp.PostType, p *store.Post) bool]{{Since: rest.V68, Value: func(r *rest.Request, pt *wp.PostType, p *store.Post) bool {
		if p == nil && !r.Bool("sticky") || p != nil && (!r.Has("sticky") || r.Bool("sticky") == p.Sticky) {
			return false
		}
		return !can(r, pt.Cap("edit_others_posts")) || !can(r, pt.Cap("publish_posts"))
	}}},
}

// checkAssignTerms is check_assign_terms_permission: over the type's taxonomies.
func (w *postWriter) checkAssignTerms(r *rest.Request) *rest.Error {
	tx := txOf(r)
	for _, slug := range registry(r).TypeOf(w.typ).Taxonomies {
		tax := registry(r).Taxonomy(slug)
		for _, id := range r.Ints(tax.RestBase) {
			// get_term(0) is an "Empty Term." error rather than null, so the loop goes on
			// to current_user_can('assign_term', 0), which map_meta_cap denies everyone
			if id == 0 {
				return r.Forbidden(codeCannotAssignTerm, "Sorry, you are not allowed to assign the provided terms.")
			}
			if tx.Term(id) == nil {
				continue
			}
			if !can(r, tax.AssignCap()) {
				return r.Forbidden(codeCannotAssignTerm, "Sorry, you are not allowed to assign the provided terms.")
			}
		}
	}
	return nil
}

func (w *postWriter) createPermission(r *rest.Request) *rest.Error {
	if id, ok := r.Raw("id"); ok && !wpfunc.Empty(id) {
		return rest.Errorf(http.StatusBadRequest, codePostExists, "Cannot create existing post.")
	}
	if err := w.checkWritePermission(r, "create", nil); err != nil {
		return err
	}
	if !can(r, registry(r).TypeOf(w.typ).Cap("create_posts")) {
		return r.Forbidden(codeCannotCreate, "Sorry, you are not allowed to create posts as this user.")
	}
	return w.checkAssignTerms(r)
}

func (w *postWriter) updatePermission(r *rest.Request) *rest.Error {
	return w.updatePermissionOf(r, r.Int("id"))
}

// updatePermissionOf is update_item_permissions_check of the post id.
func (w *postWriter) updatePermissionOf(r *rest.Request, id int) *rest.Error {
	p, err := getPost(r, id, w.typ)
	if err != nil {
		return err
	}
	if !canEditPost(r, p, txOf(r).Post) {
		return r.Forbidden(codeCannotEdit, "Sorry, you are not allowed to edit this post.")
	}
	if err := w.checkWritePermission(r, "update", p); err != nil {
		return err
	}
	return w.checkAssignTerms(r)
}

func (w *postWriter) deletePermission(r *rest.Request) *rest.Error {
	p, err := getPost(r, r.Int("id"), w.typ)
	if err != nil {
		return err
	}
	if !canDeletePost(r, p, txOf(r).Post) {
		return r.Forbidden(codeCannotDelete, "Sorry, you are not allowed to delete this post.")
	}
	return nil
}

// statusFor is handle_status_param for a post of type pt.
func statusFor(r *rest.Request, pt *wp.PostType, status string) (string, *rest.Error) {
	switch status {
	case "draft", "pending":
	case "private":
		if !can(r, pt.Cap("publish_posts")) {
			return "", r.Forbidden(codeCannotPublish, "Sorry, you are not allowed to create private posts in this post type.")
		}
	case "publish", "future":
		if !can(r, pt.Cap("publish_posts")) {
			return "", r.Forbidden(codeCannotPublish, "Sorry, you are not allowed to publish posts in this post type.")
		}
	default: // a registered status is kept (a site's own); anything else is a draft
		if registry(r).Status(status) == nil {
			status = "draft"
		}
	}
	return status, nil
}

// prepare applies the request to p (a copy of the stored post, or a new one) as
// prepare_item_for_database and wp_insert_post do, without touching the store.
func (w *postWriter) prepare(r *rest.Request, p *store.Post, create bool) *rest.Error {
	tx := txOf(r)
	setTextFields(r, p)
	if w.hooks.prepareForDatabase != nil {
		w.hooks.prepareForDatabase(r, p)
	}
	oldStatus := p.Status
	if r.Has("status") && (create || r.String("status") != p.Status) {
		st, err := statusFor(r, registry(r).TypeOf(w.typ), r.String("status"))
		if err != nil {
			return err
		}
		p.Status = st
	}
	p.Status = wp.InsertStatus(w.typ, p.Status)
	editDate := prepareDate(r, p)
	if a := r.Int("author"); a != 0 {
		if a != callerID(r) && tx.User(a) == nil {
			return rest.Errorf(http.StatusBadRequest, codeInvalidAuthor, "Invalid author ID.")
		}
		p.Author = a
	}
	if err := w.preparePassword(r, p, create); err != nil {
		return err
	}
	pt := registry(r).TypeOf(w.typ)
	if err := prepareAttributes(r, p, pt); err != nil {
		return err
	}
	// wp_insert_post's $maybe_empty: only a type that supports all three of title,
	// editor and excerpt refuses a row without any (pages have no excerpt, media no
	// editor: an empty page draft is saved).
	if p.Title == "" && p.Content.IsZero() && p.Excerpt == "" && wp.MaybeEmpty(pt, w.m.version) {
		return rest.Errorf(http.StatusBadRequest, codeEmptyContent, "Content, title, and excerpt are empty.")
	}
	// rest_get_date_with_gmt wrote the date with gmdate('Y-m-d H:i:s'), so strtotime's
	// carries are already resolved (2020-02-30 is 2020-03-01); what wp_resolve_post_date
	// still refuses is a year checkdate() does not take: 0000, or the 5-digit or
	// negative years a date near the ends of the range carries into
	if editDate && (p.Date.Year() < 1 || p.Date.Year() > 9999) {
		return rest.Errorf(http.StatusBadRequest, codeInvalidDate, "Invalid date.")
	}
	floating := wp.InsertPostDates(tx, p, create, editDate, oldStatus)
	if p.Status == "private" {
		p.Password = ""
	}
	p.Slug = w.prepareSlug(r, p, floating)
	return nil
}

// prepareDate applies the date sent, date or else date_gmt (rest_get_date_with_gmt);
// an explicit null of either clears both, as a draft without a date. It reports
// whether the request set the date (wp_insert_post's $edit_date).
func prepareDate(r *rest.Request, p *store.Post) (editDate bool) {
	tx := txOf(r)
	if d := r.String("date"); d != "" {
		p.Date, p.DateGMT = dateWithGMT(tx, d, false)
		editDate = true
	} else if d := r.String("date_gmt"); d != "" {
		p.Date, p.DateGMT = dateWithGMT(tx, d, true)
		editDate = true
	}
	if (r.Sent("date") && r.Param("date") == nil) || (r.Sent("date_gmt") && r.Param("date_gmt") == nil) {
		p.Date, p.DateGMT, editDate = time.Time{}, time.Time{}, false
	}
	return editDate
}

// prepareAttributes applies what prepare_item_for_database takes as the type supports
// it: the parent (a hierarchical type's, any post, without a loop), menu_order
// (page-attributes), the comment and ping statuses and the template.
func prepareAttributes(r *rest.Request, p *store.Post, pt *wp.PostType) *rest.Error {
	tx := txOf(r)
	if pt.Hierarchical && r.Has("parent") {
		// any post may be the parent; then wp_check_post_hierarchy_for_loops
		parent := r.Int("parent")
		if parent != 0 && tx.Post(parent) == nil {
			return rest.Errorf(http.StatusBadRequest, codePostInvalidID, "Invalid post parent ID.")
		}
		p.Parent = wp.WithoutLoop(tx, parent, p.ID)
	}
	e := p.Extra()
	if pt.Has("page-attributes") && r.Has("menu_order") {
		e.MenuOrder = r.Int("menu_order")
	}
	if s := r.String("comment_status"); s != "" {
		p.CommentStatus = s
	}
	if s := r.String("ping_status"); s != "" {
		p.PingStatus = s
	}
	if r.Has("template") {
		e.Template = r.String("template")
	}
	p.SetExtra(e)
	return nil
}

// prepareSlug is wp_insert_post's post_name: the slug sent or kept, sanitised,
// generated from the title once the post is no longer a floating draft, and unique
// per type (wp_unique_post_slug).
func (w *postWriter) prepareSlug(r *rest.Request, p *store.Post, floating bool) string {
	slug := p.Slug
	if r.Has("slug") {
		slug = r.String("slug")
	}
	if slug == "" && !floating {
		slug = wpfunc.SanitizeTitle(p.Title)
	}
	if slug != "" && (!floating || r.Has("slug")) {
		slug = w.uniqueSlug(txOf(r), slug, p.ID, p.Parent)
	}
	return slug
}

// preparePassword applies the password sent, refusing the sticky post with a password
// that prepare_item_for_database and update_item refuse.
func (w *postWriter) preparePassword(r *rest.Request, p *store.Post, create bool) *rest.Error {
	if r.Sent("password") {
		p.Password = r.String("password")
		if p.Password != "" {
			if registry(r).TypeOf(w.typ).Sticky && r.Bool("sticky") {
				return rest.Errorf(http.StatusBadRequest, codeInvalidField, "A post can not be sticky and have a password.")
			}
			if !create && p.Sticky {
				return rest.Errorf(http.StatusBadRequest, codeInvalidField, "A sticky post can not be password protected.")
			}
		}
	}
	if registry(r).TypeOf(w.typ).Sticky && r.Bool("sticky") && !create && p.Password != "" && !r.Sent("password") {
		return rest.Errorf(http.StatusBadRequest, codeInvalidField, "A password protected post can not be set to sticky.")
	}
	return nil
}

// applyAttachmentText sets what an attachment keeps in other columns: the caption in
// post_excerpt, the description in post_content (each a string or {raw}), and alt_text.
func applyAttachmentText(r *rest.Request, p *store.Post) {
	for _, f := range []struct {
		name string
		set  func(string)
	}{{"caption", func(s string) { p.Excerpt = s }}, {"description", func(s string) { p.Content = prose.Plain(s) }}} {
		if v, ok := r.Raw(f.name); ok {
			if s, ok := rawValue(v); ok {
				f.set(s)
			}
		}
	}
	if r.Has("alt_text") {
		e := p.Extra()
		e.AltText = r.String("alt_text")
		p.SetExtra(e)
	}
}

// uniqueSlug is wp_unique_post_slug: unique among posts of the type (attachments
// among all types; pages among the pages and attachments of their parent), with -2,
// -3, ... added; numeric post slugs clash with date archives under /%postname%/, and
// numeric page slugs (or page2) with paging, so they get a suffix too.
func (w *postWriter) uniqueSlug(tx *store.Tx, slug string, id, parent int) string {
	return wp.UniquePostSlug(tx, w.typ, slug, id, parent)
}

// applyAfterInsert is what create_item and update_item do once the row of the post
// with the id is saved: sticky, featured media, format, terms and meta, as one change
// of the row. A meta value a registered key refuses is the request's error, with the
// post saved and the rest applied. It returns the stored row.
func (w *postWriter) applyAfterInsert(r *rest.Request, id int, create bool) (*store.Post, *rest.Error) {
	tx := txOf(r)
	pt := registry(r).TypeOf(w.typ)
	var failed *rest.Error
	p := tx.ChangePost(id, func(p *store.Post) {
		if pt.Sticky && (create || r.Has("sticky")) {
			p.Sticky = r.Bool("sticky")
		}
		if pt.Supported("post-formats", w.m.version) {
			if f := r.String("format"); f != "" {
				if f == "standard" {
					f = ""
				}
				p.Format = f // the format's term stays: the search finds it
			}
		}
		for _, slug := range pt.Taxonomies {
			tax := registry(r).Taxonomy(slug)
			// wp_insert_post (and wp_update_post, which calls it) gives a post saved
			// without terms of the taxonomy its default term (a post the default
			// category); handle_terms then sets the terms the request names, none too.
			// wp_set_object_terms skips an id that names no term of the taxonomy, so a
			// default_category option naming none gives the post no category
			if def := tax.DefaultTermFor(tx, w.typ); def != 0 && len(p.TermIDs(slug)) == 0 {
				if t := tx.Term(def); t != nil && t.Taxonomy == slug {
					p.SetTermIDs(slug, []int{def})
				}
			}
			if !r.Has(tax.RestBase) {
				continue
			}
			ids := []int{}
			for _, id := range r.Ints(tax.RestBase) {
				if term := tx.Term(id); term != nil && term.Taxonomy == slug && !slices.Contains(ids, id) {
					ids = append(ids, id)
				}
			}
			p.SetTermIDs(slug, ids)
		}
		if r.Has("featured_media") && w.hooks.featuredMedia != nil {
			// the attachments controller's create_item answers its error; the posts
			// controller's update_item, which its update_item calls, ignores it
			if err := w.hooks.featuredMedia(r, p, r.Int("featured_media")); err != nil && create {
				failed = err
			}
		} else if r.Has("featured_media") {
			id := r.Int("featured_media")
			if id == 0 {
				p.FeaturedMedia = 0
			} else if att := tx.Post(id); att != nil && att.Type == "attachment" && strings.HasPrefix(att.Extra().MimeType, "image/") {
				p.FeaturedMedia = id
			}
		}
	})
	if failed != nil {
		return p, failed
	}
	if meta, ok := r.Param("meta").(map[string]any); ok {
		if err := w.m.updateMetaField(r, tx, p.ID, w.typ, meta); err != nil {
			return p, err
		}
	}
	if fields, changed := fields.UpdateAdditional(r, registry(r), w.typ, p.Extra().Fields); changed {
		p = tx.ChangePost(p.ID, func(p *store.Post) {
			e := p.Extra()
			e.Fields = fields
			p.SetExtra(e)
		})
	}
	return p, nil
}

// create is create_item.
func (w *postWriter) create(r *rest.Request) (*rest.Response, *rest.Error) {
	tx := txOf(r)
	pt, v := registry(r).TypeOf(w.typ), w.m.version
	p := &store.Post{Type: w.typ, Status: w.hooks.createStatus, Author: callerID(r),
		CommentStatus: wp.DefaultCommentStatus(tx, pt, "comment", v), PingStatus: wp.DefaultCommentStatus(tx, pt, "ping", v)}
	if err := w.prepare(r, p, true); err != nil {
		return nil, err
	}
	if err := postRowError(p, true); err != nil {
		return nil, err
	}
	tx.InsertPost(p)
	wp.AutoAddPageToMenus(tx, w.m.version, "new", p)
	guid := strings.TrimPrefix(w.m.permalink(r, p), r.Site) // wp_insert_post: get_permalink, once
	tx.ChangePost(p.ID, func(p *store.Post) {
		e := p.Extra()
		e.GUID = guid
		p.SetExtra(e)
	})
	p, err := w.applyAfterInsert(r, p.ID, true)
	wp.UpdateTermCounts(tx, nil, p)
	if err != nil {
		return nil, err
	}
	r.SetParam("context", rest.Edit)
	return rest.Created(w.item.RenderIn(r, p, rest.Edit), r.RestURL(registry(r).TypeOf(w.typ).Route()+"/"+strconv.Itoa(p.ID))), nil
}

// update is update_item.
func (w *postWriter) update(r *rest.Request) (*rest.Response, *rest.Error) {
	stored, err := getPost(r, r.Int("id"), w.typ)
	if err != nil {
		return nil, err
	}
	if stored, err = w.updateStored(r, stored); err != nil {
		return nil, err
	}
	w.m.saveRevision(r, stored)
	r.SetParam("context", rest.Edit)
	return rest.OK(w.item.RenderIn(r, stored, rest.Edit)), nil
}

// updateStored writes the request onto a stored post as update_item does (the
// database fields, terms and meta, term counts), but for the revision, which the
// caller saves or not (an autosave of a draft does not: DOING_AUTOSAVE).
func (w *postWriter) updateStored(r *rest.Request, stored *store.Post) (*store.Post, *rest.Error) {
	tx := txOf(r)
	before := *stored
	next := *stored
	if err := w.prepare(r, &next, false); err != nil {
		return nil, err
	}
	if err := postRowError(&next, false); err != nil {
		return nil, err
	}
	if next.Status != "trash" && before.Status == "trash" {
		trashed, e := before.Extra().TrashedSlug, next.Extra()
		next.Slug, e.TrashedSlug, e.TrashedStatus = w.uniqueSlug(tx, trashed, before.ID, before.Parent), "", ""
		next.SetExtra(e)
		if !r.Has("slug") && trashed == "" {
			next.Slug = ""
		}
	}
	tx.ChangePost(before.ID, func(p *store.Post) { *p = next })
	wp.AutoAddPageToMenus(tx, w.m.version, before.Status, &next)
	stored, err := w.applyAfterInsert(r, before.ID, false)
	// on an error (a meta key's) update_item returns before wp_after_insert_post,
	// which (6.4) saves the revision; before, post_updated had saved it already
	if err != nil && w.m.version < rest.V64 {
		w.m.saveRevision(r, stored)
	}
	wp.UpdateTermCounts(tx, &before, stored)
	return stored, err
}

// updateMetaField writes the "meta" field of a create or update: the keys registered
// for typ as update_value writes them (fields.Meta.UpdateValue); then the mock's own keys (see
// metaField), which are set, deleted by null, and ignored when not strings; unknown
// and protected keys are ignored, as update_value does for unregistered meta.
func (m *Mock) updateMetaField(r *rest.Request, tx *store.Tx, postID int, typ string, meta map[string]any) *rest.Error {
	keys := m.registeredMeta(typ)
	failed := keys.UpdateValue(r, fields.PostRows(tx, postID), meta)
	registered := map[string]bool{}
	for _, k := range keys {
		registered[k.Schema.Name], registered[k.MetaKey()] = true, true
	}
	for _, key := range slices.Sorted(maps.Keys(meta)) {
		if registered[key] || wp.IsProtectedMeta(key) || !tx.MetaKeyUsed(key) {
			continue
		}
		var rows []*store.Meta
		for _, row := range tx.PostMeta(postID) {
			if row.Key == key {
				rows = append(rows, row)
			}
		}
		v := meta[key]
		if v == nil {
			for _, row := range rows {
				tx.DeleteMeta(row.ID)
			}
			continue
		}
		s, ok := v.(string)
		if !ok {
			continue
		}
		if len(rows) == 0 {
			tx.InsertMeta(&store.Meta{PostID: postID, Key: key, Value: s})
			continue
		}
		tx.ChangeMeta(rows[0].ID, func(m *store.Meta) { m.Value = s })
	}
	return failed
}

// postRowError is wp.PostRowError as the posts controller renders it: add_data moves
// wpdb's last_error into additional_data.
func postRowError(p *store.Post, create bool) *rest.Error {
	e := wp.PostRowError(p, create)
	if e == nil {
		return nil
	}
	return &rest.Error{Code: e.Code, Message: e.Message, Status: e.Status, AdditionalData: []any{e.LastError}}
}

// textFields are the text fields a request sets (title, content, excerpt, as a string
// or {raw}): what prepare_item_for_database writes and _wp_post_revision_data reads.
func textFields(r *rest.Request) map[string]string {
	out := map[string]string{}
	for _, name := range []string{"title", "content", "excerpt"} {
		if v, ok := r.Raw(name); ok {
			if s, ok := rawValue(v); ok {
				out[name] = s
			}
		}
	}
	return out
}

// setTextFields writes textFields into p.
func setTextFields(r *rest.Request, p *store.Post) { wp.SetPostText(p, textFields(r)) }

// dateWithGMT is rest_get_date_with_gmt: a date sent with a UTC offset (or Z), or as
// date_gmt (isUTC), is an instant, shown in the site's time zone; one without is the
// site's wall clock.
func dateWithGMT(tx *store.Tx, s string, isUTC bool) (local, gmt time.Time) {
	t, _ := rest.ParseDate(s)
	if isUTC || hasUTCOffset.MatchString(s) {
		return wp.Local(tx, t), t
	}
	return t, wp.GMT(tx, t)
}

// hasUTCOffset is rest_get_date_with_gmt's test for an offset at the date's end.
var hasUTCOffset = regexp.MustCompile(`(Z|[+-]\d{2}(:\d{2})?)$`)
