package hunt

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"testing"
	"time"

	"bullseye/internal/climb"
	"bullseye/internal/grid"
	"bullseye/internal/outcome"
	"bullseye/internal/stress"
)

// program is a pretend submission whose CPU time is a function of its input, run on a pretend
// clock that each run advances by its time: a hunt against it depends on nothing else.
type program struct {
	cost  func(grid.Grid) time.Duration
	limit time.Duration
	// verdict, when set, gives a run another verdict than its time's.
	verdict func(grid.Grid) outcome.Verdict

	mu   sync.Mutex
	now  time.Time
	runs int
}

func newProgram(limit time.Duration, cost func(grid.Grid) time.Duration) *program {
	return &program{cost: cost, limit: limit, now: time.Unix(1e9, 0)}
}

func (p *program) clock() time.Time {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.now
}

func (p *program) advance(d time.Duration) {
	p.mu.Lock()
	p.now = p.now.Add(d)
	p.mu.Unlock()
}

func (p *program) answer(_ context.Context, input []byte) ([]byte, time.Duration, error) {
	p.advance(time.Millisecond)
	return []byte("2906\n"), time.Millisecond, nil
}

func (p *program) judge(ctx context.Context, input, expected []byte) (Trial, error) {
	if err := ctx.Err(); err != nil {
		return Trial{}, err
	}
	g, err := grid.Parse(input)
	if err != nil {
		return Trial{}, err
	}
	p.mu.Lock()
	p.runs++
	p.mu.Unlock()
	cpu := min(p.cost(g), Cut(p.limit))
	p.advance(cpu + 10*time.Millisecond)
	t := Trial{Trial: stress.Trial{Verdict: outcome.Accepted, Expected: expected, Found: expected}, CPU: cpu}
	if cpu > p.limit {
		t.Verdict = outcome.TimeLimit
	}
	if p.verdict != nil {
		if v := p.verdict(g); v != "" {
			t.Verdict, t.Found = v, []byte("0\n")
		}
	}
	return t, nil
}

// topBand is a cost that grows with the givens in the top band, 100 ms each.
func topBand(g grid.Grid) time.Duration {
	n := 0
	for cell := range 27 {
		if g[cell] != 0 {
			n++
		}
	}
	return time.Duration(n) * 100 * time.Millisecond
}

func (p *program) config(parallel int, budget time.Duration) Config {
	return Config{
		Seed: 1, MinGivens: 24, MaxGivens: 81, Parallel: parallel, Budget: budget, Limit: p.limit,
		Now: p.clock,
	}
}

func TestHuntFindsAnInputOverTheLimit(t *testing.T) {
	t.Parallel()
	for _, parallel := range []int{1, 2} {
		t.Run(fmt.Sprintf("-j %d", parallel), func(t *testing.T) {
			p := newProgram(2*time.Second, topBand)
			res, err := Run(context.Background(), p.config(parallel, time.Hour), p.answer, p.judge)
			if err != nil {
				t.Fatal(err)
			}
			if !res.Over || res.Slowest == nil || res.Failure != nil || res.Interrupted {
				t.Fatalf("got %+v, want an input over the limit", res)
			}
			s := res.Slowest
			if topBand(s.Puzzle) <= p.limit || s.Median() <= p.limit {
				t.Errorf("got an input of cost %v, median %v, want both over %v", topBand(s.Puzzle), s.Median(), p.limit)
			}
			// Confirmed by the majority of three runs alone: two over suffice.
			if len(s.CPU) != 2 {
				t.Errorf("got %d runs alone confirming it, want 2", len(s.CPU))
			}
			if res.FirstOver <= 0 || res.FirstOver > res.Elapsed || res.Runs != p.runs {
				t.Errorf("got first over %v, elapsed %v, %d runs (the program ran %d); want 0 < first <= elapsed and the runs counted",
					res.FirstOver, res.Elapsed, res.Runs, p.runs)
			}
			if n := s.Puzzle.Givens(); n < 24 {
				t.Errorf("got %d givens, want at least 24", n)
			}
		})
	}
}

