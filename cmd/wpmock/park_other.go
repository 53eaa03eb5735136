//go:build !linux

package main

import (
	"net"
	"time"
)

// parker parks idle connections on Linux only (park_linux.go); elsewhere newParker
// gives none, and every connection keeps its net/http goroutine while idle.
type parker struct {
	grace time.Duration
	woken chan parked
}

func newParker(time.Duration) (*parker, error) { return nil, nil }

func (p *parker) start()                                    {}
func (p *parker) park(*net.TCPConn, time.Time, func()) bool { return false }
func (p *parker) count() int                                { return 0 }
func (p *parker) stop()                                     {}
