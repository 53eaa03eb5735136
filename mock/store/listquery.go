package store

import "strings"

// The lists of the other tables (comments, users, terms), as the database runs the SQL
// WP_Comment_Query, WP_User_Query and WP_Term_Query write: a query in, a window and
// a total out. Package mock parses a request into the query, and decides what the
// LIMIT's start is for the offset and page asked.

// ListQuery is what the users and terms lists share: the window, the order, and
// include and exclude.
type ListQuery struct {
	// Start is the first row of the window (the LIMIT's offset), Size its length.
	Start, Size int
	// OrderBy is the REST orderby, Desc its direction.
	OrderBy string
	Desc    bool
	// Include are the ids asked (include), in their order for orderby=include, and
	// IncludeSet the same as a set (nil: any id). Exclude is nil whenever Include is
	// given: WP_User_Query and WP_Term_Query both drop it then.
	Include    []int
	IncludeSet map[int]bool
	Exclude    map[int]bool
}

// limit is the rows of hits in [start, start+size), as LIMIT cuts them.
func limit[T any](hits []T, start, size int) []T {
	if start < 0 || start >= len(hits) {
		return nil
	}
	return hits[start:min(start+size, len(hits))]
}

// CompareFold compares as MySQL's case-insensitive collations do, closely enough for
// the mock's data: letters without case, and ASCII's punctuation and symbols where
// utf8mb4_unicode_520_ci (the Unicode Collation Algorithm's table) puts them, before
// the digits and the letters and in its own order ("_" before "-": a slug
// zed_region-x sorts before zed-region-x, where byte order has them the other way).
func CompareFold(a, b string) int {
	a, b = strings.ToLower(a), strings.ToLower(b)
	for i := 0; i < len(a) && i < len(b); i++ {
		if a[i] != b[i] {
			return collationRank(a[i]) - collationRank(b[i])
		}
	}
	return len(a) - len(b)
}

// uca520Punctuation is ASCII's punctuation and symbols in the order
// utf8mb4_unicode_520_ci sorts them (read off MariaDB: ORDER BY each one after the
// same letter), all before the digits.
const uca520Punctuation = " `^_-,;:!?.'\"()[]{}@*/\\&#%+<=>|~$"

// collationRank is a byte's place in the collation: the punctuation by the table,
// then the digits and letters and any other byte in their byte order.
func collationRank(c byte) int {
	if i := strings.IndexByte(uca520Punctuation, c); i >= 0 {
		return i - len(uca520Punctuation) - 1
	}
	return int(c)
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
