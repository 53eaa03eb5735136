package graphql

import (
	"strconv"
	"strings"

	"github.com/wpmock/wpmock/mock/store"
	"github.com/wpmock/wpmock/mock/wp"
)

// Users as WPGraphQL's User model shows them: public for users who have published
// posts, private (null) for others unless the caller may list users; email and
// username only to those who may edit the user.

func usr(p any) *store.User { return p.(*store.User) }

// user is the user id when the caller may see them, else nil.
func (c *call) user(id int) any {
	u := c.Tx.User(id)
	if u == nil || !c.userVisible(u) {
		return nil
	}
	return u
}

// userVisible is the User model's is_private turned around.
func (c *call) userVisible(u *store.User) bool {
	if c.Actor != nil && (c.Actor.ID == u.ID || c.Actor.Can("list_users")) {
		return true
	}
	for _, p := range c.Tx.PostsByAuthor(u.ID) {
		if p.Status == "publish" {
			return true
		}
	}
	return false
}

func (c *call) mayEditUser(u *store.User) bool {
	return c.Actor != nil && (c.Actor.ID == u.ID || c.Actor.Can("edit_users"))
}

// avatar is get_avatar_data's Gravatar URL.
type avatar struct {
	url  string
	size int
}

func userFields() []*fieldDecl {
	return []*fieldDecl{
		f("id", "ID!", func(_ *call, p any, _ map[string]any) (any, error) { return globalID(kindUser, usr(p).ID), nil }),
		f("databaseId", "Int!", func(_ *call, p any, _ map[string]any) (any, error) { return usr(p).ID, nil }),
		f("userId", "Int", func(_ *call, p any, _ map[string]any) (any, error) { return usr(p).ID, nil }).deprecated(deprecatedForDatabaseID),
		f("name", "String", func(_ *call, p any, _ map[string]any) (any, error) { return usr(p).Name, nil }),
		f("firstName", "String", func(_ *call, p any, _ map[string]any) (any, error) { return nilIfEmpty(usr(p).FirstName), nil }),
		f("lastName", "String", func(_ *call, p any, _ map[string]any) (any, error) { return nilIfEmpty(usr(p).LastName), nil }),
		f("nickname", "String", func(c *call, p any, _ map[string]any) (any, error) {
			if !c.mayEditUser(usr(p)) { // a restricted field of WPGraphQL's User model
				return nil, nil
			}
			return nilIfEmpty(usr(p).Nickname), nil
		}),
		f("description", "String", func(_ *call, p any, _ map[string]any) (any, error) { return nilIfEmpty(usr(p).Description), nil }),
		f("slug", "String", func(_ *call, p any, _ map[string]any) (any, error) { return usr(p).Slug, nil }),
		f("nicename", "String", func(_ *call, p any, _ map[string]any) (any, error) { return usr(p).Slug, nil }),
		f("url", "String", func(_ *call, p any, _ map[string]any) (any, error) { return nilIfEmpty(usr(p).URL), nil }),
		f("locale", "String", func(_ *call, p any, _ map[string]any) (any, error) { return nilIfEmpty(usr(p).Locale), nil }),
		f("uri", "String", func(c *call, p any, _ map[string]any) (any, error) { return c.uri(c.links().Author(usr(p))), nil }),
		f("isContentNode", "Boolean!", constant(false)),
		f("isTermNode", "Boolean!", constant(false)),
		f("isComment", "Boolean!", constant(false)),
		f("isFrontPage", "Boolean!", constant(false)),
		f("isPostsPage", "Boolean!", constant(false)),
		f("isRestricted", "Boolean", constant(false)),
		f("capabilities", "[String]", func(c *call, p any, _ map[string]any) (any, error) {
			if !c.mayEditUser(usr(p)) {
				return nil, nil
			}
			return c.capabilities(usr(p)), nil
		}),
		f("capKey", "String", func(c *call, p any, _ map[string]any) (any, error) {
			if !c.mayEditUser(usr(p)) {
				return nil, nil
			}
			return "wp_capabilities", nil
		}),
		{Name: "roles", Type: "UserToUserRoleConnection", Args: pageArgs, Resolve: func(c *call, p any, args map[string]any) (any, error) {
			if !c.mayEditUser(usr(p)) {
				return nil, nil
			}
			roles := usr(p).Roles
			ids := make([]int, len(roles))
			nodes := make([]any, len(roles))
			for i, r := range roles {
				ids[i], nodes[i] = i, &role{r, wp.RegistryOf(c.Tx).Role(r)}
			}
			return connectionOf(ids, func(i int) any { return nodes[i] }, args)
		}},
		f("username", "String", func(c *call, p any, _ map[string]any) (any, error) {
			if c.mayEditUser(usr(p)) {
				return usr(p).Login, nil
			}
			return nil, nil
		}),
		f("email", "String", func(c *call, p any, _ map[string]any) (any, error) {
			if c.mayEditUser(usr(p)) {
				return usr(p).Email, nil
			}
			return nil, nil
		}),
		f("registeredDate", "String", func(c *call, p any, _ map[string]any) (any, error) {
			if c.mayEditUser(usr(p)) {
				return formatDate(usr(p).Registered), nil
			}
			return nil, nil
		}),
		{Name: "avatar", Type: "Avatar", Args: []argDecl{{Name: "size", Type: "Int", Default: "96"}, a("forceDefault", "Boolean"), a("rating", "AvatarRatingEnum")},
			Resolve: func(c *call, p any, args map[string]any) (any, error) {
				size := toInt(args["size"])
				return &avatar{url: wp.AvatarURL(c.site.Version, c.Home, usr(p).Email, size), size: size}, nil
			}},
		{Name: "posts", Type: "UserToPostConnection", Args: pageArgs, Resolve: func(c *call, p any, args map[string]any) (any, error) {
			return c.postsConnection(c.typesNamed("post"), map[string]any{"author": usr(p).ID}, args)
		}},
	}
}

