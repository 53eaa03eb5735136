package site

import (
	"runtime/debug"
	"runtime/metrics"
	"sync"
)

// ExportHeadroom is how much the process's memory may grow while dataset exports
// stream. Go's collector lets the heap grow by a share of its live size before it
// collects (GOGC, which wpmock sets to half of a large site's live heap), and an
// export makes garbage as fast as it writes (about 2 KB a row: the records and their
// encoding), so the export of a million posts grew the process by over half a GiB,
// and a larger site's would by more. While any export runs, a soft memory limit
// (debug.SetMemoryLimit) holds the process to the memory it had when the first began
// plus this, the serving headroom of a small site: the collector then runs once the
// heap has used what it had and this, marking the live heap each time, on the core
// the export leaves (a million posts: 61 s and +101 MiB, against 63 s and +561 MiB
// without it). The limit follows the live memory up as the export goes
// (FollowExportMemory), so that writes during a long export do not leave the collector
// running without pause. A limit from the live memory alone made the collector run
// more often for the same bound (84 s, +56 MiB), and a low collector percentage made
// the export's own goroutine help mark (107 s). A lower limit of the process's own
// (GOMEMLIMIT) still wins.
const ExportHeadroom = 64 << 20

var exportMemory struct {
	sync.Mutex
	running int   // exports streaming
	before  int64 // the limit when the first of them began, put back after the last
	limit   int64 // the limit set for them
}

// BoundExportMemory sets the limit for an export that starts, and returns what to
// call when it ends.
func BoundExportMemory() (end func()) {
	exportMemory.Lock()
	defer exportMemory.Unlock()
	if exportMemory.running == 0 {
		exportMemory.before = debug.SetMemoryLimit(-1)
		exportMemory.limit = 0
		raiseExportLimit(memoryInUse())
	}
	exportMemory.running++
	return func() {
		exportMemory.Lock()
		defer exportMemory.Unlock()
		if exportMemory.running--; exportMemory.running == 0 {
			debug.SetMemoryLimit(exportMemory.before)
		}
	}
}

// FollowExportMemory raises the limit of the running exports when the live memory has
// grown; an export calls it every few thousand rows.
func FollowExportMemory() {
	exportMemory.Lock()
	defer exportMemory.Unlock()
	if exportMemory.running > 0 {
		raiseExportLimit(LiveMemory())
	}
}

// raiseExportLimit sets the limit to base plus ExportHeadroom when that is above the
// limit set so far (and below the limit before the exports).
func raiseExportLimit(base int64) {
	if want := min(exportMemory.before, base+ExportHeadroom); want > exportMemory.limit {
		exportMemory.limit = want
		debug.SetMemoryLimit(want)
	}
}

// memoryInUse is the memory the limit counts: all the runtime has mapped, less what it
// has handed back to the system. An export starts from it: the heap may reuse what it
// already has, and the process grows by ExportHeadroom at most.
func memoryInUse() int64 {
	s := []metrics.Sample{{Name: "/memory/classes/total:bytes"}, {Name: "/memory/classes/heap/released:bytes"}}
	metrics.Read(s)
	return int64(s[0].Value.Uint64() - s[1].Value.Uint64())
}

// LiveMemory is the memory a soft limit (debug.SetMemoryLimit) counts, but for what
// the heap could reuse: its garbage, as of the last collection, and its free and
// unused space. The export's limit follows it up as an export goes, and wpmock's limit
// while it builds a site; were those counted, it would climb by the garbage each
// collection frees.
func LiveMemory() int64 {
	s := []metrics.Sample{
		{Name: "/memory/classes/total:bytes"},
		{Name: "/memory/classes/heap/released:bytes"},
		{Name: "/memory/classes/heap/free:bytes"},
		{Name: "/memory/classes/heap/unused:bytes"},
		{Name: "/memory/classes/heap/objects:bytes"},
		{Name: "/gc/heap/live:bytes"},
	}
	metrics.Read(s)
	v := func(i int) int64 { return int64(s[i].Value.Uint64()) }
	objects := v(4)
	if live := v(5); live > 0 && live < objects {
		objects = live
	}
	return v(0) - v(1) - v(2) - v(3) - v(4) + objects
}
