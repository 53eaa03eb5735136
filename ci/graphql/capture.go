package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// A capture is one operation's answer from one side, as stored in
// captures/<version>/<operation>.json: the status, the Content-Type and the body,
// the JSON as WPGraphQL sent it (key order kept, indented), or bodyText when the body
// is not JSON. The site's own base URL is written as baseURL (below) so that answers
// from sites at other addresses compare.
type capture struct {
	status      int
	contentType string
	body        []byte // indented JSON, nil when bodyText
	bodyText    string
}

// compactOver: a body larger than this (an introspection, ~1 MB) is stored on one line,
// which keeps the captures' size near the answers'; smaller ones are indented for reading.
const compactOver = 64 << 10

// baseURL stands for the answering site's address in stored answers.
const baseURL = "http://wpmock.invalid"

// normalise turns an answer into a capture: the site's address replaced by baseURL
// (plain and with the slashes escaped, as PHP's json_encode writes them).
func normalise(s *site, a *answer) capture {
	body := bytes.ReplaceAll(a.body, []byte(s.base), []byte(baseURL))
	esc := strings.ReplaceAll(s.base, "/", `\/`)
	body = bytes.ReplaceAll(body, []byte(esc), []byte(strings.ReplaceAll(baseURL, "/", `\/`)))
	c := capture{status: a.status, contentType: a.contentType}
	var out bytes.Buffer
	switch {
	case !json.Valid(body):
		c.bodyText = string(body)
	case len(body) > compactOver && json.Compact(&out, body) == nil:
		c.body = out.Bytes()
	case json.Indent(&out, body, "", " ") == nil:
		c.body = out.Bytes()
	}
	return c
}

func (c capture) encode() []byte {
	var b bytes.Buffer
	fmt.Fprintf(&b, "{\n \"status\": %d,\n", c.status)
	ct, _ := json.Marshal(c.contentType)
	fmt.Fprintf(&b, " \"contentType\": %s,\n", ct)
	if c.body != nil {
		b.WriteString(" \"body\": ")
		b.Write(bytes.ReplaceAll(c.body, []byte("\n"), []byte("\n ")))
	} else {
		t, _ := json.Marshal(c.bodyText)
		b.WriteString(" \"bodyText\": ")
		b.Write(t)
	}
	b.WriteString("\n}\n")
	return b.Bytes()
}

func readCapture(path string) (capture, error) {
	raw, err := os.ReadFile(path)
	if err != nil {
		return capture{}, err
	}
	var f struct {
		Status      int             `json:"status"`
		ContentType string          `json:"contentType"`
		Body        json.RawMessage `json:"body"`
		BodyText    *string         `json:"bodyText"`
	}
	if err := json.Unmarshal(raw, &f); err != nil {
		return capture{}, fmt.Errorf("%s: %w", path, err)
	}
	c := capture{status: f.Status, contentType: f.ContentType, body: f.Body}
	if f.BodyText != nil {
		c.bodyText, c.body = *f.BodyText, nil
	}
	return c, nil
}

// captureAll runs the corpus against s and writes each answer into dir.
func captureAll(s *site, ops []operation, dir string) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	r := &resolver{s: s, seen: map[string]int{}}
	for _, op := range ops {
		a, err := send(s, r, op)
		if err != nil {
			return fmt.Errorf("%s: %w", op.name, err)
		}
		c := normalise(s, a)
		if err := os.WriteFile(filepath.Join(dir, op.name+".json"), c.encode(), 0o644); err != nil {
			return err
		}
		fmt.Printf("%-40s %d %6d bytes\n", op.name, c.status, len(a.body))
	}
	return nil
}
