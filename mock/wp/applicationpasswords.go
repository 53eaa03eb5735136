package wp

import (
	"crypto/rand"
	"crypto/subtle"
	"encoding/hex"
	"net"
	"net/http"
	"strings"
	"time"

	"github.com/wpmock/wpmock/mock/store"
)

// class-wp-application-passwords.php: a user's application passwords (kept hashed in
// the user's row), made, found, checked and marked as used. A password made here
// authenticates at once. How a password is hashed is the dataset format's
// (site.HashPassword): the callers hash, so that this package need not know the format.

// Errors of create_new_application_password.
const (
	// a name that sanitize_text_field empties (400).
	CodeAppPasswordEmptyName, MsgAppPasswordEmptyName = "application_password_empty_name", "An application name is required to create an application password."
	// a name the user already has, ignoring case (409; until 6.7).
	CodeAppPasswordDuplicateName, MsgAppPasswordDuplicateName = "application_password_duplicate_name", "Each application name should be unique."
)

// CreateApplicationPassword is WP_Application_Passwords::create_new_application_password
// for a name already sanitized: an empty name is refused, and where uniqueNames (the
// versions before 6.7) a name the user already has; the new password, hashed by hash,
// is appended to the user's. It returns the user as changed, the stored password and
// the plain one, which is shown once.
func CreateApplicationPassword(tx *store.Tx, u *store.User, name, appID string, uniqueNames bool,
	hash func(plain string) string) (*store.User, store.AppPassword, string, *Error) {
	if EmptyStr(name) {
		return nil, store.AppPassword{}, "", &Error{Code: CodeAppPasswordEmptyName, Message: MsgAppPasswordEmptyName, Status: http.StatusBadRequest}
	}
	for _, ap := range u.AppPasswords {
		if uniqueNames && strings.EqualFold(ap.Name, name) {
			return nil, store.AppPassword{}, "", &Error{Code: CodeAppPasswordDuplicateName, Message: MsgAppPasswordDuplicateName, Status: http.StatusConflict}
		}
	}
	plain := GenerateApplicationPassword()
	ap := store.AppPassword{UUID: GenerateUUID4(), Name: name, Hash: hash(plain), Created: tx.Now(), AppID: appID}
	u = tx.ChangeUser(u.ID, func(x *store.User) { x.AppPasswords = append(x.AppPasswords, ap) })
	return u, ap, plain, nil
}

// ApplicationPasswordIndex is get_user_application_password: the position of the
// password with the uuid (compared exactly), or -1.
func ApplicationPasswordIndex(u *store.User, uuid any) int {
	for i, ap := range u.AppPasswords {
		if uuid == ap.UUID {
			return i
		}
	}
	return -1
}

// AuthenticateApplicationPassword is wp_authenticate_application_password's check of
// a password, given its hash (of NormalizeApplicationPassword's form): the user's
// password with that hash, or nil, and whether its use must be recorded
// (record_application_password_usage: at most once a day).
func AuthenticateApplicationPassword(tx *store.Tx, u *store.User, hash string) (*store.AppPassword, bool) {
	for i := range u.AppPasswords {
		if ap := &u.AppPasswords[i]; subtle.ConstantTimeCompare([]byte(ap.Hash), []byte(hash)) == 1 {
			return ap, !ap.LastUsed.Add(24 * time.Hour).After(tx.Now())
		}
	}
	return nil, false
}

// RecordApplicationPasswordUsage is record_application_password_usage: last_used and
// last_ip of the user's password with the uuid, from the request's remote address.
func RecordApplicationPasswordUsage(tx *store.Tx, userID int, uuid, remoteAddr string) {
	ip, _, err := net.SplitHostPort(remoteAddr)
	if err != nil {
		ip = remoteAddr
	}
	tx.ChangeUser(userID, func(u *store.User) {
		for i := range u.AppPasswords {
			if ap := &u.AppPasswords[i]; ap.UUID == uuid {
				ap.LastUsed, ap.LastIP = tx.Now(), ip
			}
		}
	})
}

// NormalizeApplicationPassword drops everything but letters and digits, as
// wp_authenticate_application_password does before comparing (so "abcd EFGH ..." and
// "abcdEFGH..." are the same password).
func NormalizeApplicationPassword(p string) string {
	var b strings.Builder
	for _, r := range p {
		if (r >= 'a' && r <= 'z') || (r >= 'A' && r <= 'Z') || (r >= '0' && r <= '9') {
			b.WriteRune(r)
		}
	}
	return b.String()
}

// ChunkPassword prints a password in groups of four, as
// WP_Application_Passwords::chunk_password does.
func ChunkPassword(p string) string {
	var parts []string
	for len(p) > 4 {
		parts = append(parts, p[:4])
		p = p[4:]
	}
	return strings.Join(append(parts, p), " ")
}

// GenerateApplicationPassword is wp_generate_password(24, false) from crypto/rand: new
// passwords are secrets, not part of the seeded dataset.
func GenerateApplicationPassword() string {
	const chars = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"
	out := make([]byte, 0, 24)
	buf := make([]byte, 32)
	for len(out) < 24 {
		if _, err := rand.Read(buf); err != nil {
			panic(err) // crypto/rand does not fail on supported platforms
		}
		for _, b := range buf {
			if int(b) < 4*len(chars) && len(out) < 24 { // unbiased: 248 = 4 * 62
				out = append(out, chars[int(b)%len(chars)])
			}
		}
	}
	return string(out)
}

// GenerateUUID4 is wp_generate_uuid4.
func GenerateUUID4() string {
	var b [16]byte
	if _, err := rand.Read(b[:]); err != nil {
		panic(err)
	}
	b[6] = b[6]&0x0f | 0x40
	b[8] = b[8]&0x3f | 0x80
	h := hex.EncodeToString(b[:])
	return h[:8] + "-" + h[8:12] + "-" + h[12:16] + "-" + h[16:20] + "-" + h[20:]
}
