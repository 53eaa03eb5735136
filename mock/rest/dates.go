package rest

import (
	"regexp"
	"strconv"
	"time"
)

// dateRe is rest_parse_date's regex, '#^\d{4}-\d{2}-\d{2}[Tt ]\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:Z|[+-]\d{2}(?::\d{2})?)?$#':
// an upper-case Z or a ±hh[:mm] offset only, and PCRE's "$" also matches before a
// final newline.
var dateRe = regexp.MustCompile(`^(\d{4})-(\d{2})-(\d{2})[Tt ](\d{2}):(\d{2}):(\d{2})(?:\.\d+)?(Z|[+-]\d{2}(?::\d{2})?)?\n?$`)

// ParseDate is rest_parse_date: the regex, then strtotime. strtotime (PHP's timelib)
// takes months 00-12, days 00-31, hours 00-24, minutes 00-59 and seconds 00-60 and
// carries what overflows, as time.Date does: 2020-02-30 is 2020-03-01, 24:00:00 the
// next midnight, month 00 the December before. It returns whole seconds, so a
// fraction is dropped. A string without an offset is read in UTC (the site timezone
// of the mock). The year may leave 1-9999; wp_insert_post refuses such a post date.
func ParseDate(s string) (time.Time, bool) {
	m := dateRe.FindStringSubmatch(s)
	if m == nil {
		return time.Time{}, false
	}
	var n [6]int
	for i := range n {
		n[i], _ = strconv.Atoi(m[i+1])
	}
	year, month, day, hour, minute, second := n[0], n[1], n[2], n[3], n[4], n[5]
	if month > 12 || day > 31 || hour > 24 || minute > 59 || second > 60 {
		return time.Time{}, false
	}
	offset := 0
	if z := m[7]; len(z) > 1 {
		h, _ := strconv.Atoi(z[1:3])
		mins := 0
		if len(z) == 6 {
			mins, _ = strconv.Atoi(z[4:6])
		}
		if h > 24 || mins > 59 {
			return time.Time{}, false
		}
		offset = h*3600 + mins*60
		if z[0] == '-' {
			offset = -offset
		}
	}
	t := time.Date(year, time.Month(month), day, hour, minute, second, 0, time.UTC)
	return t.Add(-time.Duration(offset) * time.Second), true
}

// DateLayout is mysql_to_rfc3339's output: no zone suffix.
const DateLayout = "2006-01-02T15:04:05"

// FormatDate prints a post date as WordPress does (2024-01-02T03:04:05).
func FormatDate(t time.Time) string { return t.Format(DateLayout) }

// FormatDateOffset prints gmdate('c') (2024-01-02T03:04:05+00:00), as users'
// registered_date uses.
func FormatDateOffset(t time.Time) string { return t.UTC().Format("2006-01-02T15:04:05+00:00") }
