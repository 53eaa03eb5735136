package mock_test

import (
	"github.com/wpmock/wpmock/mock"
	"github.com/wpmock/wpmock/mock/control"
)

// The package's tests serve their sites with the control plane mounted, as cmd/wpmock
// serves them (mount_export_test.go).
func init() { mock.TestControl = control.Mount }
