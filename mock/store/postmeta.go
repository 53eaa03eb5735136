package store

// Post meta rows (wp_postmeta): by id, and by post through the postMeta index, which
// every write keeps in ascending id order.

// Meta returns the meta row with the id, or nil.
func (tx *Tx) Meta(id int) *Meta { return tx.s.meta.get(id) }

// PostMeta lists a post's meta rows by ascending id.
func (tx *Tx) PostMeta(postID int) []*Meta {
	ids := tx.s.postMeta[postID]
	if len(ids) == 0 {
		return nil
	}
	out := make([]*Meta, len(ids))
	for i, id := range ids {
		out[i] = tx.s.meta.get(id)
	}
	return out
}

// MetaKeyUsed reports whether any post has a meta row with the key.
func (tx *Tx) MetaKeyUsed(key string) bool {
	return tx.s.meta.any(func(m *Meta) bool { return m.Key == key })
}

// InsertMeta stores a new meta row with the next meta id (unless it has one).
func (tx *Tx) InsertMeta(m *Meta) {
	tx.mustWrite()
	s := tx.s
	if m.ID == 0 {
		m.ID = s.nextMeta
	}
	if m.ID >= s.nextMeta {
		s.nextMeta = m.ID + 1
	}
	tx.note(PostMeta, m.ID, "", rowOrNil(s.meta.get(m.ID)))
	s.meta.set(m.ID, m)
	s.postMeta[m.PostID] = insertID(s.postMeta[m.PostID], m.ID)
}

// ChangeMeta changes the meta row with the id as ChangePost changes a post: change
// gets a copy and may set its key and value; the copy takes the row's place and is
// returned (nil when there is no such row). A row the store has handed out is never
// changed in place.
func (tx *Tx) ChangeMeta(id int, change func(m *Meta)) *Meta {
	tx.mustWrite()
	old := tx.s.meta.get(id)
	if old == nil {
		return nil
	}
	tx.note(PostMeta, id, "", old)
	m := *old
	change(&m)
	m.ID, m.PostID = id, old.PostID
	tx.s.meta.set(id, &m)
	return &m
}

// DeleteMeta removes a meta row.
func (tx *Tx) DeleteMeta(id int) {
	tx.mustWrite()
	s := tx.s
	m := s.meta.get(id)
	if m == nil {
		return
	}
	tx.note(PostMeta, id, "", m)
	s.meta.delete(id)
	if ids := removeID(s.postMeta[m.PostID], id); len(ids) > 0 {
		s.postMeta[m.PostID] = ids
	} else {
		delete(s.postMeta, m.PostID)
	}
}
