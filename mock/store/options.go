package store

import "maps"

// wp_options: the site's options by name (blogname, timezone_string, ...), each a
// string, an integer, a float, a boolean or nil as the value WordPress keeps. An
// option that is absent was never set or was deleted (get_option answers its
// default). Changing one copies the map: a reader's Options never changes under it.

// Options are the site's options by name.
type Options map[string]any

// Option is the value of an option, and whether it is set.
func (tx *Tx) Option(name string) (any, bool) {
	v, ok := tx.s.options[name]
	return v, ok
}

// Options are all the site's options. They are the store's own: do not change them.
func (tx *Tx) Options() Options { return tx.s.options }

// SetOption sets an option (update_option).
func (tx *Tx) SetOption(name string, v any) {
	tx.mustWrite()
	tx.note(OptionsTable, 0, name, nil)
	o := maps.Clone(tx.s.options)
	if o == nil {
		o = Options{}
	}
	o[name] = v
	tx.s.options = o
}

// DeleteOption deletes an option (delete_option).
func (tx *Tx) DeleteOption(name string) {
	tx.mustWrite()
	if _, ok := tx.s.options[name]; !ok {
		return
	}
	tx.note(OptionsTable, 0, name, nil)
	o := maps.Clone(tx.s.options)
	delete(o, name)
	tx.s.options = o
}
