package mock

import (
	"net/http"
	"strconv"

	"github.com/wpmock/wpmock/mock/rest"
	"github.com/wpmock/wpmock/mock/site"
	"github.com/wpmock/wpmock/mock/store"
	"github.com/wpmock/wpmock/mock/wp"
	"github.com/wpmock/wpmock/mock/wpfunc"
	"slices"
)

// Application passwords: WordPress 6.1's WP_REST_Application_Passwords_Controller over
// /wp/v2/users/<id|me>/application-passwords, with WP_Application_Passwords' rules.
// A password made here authenticates at once (auth.go reads the user's list).
// Every permission is edit_user on the password's owner, which users have on
// themselves and administrators on everyone.

// Errors of the application passwords routes.
const (
	// GET .../application-passwords without edit_user on the owner.
	codeCannotListAppPasswords, msgCannotListAppPasswords = "rest_cannot_list_application_passwords", "Sorry, you are not allowed to list application passwords for this user."
	// GET .../application-passwords/<uuid> without edit_user.
	codeCannotReadAppPassword, msgCannotReadAppPassword = "rest_cannot_read_application_password", "Sorry, you are not allowed to read this application password."
	// POST .../application-passwords without edit_user.
	codeCannotCreateAppPasswords, msgCannotCreateAppPasswords = "rest_cannot_create_application_passwords", "Sorry, you are not allowed to create application passwords for this user."
	// POST .../application-passwords/<uuid> without edit_user.
	codeCannotEditAppPassword, msgCannotEditAppPassword = "rest_cannot_edit_application_password", "Sorry, you are not allowed to edit this application password."
	// DELETE .../application-passwords without edit_user.
	codeCannotDeleteAppPasswords, msgCannotDeleteAppPasswords = "rest_cannot_delete_application_passwords", "Sorry, you are not allowed to delete application passwords for this user."
	// DELETE .../application-passwords/<uuid> without edit_user.
	codeCannotDeleteAppPassword, msgCannotDeleteAppPassword = "rest_cannot_delete_application_password", "Sorry, you are not allowed to delete this application password."
	// introspect on another user than the caller.
	codeCannotIntrospect, msgCannotIntrospect = "rest_cannot_introspect_app_password_for_non_authenticated_user", "The authenticated application password can only be introspected for the current user."
	// introspect by a caller not authenticated with an application password (404).
	codeNoAuthenticatedAppPassword, msgNoAuthenticatedAppPassword = "rest_no_authenticated_app_password", "Cannot introspect application password."
	// a uuid the user has no password with (404; 500 from introspect).
	codeAppPasswordNotFound, msgAppPasswordNotFound = "rest_application_password_not_found", "Application password not found."
)

// uniqueAppNames is the versions whose create_new_application_password refuses a name
// the user already has; 6.7 dropped the check.
var uniqueAppNames = rest.Span{Until: rest.V67}

// appID is the app_id property: a UUID until 6.9, which lets it be a UUID or "" (oneOf),
// so null and other strings are refused by both forms alike.
func appID() *rest.Schema {
	return rest.Str("app_id").Desc("A UUID provided by the application to uniquely identify it. It is recommended to use an UUID v5 with the URL or DNS namespace.").
		Ctx(rest.View, rest.Edit, rest.Embed)
}

func appIDOrEmpty() *rest.Schema {
	s := appID()
	s.OneOf = []*rest.Schema{rest.Str("").Fmt("uuid"), rest.Str("").OneOfEnum("")}
	return s
}

// appPasswordItem is what the controller renders: a stored password, its owner (for
// the self link) and, right after creation only, the plain password.
type appPasswordItem struct {
	owner int
	ap    store.AppPassword
	plain string
}

type appPasswordField = rest.Field[appPasswordItem]

// appPasswords is the application passwords resource.
type appPasswords struct {
	m    *Mock
	item *rest.Item[appPasswordItem]
}

