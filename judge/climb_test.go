package main

import (
	"bufio"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"bullseye/internal/grid"
	"bullseye/internal/hunt"
	"bullseye/internal/tooltest"
)

// blankPlant is a planted submission whose time depends on its input in a known way: on a grid
// with at most one blank, it spins for a second when the blank lies in the bottom row.
func blankPlant() string { return filepath.Join(kitRoot, "judge", "testdata", "climb", "blank.c") }

// readClimb reads a climb's report from its folder.
func readClimb(t *testing.T, dir string) hunt.Report {
	t.Helper()
	return readJSON[hunt.Report](t, filepath.Join(dir, climbReportFile))
}

// blankOf returns the blank cell of an input with one, read from a saved file.
func blankOf(t *testing.T, file string) int {
	t.Helper()
	g, err := grid.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	for cell, v := range g {
		if v == 0 {
			return cell
		}
	}
	return -1
}

// TestClimb climbs against the plant whose time and answers depend on the position of the blank
// cell: every verdict of a climb comes from what the plant does there, never from the machine's
// speed (a second of spinning against a limit of 0.1 s, a few milliseconds otherwise).
func TestClimb(t *testing.T) {
	tooltest.Require(t, "gcc", "gcc")
	t.Run("over the limit", func(t *testing.T) {
		t.Parallel()
		dir := filepath.Join(openTempDir(t), "found")
		r := runJudge(t, "--climb", "--givens", "80-81", "--time-limit", "0.1s", "-j", "2", "--seed", "6", "--save", dir, blankPlant())
		if r.code != exitRejected {
			t.Fatalf("exit status %d, want %d\nstdout:\n%s\nstderr:\n%s", r.code, exitRejected, r.stdout, r.stderr)
		}
		for _, want := range []string{
			`(?m)^TLE: an input with 80 givens takes at least 200 ms of CPU time, over the time limit of 100 ms \(2 runs alone, each stopped at 200 ms\)$`,
			`(?m)^the reference solution takes [0-9.]+ ms on it, [0-9]+x less$`,
			`(?m)^input:\n(    [0-9 ]{17}\n){9}answer \(the reference solution\):\n    [0-9]{4}\n`,
			`(?m)^climbed for [0-9.]+m?s, [0-9]+ runs \(seed 6, 80-81 givens, -j 2\); first over the limit after [0-9.]+m?s$`,
			`(?m)^saved in .*found \(slowest.in, slowest.ans; climb.json\); judge it again with\n    ./judge.sh --tests .*found .*blank.c$`,
		} {
			if !regexp.MustCompile(want).MatchString(r.stdout) {
				t.Errorf("stdout lacks %s:\n%s", want, r.stdout)
			}
		}
		if cell := blankOf(t, filepath.Join(dir, "slowest.in")); cell < 72 {
			t.Errorf("the slowest input's blank is cell %d, want one in the bottom row", cell)
		}
		rep := readClimb(t, dir)
		if rep.Verdict != "TLE" || rep.Slowest == nil || !rep.Slowest.Cut || rep.FirstOverMS <= 0 || rep.Runs < 3 ||
			rep.Slowest.Givens != 80 || rep.MinGivens != 80 || rep.MaxGivens != 81 || rep.Jobs != 2 || rep.SHA256 == "" {
			t.Errorf("climb.json: got %+v, slowest %+v", rep, rep.Slowest)
		}
		// The saved input is a test set: judged again, the plant is over the limit on it.
		again := runJudge(t, "--tests", dir, "--time-limit", "0.1s", "--json", "-", blankPlant())
		if again.code != exitRejected || again.report == nil || verdicts(again.report) != "TLE" {
			t.Errorf("judged again on the saved input: exit status %d, %s; want 1 and TLE", again.code, verdicts(again.report))
		}
	})
	t.Run("a wrong answer", func(t *testing.T) {
		t.Parallel()
		dir := filepath.Join(openTempDir(t), "found")
		r := runJudge(t, "--climb", "--givens", "80-81", "--cflags", "-O2 -DWRONG", "--save", dir, "--json", filepath.Join(dir+".json"), blankPlant())
		if r.code != exitRejected {
			t.Fatalf("exit status %d, want %d\nstdout:\n%s\nstderr:\n%s", r.code, exitRejected, r.stdout, r.stderr)
		}
		for _, want := range []string{
			`(?m)^WA on a climbed input with 80 givens, after [0-9.]+m?s and [0-9]+ runs? \(seed 1\): expected [0-9]+, found [0-9]+$`,
			`(?m)^expected \(the reference solution\):\n    [0-9]+\nfound:\n    [0-9]+\n`,
			`(?m)^climbed for [0-9.]+m?s, [0-9]+ runs? \(seed 1, 80-81 givens, -j 1\)$`,
			`(?m)^saved in .*found \(failure.in, failure.ans, failure.out; climb.json\)`,
		} {
			if !regexp.MustCompile(want).MatchString(r.stdout) {
				t.Errorf("stdout lacks %s:\n%s", want, r.stdout)
			}
		}
		if cell := blankOf(t, filepath.Join(dir, "failure.in")); grid.BoxOf(cell) != 0 {
			t.Errorf("the failing input's blank is cell %d, want one in the top-left box", cell)
		}
		data, err := os.ReadFile(dir + ".json")
		if err != nil {
			t.Fatal(err)
		}
		var rep hunt.Report
		if err := json.Unmarshal(data, &rep); err != nil || rep.Verdict != "WA" || rep.Failure == nil || rep.Failure.Found == "" {
			t.Errorf("--json: got %+v (%v), want the wrong answer", rep, err)
		}
	})
	t.Run("nothing over the limit", func(t *testing.T) {
		t.Parallel()
		// Over the limit, runs alone confirm an input; TestClimbInterrupted ends a climb that
		// finds nothing, with its slowest input saved, every day.
		tooltest.Long(t)
		r := runJudge(t, "--climb", "--givens", "80-81", "--cflags", "-O2 -DFAST", "--climb-time", "0.3s", "--json", "-", blankPlant())
		if r.code != exitAccepted {
			t.Fatalf("exit status %d, want %d\nstdout:\n%s\nstderr:\n%s", r.code, exitAccepted, r.stdout, r.stderr)
		}
		var rep hunt.Report
		if err := json.Unmarshal([]byte(r.stdout), &rep); err != nil {
			t.Fatalf("--json -: %v\n%s", err, r.stdout)
		}
		s := rep.Slowest
		if rep.Verdict != "AC" || s == nil || len(s.CPUMS) != 3 || s.Cut || s.Answer == "" || rep.Saved == "" || rep.ElapsedMS < 300 {
			t.Errorf("got %+v, slowest %+v; want AC, the slowest confirmed by 3 runs, saved", rep, s)
		}
		if !strings.Contains(r.stderr, "climb: ") {
			t.Errorf("stderr lacks the progress line:\n%s", r.stderr)
		}
	})
}

