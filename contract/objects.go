package contract

import (
	"bytes"
	"fmt"
	"image"
	"image/png"
	"net/http"
	"strconv"
	"strings"
)

// create makes an object through the API as the admin (or acc) and registers its
// deletion with force=true for the end of the run, whether the checks pass or not.
// collection is e.g. "/wp/v2/posts"; it returns the created object's response. When
// the target refuses, the rule fails and the rest of the test is reported blocked by it.
func (s *Suite) create(t T, acc *account, collection string, body map[string]any) *Result {
	t.Helper()
	r, why := s.tryCreate(t, acc, collection, body)
	if why != "" {
		t.Skipf("blocked: %s", why)
	}
	return r
}

// tryCreate is create that says why it could not ("" when it could) instead of
// ending the test.
func (s *Suite) tryCreate(t T, acc *account, collection string, body map[string]any) (*Result, string) {
	t.Helper()
	if acc == nil {
		acc = s.admin()
	}
	r := s.as(acc).send(t, http.MethodPost, collection, body)
	rule := "writes/" + resourceOf(collection) + "/create: POST " + collection + " creates (201 with the new object)"
	if !check(t, r, r.Status == http.StatusCreated && idOf(r) > 0, rule, "status %d, id %s", r.Status, show(r.object()["id"], true)) {
		return r, blockedBy(rule, r)
	}
	s.deleteLater(collection, idOf(r))
	return r, ""
}

// resourceOf names the resource of a collection route: "/wp/v2/posts/5/meta" → "meta".
func resourceOf(collection string) string {
	return collection[strings.LastIndex(collection, "/")+1:]
}

// blockedBy says which rule failed on which exchange, for what it blocks.
func blockedBy(rule string, r *Result) string {
	id, _ := splitRule(rule)
	got := strconv.Itoa(r.Status)
	if c := r.code(); c != "" {
		got += " " + c
	}
	return fmt.Sprintf("rule %s failed (%s %s answered %s)", id, r.Method, r.Path, got)
}

// deleteLater registers the forced deletion of an object.
func (s *Suite) deleteLater(collection string, id int) {
	path := fmt.Sprintf("%s/%d?force=true", collection, id)
	if strings.HasSuffix(collection, "/users") {
		path += "&reassign=" + fmt.Sprint(s.adminID())
	}
	s.onCleanup(func() { s.as(s.admin()).do(nopT{}, http.MethodDelete, path, nil) })
}

// adminID is the configured admin's user id.
func (s *Suite) adminID() int {
	s.mu.Lock()
	id := s.adminUserID
	s.mu.Unlock()
	if id != 0 {
		return id
	}
	r := s.as(s.admin()).get(nopT{}, "/wp/v2/users/me")
	if f, ok := r.object()["id"].(float64); ok {
		id = int(f)
	}
	s.mu.Lock()
	s.adminUserID = id
	s.mu.Unlock()
	return id
}

// idOf is the "id" of a created object.
func idOf(r *Result) int {
	f, _ := r.object()["id"].(float64)
	return int(f)
}

// pngBytes is a valid 2x3 PNG for upload checks.
var pngBytes = func() []byte {
	img := image.NewRGBA(image.Rect(0, 0, 2, 3))
	for i := range img.Pix {
		img.Pix[i] = 0xff
	}
	var b bytes.Buffer
	if err := png.Encode(&b, img); err != nil {
		panic(err)
	}
	return b.Bytes()
}()

// upload sends a file as a raw body, the way WordPress's media endpoint takes it, and
// registers its deletion.
func (s *Suite) upload(t T, acc *account, filename, contentType string, data []byte, query string) *Result {
	t.Helper()
	if acc == nil {
		acc = s.admin()
	}
	path := "/wp/v2/media"
	if query != "" {
		path += "?" + query
	}
	r := s.as(acc).do(t, http.MethodPost, path, data,
		"Content-Type", contentType, "Content-Disposition", `attachment; filename="`+filename+`"`)
	if r.Status == http.StatusCreated {
		s.deleteLater("/wp/v2/media", idOf(r))
	}
	return r
}
