package mock

import (
	_ "image/gif" // image.DecodeConfig for uploads
	_ "image/jpeg"
	_ "image/png"
	"path"
	"strconv"
	"strings"

	"github.com/wpmock/wpmock/mock/rest"
	"github.com/wpmock/wpmock/mock/store"
	"github.com/wpmock/wpmock/mock/wp"
	"github.com/wpmock/wpmock/mock/wpfunc"
)

// The file side of an attachment as WordPress 6.1 shows it: the attachment markup the
// the_content filter prepends to the description, media_details
// (wp_get_attachment_metadata, with the sub-sizes of imagesizes.go) and
// missing_image_sizes.

// mediaDetails is the media_details field as version v prints it: {} without
// metadata; an image's width, height, file, filesize, sizes (with the "full" entry the
// controller adds), image_meta and, for a scaled big image, original_image; other
// files' filesize (what wp_generate_attachment_metadata stores for them), with the
// "sizes": {} the controller adds when there are none.
func mediaDetails(r *rest.Request, p *store.Post, v rest.Version) any {
	e := p.Extra()
	if wp.IsImage(p) {
		im := wp.AttachmentImageFiles(txOf(r), p)
		sizes := rest.Object{}
		if len(im.Sizes) > 0 {
			url := attachmentURL(r, p)
			sizes = make(rest.Object, 0, len(im.Sizes)+1)
			for _, s := range im.Sizes {
				entry := rest.Object{{Key: "file", Value: s.File}, {Key: "width", Value: s.Width}, {Key: "height", Value: s.Height}}
				if s.Stored.Data != nil { // a seeded image's sizes are drawn when read: their size is not known
					entry = append(entry, rest.Member{Key: "filesize", Value: len(s.Stored.Data)})
				}
				entry = append(entry, rest.Member{Key: "mime_type", Value: s.Mime},
					rest.Member{Key: "source_url", Value: sizeURL(url, s.File)})
				sizes = append(sizes, rest.Member{Key: s.Name, Value: entry})
			}
			sizes = append(sizes, rest.Member{Key: "full", Value: rest.Object{
				{Key: "file", Value: path.Base(url)}, {Key: "width", Value: e.Width}, {Key: "height", Value: e.Height},
				{Key: "mime_type", Value: e.MimeType}, {Key: "source_url", Value: url}}})
		}
		out := rest.Object{
			{Key: "width", Value: e.Width},
			{Key: "height", Value: e.Height},
			{Key: "file", Value: e.File},
			{Key: "filesize", Value: e.FileSize},
			{Key: "sizes", Value: sizes},
			{Key: "image_meta", Value: emptyImageMeta.At(v)},
		}
		if im.Original != "" {
			out = append(out, rest.Member{Key: "original_image", Value: im.Original})
		}
		return out
	}
	if e.File == "" {
		return rest.Object{}
	}
	return rest.Object{{Key: "filesize", Value: e.FileSize}, {Key: "sizes", Value: rest.Object{}}}
}

// sizeURL is the URL image_downsize gives a sub-size: the attached file's URL with its
// base name replaced by the size's file (str_replace, so everywhere it occurs).
func sizeURL(url, file string) string {
	return strings.ReplaceAll(url, path.Base(url), file)
}

// emptyImageMeta is wp_read_image_metadata for an image without EXIF, IPTC or XMP data
// (the mock reads none); 7.0 adds the alt text it reads from IPTC.
var emptyImageMeta = wp.Members{
	wp.KV("aperture", "0"), wp.KV("credit", ""), wp.KV("camera", ""), wp.KV("caption", ""),
	wp.KV("created_timestamp", "0"), wp.KV("copyright", ""), wp.KV("focal_length", "0"), wp.KV("iso", "0"),
	wp.KV("shutter_speed", "0"), wp.KV("title", ""), wp.KV("orientation", "0"), wp.KV("keywords", rest.EmptyArray),
	wp.KV("alt", "").Since(rest.V70),
}

