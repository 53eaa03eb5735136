package mock

import (
	"bytes"
	"cmp"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"slices"

	"github.com/wpmock/wpmock/mock/site"
	"github.com/wpmock/wpmock/mock/store"
)

// seed fills the store with the start-up dataset: Options.Dataset, or a site that
// the generator (Options.Generator) makes from Options.Seed and Options.Size. A dataset that does not
// validate leaves the mock unbuilt, never half-loaded.
func (m *Mock) seed() error {
	var (
		ds   = m.opts.Dataset
		rows *site.Rows
	)
	if ds != nil && ds.Declarations() {
		var err error
		if ds, err = m.generateDeclared(ds); err != nil {
			return err
		}
		rows = postRowsOf(ds.Posts)
	} else if ds == nil {
		var err error
		if ds, rows, err = m.generate(true); err != nil {
			return err
		}
	} else if err := ds.Validate(); err != nil {
		return err
	} else {
		rows = postRowsOf(ds.Posts)
	}
	m.dataset = ds
	reg, err := site.Registry(ds)
	if err != nil {
		return err
	}
	m.reg = reg
	m.store.SetSite(reg)
	m.regenerate = m.opts.Dataset == nil && ds.Posts == nil && len(rows.Posts) > 0
	fresh := m.build(ds, rows, m.startOptions(ds))
	m.Passwords = m.plainPasswords(ds)
	m.store.Write(func(tx *store.Tx) { tx.Replace(fresh) })
	m.startupPosts = rows.Types
	return nil
}

// generate generates the site of Options.Seed and Options.Size, its posts made store
// rows as they come (Generator.GenerateEach): a large site's posts are never all held
// as records too. The dataset keeps its posts, validated, if there are no more than
// regenerateAbove of them and keep is set; a larger site's dataset has none (a reset
// generates them again).
func (m *Mock) generate(keep bool) (*site.Dataset, *site.Rows, error) {
	limit := cmp.Or(m.opts.regenerateAbove, regenerateAbove)
	rows := site.NewRows()
	var kept []site.Post
	gen, err := m.generator()
	if err != nil {
		return nil, nil, err
	}
	ds, err := gen.GenerateEach(m.opts.Seed, m.opts.Size, func(run []site.Post) {
		rows.Add(run)
		if keep = keep && len(kept)+len(run) <= limit; keep {
			kept = append(kept, run...)
		} else {
			kept = nil
		}
	})
	if err != nil {
		return nil, nil, err
	}
	if keep {
		ds.Posts = kept
		if err := ds.Validate(); err != nil {
			return nil, nil, fmt.Errorf("fixtures: generated an invalid dataset (a bug): %w", err)
		}
	}
	return ds, rows, nil
}

// generateDeclared is the site of a dataset that only declares (Dataset.Declarations):
// the site Options.Seed and Options.Size generate, with the dataset's declarations,
// options and version, and content of the declared types and taxonomies generated
// from the same seed (Generator.GenerateDeclared).
func (m *Mock) generateDeclared(decl *site.Dataset) (*site.Dataset, error) {
	gen, err := m.generator()
	if err != nil {
		return nil, err
	}
	ds, err := gen.Generate(m.opts.Seed, m.opts.Size)
	if err != nil {
		return nil, err
	}
	ds.Register, ds.Options, ds.WPVersion = withLocations(decl.Register, ds), decl.Options, decl.WPVersion
	if err := gen.GenerateDeclared(ds, m.opts.Seed); err != nil {
		return nil, err
	}
	if err := ds.Validate(); err != nil {
		return nil, fmt.Errorf("fixtures: generated an invalid dataset (a bug): %w", err)
	}
	return ds, nil
}

// generator is Options.Generator, or the one registered.
func (m *Mock) generator() (site.Generator, error) {
	if m.opts.Generator != nil {
		return m.opts.Generator, nil
	}
	if g := site.DefaultGenerator(); g != nil {
		return g, nil
	}
	return nil, site.ErrNoGenerator
}

// regenerateAbove is the number of rows of wp_posts above which a generated site's
// start-up posts are generated again for a reset rather than kept: at 100,000 posts
// the kept rows are about 90 MB, and a generation takes a second or two.
const regenerateAbove = 20000

// startup is the start-up dataset, whole: the kept one, or a large generated site
// generated again.
func (m *Mock) startup() *site.Dataset {
	if !m.regenerate {
		return m.dataset
	}
	gen, err := m.generator()
	if err != nil {
		panic("mock: " + err.Error())
	}
	ds, err := gen.Generate(m.opts.Seed, m.opts.Size)
	if err != nil {
		panic("mock: the site generated at start-up cannot be generated again: " + err.Error())
	}
	return ds
}

// fresh is a new store holding the start-up dataset, for a reset: a large generated
// site's posts are generated again, straight into the store's rows.
func (m *Mock) fresh() *store.Store {
	if !m.regenerate {
		return m.build(m.dataset, postRowsOf(m.dataset.Posts), m.startOptions(m.dataset))
	}
	ds, rows, err := m.generate(false)
	if err != nil {
		panic("mock: the site generated at start-up cannot be generated again: " + err.Error())
	}
	return m.build(ds, rows, m.startOptions(ds))
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

// withLocations are a declaring dataset's registrations over a generated site's: the
// generated theme locations (its menus are at them) unless the declarations register
// their own, in which case the generated menus keep only the locations registered.
func withLocations(decl *site.Register, ds *site.Dataset) *site.Register {
	if decl == nil || ds.Register == nil {
		return decl
	}
	r := *decl
	if len(r.NavMenus) == 0 {
		r.NavMenus = ds.Register.NavMenus
		return &r
	}
	for i := range ds.Terms {
		ds.Terms[i].Locations = slices.DeleteFunc(ds.Terms[i].Locations, func(l string) bool {
			_, ok := r.NavMenus.Get(l)
			return !ok
		})
	}
	return &r
}
