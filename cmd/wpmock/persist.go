package main

import (
	"fmt"
	"io"
	"time"

	"github.com/wpmock/wpmock/mock"
	"github.com/wpmock/wpmock/mock/webhook"
)

// PersistDelay is how long -persist waits after a change before it writes the
// file: the changes of a burst of requests are written together, so the file is
// written at most once a second however busy the site is.
const PersistDelay = time.Second

// persister writes the site's content back to its -data file (-persist), so that a
// restart with the same -data keeps what the frontend created, as json-server does
// with its db.json. Requests only take note of a change (changed); the file is
// written from its own goroutine, whole or not at all (writeFileAtomic), and once
// more when the server stops.
type persister struct {
	path  string
	delay time.Duration
	log   io.Writer // write failures; the site keeps serving and the next change tries again
	site  *mock.Mock

	changes chan struct{} // one slot: a change the loop has not seen yet
	quit    chan struct{}
	done    chan error // the final write's error
}

func newPersister(path string, log io.Writer) *persister {
	return &persister{path: path, delay: PersistDelay, log: log,
		changes: make(chan struct{}, 1), quit: make(chan struct{}), done: make(chan error, 1)}
}

// changed is control.Options.OnChange: it never waits, so no request waits for the disk.
// What changed does not matter: the whole file is written.
func (p *persister) changed(*webhook.Change) {
	select {
	case p.changes <- struct{}{}:
	default: // a change is already noted; the write will take this one too
	}
}

// start begins writing site's changes back.
func (p *persister) start(site *mock.Mock) {
	p.site = site
	go func() { p.done <- p.loop() }()
}

// stop writes what is not written yet and ends the loop; call it once the server
// serves no more requests.
func (p *persister) stop() error {
	close(p.quit)
	return <-p.done
}

// loop writes the file p.delay after the first change it has not written yet. A
// failed write is retried at the next change, and at the end.
func (p *persister) loop() error {
	var due <-chan time.Time
	dirty := false
	for {
		select {
		case <-p.changes:
			dirty = true
			if due == nil {
				due = time.After(p.delay)
			}
		case <-due:
			due = nil
			if err := p.save(); err != nil {
				fmt.Fprintf(p.log, "wpmock: -persist: %v\n", err)
				continue
			}
			dirty = false
		case <-p.quit:
			select {
			case <-p.changes:
				dirty = true
			default:
			}
			if !dirty {
				return nil
			}
			return p.save()
		}
	}
}

// save writes the site's current content, in the dataset format -data reads.
func (p *persister) save() error {
	return writeFileAtomic(p.path, p.site.Dataset().Encode)
}
