package mock

import (
	"net/http"
	"slices"
	"strconv"

	"github.com/wpmock/wpmock/mock/fields"
	"github.com/wpmock/wpmock/mock/rest"
	"github.com/wpmock/wpmock/mock/store"
	"github.com/wpmock/wpmock/mock/wp"
)

// Errors of the users controller's read routes (WP_REST_Users_Controller), as codes and
// messages. Permission errors carry 401 for anonymous callers and 403 otherwise.
const (
	// GET /users/<id> for an id <= 0 or a user that does not exist (404).
	codeUserInvalidID, msgUserInvalidID = "rest_user_invalid_id", "Invalid user ID."
	// GET /users?roles=... without list_users.
	codeUserCannotView, msgCannotFilterRoles = "rest_user_cannot_view", "Sorry, you are not allowed to filter users by role."
	// GET /users?capabilities=... without list_users (same code as above).
	msgCannotFilterCaps = "Sorry, you are not allowed to filter users by capability."
	// GET /users/<id> of a user without published posts, by a caller who may neither
	// list users nor edit that user (same code as above).
	msgCannotListUsers = "Sorry, you are not allowed to list users."
	// GET /users?context=edit without list_users (code rest_forbidden_context).
	msgCannotEditUsers = "Sorry, you are not allowed to edit users."
	// GET /users/<id>?context=edit without edit_user on that user (rest_forbidden_context).
	msgCannotEditUser = "Sorry, you are not allowed to edit this user."
	// GET /users?orderby=email|registered_date without list_users.
	codeForbiddenOrderby, msgForbiddenOrderby = "rest_forbidden_orderby", "Sorry, you are not allowed to order users by this parameter."
	// GET /users?who=authors without edit_posts on a REST post type that supports authors.
	codeForbiddenWho, msgForbiddenWho = "rest_forbidden_who", "Sorry, you are not allowed to query users by this parameter."
	// GET /users/me anonymously (always 401).
	codeNotLoggedIn, msgNotLoggedIn = "rest_not_logged_in", "You are not currently logged in."
)

// restPostTypes are the show_in_rest post types of version v (the types /types lists),
// in registration order: the enum of has_published_posts and the types whose published
// posts make a user visible to everyone. 6.5 adds the font types, 6.6 shows
// wp_global_styles in REST.
func restPostTypes(g *wp.Registry, v rest.Version) []string {
	var out []string
	for _, pt := range g.RegisteredPostTypes() {
		if pt.Shown.In(v) {
			out = append(out, pt.Slug)
		}
	}
	return out
}

// userContexts is the users schema's context list, in its own order.
var userContexts = []string{rest.Embed, rest.View, rest.Edit}

// users is the /wp/v2/users resource (reads here and in userquery.go, writes in
// userwrite.go).
type users struct {
	m    *Mock
	item *rest.Item[store.User]
	// restTypes are the version's restPostTypes.
	restTypes []string
}

type userField = rest.Field[store.User]

// userString declares a plain string field.
func userString(s *rest.Schema, get func(u *store.User) string) *userField {
	return rest.F(s, func(_ *rest.Request, u *store.User) any { return get(u) })
}

