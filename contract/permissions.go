package contract

import (
	"fmt"
	"net/http"
	"slices"
	"strings"
)

// The permissions group: what each default role may do, as a table of (role × route ×
// action) → status and code, derived from WordPress 6.1's capabilities (map_meta_cap
// and the controllers' permission callbacks; reference §8–§15) and confirmed against a
// running 6.1. Refusals are 401 for anonymous callers and 403 for logged-in ones
// (rest_authorization_required_code).

// permRow is one line of the table.
type permRow struct {
	role   string // anonymous or a role name
	method string
	path   string
	body   map[string]any
	upload bool // POST a PNG to /wp/v2/media instead of body
	status int
	code   string   // the error code, "" on success
	keys   []string // on success, the exact keys of the answer (statuses lists)
	why    string   // the WordPress rule, for the failure message
	id     string   // the rule's id under permissions/<role>/
}

// permFixture is what the table acts on; "others'" objects belong to the admin.
type permFixture struct {
	adminID, authorID, editorID, subscriberID int
	adminDraft, adminDraft2                   string // the admin's drafts (another user's post for every role)
	authorDraft, authorDraft2, contribDraft   string // each role's own drafts
	category, tag                             string // terms created by the admin
	adminDraftRev                             string // the revision of the admin's draft
	adminMedia                                string // an attachment the admin uploaded
	// the statuses /wp/v2/statuses lists to anyone (the public ones) and to a user
	// with edit_posts (all of them): core's and the site's own, and the fact's note
	publicStatuses, statuses []string
	statusNote               string
}

var allStatuses = []string{"draft", "future", "pending", "private", "publish", "trash"}

func init() {
	register("permissions", true, func(s *Suite, t T) {
		acc := map[string]*account{"anonymous": anonymous}
		for _, role := range []string{"editor", "author", "contributor", "subscriber"} {
			acc[role] = s.accountFor(t, role)
		}
		f := permFixture{adminID: s.adminID(), authorID: acc["author"].id, editorID: acc["editor"].id, subscriberID: acc["subscriber"].id}
		post := func(who *account, what string) string {
			return fmt.Sprintf("/wp/v2/posts/%d", idOf(s.create(t, who, "/wp/v2/posts", map[string]any{"title": s.name(what)})))
		}
		f.adminDraft, f.adminDraft2 = post(nil, "perm-admin"), post(nil, "perm-admin2")
		f.authorDraft, f.authorDraft2 = post(acc["author"], "perm-author"), post(acc["author"], "perm-author2")
		f.contribDraft = post(acc["contributor"], "perm-contributor")
		f.category = fmt.Sprintf("/wp/v2/categories/%d", idOf(s.create(t, nil, "/wp/v2/categories", map[string]any{"name": s.name("perm-cat")})))
		f.tag = fmt.Sprintf("/wp/v2/tags/%d", idOf(s.create(t, nil, "/wp/v2/tags", map[string]any{"name": s.name("perm-tag")})))
		// the admin's draft gets a revision, so its revisions list is not trivially empty
		s.as(s.admin()).send(t, http.MethodPost, f.adminDraft, map[string]any{"content": "wpcontract revised"})
		if revs := idsIn(s.as(s.admin()).get(t, f.adminDraft+"/revisions")); len(revs) > 0 {
			f.adminDraftRev = fmt.Sprintf("%s/revisions/%d", f.adminDraft, revs[0])
		}

		if m := s.upload(t, nil, s.name("perm-admin")+".png", "image/png", pngBytes, ""); m.Status == http.StatusCreated {
			f.adminMedia = fmt.Sprintf("/wp/v2/media/%d", idOf(m))
		} else {
			f.adminMedia = "?" // writes/media/upload fails in the media group, which says why
		}
		f.publicStatuses, f.statuses, f.statusNote = permStatuses(s, t)
		for _, row := range permTable(s, f) {
			if row.path == "" || strings.HasPrefix(row.path, "?") {
				continue // the admin's draft has no revision: revisions/posts/made-on-update says why
			}
			permCheck(s, t, acc[row.role], row)
		}
	})
}