func avatarDecls() []*typeDecl {
	av := func(p any) *avatar { return p.(*avatar) }
	return []*typeDecl{
		{Name: "Avatar", Kind: object, Fields: []*fieldDecl{
			f("url", "String", func(_ *call, p any, _ map[string]any) (any, error) { return av(p).url, nil }),
			f("width", "Int", func(_ *call, p any, _ map[string]any) (any, error) { return av(p).size, nil }),
			f("height", "Int", func(_ *call, p any, _ map[string]any) (any, error) { return av(p).size, nil }),
			f("size", "Int", func(_ *call, p any, _ map[string]any) (any, error) { return av(p).size, nil }),
			f("foundAvatar", "Boolean", constant(true)),
			f("isRestricted", "Boolean", constant(false)),
			f("default", "String", constant("mm")),
			f("forceDefault", "Boolean", constant(false)),
			f("rating", "String", constant("g")),
			f("scheme", "String", constant(nil)),
			f("extraAttr", "String", constant(nil)),
		}},
		{Name: "AvatarRatingEnum", Kind: enum, Values: []string{"G", "PG", "R", "X"}},
	}
}

// userIDTypes are UserNodeIdTypeEnum's values.
var userIDTypes = []string{"DATABASE_ID", "EMAIL", "ID", "SLUG", "URI", "USERNAME"}

func rootUserFields() []*fieldDecl {
	return []*fieldDecl{
		{Name: "user", Type: "User", Args: []argDecl{a("id", "ID!"), {Name: "idType", Type: "UserNodeIdTypeEnum"}},
			Resolve: func(c *call, _ any, args map[string]any) (any, error) {
				id := idArg(args["id"])
				var u *store.User
				switch idType, _ := args["idType"].(string); idType {
				case "DATABASE_ID":
					n, _ := strconv.Atoi(id)
					u = c.Tx.User(n)
				case "EMAIL", "USERNAME":
					if c.Actor == nil || !c.Actor.Can("list_users") {
						return nil, userErrorf("You do not have permission to request a User by %s", map[string]string{"EMAIL": "Email", "USERNAME": "Username"}[idType])
					}
					if u = c.Tx.UserByEmail(id); idType == "USERNAME" {
						u = c.Tx.UserByLogin(id)
					}
				case "SLUG":
					for _, x := range c.Tx.Users() {
						if x.Slug == id {
							u = x
						}
					}
				case "URI":
					u, _ = c.byURI(id).(*store.User)
				default:
					if kind, v := fromGlobalID(id); kind == kindUser {
						n, _ := strconv.Atoi(v)
						u = c.Tx.User(n)
					}
				}
				if u == nil {
					return nil, nil
				}
				return c.user(u.ID), nil
			}},
		{Name: "users", Type: "RootQueryToUserConnection", Args: append(append([]argDecl{}, pageArgs...), argDecl{Name: "where", Type: "RootQueryToUserConnectionWhereArgs"}),
			Resolve: func(c *call, _ any, args map[string]any) (any, error) {
				where, _ := args["where"].(map[string]any)
				list := c.queryUsers(where)
				ids := make([]int, len(list))
				for i, u := range list {
					ids[i] = u.ID
				}
				return connectionOf(ids, func(i int) any { return list[i] }, args)
			}},
		{Name: "viewer", Type: "User", Resolve: func(c *call, _ any, _ map[string]any) (any, error) {
			if c.Actor == nil {
				return nil, nil
			}
			return c.Tx.User(c.Actor.ID), nil
		}},
	}
}

// role is a UserRole node.
type role struct {
	name string
	r    *wp.Role
}

