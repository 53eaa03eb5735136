package site

import (
	"errors"
	"fmt"
	"slices"
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

// GenerateRows is the site gen makes of seed and size, its posts made store rows as
// they come (Generator.GenerateEach): a large site's posts are never all held as
// records too. The dataset keeps its posts, validated, if keepUpTo > 0 and there are
// no more than keepUpTo of them; a larger site's dataset has none (a reset generates
// them again).
func GenerateRows(gen Generator, seed int64, size Size, keepUpTo int) (*Dataset, *Rows, error) {
	rows := NewRows()
	var kept []Post
	keep := keepUpTo > 0
	ds, err := gen.GenerateEach(seed, size, func(run []Post) {
		rows.Add(run)
		if keep = keep && len(kept)+len(run) <= keepUpTo; keep {
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

// GenerateDeclared is the site of a dataset that only declares (Dataset.Declarations):
// the site gen makes of seed and size, with the dataset's declarations, options and
// version, and content of the declared types and taxonomies generated from the same
// seed (Generator.GenerateDeclared).
func GenerateDeclared(gen Generator, decl *Dataset, seed int64, size Size) (*Dataset, error) {
	ds, err := gen.Generate(seed, size)
	if err != nil {
		return nil, err
	}
	ds.Register, ds.Options, ds.WPVersion = withLocations(decl.Register, ds), decl.Options, decl.WPVersion
	if err := gen.GenerateDeclared(ds, seed); err != nil {
		return nil, err
	}
	if err := ds.Validate(); err != nil {
		return nil, fmt.Errorf("fixtures: generated an invalid dataset (a bug): %w", err)
	}
	return ds, nil
}

// withLocations are a declaring dataset's registrations over a generated site's: the
// generated theme locations (its menus are at them) unless the declarations register
// their own, in which case the generated menus keep only the locations registered.
func withLocations(decl *Register, ds *Dataset) *Register {
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
