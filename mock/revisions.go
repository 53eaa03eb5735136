package mock

import "github.com/wpmock/wpmock/mock/rest"

// revisions: placeholder until its resource file is written.
type revisions struct {
	m *Mock
}

func (res *revisions) routes() []*rest.Route { return nil }