// declare is get_item_schema, with the fields in prepare_item_for_response's output
// order (which puts roles before registered_date, unlike the schema).
func (res *users) declare() *rest.Item[store.User] {
	if res.item != nil {
		return res.item
	}
	v := res.m.version
	res.restTypes = restPostTypes(res.m.reg, v)
	password := rest.Str("password").Desc("Password for the user (never included).").Req()
	password.Context = []string{} // write-only: never displayed
	res.item = &rest.Item[store.User]{Title: "user", Links: res.links, Fields: []*userField{
		rest.F(rest.Int("id").Desc("Unique identifier for the user.").Ctx(userContexts...).RO(),
			func(_ *rest.Request, u *store.User) any { return u.ID }),
		userString(rest.Str("username").Desc("Login name for the user.").Ctx(rest.Edit).Req(),
			func(u *store.User) string { return u.Login }).WithArg(stringArg(checkUsername)),
		userString(rest.Str("name").Desc("Display name for the user.").Ctx(userContexts...),
			func(u *store.User) string { return u.Name }).WithArg(stringArg(textField)),
		userString(rest.Str("first_name").Desc("First name for the user.").Ctx(rest.Edit),
			func(u *store.User) string { return u.FirstName }).WithArg(stringArg(textField)),
		userString(rest.Str("last_name").Desc("Last name for the user.").Ctx(rest.Edit),
			func(u *store.User) string { return u.LastName }).WithArg(stringArg(textField)),
		userString(rest.Str("email").Desc("The email address for the user.").Fmt("email").Ctx(rest.Edit).Req(),
			func(u *store.User) string { return u.Email }),
		userString(rest.Str("url").Desc("URL of the user.").Fmt("uri").Ctx(userContexts...),
			func(u *store.User) string { return u.URL }),
		userString(rest.Str("description").Desc("Description of the user.").Ctx(userContexts...),
			func(u *store.User) string { return u.Description }),
		rest.F(rest.Str("link").Desc("Author URL of the user.").Fmt("uri").Ctx(userContexts...).RO(),
			func(r *rest.Request, u *store.User) any { return authorLink(r, u) }),
		userString(rest.Str("locale").Desc("Locale for the user.").OneOfEnum("", "en_US").Ctx(rest.Edit), userLocale),
		userString(rest.Str("nickname").Desc("The nickname for the user.").Ctx(rest.Edit),
			func(u *store.User) string { return u.Nickname }).WithArg(stringArg(textField)),
		userString(rest.Str("slug").Desc("An alphanumeric identifier for the user.").Ctx(userContexts...),
			func(u *store.User) string { return u.Slug }).WithArg(slugArg),
		// WordPress shows roles only to callers with list_users or edit_user on the user,
		// which every caller allowed the edit context has.
		rest.F(rest.Arr("roles", rest.Str("")).Desc("Roles assigned to the user.").Ctx(rest.Edit),
			func(_ *rest.Request, u *store.User) any { return append([]string{}, u.Roles...) }),
		userString(rest.Str("registered_date").Desc("Registration date for the user.").Fmt("date-time").Ctx(rest.Edit).RO(),
			func(u *store.User) string { return rest.FormatDateOffset(u.Registered) }),
		rest.F(password, func(*rest.Request, *store.User) any { return nil }).WithArg(stringArg(checkUserPassword)),
		rest.F(rest.Obj("capabilities").Desc("All capabilities assigned to the user.").Ctx(rest.Edit).RO(),
			func(r *rest.Request, u *store.User) any { return registry(r).AllCaps(u.Roles) }),
		rest.F(rest.Obj("extra_capabilities").Desc("Any extra capabilities assigned to the user.").Ctx(rest.Edit).RO(),
			func(_ *rest.Request, u *store.User) any { return trueSet(u.Roles) }),
		rest.Nested(rest.Obj("avatar_urls").Desc("Avatar URLs for the user.").Ctx(userContexts...).RO(),
			avatarField(24, v), avatarField(48, v), avatarField(96, v)),
		rest.F(userMetaSchema(res.m.userMetaKeys(), v), res.m.userMeta).WithArg(metaArg),
	}, Cache: userCacheID}
	res.item.Fields = append(res.item.Fields, fields.Additional(res.m.reg, "user", func(u *store.User) *store.FieldValues { return u.Fields })...)
	res.item = res.item.For(v)
	return res.item
}

// trueSet is a WP_User capability map ({"cap": true, ...}); {} when empty, as PHP's
// (object) cast prints it.
func trueSet(keys []string) rest.Object {
	o := make(rest.Object, len(keys))
	for i, k := range keys {
		o[i] = rest.Member{Key: k, Value: true}
	}
	return o
}

// authorLink is get_author_posts_url.
func authorLink(r *rest.Request, u *store.User) string { return permalinks(r).Author(u) }

// userLocale is get_user_locale: the user's locale, else the site's (en_US).
func userLocale(u *store.User) string {
	if u.Locale == "" {
		return "en_US"
	}
	return u.Locale
}

