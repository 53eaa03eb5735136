package site

import (
	"runtime"
	"runtime/debug"
	"testing"
)

// TestExportLimitFollowsLiveMemory: memory that becomes live while an export runs
// raises the export's limit, so that the collector is not left running without pause.
func TestExportLimitFollowsLiveMemory(t *testing.T) {
	prev := debug.SetMemoryLimit(-1)
	defer debug.SetMemoryLimit(prev)
	end := BoundExportMemory()
	defer end()
	start := debug.SetMemoryLimit(-1)
	kept := make([]byte, 2*ExportHeadroom)
	for i := 0; i < len(kept); i += 4096 {
		kept[i] = 1
	}
	runtime.GC()
	FollowExportMemory()
	if got := debug.SetMemoryLimit(-1); got < start+ExportHeadroom {
		t.Errorf("with %d MiB more live, the export's limit went from %d to %d MiB", len(kept)>>20, start>>20, got>>20)
	}
	runtime.KeepAlive(kept)
}
