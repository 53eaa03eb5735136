package store

import "runtime"

// ParallelWalk is the length of an index from which a list's walk (filteredWindow,
// relevanceWindow) goes on every core. A variable for tests: package mock's search
// test lowers it so that its small site's windows start and end in every run.
var ParallelWalk = 32768

// walkRun is the run of an index of n posts that one goroutine of a parallel walk
// reads at a time: a few runs a core, so that a slow one does not hold the others up.
func walkRun(n int) int { return max(ParallelWalk/4, n/(8*runtime.GOMAXPROCS(0))) }

// walkInParallel reports whether a walk of an index of n posts goes on every core.
func walkInParallel(n int) bool { return runtime.GOMAXPROCS(0) > 1 && n >= ParallelWalk }
