package rest

import (
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"net"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/wpmock/wpmock/mock/wpfunc"
)

// Inner error codes of WordPress's schema validator (rest_validate_value_from_schema).
// They appear in data.details of a rest_invalid_param error.
const (
	// CodeInvalidType: the value is not of the declared type.
	CodeInvalidType = "rest_invalid_type"
	// CodeNotInEnum: the value is not one of the enum values.
	CodeNotInEnum = "rest_not_in_enum"
	// CodeOutOfBounds: a number outside minimum/maximum.
	CodeOutOfBounds = "rest_out_of_bounds"
	// CodeInvalidDate: a string that rest_parse_date rejects (format date-time).
	CodeInvalidDate = "rest_invalid_date"
	// CodeInvalidEmail: format email rejected by is_email.
	CodeInvalidEmail = "rest_invalid_email"
	// CodeTooShort / CodeTooLong: minLength / maxLength.
	CodeTooShort = "rest_too_short"
	CodeTooLong  = "rest_too_long"
	// CodeInvalidPattern: pattern mismatch.
	CodeInvalidPattern = "rest_invalid_pattern"
	// CodeDuplicateItems: uniqueItems violated.
	CodeDuplicateItems = "rest_duplicate_items"
	// CodeTooFewItems / CodeTooManyItems: minItems / maxItems.
	CodeTooFewItems  = "rest_too_few_items"
	CodeTooManyItems = "rest_too_many_items"
	// CodeAdditionalProperties: a key not declared where additionalProperties is false.
	CodeAdditionalProperties = "rest_additional_properties_forbidden"
	// CodePropertyRequired: a required property of an object is missing.
	CodePropertyRequired = "rest_property_required"
	// CodeNoMatchingSchema / CodeOneOfMultiple: oneOf failures.
	CodeNoMatchingSchema = "rest_no_matching_schema"
	CodeOneOfMultiple    = "rest_one_of_multiple_matches"
)

func invalidType(param, typ string) *Error {
	return &Error{Code: CodeInvalidType, Message: fmt.Sprintf("%s is not of type %s.", param, typ),
		Data: Object{{"param", param}}}
}

func issue(code, format string, args ...any) *Error {
	return &Error{Code: code, Message: fmt.Sprintf(format, args...)}
}

// Validate checks v against the schema as rest_validate_value_from_schema does and, if
// it passes, returns it sanitised as rest_sanitize_value_from_schema would: integers as
// int, numbers as float64, booleans as bool, arrays as []any, objects as map[string]any.
func (s *Schema) Validate(v any, param string) (any, *Error) {
	if s.OneOf != nil {
		return s.validateOneOf(v, param)
	}
	typ := s.Type()
	if typ == "" && len(s.Types) > 1 {
		typ = bestType(v, s.Types)
		if typ == "" {
			return nil, invalidType(param, strings.Join(s.Types, ","))
		}
	}
	var out any
	var err *Error
	switch typ {
	case "null":
		if v != nil {
			return nil, invalidType(param, "null")
		}
	case "boolean":
		if !isBoolean(v) {
			return nil, invalidType(param, "boolean")
		}
		out = toBool(v)
	case "integer", "number":
		out, err = s.validateNumber(v, param, typ)
	case "string":
		out, err = s.validateString(v, param)
	case "array":
		out, err = s.validateArray(v, param)
	case "object":
		out, err = s.validateObject(v, param)
	default:
		out = v
	}
	if err != nil {
		return nil, err
	}
	if len(s.Enum) > 0 && !s.inEnum(out) {
		return nil, s.enumError(param)
	}
	if s.Format != "" && (typ == "string" || typ == "") {
		if str, ok := out.(string); ok {
			if err := checkFormat(s.Format, str, param); err != nil {
				return nil, err
			}
		}
	}
	return out, nil
}

func (s *Schema) validateNumber(v any, param, typ string) (any, *Error) {
	f, ok := numeric(v)
	if !ok {
		return nil, invalidType(param, typ)
	}
	if err := s.checkBounds(f, param); err != nil {
		return nil, err
	}
	if typ == "integer" {
		if math.Round(f) != f { // rest_is_integer; round(INF) === INF passes too
			return nil, invalidType(param, "integer")
		}
		// rest_sanitize_value_from_schema's (int): "99999999999999999999" saturates
		// at PHP_INT_MAX, a JSON 1e20 wraps, "1e400" is 0 (see wpfunc.IntVal)
		return wpfunc.IntVal(v), nil
	}
	return f, nil
}