// TestClimbInterrupted interrupts a climb that finds nothing: it keeps, saves and reports the
// slowest input so far, and exits 0, leaving nothing behind.
func TestClimbInterrupted(t *testing.T) {
	tooltest.Require(t, "gcc", "gcc")
	prebuild(t)
	tmp, save := openTempDir(t), filepath.Join(openTempDir(t), "so-far")
	cmd := exec.Command(judgeBin, "--kit", kitRoot, "--cache", cacheDir, "--climb", "--givens", "80-81", "--cflags", "-O2 -DFAST",
		"--climb-time", "10m", "--save", save, blankPlant())
	cmd.Env = append(os.Environ(), "TMPDIR="+tmp, "NO_COLOR=1")
	var stdout strings.Builder
	cmd.Stdout = &stdout
	stderr, err := cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	// The progress line comes as soon as the first run has ended.
	lines := bufio.NewScanner(stderr)
	for lines.Scan() && !strings.HasPrefix(lines.Text(), "climb: ") {
	}
	if err := cmd.Process.Signal(os.Interrupt); err != nil {
		t.Fatal(err)
	}
	for lines.Scan() {
	}
	err = cmd.Wait()
	if code := cmd.ProcessState.ExitCode(); code != exitAccepted {
		t.Fatalf("exit status %d (%v), want %d\nstdout:\n%s", code, err, exitAccepted, stdout.String())
	}
	want := regexp.MustCompile(`(?m)^interrupted after [0-9.]+m?s and [0-9]+ runs? \(seed 1, 80-81 givens, -j 1\); the slowest input so far, with 8[01] givens, takes [0-9.]+ ms of CPU time, [0-9]% of the time limit of 2 s \(one run, not confirmed\)$`)
	if !want.MatchString(stdout.String()) {
		t.Errorf("stdout lacks %s:\n%s", want, stdout.String())
	}
	if rep := readClimb(t, save); !rep.Interrupted || rep.Verdict != "AC" || rep.Slowest == nil {
		t.Errorf("climb.json: got %+v, want interrupted with the slowest so far", rep)
	}
	if _, err := os.Stat(filepath.Join(save, "slowest.in")); err != nil {
		t.Errorf("the slowest input so far is not saved: %v", err)
	}
	if left := leftovers(tmp); len(left) > 0 {
		t.Errorf("processes left: %v", left)
	}
	if entries, _ := os.ReadDir(tmp); len(entries) > 0 {
		t.Errorf("the judge left %d entries in its temporary folder", len(entries))
	}
}
