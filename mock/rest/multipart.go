package rest

import (
	"bytes"
	"io"
	"mime"
	"mime/multipart"
	"strconv"
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
	UploadErrOK      = 0
	UploadErrPartial = 3 // the body ended inside the file part
	UploadErrNoFile  = 4
)

// parseMultipart fills Body with the form fields and Files with the file parts of a
// multipart/form-data body, as PHP fills $_POST and $_FILES before WordPress runs, so
// the fields are validated as arguments like any form field. PHP does this for POST
// requests only, and a malformed body yields whatever parsed before the fault: a body
// that ends inside a file part leaves that file with UPLOAD_ERR_PARTIAL, a file part
// without a name is filed under the next anonymous index ("0", "1", ...), a field
// without a name ends the parse ("File Upload Mime headers garbled"). Without a
// boundary PHP parses nothing and leaves the body to php://input (Unparsed).
func (r *Request) parseMultipart() {
	if r.HTTP == nil || r.HTTP.Method != "POST" {
		return
	}
	_, params, err := mime.ParseMediaType(r.HTTP.Header.Get("Content-Type"))
	if err != nil || params["boundary"] == "" {
		r.Unparsed = true
		return
	}
	mr := multipart.NewReader(bytes.NewReader(r.RawBody), params["boundary"])
	anonymous := 0
	for {
		part, err := mr.NextRawPart()
		if err != nil {
			return
		}
		_, disp, err := mime.ParseMediaType(part.Header.Get("Content-Disposition"))
		if err != nil {
			continue
		}
		name := disp["name"]
		filename, isFile := disp["filename"]
		switch {
		case name == "" && !isFile:
			return
		case name == "":
			name = strconv.Itoa(anonymous)
			anonymous++
		}
		data, err := io.ReadAll(part)
		if err != nil {
			if isFile {
				r.addFile(name, &File{Name: baseName(filename), Error: UploadErrPartial})
			}
			return
		}
		if !isFile {
			if r.Body == nil {
				r.Body = newParams()
			}
			r.Body.add(name, string(data))
			continue
		}
		f := &File{Name: baseName(filename), ContentType: part.Header.Get("Content-Type"), Data: data}
		if filename == "" {
			f.Error, f.Data = UploadErrNoFile, nil
		}
		r.addFile(name, f)
	}
}

// baseName is the client's file name with any directory removed: PHP keeps what
// follows the last / or \.
func baseName(filename string) string { return filename[strings.LastIndexAny(filename, `/\`)+1:] }

func (r *Request) addFile(name string, f *File) {
	if r.Files == nil {
		r.Files = map[string]*File{}
	}
	r.Files[name] = f
}
