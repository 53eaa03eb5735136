package wp

import (
	"bytes"
	"net/http"
	"regexp"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/wpmock/wpmock/mock/imaging"
	"github.com/wpmock/wpmock/mock/store"
	"github.com/wpmock/wpmock/mock/wpfunc"
	"github.com/wpmock/wpmock/mock/wpversion"
)

// file.php and functions.php on an upload's name and type: the MIME types a version
// knows (wp_get_mime_types) and a caller may upload (get_allowed_mime_types),
// wp_check_filetype and wp_check_filetype_and_ext (with a stand-in for fileinfo),
// sanitize_file_name and wp_unique_filename. None of it takes a request: the
// controller passes the version and what the caller may upload.

// MimeType is one entry of wp_get_mime_types: extensions ("jpg|jpeg|jpe") and a type.
type MimeType struct{ Exts, Mime string }

// mimeTypes is wp_get_mime_types: file extensions and their MIME type, in WordPress's
// order (which gives the media_type enum its order). 6.5 adds AVIF, 6.7 the other
// HEIF types, 6.8 the x-wav extension.
var mimeTypes = []MimeType{
	{"jpg|jpeg|jpe", "image/jpeg"}, {"gif", "image/gif"}, {"png", "image/png"},
	{"bmp", "image/bmp"}, {"tiff|tif", "image/tiff"}, {"webp", "image/webp"},
	{"avif", "image/avif"}, {"ico", "image/x-icon"},
	{"heic", "image/heic"}, {"heif", "image/heif"},
	{"heics", "image/heic-sequence"}, {"heifs", "image/heif-sequence"},
	{"asf|asx", "video/x-ms-asf"}, {"wmv", "video/x-ms-wmv"}, {"wmx", "video/x-ms-wmx"}, {"wm", "video/x-ms-wm"},
	{"avi", "video/avi"}, {"divx", "video/divx"}, {"flv", "video/x-flv"}, {"mov|qt", "video/quicktime"},
	{"mpeg|mpg|mpe", "video/mpeg"}, {"mp4|m4v", "video/mp4"}, {"ogv", "video/ogg"}, {"webm", "video/webm"},
	{"mkv", "video/x-matroska"}, {"3gp|3gpp", "video/3gpp"}, {"3g2|3gp2", "video/3gpp2"},
	{"txt|asc|c|cc|h|srt", "text/plain"}, {"csv", "text/csv"}, {"tsv", "text/tab-separated-values"},
	{"ics", "text/calendar"}, {"rtx", "text/richtext"}, {"css", "text/css"}, {"htm|html", "text/html"},
	{"vtt", "text/vtt"}, {"dfxp", "application/ttaf+xml"},
	{"mp3|m4a|m4b", "audio/mpeg"}, {"aac", "audio/aac"}, {"ra|ram", "audio/x-realaudio"}, {"wav", "audio/wav"}, {"wav|x-wav", "audio/wav"},
	{"ogg|oga", "audio/ogg"}, {"flac", "audio/flac"}, {"mid|midi", "audio/midi"}, {"wma", "audio/x-ms-wma"},
	{"wax", "audio/x-ms-wax"}, {"mka", "audio/x-matroska"},
	{"rtf", "application/rtf"}, {"js", "application/javascript"}, {"pdf", "application/pdf"},
	{"swf", "application/x-shockwave-flash"}, {"class", "application/java"}, {"tar", "application/x-tar"},
	{"zip", "application/zip"}, {"gz|gzip", "application/x-gzip"}, {"rar", "application/rar"},
	{"7z", "application/x-7z-compressed"}, {"exe", "application/x-msdownload"},
	{"psd", "application/octet-stream"}, {"xcf", "application/octet-stream"},
	{"doc", "application/msword"}, {"pot|pps|ppt", "application/vnd.ms-powerpoint"},
	{"wri", "application/vnd.ms-write"}, {"xla|xls|xlt|xlw", "application/vnd.ms-excel"},
	{"mdb", "application/vnd.ms-access"}, {"mpp", "application/vnd.ms-project"},
	{"docx", "application/vnd.openxmlformats-officedocument.wordprocessingml.document"},
	{"docm", "application/vnd.ms-word.document.macroEnabled.12"},
	{"dotx", "application/vnd.openxmlformats-officedocument.wordprocessingml.template"},
	{"dotm", "application/vnd.ms-word.template.macroEnabled.12"},
	{"xlsx", "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"},
	{"xlsm", "application/vnd.ms-excel.sheet.macroEnabled.12"},
	{"xlsb", "application/vnd.ms-excel.sheet.binary.macroEnabled.12"},
	{"xltx", "application/vnd.openxmlformats-officedocument.spreadsheetml.template"},
	{"xltm", "application/vnd.ms-excel.template.macroEnabled.12"},
	{"xlam", "application/vnd.ms-excel.addin.macroEnabled.12"},
	{"pptx", "application/vnd.openxmlformats-officedocument.presentationml.presentation"},
	{"pptm", "application/vnd.ms-powerpoint.presentation.macroEnabled.12"},
	{"ppsx", "application/vnd.openxmlformats-officedocument.presentationml.slideshow"},
	{"ppsm", "application/vnd.ms-powerpoint.slideshow.macroEnabled.12"},
	{"potx", "application/vnd.openxmlformats-officedocument.presentationml.template"},
	{"potm", "application/vnd.ms-powerpoint.template.macroEnabled.12"},
	{"ppam", "application/vnd.ms-powerpoint.addin.macroEnabled.12"},
	{"sldx", "application/vnd.openxmlformats-officedocument.presentationml.slide"},
	{"sldm", "application/vnd.ms-powerpoint.slide.macroEnabled.12"},
	{"onetoc|onetoc2|onetmp|onepkg", "application/onenote"}, {"oxps", "application/oxps"},
	{"xps", "application/vnd.ms-xpsdocument"}, {"odt", "application/vnd.oasis.opendocument.text"},
	{"odp", "application/vnd.oasis.opendocument.presentation"},
	{"ods", "application/vnd.oasis.opendocument.spreadsheet"},
	{"odg", "application/vnd.oasis.opendocument.graphics"}, {"odc", "application/vnd.oasis.opendocument.chart"},
	{"odb", "application/vnd.oasis.opendocument.database"}, {"odf", "application/vnd.oasis.opendocument.formula"},
	{"wp|wpd", "application/wordperfect"}, {"key", "application/vnd.apple.keynote"},
	{"numbers", "application/vnd.apple.numbers"}, {"pages", "application/vnd.apple.pages"},
}