func (s *Schema) checkBounds(f float64, param string) *Error {
	min, max := s.Minimum, s.Maximum
	switch {
	case min != nil && max == nil:
		if s.ExclusiveMin && f <= *min {
			return issue(CodeOutOfBounds, "%s must be greater than %d", param, int(*min))
		}
		if !s.ExclusiveMin && f < *min {
			return issue(CodeOutOfBounds, "%s must be greater than or equal to %d", param, int(*min))
		}
	case max != nil && min == nil:
		if s.ExclusiveMax && f >= *max {
			return issue(CodeOutOfBounds, "%s must be less than %d", param, int(*max))
		}
		if !s.ExclusiveMax && f > *max {
			return issue(CodeOutOfBounds, "%s must be less than or equal to %d", param, int(*max))
		}
	case min != nil && max != nil:
		lo := f < *min || (s.ExclusiveMin && f == *min)
		hi := f > *max || (s.ExclusiveMax && f == *max)
		if lo || hi {
			return issue(CodeOutOfBounds, "%s must be between %d (%s) and %d (%s)", param,
				int(*min), inclusive(s.ExclusiveMin), int(*max), inclusive(s.ExclusiveMax))
		}
	}
	return nil
}

func inclusive(exclusive bool) string {
	if exclusive {
		return "exclusive"
	}
	return "inclusive"
}

func (s *Schema) validateString(v any, param string) (any, *Error) {
	str, ok := v.(string)
	if !ok {
		return nil, invalidType(param, "string")
	}
	n := utf8.RuneCountInString(str)
	if s.MinLength != nil && n < *s.MinLength {
		return nil, issue(CodeTooShort, "%s must be at least %d %s long.", param, *s.MinLength, plural(*s.MinLength, "character"))
	}
	if s.MaxLength != nil && n > *s.MaxLength {
		return nil, issue(CodeTooLong, "%s must be at most %d %s long.", param, *s.MaxLength, plural(*s.MaxLength, "character"))
	}
	if s.Pattern != "" {
		if re, err := regexp.Compile(s.Pattern); err == nil && !re.MatchString(str) {
			return nil, issue(CodeInvalidPattern, "%s does not match pattern %s.", param, s.Pattern)
		}
	}
	return str, nil
}

func plural(n int, word string) string {
	if n == 1 {
		return word
	}
	return word + "s"
}

func (s *Schema) validateArray(v any, param string) (any, *Error) {
	list, ok := toList(v)
	if !ok {
		return nil, invalidType(param, "array")
	}
	out := make([]any, len(list))
	for i, item := range list {
		if s.Items == nil {
			out[i] = item
			continue
		}
		x, err := s.Items.Validate(item, fmt.Sprintf("%s[%d]", param, i))
		if err != nil {
			return nil, err
		}
		out[i] = x
	}
	if s.MinItems != nil && len(out) < *s.MinItems {
		return nil, issue(CodeTooFewItems, "%s must contain at least %d %s.", param, *s.MinItems, plural(*s.MinItems, "item"))
	}
	if s.MaxItems != nil && len(out) > *s.MaxItems {
		return nil, issue(CodeTooManyItems, "%s must contain at most %d %s.", param, *s.MaxItems, plural(*s.MaxItems, "item"))
	}
	if s.UniqueItems && hasDuplicates(out) {
		return nil, issue(CodeDuplicateItems, "%s has duplicate items.", param)
	}
	return out, nil
}

func hasDuplicates(list []any) bool {
	seen := make(map[string]bool, len(list))
	for _, x := range list {
		k := fmt.Sprint(x)
		if seen[k] {
			return true
		}
		seen[k] = true
	}
	return false
}

