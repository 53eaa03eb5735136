package parallel

import (
	"sync/atomic"
	"testing"
)

// TestRuns: every index is in exactly one run, runs start at multiples of run, for
// lengths around the run's.
func TestRuns(t *testing.T) {
	for _, n := range []int{0, 1, 5, 7, 8, 9, 100, 1000} {
		seen := make([]atomic.Int32, n)
		Runs(n, 8, func(start, end int) {
			if start%8 != 0 || end > n || end <= start || end-start > 8 {
				t.Errorf("n=%d: run [%d, %d)", n, start, end)
			}
			for i := start; i < end; i++ {
				seen[i].Add(1)
			}
		})
		for i := range seen {
			if seen[i].Load() != 1 {
				t.Fatalf("n=%d: index %d in %d runs", n, i, seen[i].Load())
			}
		}
	}
}
