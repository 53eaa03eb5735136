package main

import (
	"errors"
	"fmt"
	"net"
	"sync"
	"syscall"
	"time"
)

// parker holds idle keep-alive connections that net/http has let go of (park.go):
// one epoll instance watches them all from one goroutine, so a parked connection
// costs its socket and a map entry instead of a goroutine, its stack and two 4 KiB
// buffers. A parked connection that becomes readable (its next request, or a close)
// goes back to the server through the listener's Accept (woken); one that stays idle
// past its deadline is closed.
type parker struct {
	grace time.Duration
	woken chan parked

	epfd int
	wake [2]int // a pipe: a byte written to wake[1] ends run
	done chan struct{}

	mu    sync.Mutex
	conns map[int]parked // by file descriptor; nil once stopped
	runs  sync.Once
}

// sweepEvery is how often parked connections are checked against their deadline.
const sweepEvery = time.Second

func newParker(grace time.Duration) (*parker, error) {
	epfd, err := syscall.EpollCreate1(syscall.EPOLL_CLOEXEC)
	if err != nil {
		return nil, fmt.Errorf("epoll_create1: %w", err)
	}
	p := &parker{grace: grace, woken: make(chan parked), epfd: epfd, done: make(chan struct{}), conns: map[int]parked{}}
	if err := syscall.Pipe2(p.wake[:], syscall.O_CLOEXEC|syscall.O_NONBLOCK); err != nil {
		syscall.Close(epfd)
		return nil, fmt.Errorf("pipe2: %w", err)
	}
	ev := syscall.EpollEvent{Events: syscall.EPOLLIN, Fd: int32(p.wake[0])}
	if err := syscall.EpollCtl(epfd, syscall.EPOLL_CTL_ADD, p.wake[0], &ev); err != nil {
		p.closeFDs()
		return nil, fmt.Errorf("epoll_ctl: %w", err)
	}
	return p, nil
}

func (p *parker) closeFDs() {
	syscall.Close(p.epfd)
	syscall.Close(p.wake[0])
	syscall.Close(p.wake[1])
}

// start runs the epoll loop; the listener calls it on its first Accept.
func (p *parker) start() { p.runs.Do(func() { go p.run() }) }

// park takes c over until it becomes readable, is closed by the client or passes
// expires (zero: never); release gives back its MaxConns slot once it is closed. False
// (the parker is stopped, or epoll refused c): the caller closes c itself.
func (p *parker) park(c *net.TCPConn, expires time.Time, release func()) bool {
	raw, err := c.SyscallConn()
	if err != nil {
		return false
	}
	fd := -1
	if raw.Control(func(s uintptr) { fd = int(s) }) != nil || fd < 0 {
		return false
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.conns == nil {
		return false
	}
	// in the map before epoll knows it: an event can come at once, and run looks it up
	p.conns[fd] = parked{conn: c, expires: expires, release: release}
	ev := syscall.EpollEvent{Events: syscall.EPOLLIN | syscall.EPOLLRDHUP | syscall.EPOLLONESHOT, Fd: int32(fd)}
	if err := syscall.EpollCtl(p.epfd, syscall.EPOLL_CTL_ADD, fd, &ev); err != nil {
		delete(p.conns, fd)
		return false
	}
	return true
}

// remove takes fd out of epoll and the map; p.mu is held. A descriptor is never
// closed while epoll still watches it.
func (p *parker) remove(fd int) {
	delete(p.conns, fd)
	_ = syscall.EpollCtl(p.epfd, syscall.EPOLL_CTL_DEL, fd, nil)
}

// count is how many connections are parked.
func (p *parker) count() int {
	p.mu.Lock()
	defer p.mu.Unlock()
	return len(p.conns)
}

// run waits for parked connections to become readable and hands them back; about
// once a second it closes the ones past their deadline.
func (p *parker) run() {
	defer p.closeFDs()
	events := make([]syscall.EpollEvent, 128)
	lastSweep := time.Now()
	for {
		n, err := syscall.EpollWait(p.epfd, events, int(sweepEvery/time.Millisecond))
		if err != nil && !errors.Is(err, syscall.EINTR) {
			p.stop() // cannot happen with a valid epfd; never leave connections hanging
			return
		}
		var ready, expired []parked
		p.mu.Lock()
		if p.conns == nil {
			p.mu.Unlock()
			return
		}
		for _, ev := range events[:max(n, 0)] {
			fd := int(ev.Fd)
			if pc, ok := p.conns[fd]; ok {
				p.remove(fd)
				ready = append(ready, pc)
			}
		}
		if now := time.Now(); now.Sub(lastSweep) >= sweepEvery {
			lastSweep = now
			for fd, pc := range p.conns {
				if !pc.expires.IsZero() && now.After(pc.expires) {
					p.remove(fd)
					expired = append(expired, pc)
				}
			}
		}
		p.mu.Unlock()
		for _, pc := range expired {
			pc.close()
		}
		for _, pc := range ready {
			// the deadlines net/http and the grace left are long past
			_ = pc.conn.SetDeadline(time.Time{})
			select {
			case p.woken <- pc:
			case <-p.done:
				pc.close()
			}
		}
	}
}

// stop closes every parked connection and ends run; the listener's Close calls it.
// Connections parked later are refused (park returns false).
func (p *parker) stop() {
	p.mu.Lock()
	if p.conns == nil {
		p.mu.Unlock()
		return // stopped already
	}
	conns := make([]parked, 0, len(p.conns))
	for fd, pc := range p.conns {
		p.remove(fd)
		conns = append(conns, pc)
	}
	p.conns = nil
	close(p.done)
	started := true
	p.runs.Do(func() { started = false })
	if started {
		// under the lock: run closes the pipe only once it has seen conns == nil
		_, _ = syscall.Write(p.wake[1], []byte{0})
	}
	p.mu.Unlock()
	if !started {
		p.closeFDs()
	}
	for _, pc := range conns {
		pc.close()
	}
}
