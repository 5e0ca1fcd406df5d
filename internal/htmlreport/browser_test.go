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
	"strings"
	"testing"
	"time"

	"bullseye/internal/tooltest"
)

// screenshotView is a page as a coach sees it in a window of a size, and the colours that must
// be in view there.
type screenshotView struct {
	name          string
	page          *Page
	width, height int
	want          map[string]color.RGBA
}

// TestScreenshots renders a class of 40 in headless Chromium, in a window as wide as a
// projector's and in one as narrow as a phone's, and checks what a coach must see at once: the
// header, the verdicts' colours, and on the projector the last test's column, where the only
// failure of a student near the top lies (an output limit, the only one on the page): with 20
// tests and with 50, the board fits the window, no test hidden behind a scrollbar. The
// screenshots are kept in $BULLSEYE_SCREENSHOTS when set (else in a temporary folder), to be
// looked at.
//
// A Chromium run costs seconds of CPU time, most of it its start: every day one run shows the
// projector's view of 50 tests and the phone's side by side, each page in a frame of its
// window's size, whose media queries see the frame's width. The long tier shows each view in a
// window of its own, and the projector's view of 20 tests, which the 50 tests' covers.
func TestScreenshots(t *testing.T) {
	tooltest.Require(t, "chromium", "chromium")
	dir := os.Getenv("BULLSEYE_SCREENSHOTS")
	if dir == "" {
		dir = t.TempDir()
	} else if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	accepted := color.RGBA{0x2e, 0x7d, 0x32, 0xff}
	outputLimit := color.RGBA{0x5d, 0x40, 0x37, 0xff}
	// What went wrong, on the first screen of a projector.
	failures := color.RGBA{0xff, 0xf8, 0xf6, 0xff}
	wide := screenshotView{"class40-wide", classPage(t, 40, 20, false), 1600, 1000, map[string]color.RGBA{"accepted": accepted, "output limit": outputLimit, "what went wrong": failures}}
	narrow := screenshotView{"class40-narrow", classPage(t, 40, 20, false), 420, 1400, map[string]color.RGBA{"accepted": accepted}}
	wide50 := screenshotView{"class40-50tests-wide", classPage(t, 40, 50, false), 1600, 1000, map[string]color.RGBA{"accepted": accepted, "output limit": outputLimit, "what went wrong": failures}}
	if !tooltest.LongTier() {
		screenshotSideBySide(t, dir, "class40-side-by-side", []screenshotView{wide50, narrow})
		return
	}
	for _, v := range []screenshotView{wide, narrow, wide50} {
		t.Run(v.name, func(t *testing.T) {
			t.Parallel()
			shot := filepath.Join(dir, v.name+".png")
			screenshot(t, fileURL(t, writePage(t, dir, v)), shot, v.width, v.height)
			checkView(t, v, readPNG(t, shot))
		})
	}
}

// screenshotSideBySide shows the views in one window, side by side, each page in a frame of
// its view's size, and checks each view in its part of the screenshot, which it keeps as
// NAME.png beside the whole.
func screenshotSideBySide(t *testing.T, dir, name string, views []screenshotView) {
	t.Helper()
	var frames strings.Builder
	width, height := 0, 0
	for _, v := range views {
		fmt.Fprintf(&frames, "<iframe src=%q width=\"%d\" height=\"%d\"></iframe>", filepath.Base(writePage(t, dir, v)), v.width, v.height)
		width, height = width+v.width, max(height, v.height)
	}
	page := filepath.Join(dir, name+".html")
	html := "<!DOCTYPE html><html><head><meta charset=\"utf-8\"><style>body { margin: 0; display: flex; align-items: flex-start; } " +
		"iframe { border: 0; display: block; flex: none; }</style></head><body>" + frames.String() + "</body></html>\n"
	if err := os.WriteFile(page, []byte(html), 0o644); err != nil {
		t.Fatal(err)
	}
	shot := filepath.Join(dir, name+".png")
	screenshot(t, fileURL(t, page), shot, width, height)
	img, ok := readPNG(t, shot).(interface {
		image.Image
		SubImage(image.Rectangle) image.Image
	})
	if !ok {
		t.Fatal("the screenshot's image cannot be cut")
	}
	if b := img.Bounds(); b.Dx() != width || b.Dy() != height {
		t.Fatalf("screenshot is %dx%d, want %dx%d", b.Dx(), b.Dy(), width, height)
	}
	x := 0
	for _, v := range views {
		part := img.SubImage(image.Rect(x, 0, x+v.width, v.height))
		x += v.width
		t.Run(v.name, func(t *testing.T) {
			writePNG(t, filepath.Join(dir, v.name+".png"), part)
			checkView(t, v, part)
		})
	}
}

// writePage writes a view's page as NAME.html in dir and returns its path.
func writePage(t *testing.T, dir string, v screenshotView) string {
	t.Helper()
	page := filepath.Join(dir, v.name+".html")
	if err := os.WriteFile(page, render(t, v.page), 0o644); err != nil {
		t.Fatal(err)
	}
	return page
}

// fileURL returns the file: URL of a path.
func fileURL(t *testing.T, path string) string {
	t.Helper()
	abs, err := filepath.Abs(path)
	if err != nil {
		t.Fatal(err)
	}
	return "file://" + abs
}

// checkView checks a view's screenshot: its size, the header's colour in its corner, and each
// colour it wants in view.
func checkView(t *testing.T, v screenshotView, img image.Image) {
	t.Helper()
	header := color.RGBA{0xf5, 0xf6, 0xfb, 0xff}
	b := img.Bounds()
	if b.Dx() != v.width || b.Dy() != v.height {
		t.Fatalf("screenshot is %dx%d, want %dx%d", b.Dx(), b.Dy(), v.width, v.height)
	}
	if got := color.RGBAModel.Convert(img.At(b.Min.X+4, b.Min.Y+4)); got != header {
		t.Errorf("pixel (4, 4) is %v, want the header's %v: is the style applied?", got, header)
	}
	for name, c := range v.want {
		if n := count(img, c); n < 100 {
			t.Errorf("%d pixels of the %s colour %v, want its cells in view", n, name, c)
		}
	}
}

// screenshot has headless Chromium take a screenshot of url in a window of the size given. Each
// run has a profile of its own, and no network nor background service. It runs as one process
// (the renderer and the rest in the browser's), which takes the same screenshot at three
// quarters of the CPU time of a browser that starts a process for each.
func screenshot(t *testing.T, url, file string, width, height int) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, "chromium",
		"--headless", "--no-sandbox", "--single-process", "--no-zygote", "--disable-gpu", "--disable-background-networking",
		"--disable-component-update", "--disable-sync", "--no-first-run", "--hide-scrollbars",
		"--user-data-dir="+t.TempDir(), fmt.Sprintf("--window-size=%d,%d", width, height),
		"--screenshot="+file, url)
	cmd.Env = append(os.Environ(), "HOME="+t.TempDir())
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("chromium: %v\n%s", err, out)
	}
}

func writePNG(t *testing.T, name string, img image.Image) {
	t.Helper()
	f, err := os.Create(name)
	if err != nil {
		t.Fatal(err)
	}
	if err := png.Encode(f, img); err != nil {
		f.Close()
		t.Fatal(err)
	}
	if err := f.Close(); err != nil {
		t.Fatal(err)
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
