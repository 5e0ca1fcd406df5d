package compile

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestTrimCache fills a cache with builds used at known times and trims it: the least recently
// used go first, those a judging still needs and builds under way stay, and the rest fits.
func TestTrimCache(t *testing.T) {
	cache := t.TempDir()
	day := 24 * time.Hour
	builds := []struct {
		name string
		size int
		age  time.Duration
	}{
		{"old", 40 << 10, 3 * day},
		{"needed", 40 << 10, 2 * day},
		{"older", 40 << 10, 4 * day},
		{"recent", 40 << 10, time.Minute},
		{"huge", 300 << 10, time.Hour},
		{"work-123", 500 << 10, time.Minute},
		{"work-456", 10, 3 * day},
	}
	for _, b := range builds {
		dir := filepath.Join(cache, buildsFolder, b.name)
		if err := os.MkdirAll(dir, 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, "main"), []byte(strings.Repeat("x", b.size)), 0o755); err != nil {
			t.Fatal(err)
		}
		when := time.Now().Add(-b.age)
		if err := os.Chtimes(dir, when, when); err != nil {
			t.Fatal(err)
		}
	}
	removed, err := TrimCache(cache, 100<<10, map[string]bool{"needed": true})
	if err != nil {
		t.Fatal(err)
	}
	var left []string
	entries, _ := os.ReadDir(filepath.Join(cache, buildsFolder))
	for _, e := range entries {
		left = append(left, e.Name())
	}
	// 460 KiB of builds over a 100 KiB bound: the least recently used out until the rest
	// fits, the needed one kept however old; a build under way kept, a stale one swept.
	if got, want := strings.Join(left, " "), "needed recent work-123"; got != want || removed != 3 {
		t.Errorf("left %q after removing %d, want %q after removing 3", got, removed, want)
	}
	if n, err := TrimCache(filepath.Join(cache, "nowhere"), 0, nil); n != 0 || err != nil {
		t.Errorf("a cache not made yet: got %d, %v; want nothing to do", n, err)
	}
}
