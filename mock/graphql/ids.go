package graphql

import (
	"encoding/base64"
	"fmt"
	"strconv"
	"strings"
)

// WPGraphQL's opaque ids: a node's global id is base64 of "<type>:<database id>"
// (Relay::toGlobalId: "post" for every post type, "term", "user", "comment",
// "post_type", "taxonomy"), and a connection's cursor base64 of
// "arrayconnection:<database id>".

// Global id prefixes WPGraphQL's loaders use.
const (
	kindPost     = "post"
	kindTerm     = "term"
	kindUser     = "user"
	kindComment  = "comment"
	kindPostType = "post_type"
	kindTaxonomy = "taxonomy"
	// kindSettingGroup is a settings group's (SettingGroup model's).
	kindSettingGroup = "setting_group"
	// cursorPrefix is the prefix of a connection's cursors.
	cursorPrefix = "arrayconnection:"
)

// globalID is Relay::toGlobalId.
func globalID(kind string, id any) string {
	var s string
	switch x := id.(type) {
	case int:
		s = strconv.Itoa(x)
	case string:
		s = x
	}
	return base64.StdEncoding.EncodeToString([]byte(kind + ":" + s))
}

// fromGlobalID is Relay::fromGlobalId: the kind and the id ("" when it is not one).
func fromGlobalID(id string) (kind, value string) {
	b, err := base64.StdEncoding.DecodeString(id)
	if err != nil {
		return "", ""
	}
	kind, value, found := strings.Cut(string(b), ":")
	if !found {
		return "", ""
	}
	return kind, value
}

// cursor is a connection's cursor of a node.
func cursor(id int) string {
	return base64.StdEncoding.EncodeToString([]byte(cursorPrefix + strconv.Itoa(id)))
}

// cursorID is the database id a cursor names (0 when it names none).
func cursorID(c string) int {
	b, err := base64.StdEncoding.DecodeString(c)
	if err != nil {
		return 0
	}
	n, _ := strconv.Atoi(strings.TrimPrefix(string(b), cursorPrefix))
	return n
}

// idArg is an ID argument as a string: a variable may hold it as a JSON number.
func idArg(v any) string {
	switch x := v.(type) {
	case string:
		return x
	case nil:
		return ""
	case float64:
		return strconv.FormatFloat(x, 'f', -1, 64)
	}
	return fmt.Sprint(v)
}
