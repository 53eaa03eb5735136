package main

import (
	"bytes"
	"context"
	"io"
	"os"
	"path/filepath"
	"testing"
)

// TestOpenAPIFlag: wpmock -openapi prints the committed document.
func TestOpenAPIFlag(t *testing.T) {
	var out bytes.Buffer
	m := &Main{Stdout: &out, Stderr: io.Discard}
	if err := m.ParseFlags([]string{"-openapi"}); err != nil {
		t.Fatal(err)
	}
	if err := m.Run(context.Background()); err != nil {
		t.Fatal(err)
	}
	want, err := os.ReadFile(filepath.Join("..", "..", "fixtures", "openapi.json"))
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(out.Bytes(), want) {
		t.Errorf("wpmock -openapi differs from fixtures/openapi.json (%d bytes, want %d); regenerate it with go test ./mock -run TestOpenAPI -update",
			out.Len(), len(want))
	}
}