func TestHuntIsReproducibleFromItsSeed(t *testing.T) {
	t.Parallel()
	hunt := func(seed uint64) Result {
		// A cost with no input over the limit: the hunt runs its whole budget.
		p := newProgram(2*time.Second, func(g grid.Grid) time.Duration { return topBand(g) / 20 })
		cfg := p.config(1, 20*time.Second)
		cfg.Seed = seed
		res, err := Run(context.Background(), cfg, p.answer, p.judge)
		if err != nil {
			t.Fatal(err)
		}
		return res
	}
	a, b, c := hunt(3), hunt(3), hunt(4)
	if a.Slowest == nil || a.Over {
		t.Fatalf("got %+v, want a slowest input under the limit", a)
	}
	if a.Runs != b.Runs || a.Slowest.Puzzle != b.Slowest.Puzzle || fmt.Sprint(a.Slowest.CPU) != fmt.Sprint(b.Slowest.CPU) {
		t.Errorf("two hunts from seed 3 differ: %d runs, %v vs %d runs, %v", a.Runs, a.Slowest.Puzzle.Line(), b.Runs, b.Slowest.Puzzle.Line())
	}
	if a.Runs == c.Runs && a.Slowest.Puzzle == c.Slowest.Puzzle {
		t.Errorf("hunts from seeds 3 and 4 are the same")
	}
}

func TestHuntConfirmsTheSlowestAtTheEnd(t *testing.T) {
	t.Parallel()
	p := newProgram(2*time.Second, func(g grid.Grid) time.Duration { return topBand(g) / 20 })
	res, err := Run(context.Background(), p.config(2, 20*time.Second), p.answer, p.judge)
	if err != nil {
		t.Fatal(err)
	}
	s := res.Slowest
	if res.Over || s == nil || res.Interrupted {
		t.Fatalf("got %+v, want a slowest input under the limit", res)
	}
	if len(s.CPU) != DefaultConfirm || s.Median() != topBand(s.Puzzle)/20 || s.Reference != time.Millisecond {
		t.Errorf("got runs %v, median %v, reference %v; want %d runs of %v, reference 1ms", s.CPU, s.Median(), s.Reference, DefaultConfirm, topBand(s.Puzzle)/20)
	}
	if res.Elapsed < 20*time.Second {
		t.Errorf("got %v elapsed, want the budget of 20s spent", res.Elapsed)
	}
	// A climb toward the top band gets well past a random input's third of the givens.
	if n := topBand(s.Puzzle) / (100 * time.Millisecond); n < 20 {
		t.Errorf("got %d givens in the top band, want at least 20", n)
	}
}

func TestHuntReportsAWrongAnswerAtOnce(t *testing.T) {
	t.Parallel()
	p := newProgram(2*time.Second, func(g grid.Grid) time.Duration { return topBand(g) / 20 })
	p.verdict = func(g grid.Grid) outcome.Verdict {
		if topBand(g) >= 1500*time.Millisecond {
			return outcome.WrongAnswer
		}
		return ""
	}
	cfg := p.config(2, time.Hour)
	var heard []Finding
	var mu sync.Mutex
	cfg.Failed = func(f Finding) {
		mu.Lock()
		heard = append(heard, f)
		mu.Unlock()
	}
	res, err := Run(context.Background(), cfg, p.answer, p.judge)
	if err != nil {
		t.Fatal(err)
	}
	if res.Failure == nil || res.Failure.Trial.Verdict != outcome.WrongAnswer || res.Over {
		t.Fatalf("got %+v, want a wrong answer", res)
	}
	if topBand(res.Failure.Puzzle) < 1500*time.Millisecond {
		t.Errorf("got a failure on an input the program answers well:\n%s", res.Failure.Puzzle)
	}
	if len(heard) != 1 || heard[0].Puzzle != res.Failure.Puzzle {
		t.Errorf("heard of %d failures, want the one found", len(heard))
	}
}

