package rest

import (
	"bytes"
	"encoding/json"
	"strings"
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
	// embed is what _embed asked for ("" without _embed): the cached JSON then holds
	// the item's _embedded too
	embed string
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
// a cache identity (Item.Cache) and the request does not pick fields (_fields), it is
// the item's encoded JSON, from the cache when this generation of the store already
// rendered it for an equal request. With _embed it is that JSON with the item's
// _embedded, or, not cached yet, an embedding that Server.finish completes and caches.
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
	if k.embed != "" {
		return &embedding{key: k, gen: gen, obj: it.Render(r, item)}
	}
	b := encodeFragment(it.Render(r, item))
	s.fragments.put(gen, k, b)
	return b
}

// encodeFragment is the JSON of a rendered item, to keep: without spare capacity.
func encodeFragment(v any) json.RawMessage {
	buf := bodyBuffers.Get().(*bytes.Buffer)
	defer putBodyBuffer(buf)
	encode(buf, v)
	return json.RawMessage(bytes.Clone(buf.Bytes()))
}

// embedding is an item whose _embedded is still to be added (Server.finish), and the
// cache key its complete JSON is kept under.
type embedding struct {
	key fragmentKey
	gen uint64
	obj Object
}

// embedInto adds the item's _embedded (embedLinks) and caches the result.
func (s *Server) embedInto(req *Request, e *embedding, rels []string, cache map[string]any) json.RawMessage {
	b := encodeFragment(s.embedLinks(req, e.obj, rels, cache))
	s.fragments.put(e.gen, e.key, b)
	return b
}

func (it *Item[T]) fragmentKey(r *Request, item *T) (fragmentKey, bool) {
	s := r.server
	if it.Cache == nil || s == nil || s.Generation == nil || r.requestedFields() != nil {
		return fragmentKey{}, false
	}
	embed := ""
	if v, ok := r.Query.Get("_embed"); ok {
		embed = "*" // every rel
		if rels := embedRels(v); rels != nil {
			embed = "rels:" + strings.Join(rels, ",")
		}
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
	return fragmentKey{item: it, id: id, ctx: r.Context(), caller: caller, site: r.Site, embedded: r.embedded, embed: embed}, true
}
