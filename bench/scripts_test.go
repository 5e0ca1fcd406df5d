// Package bench holds the tests of the benchmark scripts: bench/target.sh, bench/classic.sh,
// bench/climb.sh and bench/peers.sh answer --help, and say what is missing when they cannot run a baseline.
package bench

import (
	"os"
	"os/exec"
	"strings"
	"testing"
)

// script runs a benchmark script with the extra environment env and returns its exit status
// and outputs.
func script(t *testing.T, env []string, name string, args ...string) (int, string, string) {
	t.Helper()
	cmd := exec.Command("./"+name, args...)
	cmd.Env = append(os.Environ(), env...)
	var stdout, stderr strings.Builder
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	if _, ok := err.(*exec.ExitError); err != nil && !ok {
		t.Fatalf("running %s: %v", name, err)
	}
	return cmd.ProcessState.ExitCode(), stdout.String(), stderr.String()
}

func TestScriptsHelp(t *testing.T) {
	for _, tc := range []struct{ name, want string }{
		{"target.sh", "Usage: bench/target.sh"},
		{"classic.sh", "bench/classic.sh --help"},
		{"climb.sh", "bench/climb.sh [-t TIME]"},
		{"peers.sh", "Usage: bench/peers.sh"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			code, stdout, stderr := script(t, nil, tc.name, "--help")
			if code != 0 {
				t.Errorf("exit status %d, want 0; stderr:\n%s", code, stderr)
			}
			wants := []string{tc.want, "SHARED"}
			switch tc.name {
			case "climb.sh":
				wants = []string{tc.want, "BULLSEYE_CACHE"}
			case "peers.sh":
				wants = []string{tc.want, "-peer-repeat"}
			}
			for _, want := range wants {
				if !strings.Contains(stdout, want) {
					t.Errorf("the help lacks %q:\n%s", want, stdout)
				}
			}
			if strings.Contains(stdout+stderr, "help requested") || strings.Contains(stdout, "set -euo") {
				t.Errorf("the help is not the script's own:\n%s%s", stdout, stderr)
			}
		})
	}
}

// TestScriptsNameWhatIsMissing points SHARED at a folder without the baselines: the scripts
// blame the baselines and name the variable, not a compiler that is there.
func TestScriptsNameWhatIsMissing(t *testing.T) {
	env := []string{"SHARED=" + t.TempDir()}
	code, _, stderr := script(t, env, "classic.sh")
	if code != 2 || !strings.Contains(stderr, "baselines are missing") || !strings.Contains(stderr, "set SHARED") {
		t.Errorf("classic.sh: exit status %d, stderr %q; want 2 and a message on the baselines and SHARED", code, stderr)
	}
	if testing.Short() {
		t.Skip("target.sh runs the kit's solution on the empty-grid family: skipped in -short mode")
	}
	// The kit's solution alone, once per input: the C++ port and the seed, not run, are not built.
	code, _, stderr = script(t, env, "target.sh", "-families", "empty", "-solvers", "ours", "-repeat", "1")
	if code != 0 || !strings.Contains(stderr, "baselines/build.sh is absent (set SHARED") || strings.Contains(stderr, "g++") {
		t.Errorf("target.sh: exit status %d, stderr %q; want 0 and a note on the baselines and SHARED, none on g++", code, stderr)
	}
}

// TestClassicWithoutTdoku gives classic.sh baselines whose build makes no tdoku_bench, as on a
// processor tdoku does not build for: the script says tdoku is absent and prints the kit's own
// figures on its own sets.
func TestClassicWithoutTdoku(t *testing.T) {
	if testing.Short() {
		t.Skip("classic.sh builds and runs the kit's classic solvers: skipped in -short mode")
	}
	shared := t.TempDir()
	if err := os.MkdirAll(shared+"/baselines", 0o755); err != nil {
		t.Fatal(err)
	}
	stub := "#!/bin/sh\nmkdir -p \"$1\"\necho \"build.sh: tdoku_bench did not build on this CPU; skipped\" >&2\necho \"$1\"\n"
	if err := os.WriteFile(shared+"/baselines/build.sh", []byte(stub), 0o755); err != nil {
		t.Fatal(err)
	}
	code, stdout, stderr := script(t, []string{"SHARED=" + shared, "RUNS=1", "NOSEED=1"}, "classic.sh")
	if code != 0 {
		t.Fatalf("exit status %d, want 0; stderr:\n%s", code, stderr)
	}
	if !strings.Contains(stderr, "tdoku is absent") {
		t.Errorf("stderr lacks the note that tdoku is absent:\n%s", stderr)
	}
	for _, want := range []string{"hard ", "climbed ", "seed left out"} {
		if !strings.Contains(stdout, want) {
			t.Errorf("stdout lacks %q:\n%s", want, stdout)
		}
	}
	if strings.Contains(stdout, "/ tdoku") {
		t.Errorf("stdout has ratios to tdoku without tdoku:\n%s", stdout)
	}
}
