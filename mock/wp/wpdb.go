package wp

import (
	"fmt"
	"net/http"
	"strings"
	"unicode/utf8"

	"github.com/wpmock/wpmock/mock/store"
)

// What wpdb refuses to write. Before an insert or update, wpdb::process_fields
// measures every value against its column (process_field_lengths: characters for a
// varchar, bytes for a text column) and strips what the column's utf8mb4 charset cannot
// hold (strip_invalid_text); a value that either changes fails the whole query, and
// last_error names the fields. wp_insert_post and wp_insert_term turn that into
// db_insert_error / db_update_error; wp_update_term never looks, so its row keeps the
// old name and slug while the rest of the update goes through.

// Error codes of a failed query.
const (
	// CodeDBInsert: wp_insert_post or wp_insert_term could not insert the row.
	CodeDBInsert = "db_insert_error"
	// CodeDBUpdate: wp_insert_post could not update the row.
	CodeDBUpdate = "db_update_error"
)

// column is one column of a WordPress table as process_field_lengths measures it.
type column struct {
	name  string
	max   int  // characters (varchar) or bytes (text)
	bytes bool // a text column: the limit counts bytes
}

// The limits of the wp_posts and wp_terms columns the REST API writes client text to,
// in the order wp_insert_post lists its fields (the order last_error names them in).
// longtext holds 4 GiB, more than a request can carry: only its charset is checked.
// Slugs never reach wpdb too long: sanitize_title cuts them to 200 characters.
var (
	colPostContent  = column{"post_content", 1<<32 - 1, true}
	colPostTitle    = column{"post_title", 65535, true}
	colPostExcerpt  = column{"post_excerpt", 65535, true}
	colPostPassword = column{"post_password", 255, false}
	colTermName     = column{"name", 200, false}
)

// fits reports whether wpdb writes s to the column unchanged.
func (c column) fits(s string) bool {
	if !utf8.ValidString(s) {
		return false
	}
	if c.bytes {
		return len(s) <= c.max
	}
	return utf8.RuneCountInString(s) <= c.max
}

// colValue is a value bound for a column.
type colValue struct {
	col column
	val string
}

// misfits lists the columns whose values wpdb would refuse.
func misfits(values ...colValue) []string {
	var bad []string
	for _, v := range values {
		if !v.col.fits(v.val) {
			bad = append(bad, v.col.name)
		}
	}
	return bad
}

// lastError is wpdb's last_error after process_fields refused fields.
func lastError(fields []string) string {
	if len(fields) == 1 {
		return "WordPress database error: Processing the value for the following field failed: " + fields[0] +
			". The supplied value may be too long or contains invalid data."
	}
	return "WordPress database error: Processing the values for the following fields failed: " + strings.Join(fields, ", ") +
		". The supplied values may be too long or contain invalid data."
}

// PostRowError is what wp_insert_post returns when wpdb refuses the post's row:
// db_insert_error and db_update_error with status 500 (the attachments controller's
// create gives its db_insert_error 400), last_error its data (which the controller's
// add_data moves into additional_data). nil when the row fits. The noun is
// wp_insert_post's own test of the type.
func PostRowError(p *store.Post, create bool) *Error {
	bad := misfits(colValue{colPostContent, p.Content.String()}, colValue{colPostTitle, p.Title}, colValue{colPostExcerpt, p.Excerpt},
		colValue{colPostPassword, p.Password})
	if len(bad) == 0 {
		return nil
	}
	noun := "post"
	if p.Type == "attachment" {
		noun = "attachment"
	}
	e := &Error{Code: CodeDBUpdate, Message: fmt.Sprintf("Could not update %s in the database.", noun),
		Status: http.StatusInternalServerError, LastError: lastError(bad)}
	if create {
		e.Code, e.Message = CodeDBInsert, fmt.Sprintf("Could not insert %s into the database.", noun)
	}
	return e
}

// TermRowError is wp_insert_term's error when wpdb refuses the new term's row: its
// data is last_error itself, and no status.
func TermRowError(t *store.Term) *Error {
	bad := misfits(colValue{colTermName, t.Name})
	if len(bad) == 0 {
		return nil
	}
	return &Error{Code: CodeDBInsert, Message: "Could not insert term into the database.", LastError: lastError(bad)}
}

// TermRowFits reports whether wp_update_term's update of the wp_terms row (name, slug)
// goes through; when it does not, the row silently keeps its old values.
func TermRowFits(t *store.Term) bool { return colTermName.fits(t.Name) }
