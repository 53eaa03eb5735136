package contract

import (
	"fmt"
	"runtime"
	"strings"
	"sync"
	"testing"
)

// Testing adapts a *testing.T to T.
func Testing(t *testing.T) T { return testingT{t} }

type testingT struct{ *testing.T }

func (t testingT) Run(name string, f func(t T)) bool {
	return t.T.Run(name, func(tt *testing.T) { f(testingT{tt}) })
}

// Recorder is a T that records failures instead of reporting them, so a program (the
// suite's own tests of deliberately broken implementations) can run the suite and
// look at what it found. Fatalf and Skipf end the current subtest as in package testing.
type Recorder struct {
	name     string
	root     *Recorder
	mu       sync.Mutex
	failed   bool
	skipped  bool
	cleanups []func()
	errors   []string // on the root: every failure message, prefixed with its test name
}

// NewRecorder starts a recording.
func NewRecorder(name string) *Recorder {
	r := &Recorder{name: name}
	r.root = r
	return r
}

// Errors returns every failure recorded so far.
func (r *Recorder) Errors() []string {
	r.root.mu.Lock()
	defer r.root.mu.Unlock()
	return append([]string(nil), r.root.errors...)
}

// Finish runs the clean-ups registered on the root.
func (r *Recorder) Finish() { r.runCleanups() }

func (r *Recorder) Helper()      {}
func (r *Recorder) Name() string { return r.name }
func (r *Recorder) Failed() bool {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.failed
}
func (r *Recorder) Logf(string, ...any) {}

func (r *Recorder) Fail() {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.failed = true
}

func (r *Recorder) Errorf(format string, args ...any) {
	r.Fail()
	r.root.mu.Lock()
	r.root.errors = append(r.root.errors, r.name+": "+fmt.Sprintf(format, args...))
	r.root.mu.Unlock()
}

func (r *Recorder) Fatalf(format string, args ...any) {
	r.Errorf(format, args...)
	runtime.Goexit()
}

func (r *Recorder) Skipf(string, ...any) {
	r.mu.Lock()
	r.skipped = true
	r.mu.Unlock()
	runtime.Goexit()
}

func (r *Recorder) Cleanup(f func()) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.cleanups = append(r.cleanups, f)
}

func (r *Recorder) runCleanups() {
	r.mu.Lock()
	fs := r.cleanups
	r.cleanups = nil
	r.mu.Unlock()
	for i := len(fs) - 1; i >= 0; i-- {
		fs[i]()
	}
}

func (r *Recorder) Run(name string, f func(t T)) bool {
	child := &Recorder{name: r.name + "/" + strings.ReplaceAll(name, " ", "_"), root: r.root}
	done := make(chan struct{})
	go func() {
		defer close(done)
		defer child.runCleanups()
		f(child)
	}()
	<-done
	if child.Failed() {
		r.mu.Lock()
		r.failed = true
		r.mu.Unlock()
	}
	return !child.Failed()
}
