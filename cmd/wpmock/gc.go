package main

import (
	"net/http"
	"os"
	"runtime"
	"runtime/debug"
	"sync/atomic"
	"time"

	"github.com/wpmock/wpmock/mock/site"
)

// gcHeadroom is how much the heap may grow between two collections at least. Go's
// default (GOGC=100) collects whenever the heap doubles, which for the default site,
// whose live heap is about 2 MB, meant 50 collections a second under wrk's load, each
// taking a share of the one core the server had (make bench-http: 14,500 requests/s
// for the posts page). With 64 MiB of headroom it is one a second (16,800/s).
const gcHeadroom = 64 << 20

// A large site's heap may grow by half its live size between collections (Go's
// default is all of it): a million posts are about 1.1 GiB live, and doubling that
// would take the machine's memory for garbage. While the site is built, Go's
// default: the soft limit (loadingMemoryPercent) is what bounds the memory then,
// and every collection marks what has piled up so far. With a quarter, a million
// posts took 27-30 collections and 4.7-4.9 s of the collector's CPU; with all of it
// and the limit below, 10-11 and 2.0-2.6 s, for a peak of 1,650 MiB rather than
// 1,450 (make bench-scale).
const (
	gcPercentServing = 50
	gcPercentLoading = 100
)

// gcTuned reports whether the collector is the mock's to tune: GOGC and GOMEMLIMIT
// have the last word.
func gcTuned() bool { return os.Getenv("GOGC") == "" && os.Getenv("GOMEMLIMIT") == "" }

// loadingMemoryPercent bounds the process's memory while the site is built: a soft
// limit (debug.SetMemoryLimit) follows the live memory (site.LiveMemory) up, this
// share and gcHeadroom over it. The collector's percentage bounds the heap's growth
// over what was live at the last collection, but not the memory that the heap's
// free spans and what the collector has not yet given back take besides: at a
// million posts the process peaked at 2,040-2,130 MiB over 1.4 GB live. Under the
// limit it peaked at about 1,800 MiB, for about a tenth more CPU while the site was
// built; with the budget below (and rows that take less), at about 1,700 MiB
// (make bench-scale). The limit counts the heap's free spans too, so with 30% the
// collector ran after every 30-60 MB of the last third of the build, marking a
// gigabyte each time; with 50% (and gcPercentLoading's 100) the build of a million
// posts takes 0.84 of the time, at a peak of 1,650 MiB. 60% and 70% were no faster
// and took 1,750 and 1,850 MiB.
const loadingMemoryPercent = 50

// bytesPerGeneratedPost is the live memory (site.LiveMemory) a generated post takes
// once the site is built, with its share of the revisions, meta and indexes: 1,086
// bytes at a million posts, 1,112 at 100,000 (TestBytesPerGeneratedPost keeps it
// true).
const bytesPerGeneratedPost = 1100

// loadingBudget is where the limit that follows the live memory would end for a
// generated site of this many posts, known before it is built. Following the live
// memory alone, the limit stays close above it all along: at a million posts the
// collector ran 40 times, in the end after every 50 MB the rows took, marking over a
// gigabyte each time. The budget lets the heap grow further between collections
// while the site is still small, for the same peak: the end's. (A dataset read from
// a file has none: its rows take what their content does.)
func loadingBudget(posts int) int64 {
	return int64(posts)*bytesPerGeneratedPost*(100+loadingMemoryPercent)/100 + gcHeadroom
}

// tuneGCForLoading makes the collector keep the heap and the process close to the
// live size while the site is generated or loaded, or within budget (loadingBudget)
// if that is larger, until done is called.
func tuneGCForLoading(budget int64) (done func()) {
	if !gcTuned() {
		return func() {}
	}
	debug.SetGCPercent(gcPercentLoading)
	before := debug.SetMemoryLimit(-1)
	stop, stopped := make(chan struct{}), make(chan struct{})
	go func() {
		defer close(stopped)
		t := time.NewTicker(50 * time.Millisecond)
		defer t.Stop()
		for {
			debug.SetMemoryLimit(max(budget, site.LiveMemory()*(100+loadingMemoryPercent)/100+gcHeadroom))
			select {
			case <-stop:
				return
			case <-t.C:
			}
		}
	}()
	return func() {
		close(stop)
		<-stopped
		debug.SetMemoryLimit(before)
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

// quietAfter is how long the server must have had no request in flight before what
// the last busy spell left behind goes back to the system.
const quietAfter = time.Second

// quiet gives memory back once the server goes quiet. Between collections the heap
// grows by gcHeadroom at least: garbage of the requests served, which the Go runtime
// collects only when the headroom is used up and hands back to the system only
// slowly. A server that clients leave alone (with, say, thousands of idle keep-alive
// connections, parked at a KiB or two each) would keep it for good. Once per busy
// spell, a quiet second after its last request, quiet collects and gives back
// (debug.FreeOSMemory); the collection takes milliseconds for the default site and
// about a second of one core for a million posts, when nobody is waiting.
type quiet struct {
	inFlight atomic.Int64
	last     atomic.Int64 // when the last request ended, in Unix nanoseconds
	dirty    atomic.Bool  // requests came since the last release
}

// count wraps the server's handler to know when requests come and go.
func (q *quiet) count(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		q.inFlight.Add(1)
		q.dirty.Store(true)
		defer func() {
			q.last.Store(time.Now().UnixNano())
			q.inFlight.Add(-1)
		}()
		h.ServeHTTP(w, r)
	})
}

// release runs until done is closed, looking every quietAfter/4 whether the server
// has gone quiet since its last busy spell.
func (q *quiet) release(done <-chan struct{}) {
	t := time.NewTicker(quietAfter / 4)
	defer t.Stop()
	for {
		select {
		case <-done:
			return
		case now := <-t.C:
			if q.dirty.Load() && q.inFlight.Load() == 0 && now.UnixNano()-q.last.Load() >= int64(quietAfter) &&
				q.dirty.CompareAndSwap(true, false) {
				debug.FreeOSMemory()
			}
		}
	}
}
