package main

import (
	"bufio"
	"errors"
	"io"
	"os"
	"path/filepath"
)

// writeFileAtomic writes a file whole or not at all: write fills a temporary file in
// the same directory, which is synced and then renamed over path, so a reader (or a
// later -data) sees the old file or the new one, never half of one. The file keeps
// the mode of the file it replaces, else gets 0644.
func writeFileAtomic(path string, write func(io.Writer) error) (err error) {
	mode := os.FileMode(0o644)
	if fi, statErr := os.Stat(path); statErr == nil {
		if !fi.Mode().IsRegular() {
			return &os.PathError{Op: "write", Path: path, Err: errors.New("not a regular file")}
		}
		mode = fi.Mode().Perm()
	}
	tmp, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".*.tmp")
	if err != nil {
		return err
	}
	defer func() {
		if err != nil {
			tmp.Close()
			os.Remove(tmp.Name())
		}
	}()
	buf := bufio.NewWriterSize(tmp, 1<<20)
	if err = write(buf); err != nil {
		return err
	}
	if err = buf.Flush(); err != nil {
		return err
	}
	if err = tmp.Chmod(mode); err != nil {
		return err
	}
	if err = tmp.Sync(); err != nil {
		return err
	}
	if err = tmp.Close(); err != nil {
		return err
	}
	return os.Rename(tmp.Name(), path)
}
