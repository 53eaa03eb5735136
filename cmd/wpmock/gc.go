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
// for the posts page). With 64 MiB of headroom it is one a second (16,800/s). A large
// site's live heap is beyond it and keeps GOGC=100.
const gcHeadroom = 64 << 20

// tuneGC sets the collector's percentage from the live heap of the loaded site, so
// that the heap may grow by at least gcHeadroom, unless GOGC or GOMEMLIMIT says
// otherwise.
func tuneGC() {
	if os.Getenv("GOGC") != "" || os.Getenv("GOMEMLIMIT") != "" {
		return
	}
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	live := max(ms.HeapAlloc, 1<<20)
	debug.SetGCPercent(int(max(100, gcHeadroom*100/live)))
}
