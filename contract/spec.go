package contract

// The package's own "fixtures" is the content the suite creates.
import wpfixtures "github.com/wpmock/wpmock/fixtures"

// apiSpec is the OpenAPI document every response is validated against:
// fixtures/openapi.json, which the mock generates from its declarations and which
// describes WordPress 6.1 (real WordPress's captured responses validate against it).
type apiSpec struct{ v *wpfixtures.Validator }

// loadSpec loads the project's OpenAPI document (and has kin-openapi validate it).
func loadSpec() (*apiSpec, error) {
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

// check validates one exchange with kin-openapi's openapi3filter: the status must be
// documented for the operation, the documented headers present, the body must match
// the schema. A request no operation answers (an unknown route or method, which the
// suite sends on purpose) is left to the checks that sent it.
func (sp *apiSpec) check(t T, r *Result) {
	t.Helper()
	if sp == nil || r.Status == 0 {
		return
	}
	if !sp.v.Documented(r.Method, r.Path) {
		return
	}
	err := sp.v.Response(r.Method, r.Path, r.Status, r.Header, r.Body)
	check(t, r, err == nil, "the response matches the OpenAPI document (fixtures/openapi.json)", "%v", err)
}
