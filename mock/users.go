package mock

import "github.com/wpmock/wpmock/mock/rest"

// users: placeholder until its resource file is written.
type users struct {
	m *Mock
}

func (res *users) routes() []*rest.Route { return nil }
