package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestSolveScript runs solve.sh from another folder, on a file named relative to it, as a
// student or a coach runs the kit's solutions from anywhere (go run needs the kit's root): the
// reference on a sample, the classic solver on a puzzle.
func TestSolveScript(t *testing.T) {
	script, err := filepath.Abs("solve.sh")
	if err != nil {
		t.Fatal(err)
	}
	sample, err := os.ReadFile(filepath.Join("..", "tests", "target", "sample", "1.in"))
	if err != nil {
		t.Fatal(err)
	}
	dir, cache := t.TempDir(), t.TempDir()
	files := map[string]string{
		"grid.txt":   string(sample),
		"puzzle.txt": "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......\n",
	}
	for name, text := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	tests := []struct {
		args []string
		want string
	}{
		{[]string{"grid.txt"}, "2829\n"},
		{[]string{"classic", "puzzle.txt"}, "417369825632158947958724316825437169791586432346912758289643571573291684164875293\n"},
	}
	for _, tc := range tests {
		cmd := exec.Command(script, tc.args...)
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), "BULLSEYE_CACHE="+cache)
		var stderr strings.Builder
		cmd.Stderr = &stderr
		out, err := cmd.Output()
		if err != nil || string(out) != tc.want {
			t.Errorf("solve.sh %s: got %q (%v; stderr %q), want %q", strings.Join(tc.args, " "), out, err, stderr.String(), tc.want)
		}
	}
	if found, _ := filepath.Glob(filepath.Join(cache, "bin", "solve-classic-*")); len(found) != 1 {
		t.Errorf("the classic solver in the cache: got %q, want one build", found)
	}
}

// TestSolveScriptTwoKits runs solve.sh of two copies of the kit whose sources differ, sharing
// one cache, the second's source older than the first's build: each must run its own solution.
func TestSolveScriptTwoKits(t *testing.T) {
	script, err := os.ReadFile("solve.sh")
	if err != nil {
		t.Fatal(err)
	}
	cache := t.TempDir()
	old := time.Now().Add(-time.Hour)
	for _, answer := range []string{"first", "second"} {
		kit := t.TempDir()
		files := map[string]string{
			"go.mod":            "module bullseye\n\ngo 1.25.0\n",
			"solution/solve.sh": string(script),
			"solution/main.go":  "package main\n\nimport \"fmt\"\n\nfunc main() { fmt.Println(\"" + answer + "\") }\n",
		}
		for name, text := range files {
			path := filepath.Join(kit, name)
			if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(path, []byte(text), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.Chtimes(path, old, old); err != nil {
				t.Fatal(err)
			}
		}
		cmd := exec.Command(filepath.Join(kit, "solution", "solve.sh"))
		cmd.Env = append(os.Environ(), "BULLSEYE_CACHE="+cache)
		var stderr strings.Builder
		cmd.Stderr = &stderr
		out, err := cmd.Output()
		if err != nil || string(out) != answer+"\n" {
			t.Errorf("the kit answering %q: got %q (%v; stderr %q)", answer, out, err, stderr.String())
		}
	}
}
