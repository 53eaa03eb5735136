package mock

import (
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/wpmock/wpmock/mock/rest"
	"github.com/wpmock/wpmock/mock/store"
	"github.com/wpmock/wpmock/mock/wp"
)

// The users collection query: get_items of the users controller and the
// WP_User_Query it builds.

// list is get_items: WP_User_Query over the users table, then the page's users the
// caller may see in the requested context. X-WP-Total counts every match.
func (res *users) list(r *rest.Request) (*rest.Response, *rest.Error) {
	tx := txOf(r)
	q := parseUserQuery(r, res.restTypes)
	all := tx.Users() // ascending id
	var window []*store.User
	total := 0
	// a negative offset makes WP_User_Query's LIMIT an SQL error: no rows, same total
	paged := q.offset >= 0
	if q.orderby == "id" {
		// already in id order: walk it (backwards for desc) without sorting
		for i := range all {
			u := all[i]
			if q.desc {
				u = all[len(all)-1-i]
			}
			if !q.matches(u) {
				continue
			}
			if paged && total >= q.offset && len(window) < q.perPage {
				window = append(window, u)
			}
			total++
		}
	} else {
		var hits []*store.User
		for _, u := range all {
			if q.matches(u) {
				hits = append(hits, u)
			}
		}
		sort.SliceStable(hits, func(i, j int) bool { return q.less(hits[i], hits[j]) })
		total = len(hits)
		if paged && q.offset < total {
			window = hits[q.offset:min(q.offset+q.perPage, total)]
		}
	}
	items := make([]any, 0, len(window))
	for _, u := range window {
		if r.Context() == rest.Edit && !canEditUser(r, u.ID) {
			continue
		}
		items = append(items, res.item.Answer(r, u))
	}
	resp := rest.OK(items)
	r.PaginateOffset(resp, "/"+Namespace+"/users", total, q.offset, q.perPage)
	return resp, nil
}

// userQuery is the WP_User_Query a /users request builds.
type userQuery struct {
	listQuery
	slugs       []string
	search      string   // without WordPress's added wildcards, lower case
	searchCols  []string // WP_User_Query column names
	searchID    float64  // the term as MySQL reads it as a number, for ID = 'term'
	searchHasID bool
	roles       map[string]bool
	authors     bool         // who=authors: user_level != 0
	published   map[int]bool // has_published_posts: authors of published posts
}

// parseUserQuery is get_items' mapping of the request onto WP_User_Query; restTypes
// are the version's REST post types.
func parseUserQuery(r *rest.Request, restTypes []string) *userQuery {
	q := &userQuery{listQuery: newListQuery(r)}
	q.slugs = r.Strings("slug")
	listUsers := can(r, "list_users")
	var publishedTypes []string
	if r.String("who") == "authors" {
		q.authors = true
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
		q.published = publishedAuthors(txOf(r), publishedTypes)
	}
	// who=authors zeroes WP_User_Query's blog id, which drops the role and
	// capability clauses: WordPress 6.1 ignores roles and capabilities then.
	if !q.authors {
		q.roles = roleFilter(r.Strings("roles"), r.Strings("capabilities"))
	}
	// get_items skips an empty search (PHP's empty() also holds for "0"), then wraps it
	// in "*" wildcards, which WP_User_Query turns into LIKE '%term%'.
	if raw := strings.TrimSpace(r.String("search")); raw != "" && raw != "0" {
		s := strings.Trim(raw, "*")
		q.search = strings.ToLower(s)
		q.searchCols = searchColumns(s, listUsers, r.Strings("search_columns"))
		n, err := strconv.ParseFloat(strings.TrimSpace(numPrefix.FindString(s)), 64)
		q.searchID, q.searchHasID = n, err == nil
	}
	return q
}

// roleFilter is role__in plus capability__in: the roles asked for, the roles having
// any of the capabilities, and the capability names themselves (which match users
// granted them directly, by WordPress's LIKE on the capabilities meta). nil: no filter.
func roleFilter(roles, caps []string) map[string]bool {
	if len(roles) == 0 && len(caps) == 0 {
		return nil
	}
	set := map[string]bool{}
	for _, role := range roles {
		set[role] = true
	}
	for _, role := range wp.RoleNames {
		for _, c := range wp.RoleCaps[role] {
			if slices.Contains(caps, c) {
				set[role] = true
				break
			}
		}
	}
	for _, c := range caps {
		set[c] = true
	}
	return set
}