// missingImageSizes is the missing_image_sizes field: wp_get_missing_image_subsizes,
// the registered sizes the image (the original of a scaled one) is large enough for
// (image_resize_dimensions) and that its metadata lacks. From 7.0 a PDF, which has
// none, lists the fallback sizes WordPress would render its first page in
// (thumbnail, medium, large) less those its metadata has.
var missingImageSizes = rest.Changed[func(tx *store.Tx, p *store.Post) []string]{
	Base: missingImageSubsizes,
	Steps: []rest.Step[func(tx *store.Tx, p *store.Post) []string]{{Since: rest.V70, Value: func(tx *store.Tx, p *store.Post) []string {
		out := missingImageSubsizes(tx, p)
		if len(out) == 0 && p.Extra().MimeType == "application/pdf" {
			out = []string{"thumbnail", "medium", "large"}
		}
		return out
	}}},
}

func missingImageSubsizes(tx *store.Tx, p *store.Post) []string {
	out := []string{}
	if !wp.IsImage(p) {
		return out
	}
	im := wp.AttachmentImageFiles(tx, p)
	for _, s := range wp.ImageSizes {
		if wp.CanResize(im.SrcW, im.SrcH, s.Width, s.Height, s.Crop) && im.Size(s.Name) == nil {
			out = append(out, s.Name)
		}
	}
	return out
}

// fileFields are the fields 7.0 and 7.1 add after missing_image_sizes, in output
// order. filename and filesize are the attached file's (null without one); the
// others are set for images only: the EXIF orientation (1 when the metadata has
// none), and what the image editor would make of the image with no plugin filtering
// it: no output format conversion (null), no progressive encoding, and the default
// encode quality (86 for WebP, else 82) for the full size and every registered size
// alike, so "sizes" lists none.
func fileFields() []*postField {
	imageOnly := func(get func(p *store.Post) any) func(*rest.Request, *store.Post) any {
		return func(_ *rest.Request, p *store.Post) any {
			if !wp.IsImage(p) {
				return rest.Absent
			}
			return get(p)
		}
	}
	quality := func(name string) *rest.Schema { return rest.Int(name).Min(1).Max(100) }
	sizes := make([]*rest.Schema, len(wp.ImageSizes))
	for i, s := range wp.ImageSizes {
		sizes[i] = quality(s.Name)
	}
	return []*postField{
		rest.F(rest.Str("filename").Desc("Original attachment file name.").Ctx(viewEdit...).RO().Since(rest.V70),
			func(_ *rest.Request, p *store.Post) any {
				f := p.Extra().File
				if f == "" {
					return nil
				}
				return f[strings.LastIndexByte(f, '/')+1:]
			}),
		rest.F(rest.New("filesize", "integer", "null").Desc("Attachment file size in bytes.").Ctx(viewEdit...).RO().Since(rest.V70),
			func(r *rest.Request, p *store.Post) any {
				e := p.Extra()
				if e.FileSize > 0 {
					return e.FileSize
				}
				if f := txOf(r).File(e.File); e.File != "" && f != nil {
					return len(f.Data)
				}
				return nil
			}),
		rest.F(rest.Int("exif_orientation").Desc("EXIF orientation value. Values 1-8 follow the EXIF specification, where 1 means no rotation needed.").
			Ctx(editOnly...).RO().Since(rest.V70),
			imageOnly(func(*store.Post) any { return 1 })),
		rest.F(rest.New("image_output_format", "string", "null").
			Desc("The output MIME type this image should be converted to, based on the image_editor_output_format filter. Null if no conversion is needed.").
			Ctx(editOnly...).RO().Since(rest.V71),
			imageOnly(func(*store.Post) any { return nil })),
		rest.F(rest.Bool("image_save_progressive").Desc("Whether to use progressive/interlaced encoding when saving this image.").
			Ctx(editOnly...).RO().Since(rest.V71),
			imageOnly(func(*store.Post) any { return false })),
		rest.F(rest.Obj("image_quality").Desc(`Encode quality (1-100) from the wp_editor_set_quality filter, resolved against the output MIME type. The "default" value applies to the full-size image; "sizes" lists per-registered-size overrides where the filtered value differs from "default".`).
			Ctx(editOnly...).RO().Props(quality("default"), rest.Obj("sizes").Props(sizes...)).Since(rest.V71),
			imageOnly(func(p *store.Post) any {
				q := 82
				if p.Extra().MimeType == "image/webp" {
					q = 86
				}
				return rest.Object{{Key: "default", Value: q}, {Key: "sizes", Value: rest.EmptyArray}}
			})),
	}
}

