package store

import (
	"sort"
	"strings"
)

// UserQuery is the WP_User_Query the users list runs.
type UserQuery struct {
	ListQuery
	Slugs []string // user_nicename IN, case-insensitive; nil is any
	// Search is the term without WordPress's added wildcards, lower case, looked for
	// in SearchCols (WP_User_Query's column names: ID, user_login, user_nicename,
	// user_email, user_url, display_name); nil SearchCols is no search. SearchID is the
	// term as MySQL reads it as a number, for ID = 'term' (SearchHasID: it reads one).
	Search      string
	SearchCols  []string
	SearchID    float64
	SearchHasID bool
	// Roles are the roles (and capability names) one of which a user must have
	// (role__in, capability__in); nil is any.
	Roles map[string]bool
	// LevelRoles, with who=authors, are the roles of a nonzero user_level, one of
	// which a user must have; nil is any.
	LevelRoles map[string]bool
	// Published are the authors of published posts (has_published_posts); nil is any.
	Published map[int]bool
}

// QueryUsers runs q: the window and the number of matches. The id order walks the
// table, which is in id order, without sorting.
func (tx *Tx) QueryUsers(q *UserQuery) (window []*User, total int) {
	all := tx.Users() // ascending id
	if q.OrderBy == "id" {
		for i := range all {
			u := all[i]
			if q.Desc {
				u = all[len(all)-1-i]
			}
			if !q.matches(u) {
				continue
			}
			if total >= q.Start && len(window) < q.Size {
				window = append(window, u)
			}
			total++
		}
		return window, total
	}
	var hits []*User
	for _, u := range all {
		if q.matches(u) {
			hits = append(hits, u)
		}
	}
	sort.SliceStable(hits, func(i, j int) bool { return q.less(hits[i], hits[j]) })
	return limit(hits, q.Start, q.Size), len(hits)
}

// matches reports whether a user passes every clause of the query.
func (q *UserQuery) matches(u *User) bool {
	if q.IncludeSet != nil && !q.IncludeSet[u.ID] || q.Exclude[u.ID] {
		return false
	}
	if q.Published != nil && !q.Published[u.ID] {
		return false
	}
	if q.LevelRoles != nil && !anyIn(u.Roles, q.LevelRoles) {
		return false
	}
	if q.Roles != nil && !anyIn(u.Roles, q.Roles) {
		return false
	}
	if len(q.Slugs) > 0 && indexFold(q.Slugs, u.Slug) < 0 {
		return false
	}
	if q.SearchCols != nil && !q.searchMatches(u) {
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

// searchMatches is WP_User_Query's search clause: LIKE '%term%' (case-insensitive)
// on the columns, and ID = 'term', which MySQL compares as the term's numeric prefix.
func (q *UserQuery) searchMatches(u *User) bool {
	for _, col := range q.SearchCols {
		var v string
		switch col {
		case "ID":
			if q.SearchHasID && q.SearchID == float64(u.ID) {
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
		if strings.Contains(strings.ToLower(v), q.Search) {
			return true
		}
	}
	return false
}

// less is WP_User_Query's ORDER BY. SQL leaves ties unordered; WordPress's MariaDB
// returns them by ascending id whatever the direction (observed on 6.1), and so does
// the mock.
func (q *UserQuery) less(a, b *User) bool {
	c := 0
	switch q.OrderBy {
	case "name":
		c = CompareFold(a.Name, b.Name)
	case "registered_date":
		c = a.Registered.Compare(b.Registered)
	case "slug":
		c = CompareFold(a.Slug, b.Slug)
	case "email":
		c = CompareFold(a.Email, b.Email)
	case "url":
		c = CompareFold(a.URL, b.URL)
	case "include":
		if len(q.Include) == 0 { // no FIELD() clause: WP_User_Query orders by user_login
			c = CompareFold(a.Login, b.Login)
		} else {
			c = rank(q.Include, a.ID) - rank(q.Include, b.ID)
		}
	case "include_slugs":
		// FIELD(user_nicename, ...) is always ascending: WordPress adds no direction
		if d := fieldPos(q.Slugs, a.Slug) - fieldPos(q.Slugs, b.Slug); d != 0 {
			return d < 0
		}
		return a.ID < b.ID
	}
	if c == 0 {
		return a.ID < b.ID
	}
	if q.Desc {
		return c > 0
	}
	return c < 0
}

// fieldPos is MySQL's FIELD(): 1-based position, 0 when absent.
func fieldPos(list []string, s string) int { return indexFold(list, s) + 1 }
