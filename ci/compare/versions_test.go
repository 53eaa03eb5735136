package compare

import (
	"github.com/wpmock/wpmock/mock"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/wpmock/wpmock/mock/wpversion"
)

// TestVersionsList: the versions the mock answers as (wpversion.Profiles) are the versions
// CI runs (ci/wordpress/versions, which the scripts and the Makefile read): a profile
// without a real WordPress to compare with, or a WordPress without a profile, fails.
func TestVersionsList(t *testing.T) {
	b, err := os.ReadFile("../wordpress/versions")
	if err != nil {
		t.Fatal(err)
	}
	var listed []string
	for _, line := range strings.Split(string(b), "\n") {
		if f := strings.Fields(line); len(f) > 0 && !strings.HasPrefix(f[0], "#") {
			if len(f) != 3 && len(f) != 5 && len(f) != 6 {
				t.Errorf("ci/wordpress/versions: %q: want a version, a Debian suite and a port, and optionally a permalink structure and a time zone, and then a declarations file", line)
			}
			listed = append(listed, f[0])
		}
	}
	if profiles := wpversion.ProfileNames(); !slices.Equal(listed, profiles) {
		t.Errorf("ci/wordpress/versions lists %v, the mock's profiles are %v", listed, profiles)
	}
}

// siteOptions are the permalink structure and time zone of the WordPress compared with
// (WP_PERMALINKS and WP_TIMEZONE, which ci/wordpress/up.sh writes to its env file), for
// the mock to answer with the same.
func siteOptions(t *testing.T) map[string]any {
	t.Helper()
	o, err := mock.SiteOptions(os.Getenv("WP_PERMALINKS"), os.Getenv("WP_TIMEZONE"))
	if err != nil {
		t.Fatalf("WP_PERMALINKS, WP_TIMEZONE: %v", err)
	}
	return o
}
