// Package release says which build of a command is running, for its -version flag:
// the release stamped at build time (make build and make dist pass
// -ldflags "-X main.version=..."), else what the Go toolchain recorded in the binary,
// that is the module version of `go install .../cmd/wpmock@v1.2.0`, or the VCS
// revision of a build from a checkout.
package release

import "runtime/debug"

// Version is stamped when it is set, else the version the build info records:
// "v1.2.0", "devel-0123456789ab" (with "-dirty" for uncommitted changes), or "devel"
// when the binary records neither.
func Version(stamped string) string {
	if stamped != "" {
		return stamped
	}
	info, ok := debug.ReadBuildInfo()
	if !ok {
		return "devel"
	}
	if v := info.Main.Version; v != "" && v != "(devel)" {
		return v
	}
	rev, dirty := "", false
	for _, s := range info.Settings {
		switch s.Key {
		case "vcs.revision":
			rev = s.Value
		case "vcs.modified":
			dirty = s.Value == "true"
		}
	}
	if rev == "" {
		return "devel"
	}
	if len(rev) > 12 {
		rev = rev[:12]
	}
	if dirty {
		rev += "-dirty"
	}
	return "devel-" + rev
}
