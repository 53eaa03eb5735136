// Package rest is the REST server engine of the mock: it does what WordPress's
// WP_REST_Server, WP_REST_Request and the schema functions of rest-api.php do, for
// resources declared elsewhere. Routing, parameter validation and sanitising,
// permission checks, the error envelope, links, _embed, _fields, _envelope, _jsonp,
// OPTIONS and the index routes all live here, so a resource only declares itself and
// implements its few real rules.
package rest

import (
	"fmt"
	"net/http"
)

// Error is a WP_Error as the REST server renders it: {code, message, data}. Status goes
// into data.status; Data holds any further data keys (params, details, term_id, ...).
// It is the one error type handlers return, and it is rendered in exactly one place
// (Server.writeError).
type Error struct {
	Code    string
	Message string
	Status  int // 0: the error carries no data at all ("data": null), and HTTP 500
	Data    Object
	// AdditionalData is WordPress's "additional_data": data that add_data replaced.
	AdditionalData []any
	// DataValue, when set, is the data itself, for errors whose data is not an array
	// (wp_insert_term's db_insert_error carries wpdb's last_error string); Status and
	// Data are then unused and the status is 500.
	DataValue any
	// AdditionalErrors are the other errors of one WP_Error holding several codes,
	// which rest_convert_error_to_response prints as "additional_errors".
	AdditionalErrors []*Error
}

func (e *Error) Error() string { return fmt.Sprintf("%s: %s (%d)", e.Code, e.Message, e.Status) }

// HTTPStatus is the status WordPress sends for the error: data.status, or 500.
func (e *Error) HTTPStatus() int {
	if e.Status == 0 {
		return http.StatusInternalServerError
	}
	return e.Status
}

// Body is the error's JSON body.
func (e *Error) Body() Object {
	var data any = e.DataValue
	if e.DataValue == nil && (e.Status != 0 || len(e.Data) > 0) {
		d := make(Object, 0, len(e.Data)+1)
		if e.Status != 0 {
			d = append(d, Member{"status", e.Status})
		}
		data = append(d, e.Data...)
	}
	body := Object{{"code", e.Code}, {"message", e.Message}, {"data", data}}
	if len(e.AdditionalData) > 0 {
		body = append(body, Member{"additional_data", e.AdditionalData})
	}
	if len(e.AdditionalErrors) > 0 {
		more := make([]any, len(e.AdditionalErrors))
		for i, a := range e.AdditionalErrors {
			more[i] = a.Body()
		}
		body = append(body, Member{"additional_errors", more})
	}
	return body
}

// Errorf builds an error with a status.
func Errorf(status int, code, format string, args ...any) *Error {
	msg := format
	if len(args) > 0 {
		msg = fmt.Sprintf(format, args...)
	}
	return &Error{Code: code, Message: msg, Status: status}
}

// With returns the error with one more data key.
func (e *Error) With(key string, value any) *Error {
	e.Data = append(e.Data, Member{key, value})
	return e
}

// Error codes the engine itself emits. Resource-specific codes live with the resources.
const (
	// CodeNoRoute: no route matches the path, or the route has no endpoint for the method.
	CodeNoRoute = "rest_no_route"
	// CodeInvalidJSON: a JSON Content-Type with a body that does not parse.
	CodeInvalidJSON = "rest_invalid_json"
	// CodeMissingParam: a required argument is absent (has_valid_params).
	CodeMissingParam = "rest_missing_callback_param"
	// CodeInvalidParam: one or more arguments failed validation or sanitising.
	CodeInvalidParam = "rest_invalid_param"
	// CodeForbidden: a permission callback returned plain false.
	CodeForbidden = "rest_forbidden"
	// CodeCallbackInvalid: _jsonp names a callback with characters outside [\w.].
	CodeCallbackInvalid = "rest_callback_invalid"
	// CodeBodyTooLarge: the body is over Server.MaxBody (413; the mock's own limit,
	// where WordPress would hit PHP's post_max_size).
	CodeBodyTooLarge = "rest_body_too_large"
	// CodeInvalidBody: the body could not be read (the client went away).
	CodeInvalidBody = "rest_invalid_body"
	// CodeBodyTimeout: the body did not arrive before the connection's read deadline
	// (408; the mock's own, where WordPress's web server cuts the request itself, as
	// Apache's mod_reqtimeout does with a 408 page).
	CodeBodyTimeout = "rest_body_timeout"
	// CodeInternal: an unexpected failure inside the mock (WordPress has no such code;
	// it would answer with a PHP fatal error page).
	CodeInternal = "internal_server_error"
)

// NoRoute is WordPress's answer for an unknown path or a method the route lacks.
func NoRoute() *Error {
	return Errorf(http.StatusNotFound, CodeNoRoute, "No route was found matching the URL and request method.")
}

// Internal is the answer for a failure inside the mock; the cause is logged, not sent.
func Internal() *Error {
	return Errorf(http.StatusInternalServerError, CodeInternal, "The server encountered an internal error and could not complete the request.")
}
