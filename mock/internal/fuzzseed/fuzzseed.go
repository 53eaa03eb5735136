// Package fuzzseed keeps the seed corpora of the fuzz targets as Go values next to the
// targets, and their files under testdata/fuzz (the corpus go test reads) in step with
// them: Check compares each file with its value and, asked to, rewrites it, the way
// golden files are kept. Only tests import it.
package fuzzseed

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"testing"
)

// Seeds are the inputs of one fuzz target: each a list of the target's arguments, in
// order.
type Seeds map[string][][]any

// Marshal is a corpus file as go test writes one (internal/fuzz's "go test fuzz v1"
// encoding) for the argument types the targets take.
func Marshal(vals ...any) []byte {
	b := bytes.NewBufferString("go test fuzz v1\n")
	for _, v := range vals {
		switch x := v.(type) {
		case string:
			fmt.Fprintf(b, "string(%q)\n", x)
		case []byte:
			fmt.Fprintf(b, "[]byte(%q)\n", x)
		case uint, int, bool:
			fmt.Fprintf(b, "%T(%v)\n", x, x)
		default:
			panic(fmt.Sprintf("fuzzseed: no encoding for %T", v))
		}
	}
	return b.Bytes()
}

// Check makes testdata/fuzz/<target>/seed-NN hold each seed of each target: with
// update it writes them (and removes seed files past the list), else it reports every
// file that is missing or differs.
func Check(t *testing.T, seeds Seeds, update bool) {
	t.Helper()
	for target, list := range seeds {
		dir := filepath.Join("testdata", "fuzz", target)
		for i, vals := range list {
			path := filepath.Join(dir, fmt.Sprintf("seed-%02d", i))
			want := Marshal(vals...)
			if update {
				if err := os.MkdirAll(dir, 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(path, want, 0o644); err != nil {
					t.Fatal(err)
				}
				continue
			}
			got, err := os.ReadFile(path)
			if err != nil || !bytes.Equal(got, want) {
				t.Errorf("%s is not the seed it lists (run go test -run TestFuzzSeeds -update-fuzz-seeds)", path)
			}
		}
		if update {
			for i := len(list); ; i++ {
				path := filepath.Join(dir, fmt.Sprintf("seed-%02d", i))
				if os.Remove(path) != nil {
					break
				}
			}
		}
	}
}
