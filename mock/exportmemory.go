package mock

import (
	"runtime/debug"
	"runtime/metrics"
	"sync"
)

// exportHeadroom is how much the process's memory may grow while dataset exports
// stream. Go's collector lets the heap grow by a share of its live size before it
// collects (GOGC, which wpmock sets to half of a large site's live heap), and an
// export makes garbage as fast as it writes (about 2 KB a row: the records and their
// encoding), so the export of a million posts grew the process by over half a GiB,
// and a larger site's would by more. While any export runs, a soft memory limit
// (debug.SetMemoryLimit) holds the process to what it used when the first began plus
// this, the serving headroom of a small site: the collector then runs once per
// exportHeadroom of garbage, marking the live heap each time, on the core the export
// leaves (a million posts: 61 s and +101 MiB, against 63 s and +561 MiB without the
// limit). A lower limit of the process's own (GOMEMLIMIT) still wins.
const exportHeadroom = 64 << 20

var exportMemory struct {
	sync.Mutex
	running int   // exports streaming
	before  int64 // the limit when the first of them began, put back after the last
}

// boundExportMemory sets the limit for an export that starts, and returns what to
// call when it ends.
func boundExportMemory() (end func()) {
	exportMemory.Lock()
	defer exportMemory.Unlock()
	if exportMemory.running == 0 {
		exportMemory.before = debug.SetMemoryLimit(-1)
		debug.SetMemoryLimit(min(exportMemory.before, memoryInUse()+exportHeadroom))
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

// memoryInUse is the memory the limit counts: all the runtime has mapped, less what
// it has handed back to the system.
func memoryInUse() int64 {
	s := []metrics.Sample{{Name: "/memory/classes/total:bytes"}, {Name: "/memory/classes/heap/released:bytes"}}
	metrics.Read(s)
	return int64(s[0].Value.Uint64() - s[1].Value.Uint64())
}
