package judging

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"

	"bullseye/internal/outcome"
	"bullseye/internal/problem"
	"bullseye/internal/runner"
	"bullseye/internal/tooltest"
)

// nearMemoryCommand makes the test binary a program that reads a number and answers 2906,
// holding nearMemory of memory first when the number is 9.
const nearMemoryCommand = "__near_memory"

func TestMain(m *testing.M) {
	if len(os.Args) > 1 {
		switch os.Args[1] {
		case runner.SuperviseCommand:
			os.Exit(runner.Supervise(os.Args[2:]))
		case nearMemoryCommand:
			var first int
			fmt.Scan(&first)
			if first == 9 {
				held := make([]byte, nearMemory)
				for i := 0; i < len(held); i += os.Getpagesize() {
					held[i] = 1 // resident, a page at a time
				}
				defer runtime.KeepAlive(held)
			}
			fmt.Println(2906)
			return
		}
	}
	os.Exit(m.Run())
}

// nearMemory is what the program of nearMemoryCommand holds: within a fifth of the judge's 64 MiB
// memory limit, with room below it for the program's own few megabytes.
const nearMemory = 54 << 20

const puzzle = "0 0 0 0 0 0 0 0 0\n0 0 0 0 0 0 0 0 0\n0 0 0 0 0 0 0 0 0\n0 0 0 0 0 0 0 0 0\n" +
	"0 0 0 0 0 0 0 0 0\n0 0 0 0 0 0 0 0 0\n0 0 0 0 0 0 0 0 0\n0 0 0 0 0 0 0 0 0\n0 0 0 0 0 0 0 0 0\n"

// newJudge returns a judge of a shell program on the target problem, unisolated, which every
// machine can do.
func newJudge(t *testing.T, script string) *Judge {
	t.Helper()
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	temp := t.TempDir()
	for _, dir := range []string{filepath.Dir(temp), temp} {
		if err := os.Chmod(dir, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	s, err := runner.New(runner.Options{Mode: runner.Unisolated, Supervisor: self, TempDir: temp})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return &Judge{
		Sandbox: s, Problem: problem.Target,
		Program: shellProgram(script),
		Limits:  runner.Limits{CPU: 300 * time.Millisecond, Wall: 1300 * time.Millisecond, Memory: 64 << 20, Output: 1 << 20, Processes: 16, Files: 64},
	}
}

// shellProgram returns a program that runs a shell script.
func shellProgram(script string) runner.Program {
	return runner.Program{Dir: "/", Argv: func(string) []string { return []string{"/bin/sh", "-c", script} }}
}

func TestTest(t *testing.T) {
	tests := []struct {
		name    string
		script  string
		answer  string
		verdict outcome.Verdict
	}{
		{"accepted on standard output", "echo 2906", "2906\n", outcome.Accepted},
		{"accepted in sudoku.out", "test -f sudoku.in && echo 2906 > sudoku.out", "2906\n", outcome.Accepted},
		{"wrong answer", "echo 2905", "2906\n", outcome.WrongAnswer},
		{"presentation error", "echo answer", "2906\n", outcome.PresentationError},
		{"run-time error", "echo 2906; exit 4", "2906\n", outcome.RuntimeError},
		{"a bad jury answer", "echo 2906", "2907\n", outcome.Failure},
	}
	judge := newJudge(t, "")
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			j := *judge
			j.Program = shellProgram(tc.script)
			o := j.Test(context.Background(), []byte(puzzle), []byte(tc.answer))
			if o.Verdict != tc.verdict {
				t.Errorf("got %s (%s), want %s", o.Verdict, o.Message, tc.verdict)
			}
		})
	}
}

