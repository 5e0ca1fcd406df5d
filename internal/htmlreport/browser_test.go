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

// TestScreenshots renders the fixture's page in headless Chromium, in a window as wide as a
// projector's and in one as narrow as a phone's, and checks what a coach must see at once: the
// header, and the verdicts' colours of the ranking and the matrix. The screenshots are kept in
// $BULLSEYE_SCREENSHOTS when set (else in a temporary folder), to be looked at.
func TestScreenshots(t *testing.T) {
	tooltest.Require(t, "chromium", "chromium")
	dir := os.Getenv("BULLSEYE_SCREENSHOTS")
	if dir == "" {
		dir = t.TempDir()
	} else if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	page := filepath.Join(dir, "report.html")
	f, err := os.Create(page)
	if err != nil {
		t.Fatal(err)
	}
	if err := fixture(t).Write(f); err != nil {
		t.Fatal(err)
	}
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}
	abs, err := filepath.Abs(page)
	if err != nil {
		t.Fatal(err)
	}
	header := color.RGBA{0xf5, 0xf6, 0xfb, 0xff}
	accepted := color.RGBA{0x2e, 0x7d, 0x32, 0xff}
	wrong := color.RGBA{0xc6, 0x28, 0x28, 0xff}
	for _, size := range []struct {
		name          string
		width, height int
	}{{"wide", 1600, 1000}, {"narrow", 420, 1400}} {
		t.Run(size.name, func(t *testing.T) {
			t.Parallel()
			shot := filepath.Join(dir, size.name+".png")
			screenshot(t, "file://"+abs, shot, size.width, size.height)
			img := readPNG(t, shot)
			if b := img.Bounds(); b.Dx() != size.width || b.Dy() != size.height {
				t.Fatalf("screenshot is %dx%d, want %dx%d", b.Dx(), b.Dy(), size.width, size.height)
			}
			if got := color.RGBAModel.Convert(img.At(4, 4)); got != header {
				t.Errorf("pixel (4, 4) is %v, want the header's %v: is the style applied?", got, header)
			}
			for name, c := range map[string]color.RGBA{"accepted": accepted, "wrong answer": wrong} {
				if n := count(img, c); n < 200 {
					t.Errorf("%d pixels of the %s colour %v, want the verdicts' cells in view", n, name, c)
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