// permStatuses are the statuses /wp/v2/statuses lists to anyone and to a user with
// edit_posts: core's publish, or all of core's, and the site's own public ones, or
// all of them (WP_REST_Post_Statuses_Controller::check_read_permission).
func permStatuses(s *Suite, t T) (public, all []string, note string) {
	t.Helper()
	public, all = []string{"publish"}, slices.Clone(allStatuses)
	own, note, ok, _ := s.ownStatuses(t)
	if !ok || len(own) == 0 {
		return public, all, ""
	}
	return append(public, s.publicOwnStatuses(t)...), append(all, own...), "; " + note
}

func permCheck(s *Suite, t T, acc *account, row permRow) {
	t.Helper()
	want := fmt.Sprint(row.status)
	if row.code != "" {
		want += " " + row.code
	}
	rule := fmt.Sprintf("permissions/%s/%s: %s %s → %s (%s)", row.role, row.id, row.method, row.path, want, row.why)
	if acc != anonymous {
		if diff := s.roleChanges(t, acc); diff != "" {
			skipRule(t, rule, diff)
			return
		}
	}
	var r *Result
	switch {
	case row.upload:
		_, query, _ := strings.Cut(row.path, "?")
		r = s.upload(t, acc, s.name("perm")+".png", "image/png", pngBytes, query)
	case row.body != nil:
		r = s.as(acc).send(t, row.method, row.path, row.body)
	default:
		r = s.as(acc).do(t, row.method, row.path, nil)
	}
	if r.Status == http.StatusCreated && !row.upload {
		s.deleteLater(strings.SplitN(row.path, "?", 2)[0], idOf(r))
	}
	if row.code != "" {
		wantError(t, r, row.status, row.code, rule)
		return
	}
	if wantStatus(t, r, row.status, rule) && row.keys != nil {
		wantKeys(t, r, "", row.keys, rule)
	}
}

