package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"bullseye/internal/tooltest"
)

// TestClosedPipe judges with standard output a pipe whose reader is gone, as in
// ./judge.sh mine.c | head -1 once head has its line: the judge stops writing quietly and its
// exit status is still the verdict's, not the judge's failure.
func TestClosedPipe(t *testing.T) {
	tooltest.Require(t, "gcc", "gcc")
	tooltest.Require(t, "python3", "python3")
	prebuild(t)
	tests := oneTest(t)
	for _, tc := range []struct {
		name       string
		submission string
		json       bool
		want       int
		long       bool // the long tier's: the wrong answer's writes are the same and more
	}{
		{"accepted", "accepted/dfs.c", false, exitAccepted, true},
		{"wrong answer", "wrong_answer/zero.py", false, exitRejected, false},
		{"accepted, JSON", "accepted/dfs.c", true, exitAccepted, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if tc.long {
				tooltest.Long(t)
			}
			w := closedPipe(t)
			args := []string{"--kit", kitRoot, "--cache", cacheDir, "--tests", tests}
			if tc.json {
				args = append(args, "--json", "-")
			}
			cmd := exec.Command(judgeBin, append(args, submission(tc.submission))...)
			cmd.Stdout = w
			var stderr strings.Builder
			cmd.Stderr = &stderr
			_ = cmd.Run()
			if code := cmd.ProcessState.ExitCode(); code != tc.want {
				t.Errorf("exit status %d, want %d; stderr:\n%s", code, tc.want, stderr.String())
			}
			if strings.Contains(stderr.String(), "broken pipe") {
				t.Errorf("stderr complains of the pipe:\n%s", stderr.String())
			}
		})
	}
}

// TestContestClosedPipe judges a class with standard output a pipe whose reader is gone, as in
// ./judge.sh --contest DIR --html F | head -1: every file asked for is written, the exit status
// is contest mode's (0, every contestant judged), and nothing complains of the pipe. The second
// run takes its results from the cache and writes the CSV to the closed pipe.
func TestContestClosedPipe(t *testing.T) {
	requireSandbox(t)
	tooltest.Require(t, "gcc", "gcc")
	tooltest.Require(t, "python3", "python3")
	prebuild(t)
	class, out := openTempDir(t), openTempDir(t)
	plant(t, class, "accepted/dfs.c", "alice/sudoku.c")
	plant(t, class, "wrong_answer/zero.py", "bob/sudoku.py")
	tests := oneTest(t)
	for _, tc := range []struct {
		name  string
		files []string // the files asked for, by flag
	}{
		{"files", []string{"--html", "page.html", "--csv", "ranking.csv", "--json", "report.json"}},
		{"CSV to the pipe", []string{"--html", "again.html", "--csv", "-"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			w := closedPipe(t)
			args := []string{"--kit", kitRoot, "--cache", cacheDir, "--contest", class, "--tests", tests}
			var files []string
			for i := 0; i < len(tc.files); i += 2 {
				file := tc.files[i+1]
				if file != "-" {
					file = filepath.Join(out, file)
					files = append(files, file)
				}
				args = append(args, tc.files[i], file)
			}
			cmd := exec.Command(judgeBin, args...)
			cmd.Env = append(os.Environ(), "TMPDIR="+openTempDir(t))
			cmd.Stdout = w
			var stderr strings.Builder
			cmd.Stderr = &stderr
			_ = cmd.Run()
			if code := cmd.ProcessState.ExitCode(); code != exitAccepted {
				t.Errorf("exit status %d, want %d; stderr:\n%s", code, exitAccepted, stderr.String())
			}
			if strings.Contains(stderr.String(), "broken pipe") {
				t.Errorf("stderr complains of the pipe:\n%s", stderr.String())
			}
			for _, f := range files {
				if info, err := os.Stat(f); err != nil || info.Size() == 0 {
					t.Errorf("%s: %v, want it written", filepath.Base(f), err)
				}
			}
		})
	}
}

// closedPipe returns the writing end of a pipe whose reader is gone, as `| head -1` leaves it.
func closedPipe(t *testing.T) *os.File {
	t.Helper()
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	r.Close()
	t.Cleanup(func() { w.Close() })
	return w
}