// mimeTypeSpans are the versions of the entries that not every version has.
var mimeTypeSpans = map[string]wpversion.Span{
	"avif": {Since: wpversion.V65}, "heif": {Since: wpversion.V67}, "heics": {Since: wpversion.V67}, "heifs": {Since: wpversion.V67},
	"wav": {Until: wpversion.V68}, "wav|x-wav": {Since: wpversion.V68},
}

// MimeTypesIn is wp_get_mime_types of version v.
func MimeTypesIn(v wpversion.Version) []MimeType {
	out := make([]MimeType, 0, len(mimeTypes))
	for _, t := range mimeTypes {
		if mimeTypeSpans[t.Exts].In(v) {
			out = append(out, t)
		}
	}
	return out
}

// AllowedMimeTypes is get_allowed_mime_types of version v in WordPress's order, which
// decides the match of wp_check_filetype: never swf or exe; html and js only for a
// caller with unfiltered_html.
func AllowedMimeTypes(v wpversion.Version, unfiltered bool) []MimeType {
	out := make([]MimeType, 0, len(mimeTypes))
	for _, t := range MimeTypesIn(v) {
		switch t.Exts {
		case "swf", "exe":
			continue
		case "htm|html", "js":
			if !unfiltered {
				continue
			}
		}
		out = append(out, t)
	}
	return out
}

// The checks WordPress runs on an uploaded file's type (wp_check_filetype_and_ext) and
// the image size wp_generate_attachment_metadata reads from it.

// CheckFiletype is wp_check_filetype: the first type whose extensions end the name
// (case-insensitively), with the extension as written; "" when none does.
func CheckFiletype(types []MimeType, name string) (ext, typ string) {
	lower := strings.ToLower(name)
	for _, t := range types {
		for _, e := range strings.Split(t.Exts, "|") {
			if strings.HasSuffix(lower, "."+e) {
				return name[len(name)-len(e):], t.Mime
			}
		}
	}
	return "", ""
}

// imageExts is the getimagesize_mimes_to_exts list: the extension an image is renamed
// to when its content is another image type than its name says.
var imageExts = map[string]string{"image/jpeg": "jpg", "image/png": "png", "image/gif": "gif",
	"image/bmp": "bmp", "image/tiff": "tif", "image/webp": "webp"}

