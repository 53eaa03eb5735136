package rest

import (
	"bytes"

	"github.com/wpmock/wpmock/mock/wpfunc"
)

// The engine's names for the ordered JSON object and wp_json_encode of mock/wpfunc.
type (
	// Object is wpfunc.Object: a JSON object that keeps its keys in order, so
	// responses list fields in the order WordPress prints them.
	Object = wpfunc.Object
	// Member is one key of an Object.
	Member = wpfunc.Member
)

// EmptyArray is PHP's empty array(), which WordPress prints as [] even where an object is
// meant (an item's "meta" with nothing registered).
var EmptyArray = wpfunc.EmptyArray

// Encode appends the JSON of v as wp_json_encode writes it (wpfunc.EncodeJSON).
func Encode(b *bytes.Buffer, v any) { wpfunc.EncodeJSON(b, v) }

func encode(b *bytes.Buffer, v any) { wpfunc.EncodeJSON(b, v) }

// AppendJSON writes a held stream (where the server cannot stream it, Server.write);
// a failed one is null.
func (s Stream) AppendJSON(b *bytes.Buffer) {
	start := b.Len()
	if err := s(b); err != nil {
		b.Truncate(start)
		b.WriteString("null")
	}
}

// AppendJSON writes the item without its _embedded (an embedding never outlives
// Server.finish).
func (e *embedding) AppendJSON(b *bytes.Buffer) { encode(b, e.obj) }
