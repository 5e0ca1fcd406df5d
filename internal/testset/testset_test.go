package testset

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// writeFiles makes files under dir, each with its name as content.
func writeFiles(t *testing.T, dir string, names ...string) {
	t.Helper()
	for _, name := range names {
		path := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(name), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

func names(tests []Test) string {
	var s []string
	for _, t := range tests {
		s = append(s, t.Name)
	}
	return strings.Join(s, " ")
}

func TestGroup(t *testing.T) {
	kit := t.TempDir()
	writeFiles(t, kit, "tests/target/official/1.in", "tests/target/official/1.ans",
		"tests/target/official/2.in", "tests/target/official/2.ans",
		"tests/target/hard/1.in", "tests/target/hard/1.ans", "data/s.in", "data/s.ans")
	manifest := "group sample\n" +
		"sample/1 file data/s.in data/s.ans\n" +
		"sample/2 file data/gone.in data/gone.ans\n" +
		"group official\nofficial/1 generator target --seed 1\nofficial/2 generator target --seed 2\n" +
		"group hard --min-givens 0\nhard/1 generator target --seed 3\n"
	if err := os.WriteFile(filepath.Join(kit, "tests/target/manifest.txt"), []byte(manifest), 0o644); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		group   string
		want    string
		skipped int
	}{
		{"official", "official/1 official/2", 0},
		{"hard", "hard/1", 0},
		{"sample", "sample/1", 1},
		{All, "sample/1 official/1 official/2 hard/1", 1},
	}
	for _, tc := range tests {
		t.Run(tc.group, func(t *testing.T) {
			got, skipped, err := Group(kit, "target", tc.group)
			if err != nil {
				t.Fatal(err)
			}
			if names(got) != tc.want || len(skipped) != tc.skipped {
				t.Errorf("got %q with %d skipped (%v), want %q with %d", names(got), len(skipped), skipped, tc.want, tc.skipped)
			}
			for _, test := range got {
				input, answer, err := test.Load()
				if err != nil {
					t.Fatal(err)
				}
				if !strings.HasSuffix(string(input), ".in") || !strings.HasSuffix(string(answer), ".ans") {
					t.Errorf("%s: loaded %q and %q", test.Name, input, answer)
				}
			}
		})
	}
	_, _, err := Group(kit, "target", "secret")
	var unknown *UnknownGroupError
	if !errors.As(err, &unknown) || !strings.Contains(err.Error(), "want sample, official, hard or all") {
		t.Errorf("unknown group: got %v, want an UnknownGroupError listing the groups", err)
	}
	if _, _, err := Group(kit, "classic", "batch"); err == nil {
		t.Error("a problem without a manifest: got no error")
	}
}

func TestDir(t *testing.T) {
	dir := t.TempDir()
	writeFiles(t, dir, "10.in", "10.ans", "2.in", "2.ans", "a.in", "a.ans", "notes.txt", "2.out")
	got, err := Dir(dir)
	if err != nil {
		t.Fatal(err)
	}
	if want := "2 10 a"; names(got) != want {
		t.Errorf("got %q, want %q", names(got), want)
	}

	writeFiles(t, dir, "orphan.in")
	if _, err := Dir(dir); err == nil || !strings.Contains(err.Error(), "test orphan has no answer") {
		t.Errorf("an input without answer: got %v", err)
	}
	if _, err := Dir(t.TempDir()); err == nil || !strings.Contains(err.Error(), "no tests in") {
		t.Errorf("an empty folder: got %v", err)
	}
	if _, err := Dir(filepath.Join(dir, "missing")); err == nil {
		t.Error("a missing folder: got no error")
	}
}

func TestNaturalCompare(t *testing.T) {
	tests := []struct {
		a, b string
		want int
	}{
		{"2", "10", -1}, {"10", "2", 1}, {"02", "2", 0}, {"a2", "a10", -1}, {"a", "b", -1},
		{"test", "test1", -1}, {"x9y", "x10a", -1}, {"", "", 0},
	}
	for _, tc := range tests {
		t.Run(tc.a+"_"+tc.b, func(t *testing.T) {
			if got := naturalCompare(tc.a, tc.b); got != tc.want {
				t.Errorf("got %d, want %d", got, tc.want)
			}
		})
	}
}
