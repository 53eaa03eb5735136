package site_test

import (
	"strconv"
	"testing"

	"github.com/wpmock/wpmock/fixtures"
	"github.com/wpmock/wpmock/mock/site"
)

// TestRegisteredMetaDefaultRefused: register_meta refuses a default its schema
// refuses, and so does the mock's registry, with WordPress's message.
func TestRegisteredMetaDefaultRefused(t *testing.T) {
	ds := fixtures.Example()
	ds.Register = &fixtures.Register{Meta: []fixtures.Args{{{Key: "object_type", Value: "post"}, {Key: "meta_key", Value: "n"},
		{Key: "type", Value: "integer"}, {Key: "default", Value: "x"}}}}
	_, err := site.Registry(ds)
	want := "the dataset's register.meta[0]: default: " + fixtures.MsgMetaDefaultType
	if err == nil || err.Error() != want {
		t.Errorf("got %v, want %s", err, want)
	}
	ds.Register.Meta[0][3].Value = strconv.Itoa(5) // "5" is an integer to rest_is_integer
	if _, err := site.Registry(ds); err != nil {
		t.Errorf("a numeric string default: %v", err)
	}
}
