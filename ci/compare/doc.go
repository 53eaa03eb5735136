// Package compare holds the side-by-side comparison of the mock with a real WordPress
// of each version of ci/wordpress/versions, the mock answering as the same version
// (make compare): the same requests go to both, and what comes back is compared by
// status, error code, JSON shape (keys and types, not values) and the presence of the
// headers clients rely on. The read rows come first (rows_test.go); then a sequence of
// write rows (write_rows_test.go) creates, updates and deletes objects named wpcompare-*
// on both sides, as admin and per role, and deletes whatever they made at the end.
// Beside it, the catalogue of bad and odd requests (catalogue_*_test.go, make catalogue)
// compares status and error code and checks that what the mock refuses changes nothing,
// and the permission matrix (matrix_*_test.go, make matrix) compares who may read and
// write what. Everything lives in the test files; this package has no API.
//
// Run it with a WordPress from ci/wordpress up:
//
//	. ci/wordpress/.run/env && WPCOMPARE=1 go test -count=1 -v -run TestCompare ./ci/compare/
package compare
