package rest

import (
	"regexp"
	"time"
)

// dateRe is the format rest_parse_date accepts (RFC 3339 with an optional offset, a
// space allowed for the T, fractions allowed).
var dateRe = regexp.MustCompile(`^\d{4}-\d{2}-\d{2}[Tt ]\d{2}:\d{2}:\d{2}(\.\d+)?([Zz]|[+-]\d{2}(:?\d{2})?)?$`)

// ParseDate is rest_parse_date: the instant, and whether the string is a valid date.
// A string without an offset is read in UTC (the site timezone of the mock).
func ParseDate(s string) (time.Time, bool) {
	if !dateRe.MatchString(s) {
		return time.Time{}, false
	}
	b := []byte(s)
	b[10] = 'T'
	s = string(b)
	layouts := []string{"2006-01-02T15:04:05.999999999Z07:00", "2006-01-02T15:04:05.999999999Z0700",
		"2006-01-02T15:04:05.999999999Z07", "2006-01-02T15:04:05.999999999"}
	for _, l := range layouts {
		if t, err := time.Parse(l, s); err == nil {
			return t.UTC(), true
		}
	}
	return time.Time{}, false
}

// DateLayout is mysql_to_rfc3339's output: no zone suffix.
const DateLayout = "2006-01-02T15:04:05"

// FormatDate prints a post date as WordPress does (2024-01-02T03:04:05).
func FormatDate(t time.Time) string { return t.Format(DateLayout) }

// FormatDateOffset prints gmdate('c') (2024-01-02T03:04:05+00:00), as users'
// registered_date uses.
func FormatDateOffset(t time.Time) string { return t.UTC().Format("2006-01-02T15:04:05+00:00") }
