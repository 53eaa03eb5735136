package main

import (
	"runtime"
	"testing"

	"github.com/wpmock/wpmock/fixtures"
	"github.com/wpmock/wpmock/mock"
	"github.com/wpmock/wpmock/mock/control"
	"github.com/wpmock/wpmock/mock/site"
)

// TestBytesPerGeneratedPost: a generated site takes about bytesPerGeneratedPost of
// live memory per post once built, so that loadingBudget is where the loading
// limit would end anyway. It fails when the rows grow or shrink by a fifth (then
// measure again at a million posts, and change the constant).
func TestBytesPerGeneratedPost(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a site of 100,000 posts")
	}
	const posts = 100000
	runtime.GC()
	before := site.LiveMemory()
	size := fixtures.DefaultSize
	size.Posts = posts
	m, err := mock.New(mock.Options{Control: control.Mount, Size: size})
	if err != nil {
		t.Fatal(err)
	}
	runtime.GC()
	per := (site.LiveMemory() - before) / posts
	runtime.KeepAlive(m)
	if per < bytesPerGeneratedPost*4/5 || per > bytesPerGeneratedPost*6/5 {
		t.Errorf("a generated post takes %d bytes of live memory, bytesPerGeneratedPost says %d", per, bytesPerGeneratedPost)
	}
}
