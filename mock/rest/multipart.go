package rest

import (
	"bytes"
	"io"
	"mime"
	"mime/multipart"
	"strings"
)

// File is one file part of a multipart/form-data body, as PHP puts it in $_FILES.
type File struct {
	// Name is the client's file name with any directory removed (PHP keeps what
	// follows the last / or \).
	Name        string
	ContentType string
	Data        []byte
	// Error is PHP's UPLOAD_ERR_* code: UploadErrNoFile for a part whose filename
	// is empty, otherwise UploadErrOK.
	Error int
}

// PHP's upload error codes ($_FILES[...]['error']) that a multipart body can produce.
const (
	UploadErrOK     = 0
	UploadErrNoFile = 4
)

// parseMultipart fills Body with the form fields and Files with the file parts of a
// multipart/form-data body, as PHP fills $_POST and $_FILES before WordPress runs, so
// the fields are validated as arguments like any form field. PHP does this for POST
// requests only, and a malformed body simply yields whatever parsed before the fault.
func (r *Request) parseMultipart() {
	if r.HTTP == nil || r.HTTP.Method != "POST" {
		return
	}
	_, params, err := mime.ParseMediaType(r.HTTP.Header.Get("Content-Type"))
	if err != nil || params["boundary"] == "" {
		return
	}
	mr := multipart.NewReader(bytes.NewReader(r.RawBody), params["boundary"])
	for {
		part, err := mr.NextRawPart()
		if err != nil {
			return
		}
		_, disp, err := mime.ParseMediaType(part.Header.Get("Content-Disposition"))
		name := disp["name"]
		if err != nil || name == "" {
			continue
		}
		data, err := io.ReadAll(part)
		if err != nil {
			return
		}
		filename, isFile := disp["filename"]
		if !isFile {
			if r.Body == nil {
				r.Body = newParams()
			}
			r.Body.add(name, string(data))
			continue
		}
		if r.Files == nil {
			r.Files = map[string]*File{}
		}
		f := &File{Name: filename[strings.LastIndexAny(filename, `/\`)+1:], ContentType: part.Header.Get("Content-Type"), Data: data}
		if filename == "" {
			f.Error, f.Data = UploadErrNoFile, nil
		}
		r.Files[name] = f
	}
}
