package mock

import (
	"math"
	"strconv"
	"strings"

	"github.com/wpmock/wpmock/mock/rest"
	"github.com/wpmock/wpmock/mock/store"
)

// The file side of an attachment as WordPress 6.1 shows it: the attachment markup the
// the_content filter prepends to the description, media_details
// (wp_get_attachment_metadata) and missing_image_sizes.
//
// The mock keeps the uploaded file only and makes no resized copies, so it answers as
// WordPress does on a server without an image editor (no GD or Imagick): the metadata
// has "sizes": {}, the description shows the full file scaled to the medium box with no
// srcset, and missing_image_sizes lists every registered size the image could have.

// imageSize is a registered image sub-size (add_image_size).
type imageSize struct {
	name          string
	width, height int
	crop          bool
}

// imageSizes are the sizes WordPress 6.1 registers by default (the media options and
// the 1536x1536 / 2048x2048 sizes of _wp_add_additional_image_sizes), in
// wp_get_registered_image_subsizes order; the default theme adds none.
var imageSizes = []imageSize{
	{"thumbnail", 150, 150, true},
	{"medium", 300, 300, false},
	{"medium_large", 768, 0, false},
	{"large", 1024, 1024, false},
	{"1536x1536", 1536, 1536, false},
	{"2048x2048", 2048, 2048, false},
}

// mediaDetails is the media_details field: {} without metadata; an image's width,
// height, file, filesize, sizes and image_meta; other files' filesize (what
// wp_generate_attachment_metadata stores for them), with the "sizes": {} the controller
// adds when there are none.
func mediaDetails(p *store.Post) any {
	if isImage(p) {
		return rest.Object{
			{Key: "width", Value: p.Width},
			{Key: "height", Value: p.Height},
			{Key: "file", Value: p.File},
			{Key: "filesize", Value: p.FileSize},
			{Key: "sizes", Value: rest.Object{}},
			{Key: "image_meta", Value: emptyImageMeta()},
		}
	}
	if p.File == "" {
		return rest.Object{}
	}
	return rest.Object{{Key: "filesize", Value: p.FileSize}, {Key: "sizes", Value: rest.Object{}}}
}

// emptyImageMeta is wp_read_image_metadata for an image without EXIF or IPTC data (the
// mock reads none).
func emptyImageMeta() rest.Object {
	return rest.Object{
		{Key: "aperture", Value: "0"},
		{Key: "credit", Value: ""},
		{Key: "camera", Value: ""},
		{Key: "caption", Value: ""},
		{Key: "created_timestamp", Value: "0"},
		{Key: "copyright", Value: ""},
		{Key: "focal_length", Value: "0"},
		{Key: "iso", Value: "0"},
		{Key: "shutter_speed", Value: "0"},
		{Key: "title", Value: ""},
		{Key: "orientation", Value: "0"},
		{Key: "keywords", Value: rest.EmptyArray},
	}
}

// missingImageSizes is wp_get_missing_image_subsizes: the registered sizes an image is
// large enough for (image_resize_dimensions) and that its metadata lacks, which is all
// of them, since the mock makes no sub-sizes.
func missingImageSizes(p *store.Post) []string {
	out := []string{}
	if !isImage(p) {
		return out
	}
	for _, s := range imageSizes {
		if canResize(p.Width, p.Height, s.width, s.height, s.crop) {
			out = append(out, s.name)
		}
	}
	return out
}

// canResize reports whether image_resize_dimensions gives a result: the image must be
// larger than the box, and the new size must not be (within a pixel) the original.
func canResize(origW, origH, destW, destH int, crop bool) bool {
	if origW <= 0 || origH <= 0 || destW <= 0 && destH <= 0 {
		return false
	}
	switch {
	case destH == 0:
		if origW < destW {
			return false
		}
	case destW == 0:
		if origH < destH {
			return false
		}
	default:
		if origW < destW && origH < destH {
			return false
		}
	}
	var newW, newH int
	if crop {
		ratio := float64(origW) / float64(origH)
		newW, newH = min(destW, origW), min(destH, origH)
		if newW == 0 {
			newW = int(math.Round(float64(newH) * ratio))
		}
		if newH == 0 {
			newH = int(math.Round(float64(newW) / ratio))
		}
	} else {
		newW, newH = constrainDimensions(origW, origH, destW, destH)
	}
	return !(absInt(newW-origW) <= 1 && absInt(newH-origH) <= 1) // wp_fuzzy_number_match
}

func absInt(i int) int {
	if i < 0 {
		return -i
	}
	return i
}

