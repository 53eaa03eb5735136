package mock

import (
	"bytes"
	"cmp"
	"image"
	"image/color"
	"image/png"

	"github.com/wpmock/wpmock/fixtures"
	"github.com/wpmock/wpmock/mock/store"
)

// seed fills the store with the start-up dataset: Options.Dataset, or a site that
// fixtures generates from Options.Seed and Options.Size. A dataset that does not
// validate leaves the mock unbuilt, never half-loaded.
func (m *Mock) seed() error {
	ds := m.opts.Dataset
	if ds == nil {
		var err error
		if ds, err = fixtures.Generate(m.opts.Seed, m.opts.Size); err != nil {
			return err
		}
	} else if err := ds.Validate(); err != nil {
		return err
	}
	m.dataset = ds
	fresh := m.build(ds)
	m.Passwords = m.plainPasswords(ds)
	m.store.Write(func(tx *store.Tx) { tx.Replace(fresh) })
	m.startupPosts = map[string]int{}
	for _, p := range ds.Posts {
		m.startupPosts[p.Type]++
	}
	if m.opts.Dataset == nil && len(ds.Posts) > cmp.Or(m.opts.regenerateAbove, regenerateAbove) {
		// the same seed and size write the same site again: a reset of a large
		// generated site writes it anew instead of keeping a second copy of its rows
		light := *ds
		light.Posts = nil
		m.dataset, m.regenerate = &light, true
	}
	return nil
}

// regenerateAbove is the number of rows of wp_posts above which a generated site's
// start-up posts are generated again for a reset rather than kept: at 100,000 posts
// the kept rows are about 90 MB, and a generation takes a second or two.
const regenerateAbove = 20000

// startup is the start-up dataset, whole: the kept one, or a large generated site
// generated again.
func (m *Mock) startup() *fixtures.Dataset {
	if !m.regenerate {
		return m.dataset
	}
	ds, err := fixtures.Generate(m.opts.Seed, m.opts.Size)
	if err != nil {
		panic("mock: the site generated at start-up cannot be generated again: " + err.Error())
	}
	return ds
}

// seedImage draws a small PNG.
func seedImage(w, h int) ([]byte, error) {
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			img.Set(x, y, color.RGBA{uint8(32 * x), uint8(40 * y), 160, 255})
		}
	}
	var b bytes.Buffer
	if err := png.Encode(&b, img); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

// tally moves a post's share of its terms' counts from its state before a change to
// its state after it (either may be nil): a term counts the published posts that carry
// it. WordPress adjusts the counts of the terms a change touches
// (_update_post_term_count), and so does the mock, instead of recounting the site on
// every write.
func tally(tx *store.Tx, before, after *store.Post) {
	add := func(p *store.Post, d int) {
		if p == nil || p.Type != "post" || p.Status != "publish" {
			return
		}
		for _, ids := range [][]int{p.Categories, p.Tags} {
			for _, id := range ids {
				if t := tx.Term(id); t != nil {
					t.Count += d
				}
			}
		}
	}
	add(before, -1)
	add(after, 1)
}

// recount sets every term's count to its number of published posts (once, when a
// dataset is loaded), as
// _update_post_term_count keeps it.
func recount(tx *store.Tx) {
	counts := map[int]int{}
	for _, p := range tx.PostsByID("post") {
		if p.Status != "publish" {
			continue
		}
		for _, id := range p.Categories {
			counts[id]++
		}
		for _, id := range p.Tags {
			counts[id]++
		}
	}
	for _, tax := range []string{"category", "post_tag"} {
		for _, t := range tx.Terms(tax) {
			t.Count = counts[t.ID]
		}
	}
}
