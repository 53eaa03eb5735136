package graphql

import (
	"path"
	"strconv"
	"strings"

	"github.com/wpmock/wpmock/mock/store"
	"github.com/wpmock/wpmock/mock/wp"
)

// Media items' own fields: the file's URL, MIME type and metadata, and the sizes,
// as WPGraphQL's MediaItem and MediaDetails show wp_get_attachment_metadata.

func mediaFields() []*fieldDecl {
	img := func(c *call, p any) Image { return attachmentImage(c.Tx, c.Home, post(p)) }
	return []*fieldDecl{
		{Name: "sourceUrl", Type: "String", Args: []argDecl{{Name: "size", Type: "MediaItemSizeEnum"}},
			Resolve: func(c *call, p any, args map[string]any) (any, error) {
				im := img(c, p)
				if size, _ := args["size"].(string); size != "" {
					for _, s := range im.Sizes {
						if upperSnake(s.Name) == size {
							return s.SourceURL, nil
						}
					}
				}
				return nilIfEmpty(im.SourceURL), nil
			}},
		{Name: "srcSet", Type: "String", Args: []argDecl{{Name: "size", Type: "MediaItemSizeEnum"}},
			Resolve: func(c *call, p any, args map[string]any) (any, error) {
				set, _ := imageSrcSet(c.Tx, c.Home, post(p), sizeName(args))
				return nilIfEmpty(set), nil
			}},
		{Name: "sizes", Type: "String", Args: []argDecl{{Name: "size", Type: "MediaItemSizeEnum"}},
			Resolve: func(c *call, p any, args map[string]any) (any, error) {
				_, sizes := imageSrcSet(c.Tx, c.Home, post(p), sizeName(args))
				return nilIfEmpty(sizes), nil
			}},
		f("file", "String", func(_ *call, p any, _ map[string]any) (any, error) {
			return nilIfEmpty(path.Base(post(p).Extra().File)), nil
		}),
		f("mediaItemUrl", "String", func(c *call, p any, _ map[string]any) (any, error) { return nilIfEmpty(img(c, p).SourceURL), nil }),
		f("mimeType", "String", func(_ *call, p any, _ map[string]any) (any, error) { return nilIfEmpty(post(p).Extra().MimeType), nil }),
		f("mediaType", "String", func(_ *call, p any, _ map[string]any) (any, error) {
			if strings.HasPrefix(post(p).Extra().MimeType, "image/") {
				return "image", nil
			}
			return "file", nil
		}),
		f("altText", "String", func(_ *call, p any, _ map[string]any) (any, error) { return post(p).Extra().AltText, nil }),
		f("caption", "String", func(c *call, p any, _ map[string]any) (any, error) { return nilIfEmpty(c.site.excerpt(post(p))), nil }),
		f("description", "String", func(c *call, p any, _ map[string]any) (any, error) { return nilIfEmpty(c.site.content(post(p))), nil }),
		f("fileSize", "Int", func(c *call, p any, _ map[string]any) (any, error) { return nilIfZero(post(p).Extra().FileSize), nil }),
		f("mediaDetails", "MediaDetails", func(c *call, p any, _ map[string]any) (any, error) {
			if post(p).Extra().File == "" {
				return nil, nil
			}
			im := img(c, p)
			return &im, nil
		}),
	}
}

// sizeName is the registered size a size argument names (medium by default, as
// WPGraphQL's srcSet and sizes fields default).
func sizeName(args map[string]any) string {
	s, _ := args["size"].(string)
	if s == "" {
		return "medium"
	}
	return strings.ToLower(strings.TrimPrefix(s, "_"))
}

func image(p any) *Image { return p.(*Image) }

