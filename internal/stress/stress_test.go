package stress

import (
	"context"
	"errors"
	"sync/atomic"
	"testing"
	"time"

	"bullseye/internal/classic"
	"bullseye/internal/grid"
	"bullseye/internal/outcome"
)

// failWhen returns a check that fails with verdict v on every puzzle for which bad holds.
func failWhen(v outcome.Verdict, bad func(grid.Grid) bool) Check {
	return func(_ context.Context, g grid.Grid) (Trial, error) {
		if bad(g) {
			return Trial{Verdict: v}, nil
		}
		return Trial{Verdict: outcome.Accepted}, nil
	}
}

func TestShrink(t *testing.T) {
	full := Generate(7, 1, 40, 40).Puzzle
	cells := givenCells(full)
	a, b := cells[3], cells[27]
	tests := []struct {
		name   string
		check  Check
		givens int
		keeps  []int // cells the shrunk puzzle must still give
	}{
		{"two givens matter", failWhen(outcome.WrongAnswer, func(g grid.Grid) bool { return g[a] != 0 && g[b] != 0 }), 2, []int{a, b}},
		{"any three givens", failWhen(outcome.WrongAnswer, func(g grid.Grid) bool { return g.Givens() >= 3 }), 3, nil},
		{"nothing matters", failWhen(outcome.WrongAnswer, func(grid.Grid) bool { return true }), 0, nil},
		{"the verdict must stay", func(_ context.Context, g grid.Grid) (Trial, error) {
			if g.Givens() < 10 {
				return Trial{Verdict: outcome.TimeLimit}, nil // another failure: not kept
			}
			return Trial{Verdict: outcome.WrongAnswer}, nil
		}, 10, nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			shrunk, trial, runs, err := Shrink(context.Background(), full, Trial{Verdict: outcome.WrongAnswer}, tc.check, DefaultShrinkRuns)
			if err != nil {
				t.Fatal(err)
			}
			if shrunk.Givens() != tc.givens {
				t.Errorf("givens: got %d, want %d", shrunk.Givens(), tc.givens)
			}
			for _, cell := range tc.keeps {
				if shrunk[cell] != full[cell] {
					t.Errorf("cell %d: got %d, want the original %d", cell, shrunk[cell], full[cell])
				}
			}
			for cell, v := range shrunk {
				if v != 0 && v != full[cell] {
					t.Errorf("cell %d changed from %d to %d: shrinking only blanks", cell, full[cell], v)
				}
			}
			if trial.Verdict != outcome.WrongAnswer {
				t.Errorf("trial: got %s, want WA", trial.Verdict)
			}
			if runs > 120 {
				t.Errorf("took %d checks, want at most 120 for 40 givens", runs)
			}
		})
	}
}

func TestShrinkBudget(t *testing.T) {
	full := Generate(7, 1, 40, 40).Puzzle
	var calls atomic.Int64
	check := func(_ context.Context, g grid.Grid) (Trial, error) {
		calls.Add(1)
		return Trial{Verdict: outcome.Accepted}, nil // nothing can go
	}
	_, _, runs, err := Shrink(context.Background(), full, Trial{Verdict: outcome.WrongAnswer}, check, 5)
	if err != nil || runs != 5 || calls.Load() != 5 {
		t.Errorf("got %d runs, %d calls, %v; want 5, 5, nil", runs, calls.Load(), err)
	}
}

func TestRun(t *testing.T) {
	// The submission fails on every puzzle without completion.
	noCompletion := failWhen(outcome.WrongAnswer, func(g grid.Grid) bool { return classic.Count(classic.Puzzle(g), 1) == 0 })
	var first *Finding
	for _, parallel := range []int{1, 4} {
		f, err := Run(context.Background(), Config{Seed: 3, Count: 200, MinGivens: 20, MaxGivens: 35, Parallel: parallel, ShrinkRuns: DefaultShrinkRuns}, noCompletion, nil)
		if err != nil {
			t.Fatal(err)
		}
		if f == nil {
			t.Fatal("no finding in 200 cases, want one: a tenth have no completion")
		}
		if f.Case.Kind == "random" {
			t.Errorf("found %v, want a case without completion", f.Case)
		}
		if classic.Count(classic.Puzzle(f.Shrunk), 1) != 0 || f.Shrunk.Givens() >= f.Case.Puzzle.Givens() {
			t.Errorf("shrunk to %d givens from %d, want fewer, still without completion", f.Shrunk.Givens(), f.Case.Puzzle.Givens())
		}
		if first == nil {
			first = f
		} else if f.Case.Index != first.Case.Index || f.Shrunk != first.Shrunk {
			t.Errorf("parallel %d found case %d, serially %d: want the same", parallel, f.Case.Index, first.Case.Index)
		}
	}
}