func TestHuntKeepsTheSlowestWhenInterrupted(t *testing.T) {
	t.Parallel()
	p := newProgram(2*time.Second, func(g grid.Grid) time.Duration { return topBand(g) / 20 })
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	cfg := p.config(1, time.Hour)
	cfg.Progress = func(pr Progress) {
		if pr.Runs == 50 {
			cancel()
		}
	}
	res, err := Run(ctx, cfg, p.answer, p.judge)
	if err != nil {
		t.Fatal(err)
	}
	if !res.Interrupted || res.Slowest == nil || res.Runs != 50 {
		t.Fatalf("got interrupted %v, %d runs, slowest %v; want interrupted after 50 runs with the slowest so far", res.Interrupted, res.Runs, res.Slowest)
	}
	if got, want := res.Slowest.Median(), topBand(res.Slowest.Puzzle)/20; got != want {
		t.Errorf("got the slowest at %v, want its time, %v", got, want)
	}
}

func TestHuntRunsAloneWhatCameNearTheLimitBesideOthers(t *testing.T) {
	t.Parallel()
	// Beside another run, an input's first run takes 2.5 s; alone it takes 0.5 s. The hunt
	// must not call it over the limit.
	var mu sync.Mutex
	seen := map[grid.Grid]bool{}
	p := newProgram(2*time.Second, func(g grid.Grid) time.Duration {
		mu.Lock()
		defer mu.Unlock()
		if !seen[g] {
			seen[g] = true
			return 2500 * time.Millisecond
		}
		return 500 * time.Millisecond
	})
	res, err := Run(context.Background(), p.config(2, 30*time.Second), p.answer, p.judge)
	if err != nil {
		t.Fatal(err)
	}
	if res.Over || res.Slowest == nil || res.Slowest.Median() != 500*time.Millisecond {
		t.Errorf("got over %v, slowest %v; want no input over the limit, the slowest at 0.5s", res.Over, res.Slowest)
	}
}

func TestHuntStopsOnAJudgeFailure(t *testing.T) {
	t.Parallel()
	boom := errors.New("the sandbox broke")
	p := newProgram(2*time.Second, topBand)
	_, err := Run(context.Background(), p.config(2, time.Hour), p.answer, func(context.Context, []byte, []byte) (Trial, error) {
		return Trial{}, boom
	})
	if !errors.Is(err, boom) {
		t.Errorf("got %v, want the judge's failure", err)
	}
	_, err = Run(context.Background(), p.config(1, time.Hour), func(context.Context, []byte) ([]byte, time.Duration, error) {
		return nil, 0, boom
	}, p.judge)
	if !errors.Is(err, boom) {
		t.Errorf("got %v, want the reference's failure", err)
	}
}

func TestHuntKeepsItsGivens(t *testing.T) {
	t.Parallel()
	p := newProgram(2*time.Second, func(g grid.Grid) time.Duration { return time.Duration(81-g.Givens()) * time.Millisecond })
	cfg := p.config(2, 10*time.Second)
	cfg.MinGivens, cfg.MaxGivens = 30, 35
	cfg.Moves = []climb.Move{climb.Add, climb.Drop, climb.Shift}
	res, err := Run(context.Background(), cfg, p.answer, p.judge)
	if err != nil {
		t.Fatal(err)
	}
	if n := res.Slowest.Puzzle.Givens(); n != 30 {
		t.Errorf("got %d givens in the slowest, want 30, the fewest allowed", n)
	}
	if _, err := Run(context.Background(), Config{MinGivens: 40, MaxGivens: 30}, p.answer, p.judge); err == nil {
		t.Error("givens 40-30: got no error")
	}
}
