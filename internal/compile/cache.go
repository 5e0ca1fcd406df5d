package compile

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"
)

// The build cache keeps built programs by their content key, so that a submission compiles
// once. Its size is bounded: a program may be huge (an initialised 200 MiB array makes a 200 MiB
// executable), and every change of a source adds a build. Each use of a build marks it (its
// folder's time); TrimCache removes the least recently used until the rest fits the bound.

// DefaultCacheSize is the build cache's bound by default: what a laptop affords for it.
const DefaultCacheSize = 1 << 30

// buildsFolder is the cache's folder of builds.
const buildsFolder = "build"

// staleWork is how old a build's scratch folder must be to be taken for the leftover of a
// judge that was killed mid-build.
const staleWork = 24 * time.Hour

// markUsed records that a build was used now, which keeps it from TrimCache the longest.
func markUsed(dir string) {
	now := time.Now()
	_ = os.Chtimes(dir, now, now)
}

// TrimCache removes the least recently used builds of cache until those left take at most
// limit bytes, keeping the builds whose keys are in keep (those a judging still needs) and the
// scratch folders of builds under way. It returns how many it removed.
func TrimCache(cache string, limit int64, keep map[string]bool) (int, error) {
	dir := filepath.Join(cache, buildsFolder)
	entries, err := os.ReadDir(dir)
	if errors.Is(err, fs.ErrNotExist) {
		return 0, nil
	}
	if err != nil {
		return 0, err
	}
	type build struct {
		path string
		used time.Time
		size int64
	}
	var builds []build
	var total int64
	for _, e := range entries {
		if !e.IsDir() {
			continue
		}
		path := filepath.Join(dir, e.Name())
		info, err := e.Info()
		if err != nil {
			continue
		}
		if strings.HasPrefix(e.Name(), "work-") {
			if time.Since(info.ModTime()) > staleWork {
				_ = os.RemoveAll(path)
			}
			continue
		}
		b := build{path: path, used: info.ModTime(), size: treeSize(path)}
		total += b.size
		if !keep[e.Name()] {
			builds = append(builds, b)
		}
	}
	slices.SortFunc(builds, func(a, b build) int { return a.used.Compare(b.used) })
	removed := 0
	for _, b := range builds {
		if total <= limit {
			break
		}
		if err := os.RemoveAll(b.path); err != nil {
			return removed, err
		}
		total -= b.size
		removed++
	}
	return removed, nil
}

// CacheBytes returns what the cache's builds take.
func CacheBytes(cache string) int64 {
	return treeSize(filepath.Join(cache, buildsFolder))
}

// treeSize returns the bytes the files under dir take on disk.
func treeSize(dir string) int64 {
	var sum int64
	_ = filepath.WalkDir(dir, func(_ string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return nil
		}
		if info, err := d.Info(); err == nil {
			sum += info.Size()
		}
		return nil
	})
	return sum
}
