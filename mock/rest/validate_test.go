package rest

import (
	"encoding/json"
	"reflect"
	"testing"
)

// TestValidateMessages pins the messages of rest_validate_value_from_schema that
// clients see in data.params.
func TestValidateMessages(t *testing.T) {
	perPage := Int("per_page").Min(1).Max(100)
	page := Int("page").Min(1)
	order := Str("order").OneOfEnum("asc", "desc")
	ctx := Str("context").OneOfEnum("edit")
	include := Arr("include", Int(""))
	date := Str("after").Fmt("date-time")
	email := Str("email").Fmt("email")
	sticky := Bool("sticky")
	nullable := New("date", "string", "null")
	uniq := Arr("format", Str("")).Unique()
	for _, c := range []struct {
		s         *Schema
		v         any
		code, msg string
	}{
		{perPage, "101", CodeOutOfBounds, "per_page must be between 1 (inclusive) and 100 (inclusive)"},
		{perPage, "0", CodeOutOfBounds, "per_page must be between 1 (inclusive) and 100 (inclusive)"},
		{perPage, "abc", CodeInvalidType, "per_page is not of type integer."},
		{perPage, "10.5", CodeInvalidType, "per_page is not of type integer."},
		{page, "0", CodeOutOfBounds, "page must be greater than or equal to 1"},
		{order, "ASC", CodeNotInEnum, "order is not one of asc and desc."},
		{ctx, "view", CodeNotInEnum, "context is not edit."},
		{Str("orderby").OneOfEnum("a", "b", "c"), "d", CodeNotInEnum, "orderby is not one of a, b, and c."},
		{include, "a,b", CodeInvalidType, "include[0] is not of type integer."},
		{include, map[string]any{"x": "1"}, CodeInvalidType, "include is not of type array."},
		{date, "notadate", CodeInvalidDate, "Invalid date."},
		{email, "nope", CodeInvalidEmail, "Invalid email address."},
		{sticky, "yes", CodeInvalidType, "sticky is not of type boolean."},
		{nullable, json.Number("5"), CodeInvalidType, "date is not of type string,null."},
		{Str("title"), json.Number("5"), CodeInvalidType, "title is not of type string."},
		{uniq, "a,a", CodeDuplicateItems, "format has duplicate items."},
		{Str("author_ip").Fmt("ip"), "nope", "rest_invalid_ip", "author_ip is not a valid IP address."},
		{Str("author_ip").Fmt("ip"), "256.1.1.1", "rest_invalid_ip", "author_ip is not a valid IP address."},
	} {
		_, err := c.s.Validate(c.v, c.s.Name)
		if err == nil || err.Code != c.code || err.Message != c.msg {
			t.Errorf("%s=%v: got %v, want %s %q", c.s.Name, c.v, err, c.code, c.msg)
		}
	}
}

func TestValidateSanitises(t *testing.T) {
	for _, c := range []struct {
		s    *Schema
		v    any
		want any
	}{
		{Int("n"), "10", 10},
		{Int("n"), "10.0", 10},
		{Int("n"), "1e1", 10},
		{Int("n"), json.Number("7"), 7},
		{Bool("b"), "FALSE", false},
		{Bool("b"), "1", true},
		{Bool("b"), json.Number("0"), false},
		{Arr("ids", Int("")), "1, 2,3", []any{1, 2, 3}},
		{Arr("ids", Int("")), []any{"4", "5"}, []any{4, 5}},
		{New("date", "string", "null"), nil, nil},
	} {
		got, err := c.s.Validate(c.v, c.s.Name)
		if err != nil || !reflect.DeepEqual(got, c.want) {
			t.Errorf("%s=%#v: got %#v, %v; want %#v", c.s.Name, c.v, got, err, c.want)
		}
	}
}