// constrainDimensions is wp_constrain_dimensions: the size scaled to fit the box (0 for
// no limit), never below one pixel, rounded up to the box edge when one short.
func constrainDimensions(w, h, maxW, maxH int) (int, int) {
	if maxW == 0 && maxH == 0 {
		return w, h
	}
	widthRatio, heightRatio := 1.0, 1.0
	didWidth, didHeight := false, false
	if maxW > 0 && w > 0 && w > maxW {
		widthRatio, didWidth = float64(maxW)/float64(w), true
	}
	if maxH > 0 && h > 0 && h > maxH {
		heightRatio, didHeight = float64(maxH)/float64(h), true
	}
	smaller, larger := math.Min(widthRatio, heightRatio), math.Max(widthRatio, heightRatio)
	ratio := larger
	if int(math.Round(float64(w)*larger)) > maxW || int(math.Round(float64(h)*larger)) > maxH {
		ratio = smaller // the larger ratio would overflow the box
	}
	newW := max(1, int(math.Round(float64(w)*ratio)))
	newH := max(1, int(math.Round(float64(h)*ratio)))
	if didWidth && newW == maxW-1 {
		newW = maxW
	}
	if didHeight && newH == maxH-1 {
		newH = maxH
	}
	return newW, newH
}

// renderDescription is the description's the_content: the stored text rendered as any
// content, after the markup prepend_attachment puts first, a paragraph linking the file
// around its medium-sized image (wp_get_attachment_link(0, 'medium')), or around the
// title for files that are not images.
func renderDescription(r *rest.Request, p *store.Post) string {
	return attachmentParagraph(r, p) + "\n" + renderContent(p.Content)
}

func attachmentParagraph(r *rest.Request, p *store.Post) string {
	url := attachmentURL(r, p)
	text := ""
	if isImage(p) {
		text = attachmentImage(r, p, url)
	}
	if strings.TrimSpace(text) == "" {
		text = p.Title
	}
	if strings.TrimSpace(text) == "" {
		name := p.File[strings.LastIndex(p.File, "/")+1:]
		if dot := strings.LastIndex(name, "."); dot > 0 {
			name = name[:dot]
		}
		text = escAttr(name)
	}
	return `<p class="attachment"><a href='` + escURL(url) + `'>` + text + `</a></p>`
}

// attachmentImage is wp_get_attachment_image(id, 'medium'): without a medium file the
// full image, its size constrained to the medium box (image_constrain_size_for_editor),
// lazy-loaded and decoded asynchronously; no srcset, as there is a single source.
func attachmentImage(r *rest.Request, p *store.Post, src string) string {
	w, h := constrainDimensions(p.Width, p.Height, 300, 300)
	alt := strings.TrimSpace(stripTags(p.AltText))
	var b strings.Builder
	b.WriteString("<img ")
	if w != 0 {
		b.WriteString(`width="` + strconv.Itoa(w) + `" `)
	}
	if h != 0 {
		b.WriteString(`height="` + strconv.Itoa(h) + `" `)
	}
	for _, a := range [][2]string{{"src", src}, {"class", "attachment-medium size-medium"}, {"alt", alt},
		{"decoding", "async"}, {"loading", "lazy"}} {
		b.WriteString(a[0] + `="` + escAttr(a[1]) + `" `)
	}
	b.WriteString("/>")
	return b.String()
}

// renderCaption is the caption's get_the_excerpt + the_excerpt. An empty caption is
// made, as wp_trim_excerpt does, from the rendered description, attachment paragraph
// included: a file's title shows up in it, an image's markup strips to nothing.
func renderCaption(r *rest.Request, p *store.Post) string {
	if p.Excerpt != "" {
		return renderExcerpt(p.Excerpt, "")
	}
	return renderExcerpt("", renderDescription(r, p))
}

// escAttr is esc_attr: HTML special characters encoded, entities already in the text
// left as they are.
func escAttr(s string) string {
	if !strings.ContainsAny(s, `&<>"'`) {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		switch c := s[i]; c {
		case '&':
			if isEntityAt(s[i:]) {
				b.WriteByte('&')
			} else {
				b.WriteString("&amp;")
			}
		case '<':
			b.WriteString("&lt;")
		case '>':
			b.WriteString("&gt;")
		case '"':
			b.WriteString("&quot;")
		case '\'':
			b.WriteString("&#039;")
		default:
			b.WriteByte(c)
		}
	}
	return b.String()
}

// isEntityAt reports whether s starts with a character reference (&amp; &#38; &#x26;).
func isEntityAt(s string) bool {
	end := strings.IndexByte(s, ';')
	if end < 2 || end > 32 {
		return false
	}
	name := s[1:end]
	if name[0] == '#' {
		digits := name[1:]
		if len(digits) > 0 && (digits[0] == 'x' || digits[0] == 'X') {
			_, err := strconv.ParseUint(digits[1:], 16, 32)
			return len(digits) > 1 && err == nil
		}
		_, err := strconv.ParseUint(digits, 10, 32)
		return err == nil
	}
	for _, c := range name {
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9') {
			return false
		}
	}
	return true
}

// escURL is what esc_url changes in an upload URL: ampersands and single quotes.
func escURL(u string) string {
	return strings.NewReplacer("&", "&#038;", "'", "&#039;").Replace(u)
}