// capabilities are the user's capabilities as WPGraphQL lists them: allcaps' granted
// keys (the roles' capabilities, then the role names).
func (c *call) capabilities(u *store.User) []string {
	var out []string
	for _, m := range wp.RegistryOf(c.Tx).AllCaps(u.Roles) {
		if v, _ := m.Value.(bool); v {
			out = append(out, m.Key)
		}
	}
	return out
}

func roleDecls() []*typeDecl {
	rl := func(p any) *role { return p.(*role) }
	decls := []*typeDecl{{Name: "UserRole", Kind: object, Implements: []string{"Node"}, Fields: []*fieldDecl{
		f("id", "ID!", func(_ *call, p any, _ map[string]any) (any, error) { return globalID("user_role", rl(p).name), nil }),
		f("name", "String", func(_ *call, p any, _ map[string]any) (any, error) { return rl(p).name, nil }),
		f("displayName", "String", func(_ *call, p any, _ map[string]any) (any, error) {
			if rl(p).r == nil {
				return nil, nil
			}
			return rl(p).r.DisplayName, nil
		}),
		f("isRestricted", "Boolean", constant(false)),
	}}}
	return append(decls, connDecls("UserToUserRoleConnection", "UserRole")...)
}

// userOrders are UsersConnectionOrderbyEnum's keys.
var userOrders = map[string]func(u *store.User) string{
	"DISPLAY_NAME": func(u *store.User) string { return strings.ToLower(u.Name) },
	"EMAIL":        func(u *store.User) string { return strings.ToLower(u.Email) },
	"LOGIN":        func(u *store.User) string { return strings.ToLower(u.Login) },
	"NICE_NAME":    func(u *store.User) string { return u.Slug },
	"REGISTERED":   func(u *store.User) string { return u.Registered.Format(mysqlDate) },
	"URL":          func(u *store.User) string { return u.URL },
}

// queryUsers lists the users the caller may see that where asks, by login unless
// orderby says otherwise.
func (c *call) queryUsers(where map[string]any) []*store.User {
	include, exclude, roles := c.idSet(where["include"]), c.idSet(where["exclude"]), stringSet(where["roleIn"])
	login, _ := where["login"].(string)
	nicename, _ := where["nicename"].(string)
	search, _ := where["search"].(string)
	var list []*store.User
	for _, u := range c.Tx.Users() {
		switch {
		case !c.userVisible(u), include != nil && !include[u.ID], exclude[u.ID], login != "" && u.Login != login,
			nicename != "" && u.Slug != nicename,
			search != "" && !strings.Contains(strings.ToLower(u.Login+" "+u.Email+" "+u.URL+" "+u.Name+" "+u.Slug), strings.ToLower(strings.Trim(search, "*"))),
			roles != nil && !hasRole(u, roles):
			continue
		}
		list = append(list, u)
	}
	key, desc := userOrders["LOGIN"], false
	orderby, _ := where["orderby"].([]any)
	if o, ok := where["orderby"].(map[string]any); ok {
		orderby = []any{o}
	}
	if len(orderby) > 0 {
		if o, ok := orderby[0].(map[string]any); ok {
			if k := userOrders[fmtString(o["field"])]; k != nil {
				key = k
			}
			desc = fmtString(o["order"]) == "DESC"
		}
	}
	sortStable(list, func(a, b *store.User) bool {
		if desc {
			return key(a) > key(b)
		}
		return key(a) < key(b)
	})
	return list
}

func hasRole(u *store.User, roles map[string]bool) bool {
	for _, r := range u.Roles {
		if roles[upperSnake(r)] {
			return true
		}
	}
	return false
}

func userWhereDecls(reg *wp.Registry) []*typeDecl {
	var roles []string
	for _, r := range wp.RoleNames {
		roles = append(roles, upperSnake(r))
	}
	_ = reg
	return []*typeDecl{
		{Name: "UserRoleEnum", Kind: enum, Values: roles},
		{Name: "UsersConnectionOrderbyEnum", Kind: enum, Values: []string{"DISPLAY_NAME", "EMAIL", "LOGIN", "LOGIN_IN", "NICE_NAME", "NICE_NAME_IN", "REGISTERED", "URL"}},
		{Name: "UsersConnectionOrderbyInput", Kind: input, Fields: []*fieldDecl{f("field", "UsersConnectionOrderbyEnum!", nil), f("order", "OrderEnum", nil)}},
		{Name: "RootQueryToUserConnectionWhereArgs", Kind: input, Fields: []*fieldDecl{
			f("include", "[Int]", nil), f("exclude", "[Int]", nil), f("login", "String", nil), f("nicename", "String", nil),
			f("search", "String", nil), f("roleIn", "[UserRoleEnum]", nil), f("orderby", "[UsersConnectionOrderbyInput]", nil)}},
	}
}
