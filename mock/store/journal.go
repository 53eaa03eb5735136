package store

// The journal: what a write transaction changed, noted by the functions every change
// goes through (Insert*, Change*, Delete*, SetOption, PutFile, Replace), so that the
// mock can say which items a request changed (its revalidation webhooks) without
// handlers reporting it and without copying a table. A note is a table, a key and the
// row as it was before, which costs nothing to keep: rows are never changed in place,
// so the row the table held before the change is still whole.

// Table names a table of the store in the journal.
type Table uint8

// The tables the journal names.
const (
	Posts Table = iota + 1 // wp_posts: posts of every type, attachments, revisions
	Users
	Terms
	Comments
	PostMeta // wp_postmeta
	OptionsTable
	Files // uploaded files, by path (an attachment's row changes with them)
)

// Change is a row a write transaction changed, listed once however often it changed.
type Change struct {
	Table Table
	// ID is the row's id; Name is an option's name or a file's path instead.
	ID   int
	Name string
	// Before is the row as it was when the transaction began (*Post, *User, *Term,
	// *Comment or *Meta), nil for a row the transaction inserted; After is the row
	// now, nil for a row it deleted. Options and files carry neither.
	Before, After any
}

// journalKey identifies a row in the journal.
type journalKey struct {
	table Table
	id    int
	name  string
}

// note records that a row is about to change; before is the row as the table holds
// it, nil for an insert. Only the first note of a row counts (Changes).
func (tx *Tx) note(t Table, id int, name string, before any) {
	tx.journal = append(tx.journal, noted{journalKey{t, id, name}, before})
}

// noted is one entry of the journal.
type noted struct {
	key    journalKey
	before any
}

// Changed reports whether the transaction has changed anything so far.
func (tx *Tx) Changed() bool { return tx.replaced || len(tx.journal) > 0 }

// Replaced reports whether the transaction replaced the whole store (a reset); its
// Changes are then none: everything changed.
func (tx *Tx) Replaced() bool { return tx.replaced }

// Changes lists the rows the transaction has changed so far, each once, in the order
// it first changed them. A row inserted and deleted again is not listed. The rows are
// the store's own: do not change them.
func (tx *Tx) Changes() []Change {
	if tx.replaced || len(tx.journal) == 0 {
		return nil
	}
	out := make([]Change, 0, len(tx.journal))
	seen := make(map[journalKey]bool, len(tx.journal))
	for _, n := range tx.journal {
		if seen[n.key] {
			continue
		}
		seen[n.key] = true
		c := Change{Table: n.key.table, ID: n.key.id, Name: n.key.name, Before: n.before, After: tx.row(n.key)}
		if c.Before == nil && c.After == nil && c.Table != OptionsTable && c.Table != Files {
			continue // inserted, then deleted
		}
		out = append(out, c)
	}
	return out
}

// row is the row a journal key names as the store holds it now, nil if gone.
func (tx *Tx) row(k journalKey) any {
	switch k.table {
	case Posts:
		return rowOrNil(tx.Post(k.id))
	case Users:
		return rowOrNil(tx.User(k.id))
	case Terms:
		return rowOrNil(tx.Term(k.id))
	case Comments:
		return rowOrNil(tx.Comment(k.id))
	case PostMeta:
		return rowOrNil(tx.Meta(k.id))
	}
	return nil
}

// rowOrNil is a row held as an any: nil for none, not a typed nil.
func rowOrNil[R any](r *R) any {
	if r == nil {
		return nil
	}
	return r
}