// CheckFiletypeAndExt is wp_check_filetype_and_ext over the types the caller may upload: the extension and type the
// upload is accepted as ("" when refused) and its name, with the extension corrected
// when the content is another kind of image (PNG bytes named x.jpg become x.png).
// Images are checked with exif_imagetype, other files with fileinfo, which accepts a
// mismatch only for binary (application/octet-stream, zip) application, audio and
// video files, same-kind audio/video, and text read as text/plain, csv or rtf.
func CheckFiletypeAndExt(types []MimeType, name string, data []byte) (ext, typ, fixed string) {
	ext, typ = CheckFiletype(types, name)
	fixed = name
	real := ""
	if strings.HasPrefix(typ, "image/") {
		real = imaging.Mime(data)
		if real != "" && real != typ {
			if e := imageExts[real]; e != "" {
				if dot := strings.LastIndexByte(name, '.'); dot >= 0 {
					fixed = name[:dot+1] + e
				}
				ext, typ = CheckFiletype(types, fixed)
			} else {
				real = ""
			}
		}
	}
	major := func(t string) string { m, _, _ := strings.Cut(t, "/"); return m }
	if typ != "" && real == "" {
		real = SniffMime(data)
		ok := true
		switch {
		case real == "application/octet-stream" || real == "application/zip":
			ok = major(typ) == "application" || major(typ) == "video" || major(typ) == "audio"
		case major(real) == "video" || major(real) == "audio":
			ok = major(real) == major(typ)
		case real == "text/plain":
			ok = typ == "text/plain" || typ == "text/csv" || typ == "application/csv" ||
				typ == "text/richtext" || typ == "text/tsv" || typ == "text/vtt"
		case real == "text/rtf":
			ok = typ == "text/rtf" || typ == "text/plain" || typ == "application/rtf"
		default:
			ok = typ == real
		}
		if !ok {
			return "", "", fixed
		}
	}
	return ext, typ, fixed
}

// SniffMime stands in for fileinfo (libmagic): the common formats by their magic
// numbers, text as text/plain (or html, php, xml), anything else as octet-stream.
func SniffMime(b []byte) string {
	if m := imaging.Mime(b); m != "" {
		return m
	}
	magic := []struct{ prefix, mime string }{
		{"%PDF-", "application/pdf"}, {"PK\x03\x04", "application/zip"}, {"\x1f\x8b", "application/gzip"},
		{"Rar!", "application/x-rar"}, {"7z\xbc\xaf\x27\x1c", "application/x-7z-compressed"},
		{"MZ", "application/x-dosexec"}, {"{\\rtf", "text/rtf"}, {"ID3", "audio/mpeg"},
		{"OggS", "audio/ogg"}, {"fLaC", "audio/flac"}, {"\x1a\x45\xdf\xa3", "video/webm"},
	}
	for _, m := range magic {
		if bytes.HasPrefix(b, []byte(m.prefix)) {
			return m.mime
		}
	}
	switch {
	case len(b) >= 12 && string(b[:4]) == "RIFF" && string(b[8:12]) == "WAVE":
		return "audio/x-wav"
	case len(b) >= 12 && string(b[:4]) == "RIFF" && string(b[8:11]) == "AVI":
		return "video/x-msvideo"
	case len(b) >= 12 && string(b[4:8]) == "ftyp":
		switch string(b[8:12]) {
		case "M4A ", "M4B ":
			return "audio/x-m4a"
		case "qt  ":
			return "video/quicktime"
		}
		return "video/mp4"
	case len(b) >= 2 && b[0] == 0xff && b[1]&0xe0 == 0xe0:
		return "audio/mpeg" // an MPEG audio frame
	case bytes.IndexByte(b, 0) >= 0 || !utf8.Valid(b):
		return "application/octet-stream"
	}
	text := bytes.ToLower(bytes.TrimSpace(b))
	switch {
	case bytes.HasPrefix(text, []byte("<?php")):
		return "text/x-php"
	case bytes.HasPrefix(text, []byte("<?xml")):
		return "text/xml"
	case strings.HasPrefix(http.DetectContentType(b), "text/html"):
		return "text/html"
	}
	return "text/plain"
}

// fileSpecialChars are the characters sanitize_file_name removes.
var fileSpecialChars = strings.NewReplacer("?", "", "[", "", "]", "", "/", "", `\`, "", "=", "", "<", "", ">", "",
	":", "", ";", "", ",", "", "'", "", `"`, "", "&", "", "$", "", "#", "", "*", "", "(", "", ")", "", "|", "",
	"~", "", "`", "", "!", "", "{", "", "}", "", "%", "", "+", "", "’", "", "«", "", "»", "", "”", "", "“", "",
	"\x00", "")

var (
	fileDashes   = regexp.MustCompile(`[\r\n\t -]+`)
	midExtension = regexp.MustCompile(`^[a-zA-Z]{2,5}\d?$`)
	subSizeName  = regexp.MustCompile(`-(?:\d+x\d+|scaled|rotated)$`)
)

