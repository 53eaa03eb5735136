package main

// Parking idle keep-alive connections (issue 14: 10,000 of them must cost under
// 50 MB). net/http gives every connection a goroutine, and while it waits for the next
// request that goroutine holds its stack and two 4 KiB buffers: about 23 KiB a
// connection. So a connection that stays idle past a short grace is parked instead:
//
//   - http.Server.ConnState tells the connection it is idle (markIdle): net/http is
//     about to wait for the next request.
//   - limitedConn.Read then waits only the grace (never past net/http's own idle
//     deadline). A busy client, a load generator, sends its next request well within
//     it and never notices. Past it, Read answers io.EOF, as if the client had gone:
//     net/http drops the connection, its goroutine ends and its buffers go back to
//     their pools, and its Close hands the socket to the parker instead of closing it.
//   - The parker (park_linux.go; none on other systems) watches every parked socket
//     with one epoll instance and one goroutine. A socket that becomes readable goes
//     back to net/http through the listener's Accept, as a new connection; one idle
//     past net/http's idle deadline (IdleTimeout) is closed. A parked connection keeps
//     its MaxConns slot: it is still open.
//
// No byte of a request can be lost: a connection is parked only when net/http holds
// none of its next request. Such bytes are there when a client pipelines (sends its
// next request before reading the answer) and net/http read them into its buffer with
// the request before. So Read parks only
//
//   - in the wait itself: from net/http's setting of the idle deadline to its setting of
//     the next request's deadline (SetReadDeadline, once either side of the wait); with
//     four or more bytes buffered net/http reads no more before the request, and a later
//     Read, while it reads that request, is past the second SetReadDeadline;
//   - when net/http asks for its whole buffer, the size of the connection's first Read,
//     which it never does with bytes in it: with one to three bytes buffered (a client
//     that sent the start of its next request and paused) it asks for less, and the
//     connection is waited on with its goroutine as before.

import (
	"errors"
	"io"
	"net"
	"net/http"
	"os"
	"time"
)

// parkGrace is how long an idle keep-alive connection keeps its goroutine before it
// is parked: far longer than a busy client takes to send its next request.
const parkGrace = 100 * time.Millisecond

// parked is a connection the parker holds: its socket, when it is to be closed (zero:
// never), and its MaxConns slot.
type parked struct {
	conn    *net.TCPConn
	expires time.Time
	release func()
}

func (pc parked) close() {
	_ = pc.conn.Close()
	pc.release()
}

// markIdle is the http.Server's ConnState: net/http is about to wait for c's next
// request.
func markIdle(c net.Conn, state http.ConnState) {
	if lc, ok := c.(*limitedConn); ok && state == http.StateIdle && lc.parker != nil {
		lc.mu.Lock()
		lc.idle, lc.idleDeadlines = true, 0
		lc.mu.Unlock()
	}
}

// Read is net/http reading from the connection. The first Read of an idle connection
// with net/http's buffer empty waits only the grace, then says io.EOF and has Close
// park the connection.
func (c *limitedConn) Read(p []byte) (int, error) {
	if c.parker == nil {
		return c.Conn.Read(p)
	}
	c.mu.Lock()
	if c.bufSize == 0 {
		c.bufSize = len(p) // the first Read fills net/http's empty buffer
	}
	idle, empty, deadline := c.idle && c.idleDeadlines == 1, len(p) == c.bufSize, c.deadline
	c.idle = false
	c.mu.Unlock()
	if !idle || !empty {
		return c.Conn.Read(p)
	}
	grace := time.Now().Add(c.parker.grace)
	if !deadline.IsZero() && deadline.Before(grace) {
		return c.Conn.Read(p) // idle timeout within the grace: not worth parking
	}
	if err := c.Conn.SetReadDeadline(grace); err != nil {
		return 0, err
	}
	n, err := c.Conn.Read(p)
	if n == 0 && errors.Is(err, os.ErrDeadlineExceeded) {
		c.mu.Lock()
		c.parkOnClose = true
		c.mu.Unlock()
		return 0, io.EOF
	}
	if derr := c.Conn.SetReadDeadline(c.readDeadline()); err == nil {
		err = derr
	}
	return n, err
}

// park hands the connection to the parker if its Read asked for it; false: Close
// closes it for real.
func (c *limitedConn) park() bool {
	c.mu.Lock()
	park, expires := c.parkOnClose, c.deadline
	c.mu.Unlock()
	tcp, ok := c.Conn.(*net.TCPConn)
	return park && ok && c.parker.park(tcp, expires, c.release)
}
