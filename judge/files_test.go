package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"bullseye/internal/tooltest"
)

// plantLinks plants, in dir, a symbolic link at each name pointing at a file of its own
// elsewhere, and returns a check that every target still holds what it held and that each name
// is now a regular file (or absent, for names the judge did not write).
func plantLinks(t *testing.T, dir string, names ...string) func() {
	t.Helper()
	victims := openTempDir(t)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	for _, name := range names {
		target := filepath.Join(victims, name)
		if err := os.WriteFile(target, []byte("the victim's "+name+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		if err := os.Symlink(target, filepath.Join(dir, name)); err != nil {
			t.Fatal(err)
		}
	}
	return func() {
		t.Helper()
		for _, name := range names {
			got, err := os.ReadFile(filepath.Join(victims, name))
			if err != nil || string(got) != "the victim's "+name+"\n" {
				t.Errorf("the target of the link at %s: got %q (%v), want it unchanged", name, got, err)
			}
			info, err := os.Lstat(filepath.Join(dir, name))
			if err == nil && info.Mode()&os.ModeSymlink != 0 {
				if _, written := writtenByJudge[name]; written {
					t.Errorf("%s: still a link, want the judge's file in its place", name)
				}
			}
		}
	}
}

// writtenByJudge are the names of the files the judge writes in these tests.
var writtenByJudge = map[string]bool{
	"shrunk.out": true, "shrunk.in": true, "original.out": true, "failure.in": true, "failure.out": true,
	"slowest.in": true, "slowest.ans": true, "climb.json": true,
	"r.json": true, "r.html": true, "r.csv": true,
}

// TestPlantedLinks plants links where the judge writes its files (a stress run's saved case,
// a climb's, the reports of a submission and of a class): the judge writes its files in their
// place and never into the files they point at; a folder to save into that is a link is
// refused.
func TestPlantedLinks(t *testing.T) {
	requireSandbox(t)
	tooltest.Require(t, "python3", "python3")
	tooltest.Require(t, "gcc", "gcc")
	out := openTempDir(t)
	tests := oneTest(t)
	t.Run("stress", func(t *testing.T) {
		t.Parallel()
		save := filepath.Join(out, "stress")
		check := plantLinks(t, save, "shrunk.out", "shrunk.in", "original.out")
		r := runJudge(t, "--stress", "--count", "3", "--shrink-time", "0.3s", "--save", save, submission("wrong_answer/zero.py"))
		if r.code != exitRejected || !strings.Contains(r.stdout, "saved in "+save) {
			t.Errorf("exit status %d, want %d and the case saved; stdout:\n%s\nstderr: %s", r.code, exitRejected, r.stdout, r.stderr)
		}
		check()
		if data, err := os.ReadFile(filepath.Join(save, "shrunk.out")); err != nil || strings.TrimSpace(string(data)) != "0" {
			t.Errorf("shrunk.out holds %q (%v), want the submission's output", data, err)
		}
	})
	t.Run("climb, a failure", func(t *testing.T) {
		t.Parallel()
		climb := filepath.Join(out, "climb")
		check := plantLinks(t, climb, "failure.in", "failure.out", "climb.json")
		r := runJudge(t, "--climb", "--climb-time", "2s", "--save", climb, submission("wrong_answer/zero.py"))
		if r.code != exitRejected {
			t.Errorf("exit status %d, want %d; stderr: %s", r.code, exitRejected, r.stderr)
		}
		check()
	})
	t.Run("climb, the slowest", func(t *testing.T) {
		t.Parallel()
		climb := filepath.Join(out, "climb-ac")
		check := plantLinks(t, climb, "slowest.in", "slowest.ans")
		r := runJudge(t, "--climb", "--givens", "80-81", "--cflags", "-O2 -DFAST", "--climb-time", "0.3s", "--save", climb, blankPlant())
		if _, err := os.Stat(filepath.Join(climb, "slowest.in")); err != nil {
			t.Errorf("no slowest.in (%v); exit status %d, stderr: %s", err, r.code, r.stderr)
		}
		check()
	})
	t.Run("reports", func(t *testing.T) {
		t.Parallel()
		reports := filepath.Join(out, "reports")
		check := plantLinks(t, reports, "r.json", "r.html", "r.csv")
		r := runJudge(t, "--tests", tests, "--json", filepath.Join(reports, "r.json"), "--html", filepath.Join(reports, "r.html"), submission("wrong_answer/zero.py"))
		if r.code != exitRejected {
			t.Errorf("a submission's: exit status %d, want %d; stderr: %s", r.code, exitRejected, r.stderr)
		}
		class := openTempDir(t)
		plant(t, class, "wrong_answer/zero.py", "bob/sudoku.py")
		r = runJudge(t, "--contest", class, "--tests", tests, "--csv", filepath.Join(reports, "r.csv"))
		if r.code != exitAccepted {
			t.Errorf("a class's: exit status %d, want 0; stderr: %s", r.code, r.stderr)
		}
		check()
	})
	// A folder to save into that is a link: refused, nothing written where it points.
	t.Run("a folder link", func(t *testing.T) {
		t.Parallel()
		elsewhere := openTempDir(t)
		link := filepath.Join(out, "link")
		if err := os.Symlink(elsewhere, link); err != nil {
			t.Fatal(err)
		}
		r := runJudge(t, "--stress", "--count", "3", "--shrink-time", "0.3s", "--save", link, submission("wrong_answer/zero.py"))
		if r.code != exitFailed || !strings.Contains(r.stderr, "link") {
			t.Errorf("exit status %d, stderr %q; want %d and the link named", r.code, r.stderr, exitFailed)
		}
		if entries, _ := os.ReadDir(elsewhere); len(entries) > 0 {
			t.Errorf("the judge wrote %s through the folder link", entries[0].Name())
		}
	})
}
