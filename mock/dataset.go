package mock

import (
	"io"
	"maps"

	"github.com/wpmock/wpmock/mock/rest"
	"github.com/wpmock/wpmock/mock/site"
	"github.com/wpmock/wpmock/mock/store"
	"github.com/wpmock/wpmock/mock/wp"
)

// The site's content comes from a site.Dataset (see fixtures/README.md), loaded by
// mock/site: the start-up dataset is kept, read-only, so that a reset can build the
// same store again, and the current state converts back into a dataset for an export.

// Dataset returns the site's current content, writes included, as a dataset.
func (m *Mock) Dataset() *site.Dataset {
	var ds *site.Dataset
	m.store.Read(func(tx *store.Tx) { ds = m.datasetOf(tx) })
	return ds
}

// StartupDataset is the dataset the site started from, which a reset restores (a
// large generated site's is generated again). It may be shared: do not change it.
func (m *Mock) StartupDataset() *site.Dataset { return m.startup() }

// StartupPosts is how many rows of each post type (post, page, attachment, revision)
// the site started with.
func (m *Mock) StartupPosts() map[string]int { return maps.Clone(m.startupPosts) }

// StartupKept is the start-up dataset as the site keeps it: whole, but for a large
// generated site's posts (StartupPosts counts them), which StartupDataset generates
// again. It is shared: do not change it.
func (m *Mock) StartupKept() *site.Dataset { return m.dataset }

// Export writes the site's current content in the dataset format.
func (m *Mock) Export(w io.Writer) error { return m.Dataset().Encode(w) }

// Reset puts the site back to its start-up dataset, all at once.
func (m *Mock) Reset() {
	fresh := m.fresh()
	m.store.Write(func(tx *store.Tx) { tx.Replace(fresh) })
}

// build makes a new store holding a dataset (site.Loader.Load), with the options given
// (startOptions, or savedOptions for a snapshot).
func (m *Mock) build(ds *site.Dataset, rows *site.Rows, options store.Options) *store.Store {
	return m.loader().Load(ds, rows, options)
}

// loader loads the site's datasets: into its registry, with its clock and
// -admin-app-password.
func (m *Mock) loader() site.Loader {
	return site.Loader{Registry: m.reg, Clock: m.opts.Clock, AdminPassword: m.adminPassword()}
}

// postRowsOf makes a dataset's posts rows (site.RowsOf).
func postRowsOf(posts []site.Post) *site.Rows { return site.RowsOf(posts) }

// adminPassword is -admin-app-password without its spaces, or "".
func (m *Mock) adminPassword() string {
	return wp.NormalizeApplicationPassword(m.opts.AdminAppPassword)
}

// datasetOf converts the store's current content into a dataset.
func (m *Mock) datasetOf(tx *store.Tx) *site.Dataset {
	ds, posts := m.datasetParts(tx)
	ds.Posts = make([]site.Post, len(posts))
	for i, p := range posts {
		ds.Posts[i] = site.PostRecord(p)
	}
	return ds
}

// exportOf is the dataset of the store's current content as an encoder to stream it
// with, after the transaction: the posts, the largest table, are kept as the stored
// rows, which the store never changes in place (ChangePost copies), and become
// records one at a time while the body is written. While it is written, the process's
// memory may grow by site.ExportHeadroom at most.
func (m *Mock) exportOf(tx *store.Tx) func(io.Writer) error {
	ds, posts := m.datasetParts(tx)
	var rec site.Post
	return func(w io.Writer) error {
		defer site.BoundExportMemory()()
		return ds.EncodeWith(w, len(posts), func(i int) *site.Post {
			if i%4096 == 4095 {
				site.FollowExportMemory()
			}
			rec = site.PostRecord(posts[i])
			return &rec
		})
	}
}

// datasetParts is the dataset of the store's current content but for its posts, which
// come apart as the stored rows by ascending id (site.Records), with the version the
// mock answers as, the options that differ from a new site's, and a cloned site's
// recorded answers while they still describe the content.
func (m *Mock) datasetParts(tx *store.Tx) (*site.Dataset, []*store.Post) {
	ds, posts := site.Records(tx, m.reg, m.dataset)
	if m.version != rest.V61 { // the specification's version is the format's default
		ds.WPVersion = m.version.String()
	}
	ds.Options = site.ChangedOptions(tx, m.dataset)
	if m.replay.Pristine() {
		ds.Recorded = m.dataset.Recorded
	}
	return ds, posts
}

// startOptions are the options the site starts with: a new site's (titled by
// Options.Name, a cloned site's name, else wpmock), the dataset's over them, and
// Options.Name and Description over those.
func (m *Mock) startOptions(ds *site.Dataset) store.Options {
	o := site.SavedOptions(ds)
	for k, v := range m.opts.SiteOptions {
		o[k] = v
	}
	if m.opts.Name != "" {
		o["blogname"] = m.opts.Name
	}
	if m.opts.Description != "" {
		o["blogdescription"] = m.opts.Description
	}
	return o
}

// savedOptions are the options a dataset holds (site.SavedOptions).
func (m *Mock) savedOptions(ds *site.Dataset) store.Options { return site.SavedOptions(ds) }
