package mock

import (
	_ "image/gif" // image.DecodeConfig for uploads
	_ "image/jpeg"
	_ "image/png"
	"path"
	"strings"

	"github.com/wpmock/wpmock/mock/rest"
	"github.com/wpmock/wpmock/mock/store"
	"github.com/wpmock/wpmock/mock/wp"
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
			url := wp.AttachmentURL(r.Site, p)
			sizes = make(rest.Object, 0, len(im.Sizes)+1)
			for _, s := range im.Sizes {
				entry := rest.Object{{Key: "file", Value: s.File}, {Key: "width", Value: s.Width}, {Key: "height", Value: s.Height}}
				if s.Stored.Data != nil { // a seeded image's sizes are drawn when read: their size is not known
					entry = append(entry, rest.Member{Key: "filesize", Value: len(s.Stored.Data)})
				}
				entry = append(entry, rest.Member{Key: "mime_type", Value: s.Mime},
					rest.Member{Key: "source_url", Value: wp.SizeURL(url, s.File)})
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
	Base: wp.MissingImageSubsizes,
	Steps: []rest.Step[func(tx *store.Tx, p *store.Post) []string]{{Since: rest.V70, Value: func(tx *store.Tx, p *store.Post) []string {
		out := wp.MissingImageSubsizes(tx, p)
		if len(out) == 0 && p.Extra().MimeType == "application/pdf" {
			out = []string{"thumbnail", "medium", "large"}
		}
		return out
	}}},
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
// content, after the markup prepend_attachment puts first (wp.PrependAttachment), a paragraph linking the file
// around its medium-sized image (wp_get_attachment_link(0, 'medium')), or around the
// title for files that are not images.
func renderDescription(r *rest.Request, p *store.Post) string {
	if rd := p.Rendered; rd != nil && rd.Content != nil {
		return *rd.Content // as the cloned site rendered it
	}
	return wp.PrependAttachment(txOf(r), r.Server().Version, r.Site+wp.UploadsPrefix, p, wp.AttachmentURL(r.Site, p)) + "\n" + wp.RenderContent(p.Content.String())
}

// renderCaption is the caption's get_the_excerpt + the_excerpt. An empty caption is
// made, as wp_trim_excerpt does, from the rendered description, attachment paragraph
// included: a file's title shows up in it, an image's markup strips to nothing.
func renderCaption(r *rest.Request, p *store.Post) string {
	if rd := p.Rendered; rd != nil && rd.Excerpt != nil {
		return *rd.Excerpt
	}
	if p.Excerpt != "" {
		return wp.RenderExcerpt(p.Excerpt, "")
	}
	return wp.RenderExcerpt("", renderDescription(r, p))
}
