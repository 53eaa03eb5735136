package wp

import (
	"net/url"
	"regexp"
	"strconv"
	"strings"

	"github.com/wpmock/wpmock/mock/wpfunc"
)

// http.php: what WordPress lets its HTTP API fetch.

var (
	ipv4Host   = regexp.MustCompile(`^(([1-9]?\d|1\d\d|25[0-5]|2[0-4]\d)\.){3}([1-9]?\d|1\d\d|25[0-5]|2[0-4]\d)$`)
	localRange = []struct{ a, b0, b1, c int }{ // first octet, second octet range, third octet (-1: any)
		{127, 0, 255, -1}, {10, 0, 255, -1}, {0, 0, 255, -1}, {172, 16, 31, -1}, {192, 168, 168, -1},
		{192, 0, 0, 0}, {192, 0, 0, 2}, {192, 88, 88, 99}, {198, 51, 51, 100}, {203, 0, 0, 113},
		{169, 254, 254, -1}, {100, 64, 127, -1}, {198, 18, 19, -1},
	}
)

// ValidateHTTPURL is wp_http_validate_url: an http or https URL with a host and no user
// or password, whose host is the site's, or an address that is not local, private or
// reserved; a port other than 80, 443 and 8080 only when it is the site's own. Host
// names other than the site's (site: its address) fail, as gethostbyname fails
// without a network.
func ValidateHTTPURL(site, s string) bool {
	if s == "" {
		return false
	}
	if _, numeric := wpfunc.Numeric(s); numeric {
		return false
	}
	if m := URLScheme.FindStringSubmatch(s); m != nil {
		if scheme := strings.ToLower(m[1]); scheme != "http" && scheme != "https" {
			return false // wp_kses_bad_protocol removes it, so the URL changed
		}
	}
	u, err := url.Parse(s)
	if err != nil || u.Host == "" || u.User != nil {
		return false
	}
	host, port := u.Hostname(), u.Port()
	if strings.ContainsAny(host, ":#?[]") || strings.HasPrefix(u.Host, "[") {
		return false
	}
	home, _ := url.Parse(site)
	same := home != nil && strings.EqualFold(home.Hostname(), host)
	if !same {
		ip := strings.Trim(host, ".")
		if !ipv4Host.MatchString(ip) {
			return false
		}
		parts := make([]int, 4)
		for i, p := range strings.Split(ip, ".") {
			parts[i], _ = strconv.Atoi(p)
		}
		for _, l := range localRange {
			if parts[0] == l.a && parts[1] >= l.b0 && parts[1] <= l.b1 && (l.c < 0 || parts[2] == l.c) {
				return false
			}
		}
		if parts[0] >= 224 {
			return false // multicast and reserved
		}
	}
	switch port {
	case "", "80", "443", "8080":
		return true
	}
	return same && home.Port() == port
}