func (res *appPasswords) declare() *rest.Item[appPasswordItem] {
	if res.item != nil {
		return res.item
	}
	name := rest.Str("name").Desc("The name of the application password.").Req().Ctx(rest.View, rest.Edit, rest.Embed)
	one := 1
	name.MinLength, name.Pattern = &one, `.*\S.*`
	str := func(get func(it *appPasswordItem) string) func(*rest.Request, *appPasswordItem) any {
		return func(_ *rest.Request, it *appPasswordItem) any { return get(it) }
	}
	res.item = &rest.Item[appPasswordItem]{Title: "application-password", Links: res.links,
		SchemaOrder: []string{"uuid", "app_id", "name", "password", "created", "last_used", "last_ip"},
		Fields: []*appPasswordField{
			rest.F(rest.Str("uuid").Desc("The unique identifier for the application password.").Fmt("uuid").
				Ctx(rest.View, rest.Edit, rest.Embed).RO(), str(func(it *appPasswordItem) string { return it.ap.UUID })),
			rest.F(appID().Fmt("uuid").Until(rest.V69), str(func(it *appPasswordItem) string { return it.ap.AppID })),
			rest.F(appIDOrEmpty().Since(rest.V69), str(func(it *appPasswordItem) string { return it.ap.AppID })),
			rest.F(name, str(func(it *appPasswordItem) string { return it.ap.Name })),
			rest.F(rest.Str("created").Desc("The GMT date the application password was created.").Fmt("date-time").
				Ctx(rest.View, rest.Edit).RO(), str(func(it *appPasswordItem) string { return rest.FormatDate(it.ap.Created) })),
			rest.F(rest.New("last_used", "string", "null").Desc("The GMT date the application password was last used.").
				Fmt("date-time").Ctx(rest.View, rest.Edit).RO(), func(_ *rest.Request, it *appPasswordItem) any {
				if it.ap.LastUsed.IsZero() {
					return nil
				}
				return rest.FormatDate(it.ap.LastUsed)
			}),
			rest.F(rest.New("last_ip", "string", "null").Desc("The IP address the application password was last used by.").
				Fmt("ip").Ctx(rest.View, rest.Edit).RO(), func(_ *rest.Request, it *appPasswordItem) any {
				if it.ap.LastIP == "" {
					return nil
				}
				return it.ap.LastIP
			}),
			// only in the create response (see render)
			rest.F(rest.Str("password").Desc("The generated password. Only available after adding an application.").
				Ctx(rest.Edit).RO(), str(func(it *appPasswordItem) string { return it.plain })),
		}}
	res.item = res.item.For(res.m.version)
	return res.item
}

func (res *appPasswords) links(r *rest.Request, it *appPasswordItem) rest.Links {
	return rest.Links{}.Add("self", r.RestURL(appPasswordPath(it.owner, it.ap.UUID)))
}

func appPasswordPath(owner int, uuid string) string {
	return "/" + Namespace + "/users/" + strconv.Itoa(owner) + "/application-passwords/" + uuid
}

// render is prepare_item_for_response: "password" is there only after a create.
func (res *appPasswords) render(r *rest.Request, it *appPasswordItem, ctx string) rest.Object {
	out := res.item.RenderIn(r, it, ctx)
	if it.plain != "" {
		return out
	}
	kept := out[:0:0]
	for _, m := range out {
		if m.Key != "password" {
			kept = append(kept, m)
		}
	}
	return kept
}

