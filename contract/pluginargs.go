package contract

import (
	"fmt"
	"math"
	"net/mail"
	"net/netip"
	"regexp"
	"regexp/syntax"
	"slices"
	"strconv"
	"strings"
	"time"
)

// A plugin route's published arguments, as WordPress validates them: WP_REST_Request's
// has_valid_params (the required ones first: rest_missing_callback_param), then
// sanitize_params, which runs rest_parse_request_arg on every argument that has a type,
// the route's defaults included (a default that fails its own schema fails every
// request: rest_invalid_param), through rest_validate_value_from_schema. The suite
// makes, from an argument's schema alone, a value WordPress accepts and values it
// refuses, each with the code rest_validate_value_from_schema gives it.

// The codes rest_validate_value_from_schema gives, in the details of a
// rest_invalid_param error (data.details.<arg>.code).
const (
	codeInvalidType    = "rest_invalid_type"           // the value is not of the argument's type
	codeNotInEnum      = "rest_not_in_enum"            // the value is not one of the enum's
	codeOutOfBounds    = "rest_out_of_bounds"          // below minimum or above maximum
	codeInvalidPattern = "rest_invalid_pattern"        // a string the pattern does not match
	codeTooShort       = "rest_too_short"              // a string shorter than minLength
	codeTooLong        = "rest_too_long"               // a string longer than maxLength
	codeMissingParam   = "rest_missing_callback_param" // a required argument is missing (has_valid_params)
	codeInvalidParam   = "rest_invalid_param"          // an argument fails its schema (sanitize_params)
)

// formatCodes are the formats rest_validate_value_from_schema checks on a string, with
// the code of a value that is not one, and a value that is.
var formatCodes = map[string][2]string{
	"email":     {"rest_invalid_email", "wpcontract@example.com"},
	"date-time": {"rest_invalid_date", "2024-01-02T03:04:05"},
	"uuid":      {"rest_invalid_uuid", "123e4567-e89b-12d3-a456-426614174000"},
	"hex-color": {"rest_invalid_hex_color", "#a1b2c3"},
	"ip":        {"rest_invalid_ip", "127.0.0.1"},
}

// argRefusal is a value an argument's schema refuses, and the code WordPress gives.
type argRefusal struct {
	what  string // names the refusal in a rule id: type, enum, minimum, maximum, pattern, format, minlength, maxlength
	value any
	code  string
}

// refusals are the values the schema refuses, one per constraint it declares; a
// string's type only where the value travels as JSON (a query string is all strings).
func refusals(schema map[string]any, asJSON bool) []argRefusal {
	typ, _ := schema["type"].(string)
	var out []argRefusal
	switch typ {
	case "integer", "number", "boolean":
		out = append(out, argRefusal{"type", "wpcontract", codeInvalidType})
	case "string":
		if asJSON {
			out = append(out, argRefusal{"type", []any{1}, codeInvalidType})
		}
	default:
		return nil // arrays, objects, several types: not judged here
	}
	if _, ok := schema["enum"].([]any); ok && typ == "string" {
		out = append(out, argRefusal{"enum", "wpcontract-not-listed", codeNotInEnum})
	}
	if typ == "integer" || typ == "number" {
		if m, ok := schema["minimum"].(float64); ok {
			out = append(out, argRefusal{"minimum", math.Floor(m) - 1, codeOutOfBounds})
		}
		if m, ok := schema["maximum"].(float64); ok {
			out = append(out, argRefusal{"maximum", math.Ceil(m) + 1, codeOutOfBounds})
		}
	}
	if typ != "string" {
		return out
	}
	if p, ok := schema["pattern"].(string); ok {
		if re, err := regexp.Compile(p); err == nil {
			for _, v := range []string{"!", "wpcontract !", "0", "WPCONTRACT"} {
				if !re.MatchString(v) && validate(withoutKey(schema, "pattern"), v) == "" {
					out = append(out, argRefusal{"pattern", v, codeInvalidPattern})
					break
				}
			}
		}
	}
	if f, ok := formatCodes[stringAt(schema, "format")]; ok {
		out = append(out, argRefusal{"format", "wpcontract not one", f[0]})
	}
	if n, ok := schema["minLength"].(float64); ok && n > 0 {
		out = append(out, argRefusal{"minlength", strings.Repeat("a", int(n)-1), codeTooShort})
	}
	if n, ok := schema["maxLength"].(float64); ok {
		out = append(out, argRefusal{"maxlength", strings.Repeat("a", int(n)+1), codeTooLong})
	}
	// keep only those refused for the constraint named (a too-long value that also
	// breaks the pattern would be refused for the pattern first)
	return slices.DeleteFunc(out, func(r argRefusal) bool { return validate(schema, r.value) != r.code })
}

