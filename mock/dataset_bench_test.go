package mock

import (
	"bytes"
	"net/http"
	"net/http/httptest"
	"runtime"
	"testing"
	"time"

	"github.com/wpmock/wpmock/fixtures"
	"github.com/wpmock/wpmock/mock/store"
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

// BenchmarkQueries100k measures the lists that walk the whole table on the site of
// wpmock -posts 100000: searches (a common word, a word no post has) and the orderings
// other than date, then a page deep in the default list.
func BenchmarkQueries100k(b *testing.B) {
	m, err := New(Options{Seed: 1, Size: large})
	if err != nil {
		b.Fatal(err)
	}
	for _, q := range []string{"?search=the", "?search=zyzzyva", "?orderby=title", "?orderby=slug",
		"?orderby=modified", "?orderby=author", "?orderby=title&page=5000", "?page=5000"} {
		b.Run(q, func(b *testing.B) {
			serveBench(b, m, httptest.NewRequest(http.MethodGet, "/wp-json/wp/v2/posts"+q, nil))
		})
	}
}

// BenchmarkExport measures GET /wpmock/v1/dataset of a generated site of 20,000 posts
// (and their revisions): what the export allocates per row is garbage that the
// collector has to catch up with (B/row).
func BenchmarkExport(b *testing.B) {
	size := fixtures.Size{Posts: 20000, Users: 10, Terms: 30, Media: 20}
	m, err := New(Options{Seed: 1, Size: size, AdminAppPassword: "bnch MARK pass w0rd 1234 abcd"})
	if err != nil {
		b.Fatal(err)
	}
	var rows int
	m.store.Read(func(tx *store.Tx) { rows = len(tx.Tables().Posts) })
	req := httptest.NewRequest(http.MethodGet, "/wp-json/wpmock/v1/dataset", nil)
	req.SetBasicAuth("admin", "bnch MARK pass w0rd 1234 abcd")
	b.ReportAllocs()
	var total uint64
	for i := 0; i < b.N; i++ {
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		w := &countingWriter{header: http.Header{}}
		m.ServeHTTP(w, req)
		runtime.ReadMemStats(&after)
		if w.status != http.StatusOK {
			b.Fatalf("status %d", w.status)
		}
		total += after.TotalAlloc - before.TotalAlloc
		b.SetBytes(int64(w.n))
	}
	b.ReportMetric(float64(total)/float64(b.N)/float64(rows), "B/row")
}

// countingWriter is a ResponseWriter that counts the body's bytes and keeps none.
type countingWriter struct {
	header http.Header
	status int
	n      int
}

func (w *countingWriter) Header() http.Header { return w.header }
func (w *countingWriter) WriteHeader(s int) {
	if w.status == 0 {
		w.status = s
	}
}
func (w *countingWriter) Write(p []byte) (int, error) {
	w.WriteHeader(http.StatusOK)
	w.n += len(p)
	return len(p), nil
}