// TestAllRerunsNearALimit judges three cases, three at a time: the one that comes near a limit
// runs again alone, and that run decides. Every day it comes near the memory limit, which does
// not depend on the machine's load, as the memory a program holds does not; the long tier
// sleeps near the wall-clock limit, as a program held up by a busy machine comes near it.
func TestAllRerunsNearALimit(t *testing.T) {
	for _, tc := range []struct {
		name  string
		long  bool
		judge func(t *testing.T) *Judge
	}{
		{name: "memory", judge: func(t *testing.T) *Judge {
			j := newJudge(t, "")
			self, err := os.Executable()
			if err != nil {
				t.Fatal(err)
			}
			dir := t.TempDir()
			data, err := os.ReadFile(self)
			if err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(filepath.Join(dir, "main"), data, 0o755); err != nil {
				t.Fatal(err)
			}
			if j.Program, err = j.Sandbox.Install(dir, func(dir string) []string {
				return []string{filepath.Join(dir, "main"), nearMemoryCommand}
			}); err != nil {
				t.Fatal(err)
			}
			// Time limits far above what the page faults of the memory take, on any machine.
			j.Limits.CPU, j.Limits.Wall = 10*time.Second, 20*time.Second
			return j
		}},
		{name: "wall clock", long: true, judge: func(t *testing.T) *Judge {
			// Sleeping 4.2 s of a 5 s wall-clock limit is near the limit. The 0.8 s left is
			// for starting a shell on a busy machine.
			j := newJudge(t, `read first rest; if [ "$first" = 9 ]; then sleep 4.2; fi; echo 2906`)
			j.Limits.Wall = 5 * time.Second
			return j
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if tc.long {
				tooltest.Long(t)
			}
			j := tc.judge(t)
			empty := Case{Name: "empty", Input: []byte(puzzle), Answer: []byte("2906\n")}
			near := Case{Name: "near", Input: []byte("9" + puzzle[1:]), Answer: []byte("2906\n")}
			var mu sync.Mutex
			var started []string
			results := j.All(context.Background(), []Case{empty, near, empty}, 3, func(before, total int, name string) {
				mu.Lock()
				defer mu.Unlock()
				started = append(started, name)
				// A progress line shows before+1 of total: never 4/3, even for the run alone.
				if before < 0 || before+1 > total {
					t.Errorf("%s starts after %d of %d, want 0 to %d", name, before, total, total-1)
				}
			})
			if len(results) != 3 {
				t.Fatalf("got %d results, want 3", len(results))
			}
			for i, want := range []bool{false, true, false} {
				if results[i].Rerun != want {
					t.Errorf("result %d: rerun %v, want %v (%+v)", i, results[i].Rerun, want, results[i].Run)
				}
			}
			if got := strings.Join(started, " "); !strings.HasSuffix(got, "near (alone)") || len(started) != 4 {
				t.Errorf("started %q, want the three cases, then near alone", got)
			}
			t.Logf("near case alone: %s, wall %v, peak %d KiB: %s", results[1].Verdict, results[1].Run.Wall(), results[1].Run.PeakKiB, results[1].Message)
			// The serial run decides: the program still answers within the limits.
			if results[1].Verdict != outcome.Accepted {
				t.Errorf("near case: got %s (%s), want AC", results[1].Verdict, results[1].Message)
			}
		})
	}
}

