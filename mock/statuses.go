package mock

import "github.com/wpmock/wpmock/mock/rest"

// statuses: placeholder until its resource file is written.
type statuses struct {
	m *Mock
}

func (res *statuses) routes() []*rest.Route { return nil }
