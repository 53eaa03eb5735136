package mock

import "github.com/wpmock/wpmock/mock/rest"

// media: placeholder until its resource file is written.
type media struct {
	m *Mock
}

func (res *media) routes() []*rest.Route { return nil }
