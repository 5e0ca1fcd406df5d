package contest

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
)

// Entry is one contestant's folder as found: the file to judge, or why there is none.
type Entry struct {
	// Name is the contestant: the folder's name.
	Name string
	// File is the submission's path, "" when there is none or more than one.
	File string
	// Candidates lists the files that could each be the submission, when there are two or
	// more: the contestant is judged on neither.
	Candidates []string
}

// SourceFolder is the folder of contestants' folders in LemonLime's layout.
const SourceFolder = "source"

// Discover finds the contestants of the contest in folder dir and each one's submission for
// the problem whose files are named stem: stem.EXT in the contestant's folder, or
// stem/stem.EXT (the NOI Linux layout), where EXT is one of extensions. The contestants'
// folders are dir's, or those of dir/source when dir holds one (LemonLime's layout). Folders
// whose names start with a dot are skipped. Paths are returned as dir joined with the rest.
func Discover(dir, stem string, extensions []string) ([]Entry, error) {
	info, err := os.Stat(dir)
	if err != nil {
		return nil, fmt.Errorf("contest folder %s: %w", dir, err)
	}
	if !info.IsDir() {
		return nil, fmt.Errorf("contest folder %s: not a folder", dir)
	}
	root := dir
	if info, err := os.Stat(filepath.Join(dir, SourceFolder)); err == nil && info.IsDir() {
		root = filepath.Join(dir, SourceFolder)
	}
	folders, err := os.ReadDir(root)
	if err != nil {
		return nil, fmt.Errorf("reading the contest folder: %w", err)
	}
	var entries []Entry
	for _, f := range folders {
		if strings.HasPrefix(f.Name(), ".") || !isDir(filepath.Join(root, f.Name())) {
			continue
		}
		e := Entry{Name: f.Name()}
		var found []string
		for _, sub := range []string{"", stem} {
			files, err := os.ReadDir(filepath.Join(root, f.Name(), sub))
			if err != nil {
				continue // no such folder: not this layout
			}
			for _, file := range files {
				name := file.Name()
				ext := filepath.Ext(name)
				if strings.TrimSuffix(name, ext) != stem || !slices.Contains(extensions, strings.ToLower(ext)) {
					continue
				}
				path := filepath.Join(root, f.Name(), sub, name)
				if info, err := os.Stat(path); err == nil && info.Mode().IsRegular() {
					found = append(found, path)
				}
			}
		}
		switch len(found) {
		case 0:
		case 1:
			e.File = found[0]
		default:
			e.Candidates = found
		}
		entries = append(entries, e)
	}
	if len(entries) == 0 {
		return nil, fmt.Errorf("contest folder %s holds no contestant's folder (want %s/NAME/%s.EXT, %s/NAME/%s/%s.EXT or %s/%s/NAME/...)",
			dir, dir, stem, dir, stem, stem, dir, SourceFolder)
	}
	slices.SortFunc(entries, func(a, b Entry) int { return strings.Compare(a.Name, b.Name) })
	return entries, nil
}

func isDir(name string) bool {
	info, err := os.Stat(name)
	return err == nil && info.IsDir()
}