// publishedAuthors are the authors of published posts of the given types.
func publishedAuthors(tx *store.Tx, types []string) map[int]bool {
	set := map[int]bool{}
	for _, u := range tx.Users() {
		for _, p := range tx.PostsByAuthor(u.ID) {
			if p.Status == "publish" && slices.Contains(types, p.Type) {
				set[u.ID] = true
				break
			}
		}
	}
	return set
}

var (
	numericRe = regexp.MustCompile(`^\s*[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?\s*$`)
	numPrefix = regexp.MustCompile(`^\s*[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?`)
	urlRe     = regexp.MustCompile(`^https?://`)
)

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
	case strings.Contains(s, "@"):
		return []string{"user_email"}
	case numericRe.MatchString(s):
		return []string{"user_login", "ID"}
	case urlRe.MatchString(s):
		return []string{"user_url"}
	}
	return []string{"user_login", "user_url", "user_email", "user_nicename", "display_name"}
}

// matches reports whether a user passes every clause of the query.
func (q *userQuery) matches(u *store.User) bool {
	if q.includeSet != nil && !q.includeSet[u.ID] || q.exclude[u.ID] {
		return false
	}
	if q.published != nil && !q.published[u.ID] {
		return false
	}
	if q.authors && wp.UserLevel(u.Roles) == 0 {
		return false
	}
	if q.roles != nil && !anyIn(u.Roles, q.roles) {
		return false
	}
	if len(q.slugs) > 0 && indexFold(q.slugs, u.Slug) < 0 {
		return false
	}
	if q.searchCols != nil && !q.searchMatches(u) {
		return false
	}
	return true
}

func anyIn(list []string, set map[string]bool) bool {
	for _, x := range list {
		if set[x] {
			return true
		}
	}
	return false
}

// indexFold is the position of s in list under MySQL's case-insensitive collation.
func indexFold(list []string, s string) int {
	for i, x := range list {
		if strings.EqualFold(x, s) {
			return i
		}
	}
	return -1
}

// searchMatches is WP_User_Query's search clause: LIKE '%term%' (case-insensitive)
// on the columns, and ID = 'term', which MySQL compares as the term's numeric prefix.
func (q *userQuery) searchMatches(u *store.User) bool {
	for _, col := range q.searchCols {
		var v string
		switch col {
		case "ID":
			if q.searchHasID && q.searchID == float64(u.ID) {
				return true
			}
			continue
		case "user_login":
			v = u.Login
		case "user_nicename":
			v = u.Slug
		case "display_name":
			v = u.Name
		case "user_email":
			v = u.Email
		case "user_url":
			v = u.URL
		}
		if strings.Contains(strings.ToLower(v), q.search) {
			return true
		}
	}
	return false
}

// less is WP_User_Query's ORDER BY. SQL leaves ties unordered; WordPress's MariaDB
// returns them by ascending id whatever the direction (observed on 6.1), and so does
// the mock.
func (q *userQuery) less(a, b *store.User) bool {
	c := 0
	switch q.orderby {
	case "name":
		c = compareFold(a.Name, b.Name)
	case "registered_date":
		c = a.Registered.Compare(b.Registered)
	case "slug":
		c = compareFold(a.Slug, b.Slug)
	case "email":
		c = compareFold(a.Email, b.Email)
	case "url":
		c = compareFold(a.URL, b.URL)
	case "include":
		if len(q.include) == 0 { // no FIELD() clause: WP_User_Query orders by user_login
			c = compareFold(a.Login, b.Login)
		} else {
			c = rank(q.include, a.ID) - rank(q.include, b.ID)
		}
	case "include_slugs":
		// FIELD(user_nicename, ...) is always ascending: WordPress adds no direction
		if d := fieldPos(q.slugs, a.Slug) - fieldPos(q.slugs, b.Slug); d != 0 {
			return d < 0
		}
		return a.ID < b.ID
	}
	if c == 0 {
		return a.ID < b.ID
	}
	if q.desc {
		return c > 0
	}
	return c < 0
}

// fieldPos is MySQL's FIELD(): 1-based position, 0 when absent.
func fieldPos(list []string, s string) int { return indexFold(list, s) + 1 }

// compareFold compares as MySQL's case-insensitive collations do, closely enough for
// the mock's data.
func compareFold(a, b string) int { return strings.Compare(strings.ToLower(a), strings.ToLower(b)) }