func withoutKey(m map[string]any, k string) map[string]any {
	out := make(map[string]any, len(m))
	for key, v := range m {
		if key != k {
			out[key] = v
		}
	}
	return out
}

// acceptable is a value the schema accepts, or false when the suite cannot make one.
func acceptable(schema map[string]any) (any, bool) {
	typ, _ := schema["type"].(string)
	var v any
	switch {
	case schema["enum"] != nil:
		e, _ := schema["enum"].([]any)
		if len(e) == 0 {
			return nil, false
		}
		v = e[0]
	case typ == "boolean":
		v = true
	case typ == "integer" || typ == "number":
		n := 1.0
		if m, ok := schema["minimum"].(float64); ok {
			n = math.Ceil(m)
			if schema["exclusiveMinimum"] == true {
				n++
			}
		} else if m, ok := schema["maximum"].(float64); ok {
			n = math.Floor(m)
			if schema["exclusiveMaximum"] == true {
				n--
			}
		}
		v = n
	case typ == "string":
		s := "wpcontract"
		if f, ok := formatCodes[stringAt(schema, "format")]; ok {
			s = f[1]
		} else if p, ok := schema["pattern"].(string); ok {
			var gen bool
			if s, gen = matching(p); !gen {
				return nil, false
			}
		}
		if n, ok := schema["minLength"].(float64); ok && len(s) < int(n) {
			s += strings.Repeat("a", int(n)-len(s))
		}
		if n, ok := schema["maxLength"].(float64); ok && len(s) > int(n) {
			s = s[:int(n)]
		}
		v = s
	default:
		return nil, false
	}
	return v, validate(schema, v) == ""
}

// validate is rest_validate_value_from_schema's answer for the scalar schemas the
// suite judges: "" when v is valid, the error code otherwise; "?" when the suite
// cannot tell (a type it does not judge).
func validate(schema map[string]any, v any) string {
	typ, _ := schema["type"].(string)
	switch typ {
	case "boolean":
		if !isWPBool(v) {
			return codeInvalidType
		}
	case "integer", "number":
		n, ok := wpNumber(v)
		if !ok || (typ == "integer" && n != math.Trunc(n)) {
			return codeInvalidType
		}
		if e, ok := schema["enum"].([]any); ok && !slices.ContainsFunc(e, func(x any) bool { f, _ := wpNumber(x); return f == n }) {
			return codeNotInEnum
		}
		if m, ok := schema["minimum"].(float64); ok && (n < m || (n == m && schema["exclusiveMinimum"] == true)) {
			return codeOutOfBounds
		}
		if m, ok := schema["maximum"].(float64); ok && (n > m || (n == m && schema["exclusiveMaximum"] == true)) {
			return codeOutOfBounds
		}
	case "string":
		s, ok := v.(string)
		if !ok {
			return codeInvalidType
		}
		return validateString(schema, s)
	case "":
		return "" // an argument without a type has no rest_parse_request_arg: anything goes
	default:
		return "?"
	}
	return ""
}

// validateString checks a string in WordPress's order: enum, length, pattern, format.
func validateString(schema map[string]any, s string) string {
	if e, ok := schema["enum"].([]any); ok && !slices.Contains(e, any(s)) {
		return codeNotInEnum
	}
	n := float64(len([]rune(s)))
	if m, ok := schema["minLength"].(float64); ok && n < m {
		return codeTooShort
	}
	if m, ok := schema["maxLength"].(float64); ok && n > m {
		return codeTooLong
	}
	if p, ok := schema["pattern"].(string); ok {
		re, err := regexp.Compile(p)
		if err != nil {
			return "?"
		}
		if !re.MatchString(s) {
			return codeInvalidPattern
		}
	}
	if f, ok := formatCodes[stringAt(schema, "format")]; ok && !validFormat(stringAt(schema, "format"), s) {
		return f[0]
	}
	return ""
}

