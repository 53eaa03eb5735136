package mock

import "github.com/wpmock/wpmock/mock/rest"

// postMeta: placeholder until its resource file is written.
type postMeta struct {
	m *Mock
}

func (res *postMeta) routes() []*rest.Route { return nil }
