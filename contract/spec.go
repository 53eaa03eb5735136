package contract

import (
	"errors"
	"fmt"
	"net/url"
	"regexp"
	"slices"
	"strings"
	"sync"

	"github.com/getkin/kin-openapi/openapi3"
	"github.com/getkin/kin-openapi/openapi3filter"

	// The package's own "fixtures" is the content the suite creates.
	wpfixtures "github.com/wpmock/wpmock/fixtures"
)

// apiSpec is the OpenAPI document every response is validated against:
// fixtures/openapi.json, which the mock generates from its declarations and which
// describes WordPress 6.1 (real WordPress's captured responses validate against it).
// It is embedded in the fixtures package, so the suite needs no file at run time.
type apiSpec struct{ v *wpfixtures.Validator }

// loadSpec is the project's OpenAPI document, loaded (and validated by kin-openapi)
// once per process: it is embedded, so every run of the suite would load the same
// one, which cost 0.15 s a run (1.5 s under the race detector, in every preflight,
// and the tests run the suite over a hundred times). Validation only reads it
// (kin-openapi keeps its compiled patterns in a sync.Map), so runs share it.
var loadSpec = sync.OnceValues(loadSpecOnce)

func loadSpecOnce() (*apiSpec, error) {
	doc, err := wpfixtures.OpenAPI()
	if err != nil {
		return nil, err
	}
	v, err := wpfixtures.NewValidator(doc)
	if err != nil {
		return nil, err
	}
	return &apiSpec{v: v}, nil
}

// headerRules are the rules that own the headers the document requires: a missing or
// malformed one is a failure of that rule (the same one the pagination and lifecycle
// groups check the values under), so a target that drops a header fails one rule, not
// one per operation.
var headerRules = map[string]string{
	"X-WP-Total":      "pagination/total: collections send X-WP-Total, the number of matching items",
	"X-WP-TotalPages": "pagination/total-pages: collections send X-WP-TotalPages, ceil(X-WP-Total / per_page)",
	"Link":            "pagination/links: Link is <url>; rel=\"prev\", <url>; rel=\"next\" with every query parameter kept and page replaced",
	"Location":        "writes/location: a create answers 201 with Location: the new object's absolute URL",
}

// inputBounds are the schema keywords WordPress applies to what it is sent, never to
// what it answers: rest_validate_value_from_schema runs on a request's arguments
// (WP_REST_Request::has_valid_params), and no response is checked against the item
// schema. A stored value may lie outside them: wp_update_nav_menu_item gives a menu's
// first item menu_order 0 (count of no items) while the menu-items schema declares
// minimum 1. So a response's value outside a bound is no fault; its type, enum, format
// and pattern still are. The bounds stay on requests: the argument rules send values
// outside them and want rest_invalid_param.
var inputBounds = map[string]bool{
	"minimum": true, "maximum": true, "exclusiveMinimum": true, "exclusiveMaximum": true,
	"multipleOf": true, "minLength": true, "maxLength": true,
}

var headerReason = regexp.MustCompile(`^response header "([^"]+)" (missing|doesn't match schema)`)

