package main

import (
	"fmt"
	"net"
	"strconv"
)

// defaultAddr is where wpmock listens unless told otherwise: this machine only.
const defaultAddr = "127.0.0.1:8080"

// defaultHost is the host of a port given alone (-port 3000, -addr 3000).
const defaultHost = "127.0.0.1"

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