func TestParseQueryLikePHP(t *testing.T) {
	p := ParseQuery("a=1&b[]=x&b[]=y&c[terms][]=3&c[operator]=AND&a=2&e=%20sp+ace")
	if !reflect.DeepEqual(p.Keys, []string{"a", "b", "c", "e"}) {
		t.Errorf("keys: got %v", p.Keys)
	}
	want := map[string]any{
		"a": "2",
		"b": []any{"x", "y"},
		"c": map[string]any{"terms": []any{"3"}, "operator": "AND"},
		"e": " sp ace",
	}
	if !reflect.DeepEqual(p.Values, want) {
		t.Errorf("values: got %#v, want %#v", p.Values, want)
	}
}

func TestParseDate(t *testing.T) {
	for s, ok := range map[string]bool{
		"2024-01-02T03:04:05": true, "2024-01-02 03:04:05": true, "2024-01-02T03:04:05Z": true,
		"2024-01-02T03:04:05+02:00": true, "2024-01-02T03:04:05.123": true,
		"2024-01-02": false, "notadate": false, "2024-01-02T03:04": false,
	} {
		if _, got := ParseDate(s); got != ok {
			t.Errorf("ParseDate(%q): got %v, want %v", s, got, ok)
		}
	}
	if tm, _ := ParseDate("2024-01-02T03:04:05+02:00"); FormatDate(tm) != "2024-01-02T01:04:05" {
		t.Errorf("offset not applied: %s", FormatDate(tm))
	}
}

// TestParseDateCarriesAsStrtotime pins issue 15: 2020-02-30 was refused, where
// rest_parse_date's strtotime carries it into March. The regex is WordPress's, so a
// lower-case z or a +hhmm offset is refused.
func TestParseDateCarriesAsStrtotime(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"2020-02-30T10:00:00", "2020-03-01T10:00:00"},
		{"2021-02-31 00:00:00", "2021-03-03T00:00:00"},
		{"2020-04-31T10:00:00", "2020-05-01T10:00:00"},
		{"2020-03-00T10:00:00", "2020-02-29T10:00:00"},
		{"2020-00-10T10:00:00", "2019-12-10T10:00:00"},
		{"2020-12-31T24:00:00", "2021-01-01T00:00:00"},
		{"2020-01-01T10:00:60", "2020-01-01T10:01:00"},
		{"2020-01-01T10:00:00.999", "2020-01-01T10:00:00"},
		{"2020-01-01T01:00:00+02", "2019-12-31T23:00:00"},
		{"2020-01-01T10:00:00\n", "2020-01-01T10:00:00"},
		{"2020-13-01T10:00:00", ""},
		{"2020-01-32T10:00:00", ""},
		{"2020-01-01T25:00:00", ""},
		{"2020-01-01T10:60:00", ""},
		{"2020-01-01T10:00:61", ""},
		{"2020-01-01T10:00:00z", ""},
		{"2020-01-01T10:00:00+0200", ""},
		{"2020-01-01T10:00:00\n\n", ""},
	} {
		tm, ok := ParseDate(c.in)
		got := ""
		if ok {
			got = FormatDate(tm)
		}
		if got != c.want {
			t.Errorf("ParseDate(%q) = %q, want %q", c.in, got, c.want)
		}
	}
	if tm, ok := ParseDate("0000-00-00T00:00:00"); !ok || tm.Year() != -1 || tm.Month() != 11 || tm.Day() != 30 {
		t.Errorf("ParseDate(0000-00-00T00:00:00) = %v, %v; want -0001-11-30 as strtotime", tm, ok)
	}
}

func TestListJoin(t *testing.T) {
	for _, c := range []struct {
		in   []string
		want string
	}{{[]string{"a"}, "a"}, {[]string{"a", "b"}, "a and b"}, {[]string{"a", "b", "c"}, "a, b, and c"}} {
		if got := listJoin(c.in); got != c.want {
			t.Errorf("listJoin(%v): got %q, want %q", c.in, got, c.want)
		}
	}
}
