package wp

import (
	"crypto/md5"
	"crypto/sha256"
	"encoding/hex"
	"strconv"
	"strings"

	"github.com/wpmock/wpmock/mock/wpversion"
)

// link-template.php's get_avatar_url for an email, as rest_get_avatar_urls asks it
// for the users' and the comments' avatar_urls: the Gravatar of the trimmed,
// lower-cased email, default "mm", rating "g".

// secureGravatar: every avatar is on https://secure.gravatar.com, not only an https
// site's (6.7).
var secureGravatar = wpversion.Span{Since: wpversion.V67}

// sha256Gravatar: the email is hashed with SHA-256 rather than MD5 (6.8).
var sha256Gravatar = wpversion.Span{Since: wpversion.V68}

// AvatarURL is get_avatar_url for an email at a size on the site at siteURL, as
// version v builds it: 6.1 takes the md5 of the email on gravatar host 0, 1 or 2 (the
// hash's first hex digit modulo 3), or secure.gravatar.com on an https site; 6.7
// always uses https://secure.gravatar.com; 6.8 hashes with SHA-256.
func AvatarURL(v wpversion.Version, siteURL, email string, size int) string {
	h := md5.New()
	if sha256Gravatar.In(v) {
		h = sha256.New()
	}
	h.Write([]byte(strings.ToLower(strings.TrimSpace(email))))
	hash := hex.EncodeToString(h.Sum(nil))
	host := "https://secure.gravatar.com"
	if !secureGravatar.In(v) && !strings.HasPrefix(siteURL, "https://") {
		n, _ := strconv.ParseInt(hash[:1], 16, 0)
		host = "http://" + strconv.Itoa(int(n%3)) + ".gravatar.com"
	}
	return host + "/avatar/" + hash + "?s=" + strconv.Itoa(size) + "&d=mm&r=g"
}
