package main

import (
	"os"
	"os/exec"
	"strings"
	"testing"

	"bullseye/internal/tooltest"
)

// TestClosedPipe judges with standard output a pipe whose reader is gone, as in
// ./judge.sh mine.c | head -1 once head has its line: the judge stops writing quietly and its
// exit status is still the verdict's, not the judge's failure.
func TestClosedPipe(t *testing.T) {
	tooltest.Require(t, "gcc", "gcc")
	tests := smallTests(t)
	for _, tc := range []struct {
		name       string
		submission string
		json       bool
		want       int
	}{
		{"accepted", "accepted/dfs.c", false, exitAccepted},
		{"wrong answer", "wrong_answer/rim_weight.c", false, exitRejected},
		{"accepted, JSON", "accepted/dfs.c", true, exitAccepted},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r, w, err := os.Pipe()
			if err != nil {
				t.Fatal(err)
			}
			r.Close()
			defer w.Close()
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