// validateObject is rest_validate_object_value_from_schema with the sanitizing of
// rest_sanitize_value_from_schema: rest_is_object takes "", a map, an ordered Object
// (a PHP array read back from meta) and a list (its keys "0", "1", ...); the
// required properties are checked first, then each key in the value's order against
// its property, a matching patternProperties schema or additionalProperties; then the
// number of keys. A map comes out a map; the others an Object in their order, keys
// additionalProperties false would drop left out.
func (s *Schema) validateObject(v any, param string) (any, *Error) {
	var in Object
	asMap := false
	switch x := v.(type) {
	case map[string]any:
		in, asMap = wpfunc.SortedObject(x), true
	case Object:
		in = x
	case []any:
		in = make(Object, len(x))
		for i, e := range x {
			in[i] = Member{Key: strconv.Itoa(i), Value: e}
		}
	case string:
		if x != "" { // rest_is_object accepts "" as an empty object
			return nil, invalidType(param, "object")
		}
		in, asMap = Object{}, true
	default:
		return nil, invalidType(param, "object")
	}
	if err := s.checkRequired(in, param); err != nil {
		return nil, err
	}
	out := make(Object, 0, len(in))
	for _, m := range in {
		ps := s.Prop(m.Key)
		if ps == nil {
			ps = s.patternProperty(m.Key)
		}
		if ps == nil && s.AdditionalProperties != nil && !*s.AdditionalProperties {
			return nil, issue(CodeAdditionalProperties, "%s is not a valid property of Object.", m.Key)
		}
		if ps == nil {
			ps = s.AdditionalSchema
		}
		y := m.Value
		if ps != nil {
			var err *Error
			if y, err = ps.Validate(m.Value, param+"["+m.Key+"]"); err != nil {
				return nil, err
			}
		}
		out = append(out, Member{Key: m.Key, Value: y})
	}
	if s.MinProperties != nil && len(out) < *s.MinProperties {
		return nil, issue("rest_too_few_properties", "%s must contain at least %d %s.", param, *s.MinProperties, pluralProperty(*s.MinProperties))
	}
	if s.MaxProperties != nil && len(out) > *s.MaxProperties {
		return nil, issue("rest_too_many_properties", "%s must contain at most %d %s.", param, *s.MaxProperties, pluralProperty(*s.MaxProperties))
	}
	if asMap {
		m := make(map[string]any, len(out))
		for _, x := range out {
			m[x.Key] = x.Value
		}
		return m, nil
	}
	return out, nil
}

func pluralProperty(n int) string {
	if n == 1 {
		return "property"
	}
	return "properties"
}

// checkRequired: the names required lists (version 4), else the properties marked
// required (version 3), each a key of the value.
func (s *Schema) checkRequired(in Object, param string) *Error {
	has := func(name string) bool { _, ok := in.Get(name); return ok }
	if s.RequiredNames != nil {
		for _, name := range s.RequiredNames {
			if !has(name) {
				return issue(CodePropertyRequired, "%s is a required property of %s.", name, param)
			}
		}
		return nil
	}
	for _, p := range s.Properties {
		if p.Required && !has(p.Name) {
			return issue(CodePropertyRequired, "%s is a required property of %s.", p.Name, param)
		}
	}
	return nil
}

// patternProperty is rest_find_matching_pattern_property_schema: the first
// patternProperties schema whose pattern matches the key.
func (s *Schema) patternProperty(key string) *Schema {
	for _, p := range s.PatternProperties {
		if re, err := regexp.Compile(p.Name); err == nil && re.MatchString(key) {
			return p
		}
	}
	return nil
}

// validateOneOf follows rest_find_one_matching_schema: exactly one alternative must
// accept the value.
func (s *Schema) validateOneOf(v any, param string) (any, *Error) {
	var matched []any
	var firstErr *Error
	for _, alt := range s.OneOf {
		x, err := alt.Validate(v, param)
		if err != nil {
			if firstErr == nil {
				firstErr = err
			}
			continue
		}
		matched = append(matched, x)
	}
	switch len(matched) {
	case 1:
		return matched[0], nil
	case 0:
		if len(s.OneOf) == 1 {
			return nil, firstErr
		}
		return nil, &Error{Code: CodeNoMatchingSchema, Message: fmt.Sprintf("%s does not match any of the expected formats.", param)}
	default:
		return nil, &Error{Code: CodeOneOfMultiple, Message: fmt.Sprintf("%s matches more than one of the expected formats.", param)}
	}
}

