// Package parallel runs a loop over many rows on every core: the loader's rows and
// indexes, the store's search bits, and the walks of long lists.
package parallel

import (
	"runtime"
	"sync"
	"sync/atomic"
)

// Runs calls f(start, end) for the runs of run indexes from 0 to n-1 (the last may be
// shorter), on every core, each run once; start is a multiple of run. It returns when
// every run is done.
func Runs(n, run int, f func(start, end int)) {
	var next atomic.Int64
	var wg sync.WaitGroup
	for range min(runtime.GOMAXPROCS(0), (n+run-1)/run) {
		wg.Go(func() {
			for {
				start := int(next.Add(int64(run))) - run
				if start >= n {
					return
				}
				f(start, min(start+run, n))
			}
		})
	}
	wg.Wait()
}
