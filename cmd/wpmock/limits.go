package main

import (
	"context"
	"errors"
	"net"
	"net/http"
	"sync"
	"time"
)

// Limits protect the server from slow and greedy clients. A zero duration or size
// means no limit.
type Limits struct {
	// ReadHeaderTimeout bounds the request line and headers.
	ReadHeaderTimeout time.Duration
	// BodyTimeout bounds the body, counted from the end of the headers: a body sent a
	// byte at a time, or never sent, is cut with 408 rest_body_timeout.
	BodyTimeout time.Duration
	// ReadTimeout bounds a whole request, headers and body.
	ReadTimeout time.Duration
	// WriteTimeout bounds the time from the end of the request headers to the end of
	// the response (Go's http.Server counts it so), so it must exceed BodyTimeout.
	WriteTimeout time.Duration
	// IdleTimeout closes a kept-alive connection that sends no next request.
	IdleTimeout time.Duration
	// MaxHeaderBytes bounds the request line and headers; Go answers 431 past it.
	MaxHeaderBytes int
	// MaxConns is how many connections are served at once; more wait to be accepted.
	MaxConns int
}

// DefaultLimits are the limits wpmock starts with.
var DefaultLimits = Limits{
	ReadHeaderTimeout: 10 * time.Second,
	BodyTimeout:       time.Minute,
	ReadTimeout:       2 * time.Minute,
	WriteTimeout:      2 * time.Minute,
	IdleTimeout:       time.Minute,
	MaxHeaderBytes:    http.DefaultMaxHeaderBytes, // 1 MiB
	MaxConns:          1024,
}

// httpServer is the http.Server that serves h within the limits.
func (l Limits) httpServer(h http.Handler) *http.Server {
	return &http.Server{
		Handler:           l.bodyDeadline(h),
		ReadHeaderTimeout: l.ReadHeaderTimeout,
		ReadTimeout:       l.ReadTimeout,
		WriteTimeout:      l.WriteTimeout,
		IdleTimeout:       l.IdleTimeout,
		MaxHeaderBytes:    l.MaxHeaderBytes,
		ConnState:         markIdle,
		ConnContext: func(ctx context.Context, c net.Conn) context.Context {
			return context.WithValue(ctx, connKey{}, c)
		},
	}
}

type connKey struct{}

// bodyDeadline gives a request with a body BodyTimeout to deliver it, never past the
// deadline ReadTimeout already set on the connection. The read that passes it fails,
// and the REST server answers 408 and closes the connection.
func (l Limits) bodyDeadline(h http.Handler) http.Handler {
	if l.BodyTimeout <= 0 {
		return h
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Body != nil && r.Body != http.NoBody {
			deadline := time.Now().Add(l.BodyTimeout)
			if c, ok := r.Context().Value(connKey{}).(*limitedConn); ok {
				if whole := c.readDeadline(); !whole.IsZero() && whole.Before(deadline) {
					deadline = whole
				}
			}
			_ = http.NewResponseController(w).SetReadDeadline(deadline)
		}
		h.ServeHTTP(w, r)
	})
}

// limitListener accepts at most max connections at once (0: any number), the way
// golang.org/x/net/netutil.LimitListener does: Accept waits for a connection to
// close, so further clients wait in the kernel's backlog instead of being refused.
// With a parker (park.go), Accept also hands back parked connections that have become
// readable; they kept their slot while parked.
type limitListener struct {
	net.Listener
	slots     chan struct{} // nil: no limit
	done      chan struct{}
	closeOnce sync.Once

	parker    *parker // nil: idle connections are not parked
	accepted  chan accepted
	startOnce sync.Once
}

// accepted is one result of the real Accept, which runs in its own goroutine when
// there is a parker (acceptLoop).
type accepted struct {
	conn net.Conn
	err  error
}

func newLimitListener(l net.Listener, max int, p *parker) *limitListener {
	ll := &limitListener{Listener: l, done: make(chan struct{}), parker: p, accepted: make(chan accepted)}
	if max > 0 {
		ll.slots = make(chan struct{}, max)
	}
	return ll
}