func (s *Schema) inEnum(v any) bool {
	for _, e := range s.Enum {
		if valuesEqual(v, e) {
			return true
		}
	}
	return false
}

func valuesEqual(a, b any) bool {
	// the common case, a string argument against a string enum, without formatting
	if as, ok := a.(string); ok {
		if bs, ok := b.(string); ok {
			return as == bs
		}
	}
	if fa, ok := numeric(a); ok {
		if fb, ok := numeric(b); ok {
			_, aStr := a.(string)
			_, bStr := b.(string)
			if !aStr && !bStr {
				return fa == fb
			}
		}
	}
	return fmt.Sprint(a) == fmt.Sprint(b)
}

func (s *Schema) enumError(param string) *Error {
	vals := make([]string, len(s.Enum))
	for i, e := range s.Enum {
		vals[i] = fmt.Sprint(e)
	}
	if len(vals) == 1 {
		return issue(CodeNotInEnum, "%s is not %s.", param, vals[0])
	}
	return issue(CodeNotInEnum, "%s is not one of %s.", param, listJoin(vals))
}

// listJoin is wp_sprintf's %l: "a", "a and b", "a, b, and c".
func listJoin(items []string) string {
	switch len(items) {
	case 0:
		return ""
	case 1:
		return items[0]
	case 2:
		return items[0] + " and " + items[1]
	}
	return strings.Join(items[:len(items)-1], ", ") + ", and " + items[len(items)-1]
}

var emailRe = regexp.MustCompile(`^[a-zA-Z0-9!#$%&'*+/=?^_` + "`" + `{|}~.-]+@[a-zA-Z0-9-]+(\.[a-zA-Z0-9-]+)+$`)

func checkFormat(format, s, param string) *Error {
	switch format {
	case "date-time":
		if _, ok := ParseDate(s); !ok {
			return issue(CodeInvalidDate, "Invalid date.")
		}
	case "email":
		if len(s) < 6 || !emailRe.MatchString(s) {
			return issue(CodeInvalidEmail, "Invalid email address.")
		}
	case "ip":
		if !isIPAddress(s) {
			return issue("rest_invalid_ip", "%s is not a valid IP address.", param)
		}
	case "hex-color":
		if !hexColorRe.MatchString(s) {
			return issue("rest_invalid_hex_color", "Invalid hex color.")
		}
	case "uuid":
		if !uuidRe.MatchString(s) {
			return issue("rest_invalid_uuid", "%s is not a valid UUID.", param)
		}
	}
	return nil
}

// hexColorRe is rest_parse_hex_color's pattern.
var hexColorRe = regexp.MustCompile(`^#([A-Fa-f0-9]{3}){1,2}$`)

// ipv4Re is rest_is_ip_address's IPv4 pattern (it allows leading zeros).
var ipv4Re = regexp.MustCompile(`^(?:(?:25[0-5]|2[0-4][0-9]|[01]?[0-9][0-9]?)\.){3}(?:25[0-5]|2[0-4][0-9]|[01]?[0-9][0-9]?)$`)

// isIPAddress is rest_is_ip_address: its IPv4 pattern, or an IPv6 address
// (Requests' Ipv6::check_ipv6).
func isIPAddress(s string) bool {
	if ipv4Re.MatchString(s) {
		return true
	}
	return strings.Contains(s, ":") && net.ParseIP(s) != nil
}

var uuidRe = regexp.MustCompile(`^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$`)

// numericRe is PHP 8's is_numeric for strings.
var numericRe = regexp.MustCompile(`^[ \t\n\r\v\f]*[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?[ \t\n\r\v\f]*$`)

// numeric is PHP's is_numeric plus the conversion to a float.
func numeric(v any) (float64, bool) {
	switch x := v.(type) {
	case int:
		return float64(x), true
	case int64:
		return float64(x), true
	case float64:
		return x, true
	case json.Number:
		return parseFloat(string(x))
	case string:
		if !numericRe.MatchString(x) {
			return 0, false
		}
		return parseFloat(strings.TrimSpace(x))
	}
	return 0, false
}

