package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestProgressLines checks that a judging whose stderr is not a terminal says on it, a line per
// step, how far it has gone, and that --quiet silences it.
func TestProgressLines(t *testing.T) {
	requireSandbox(t)
	tests := oneTest(t)
	for _, quiet := range []bool{false, true} {
		args := []string{"--tests", tests, submission("wrong_answer/zero.py")}
		if quiet {
			args = append([]string{"--quiet"}, args...)
		}
		r := runJudge(t, args...)
		if r.code != exitRejected {
			t.Fatalf("--quiet %v: exit status %d, want %d; stderr: %s", quiet, r.code, exitRejected, r.stderr)
		}
		lines := strings.Count(r.stderr, "\n")
		switch {
		case quiet && strings.Contains(r.stderr, "judge: judging"):
			t.Errorf("--quiet: stderr %q, want no progress", r.stderr)
		case !quiet && (!strings.Contains(r.stderr, "judge: compiling zero.py and the reference solution\n") || !strings.Contains(r.stderr, "judge: judging 1/1: ") || strings.Contains(r.stderr, "\r")):
			t.Errorf("stderr %q (%d lines), want a line for the compilation and one for the test, no carriage return", r.stderr, lines)
		}
	}
}

// TestJudgeScriptBuildProgress checks that judge.sh says that it builds the judge, which takes
// minutes on a busy machine, and how long it took; --quiet silences it. A stand-in for go
// "builds" the judge, so that the test costs nothing.
func TestJudgeScriptBuildProgress(t *testing.T) {
	fakeBin := t.TempDir()
	fakeGo := "#!/bin/sh\n# go build -o DIR/ PACKAGES: a judge that prints its arguments, and a supervisor\n" +
		"for name in judge supervisor; do printf '#!/bin/sh\\necho ran \"$@\"\\n' > \"$3/$name\"; chmod +x \"$3/$name\"; done\n"
	if err := os.WriteFile(filepath.Join(fakeBin, "go"), []byte(fakeGo), 0o755); err != nil {
		t.Fatal(err)
	}
	for _, quiet := range []bool{false, true} {
		cache := t.TempDir()
		args := []string{"--tests", "x", "mine.c"}
		if quiet {
			args = append([]string{"--quiet"}, args...)
		}
		cmd := exec.Command(filepath.Join(kitRoot, "judge.sh"), args...)
		cmd.Env = append(withoutEnv("BULLSEYE_CACHE", "PATH"), "BULLSEYE_CACHE="+cache, "PATH="+fakeBin+":/usr/bin:/bin")
		var stdout, stderr strings.Builder
		cmd.Stdout, cmd.Stderr = &stdout, &stderr
		if err := cmd.Run(); err != nil {
			t.Fatalf("--quiet %v: %v; stderr: %s", quiet, err, stderr.String())
		}
		if !strings.HasPrefix(stdout.String(), "ran --kit "+kitRoot+" --cache "+cache+" ") {
			t.Errorf("--quiet %v: stdout %q, want the judge run", quiet, stdout.String())
		}
		said := strings.Contains(stderr.String(), "judge.sh: building the judge into "+filepath.Join(cache, "bin")) && strings.Contains(stderr.String(), "judge.sh: built in ")
		if said == quiet {
			t.Errorf("--quiet %v: stderr %q", quiet, stderr.String())
		}
	}
}

// TestStressProgressLines checks stress mode's progress when stderr is not a terminal: a line
// every hundred agreeing cases, whatever the batches; none when quiet.
func TestStressProgressLines(t *testing.T) {
	for _, quiet := range []bool{false, true} {
		var b strings.Builder
		progress := newStressProgress(&b, 250, quiet)
		if quiet {
			if progress != nil {
				t.Error("--quiet: want no progress")
			}
			continue
		}
		// stress.Run says how many cases are done after each batch, here ending at these.
		for _, done := range []int{2, 51, 99, 102, 151, 200, 250} {
			progress(done)
		}
		if want := "stress: 102/250 cases agree\nstress: 200/250 cases agree\n"; b.String() != want {
			t.Errorf("got %q, want %q", b.String(), want)
		}
	}
}
