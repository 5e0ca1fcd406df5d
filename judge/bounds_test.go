package main

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"bullseye/internal/tooltest"
)

// TestContestCacheBound judges a class of six contestants, two at a time, with a build cache
// bounded below one build: while it judges, the cache never holds more than the two builds
// compiled ahead of the judging (a judge that compiles the whole class first holds six).
func TestContestCacheBound(t *testing.T) {
	requireSandbox(t)
	tooltest.Require(t, "gcc", "gcc")
	class, cache, tmp := openTempDir(t), privateCache(t), openTempDir(t)
	const contestants, jobs = 6, 2
	for i := range contestants {
		plant(t, class, "accepted/dfs.c", fmt.Sprintf("c%d/sudoku.c", i))
	}
	cmd := exec.Command(judgeBin, "--kit", kitRoot, "--cache", cache, "--cache-size", "1KiB", "-j", fmt.Sprint(jobs),
		"--contest", class, "--tests", oneTest(t), "--time-limit", "10s")
	cmd.Env = append(os.Environ(), "TMPDIR="+tmp, "NO_COLOR=1")
	var stdout, stderr strings.Builder
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	most := 0
	// The judge ends on its own; the watch only samples the cache while it runs.
	for watching := true; watching; {
		select {
		case <-done:
			watching = false
		case <-time.After(5 * time.Millisecond):
		}
		entries, _ := os.ReadDir(filepath.Join(cache, "build"))
		builds := 0
		for _, e := range entries {
			if e.IsDir() && !strings.HasPrefix(e.Name(), "work-") {
				builds++
			}
		}
		most = max(most, builds)
	}
	if code := cmd.ProcessState.ExitCode(); code != exitAccepted || strings.Count(stdout.String(), "  100  ") != contestants {
		t.Fatalf("exit status %d, want 0 and every contestant accepted; stdout:\n%s\nstderr: %s", code, stdout.String(), stderr.String())
	}
	if most > jobs {
		t.Errorf("the build cache held %d builds at once, want at most %d (-j) under a bound below one", most, jobs)
	}
}

// TestSignalEndsTheJudge interrupts the judge (SIGINT, as Ctrl-C does, or SIGTERM) while a
// program runs under a long time limit, in each mode: it exits with status 3 at once, saying it
// was interrupted. The bound on how soon only guards against a hang; the time taken is logged.
func TestSignalEndsTheJudge(t *testing.T) {
	requireSandbox(t)
	tooltest.Require(t, "python3", "python3")
	tests := oneTest(t)
	for _, tc := range []struct {
		name      string
		signal    syscall.Signal
		args      []string
		compiling bool // interrupted while it compiles, not while the program runs
	}{
		{"judge, SIGINT", syscall.SIGINT, []string{"--tests", tests}, false},
		{"judge, SIGTERM", syscall.SIGTERM, []string{"--tests", tests}, false},
		{"stress, SIGTERM", syscall.SIGTERM, []string{"--stress", "--count", "5"}, false},
		{"climb, SIGINT", syscall.SIGINT, []string{"--climb", "--climb-time", "1m"}, false},
		{"compiling, SIGINT", syscall.SIGINT, []string{"--tests", tests}, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			// A build from the cache: the first run in the sandbox is the program's.
			source := submission("time_limit_exceeded/sleep.py")
			prebuild(t, source)
			if tc.compiling {
				dir := openTempDir(t)
				plant(t, dir, "time_limit_exceeded/sleep.py", "sleep.py")
				source = filepath.Join(dir, "sleep.py")
			}
			tmp := openTempDir(t)
			args := append([]string{"--kit", kitRoot, "--cache", cacheDir, "--time-limit", "60s"}, tc.args...)
			cmd := exec.Command(judgeBin, append(args, source)...)
			cmd.Env = append(os.Environ(), "TMPDIR="+tmp, "NO_COLOR=1")
			var stderr strings.Builder
			cmd.Stderr = &stderr
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			const bound = time.Minute
			for deadline := time.Now().Add(bound); len(leftovers(tmp)) == 0; time.Sleep(10 * time.Millisecond) {
				if time.Now().After(deadline) {
					cmd.Process.Kill()
					cmd.Wait()
					t.Fatalf("no run started within %v: %s", bound, stderr.String())
				}
			}
			sent := time.Now()
			if err := cmd.Process.Signal(tc.signal); err != nil {
				t.Fatal(err)
			}
			done := make(chan struct{})
			go func() { cmd.Wait(); close(done) }()
			select {
			case <-done:
			case <-time.After(bound):
				cmd.Process.Kill()
				<-done
				t.Fatalf("the judge still ran %v after the signal", bound)
			}
			took := time.Since(sent)
			t.Logf("ended %v after the signal", took.Round(time.Millisecond))
			if code := cmd.ProcessState.ExitCode(); code != exitFailed || !strings.Contains(stderr.String(), "interrupted") {
				t.Errorf("exit status %d, stderr %q; want 3 and a word that it was interrupted", code, stderr.String())
			}
		})
	}
}

// TestContestStallingSource judges a class whose one source is made to stall an analysis of
// the files it opens (a 28 KB C file of 1,500 file-name suffixes and 1,500 macro uses inside
// #if 1 == 2, which a quadratic analysis took hours over): it is judged, its note given, and
// its results kept, so that the next judging takes them from the cache.
func TestContestStallingSource(t *testing.T) {
	requireSandbox(t)
	tooltest.Require(t, "gcc", "gcc")
	class := openTempDir(t)
	var b strings.Builder
	b.WriteString("#include <stdio.h>\n#define F(s) freopen(")
	for i := range 1500 {
		fmt.Fprintf(&b, "#s\"%d.in\" ", i)
	}
	b.WriteString(", \"r\", stdin)\n#if 1 == 2\n")
	for i := range 1500 {
		fmt.Fprintf(&b, "F(a%d)\n", i)
	}
	fmt.Fprintf(&b, "#endif\nint main(void) { puts(\"0\"); return 0; } /* %d */\n", time.Now().UnixNano())
	if err := os.MkdirAll(filepath.Join(class, "mallory"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(class, "mallory", "sudoku.c"), []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	tests := oneTest(t)
	csvFile := filepath.Join(openTempDir(t), "class.csv")
	for _, want := range []string{"1 judged", "1 from the cache"} {
		// The ranking's note is cut to its column; the CSV's reason is whole.
		r := runJudge(t, "--contest", class, "--tests", tests, "--csv", csvFile)
		if r.code != exitAccepted || !strings.Contains(r.stdout, want) || !strings.Contains(readText(t, csvFile), "the source opens 0.in, 1.in") {
			t.Errorf("exit status %d, want 0, %q and the note in the CSV; stdout:\n%s\nstderr: %s", r.code, want, r.stdout, r.stderr)
		}
	}
}
