package wp

import (
	"testing"

	"github.com/wpmock/wpmock/mock/wpversion"
)

// TestAvatarURL: get_avatar_url's host and hash in each version, on an http and an
// https site (admin@example.com's md5 starts with e: host 14 % 3 = 2).
func TestAvatarURL(t *testing.T) {
	const (
		md5Hash    = "e64c7d89f26bd1972efa854d13d7dd61"
		sha256Hash = "258d8dc916db8cea2cafb6c3cd0cb0246efe061421dbd83ec3a350428cabda4f"
	)
	for _, c := range []struct {
		v    wpversion.Version
		site string
		want string
	}{
		{wpversion.V61, "http://127.0.0.1:8080", "http://2.gravatar.com/avatar/" + md5Hash + "?s=24&d=mm&r=g"},
		{wpversion.V61, "https://site.example", "https://secure.gravatar.com/avatar/" + md5Hash + "?s=24&d=mm&r=g"},
		{wpversion.V67, "http://127.0.0.1:8080", "https://secure.gravatar.com/avatar/" + md5Hash + "?s=24&d=mm&r=g"},
		{wpversion.V68, "http://127.0.0.1:8080", "https://secure.gravatar.com/avatar/" + sha256Hash + "?s=24&d=mm&r=g"},
	} {
		if got := AvatarURL(c.v, c.site, " Admin@Example.com ", 24); got != c.want {
			t.Errorf("%v on %s: %s, want %s", c.v, c.site, got, c.want)
		}
	}
}