// SanitizeFileName is sanitize_file_name: accents removed (ünïcöde.png, its
// decomposed form and its ISO-8859-1 bytes all become unicode.png), a name that is
// still not UTF-8 reduced by sanitize_title_with_dashes, special characters dropped,
// blanks to dashes, and an inner extension that is no allowed type marked with "_"
// (x.php.png becomes x.php_.png).
func SanitizeFileName(v wpversion.Version, allowed []MimeType, name string) string {
	name = wpfunc.RemoveAccents(name)
	if !wpfunc.SeemsUTF8(name) {
		base, ext := SplitExt(name)
		name = wpfunc.SanitizeTitleWithDashes(base, false) + "." + ext
	}
	name = strings.ReplaceAll(name, "\u00a0", " ")
	name = fileSpecialChars.Replace(name)
	name = strings.NewReplacer("%20", "-", "+", "-").Replace(name)
	name = strings.Trim(fileDashes.ReplaceAllString(name, "-"), ".-_")
	if !strings.Contains(name, ".") {
		if ext, _ := CheckFiletype(MimeTypesIn(v), "test."+name); ext == name {
			name = "unnamed-file." + ext
		}
	}
	parts := strings.Split(name, ".")
	if len(parts) <= 2 {
		return name
	}
	out := parts[0]
	for _, part := range parts[1 : len(parts)-1] {
		out += "." + part
		if midExtension.MatchString(part) {
			if ext, _ := CheckFiletype(allowed, "."+part); !strings.EqualFold(ext, part) {
				out += "_"
			}
		}
	}
	return out + "." + parts[len(parts)-1]
}

// SplitExt is PHP's pathinfo FILENAME and EXTENSION (without the dot).
func SplitExt(name string) (base, ext string) {
	if dot := strings.LastIndexByte(name, '.'); dot >= 0 {
		return name[:dot], name[dot+1:]
	}
	return name, ""
}

// UniqueFileName is wp_unique_filename in dir (YYYY/MM): the sanitised name, with -1,
// -2, ... before the extension while a file of that name exists (names that look like
// image sub-sizes always get one), the extension lower-cased, and then the next
// number while a file of the directory looks like a sub-size of the name
// (_wp_check_existing_file_names: uploading Photo.jpg next to photo-150x150.jpg).
func UniqueFileName(tx *store.Tx, v wpversion.Version, allowed []MimeType, dir, name string) string {
	name = SanitizeFileName(v, allowed, name)
	base, ext := SplitExt(name)
	if ext != "" {
		ext = "." + ext
	}
	exists := func(n string) bool { return tx.File(dir+"/"+n) != nil }
	number := ""
	if base != "" && subSizeName.MatchString(base) {
		number = "1"
		name = strings.ReplaceAll(name, base+ext, base+"-1"+ext)
	}
	lcExt, lcName := strings.ToLower(ext), ""
	if ext != lcExt {
		lcName = strings.TrimSuffix(name, ext) + lcExt
	}
	for exists(name) || (lcName != "" && exists(lcName)) {
		next := "1"
		if number != "" {
			n, _ := strconv.Atoi(number)
			next = strconv.Itoa(n + 1)
		}
		if lcName != "" {
			lcName = wpfunc.StrReplace(lcName, []string{"-" + number + lcExt, number + lcExt}, "-"+next+lcExt)
		}
		if number+ext == "" {
			name += "-" + next
		} else {
			name = wpfunc.StrReplace(name, []string{"-" + number + ext, number + ext}, "-"+next+ext)
		}
		number = next
	}
	if lcName != "" {
		name = lcName
	}
	if base != "" && ext != "" {
		files := tx.FileNames(dir)
		for i := 0; i <= len(files) && subsizeOfName(name, files); i++ {
			next := "1"
			if number != "" {
				n, _ := strconv.Atoi(number)
				next = strconv.Itoa(n + 1)
			}
			name = wpfunc.StrReplace(name, []string{"-" + number + lcExt, number + lcExt}, "-"+next+lcExt)
			number = next
		}
	}
	return name
}

// subsizeOfName is _wp_check_existing_file_names: whether one of files is named like
// a sub-size, a scaled or a rotated copy of name (case-insensitively).
func subsizeOfName(name string, files []string) bool {
	base, ext := SplitExt(name)
	if base == "" {
		return false
	}
	if ext != "" {
		ext = "." + ext
	}
	re, err := regexp.Compile(`(?i)^` + regexp.QuoteMeta(base) + `-(?:\d+x\d+|scaled|rotated)` + regexp.QuoteMeta(ext) + `$`)
	if err != nil {
		return false
	}
	for _, f := range files {
		if re.MatchString(f) {
			return true
		}
	}
	return false
}