// check validates one exchange with kin-openapi's openapi3filter: the status must be
// documented for the operation, the documented headers present, the body must match
// the schema. The rule is the operation's (openapi/<operationId>), but for headers,
// whose rules are their own. A request no operation answers (an unknown route or
// method, which the suite sends on purpose) is left to the checks that sent it.
//
// allow, when set, says which schema errors are a fact of the site rather than a
// fault (a status the site registers, outside the document's enum): a response whose
// every body error it allows, or that is outside an input bound (inputBounds), passes.
func (sp *apiSpec) check(t T, r *Result, allow func(*openapi3.SchemaError) bool) {
	t.Helper()
	if sp == nil || r.Status == 0 {
		return
	}
	u, err := url.Parse(r.Path)
	if err != nil {
		return
	}
	route := u.Path
	if rr := u.Query().Get("rest_route"); rr != "" && (route == "/" || route == "") {
		route = rr
	}
	_, op, _, err := sp.v.Find(r.Method, route)
	if err != nil || op == nil {
		return
	}
	rule := "openapi/" + op.OperationID + ": the response matches the OpenAPI document (fixtures/openapi.json)"
	err = sp.v.Response(r.Method, r.Path, r.Status, r.Header, r.Body)
	var re *openapi3filter.ResponseError
	if errors.As(err, &re) {
		if m := headerReason.FindStringSubmatch(re.Reason); m != nil {
			if hr, ok := headerRules[m[1]]; ok {
				state := "missing"
				if m[2] != "missing" {
					state = fmt.Sprintf("malformed: %q", r.Header.Get(m[1]))
				}
				check(t, r, false, hr, "header %s %s (the OpenAPI document requires it)", m[1], state)
				// kin-openapi stops at the first header: check the body on its own
				err = sp.v.Body(r.Method, r.Path, r.Status, r.Body)
			}
		}
	}
	if err != nil {
		var schemaErrs []*openapi3.SchemaError
		collectSchemaErrors(err, &schemaErrs)
		excused := func(se *openapi3.SchemaError) bool {
			return inputBounds[se.SchemaField] || allow != nil && allow(se)
		}
		if len(schemaErrs) > 0 && !slices.ContainsFunc(schemaErrs, func(se *openapi3.SchemaError) bool { return !excused(se) }) {
			err = nil
		}
	}
	check(t, r, err == nil, rule, "%s", specProblems(err))
}

// specProblems says what is wrong with a response, from kin-openapi's structured
// errors: for the body, each failing value's JSON path and the schema's expectation
// (never the whole schema, which kin-openapi's messages print).
func specProblems(err error) string {
	if err == nil {
		return ""
	}
	var schemaErrs []*openapi3.SchemaError
	collectSchemaErrors(err, &schemaErrs)
	if len(schemaErrs) == 0 {
		var re *openapi3filter.ResponseError
		if errors.As(err, &re) {
			return re.Reason
		}
		return firstLine(err.Error())
	}
	var out []string
	for i, se := range schemaErrs {
		if i == 5 {
			out = append(out, fmt.Sprintf("and %d more", len(schemaErrs)-5))
			break
		}
		out = append(out, describeSchemaError(se))
	}
	return "body: " + strings.Join(out, "; ")
}

// collectSchemaErrors finds the leaf schema errors inside kin-openapi's wrappers.
func collectSchemaErrors(err error, out *[]*openapi3.SchemaError) {
	switch e := err.(type) {
	case nil:
	case openapi3.MultiError:
		for _, x := range e {
			collectSchemaErrors(x, out)
		}
	case *openapi3.SchemaError:
		*out = append(*out, e)
	case *openapi3filter.ResponseError:
		collectSchemaErrors(e.Err, out)
	default:
		if inner := errors.Unwrap(err); inner != nil {
			collectSchemaErrors(inner, out)
			return
		}
		var se *openapi3.SchemaError
		if errors.As(err, &se) {
			*out = append(*out, se)
		}
	}
}

// describeSchemaError is "at /0/id: want integer, got string \"12\"".
func describeSchemaError(se *openapi3.SchemaError) string {
	path := "/" + strings.Join(se.JSONPointer(), "/")
	var want string
	if se.Schema != nil && se.Schema.Type != nil && len(se.Schema.Type.Slice()) > 0 {
		want = strings.Join(se.Schema.Type.Slice(), " or ")
		if se.Schema.Nullable {
			want += " or null"
		}
	}
	reason := se.Reason
	if reason == "" && se.Origin != nil {
		reason = firstLine(se.Origin.Error())
	}
	if reason == "" {
		reason = "does not match the schema's " + se.SchemaField
	}
	got := jsonType(se.Value)
	if b := show(se.Value, true); len(b) <= 60 {
		got += " " + b
	}
	if want != "" && se.SchemaField == "type" {
		return fmt.Sprintf("at %s: want %s, got %s", path, want, got)
	}
	if want != "" {
		return fmt.Sprintf("at %s (%s): %s, got %s", path, want, reason, got)
	}
	return fmt.Sprintf("at %s: %s, got %s", path, reason, got)
}

func firstLine(s string) string {
	s, _, _ = strings.Cut(s, "\n")
	return s
}
