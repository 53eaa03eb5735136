package wp

// Error is a WP_Error a core rule returns: its code, its message and the status its
// data carries. The REST controllers in package mock turn it into their error
// envelope, as WordPress's do, and some of them answer with a status (or a message)
// of their own, as create_item does for a comment flood.
type Error struct {
	Code, Message string
	Status        int
	// LastError is wpdb's last_error where a query failed (wpdb.go): the error's data.
	LastError string
}

func (e *Error) Error() string { return e.Code + ": " + e.Message }
