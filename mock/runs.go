package mock

import (
	"runtime"
	"sync"
	"sync/atomic"
)

// inRuns calls f(start, end) for the runs of run indexes from 0 to n-1 (the last may
// be shorter), on every core, each run once. start is a multiple of run.
func inRuns(n, run int, f func(start, end int)) {
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

// parallelWalk is the length of an index from which a list's walk (filteredWindow,
// relevanceWindow) goes on every core (a variable for tests).
var parallelWalk = 32768

// walkRun is the run of an index of n posts that one goroutine of a parallel walk
// reads at a time: a few runs a core, so that a slow one does not hold the others up.
func walkRun(n int) int { return max(parallelWalk/4, n/(8*runtime.GOMAXPROCS(0))) }

// walkInParallel reports whether a walk of an index of n posts goes on every core.
func walkInParallel(n int) bool { return runtime.GOMAXPROCS(0) > 1 && n >= parallelWalk }
