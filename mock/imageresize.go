package mock

import (
	"net/http"
	"path"
	"sync"

	"github.com/wpmock/wpmock/mock/imaging"
	"github.com/wpmock/wpmock/mock/rest"
	"github.com/wpmock/wpmock/mock/store"
	"github.com/wpmock/wpmock/mock/wp"
)

// wp_create_image_subsizes: the image is decoded once, each size resampled from it and
// encoded (mock/imaging); the sizes and their names are WordPress's (imagesizes.go).
// madeUpload is what wp_create_image_subsizes makes of an uploaded image: the file to
// attach (the upload, or its scaled copy) and the files it adds.
type madeUpload struct {
	file          string // the attached file's path
	width, height int
	size          int // its file size
	files         []*store.File
}

// renditions are the images wp_create_image_subsizes makes of an upload, encoded and
// not yet named: a big image's scaled copy (nil if none) and the sub-sizes by size
// name. They depend on the bytes only, so an upload's are made before the store is
// locked (prerender), and other requests need not wait for them.
type renditions struct {
	data             []byte // the upload they are made of
	mime             string
	scalePNG         bool
	scaled           []byte
	scaledW, scaledH int
	sizes            map[string][]byte
}

// renderUpload makes the renditions of an image (mime, as its bytes say): nil when the
// editor cannot load it.
func renderUpload(mime string, data []byte, scalePNG bool) *renditions {
	w, h := imaging.Dimensions(mime, data)
	if !wp.EditorResizes(mime) || w <= 0 || h <= 0 {
		return nil
	}
	src, err := imaging.Decode(mime, data)
	if err != nil || src.Rect.Dx() != w || src.Rect.Dy() != h {
		return nil
	}
	out := &renditions{data: data, mime: mime, scalePNG: scalePNG, sizes: map[string][]byte{}}
	hs := &imaging.Halvings{src}
	if (mime != "image/png" || scalePNG) && (w > wp.BigImageThreshold || h > wp.BigImageThreshold) {
		if b, ok := wp.ResizeDimensions(w, h, wp.BigImageThreshold, wp.BigImageThreshold, false); ok {
			if scaled, err := imaging.Encode(mime, imaging.Resample(hs, b)); err == nil {
				out.scaled, out.scaledW, out.scaledH = scaled, b.DstW, b.DstH
			}
		}
	}
	sizes := wp.PlannedSubsizes("", w, h)
	encoded := make([][]byte, len(sizes))
	var wg sync.WaitGroup
	for i, s := range sizes {
		img := imaging.Resample(hs, s.Box)
		wg.Add(1)
		go func() { // encoding is the slow part: the sizes side by side
			defer wg.Done()
			if enc, err := imaging.Encode(mime, img); err == nil {
				encoded[i] = enc
			}
		}()
	}
	wg.Wait()
	for i, s := range sizes {
		if encoded[i] != nil {
			out.sizes[s.Name] = encoded[i]
		}
	}
	return out
}

// of reports whether the renditions are of these bytes, as this type.
func (rd *renditions) of(mime string, data []byte, scalePNG bool) bool {
	return rd != nil && rd.mime == mime && rd.scalePNG == scalePNG && len(rd.data) == len(data) &&
		len(data) > 0 && &rd.data[0] == &data[0]
}

// makeUploadImages is wp_create_image_subsizes for an image uploaded to path (w x h,
// as getimagesize read it): an image larger than big_image_size_threshold (not a PNG
// unless scalePNG) is scaled to fit it and saved as name-scaled.ext, which becomes the
// attached file; then every sub-size is made from the original. An image the editor
// cannot load gets none (the upload stays as it is). pre are the renditions made
// ahead, if any.
func makeUploadImages(filePath, mime string, data []byte, w, h int, scalePNG bool, pre *renditions) madeUpload {
	out := madeUpload{file: filePath, width: w, height: h, size: len(data)}
	if !pre.of(mime, data, scalePNG) {
		pre = renderUpload(mime, data, scalePNG)
	}
	if pre == nil {
		return out
	}
	dir, base := path.Split(filePath)
	if pre.scaled != nil {
		out.file, out.width, out.height, out.size = dir+wp.ScaledName(base), pre.scaledW, pre.scaledH, len(pre.scaled)
		out.files = append(out.files, &store.File{Path: out.file, MimeType: mime, Data: pre.scaled, Of: filePath})
	}
	for _, s := range wp.PlannedSubsizes(base, w, h) {
		if enc := pre.sizes[s.Name]; enc != nil {
			out.files = append(out.files, &store.File{Path: dir + s.File, MimeType: mime, Data: enc, Of: filePath})
		}
	}
	return out
}

