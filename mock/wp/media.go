package wp

import (
	"path"
	"strconv"
	"strings"

	"github.com/wpmock/wpmock/mock/store"
	"github.com/wpmock/wpmock/mock/wpfunc"
	"github.com/wpmock/wpmock/mock/wpversion"
)

// media.php's markup of an image attachment: wp_get_attachment_image and
// wp_calculate_image_srcset, from the files imagesizes.go finds, the sub-sizes an
// image lacks (wp_get_missing_image_subsizes) and prepend_attachment's paragraph. uploadsURL is the
// site's uploads URL, ending in "/".

// AttachmentImage is wp_get_attachment_image(id, 'medium') as the_content leaves it:
// the medium file, or without one the full image, its size constrained to the medium
// box (image_constrain_size_for_editor), lazy-loaded and decoded asynchronously, with
// the srcset and sizes of the other files of the same shape when there are any. Where
// the loading and decoding attributes sit is imgAttrs'.
func AttachmentImage(tx *store.Tx, v wpversion.Version, uploadsURL string, p *store.Post, fullURL string) string {
	im := AttachmentImageFiles(tx, p)
	e := p.Extra()
	src, w, h := fullURL, e.Width, e.Height
	if m := im.Size("medium"); m != nil {
		src, w, h = SizeURL(fullURL, m.File), m.Width, m.Height
	}
	w, h = ConstrainDimensions(w, h, 300, 300)
	alt := strings.TrimSpace(wpfunc.StripTags(e.AltText))
	var b strings.Builder
	attr := func(name, value string) { b.WriteString(" " + name + `="` + EscAttr(value) + `"`) }
	b.WriteString("<img")
	layout := imgAttrs.At(v)
	lazy := layout == imgAttrsTrailing || w != 0 && h != 0
	if layout != imgAttrsTrailing && lazy {
		attr("loading", "lazy")
	}
	if layout == imgAttrsLeading {
		attr("decoding", "async")
	}
	if w != 0 {
		attr("width", strconv.Itoa(w))
	}
	if h != 0 {
		attr("height", strconv.Itoa(h))
	}
	attr("src", src)
	attr("class", "attachment-medium size-medium")
	attr("alt", alt)
	if layout != imgAttrsLeading {
		attr("decoding", "async")
	}
	if layout == imgAttrsTrailing {
		attr("loading", "lazy")
	}
	if srcset := ImageSrcset(uploadsURL, p, &im, src, w, h); srcset != "" && w > 0 {
		sizes := "(max-width: " + strconv.Itoa(w) + "px) 100vw, " + strconv.Itoa(w) + "px"
		if autoSizes.In(v) && lazy {
			sizes = "auto, " + sizes
		}
		attr("srcset", srcset)
		attr("sizes", sizes)
	}
	b.WriteString(" />")
	return b.String()
}

// autoSizes is the versions that put "auto" first in the sizes of a lazy-loaded image
// (wp_img_tag_add_auto_sizes).
var autoSizes = wpversion.Span{Since: wpversion.V67}

// ImageSrcset is wp_calculate_image_srcset for an image shown w x h from src: the
// sub-sizes and the full image (not for a GIF, whose thumbnail would be a still
// frame) of the same aspect ratio, at most 2048 pixels wide unless one is src, keyed
// by width (src first); none unless src is among them and there are two.
func ImageSrcset(uploadsURL string, p *store.Post, im *ImageFiles, src string, w, h int) string {
	e := p.Extra()
	if len(im.Sizes) == 0 || len(e.File) < 4 || w < 1 {
		return ""
	}
	type candidate struct {
		file          string
		width, height int
	}
	cands := make([]candidate, 0, len(im.Sizes)+1)
	for _, s := range im.Sizes {
		cands = append(cands, candidate{s.File, s.Width, s.Height})
	}
	if t := im.Size("thumbnail"); t == nil || t.Mime != "image/gif" {
		cands = append(cands, candidate{path.Base(e.File), e.Width, e.Height})
	} else if strings.Contains(src, e.File) {
		return ""
	}
	baseURL := uploadsURL + im.Dir
	var widths []int // keys in order
	urls := map[int]string{}
	matched := false
	for _, c := range cands {
		isSrc := false
		if !matched && strings.Contains(src, im.Dir+c.file) {
			matched, isSrc = true, true
		}
		if c.width > 2048 && !isSrc { // max_srcset_image_width
			continue
		}
		if !imageMatchesRatio(w, h, c.width, c.height) {
			continue
		}
		_, seen := urls[c.width]
		urls[c.width] = baseURL + c.file
		switch {
		case isSrc: // array( width => source ) + sources
			front := []int{c.width}
			for _, k := range widths {
				if k != c.width {
					front = append(front, k)
				}
			}
			widths = front
		case !seen:
			widths = append(widths, c.width)
		}
	}
	if !matched || len(widths) < 2 {
		return ""
	}
	parts := make([]string, len(widths))
	for i, k := range widths {
		parts[i] = strings.ReplaceAll(urls[k], " ", "%20") + " " + strconv.Itoa(k) + "w"
	}
	return strings.Join(parts, ", ")
}