func (l *limitListener) Accept() (net.Conn, error) {
	if l.parker == nil {
		return l.accept()
	}
	l.startOnce.Do(func() {
		l.parker.start()
		go l.acceptLoop()
	})
	select {
	case pc := <-l.parker.woken:
		return l.wrap(pc.conn), nil
	case a := <-l.accepted:
		return a.conn, a.err
	case <-l.done:
		return nil, net.ErrClosed
	}
}

// accept waits for a slot, then for a new connection.
func (l *limitListener) accept() (net.Conn, error) {
	if l.slots != nil {
		select {
		case l.slots <- struct{}{}:
		case <-l.done:
			return nil, net.ErrClosed
		}
	}
	c, err := l.Listener.Accept()
	if err != nil {
		l.release()
		return nil, err
	}
	return l.wrap(c), nil
}

// acceptLoop runs accept for Accept while Accept also waits for parked connections.
// It ends when the listener is closed.
func (l *limitListener) acceptLoop() {
	for {
		c, err := l.accept()
		select {
		case l.accepted <- accepted{c, err}:
		case <-l.done:
			if c != nil {
				c.Close()
			}
			return
		}
		if errors.Is(err, net.ErrClosed) {
			return
		}
	}
}

func (l *limitListener) wrap(c net.Conn) net.Conn {
	return &limitedConn{Conn: c, release: l.release, parker: l.parker}
}

func (l *limitListener) release() {
	if l.slots != nil {
		<-l.slots
	}
}

// Close closes the listener and every parked connection.
func (l *limitListener) Close() error {
	l.closeOnce.Do(func() {
		close(l.done)
		if l.parker != nil {
			l.parker.stop()
		}
	})
	return l.Listener.Close()
}

// limitedConn gives its slot back when closed, and remembers the read deadline the
// HTTP server set (for bodyDeadline and parking).
type limitedConn struct {
	net.Conn
	release   func()
	closeOnce sync.Once
	parker    *parker // nil: never parked

	mu       sync.Mutex
	deadline time.Time
	// idle: net/http waits for the next request (markIdle), and idleDeadlines counts
	// its SetReadDeadline calls since: one before the wait, one after (park.go).
	idle          bool
	idleDeadlines int
	bufSize       int  // the length of the first Read: net/http's whole buffer
	parkOnClose   bool // Read gave up waiting: Close parks the connection
}

// NetConn is the connection it wraps (mock's reset fault sets SO_LINGER on it).
func (c *limitedConn) NetConn() net.Conn { return c.Conn }

// Close closes the connection and gives its slot back, or parks it (park.go). Only
// the first call does anything: net/http may close an idle connection from Shutdown
// while its own goroutine closes it too, and the second must not close a connection
// since parked.
func (c *limitedConn) Close() error {
	err := net.ErrClosed
	c.closeOnce.Do(func() {
		if c.parker != nil && c.park() {
			err = nil
			return
		}
		err = c.Conn.Close()
		c.release()
	})
	return err
}

func (c *limitedConn) SetDeadline(t time.Time) error {
	c.setReadDeadline(t)
	return c.Conn.SetDeadline(t)
}

func (c *limitedConn) SetReadDeadline(t time.Time) error {
	c.setReadDeadline(t)
	return c.Conn.SetReadDeadline(t)
}

func (c *limitedConn) setReadDeadline(t time.Time) {
	c.mu.Lock()
	c.deadline = t
	if c.idle {
		c.idleDeadlines++
		c.idle = c.idleDeadlines < 2
	}
	c.mu.Unlock()
}

func (c *limitedConn) readDeadline() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.deadline
}

// CloseWrite keeps the TCP half-close http.Server uses to let a client read an error
// answer (a 408 or 413 before the whole body came) before the connection is reset.
func (c *limitedConn) CloseWrite() error {
	if cw, ok := c.Conn.(interface{ CloseWrite() error }); ok {
		return cw.CloseWrite()
	}
	return nil
}
