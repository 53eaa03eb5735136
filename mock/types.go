package mock

import "github.com/wpmock/wpmock/mock/rest"

// types: placeholder until its resource file is written.
type types struct {
	m *Mock
}

func (res *types) routes() []*rest.Route { return nil }
