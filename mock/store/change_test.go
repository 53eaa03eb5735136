package store

import (
	"testing"
	"time"
)

// TestChangeUserCopies: ChangeUser gives the change a copy whose roles and
// application passwords are its own, keeps the id and login, and leaves the row a
// reader holds as it was.
func TestChangeUserCopies(t *testing.T) {
	s := New(func() time.Time { return time.Date(2025, 1, 1, 0, 0, 0, 0, time.UTC) })
	s.Write(func(tx *Tx) {
		tx.InsertUser(&User{ID: 3, Login: "ann", Roles: []string{"author"}, AppPasswords: []AppPassword{{UUID: "a", Name: "one"}}})
	})
	s.Write(func(tx *Tx) {
		before := tx.User(3)
		after := tx.ChangeUser(3, func(u *User) {
			u.ID, u.Login, u.Name = 9, "bob", "Ann"
			u.Roles[0] = "editor"
			u.AppPasswords[0].Name = "renamed"
			u.AppPasswords = append(u.AppPasswords, AppPassword{UUID: "b"})
		})
		if after == before || after.ID != 3 || after.Login != "ann" || after.Name != "Ann" || after.Roles[0] != "editor" || len(after.AppPasswords) != 2 {
			t.Fatalf("after: %+v", after)
		}
		if before.Name != "" || before.Roles[0] != "author" || before.AppPasswords[0].Name != "one" || len(before.AppPasswords) != 1 {
			t.Errorf("the row before the change was changed: %+v", before)
		}
		if tx.User(3) != after || tx.UserByLogin("ann") != after {
			t.Errorf("the store does not answer with the changed row")
		}
		if tx.ChangeUser(42, func(*User) {}) != nil {
			t.Errorf("ChangeUser of a missing user answered a row")
		}
	})
}