func TestRunAllPass(t *testing.T) {
	var done int
	f, err := Run(context.Background(), Config{Seed: 1, Count: 10, MinGivens: 24, MaxGivens: 30, Parallel: 3},
		failWhen(outcome.WrongAnswer, func(grid.Grid) bool { return false }), func(n int) { done = n })
	if f != nil || err != nil || done != 10 {
		t.Errorf("got %v, %v after %d cases; want no finding, no error, 10 cases", f, err, done)
	}
}

func TestRunCheckError(t *testing.T) {
	broken := func(context.Context, grid.Grid) (Trial, error) { return Trial{}, errors.New("the reference crashed") }
	_, err := Run(context.Background(), Config{Seed: 1, Count: 5, MinGivens: 24, MaxGivens: 30}, broken, nil)
	if err == nil || err.Error() != "case 1 (hidden, 28 givens): the reference crashed" {
		t.Errorf("got %v", err)
	}
}

func TestGenerate(t *testing.T) {
	kinds := map[string]int{}
	for i := 1; i <= 200; i++ {
		c := Generate(11, i, 17, 40)
		if again := Generate(11, i, 17, 40); again != c {
			t.Fatalf("case %d differs between two calls", i)
		}
		kinds[c.Kind]++
		g := c.Puzzle.Givens()
		if g < 17 || g > 40 {
			t.Errorf("%v: givens out of 17-40", c)
		}
		switch c.Kind {
		case "random":
			if classic.Count(classic.Puzzle(c.Puzzle), 1) != 1 {
				t.Errorf("%v: want a completion", c)
			}
		case "hidden":
			if !c.Puzzle.Valid() || classic.Count(classic.Puzzle(c.Puzzle), 1) != 0 {
				t.Errorf("%v: want valid givens without completion", c)
			}
		case "clash":
			if c.Puzzle.Valid() {
				t.Errorf("%v: want givens that clash", c)
			}
		}
	}
	for _, kind := range []string{"random", "hidden", "clash"} {
		if kinds[kind] == 0 {
			t.Errorf("no %s case in 200", kind)
		}
	}
}

func TestShrinkStaysInRange(t *testing.T) {
	full := Generate(7, 1, 40, 40).Puzzle
	everything := failWhen(outcome.WrongAnswer, func(grid.Grid) bool { return true })
	for _, floor := range []int{0, 24, 30, 39, 40} {
		var last int
		s := Shrinker{MinGivens: floor, Progress: func(runs, givens int) {
			if givens < floor {
				t.Errorf("floor %d: run %d left %d givens", floor, runs, givens)
			}
			last = runs
		}}
		shrunk, _, runs, cut, err := s.Shrink(context.Background(), full, Trial{Verdict: outcome.WrongAnswer}, everything)
		if err != nil || cut {
			t.Fatalf("floor %d: got error %v, cut %v; want neither", floor, err, cut)
		}
		if shrunk.Givens() != floor {
			t.Errorf("floor %d: shrunk to %d givens, want %d", floor, shrunk.Givens(), floor)
		}
		if last != runs {
			t.Errorf("floor %d: progress heard of %d runs, want all %d", floor, last, runs)
		}
	}
}