// TestAllReruns plays runs out, case by case, and checks which run again, why, and what
// decides: a run the wall clock stopped while it waited of its own accord is a time limit at
// once; one the machine held back runs again alone, and held back again is a failure of the
// judge that names the load; at -j 2, once a case came near a limit, the rest run alone from
// the start.
func TestAllReruns(t *testing.T) {
	lim := newJudge(t, "").Limits
	ac := outcome.Outcome{Verdict: outcome.Accepted, Run: runner.Meta{CPUMicros: 1000, WallMicros: 2000}}
	cpuLimit := outcome.Outcome{Verdict: outcome.TimeLimit, Run: runner.Meta{Stopped: runner.StoppedCPU, CPUMicros: lim.CPU.Microseconds() + 1000}}
	wall := func(m runner.Meta) outcome.Outcome {
		m.Stopped, m.CPUMicros, m.WallMicros = runner.StoppedWall, 200_000, lim.Wall.Microseconds()
		return outcome.Outcome{Verdict: outcome.TimeLimit, Run: m}
	}
	slept := wall(runner.Meta{StallsKnown: true})
	unknown := wall(runner.Meta{WaitMicros: 10_000})
	starved := wall(runner.Meta{StallsKnown: true, Starved: true, StallMicros: 12_000_000})
	starved.Run.WallMicros = 10 * lim.Wall.Microseconds()
	type want struct {
		verdict outcome.Verdict
		why     string
	}
	tests := []struct {
		name     string
		parallel int
		runs     [][]outcome.Outcome // each case's runs, in order
		want     []want
		total    int // runs in all
	}{
		{"waited of its own accord", 1, [][]outcome.Outcome{{slept}}, []want{{outcome.TimeLimit, ""}}, 1},
		{"what held it unknown", 1, [][]outcome.Outcome{{unknown, ac}}, []want{{outcome.Accepted, RerunHeldBack}}, 2},
		{"starved, then alone in time", 1, [][]outcome.Outcome{{starved, ac}}, []want{{outcome.Accepted, RerunHeldBack}}, 2},
		{"starved twice", 1, [][]outcome.Outcome{{starved, starved}}, []want{{outcome.Failure, RerunHeldBack}}, 2},
		{"starved in parallel and alone", 2, [][]outcome.Outcome{{starved, starved}, {ac}}, []want{{outcome.Failure, RerunNearLimit}, {outcome.Accepted, ""}}, 3},
		{"time limits at -j 2: the rest alone", 2, [][]outcome.Outcome{{cpuLimit, cpuLimit}, {cpuLimit, cpuLimit}, {cpuLimit}, {cpuLimit}, {ac}},
			[]want{{outcome.TimeLimit, RerunNearLimit}, {outcome.TimeLimit, RerunNearLimit}, {outcome.TimeLimit, ""}, {outcome.TimeLimit, ""}, {outcome.Accepted, ""}}, 7},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			j := newJudge(t, "")
			var mu sync.Mutex
			next := map[string]int{}
			total := 0
			// The first runs of a parallel judging wait for one another, as runs that take
			// time do: each starts before any ends.
			var together sync.WaitGroup
			together.Add(tc.parallel)
			j.test = func(_ context.Context, c Case) outcome.Outcome {
				mu.Lock()
				first := total < tc.parallel
				mu.Unlock()
				if first {
					together.Done()
					together.Wait()
				}
				mu.Lock()
				defer mu.Unlock()
				runs := tc.runs[int(c.Name[0]-'a')]
				n := next[c.Name]
				next[c.Name]++
				total++
				if n >= len(runs) {
					t.Errorf("case %s ran %d times, want at most %d", c.Name, n+1, len(runs))
					return runs[len(runs)-1]
				}
				return runs[n]
			}
			var cases []Case
			for i := range tc.runs {
				cases = append(cases, Case{Name: string(rune('a' + i))})
			}
			results := j.All(context.Background(), cases, tc.parallel, nil)
			for i, w := range tc.want {
				r := results[i]
				if r.Verdict != w.verdict || r.RerunWhy != w.why || r.Rerun != (w.why != "") {
					t.Errorf("case %d: got %s, rerun %v %q (%s); want %s, rerun %q", i, r.Verdict, r.Rerun, r.RerunWhy, r.Message, w.verdict, w.why)
				}
				if r.Verdict == outcome.Failure && !strings.Contains(r.Message, "too busy to judge fairly") {
					t.Errorf("case %d: message %q does not name the load", i, r.Message)
				}
			}
			if total != tc.total {
				t.Errorf("got %d runs in all, want %d", total, tc.total)
			}
		})
	}
}
