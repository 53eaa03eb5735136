package main

import (
	"os"
	"runtime"
	"runtime/debug"
)

// gcHeadroom is how much the heap may grow between two collections at least. Go's
// default (GOGC=100) collects whenever the heap doubles, which for the default site,
// whose live heap is about 2 MB, meant 50 collections a second under wrk's load, each
// taking a share of the one core the server had (make bench-http: 14,500 requests/s
// for the posts page). With 64 MiB of headroom it is one a second (16,800/s).
const gcHeadroom = 64 << 20

// A large site's heap may grow by half its live size between collections (Go's
// default is all of it): a million posts are about 1.4 GiB live, and doubling that
// would take the machine's memory for garbage. While the site is built, a quarter:
// generating and loading it makes much garbage while its rows pile up.
const (
	gcPercentServing = 50
	gcPercentLoading = 25
)

// gcTuned reports whether the collector is the mock's to tune: GOGC and GOMEMLIMIT
// have the last word.
func gcTuned() bool { return os.Getenv("GOGC") == "" && os.Getenv("GOMEMLIMIT") == "" }

// tuneGCForLoading makes the collector keep the heap close to its live size while the
// site is generated or loaded.
func tuneGCForLoading() {
	if gcTuned() {
		debug.SetGCPercent(gcPercentLoading)
	}
}

// tuneGC sets the collector's percentage from the live heap of the loaded site, so
// that the heap may grow by at least gcHeadroom, or by gcPercentServing of a large
// live heap.
func tuneGC() {
	if !gcTuned() {
		return
	}
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	live := max(ms.HeapAlloc, 1<<20)
	debug.SetGCPercent(int(max(gcPercentServing, gcHeadroom*100/live)))
}
