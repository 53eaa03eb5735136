package wpfunc

import "testing"

// TestBase64Decode pins PHP's lenient base64_decode (what php_handle_auth_data uses):
// stray characters and "=" anywhere are skipped, leftover bits dropped.
func TestBase64Decode(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"YWRtaW46cHc=", "admin:pw"},
		{"YWRtaW46cHc", "admin:pw"},
		{" YWRt aW46\tcHc=", "admin:pw"},
		{"YWRt=aW46cHc=", "admin:pw"},
		{"!!!", ""},
		{"YQ", "a"},
		{"Y", ""},
	} {
		if got := Base64Decode(c.in); got != c.want {
			t.Errorf("Base64Decode(%q): got %q, want %q", c.in, got, c.want)
		}
	}
}

func TestBasicAuth(t *testing.T) {
	for _, c := range []struct {
		header, user, pass string
		ok                 bool
	}{
		{"Basic YWRtaW46cHc=", "admin", "pw", true},
		{"basic  YWRtaW46cHc=", "admin", "pw", true},
		{"Basic YWRtaW4=", "", "", false},      // "admin": no colon
		{"Basic YWRtaW46", "admin", "", true},  // "admin:"
		{"Basic OnB3", "", "pw", true},         // ":pw"
		{"Basic YQBiOmM=", "", "", false},      // "a\x00b:c": the colon is past the NUL
		{"Basic YTpiAGM=", "a", "b", true},     // "a:b\x00c": the password ends at the NUL
		{"BasicYWRtaW46cHc=", "", "", false},   // no space after the scheme
		{"Bearer YWRtaW46cHc=", "", "", false}, // another scheme
		{"", "", "", false},
	} {
		u, p, ok := BasicAuth(c.header)
		if u != c.user || p != c.pass || ok != c.ok {
			t.Errorf("BasicAuth(%q): got %q %q %v, want %q %q %v", c.header, u, p, ok, c.user, c.pass, c.ok)
		}
	}
}
