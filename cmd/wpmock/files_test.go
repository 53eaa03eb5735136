package main

import (
	"errors"
	"io"
	"os"
	"path/filepath"
	"testing"
)

// TestExportIsAtomic pins issue 15: -export wrote its file in place, so a failed or
// interrupted export left half a dataset where the old one was. The file is now
// written beside it and renamed over it: the old file or the new one, never a mix, and
// no temporary file left behind.
func TestExportIsAtomic(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "site.json")
	if err := os.WriteFile(path, []byte("old"), 0o600); err != nil {
		t.Fatal(err)
	}
	failed := writeFileAtomic(path, func(w io.Writer) error {
		io.WriteString(w, "half a datas")
		return errors.New("disk full")
	})
	if failed == nil {
		t.Fatal("a failing write: want its error")
	}
	if b, _ := os.ReadFile(path); string(b) != "old" {
		t.Errorf("after a failed write the file holds %q, want the old content", b)
	}
	if err := writeFileAtomic(path, func(w io.Writer) error { _, err := io.WriteString(w, "new"); return err }); err != nil {
		t.Fatal(err)
	}
	if b, _ := os.ReadFile(path); string(b) != "new" {
		t.Errorf("got %q, want new", b)
	}
	if fi, _ := os.Stat(path); fi.Mode().Perm() != 0o600 {
		t.Errorf("mode %v, want the replaced file's 0600", fi.Mode().Perm())
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 1 {
		t.Errorf("directory holds %d entries, want only site.json", len(entries))
	}
	// through the flag
	if _, err := run(t, "-posts", "2", "-users", "1", "-terms", "1", "-media", "0", "-export", path); err != nil {
		t.Fatal(err)
	}
	if b, _ := os.ReadFile(path); len(b) < 100 || b[0] != '{' {
		t.Errorf("-export wrote %.40q", b)
	}
}
