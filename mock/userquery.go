package mock

import (
	"math"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/wpmock/wpmock/mock/rest"
	"github.com/wpmock/wpmock/mock/store"
	"github.com/wpmock/wpmock/mock/wp"
)

// The users collection query: get_items of the users controller and the
// WP_User_Query it builds (store.UserQuery, run by the store).

// list is get_items: WP_User_Query over the users table (run by the store), then the
// page's users the caller may see in the requested context. X-WP-Total counts every
// match.
func (res *users) list(r *rest.Request) (*rest.Response, *rest.Error) {
	q, offset := parseUserQuery(r, res.restTypes)
	window, total := txOf(r).QueryUsers(q)
	items := make([]any, 0, len(window))
	for _, u := range window {
		if r.Context() == rest.Edit && !canEditUser(r, u.ID) {
			continue
		}
		items = append(items, res.item.Answer(r, u))
	}
	resp := rest.OK(items)
	r.PaginateOffset(resp, "/"+Namespace+"/users", total, offset, q.Size)
	return resp, nil
}

// parseUserQuery is get_items' mapping of the request onto WP_User_Query, and the
// offset asked; restTypes are the version's REST post types.
func parseUserQuery(r *rest.Request, restTypes []string) (*store.UserQuery, int) {
	list, offset := newListQuery(r)
	q := &store.UserQuery{ListQuery: list}
	q.Start = offset
	if offset < 0 {
		// a negative offset makes WP_User_Query's LIMIT an SQL error: no rows, same total
		q.Start = math.MaxInt
	}
	q.Slugs = r.Strings("slug")
	listUsers := can(r, "list_users")
	var publishedTypes []string
	if r.String("who") == "authors" {
		q.LevelRoles = wp.AuthorRoles(registry(r))
	} else if !listUsers {
		publishedTypes = restTypes
	}
	switch v := r.Param("has_published_posts").(type) {
	case bool:
		if v {
			publishedTypes = restTypes
		}
	case []any:
		if len(v) > 0 {
			publishedTypes = r.Strings("has_published_posts")
		}
	}
	if publishedTypes != nil {
		q.Published = wp.PublishedAuthors(txOf(r), publishedTypes)
	}
	// who=authors zeroes WP_User_Query's blog id, which drops the role and
	// capability clauses: WordPress 6.1 ignores roles and capabilities then.
	if q.LevelRoles == nil {
		q.Roles = wp.RoleFilter(registry(r), r.Strings("roles"), r.Strings("capabilities"))
	}
	// get_items skips an empty search (PHP's empty() also holds for "0"), then wraps it
	// in "*" wildcards, which WP_User_Query turns into LIKE '%term%'.
	if raw := strings.TrimSpace(r.String("search")); raw != "" && raw != "0" {
		s := strings.Trim(raw, "*")
		q.Search = strings.ToLower(s)
		q.SearchCols = searchColumns(s, listUsers, r.Strings("search_columns"))
		n, err := strconv.ParseFloat(strings.TrimSpace(numPrefix.FindString(s)), 64)
		q.SearchID, q.SearchHasID = n, err == nil
	}
	return q, offset
}

var numPrefix = regexp.MustCompile(`^\s*[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?`)

// userSearchColumnArgs are the values of search_columns (6.8) and the WP_User_Query
// columns they name.
var (
	userSearchColumnArgs = []string{"email", "name", "id", "username", "slug"}
	userSearchColumnOf   = map[string]string{"id": "ID", "username": "user_login", "slug": "user_nicename",
		"email": "user_email", "name": "display_name"}
)

// searchColumns are the columns WP_User_Query searches. get_items fixes them for
// callers without list_users; the columns search_columns asks for (6.8) replace them
// when the caller may search them (no email without list_users); otherwise
// WP_User_Query chooses from the term's look.
func searchColumns(s string, listUsers bool, asked []string) []string {
	valid := []string{"ID", "user_login", "user_nicename", "user_email", "display_name"}
	if !listUsers {
		valid = []string{"ID", "user_login", "user_nicename", "display_name"}
	}
	var cols []string
	for _, a := range asked {
		if c := userSearchColumnOf[a]; slices.Contains(valid, c) {
			cols = append(cols, c)
		}
	}
	switch {
	case len(cols) > 0:
		return cols
	case !listUsers:
		return valid
	}
	return wp.UserSearchColumns(s)
}