func TestShrinkTimeBound(t *testing.T) {
	full := Generate(7, 1, 40, 40).Puzzle
	// A submission that fails while two givens stay, and takes 20 ms a run on the shrinker's
	// clock: a bound of 300 ms stops the shrinking before the 16th run, with the smallest case
	// so far.
	cells := givenCells(full)
	a, b := cells[3], cells[27]
	clock := time.Date(2009, time.November, 21, 9, 0, 0, 0, time.UTC)
	slow := func(_ context.Context, g grid.Grid) (Trial, error) {
		clock = clock.Add(20 * time.Millisecond)
		if g[a] != 0 && g[b] != 0 {
			return Trial{Verdict: outcome.WrongAnswer}, nil
		}
		return Trial{Verdict: outcome.Accepted}, nil
	}
	_, _, unbounded, _, err := Shrinker{Runs: 1000}.Shrink(context.Background(), full, Trial{Verdict: outcome.WrongAnswer}, slow)
	if err != nil || unbounded <= 15 {
		t.Fatalf("without a time bound: %d runs, error %v; want more than 15", unbounded, err)
	}
	s := Shrinker{Runs: 1000, Deadline: clock.Add(300 * time.Millisecond), Now: func() time.Time { return clock }}
	shrunk, trial, runs, cut, err := s.Shrink(context.Background(), full, Trial{Verdict: outcome.WrongAnswer}, slow)
	if err != nil || !cut {
		t.Fatalf("got error %v, cut %v; want no error, cut", err, cut)
	}
	if runs != 15 {
		t.Errorf("got %d runs of 20 ms within a 300 ms bound, want 15 (%d without the bound)", runs, unbounded)
	}
	if shrunk[a] == 0 || shrunk[b] == 0 || trial.Verdict != outcome.WrongAnswer || shrunk.Givens() >= full.Givens() {
		t.Errorf("got %s with %d of %d givens; want a smaller case that still fails (WA, the two givens kept)", trial.Verdict, shrunk.Givens(), full.Givens())
	}
}

func TestRunTellsOfTheFailureBeforeShrinking(t *testing.T) {
	var events []string
	check := func(_ context.Context, g grid.Grid) (Trial, error) {
		events = append(events, "check")
		return Trial{Verdict: outcome.WrongAnswer, Message: "wrong"}, nil
	}
	cfg := Config{
		Seed: 1, Count: 10, MinGivens: 24, MaxGivens: 40, Parallel: 1,
		Found: func(c Case, tr Trial) {
			events = append(events, "found")
			if c.Index != 1 || tr.Message != "wrong" {
				t.Errorf("found %v (%q), want case 1 (wrong)", c, tr.Message)
			}
		},
		Shrinking: func(runs, givens int) {
			if givens < 24 {
				t.Errorf("shrinking left %d givens, want at least 24", givens)
			}
		},
	}
	f, err := Run(context.Background(), cfg, check, nil)
	if err != nil || f == nil {
		t.Fatalf("got %v, %v; want a finding", f, err)
	}
	if len(events) < 3 || events[0] != "check" || events[1] != "found" {
		t.Errorf("events %v: want the first check, then found, then the shrinking's checks", events)
	}
	if f.Shrunk.Givens() != 24 {
		t.Errorf("shrunk to %d givens, want 24, the floor of the range", f.Shrunk.Givens())
	}
}

func TestShrinkInterrupted(t *testing.T) {
	full := Generate(7, 1, 40, 40).Puzzle
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	runs := 0
	// Fails while it has 30 givens or more; the third run is interrupted, as a judge's run
	// ends when its context does.
	check := func(ctx context.Context, g grid.Grid) (Trial, error) {
		runs++
		if runs == 3 {
			cancel()
			return Trial{}, ctx.Err()
		}
		if g.Givens() >= 30 {
			return Trial{Verdict: outcome.WrongAnswer}, nil
		}
		return Trial{Verdict: outcome.Accepted}, nil
	}
	shrunk, trial, n, cut, err := Shrinker{}.Shrink(ctx, full, Trial{Verdict: outcome.WrongAnswer}, check)
	if err != nil || !cut || n != 3 {
		t.Fatalf("got %d runs, cut %v, error %v; want 3 runs, cut, no error", n, cut, err)
	}
	if trial.Verdict != outcome.WrongAnswer || shrunk.Givens() < 30 {
		t.Errorf("got %s with %d givens, want the smallest failing case so far (WA, at least 30 givens)", trial.Verdict, shrunk.Givens())
	}
}
