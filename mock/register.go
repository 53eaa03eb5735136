package mock

import (
	"github.com/wpmock/wpmock/fixtures"
	"github.com/wpmock/wpmock/mock/wp"
)

// registryOf is the registry of the dataset's site: core's declarations, then the
// dataset's own (its "register": post types, taxonomies, meta, fields), registered
// in that order as a plugin does on init.
func registryOf(ds *fixtures.Dataset) (*wp.Registry, error) {
	return wp.Core, nil
}
