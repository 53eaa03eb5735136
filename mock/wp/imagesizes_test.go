package wp

import (
	"bufio"
	"fmt"
	"os"
	"strings"
	"testing"
)

// TestResizeDimensions: image_resize_dimensions for every registered size and the big
// image threshold, against what WordPress 6.1's own function computed under PHP 8.2
// (testdata/image_resize_dimensions.txt).
func TestResizeDimensions(t *testing.T) {
	f, err := os.Open("testdata/image_resize_dimensions.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	boxes := append(append([]ImageSize{}, ImageSizes...), ImageSize{"scaled", BigImageThreshold, BigImageThreshold, false})
	sc := bufio.NewScanner(f)
	n := 0
	for sc.Scan() {
		line := sc.Text()
		if line == "" || line[0] == '#' {
			continue
		}
		fields := strings.Fields(line)
		var w, h int
		if _, err := fmt.Sscanf(fields[0], "%dx%d", &w, &h); err != nil || len(fields) != len(boxes)+1 {
			t.Fatalf("bad line %q", line)
		}
		for i, s := range boxes {
			want := fields[i+1]
			got := "-"
			if b, ok := ResizeDimensions(w, h, s.Width, s.Height, s.Crop); ok {
				got = fmt.Sprintf("0,0,%d,%d,%d,%d,%d,%d", b.SrcX, b.SrcY, b.DstW, b.DstH, b.SrcW, b.SrcH)
			}
			if got != want {
				t.Errorf("%dx%d to %s: got %s, want %s", w, h, s.Name, got, want)
			}
			n++
		}
	}
	if n < 1000 {
		t.Fatalf("only %d cases read", n)
	}
}

// TestPlannedSubsizes: the sizes, names and order _wp_make_subsizes gives.
func TestPlannedSubsizes(t *testing.T) {
	for _, c := range []struct {
		base string
		w, h int
		want string
	}{
		{"a.jpg", 1920, 1080, "medium a-300x169.jpg, large a-1024x576.jpg, thumbnail a-150x150.jpg, medium_large a-768x432.jpg, 1536x1536 a-1536x864.jpg"},
		{"a.png", 100, 50, ""},
		{"Tall.JPG", 400, 1000, "medium Tall-120x300.jpg, thumbnail Tall-150x150.jpg"},
		{"b.gif", 800, 600, "medium b-300x225.gif, thumbnail b-150x150.gif, medium_large b-768x576.gif"},
		{"c.jpg", 3000, 2000, "medium c-300x200.jpg, large c-1024x683.jpg, thumbnail c-150x150.jpg, medium_large c-768x512.jpg, 1536x1536 c-1536x1024.jpg, 2048x2048 c-2048x1365.jpg"},
	} {
		var got []string
		for _, s := range PlannedSubsizes(c.base, c.w, c.h) {
			got = append(got, s.Name+" "+s.File)
		}
		if strings.Join(got, ", ") != c.want {
			t.Errorf("%s %dx%d: got %q, want %q", c.base, c.w, c.h, strings.Join(got, ", "), c.want)
		}
	}
}

func TestPHPRound(t *testing.T) {
	for _, c := range []struct{ in, want float64 }{
		{168.75, 169}, {0.5, 1}, {1.5, 2}, {2.5, 3}, {-2.5, -3}, {284.99999999999997, 285}, {0.285 * 1000, 285},
		{1.4999999999999998, 2}, {5.055 * 100, 506}, {0, 0},
	} {
		if got := PHPRound(c.in); got != c.want {
			t.Errorf("round(%v): got %v, want %v", c.in, got, c.want)
		}
	}
}