// imageMatchesRatio is wp_image_matches_ratio: the larger size scaled to the smaller's
// width is (within a pixel) the smaller size.
func imageMatchesRatio(sw, sh, tw, th int) bool {
	var cw, ch, ew, eh int
	if sw > tw {
		cw, ch = ConstrainDimensions(sw, sh, tw, 0)
		ew, eh = tw, th
	} else {
		cw, ch = ConstrainDimensions(tw, th, sw, 0)
		ew, eh = sw, sh
	}
	return AbsInt(cw-ew) <= 1 && AbsInt(ch-eh) <= 1
}

// imgAttrsLayout is where an attachment image's loading and decoding attributes sit.
type imgAttrsLayout int

const (
	// imgAttrsTrailing: wp_get_attachment_image adds decoding and loading after alt (6.1).
	imgAttrsTrailing imgAttrsLayout = iota
	// imgAttrsLoadingFirst: inside the_content wp_get_attachment_image leaves loading
	// to wp_filter_content_tags, which puts it right after "<img" (6.3).
	imgAttrsLoadingFirst
	// imgAttrsLeading: decoding goes the same way (6.4): loading, then decoding, first.
	imgAttrsLeading
)

// imgAttrs is the layout of each version.
var imgAttrs = wpversion.Changed[imgAttrsLayout]{Base: imgAttrsTrailing,
	Steps: []wpversion.Step[imgAttrsLayout]{{Since: wpversion.V63, Value: imgAttrsLoadingFirst}, {Since: wpversion.V64, Value: imgAttrsLeading}}}

// SizeURL is the URL image_downsize gives a sub-size: the attached file's URL with its
// base name replaced by the size's file (str_replace, so everywhere it occurs).
func SizeURL(url, file string) string {
	return strings.ReplaceAll(url, path.Base(url), file)
}

// MissingImageSubsizes is wp_get_missing_image_subsizes: the registered sizes the
// image (the original of a scaled one) is large enough for (image_resize_dimensions)
// and that its metadata lacks.
func MissingImageSubsizes(tx *store.Tx, p *store.Post) []string {
	out := []string{}
	if !IsImage(p) {
		return out
	}
	im := AttachmentImageFiles(tx, p)
	for _, s := range ImageSizes {
		if CanResize(im.SrcW, im.SrcH, s.Width, s.Height, s.Crop) && im.Size(s.Name) == nil {
			out = append(out, s.Name)
		}
	}
	return out
}

// PrependAttachment is the paragraph prepend_attachment puts before an attachment's
// content: a link to the file (url) around its medium-sized image
// (wp_get_attachment_link(0, 'medium')), or around the title for files that are not
// images, or the file's name without a title; uploadsURL is the uploads directory's
// address.
func PrependAttachment(tx *store.Tx, v wpversion.Version, uploadsURL string, p *store.Post, url string) string {
	text := ""
	if IsImage(p) {
		text = AttachmentImage(tx, v, uploadsURL, p, url)
	}
	if strings.TrimSpace(text) == "" {
		text = p.Title
	}
	if strings.TrimSpace(text) == "" {
		f := p.Extra().File
		name := f[strings.LastIndex(f, "/")+1:]
		if dot := strings.LastIndex(name, "."); dot > 0 {
			name = name[:dot]
		}
		text = EscAttr(name)
	}
	return `<p class="attachment"><a href='` + EscURL(url) + `'>` + text + `</a></p>`
}
