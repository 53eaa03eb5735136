package mock

import "net/http/httptest"

// TestControl mounts the control plane (package mock/control) on this package's test
// sites, as cmd/wpmock does: the package cannot import mock/control, which imports it,
// so mount_test.go, an external test file of the same test binary, sets it.
var TestControl func(*Mock) Control

// named is the test site's named site <name>, under /sites/<name>/ (mock/control).
func (s *testSite) named(name string) *testSite {
	return &testSite{Mock: s.Mock, srv: &httptest.Server{URL: s.srv.URL + "/sites/" + name}}
}