func (res *appPasswords) routes() []*rest.Route {
	it := res.declare()
	schema := it.SchemaJSON
	base := "/" + Namespace + `/users/(?P<user_id>(?:[\d]+|me))/application-passwords`
	ctx := func() []*rest.Schema { return []*rest.Schema{contextArg()} }
	return []*rest.Route{
		{Namespace: Namespace, Pattern: base, Schema: schema, Endpoints: []*rest.Endpoint{
			{Methods: rest.Readable, Args: ctx(), Handler: res.list,
				Permission: appPasswordPermission(codeCannotListAppPasswords, msgCannotListAppPasswords)},
			{Methods: rest.Creatable, Args: it.WriteArgs(true), Handler: res.create,
				Permission: appPasswordPermission(codeCannotCreateAppPasswords, msgCannotCreateAppPasswords)},
			{Methods: rest.Deletable, Handler: res.deleteAll,
				Permission: appPasswordPermission(codeCannotDeleteAppPasswords, msgCannotDeleteAppPasswords)},
		}},
		// registered before the <uuid> route, which would match "introspect" too
		{Namespace: Namespace, Pattern: base + "/introspect", Schema: schema, Endpoints: []*rest.Endpoint{
			{Methods: rest.Readable, Args: ctx(), Permission: introspectPermission, Handler: res.introspect},
		}},
		{Namespace: Namespace, Pattern: base + `/(?P<uuid>[\w\-]+)`, Schema: schema, Endpoints: []*rest.Endpoint{
			{Methods: rest.Readable, Args: ctx(), Handler: res.get,
				Permission: appPasswordPermission(codeCannotReadAppPassword, msgCannotReadAppPassword)},
			{Methods: rest.Editable, Args: it.WriteArgs(false), Handler: res.update,
				Permission: appPasswordPermission(codeCannotEditAppPassword, msgCannotEditAppPassword)},
			{Methods: rest.Deletable, Handler: res.delete,
				Permission: appPasswordPermission(codeCannotDeleteAppPassword, msgCannotDeleteAppPassword)},
		}},
	}
}

// appPasswordOwner is the controller's get_user: "me" is the caller (401 when
// anonymous), anything else is (int) cast; like every request value, user_id may come
// from the body or the query string as well as the URL.
func appPasswordOwner(r *rest.Request) (*store.User, *rest.Error) {
	v, _ := r.Raw("user_id")
	if v == "me" {
		if callerID(r) == 0 {
			return nil, rest.Errorf(http.StatusUnauthorized, codeNotLoggedIn, msgNotLoggedIn)
		}
		return getUser(r, callerID(r))
	}
	return getUser(r, wpfunc.IntVal(v))
}

// appPasswordPermission is the controller's permission checks: the owner exists, and
// the caller may edit them (the *_app_password meta capabilities map to edit_user).
func appPasswordPermission(code, msg string) rest.Permission {
	return func(r *rest.Request) *rest.Error {
		u, err := appPasswordOwner(r)
		if err != nil {
			return err
		}
		if !canEditUser(r, u.ID) {
			return r.Forbidden(code, msg)
		}
		return nil
	}
}

func introspectPermission(r *rest.Request) *rest.Error {
	u, err := appPasswordOwner(r)
	if err != nil {
		return err
	}
	if callerID(r) != u.ID {
		return r.Forbidden(codeCannotIntrospect, msgCannotIntrospect)
	}
	return nil
}

// stored is get_application_password: the owner and the password of the request.
func (res *appPasswords) stored(r *rest.Request) (*store.User, int, *rest.Error) {
	u, err := appPasswordOwner(r)
	if err != nil {
		return nil, 0, err
	}
	uuid, _ := r.Raw("uuid")
	i := wp.ApplicationPasswordIndex(u, uuid)
	if i < 0 {
		return nil, 0, rest.Errorf(http.StatusNotFound, codeAppPasswordNotFound, msgAppPasswordNotFound)
	}
	return u, i, nil
}

func (res *appPasswords) list(r *rest.Request) (*rest.Response, *rest.Error) {
	u, err := appPasswordOwner(r)
	if err != nil {
		return nil, err
	}
	items := make([]any, 0, len(u.AppPasswords))
	for _, ap := range u.AppPasswords {
		items = append(items, res.render(r, &appPasswordItem{owner: u.ID, ap: ap}, r.Context()))
	}
	return rest.OK(items), nil
}

