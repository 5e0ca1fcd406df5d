package main

import (
	"bytes"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"bullseye/internal/manifest"
	"bullseye/internal/tooltest"
)

// longTierTests are the tests of the kit that only the long tier rebuilds: the second and third
// climbs on Knuth's estimate, 5,000 steps each and most of the test set's cost. Every day
// hard/15 rebuilds a climb on the estimate, hard/18 one on the nodes, hard/19 one on the
// completions.
var longTierTests = []string{"tests/target/hard/16", "tests/target/hard/17"}

// TestCommittedTestsMatchTheirManifests rebuilds the kit's test set into a temporary folder and
// compares it, byte for byte and file for file, with the committed tests/. The everyday suite
// rebuilds every test but longTierTests, which it requires committed; the long tier rebuilds
// them all.
func TestCommittedTestsMatchTheirManifests(t *testing.T) {
	t.Parallel()
	solutions := buildSolutions(t)
	root, skipped := "..", map[string]bool{}
	if !tooltest.LongTier() {
		root = rootWithout(t, longTierTests)
		for _, name := range longTierTests {
			skipped[strings.TrimPrefix(name, "tests/")+".in"] = true
			skipped[strings.TrimPrefix(name, "tests/")+".ans"] = true
		}
	}
	out := t.TempDir()
	var stdout, stderr bytes.Buffer
	args := []string{"generator", "suite", "--root", root, "--out", out,
		"--solution", solutions.target, "--classic-solution", solutions.classic}
	if code := run(args, &stdout, &stderr); code != exitOK {
		t.Fatalf("suite: exit status %d, want 0:\n%s", code, stderr.String())
	}
	t.Log(strings.TrimSpace(stderr.String()))
	committed := testFiles(t, filepath.Join("..", "tests"))
	rebuilt := testFiles(t, out)
	for name := range skipped {
		if !slices.Contains(committed, name) {
			t.Errorf("tests/%s is not committed", name)
		}
	}
	for _, name := range committed {
		if !slices.Contains(rebuilt, name) && !skipped[name] {
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

// rootWithout returns a copy of the repository root as generator suite reads it (the manifests
// and the files of their file tests) whose manifests leave out the tests named, as
// tests/PROBLEM/GROUP/NAME.
func rootWithout(t *testing.T, names []string) string {
	t.Helper()
	root := t.TempDir()
	for _, problem := range []string{"target", "classic"} {
		path := filepath.Join("..", "tests", problem, "manifest.txt")
		m, err := manifest.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		lines := strings.SplitAfter(string(data), "\n")
		for _, test := range m.Tests {
			if slices.Contains(names, "tests/"+problem+"/"+test.Key()) {
				lines[test.Line-1] = "\n"
			}
			for _, file := range []string{test.Input, test.Answer} {
				if file == "" {
					continue
				}
				content, err := os.ReadFile(filepath.Join("..", filepath.FromSlash(file)))
				if err != nil {
					t.Fatal(err)
				}
				copied := filepath.Join(root, filepath.FromSlash(file))
				if err := os.MkdirAll(filepath.Dir(copied), 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(copied, content, 0o644); err != nil {
					t.Fatal(err)
				}
			}
		}
		copied := filepath.Join(root, "tests", problem, "manifest.txt")
		if err := os.MkdirAll(filepath.Dir(copied), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(copied, []byte(strings.Join(lines, "")), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return root
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
