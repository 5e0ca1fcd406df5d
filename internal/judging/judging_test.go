package judging

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"bullseye/internal/outcome"
	"bullseye/internal/problem"
	"bullseye/internal/runner"
)

func TestMain(m *testing.M) {
	if len(os.Args) > 1 && os.Args[1] == runner.SuperviseCommand {
		os.Exit(runner.Supervise(os.Args[2:]))
	}
	os.Exit(m.Run())
}

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
		Program: runner.Program{Dir: "/", Argv: func(string) []string { return []string{"/bin/sh", "-c", script} }},
		Limits:  runner.Limits{CPU: 300 * time.Millisecond, Wall: 1300 * time.Millisecond, Memory: 64 << 20, Output: 1 << 20, Processes: 16, Files: 64},
	}
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
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			o := newJudge(t, tc.script).Test(context.Background(), []byte(puzzle), []byte(tc.answer))
			if o.Verdict != tc.verdict {
				t.Errorf("got %s (%s), want %s", o.Verdict, o.Message, tc.verdict)
			}
		})
	}
}

func TestAllRerunsNearALimit(t *testing.T) {
	// Sleeping 4.2 s of a 5 s wall-clock limit is near the limit: run again alone. The
	// 0.8 s left is for starting a shell on a busy machine.
	j := newJudge(t, `read first rest; if [ "$first" = 9 ]; then sleep 4.2; fi; echo 2906`)
	j.Limits.Wall = 5 * time.Second
	empty := Case{Name: "empty", Input: []byte(puzzle), Answer: []byte("2906\n")}
	slow := Case{Name: "slow", Input: []byte("9" + puzzle[1:]), Answer: []byte("2906\n")}
	var mu sync.Mutex
	var started []string
	results := j.All(context.Background(), []Case{empty, slow, empty}, 3, func(before, total int, name string) {
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
			t.Errorf("result %d: rerun %v, want %v", i, results[i].Rerun, want)
		}
	}
	if got := strings.Join(started, " "); !strings.HasSuffix(got, "slow (alone)") || len(started) != 4 {
		t.Errorf("started %q, want the three cases, then slow alone", got)
	}
	// The serial run decides: the sleeper still answers within the wall-clock limit.
	if results[1].Verdict != outcome.Accepted {
		t.Errorf("slow case: got %s (%s), want AC", results[1].Verdict, results[1].Message)
	}
}

func TestAllRerunsAWallStopAlone(t *testing.T) {
	// The first run is held past the wall-clock limit, as a busy machine would hold it; the
	// second answers at once. One at a time too, the second run decides.
	marks := t.TempDir()
	if err := os.Chmod(marks, 0o777); err != nil {
		t.Fatal(err)
	}
	mark := filepath.Join(marks, "held")
	j := newJudge(t, "if [ ! -e "+mark+" ]; then touch "+mark+"; sleep 3; fi; echo 2906")
	results := j.All(context.Background(), []Case{{Name: "held", Input: []byte(puzzle), Answer: []byte("2906\n")}}, 1, nil)
	if len(results) != 1 || !results[0].Rerun || results[0].Verdict != outcome.Accepted {
		t.Fatalf("got %+v, want one result, run again, AC", results)
	}
}