func (res *appPasswords) get(r *rest.Request) (*rest.Response, *rest.Error) {
	u, i, err := res.stored(r)
	if err != nil {
		return nil, err
	}
	return rest.OK(res.render(r, &appPasswordItem{owner: u.ID, ap: u.AppPasswords[i]}, r.Context())), nil
}

// create is create_item with create_new_application_password: the name is
// sanitize_text_field'ed and must stay non-empty and unique for the user; the new
// password (24 letters and digits) is shown once, in groups of four.
func (res *appPasswords) create(r *rest.Request) (*rest.Response, *rest.Error) {
	u, err := appPasswordOwner(r)
	if err != nil {
		return nil, err
	}
	appID := ""
	if uuid, _ := r.Raw("uuid"); wpfunc.Empty(uuid) { // an app_id is taken only without a uuid
		appID = r.String("app_id")
	}
	name := wpfunc.SanitizeTextField(r.String("name"))
	u, ap, plain, e := wp.CreateApplicationPassword(txOf(r), u, name, appID, uniqueAppNames.In(res.m.version), site.HashPassword)
	if e != nil {
		return nil, rest.Errorf(e.Status, e.Code, "%s", e.Message)
	}
	r.SetParam("context", rest.Edit)
	it := &appPasswordItem{owner: u.ID, ap: ap, plain: wp.ChunkPassword(plain)}
	return rest.Created(res.render(r, it, rest.Edit), r.RestURL(appPasswordPath(u.ID, ap.UUID))), nil
}

// update is update_item: only the name changes, and only to a non-empty one.
func (res *appPasswords) update(r *rest.Request) (*rest.Response, *rest.Error) {
	u, i, err := res.stored(r)
	if err != nil {
		return nil, err
	}
	if name := wpfunc.SanitizeTextField(r.String("name")); !wp.EmptyStr(name) {
		u = txOf(r).ChangeUser(u.ID, func(x *store.User) { x.AppPasswords[i].Name = name })
	}
	r.SetParam("context", rest.Edit)
	return rest.OK(res.render(r, &appPasswordItem{owner: u.ID, ap: u.AppPasswords[i]}, rest.Edit)), nil
}

func (res *appPasswords) delete(r *rest.Request) (*rest.Response, *rest.Error) {
	u, i, err := res.stored(r)
	if err != nil {
		return nil, err
	}
	r.SetParam("context", rest.Edit)
	previous := withoutLinks(res.render(r, &appPasswordItem{owner: u.ID, ap: u.AppPasswords[i]}, rest.Edit))
	txOf(r).ChangeUser(u.ID, func(x *store.User) { x.AppPasswords = slices.Delete(x.AppPasswords, i, i+1) })
	return rest.OK(rest.Object{{"deleted", true}, {"previous", previous}}), nil
}

func (res *appPasswords) deleteAll(r *rest.Request) (*rest.Response, *rest.Error) {
	u, err := appPasswordOwner(r)
	if err != nil {
		return nil, err
	}
	n := len(u.AppPasswords)
	txOf(r).ChangeUser(u.ID, func(x *store.User) { x.AppPasswords = nil })
	return rest.OK(rest.Object{{"deleted", true}, {"count", n}}), nil
}

// introspect is get_current_item: the password the request authenticated with.
func (res *appPasswords) introspect(r *rest.Request) (*rest.Response, *rest.Error) {
	u, err := appPasswordOwner(r)
	if err != nil {
		return nil, err
	}
	c := who(r)
	if c == nil || c.AppPassword == "" {
		return nil, rest.Errorf(http.StatusNotFound, codeNoAuthenticatedAppPassword, msgNoAuthenticatedAppPassword)
	}
	i := wp.ApplicationPasswordIndex(u, c.AppPassword)
	if i < 0 {
		return nil, rest.Errorf(http.StatusInternalServerError, codeAppPasswordNotFound, msgAppPasswordNotFound)
	}
	return rest.OK(res.render(r, &appPasswordItem{owner: u.ID, ap: u.AppPasswords[i]}, r.Context())), nil
}
