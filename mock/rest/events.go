package rest

import (
	"bufio"
	"bytes"
	"context"
	"net/http"
	"strconv"
	"time"
)

// Events is an answer of Server-Sent Events (text/event-stream, the HTML standard's
// EventSource format), for the mock's own live views (the dashboard's request log):
// the server calls it after the request's transaction, with the write deadline
// lifted, and the answer lasts until it returns (the client gone: ctx is done, or the
// server shutting down). It must not read the store. Where the server cannot stream
// (_envelope, _jsonp, _pretty) the body is null: a handler answers those with JSON.
type Events func(ctx context.Context, w *EventWriter) error

// AppendJSON is a held answer's body: events cannot be held.
func (Events) AppendJSON(b *bytes.Buffer) { b.WriteString("null") }

// EventWriter writes the events of an Events answer, each sent at once.
type EventWriter struct {
	bw *bufio.Writer
	rc *http.ResponseController
}

// Event sends one event: its id (the Last-Event-ID a client reconnects with), its
// type and its data, one line of JSON.
func (w *EventWriter) Event(id uint64, event string, data []byte) error {
	w.bw.WriteString("id: ")
	w.bw.WriteString(strconv.FormatUint(id, 10))
	w.bw.WriteString("\nevent: ")
	w.bw.WriteString(event)
	w.bw.WriteString("\ndata: ")
	w.bw.Write(data) // JSON on one line: no newline to split
	w.bw.WriteString("\n\n")
	return w.Flush()
}

// Comment sends a comment line, which clients ignore: a keep-alive through proxies.
func (w *EventWriter) Comment(text string) error {
	w.bw.WriteString(": " + text + "\n\n")
	return w.Flush()
}

// Flush sends what was written.
func (w *EventWriter) Flush() error {
	if err := w.bw.Flush(); err != nil {
		return err
	}
	return w.rc.Flush()
}

// writeEvents sends an Events answer: its headers, then the events as they come.
func (s *Server) writeEvents(w http.ResponseWriter, hr *http.Request, status int, ev Events) {
	h := w.Header()
	h.Set("Content-Type", "text/event-stream; charset=UTF-8")
	h.Set("Cache-Control", "no-cache")
	h.Set("X-Accel-Buffering", "no") // nginx in front: do not hold the stream
	rc := http.NewResponseController(w)
	rc.SetWriteDeadline(time.Time{}) // the server's write timeout is for answers, not streams
	w.WriteHeader(status)
	if hr.Method == http.MethodHead {
		return
	}
	ew := &EventWriter{bw: bufio.NewWriter(w), rc: rc}
	if err := ew.Flush(); err != nil { // the headers now: the client knows it is connected
		return
	}
	if err := ev(hr.Context(), ew); err != nil && hr.Context().Err() == nil {
		s.logf("event stream: %v", err)
	}
}
