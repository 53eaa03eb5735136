package contract

// apiSpec is the OpenAPI document every response is validated against.
type apiSpec struct{}

// loadSpec loads the project's OpenAPI document.
func loadSpec() (*apiSpec, error) { return &apiSpec{}, nil }