// prerendered are the renditions made ahead of the requests being dispatched.
var prerendered sync.Map // *rest.Request -> *renditions

// prerender makes, before a write request takes the store's lock, the renditions of
// an image uploaded to POST /wp/v2/media with credentials (authentication, inside the
// lock, and the checks that follow may refuse it: then they are dropped). The upload's type is what its bytes say,
// which is what an image is stored as; done is called when the request is over.
func (m *Mock) prerender(r *rest.Request) (done func()) {
	if r.Method != http.MethodPost || r.Path != "/"+Namespace+"/media" ||
		r.HTTP.Header.Get("Authorization") == "" && !m.opts.OpenAuth {
		return func() {}
	}
	data := r.RawBody
	if len(r.Files) > 0 {
		f := r.Files["file"]
		if f == nil {
			return func() {}
		}
		data = f.Data
	}
	mime := imaging.Mime(data)
	if !wp.EditorResizes(mime) {
		return func() {}
	}
	if rd := renderUpload(mime, data, bigPNGScaled.In(m.version)); rd != nil {
		prerendered.Store(r, rd)
	}
	return func() { prerendered.Delete(r) }
}

// prerenderedFor is the renditions made ahead for a request, or nil.
func prerenderedFor(r *rest.Request) *renditions {
	if v, ok := prerendered.Load(r); ok {
		return v.(*renditions)
	}
	return nil
}

// drawSubsize makes the bytes of a sub-size listed without them (a seeded image's):
// the size whose name the file has, of the image it is made from; nil when there is
// none or the image cannot be read.
func drawSubsize(f, src *store.File) []byte {
	if src == nil || src.Data == nil {
		return nil
	}
	w, h := imaging.Dimensions(src.MimeType, src.Data)
	for _, s := range wp.PlannedSubsizes(path.Base(src.Path), w, h) {
		if s.File != path.Base(f.Path) {
			continue
		}
		img, err := imaging.Decode(src.MimeType, src.Data)
		if err != nil || img.Rect.Dx() != w || img.Rect.Dy() != h {
			return nil
		}
		enc, err := imaging.Encode(f.MimeType, imaging.Resample(&imaging.Halvings{img}, s.Box))
		if err != nil {
			return nil
		}
		return enc
	}
	return nil
}

// drawnSizes keeps the sub-sizes drawn on first read, up to a bound, by path and the
// bytes they are made from (a reset or a new upload at the same path draws again).
type drawnSizes struct {
	mu    sync.Mutex
	files map[string]drawnSize
	bytes int
}

type drawnSize struct {
	src  *byte // the first byte of the source's data
	data []byte
}

const maxDrawnSizeBytes = 64 << 20

// bytesOf returns a file's bytes, drawing a sub-size listed without them (src is the
// file it is made from); nil when it cannot be drawn.
func (d *drawnSizes) bytesOf(f, src *store.File) []byte {
	if f.Data != nil || f.Of == "" {
		return f.Data
	}
	if src == nil || len(src.Data) == 0 {
		return nil
	}
	d.mu.Lock()
	c, ok := d.files[f.Path]
	d.mu.Unlock()
	if ok && c.src == &src.Data[0] {
		return c.data
	}
	data := drawSubsize(f, src)
	if data == nil {
		return nil
	}
	d.mu.Lock()
	defer d.mu.Unlock()
	if d.files == nil {
		d.files = map[string]drawnSize{}
	}
	if old, ok := d.files[f.Path]; ok {
		d.bytes -= len(old.data)
	}
	if d.bytes+len(data) > maxDrawnSizeBytes {
		d.files, d.bytes = map[string]drawnSize{}, 0 // start over rather than grow
	}
	d.files[f.Path] = drawnSize{src: &src.Data[0], data: data}
	d.bytes += len(data)
	return data
}
