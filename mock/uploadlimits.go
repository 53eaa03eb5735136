package mock

import (
	"net/http"
	"regexp"
	"strings"

	"github.com/wpmock/wpmock/mock/rest"
	"github.com/wpmock/wpmock/mock/wp"
)

// What the file system refuses of an upload's names: a name longer than NAME_MAX
// (255 bytes on the file systems WordPress runs on) cannot be created, so the upload
// fails where PHP opens or moves the file.

// nameMax is the longest file name the file system holds, in bytes.
const nameMax = 255

// codeUploadFileError: upload_from_data could not open the temporary file of a raw
// upload (500).
const codeUploadFileError = "rest_upload_file_error"

// lastExt is what wp_tempnam strips from a name: its last extension.
var lastExt = regexp.MustCompile(`\.[^.]*$`)

// tempFileError is upload_from_data's error when wp_tempnam's file cannot be opened:
// the temporary name is the upload's basename without its extension, "-", six random
// characters and ".tmp", sanitised (wp_unique_filename), and it must fit in a name.
func tempFileError(r *rest.Request, name string) *rest.Error {
	stem := lastExt.ReplaceAllString(name[strings.LastIndexByte(name, '/')+1:], "")
	if stem == "" || len(wp.SanitizeFileName(r.Server().Version, allowedTypes(r), stem+"-aaaaaa.tmp")) <= nameMax {
		return nil // an empty stem falls back to the directory's name or uniqid()
	}
	return rest.Errorf(http.StatusInternalServerError, codeUploadFileError, "Could not open file handle.")
}

// moveError is wp_handle_upload's (and wp_handle_sideload's) error when the file
// cannot be moved to its final name in the uploads directory dir (YYYY/MM).
func (u *upload) moveError(file, dir string) *rest.Error {
	if len(file) <= nameMax {
		return nil
	}
	return u.fail("The uploaded file could not be moved to wp-content/uploads/" + dir + ".")
}
