package rest

import (
	"bytes"
	"encoding/json"
	"sync"
)

// The fragment cache keeps the encoded JSON of rendered items between requests, so a
// page a frontend asks for again and again is copied, not rendered and encoded again.
// An item is rendered from its row, the rows it links to (revision counts, terms, the
// featured image), the caller's capabilities, the context, the version and the site
// URL. The key holds the request's part of that; the rows are covered by the store's
// generation (Server.Generation), which every write transaction advances: the first
// request after a write starts an empty cache. Rendering is deterministic for equal
// inputs, so a cached fragment is byte for byte what rendering would write.

// fragmentBudget bounds the cache's bytes: past it, the cache starts over, so walking a
// million posts does not keep a million fragments.
const fragmentBudget = 64 << 20

type fragmentKey struct {
	item     any // the *Item[T]: one per resource and version
	id       int
	ctx      string
	caller   string
	site     string
	embedded bool
}

type fragments struct {
	mu    sync.RWMutex
	gen   uint64
	m     map[fragmentKey]json.RawMessage
	bytes int
}

func (f *fragments) get(gen uint64, k fragmentKey) (json.RawMessage, bool) {
	f.mu.RLock()
	defer f.mu.RUnlock()
	if f.gen != gen {
		return nil, false
	}
	b, ok := f.m[k]
	return b, ok
}

func (f *fragments) put(gen uint64, k fragmentKey, b json.RawMessage) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.gen != gen || f.m == nil || f.bytes+len(b) > fragmentBudget {
		f.gen, f.m, f.bytes = gen, map[fragmentKey]json.RawMessage{}, 0
	}
	f.m[k] = b
	f.bytes += len(b)
}

// Answer is Render as a handler puts an item in its response. Where the item declares
// a cache identity (Item.Cache) and the request neither picks fields (_fields) nor
// embeds (_embed reads the rendered links), it is the item's encoded JSON, from the
// cache when this generation of the store already rendered it for an equal request.
func (it *Item[T]) Answer(r *Request, item *T) any {
	k, ok := it.fragmentKey(r, item)
	if !ok {
		return it.Render(r, item)
	}
	s := r.server
	gen := s.Generation()
	if b, ok := s.fragments.get(gen, k); ok {
		return b
	}
	buf := bodyBuffers.Get().(*bytes.Buffer)
	defer putBodyBuffer(buf)
	encode(buf, it.Render(r, item))
	b := json.RawMessage(bytes.Clone(buf.Bytes())) // kept: no spare capacity
	s.fragments.put(gen, k, b)
	return b
}

func (it *Item[T]) fragmentKey(r *Request, item *T) (fragmentKey, bool) {
	s := r.server
	if it.Cache == nil || s == nil || s.Generation == nil || r.requestedFields() != nil {
		return fragmentKey{}, false
	}
	if _, embed := r.Query.Get("_embed"); embed {
		return fragmentKey{}, false
	}
	id, ok := it.Cache(r, item)
	if !ok {
		return fragmentKey{}, false
	}
	caller := ""
	if r.Caller != nil {
		if s.CallerName == nil {
			return fragmentKey{}, false
		}
		caller = s.CallerName(r.Caller)
	}
	return fragmentKey{item: it, id: id, ctx: r.Context(), caller: caller, site: r.Site, embedded: r.embedded}, true
}