// permTable is the table; f supplies the objects' paths.
func permTable(s *Suite, f permFixture) []permRow {
	title := func(what string) map[string]any { return map[string]any{"title": s.name(what)} }
	with := func(what string, kv ...any) map[string]any {
		b := title(what)
		for i := 0; i+1 < len(kv); i += 2 {
			b[kv[i].(string)] = kv[i+1]
		}
		return b
	}
	newUser := func(what string) map[string]any {
		login := s.name(what)
		return map[string]any{"username": login, "email": login + "@example.com", "password": randomPassword()}
	}
	const (
		P, G, D = http.MethodPost, http.MethodGet, http.MethodDelete
		posts   = "/wp/v2/posts"
	)
	reassign := fmt.Sprintf("?force=true&reassign=%d", f.adminID)
	return []permRow{
		// creating posts: create_posts (edit_posts), publish_posts, edit_others_posts
		{"anonymous", P, posts, title("p"), false, 401, "rest_cannot_create", nil, "creating posts needs edit_posts", "create-posts"},
		{"subscriber", P, posts, title("p"), false, 403, "rest_cannot_create", nil, "subscribers lack edit_posts", "create-posts"},
		{"contributor", P, posts, title("p"), false, 201, "", nil, "contributors may write drafts", "create-posts"},
		{"contributor", P, posts, with("p", "status", "pending"), false, 201, "", nil, "contributors may submit for review", "create-posts-pending"},
		{"contributor", P, posts, with("p", "status", "publish"), false, 403, "rest_cannot_publish", nil, "contributors lack publish_posts", "create-posts-publish"},
		{"contributor", P, posts, with("p", "sticky", true), false, 403, "rest_cannot_assign_sticky", nil, "sticky needs edit_others_posts or publish_posts", "create-posts-sticky"},
		{"contributor", P, posts, with("p", "author", f.adminID), false, 403, "rest_cannot_edit_others", nil, "another author needs edit_others_posts", "create-posts-for-other-author"},
		{"author", P, posts, with("p", "status", "publish"), false, 201, "", nil, "authors have publish_posts", "create-posts-publish"},
		{"editor", P, posts, with("p", "author", f.authorID), false, 201, "", nil, "editors have edit_others_posts", "create-posts-for-other-author"},

		// reading another user's draft: read_post maps to edit_post for a draft
		{"anonymous", G, f.adminDraft, nil, false, 401, "rest_forbidden", nil, "a draft is not public", "get-others-draft"},
		{"subscriber", G, f.adminDraft, nil, false, 403, "rest_forbidden", nil, "another user's draft needs edit_others_posts", "get-others-draft"},
		{"author", G, f.adminDraft, nil, false, 403, "rest_forbidden", nil, "another user's draft needs edit_others_posts", "get-others-draft"},
		{"author", G, f.adminDraft + "?context=edit", nil, false, 403, "rest_forbidden_context", nil, "context=edit is checked first and needs edit_post", "get-others-draft-edit-context"},
		{"author", G, f.authorDraft, nil, false, 200, "", nil, "authors read their own drafts", "get-own-draft"},
		{"editor", G, f.adminDraft + "?context=edit", nil, false, 200, "", nil, "editors have edit_others_posts", "get-others-draft-edit-context"},

		// editing and deleting posts
		{"anonymous", P, f.adminDraft, title("e"), false, 401, "rest_cannot_edit", nil, "editing needs edit_post", "update-others-draft"},
		{"subscriber", P, f.adminDraft, title("e"), false, 403, "rest_cannot_edit", nil, "subscribers lack edit_posts", "update-others-draft"},
		{"contributor", P, f.adminDraft, title("e"), false, 403, "rest_cannot_edit", nil, "another user's post needs edit_others_posts", "update-others-draft"},
		{"contributor", P, f.contribDraft, title("e"), false, 200, "", nil, "contributors edit their own drafts", "update-own-draft"},
		{"author", P, f.adminDraft, title("e"), false, 403, "rest_cannot_edit", nil, "authors lack edit_others_posts", "update-others-draft"},
		{"author", P, f.authorDraft, title("e"), false, 200, "", nil, "authors edit their own posts", "update-own-draft"},
		{"editor", P, f.adminDraft, title("e"), false, 200, "", nil, "editors have edit_others_posts", "update-others-draft"},
		{"contributor", D, f.adminDraft + "?force=true", nil, false, 403, "rest_cannot_delete", nil, "another user's post needs delete_others_posts", "delete-others-draft"},
		{"author", D, f.adminDraft + "?force=true", nil, false, 403, "rest_cannot_delete", nil, "authors lack delete_others_posts", "delete-others-draft"},
		{"author", D, f.authorDraft2 + "?force=true", nil, false, 200, "", nil, "authors delete their own posts", "delete-own-draft"},
		{"editor", D, f.adminDraft2 + "?force=true", nil, false, 200, "", nil, "editors have delete_others_posts", "delete-others-draft"},

		// edit context on collections
		{"anonymous", G, posts + "?context=edit", nil, false, 401, "rest_forbidden_context", nil, "context=edit on posts needs edit_posts", "get-posts-edit-context"},
		{"subscriber", G, posts + "?context=edit", nil, false, 403, "rest_forbidden_context", nil, "subscribers lack edit_posts", "get-posts-edit-context"},
		{"contributor", G, posts + "?context=edit", nil, false, 200, "", nil, "contributors have edit_posts", "get-posts-edit-context"},
		{"author", G, "/wp/v2/users?context=edit", nil, false, 403, "rest_forbidden_context", nil, "context=edit on users needs list_users", "get-users-edit-context"},
		{"editor", G, "/wp/v2/users?context=edit", nil, false, 403, "rest_forbidden_context", nil, "editors lack list_users", "get-users-edit-context"},
		{"subscriber", G, "/wp/v2/types?context=edit", nil, false, 403, "rest_cannot_view", nil, "the types list in edit context needs edit_posts on some type", "get-types-edit-context"},
		{"contributor", G, "/wp/v2/types?context=edit", nil, false, 200, "", nil, "contributors have edit_posts", "get-types-edit-context"},
		{"contributor", G, f.adminDraft + "/revisions", nil, false, 403, "rest_cannot_read", nil, "revisions need edit_post on the parent", "get-others-draft-revisions"},
		{"editor", G, f.adminDraft + "/revisions", nil, false, 200, "", nil, "editors may edit the parent", "get-others-draft-revisions"},
		{"contributor", G, f.adminDraftRev, nil, false, 403, "rest_cannot_read", nil, "a revision needs edit_post on the parent", "get-others-draft-revision"},
		{"contributor", D, f.adminDraftRev + "?force=true", nil, false, 403, "rest_cannot_delete", nil, "deleting a revision needs delete_post on the parent first", "delete-others-draft-revision"},
		{"contributor", D, f.adminDraftRev, nil, false, 403, "rest_cannot_delete", nil, "permissions are checked before force", "delete-others-draft-revision-no-force"},

		// users
		{"subscriber", G, "/wp/v2/users/me", nil, false, 200, "", nil, "everyone logged in reads /users/me", "get-users-me"},
		{"subscriber", G, fmt.Sprintf("/wp/v2/users/%d?context=edit", f.subscriberID), nil, false, 200, "", nil, "users may edit themselves", "get-self-edit-context"},
		{"subscriber", G, fmt.Sprintf("/wp/v2/users/%d?context=edit", f.adminID), nil, false, 403, "rest_forbidden_context", nil, "another user in edit context needs edit_user", "get-other-user-edit-context"},
		{"subscriber", P, fmt.Sprintf("/wp/v2/users/%d", f.subscriberID), map[string]any{"first_name": "Wpc"}, false, 200, "", nil, "users edit their own profile", "update-self"},
		{"subscriber", P, fmt.Sprintf("/wp/v2/users/%d", f.subscriberID), map[string]any{"roles": []string{"administrator"}}, false, 403, "rest_cannot_edit_roles", nil, "roles need promote_user", "update-self-roles"},
		{"author", P, fmt.Sprintf("/wp/v2/users/%d", f.editorID), map[string]any{"first_name": "Wpc"}, false, 403, "rest_cannot_edit", nil, "another user needs edit_users", "update-other-user"},
		{"anonymous", P, "/wp/v2/users", newUser("perm-u1"), false, 401, "rest_cannot_create_user", nil, "creating users needs create_users", "create-users"},
		{"editor", P, "/wp/v2/users", newUser("perm-u2"), false, 403, "rest_cannot_create_user", nil, "editors lack create_users", "create-users"},
		{"editor", D, fmt.Sprintf("/wp/v2/users/%d%s", f.authorID, reassign), nil, false, 403, "rest_user_cannot_delete", nil, "editors lack delete_users", "delete-other-user"},
		{"editor", D, "/wp/v2/users/me?force=true&reassign=false", nil, false, 403, "rest_user_cannot_delete", nil, "deleting oneself needs delete_users too", "delete-me"},
		{"editor", G, "/wp/v2/users?roles=author", nil, false, 403, "rest_user_cannot_view", nil, "filtering users by role needs list_users", "get-users-roles"},
		{"editor", G, "/wp/v2/users?capabilities=edit_posts", nil, false, 403, "rest_user_cannot_view", nil, "filtering users by capability needs list_users", "get-users-capabilities"},
		{"subscriber", G, "/wp/v2/users?who=authors", nil, false, 403, "rest_forbidden_who", nil, "who=authors needs edit_posts on some type", "get-users-who-authors"},
		{"editor", G, fmt.Sprintf("/wp/v2/users/%d", f.subscriberID), nil, false, 403, "rest_user_cannot_view", nil, "a user without published posts needs list_users", "get-user-without-posts"},
		{"editor", P, "/wp/v2/users/me", map[string]any{"roles": []string{"administrator"}}, false, 403, "rest_cannot_edit_roles", nil, "roles need promote_user, even one's own", "update-me-roles"},
		{"editor", P, "/wp/v2/users/me", map[string]any{"username": s.name("renamed")}, false, 400, "rest_user_invalid_argument", nil, "a username cannot change", "update-me-username"},
		{"editor", P, fmt.Sprintf("/wp/v2/users/%d", f.authorID), map[string]any{"roles": []string{"editor"}}, false, 403, "rest_cannot_edit_roles", nil, "editors lack promote_users", "update-other-user-roles"},

		// terms: creating categories needs edit_terms (manage_categories), tags assign_terms (edit_posts)
		{"author", P, "/wp/v2/categories", map[string]any{"name": s.name("perm-c1")}, false, 403, "rest_cannot_create", nil, "authors lack manage_categories", "create-categories"},
		{"editor", P, "/wp/v2/categories", map[string]any{"name": s.name("perm-c2")}, false, 201, "", nil, "editors have manage_categories", "create-categories"},
		{"anonymous", P, "/wp/v2/tags", map[string]any{"name": s.name("perm-t1")}, false, 401, "rest_cannot_create", nil, "creating tags needs assign_terms", "create-tags"},
		{"subscriber", P, "/wp/v2/tags", map[string]any{"name": s.name("perm-t2")}, false, 403, "rest_cannot_create", nil, "subscribers lack edit_posts", "create-tags"},
		{"contributor", P, "/wp/v2/tags", map[string]any{"name": s.name("perm-t3")}, false, 201, "", nil, "tags need only edit_posts", "create-tags"},
		{"author", P, "/wp/v2/tags", map[string]any{"name": s.name("perm-t4")}, false, 201, "", nil, "tags need only edit_posts", "create-tags"},
		{"author", P, f.category, map[string]any{"description": "wpc"}, false, 403, "rest_cannot_update", nil, "editing a term needs manage_categories", "update-category"},
		{"author", P, f.tag, map[string]any{"description": "wpc"}, false, 403, "rest_cannot_update", nil, "editing a tag needs manage_categories too", "update-tag"},
		{"editor", P, f.tag, map[string]any{"description": "wpc"}, false, 200, "", nil, "editors have manage_categories", "update-tag"},
		{"author", D, f.category + "?force=true", nil, false, 403, "rest_cannot_delete", nil, "deleting a term needs manage_categories", "delete-category"},

		// media: upload_files
		{"subscriber", P, "/wp/v2/media", nil, true, 403, "rest_cannot_create", nil, "subscribers lack upload_files", "create-media"},
		{"contributor", P, "/wp/v2/media", nil, true, 403, "rest_cannot_create", nil, "contributors lack upload_files", "create-media"},
		{"author", P, "/wp/v2/media", nil, true, 201, "", nil, "authors have upload_files", "create-media"},
		{"author", P, "/wp/v2/media?post=" + strings.TrimPrefix(f.adminDraft, posts+"/"), nil, true, 403, "rest_cannot_edit", nil, "attaching to another user's post needs edit_post on it", "create-media-for-others-post"},
		{"author", P, f.adminMedia, map[string]any{"caption": "wpc"}, false, 403, "rest_cannot_edit", nil, "another user's attachment needs edit_others_posts", "update-others-media"},
		{"author", D, f.adminMedia + "?force=true", nil, false, 403, "rest_cannot_delete", nil, "another user's attachment needs delete_others_posts", "delete-others-media"},

		// statuses: public ones for everyone, the others for users with edit_posts
		{"anonymous", G, "/wp/v2/statuses", nil, false, 200, "", f.publicStatuses, "anonymous users see only public statuses" + f.statusNote, "get-statuses"},
		{"subscriber", G, "/wp/v2/statuses", nil, false, 200, "", f.publicStatuses, "subscribers lack edit_posts" + f.statusNote, "get-statuses"},
		{"contributor", G, "/wp/v2/statuses", nil, false, 200, "", f.statuses, "edit_posts shows every status" + f.statusNote, "get-statuses"},
		{"subscriber", G, "/wp/v2/statuses?context=edit", nil, false, 403, "rest_cannot_view", nil, "statuses in edit context need edit_posts", "get-statuses-edit-context"},
		{"subscriber", G, "/wp/v2/statuses/draft", nil, false, 403, "rest_cannot_read_status", nil, "a non-public status needs edit_posts", "get-statuses-draft"},
		{"contributor", G, "/wp/v2/statuses/draft", nil, false, 200, "", nil, "contributors have edit_posts", "get-statuses-draft"},
		{"anonymous", G, "/wp/v2/statuses/draft", nil, false, 401, "rest_cannot_read_status", nil, "a non-public status needs edit_posts", "get-statuses-draft"},
		{"subscriber", G, "/wp/v2/statuses/inherit", nil, false, 403, "rest_cannot_read_status", nil, "an internal status is not shown", "get-statuses-inherit"},

		// taxonomies in edit context: assign_terms on some taxonomy (edit_posts)
		{"contributor", G, "/wp/v2/taxonomies?context=edit", nil, false, 200, "", nil, "contributors may assign terms", "get-taxonomies-edit-context"},

		// terms: editing and deleting need manage_categories (subscribers lack it as authors do)
		{"subscriber", P, f.tag, map[string]any{"description": "wpc"}, false, 403, "rest_cannot_update", nil, "editing a tag needs manage_categories", "update-tag"},
		{"subscriber", D, f.tag + "?force=true", nil, false, 403, "rest_cannot_delete", nil, "deleting a tag needs manage_categories", "delete-tag"},
		{"subscriber", P, "/wp/v2/categories", map[string]any{"name": s.name("perm-c3")}, false, 403, "rest_cannot_create", nil, "subscribers lack manage_categories", "create-categories"},
	}
}