func mediaDecls(sizes []string) []*typeDecl {
	size := func(p any) ImageSize { return p.(ImageSize) }
	return []*typeDecl{
		{Name: "MediaDetails", Kind: object, Fields: []*fieldDecl{
			f("file", "String", func(_ *call, p any, _ map[string]any) (any, error) { return nilIfEmpty(path.Base(image(p).File)), nil }),
			f("width", "Int", func(_ *call, p any, _ map[string]any) (any, error) { return nilIfZero(image(p).Width), nil }),
			f("height", "Int", func(_ *call, p any, _ map[string]any) (any, error) { return nilIfZero(image(p).Height), nil }),
			{Name: "sizes", Type: "[MediaSize]", Args: []argDecl{{Name: "exclude", Type: "[MediaItemSizeEnum]"}, {Name: "include", Type: "[MediaItemSizeEnum]"}},
				Resolve: func(_ *call, p any, args map[string]any) (any, error) {
					in, out := enumSet(args["include"]), enumSet(args["exclude"])
					var list []ImageSize
					for _, s := range image(p).Sizes {
						n := upperSnake(s.Name)
						if (in != nil && !in[n]) || out[n] {
							continue
						}
						list = append(list, s)
					}
					if list == nil {
						return nil, nil
					}
					return list, nil
				}},
		}},
		{Name: "MediaSize", Kind: object, Fields: []*fieldDecl{
			f("name", "String", func(_ *call, p any, _ map[string]any) (any, error) { return size(p).Name, nil }),
			f("file", "String", func(_ *call, p any, _ map[string]any) (any, error) { return size(p).File, nil }),
			f("width", "String", func(_ *call, p any, _ map[string]any) (any, error) { return size(p).Width, nil }),
			f("height", "String", func(_ *call, p any, _ map[string]any) (any, error) { return size(p).Height, nil }),
			f("mimeType", "String", func(_ *call, p any, _ map[string]any) (any, error) { return size(p).MimeType, nil }),
			f("fileSize", "Int", func(_ *call, p any, _ map[string]any) (any, error) { return nilIfZero(size(p).FileSize), nil }),
			f("sourceUrl", "String", func(_ *call, p any, _ map[string]any) (any, error) { return size(p).SourceURL, nil }),
		}},
		{Name: "MediaItemSizeEnum", Kind: enum, Values: sizes},
	}
}

func enumSet(v any) map[string]bool {
	list, ok := v.([]any)
	if !ok {
		return nil
	}
	out := map[string]bool{}
	for _, x := range list {
		s, _ := x.(string)
		out[s] = true
	}
	return out
}

// Image is an attachment's file: its URL, its size and its sub-sizes.
type Image struct {
	SourceURL, File, MimeType string
	Width, Height, FileSize   int
	Sizes                     []ImageSize
}

// ImageSize is one sub-size of an image.
type ImageSize struct {
	Name, File, MimeType, SourceURL string
	Width, Height, FileSize         int
}

// attachmentImage is the attachment's file with the sub-sizes media_details lists.
func attachmentImage(tx *store.Tx, home string, p *store.Post) Image {
	e := p.Extra()
	url := wp.AttachmentURL(home, p)
	im := Image{SourceURL: url, File: e.File, MimeType: e.MimeType, Width: e.Width, Height: e.Height, FileSize: e.FileSize}
	if !wp.IsImage(p) {
		return im
	}
	for _, s := range wp.AttachmentImageFiles(tx, p).Sizes {
		size := ImageSize{Name: s.Name, File: s.File, MimeType: s.Mime, SourceURL: wp.SizeURL(url, s.File), Width: s.Width, Height: s.Height}
		if s.Stored.Data != nil {
			size.FileSize = len(s.Stored.Data)
		}
		im.Sizes = append(im.Sizes, size)
	}
	return im
}

// imageSrcSet is wp_get_attachment_image_srcset and wp_get_attachment_image_sizes of
// an image shown at a registered size ("" for the full image), as the attachment
// markup of the REST API's description computes them (wp.AttachmentImage).
func imageSrcSet(tx *store.Tx, home string, p *store.Post, size string) (srcset, sizes string) {
	if !wp.IsImage(p) {
		return "", ""
	}
	im := wp.AttachmentImageFiles(tx, p)
	e := p.Extra()
	src, w, h := wp.AttachmentURL(home, p), e.Width, e.Height
	if m := im.Size(size); m != nil {
		src, w, h = wp.SizeURL(src, m.File), m.Width, m.Height
	}
	if w < 1 {
		return "", ""
	}
	return wp.ImageSrcset(home+wp.UploadsPrefix, p, &im, src, w, h), "(max-width: " + strconv.Itoa(w) + "px) 100vw, " + strconv.Itoa(w) + "px"
}
