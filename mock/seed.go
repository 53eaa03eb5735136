package mock

import (
	"cmp"

	"github.com/wpmock/wpmock/mock/site"
	"github.com/wpmock/wpmock/mock/store"
)

// seed fills the store with the start-up dataset: Options.Dataset, or a site that the
// generator (Options.Generator) makes from Options.Seed and Options.Size. A dataset
// that does not validate leaves the mock unbuilt, never half-loaded.
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
	m.Passwords = m.loader().PlainPasswords(ds)
	m.store.Write(func(tx *store.Tx) { tx.Replace(fresh) })
	m.startupPosts = rows.Types
	return nil
}

// generate generates the site of Options.Seed and Options.Size, its posts made store
// rows as they come (site.GenerateRows); its dataset keeps its posts if keep is set and
// there are no more than regenerateAbove of them.
func (m *Mock) generate(keep bool) (*site.Dataset, *site.Rows, error) {
	gen, err := m.generator()
	if err != nil {
		return nil, nil, err
	}
	limit := 0
	if keep {
		limit = cmp.Or(m.opts.regenerateAbove, regenerateAbove)
	}
	return site.GenerateRows(gen, m.opts.Seed, m.opts.Size, limit)
}

// generateDeclared is the site of a dataset that only declares, its content generated
// from Options.Seed and Options.Size (site.GenerateDeclared).
func (m *Mock) generateDeclared(decl *site.Dataset) (*site.Dataset, error) {
	gen, err := m.generator()
	if err != nil {
		return nil, err
	}
	return site.GenerateDeclared(gen, decl, m.opts.Seed, m.opts.Size)
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
