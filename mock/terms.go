package mock

import "github.com/wpmock/wpmock/mock/rest"

// terms: placeholder until its resource file is written.
type terms struct {
	m              *Mock
	taxonomy, base string
}

func (res *terms) routes() []*rest.Route { return nil }
