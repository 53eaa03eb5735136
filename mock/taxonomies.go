package mock

import "github.com/wpmock/wpmock/mock/rest"

// taxonomies: placeholder until its resource file is written.
type taxonomies struct {
	m *Mock
}

func (res *taxonomies) routes() []*rest.Route { return nil }