// avatarField is one size of avatar_urls (rest_get_avatar_urls) as version v builds it.
func avatarField(size int, v rest.Version) *userField {
	n := strconv.Itoa(size)
	return rest.F(rest.Str(n).Desc("Avatar URL with image size of "+n+" pixels.").Fmt("uri").Ctx(userContexts...),
		func(r *rest.Request, u *store.User) any { return wp.AvatarURL(v, r.Site, u.Email, size) })
}

// userMetaSchema is the users "meta" field: 6.1 registers one user meta key,
// persisted_preferences (the block editor's preferences), shown in edit context only;
// the site's keys follow (core registers its key on init before a plugin's).
func userMetaSchema(site fields.Meta, v rest.Version) *rest.Schema {
	modified := rest.Str("_modified").Desc("The date and time the preferences were updated.").Fmt("date-time")
	prefs := rest.Obj("persisted_preferences").Ctx(rest.Edit).Props(modified)
	extra := true
	prefs.AdditionalProperties = &extra
	prefs.Literal = persistedPreferencesSchema.At(v) // as register_meta gave it, in the arguments too
	props := []*rest.Schema{prefs}
	for _, k := range site {
		props = append(props, k.Schema)
	}
	return rest.Obj("meta").Desc("Meta fields.").Ctx(rest.ViewEdit...).Props(props...)
}

// userMeta is the meta value: nothing of persisted_preferences is stored, so it prints
// its empty default ([]) in edit context, which alone shows it; then the site's keys.
// Nothing left prints the empty PHP array [].
func (m *Mock) userMeta(r *rest.Request, u *store.User) any {
	site, _ := m.userMetaKeys().GetValue(r.Context(), u.Meta.MetaRows).(rest.Object)
	if r.Context() == rest.Edit {
		return append(rest.Object{{Key: "persisted_preferences", Value: rest.EmptyArray}}, site...)
	}
	if len(site) == 0 {
		return rest.EmptyArray
	}
	return site
}

// links is prepare_links: self and collection.
func (res *users) links(r *rest.Request, u *store.User) rest.Links {
	base := "/" + Namespace + "/users"
	return rest.Links{}.Add("self", r.RestURL(base+"/"+strconv.Itoa(u.ID))).Add("collection", r.RestURL(base))
}

// schemaJSON is the OPTIONS schema: the declaration's, with two things restored that
// field declarations do not carry: get_item_schema lists registered_date before roles
// (the output has them the other way round), and register_meta gives
// persisted_preferences an empty description, a default [] and readonly false (and,
// from 6.7, the title its label gives, "").
func (res *users) schemaJSON() rest.Object {
	return editSchemaProps(res.declare().SchemaJSON(), func(props rest.Object) {
		i, j := propIndex(props, "roles"), propIndex(props, "registered_date")
		props[i], props[j] = props[j], props[i]
		meta := &props[propIndex(props, "meta")]
		metaProps := rest.Object{{Key: "persisted_preferences", Value: persistedPreferencesSchema.At(res.m.version)}}
		for _, k := range res.m.userMetaKeys() {
			metaProps = append(metaProps, rest.Member{Key: k.Schema.Name, Value: k.Schema.JSON(false)})
		}
		meta.Value = meta.Value.(rest.Object).Set("properties", metaProps)
	})
}

// persistedPreferencesSchema is the schema register_meta gives persisted_preferences.
var persistedPreferencesSchema = wp.Members{
	wp.KV("type", "object"),
	wp.KV("title", "").Since(rest.V67),
	wp.KV("description", ""),
	wp.KV("default", rest.EmptyArray),
	wp.KV("context", []string{rest.Edit}),
	wp.KV("properties", rest.Object{{Key: "_modified", Value: rest.Object{
		{Key: "description", Value: "The date and time the preferences were updated."},
		{Key: "type", Value: "string"},
		{Key: "format", Value: "date-time"},
		{Key: "readonly", Value: false},
	}}}),
	wp.KV("additionalProperties", true),
}

// editSchemaProps lets a resource adjust the "properties" of its schema document.
func editSchemaProps(doc rest.Object, edit func(props rest.Object)) rest.Object {
	if v, ok := doc.Get("properties"); ok {
		if props, ok := v.(rest.Object); ok {
			edit(props)
		}
	}
	return doc
}

