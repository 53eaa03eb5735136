package control

import (
	"bytes"
	"io"
	"net/http"
	"sync"
	"time"

	"github.com/wpmock/wpmock/mock"
	"github.com/wpmock/wpmock/mock/rest"
	dataset "github.com/wpmock/wpmock/mock/site"
)

// Named snapshots: a test saves the site's current content under a name ("editor with
// three drafts") and puts it back later, without replaying the set-up that made it.
// A snapshot is the site's dataset export, encoded (the bytes GET /wpmock/v1/dataset
// answers), so nothing the site does afterwards can reach it; a restore loads it as
// -data loads a file, into a new store, and swaps it in whole, as a reset does: an
// export after the restore is the export at the save, byte for byte. Each site has its
// own (a named site's are its own), kept in memory for the life of the site; a reset
// leaves them.

const (
	// codeSnapshotNotFound answers a restore, read or delete of a name no snapshot has.
	codeSnapshotNotFound = "wpmock_snapshot_not_found"
	// codeSnapshotBroken answers a restore of a snapshot that does not load (a bug:
	// the site is left as it was).
	codeSnapshotBroken = "wpmock_snapshot_broken"
)

// snapshotName is what a snapshot's name may be, the pattern of the name argument.
const snapshotName = `^[A-Za-z0-9_.-]{1,100}$`

// snapshotSet is a site's snapshots by name.
type snapshotSet struct {
	mu     sync.Mutex
	byName map[string]*snapshot
}

// snapshot is a site's content at one moment.
type snapshot struct {
	name  string
	saved time.Time
	data  []byte // the dataset, encoded
	// pristine: a cloned site's content was as loaded, so its recorded answers replay
	// again after a restore
	pristine bool
}

func (s *snapshotSet) get(name string) *snapshot {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.byName[name]
}

// put keeps a snapshot, in place of one of the same name.
func (s *snapshotSet) put(snap *snapshot) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.byName == nil {
		s.byName = map[string]*snapshot{}
	}
	s.byName[snap.name] = snap
}

func (s *snapshotSet) remove(name string) *snapshot {
	s.mu.Lock()
	defer s.mu.Unlock()
	snap := s.byName[name]
	delete(s.byName, name)
	return snap
}

// all lists the snapshots by name.
func (s *snapshotSet) all() []*snapshot {
	s.mu.Lock()
	defer s.mu.Unlock()
	return byName(s.byName)
}

// snapshotsRoute is /wpmock/v1/snapshots: POST {name} saves, GET lists, and
// /snapshots/<name> is read (GET: the dataset), restored (POST .../restore) or
// deleted (DELETE); all the administrator's, as reset is.
type snapshotsRoute struct{ s *site }

func (s *snapshotsRoute) routes() []*rest.Route {
	c := s.s
	base := "/" + mock.OwnNamespace + "/snapshots"
	name := func() *rest.Schema {
		arg := rest.Str("name").Desc("The snapshot's name: letters, digits, dots, hyphens and underscores.").Req()
		arg.Pattern = snapshotName
		return arg
	}
	one := base + `/(?P<name>[A-Za-z0-9_.-]+)`
	return []*rest.Route{
		{Namespace: mock.OwnNamespace, Pattern: base, Endpoints: []*rest.Endpoint{
			{Methods: rest.Readable, Permission: c.permission, Handler: s.list},
			{Methods: rest.Creatable, Permission: c.permission, Handler: s.save, Args: []*rest.Schema{name()}},
		}},
		{Namespace: mock.OwnNamespace, Pattern: one, Endpoints: []*rest.Endpoint{
			{Methods: rest.Readable, Permission: c.permission, Handler: s.read, Args: []*rest.Schema{name()}},
			{Methods: rest.Deletable, Permission: c.permission, Handler: s.delete, Args: []*rest.Schema{name()}},
		}},
		{Namespace: mock.OwnNamespace, Pattern: one + "/restore", Endpoints: []*rest.Endpoint{
			{Methods: rest.Creatable, Permission: c.permission, Handler: s.restore, Args: []*rest.Schema{name()}},
		}},
	}
}

// describe is a snapshot as the answers show it.
func describeSnapshot(snap *snapshot) rest.Object {
	return rest.Object{{"name", snap.name}, {"saved", snap.saved.Format(time.RFC3339)}, {"bytes", len(snap.data)}}
}

func (s *snapshotsRoute) list(*rest.Request) (*rest.Response, *rest.Error) {
	out := []any{}
	for _, snap := range s.s.snapshots.all() {
		out = append(out, describeSnapshot(snap))
	}
	return rest.OK(out), nil
}

// save encodes the site's content inside the request's transaction: no write is half
// in it. A snapshot of the same name is replaced. The content is unchanged, so nothing
// is reported (-persist writes nothing).
func (s *snapshotsRoute) save(r *rest.Request) (*rest.Response, *rest.Error) {
	tx := txOf(r)
	var b bytes.Buffer
	if err := s.s.m.DatasetIn(tx).Encode(&b); err != nil {
		return nil, rest.Internal()
	}
	snap := &snapshot{name: r.String("name"), saved: tx.Now(), data: b.Bytes(), pristine: s.s.m.Replays()}
	s.s.snapshots.put(snap)
	s.s.m.Unchanged()
	return rest.OK(describeSnapshot(snap)), nil // 200, as a reset: the route has no item schema
}

func (s *snapshotsRoute) find(r *rest.Request) (*snapshot, *rest.Error) {
	if snap := s.s.snapshots.get(r.String("name")); snap != nil {
		return snap, nil
	}
	return nil, rest.Errorf(http.StatusNotFound, codeSnapshotNotFound, "No snapshot of that name.")
}

// read answers the snapshot's dataset, a file -data can start from.
func (s *snapshotsRoute) read(r *rest.Request) (*rest.Response, *rest.Error) {
	snap, err := s.find(r)
	if err != nil {
		return nil, err
	}
	return rest.OK(rest.Stream(func(w io.Writer) error { _, err := w.Write(snap.data); return err })), nil
}

// restore builds a store from the snapshot, then swaps it in whole: a snapshot that
// did not load would leave the site as it was.
func (s *snapshotsRoute) restore(r *rest.Request) (*rest.Response, *rest.Error) {
	snap, err := s.find(r)
	if err != nil {
		return nil, err
	}
	ds, derr := dataset.Decode(snap.data, "snapshot "+snap.name)
	if derr != nil {
		return nil, rest.Errorf(http.StatusInternalServerError, codeSnapshotBroken, "The snapshot does not load: %v", derr)
	}
	s.s.m.LoadIn(txOf(r), ds, snap.pristine) // a clone replays again if it did then
	return rest.OK(append(rest.Object{{"restored", true}}, describeSnapshot(snap)...)), nil
}

func (s *snapshotsRoute) delete(r *rest.Request) (*rest.Response, *rest.Error) {
	snap := s.s.snapshots.remove(r.String("name"))
	if snap == nil {
		return nil, rest.Errorf(http.StatusNotFound, codeSnapshotNotFound, "No snapshot of that name.")
	}
	s.s.m.Unchanged()
	return rest.OK(rest.Object{{"deleted", true}, {"previous", describeSnapshot(snap)}}), nil
}
