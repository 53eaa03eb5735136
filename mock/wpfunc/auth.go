package wpfunc

import "strings"

// BasicAuth is how PHP fills PHP_AUTH_USER and PHP_AUTH_PW from an Authorization
// header (php_handle_auth_data), which WordPress's application passwords read: the
// scheme "Basic " in any letter case, then the rest decoded by Base64Decode (so extra
// spaces and stray characters are skipped), split at the first ":". Like the C strings
// PHP keeps them in, the user and the password end at a NUL byte. ok is false when
// PHP sets neither.
func BasicAuth(header string) (user, password string, ok bool) {
	if len(header) < 6 || !strings.EqualFold(header[:6], "Basic ") {
		return "", "", false
	}
	decoded := Base64Decode(header[6:])
	if nul := strings.IndexByte(decoded, 0); nul >= 0 {
		decoded = decoded[:nul] // strchr looks for the ":" in the C string only
		if colon := strings.IndexByte(decoded, ':'); colon < 0 {
			return "", "", false
		}
	}
	user, password, ok = strings.Cut(decoded, ":")
	if !ok {
		return "", "", false
	}
	return user, password, true
}

// Base64Decode is PHP's base64_decode without strict: characters outside the base64
// alphabet, "=" included wherever it stands, are skipped, and bits left over at the
// end are dropped.
func Base64Decode(s string) string {
	out := make([]byte, 0, len(s)*3/4)
	var acc, bits uint
	for i := 0; i < len(s); i++ {
		c := s[i]
		var v uint
		switch {
		case c >= 'A' && c <= 'Z':
			v = uint(c - 'A')
		case c >= 'a' && c <= 'z':
			v = uint(c-'a') + 26
		case c >= '0' && c <= '9':
			v = uint(c-'0') + 52
		case c == '+':
			v = 62
		case c == '/':
			v = 63
		default:
			continue
		}
		acc, bits = acc<<6|v, bits+6
		if bits >= 8 {
			bits -= 8
			out = append(out, byte(acc>>bits))
			acc &= 1<<bits - 1
		}
	}
	return string(out)
}
