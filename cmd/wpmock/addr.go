package main

import (
	"errors"
	"flag"
	"fmt"
	"net"
	"strconv"

	"github.com/wpmock/wpmock/mock/dashboard"
)

// defaultAddr is where wpmock listens unless told otherwise: this machine only.
const defaultAddr = "127.0.0.1:8080"

// defaultHost is the host of a port given alone (-port 3000, -addr 3000).
const defaultHost = "127.0.0.1"

// listening holds -port, and what the environment gave -addr and -port, so that an
// address on the command line is not given the environment's port.
type listening struct {
	port    int    // -port; -1: not given
	envAddr string // WPMOCK_ADDR, or the default
	envPort int    // WPMOCK_PORT; -1: not given
}

// listenFlags registers -addr, -port and -dashboard-link.
func (m *Main) listenFlags(fs *flag.FlagSet) *listening {
	l := &listening{port: -1}
	fs.StringVar(&m.Addr, "addr", defaultAddr, "the `address` to listen on: host:port, :port (every interface) or a port alone (on 127.0.0.1)")
	fs.Func("port", "listen on this `port` (0: one the system picks), on -addr's host: 127.0.0.1 unless -addr names another", func(s string) error {
		n, err := strconv.Atoi(s)
		if err != nil || n < 0 || n > 65535 {
			return errors.New("want a port from 0 (one the system picks) to 65535")
		}
		l.port = n
		return nil
	})
	fs.Func("dashboard-link", "the `mode` of the banner's dashboard link: whether it signs a browser in (a per-process token in the URL, as notebook servers do): auto (on a loopback address only), on (any address: whoever can reach the port and sees the link is the administrator), off (default auto)", func(s string) error {
		switch s {
		case linkAuto, linkOn, linkOff:
			m.DashboardLink = s
			return nil
		}
		return errors.New("want auto, on or off")
	})
	return l
}

// envDone sets aside what the environment gave, before the command line is parsed.
func (l *listening) envDone(m *Main) {
	l.envAddr, l.envPort = m.Addr, l.port
	m.Addr, l.port = "", -1
}

// addr is the address to listen on: the command line's -addr and -port, each falling
// back on the environment's (WPMOCK_ADDR, WPMOCK_PORT) when not given; the
// environment's port does not apply to an address given on the command line.
func (l *listening) addr(m *Main) (string, error) {
	addr, port := m.Addr, l.port
	if addr == "" {
		addr = l.envAddr
		if port < 0 {
			port = l.envPort
		}
	}
	return listenAddr(addr, port)
}

// listenAddr is the address -addr and -port name together: -addr as host:port,
// :port or a port alone (json-server and most dev servers take a bare port, so
// -addr 32087 means 127.0.0.1:32087 rather than "missing port in address"); -port,
// when given (port >= 0, checked by the flag), replaces -addr's port and keeps its host.
func listenAddr(addr string, port int) (string, error) {
	if _, err := strconv.Atoi(addr); err == nil {
		addr = net.JoinHostPort(defaultHost, addr)
	}
	host, p, err := net.SplitHostPort(addr)
	if err != nil {
		return "", fmt.Errorf("-addr %s: want host:port (127.0.0.1:8080), :port (every interface) or a port (8080)", addr)
	}
	if port >= 0 {
		p = strconv.Itoa(port)
	}
	if n, err := strconv.Atoi(p); err != nil || n < 0 || n > 65535 {
		return "", fmt.Errorf("-addr %s: the port %q is not a number from 0 to 65535", addr, p)
	}
	return net.JoinHostPort(host, p), nil
}

// -dashboard-link's values.
const (
	linkAuto = "auto" // a token on a loopback address only
	linkOn   = "on"   // a token on any address
	linkOff  = "off"  // no token: the page asks for the password
)

// signsInByLink says whether the dashboard's link carries a token that signs a browser
// in. By default only where -addr is a loopback address: whoever opens the link acts
// as the administrator, and on this machine only its own users can reach the port
// (Jupyter's reasoning for its token). Listening on every interface (0.0.0.0, the
// container) or a named host, it takes -dashboard-link on.
func (m *Main) signsInByLink() bool {
	switch m.DashboardLink {
	case linkOn:
		return true
	case linkOff:
		return false
	}
	host, _, err := net.SplitHostPort(m.Addr)
	if err != nil {
		return false
	}
	if host == "localhost" {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

// dashboardURL is the dashboard's address on site as the banner and -ready-json give
// it: the sign-in link when there is a token.
func (m *Main) dashboardURL(site string) string {
	return dashboard.Link(site+dashboard.Path, m.Control.DashboardToken)
}