// validFormat is the check rest_validate_value_from_schema makes of a format.
func validFormat(format, s string) bool {
	switch format {
	case "email":
		a, err := mail.ParseAddress(s)
		return err == nil && a.Address == s && strings.Contains(s, ".")
	case "date-time":
		_, err := time.Parse("2006-01-02T15:04:05", s)
		_, errZ := time.Parse(time.RFC3339, s)
		return err == nil || errZ == nil
	case "uuid":
		return regexp.MustCompile(`^[0-9a-fA-F]{8}-([0-9a-fA-F]{4}-){3}[0-9a-fA-F]{12}$`).MatchString(s)
	case "hex-color":
		return regexp.MustCompile(`^#([A-Fa-f0-9]{3}){1,2}$`).MatchString(s)
	case "ip":
		_, err := netip.ParseAddr(s)
		return err == nil
	}
	return true
}

// isWPBool is rest_is_boolean: true, false, "true", "false", "1", "0", 1, 0 (and "").
func isWPBool(v any) bool {
	switch x := v.(type) {
	case bool:
		return true
	case string:
		return slices.Contains([]string{"", "true", "false", "1", "0"}, strings.ToLower(x))
	case float64:
		return x == 0 || x == 1
	}
	return false
}

// wpNumber is rest_is_number's reading of a value: a number, or a numeric string.
func wpNumber(v any) (float64, bool) {
	switch x := v.(type) {
	case float64:
		return x, true
	case int:
		return float64(x), true
	case string:
		f, err := strconv.ParseFloat(strings.TrimSpace(x), 64)
		return f, err == nil && strings.TrimSpace(x) != ""
	}
	return 0, false
}

// queryValue writes a value as a query string carries it.
func queryValue(v any) string {
	switch x := v.(type) {
	case float64:
		return strconv.FormatFloat(x, 'f', -1, 64)
	case bool:
		return strconv.FormatBool(x)
	case string:
		return x
	}
	return fmt.Sprint(v)
}

// matching makes a short string the pattern matches (unanchored, as preg_match reads a
// schema's pattern), or false when the suite cannot.
func matching(pattern string) (string, bool) {
	re, err := syntax.Parse(pattern, syntax.Perl)
	if err != nil {
		return "", false
	}
	var b strings.Builder
	if !writeMatch(&b, re.Simplify()) {
		return "", false
	}
	ok, _ := regexp.MatchString(pattern, b.String())
	return b.String(), ok
}

// writeMatch writes the shortest text re matches along its first alternatives, with
// a repetition's minimum count (at least one where that is all it allows).
func writeMatch(b *strings.Builder, re *syntax.Regexp) bool {
	switch re.Op {
	case syntax.OpLiteral:
		b.WriteString(string(re.Rune))
	case syntax.OpCharClass:
		if len(re.Rune) == 0 {
			return false
		}
		r := re.Rune[0]
		// a letter or digit where the class allows one, readable in a URL
		for i := 0; i+1 < len(re.Rune); i += 2 {
			if lo, hi := re.Rune[i], re.Rune[i+1]; lo <= 'a' && 'a' <= hi {
				r = 'a'
				break
			} else if lo <= '1' && '1' <= hi {
				r = '1'
			}
		}
		b.WriteRune(r)
	case syntax.OpAnyChar, syntax.OpAnyCharNotNL:
		b.WriteRune('.') // a route's unescaped dot (/openapi.json) is most often meant as one
	case syntax.OpEmptyMatch, syntax.OpBeginLine, syntax.OpEndLine, syntax.OpBeginText, syntax.OpEndText,
		syntax.OpWordBoundary, syntax.OpNoWordBoundary:
	case syntax.OpCapture:
		return writeMatch(b, re.Sub[0])
	case syntax.OpStar, syntax.OpQuest:
	case syntax.OpPlus:
		return writeMatch(b, re.Sub[0])
	case syntax.OpRepeat:
		for range re.Min {
			if !writeMatch(b, re.Sub[0]) {
				return false
			}
		}
	case syntax.OpConcat:
		for _, sub := range re.Sub {
			if !writeMatch(b, sub) {
				return false
			}
		}
	case syntax.OpAlternate:
		return writeMatch(b, re.Sub[0])
	default:
		return false
	}
	return true
}
