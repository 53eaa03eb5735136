package mock

import (
	"bytes"
	"runtime"
	"testing"
	"time"

	"github.com/wpmock/wpmock/fixtures"
)

// large is wpmock -posts 100000 (the other sizes at their defaults).
var large = fixtures.Size{Posts: 100000, Users: 10, Terms: 30, Media: 20}

// BenchmarkLoad100k measures what wpmock -posts 100000 does at start-up, generating
// the site and loading it, and the heap the site then keeps (s/load, MiB/heap).
func BenchmarkLoad100k(b *testing.B) {
	for i := 0; i < b.N; i++ {
		measure(b, func() *Mock {
			m, err := New(Options{Seed: 1, Size: large})
			if err != nil {
				b.Fatal(err)
			}
			return m
		})
	}
}

// BenchmarkLoadFile100k measures wpmock -data of the same site exported: decoding and
// validating the file, then loading it.
func BenchmarkLoadFile100k(b *testing.B) {
	ds, err := fixtures.Generate(1, large)
	if err != nil {
		b.Fatal(err)
	}
	var file bytes.Buffer
	if err := ds.Encode(&file); err != nil {
		b.Fatal(err)
	}
	ds = nil
	b.ReportMetric(float64(file.Len())/(1<<20), "MiB/file")
	for i := 0; i < b.N; i++ {
		measure(b, func() *Mock {
			loaded, err := fixtures.Decode(file.Bytes(), "large.json")
			if err != nil {
				b.Fatal(err)
			}
			m, err := New(Options{Dataset: loaded})
			if err != nil {
				b.Fatal(err)
			}
			return m
		})
	}
}

func measure(b *testing.B, load func() *Mock) {
	b.Helper()
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	start := time.Now()
	m := load()
	b.ReportMetric(time.Since(start).Seconds(), "s/load")
	runtime.GC()
	runtime.ReadMemStats(&after)
	b.ReportMetric(float64(after.HeapAlloc-before.HeapAlloc)/(1<<20), "MiB/heap")
	runtime.KeepAlive(m)
}