// renderDescription is the description's the_content: the stored text rendered as any
// content, after the markup prepend_attachment puts first, a paragraph linking the file
// around its medium-sized image (wp_get_attachment_link(0, 'medium')), or around the
// title for files that are not images.
func renderDescription(r *rest.Request, p *store.Post) string {
	if rd := p.Rendered; rd != nil && rd.Content != nil {
		return *rd.Content // as the cloned site rendered it
	}
	return attachmentParagraph(r, p) + "\n" + renderContent(p.Content.String())
}

func attachmentParagraph(r *rest.Request, p *store.Post) string {
	url := attachmentURL(r, p)
	text := ""
	if wp.IsImage(p) {
		text = attachmentImage(r, p, url)
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
		text = wp.EscAttr(name)
	}
	return `<p class="attachment"><a href='` + wp.EscURL(url) + `'>` + text + `</a></p>`
}

// attachmentImage is wp_get_attachment_image(id, 'medium') as the_content leaves it:
// the medium file, or without one the full image, its size constrained to the medium
// box (image_constrain_size_for_editor), lazy-loaded and decoded asynchronously, with
// the srcset and sizes of the other files of the same shape when there are any. Where
// the loading and decoding attributes sit is imgAttrs'.
func attachmentImage(r *rest.Request, p *store.Post, fullURL string) string {
	im := wp.AttachmentImageFiles(txOf(r), p)
	e := p.Extra()
	src, w, h := fullURL, e.Width, e.Height
	if m := im.Size("medium"); m != nil {
		src, w, h = sizeURL(fullURL, m.File), m.Width, m.Height
	}
	w, h = wp.ConstrainDimensions(w, h, 300, 300)
	alt := strings.TrimSpace(wpfunc.StripTags(e.AltText))
	var b strings.Builder
	attr := func(name, value string) { b.WriteString(" " + name + `="` + wp.EscAttr(value) + `"`) }
	b.WriteString("<img")
	layout := imgAttrs.At(r.Server().Version)
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
	if srcset := imageSrcset(r, p, &im, src, w, h); srcset != "" && w > 0 {
		sizes := "(max-width: " + strconv.Itoa(w) + "px) 100vw, " + strconv.Itoa(w) + "px"
		if autoSizes.In(r.Server().Version) && lazy {
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
var autoSizes = rest.Span{Since: rest.V67}

// imageSrcset is wp_calculate_image_srcset for an image shown w x h from src: the
// sub-sizes and the full image (not for a GIF, whose thumbnail would be a still
// frame) of the same aspect ratio, at most 2048 pixels wide unless one is src, keyed
// by width (src first); none unless src is among them and there are two.
func imageSrcset(r *rest.Request, p *store.Post, im *wp.ImageFiles, src string, w, h int) string {
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
	baseURL := r.Site + uploadsPrefix + im.Dir
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
		cw, ch = wp.ConstrainDimensions(sw, sh, tw, 0)
		ew, eh = tw, th
	} else {
		cw, ch = wp.ConstrainDimensions(tw, th, sw, 0)
		ew, eh = sw, sh
	}
	return wp.AbsInt(cw-ew) <= 1 && wp.AbsInt(ch-eh) <= 1
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
var imgAttrs = rest.Changed[imgAttrsLayout]{Base: imgAttrsTrailing,
	Steps: []rest.Step[imgAttrsLayout]{{Since: rest.V63, Value: imgAttrsLoadingFirst}, {Since: rest.V64, Value: imgAttrsLeading}}}

// renderCaption is the caption's get_the_excerpt + the_excerpt. An empty caption is
// made, as wp_trim_excerpt does, from the rendered description, attachment paragraph
// included: a file's title shows up in it, an image's markup strips to nothing.
func renderCaption(r *rest.Request, p *store.Post) string {
	if rd := p.Rendered; rd != nil && rd.Excerpt != nil {
		return *rd.Excerpt
	}
	if p.Excerpt != "" {
		return renderExcerpt(p.Excerpt, "")
	}
	return renderExcerpt("", renderDescription(r, p))
}