// propIndex is the position of a property in a schema's properties.
func propIndex(props rest.Object, name string) int {
	for i, m := range props {
		if m.Key == name {
			return i
		}
	}
	panic("schema has no property " + name)
}

func (res *users) routes() []*rest.Route {
	res.declare()
	schema := res.schemaJSON
	base := "/" + Namespace + "/users"
	return []*rest.Route{
		{Namespace: Namespace, Pattern: base, Schema: schema, Endpoints: []*rest.Endpoint{
			{Methods: rest.Readable, Args: userListArgs(res.restTypes), Permission: res.listPermission, Handler: res.list,
				AllowBatch: true, BatchSince: rest.V66},
			{Methods: rest.Creatable, Args: res.item.WriteArgs(true), Permission: createUserPermission, Handler: res.createUser,
				AllowBatch: true, BatchSince: rest.V66},
		}},
		{Namespace: Namespace, Pattern: base + `/(?P<id>[\d]+)`, Schema: schema, Endpoints: []*rest.Endpoint{
			{Methods: rest.Readable, Args: []*rest.Schema{idArg("user"), contextArg()},
				Permission: res.getPermission, Handler: res.get, AllowBatch: true, BatchSince: rest.V66},
			{Methods: rest.Editable, Args: append([]*rest.Schema{idArg("user")}, res.item.WriteArgs(false)...),
				Permission: updateUserPermission(byID), Handler: res.updateUser(byID), AllowBatch: true, BatchSince: rest.V66},
			{Methods: rest.Deletable, Args: userDeleteArgs(true),
				Permission: deleteUserPermission(byID), Handler: res.deleteUser(byID), AllowBatch: true, BatchSince: rest.V66},
		}},
		// GET /users/me has permission_callback __return_true; the handler refuses
		// anonymous callers itself. Its writes act on the caller.
		{Namespace: Namespace, Pattern: base + "/me", Schema: schema, Endpoints: []*rest.Endpoint{
			{Methods: rest.Readable, Args: []*rest.Schema{contextArg()}, Handler: res.me},
			{Methods: rest.Editable, Args: res.item.WriteArgs(false),
				Permission: updateUserPermission(callerID), Handler: res.updateUser(callerID)},
			{Methods: rest.Deletable, Args: userDeleteArgs(false),
				Permission: deleteUserPermission(callerID), Handler: res.deleteUser(callerID)},
		}},
	}
}

// userListArgs is get_collection_params of the users controller, in its order, with
// the version's REST post types (restTypes) as has_published_posts' enum. 6.8 adds
// search_columns, which parseUserQuery reads.
func userListArgs(restTypes []string) []*rest.Schema {
	args := append([]*rest.Schema{contextArg()}, pageArgs()...)
	hasPublished := rest.New("has_published_posts", "boolean", "array").Desc("Limit result set to users who have published posts.")
	hasPublished.Items = rest.Str("").OneOfEnum(restTypes...)
	return append(args,
		intsArg("exclude", "Ensure result set excludes specific IDs."),
		intsArg("include", "Limit result set to specific IDs."),
		rest.Int("offset").Desc("Offset the result set by a specific number of items."),
		rest.Str("order").Desc("Order sort attribute ascending or descending.").OneOfEnum("asc", "desc").Def("asc"),
		rest.Str("orderby").Desc("Sort collection by user attribute.").Def("name").
			OneOfEnum("id", "include", "name", "registered_date", "slug", "include_slugs", "email", "url"),
		rest.Arr("slug", rest.Str("")).Desc("Limit result set to users with one or more specific slugs."),
		rest.Arr("roles", rest.Str("")).Desc("Limit result set to users matching at least one specific role provided. Accepts csv list or single role."),
		rest.Arr("capabilities", rest.Str("")).Desc("Limit result set to users matching at least one specific capability provided. Accepts csv list or single capability."),
		rest.Str("who").Desc("Limit result set to users who are considered authors.").OneOfEnum("authors"),
		hasPublished,
		rest.Arr("search_columns", rest.Str("").OneOfEnum(userSearchColumnArgs...)).Desc("Array of column names to be searched.").
			Def([]any{}).Since(rest.V68),
	)
}

