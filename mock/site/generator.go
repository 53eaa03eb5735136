package site

import (
	"errors"
	"sync"
)

// Size is how big a generated site is: posts (revisions and attachments come on top),
// users (at least the admin), terms (categories and tags, at least Uncategorized),
// media items, pages and comments. The zero Size is the generator's default.
type Size struct{ Posts, Users, Terms, Media, Pages, Comments int }

// A Generator makes a site's content from a seed. The mock loads datasets and never
// makes fake data itself: it asks a Generator for the site of a seed when given no
// dataset, for the content of a dataset that only declares (Dataset.Declarations), and
// again for a large generated site's posts on a reset. fixtures.Generator is wpmock's,
// and importing fixtures registers it (RegisterGenerator), as importing image/png
// registers a decoder with image.
type Generator interface {
	// Generate is the whole site of seed and size, validated; the same seed and size
	// give the same site.
	Generate(seed int64, size Size) (*Dataset, error)
	// GenerateEach is the site Generate makes, its posts handed to each a run at a
	// time (in id order) instead of kept in the dataset returned.
	GenerateEach(seed int64, size Size, each func([]Post)) (*Dataset, error)
	// GenerateDeclared adds to ds content of the types, taxonomies, meta, fields and
	// settings its register part declares, drawn from seed.
	GenerateDeclared(ds *Dataset, seed int64) error
}

// ErrNoGenerator: a site without a dataset (or with one that only declares) was asked
// for, and no Generator was given or registered.
var ErrNoGenerator = errors.New("no dataset given and no site generator registered (import package fixtures, or give mock.Options a Generator)")

var registered struct {
	sync.Mutex
	g Generator
}

// RegisterGenerator makes g the generator of the sites given no Generator of their own
// (fixtures registers its own when imported); the last one registered is used.
func RegisterGenerator(g Generator) {
	registered.Lock()
	defer registered.Unlock()
	registered.g = g
}

// DefaultGenerator is the generator registered last, or nil.
func DefaultGenerator() Generator {
	registered.Lock()
	defer registered.Unlock()
	return registered.g
}
