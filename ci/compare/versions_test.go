package compare

import (
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
			if len(f) != 3 {
				t.Errorf("ci/wordpress/versions: %q: want a version, a Debian suite and a port", line)
			}
			listed = append(listed, f[0])
		}
	}
	if profiles := wpversion.ProfileNames(); !slices.Equal(listed, profiles) {
		t.Errorf("ci/wordpress/versions lists %v, the mock's profiles are %v", listed, profiles)
	}
}