// parseFloat reads a well-formed number as PHP does: one past the float range is
// ±INF (is_numeric("1e400") holds), not an error.
func parseFloat(s string) (float64, bool) {
	f, err := strconv.ParseFloat(s, 64)
	return f, err == nil || errors.Is(err, strconv.ErrRange)
}

// isBoolean is rest_is_boolean.
func isBoolean(v any) bool {
	switch x := v.(type) {
	case bool:
		return true
	case string:
		switch strings.ToLower(x) {
		case "true", "false", "0", "1":
			return true
		}
	case int:
		return x == 0 || x == 1
	case json.Number:
		return x == "0" || x == "1"
	}
	return false
}

// toBool is rest_sanitize_boolean.
func toBool(v any) bool {
	switch x := v.(type) {
	case bool:
		return x
	case string:
		l := strings.ToLower(x)
		return l != "false" && l != "0" && l != ""
	case int:
		return x != 0
	case json.Number:
		return x != "0"
	}
	return v != nil
}

var listSplit = regexp.MustCompile(`[\s,]+`)

// toList is rest_is_array + rest_sanitize_array: a list, or a scalar split by
// wp_parse_list on commas and white space.
func toList(v any) ([]any, bool) {
	switch x := v.(type) {
	case []any:
		return x, true
	case string:
		return splitList(x), true
	case json.Number:
		return []any{string(x)}, true
	case bool:
		if x {
			return []any{"1"}, true
		}
		return []any{}, true
	case int:
		return []any{strconv.Itoa(x)}, true
	case map[string]any:
		// A PHP array whose keys are all integers is a list (wp_is_numeric_array), and
		// rest_sanitize_array keeps its values (array_values): a[0]=x&a[5]=y is [x, y].
		// PHP keeps the order the keys arrived in; a Go map has none, so the values
		// are taken in key order, the same for every list built as a[0]=..&a[1]=...
		keys := make([]int64, 0, len(x))
		for k := range x {
			n, ok := phpIntKey(k)
			if !ok {
				return nil, false
			}
			keys = append(keys, n)
		}
		slices.Sort(keys)
		out := make([]any, len(keys))
		for i, n := range keys {
			out[i] = x[strconv.FormatInt(n, 10)]
		}
		return out, true
	}
	return nil, false
}

// phpIntKey reports whether PHP stores the array key k as an integer: a decimal
// integer without a sign "+", leading zeros or spaces, within the integer range
// ("5" and "-1" are integers, "05", "+5", " 5" and "-0" stay strings).
func phpIntKey(k string) (int64, bool) {
	if k == "0" {
		return 0, true
	}
	digits := strings.TrimPrefix(k, "-")
	if digits == "" || digits[0] < '1' || digits[0] > '9' {
		return 0, false
	}
	for _, c := range digits {
		if c < '0' || c > '9' {
			return 0, false
		}
	}
	n, err := strconv.ParseInt(k, 10, 64)
	return n, err == nil
}

func splitList(s string) []any {
	parts := listSplit.Split(s, -1)
	out := make([]any, 0, len(parts))
	for _, p := range parts {
		if p != "" {
			out = append(out, p)
		}
	}
	return out
}

// bestType is rest_get_best_type_for_value.
func bestType(v any, types []string) string {
	if str, ok := v.(string); ok && str == "" && slices.Contains(types, "string") {
		return "string"
	}
	checks := []struct {
		typ string
		ok  func(any) bool
	}{
		{"array", func(v any) bool { _, ok := toList(v); return ok }},
		{"object", func(v any) bool { _, ok := v.(map[string]any); s, isStr := v.(string); return ok || (isStr && s == "") }},
		{"integer", func(v any) bool { f, ok := numeric(v); return ok && math.Round(f) == f }},
		{"number", func(v any) bool { _, ok := numeric(v); return ok }},
		{"boolean", isBoolean},
		{"string", func(v any) bool { _, ok := v.(string); return ok }},
		{"null", func(v any) bool { return v == nil }},
	}
	// The schema's own type order decides, as rest_get_best_type_for_value walks $types:
	// ["boolean","array"] reads "true" as a boolean, not as the list ["true"].
	for _, t := range types {
		for _, c := range checks {
			if c.typ == t && c.ok(v) {
				return t
			}
		}
	}
	return ""
}
