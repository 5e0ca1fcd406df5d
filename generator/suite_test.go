package main

import (
	"bytes"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestCommittedTestsMatchTheirManifests rebuilds the kit's test set into a temporary folder and
// compares it, byte for byte and file for file, with the committed tests/.
func TestCommittedTestsMatchTheirManifests(t *testing.T) {
	t.Parallel()
	solutions := buildSolutions(t)
	out := t.TempDir()
	var stdout, stderr bytes.Buffer
	args := []string{"generator", "suite", "--root", "..", "--out", out,
		"--solution", solutions.target, "--classic-solution", solutions.classic}
	if code := run(args, &stdout, &stderr); code != exitOK {
		t.Fatalf("suite: exit status %d, want 0:\n%s", code, stderr.String())
	}
	t.Log(strings.TrimSpace(stderr.String()))
	committed := testFiles(t, filepath.Join("..", "tests"))
	rebuilt := testFiles(t, out)
	for _, name := range committed {
		if !slices.Contains(rebuilt, name) {
			t.Errorf("tests/%s is committed but its manifest does not make it", name)
		}
	}
	for _, name := range rebuilt {
		if !slices.Contains(committed, name) {
			t.Errorf("tests/%s: the manifest makes it but it is not committed; run go run ./generator suite", name)
			continue
		}
		want, err := os.ReadFile(filepath.Join("..", "tests", name))
		if err != nil {
			t.Fatal(err)
		}
		got, err := os.ReadFile(filepath.Join(out, name))
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got, want) {
			t.Errorf("tests/%s: the rebuilt file differs from the committed one; run go run ./generator suite", name)
		}
	}
}

// testFiles lists the .in and .ans files under dir, as slash-separated relative paths.
func testFiles(t *testing.T, dir string) []string {
	t.Helper()
	var files []string
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if ext := filepath.Ext(path); !d.IsDir() && (ext == ".in" || ext == ".ans") {
			rel, err := filepath.Rel(dir, path)
			if err != nil {
				return err
			}
			files = append(files, filepath.ToSlash(rel))
		}
		return nil
	})
	if err != nil {
		t.Fatalf("listing tests: %v", err)
	}
	if len(files) == 0 {
		t.Fatalf("no tests under %s", dir)
	}
	return files
}
