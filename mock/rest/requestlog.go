package rest

import (
	"sync"
	"time"
)

// RequestLog keeps the last requests a server answered, the access log's lines as
// values, for the dashboard's live log (mock/dashboard): a bounded ring, and
// subscribers woken when a request is added. Adding costs a lock and a copy into the
// ring, nothing more when nobody listens (BenchmarkRequestLog in package mock measures
// it). One log may serve several servers: a process's named sites share the default
// site's, each entry naming its site.
type RequestLog struct {
	mu     sync.Mutex
	ring   []LoggedRequest
	next   uint64 // the Seq of the next entry; entries start at 1
	subs   map[*Subscription]struct{}
	closed bool
}

// LoggedRequest is one request as the access log writes it.
type LoggedRequest struct {
	// Seq numbers the requests from 1, in the order they finished.
	Seq uint64
	// Time is when the request came in.
	Time   time.Time
	Method string
	// URI is the request's path and query, with the site's base path (/sites/w1).
	URI string
	// Site is the base path of the site that answered: "" for the default site.
	Site   string
	Status int
	// Code is the WordPress error code of an error answer, else "".
	Code string
	// User is the caller's login, "-" for anonymous.
	User string
	// Took is how long the server took, from the request to the end of the answer.
	Took time.Duration
}

// DefaultRequestLog is how many requests a RequestLog of size 0 keeps.
const DefaultRequestLog = 500

// NewRequestLog keeps the last size requests (DefaultRequestLog for 0).
func NewRequestLog(size int) *RequestLog {
	if size <= 0 {
		size = DefaultRequestLog
	}
	return &RequestLog{ring: make([]LoggedRequest, size), next: 1}
}

// add keeps a request, in place of the oldest once the ring is full, and wakes the
// subscribers.
func (l *RequestLog) add(e LoggedRequest) {
	l.mu.Lock()
	e.Seq = l.next
	l.ring[e.Seq%uint64(len(l.ring))] = e
	l.next++
	for s := range l.subs {
		select {
		case s.wake <- struct{}{}:
		default: // already woken: it reads everything new when it runs
		}
	}
	l.mu.Unlock()
}

// Since returns the requests after seq that the ring still holds, oldest first, at
// most max of the newest of them (0: all), and how many requests after seq it no
// longer holds or left out.
func (l *RequestLog) Since(seq uint64, max int) (out []LoggedRequest, missed uint64) {
	l.mu.Lock()
	defer l.mu.Unlock()
	first := seq + 1
	if oldest := l.oldestLocked(); first < oldest {
		missed, first = oldest-first, oldest
	}
	if max > 0 && l.next-first > uint64(max) {
		missed += l.next - first - uint64(max)
		first = l.next - uint64(max)
	}
	for s := first; s < l.next; s++ {
		out = append(out, l.ring[s%uint64(len(l.ring))])
	}
	return out, missed
}

// Last is the Seq of the newest request, 0 before any.
func (l *RequestLog) Last() uint64 {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.next - 1
}

// oldestLocked is the Seq of the oldest request the ring holds.
func (l *RequestLog) oldestLocked() uint64 {
	if n := uint64(len(l.ring)); l.next > n {
		return l.next - n
	}
	return 1
}

// Subscription is a listener to a RequestLog: Wake receives when requests were added
// since the last receive (one value for many requests: read them with Since), and
// Done is closed when the log is closed (the server shutting down).
type Subscription struct {
	log  *RequestLog
	wake chan struct{}
	done chan struct{}
}

// Subscribe adds a listener; Close it when done. On a closed log its Done is closed.
func (l *RequestLog) Subscribe() *Subscription {
	s := &Subscription{log: l, wake: make(chan struct{}, 1), done: make(chan struct{})}
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.closed {
		close(s.done)
		return s
	}
	if l.subs == nil {
		l.subs = map[*Subscription]struct{}{}
	}
	l.subs[s] = struct{}{}
	return s
}

// Wake receives when requests were added.
func (s *Subscription) Wake() <-chan struct{} { return s.wake }

// Done is closed when the log is closed.
func (s *Subscription) Done() <-chan struct{} { return s.done }

// Close removes the listener.
func (s *Subscription) Close() {
	s.log.mu.Lock()
	defer s.log.mu.Unlock()
	delete(s.log.subs, s)
}

// Listeners counts the subscriptions.
func (l *RequestLog) Listeners() int {
	l.mu.Lock()
	defer l.mu.Unlock()
	return len(l.subs)
}

// Close ends every subscription and refuses new ones (a server shutting down must not
// wait for streams that never end); requests are still kept.
func (l *RequestLog) Close() {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.closed {
		return
	}
	l.closed = true
	for s := range l.subs {
		close(s.done)
	}
	l.subs = nil
}