// listPermission is get_items_permissions_check, its checks in WordPress's order.
func (res *users) listPermission(r *rest.Request) *rest.Error {
	listUsers := can(r, "list_users")
	switch {
	case len(r.Strings("roles")) > 0 && !listUsers:
		return r.Forbidden(codeUserCannotView, msgCannotFilterRoles)
	case len(r.Strings("capabilities")) > 0 && !listUsers:
		return r.Forbidden(codeUserCannotView, msgCannotFilterCaps)
	case r.Context() == rest.Edit && !listUsers:
		return r.Forbidden(codeForbiddenContext, msgCannotEditUsers)
	case (r.String("orderby") == "email" || r.String("orderby") == "registered_date") && !listUsers:
		return r.Forbidden(codeForbiddenOrderby, msgForbiddenOrderby)
	case r.String("who") == "authors" && !canEditAuthoredType(r):
		return r.Forbidden(codeForbiddenWho, msgForbiddenWho)
	}
	return nil
}

// canEditAuthoredType: edit_posts of some REST post type that supports authors (posts
// and attachments use edit_posts, pages edit_pages, templates edit_theme_options,
// which only administrators have, and they have edit_posts too).
func canEditAuthoredType(r *rest.Request) bool { return can(r, "edit_posts") || can(r, "edit_pages") }

// getUser is the controller's get_user: the user, or 404.
func getUser(r *rest.Request, id int) (*store.User, *rest.Error) {
	var u *store.User
	if id > 0 {
		u = txOf(r).User(id)
	}
	if u == nil {
		return nil, rest.Errorf(http.StatusNotFound, codeUserInvalidID, msgUserInvalidID)
	}
	return u, nil
}

// getPermission is get_item_permissions_check: users may always read themselves; the
// edit context needs edit_user; others are visible with list_users or edit_user, or
// when they have published posts.
func (res *users) getPermission(r *rest.Request) *rest.Error {
	u, err := getUser(r, r.Int("id"))
	if err != nil {
		return err
	}
	if callerID(r) == u.ID {
		return nil
	}
	if r.Context() == rest.Edit && !canEditUser(r, u.ID) {
		return r.Forbidden(codeForbiddenContext, msgCannotEditUser)
	}
	if !canEditUser(r, u.ID) && !can(r, "list_users") && !hasCountedPosts(r, u.ID, res.restTypes) {
		return r.Forbidden(codeUserCannotView, msgCannotListUsers)
	}
	return nil
}

// hasCountedPosts is count_user_posts(id, REST types) > 0 for someone other than the
// user: published posts, and private ones when the caller may read private posts of
// the type (get_posts_by_author_sql).
func hasCountedPosts(r *rest.Request, id int, restTypes []string) bool {
	private := map[string]bool{}
	for _, typ := range restTypes {
		private[typ] = can(r, registry(r).TypeOf(typ).Cap("read_private_posts"))
	}
	for _, p := range txOf(r).PostsByAuthor(id) {
		if slices.Contains(restTypes, p.Type) && (p.Status == "publish" || private[p.Type] && p.Status == "private") {
			return true
		}
	}
	return false
}

func (res *users) get(r *rest.Request) (*rest.Response, *rest.Error) {
	u, err := getUser(r, r.Int("id"))
	if err != nil {
		return nil, err
	}
	return rest.OK(res.item.Answer(r, u)), nil
}

// userCacheID lets a user's rendering be cached (rest.Item.Cache): it depends on the
// user and on the caller, who is in the cache's key.
func userCacheID(_ *rest.Request, u *store.User) (int, bool) { return u.ID, true }

// me is get_current_item.
func (res *users) me(r *rest.Request) (*rest.Response, *rest.Error) {
	var u *store.User
	if id := callerID(r); id != 0 {
		u = txOf(r).User(id)
	}
	if u == nil {
		return nil, rest.Errorf(http.StatusUnauthorized, codeNotLoggedIn, msgNotLoggedIn)
	}
	return rest.OK(res.item.Render(r, u)), nil
}
