package htmlreport

import (
	"context"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"

	"bullseye/internal/tooltest"
)

// TestScreenshots renders a class of 40 in headless Chromium, in a window as wide as a
// projector's and in one as narrow as a phone's, and checks what a coach must see at once: the
// header, the verdicts' colours, and on the projector the last test's column, where the only
// failure of a student near the top lies (an output limit, the only one on the page): with 20
// tests and with 50, the board fits the window, no test hidden behind a scrollbar. The
// screenshots are kept in $BULLSEYE_SCREENSHOTS when set (else in a temporary folder), to be
// looked at.
func TestScreenshots(t *testing.T) {
	tooltest.Require(t, "chromium", "chromium")
	dir := os.Getenv("BULLSEYE_SCREENSHOTS")
	if dir == "" {
		dir = t.TempDir()
	} else if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	header := color.RGBA{0xf5, 0xf6, 0xfb, 0xff}
	accepted := color.RGBA{0x2e, 0x7d, 0x32, 0xff}
	outputLimit := color.RGBA{0x5d, 0x40, 0x37, 0xff}
	for _, tc := range []struct {
		name          string
		page          *Page
		width, height int
		want          map[string]color.RGBA
	}{
		{"class40-wide", classPage(t, 40, 20, false), 1600, 1000, map[string]color.RGBA{"accepted": accepted, "output limit": outputLimit}},
		{"class40-narrow", classPage(t, 40, 20, false), 420, 1400, map[string]color.RGBA{"accepted": accepted}},
		{"class40-50tests-wide", classPage(t, 40, 50, false), 1600, 1000, map[string]color.RGBA{"accepted": accepted, "output limit": outputLimit}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			page := filepath.Join(dir, tc.name+".html")
			if err := os.WriteFile(page, render(t, tc.page), 0o644); err != nil {
				t.Fatal(err)
			}
			abs, err := filepath.Abs(page)
			if err != nil {
				t.Fatal(err)
			}
			shot := filepath.Join(dir, tc.name+".png")
			screenshot(t, "file://"+abs, shot, tc.width, tc.height)
			img := readPNG(t, shot)
			if b := img.Bounds(); b.Dx() != tc.width || b.Dy() != tc.height {
				t.Fatalf("screenshot is %dx%d, want %dx%d", b.Dx(), b.Dy(), tc.width, tc.height)
			}
			if got := color.RGBAModel.Convert(img.At(4, 4)); got != header {
				t.Errorf("pixel (4, 4) is %v, want the header's %v: is the style applied?", got, header)
			}
			for name, c := range tc.want {
				if n := count(img, c); n < 100 {
					t.Errorf("%d pixels of the %s colour %v, want its cells in view", n, name, c)
				}
			}
		})
	}
}

// screenshot has headless Chromium take a screenshot of url in a window of the size given. Each
// run has a profile of its own, and no network nor background service.
func screenshot(t *testing.T, url, file string, width, height int) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, "chromium",
		"--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
		"--disable-component-update", "--disable-sync", "--no-first-run", "--hide-scrollbars",
		"--user-data-dir="+t.TempDir(), fmt.Sprintf("--window-size=%d,%d", width, height),
		"--screenshot="+file, url)
	cmd.Env = append(os.Environ(), "HOME="+t.TempDir())
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("chromium: %v\n%s", err, out)
	}
}

func readPNG(t *testing.T, name string) image.Image {
	t.Helper()
	f, err := os.Open(name)
	if err != nil {
		t.Fatalf("no screenshot: %v", err)
	}
	defer f.Close()
	img, err := png.Decode(f)
	if err != nil {
		t.Fatalf("reading the screenshot: %v", err)
	}
	return img
}

// count returns how many pixels of img have colour c.
func count(img image.Image, c color.RGBA) int {
	n := 0
	b := img.Bounds()
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			if color.RGBAModel.Convert(img.At(x, y)) == c {
				n++
			}
		}
	}
	return n
}
