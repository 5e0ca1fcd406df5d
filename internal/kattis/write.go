package kattis

import (
	"archive/zip"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"
	"time"
)

// zipTime is the modification time of every entry of a zip: fixed, so that the same files give
// the same bytes. It is the earliest time a zip entry can carry.
var zipTime = time.Date(1980, time.January, 1, 0, 0, 0, 0, time.UTC)

// fileMode returns the permissions a file is written with.
func fileMode(f File) fs.FileMode {
	if f.Executable {
		return 0o755
	}
	return 0o644
}

// WriteDir writes files into dir, which must not exist yet, creating their folders.
func WriteDir(dir string, files []File) error {
	if err := os.Mkdir(dir, 0o755); err != nil {
		return fmt.Errorf("writing the package: %w", err)
	}
	for _, f := range files {
		name := filepath.Join(dir, filepath.FromSlash(f.Path))
		if err := os.MkdirAll(filepath.Dir(name), 0o755); err != nil {
			return fmt.Errorf("writing the package: %w", err)
		}
		if err := os.WriteFile(name, f.Data, fileMode(f)); err != nil {
			return fmt.Errorf("writing the package: %w", err)
		}
		// WriteFile's mode is filtered by the umask; a build script must stay executable.
		if err := os.Chmod(name, fileMode(f)); err != nil {
			return fmt.Errorf("writing the package: %w", err)
		}
	}
	return nil
}

// WriteZip writes files as a zip archive with the package's contents at its root, as DOMjudge
// imports it, and reproducibly: entries sorted by name, each folder as its own entry before its
// contents (DOMjudge finds a submission of several files by its folder's entry), a fixed time,
// Unix permissions, and no compression, so that the bytes depend on the files alone and not on
// the compressor's version.
func WriteZip(w io.Writer, files []File) error {
	type entry struct {
		name string
		file *File
	}
	var entries []entry
	folders := map[string]bool{}
	for i := range files {
		entries = append(entries, entry{files[i].Path, &files[i]})
		for dir := path.Dir(files[i].Path); dir != "."; dir = path.Dir(dir) {
			if !folders[dir] {
				folders[dir] = true
				entries = append(entries, entry{dir + "/", nil})
			}
		}
	}
	slices.SortFunc(entries, func(a, b entry) int { return strings.Compare(a.name, b.name) })
	archive := zip.NewWriter(w)
	for _, e := range entries {
		header := &zip.FileHeader{Name: e.name, Method: zip.Store, Modified: zipTime}
		var data []byte
		if e.file == nil {
			header.SetMode(fs.ModeDir | 0o755)
		} else {
			data = e.file.Data
			header.SetMode(fileMode(*e.file))
		}
		out, err := archive.CreateHeader(header)
		if err != nil {
			return fmt.Errorf("writing the zip: %s: %w", e.name, err)
		}
		if _, err := out.Write(data); err != nil {
			return fmt.Errorf("writing the zip: %s: %w", e.name, err)
		}
	}
	if err := archive.Close(); err != nil {
		return fmt.Errorf("writing the zip: %w", err)
	}
	return nil
}
