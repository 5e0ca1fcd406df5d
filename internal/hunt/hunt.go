// Package hunt searches for the input the statement allows on which a program is slowest: climbs
// (internal/climb) against the program's CPU time, several at once, each input answered by the
// reference solution and the program's answer checked, so that a wrong answer met on the way is
// news at once. A run over the time limit is already a find, so runs are cut a little above it;
// a run that comes near the limit while others run is run again alone, and one over it stands
// only when the median of several runs alone is. When the budget is spent, the slowest inputs
// met are run again alone and the slowest by its median is the answer.
//
// Everything that runs a program is injected (Answer, Judge) and so is the clock: the hunt is
// tested without a sandbox, and a hunt of one climb is reproducible from its seed given the
// same measurements.
package hunt

import (
	"bytes"
	"cmp"
	"context"
	"errors"
	"fmt"
	"math"
	"slices"
	"strconv"
	"sync"
	"time"

	"bullseye/internal/bounds"
	"bullseye/internal/climb"
	"bullseye/internal/grid"
	"bullseye/internal/outcome"
	"bullseye/internal/rng"
	"bullseye/internal/stress"
	"bullseye/internal/validate"
)

// Defaults of a hunt.
const (
	// DefaultBudget is the climbing time of ./judge.sh --climb.
	DefaultBudget = 2 * time.Minute
	// DefaultMinGivens and DefaultMaxGivens are NOIP's bounds (package bounds): at least 24
	// givens and a blank to fill, any grid that breaks no rule.
	DefaultMinGivens = bounds.NOIPMinGivens
	DefaultMaxGivens = grid.Cells - 1
	// DefaultConfirm is the number of runs alone whose median confirms an input's time.
	DefaultConfirm = 3
	// DefaultFinalists is the number of the slowest inputs met that are confirmed at the end:
	// the slowest single run is often a lucky one.
	DefaultFinalists = 3
	// DefaultPatience is the number of climbing steps without a strict gain before a climb
	// starts afresh.
	DefaultPatience = 40
	// startSpread is how many givens above the floor a fresh start may have: the fewer the
	// givens, the more a search has to do, and the moves add givens where that is slower.
	startSpread = 2
)

// near is the share of the limit from which a run made beside others is run again alone, as the
// judge does for a test.
const near = 0.8

// Cut returns the CPU time at which a hunt's runs are stopped for a time limit: a tenth above
// it, at least 100 ms above, so that a run over the limit shows it.
func Cut(limit time.Duration) time.Duration {
	return limit + max(limit/10, 100*time.Millisecond)
}

// Trial is the program's run on one input, judged against the reference's answer.
type Trial struct {
	stress.Trial
	// CPU is the program's CPU time; for a run stopped at the cut, at least that.
	CPU time.Duration
}

// Answer runs the reference solution on input and returns its answer and CPU time. An error is
// the judge's failure: the reference must answer every input the hunt makes.
type Answer func(ctx context.Context, input []byte) (expected []byte, cpu time.Duration, err error)

// Judge runs the program on input and judges its output against expected. An error is the
// judge's failure, never the program's.
type Judge func(ctx context.Context, input, expected []byte) (Trial, error)

// Config configures a hunt.
type Config struct {
	// Seed fixes every climb: climb i draws from a source seeded by Seed and i.
	Seed uint64
	// MinGivens and MaxGivens bound the givens of every input.
	MinGivens, MaxGivens int
	// Parallel is the number of climbs, and so of runs at once.
	Parallel int
	// Budget is the climbing time (0: DefaultBudget); the confirmation of what was found
	// comes after it.
	Budget time.Duration
	// Limit is the time limit: a run over it is a find.
	Limit time.Duration
	// Confirm is the number of runs alone whose median confirms an input (odd; 0: the
	// default), Finalists how many of the slowest inputs met are confirmed at the end.
	Confirm, Finalists int
	// Patience, Moves and Starts steer each climb (see climb.Options); zero values take the
	// defaults: DefaultPatience, every move, every shape.
	Patience int
	Moves    []climb.Move
	Starts   []climb.Start
	// TimeReference, when set, times the reference on the inputs confirmed, as the program is
	// timed; the answers' own times stand otherwise.
	TimeReference Answer
	// Now is the clock, time.Now when nil.
	Now func() time.Time
	// Progress, when set, hears after every run how the hunt stands.
	Progress func(Progress)
	// Failed, when set, hears at once of the first input on which the program failed otherwise
	// than by time: a wrong answer, a crash.
	Failed func(Finding)
}

// Progress is how a hunt stands.
type Progress struct {
	Elapsed time.Duration
	Runs    int
	// Slowest is the most CPU time one run took so far, Givens that input's givens.
	Slowest time.Duration
	Givens  int
	// Confirming tells that the hunt runs an input alone to confirm its time.
	Confirming bool
}

// Finding is an input and what the program did on it.
type Finding struct {
	Puzzle grid.Grid
	// Trial is the run reported: for a confirmed input, the run of the median.
	Trial Trial
	// CPU lists the program's times in its runs alone, in order: every run of a hunt of one
	// climb, the runs that confirmed it otherwise; empty when none was alone (an interrupt came
	// first, or it failed otherwise than by time).
	CPU []time.Duration
	// Reference is the reference solution's CPU time on it, the median of its runs.
	Reference time.Duration
	// Elapsed is when the hunt first met it.
	Elapsed time.Duration

	trials     []Trial         // the runs alone, in order
	references []time.Duration // the reference's times beside them
}

// add records a run alone and the reference's time beside it: the run of the median becomes the
// trial, the reference's median its time.
func (f *Finding) add(t Trial, reference time.Duration) {
	f.trials = append(f.trials, t)
	f.CPU = append(f.CPU, t.CPU)
	f.references = append(f.references, reference)
	median := f.Median()
	for _, t := range f.trials {
		if t.CPU == median {
			f.Trial = t
			break
		}
	}
	sorted := slices.Clone(f.references)
	slices.Sort(sorted)
	f.Reference = sorted[len(sorted)/2]
}

// RunsOver counts the runs alone over limit.
func (f *Finding) RunsOver(limit time.Duration) int {
	n := 0
	for _, cpu := range f.CPU {
		if cpu > limit {
			n++
		}
	}
	return n
}

// Median returns the time the input is judged by: the median of its runs alone, or its one run
// when it was not confirmed.
func (f *Finding) Median() time.Duration {
	if len(f.CPU) == 0 {
		return f.Trial.CPU
	}
	sorted := slices.Clone(f.CPU)
	slices.Sort(sorted)
	return sorted[len(sorted)/2]
}

// Result is what a hunt found.
type Result struct {
	// Slowest is the slowest input found, confirmed; nil when no run ended.
	Slowest *Finding
	// Over reports that Slowest is over the time limit, FirstOver when the hunt first met an
	// input over it that the runs alone confirmed.
	Over      bool
	FirstOver time.Duration
	// Failure is the first input on which the program failed otherwise than by time; the hunt
	// ends on it.
	Failure *Finding
	// Runs counts the program's runs, Elapsed the hunt's time, confirmation included.
	Runs    int
	Elapsed time.Duration
	// Interrupted reports that ctx ended the hunt: Slowest is the slowest so far, unconfirmed
	// unless it was confirmed on the way.
	Interrupted bool
}

// errStop ends a climb: the budget is spent, or another climb has ended the hunt.
var errStop = errors.New("the hunt is over")

// hunt is the state the climbs share.
type hunt struct {
	cfg    Config
	answer Answer
	judge  Judge
	start  time.Time
	cancel context.CancelFunc

	// gate lets runs share the machine, and a confirmation run alone: it waits for the
	// runs in flight and holds back the others.
	gate sync.RWMutex

	mu        sync.Mutex
	runs      int
	finalists []*Finding // the slowest inputs met, slowest first, by their measured time
	over      *Finding   // an input the runs alone put over the limit
	failure   *Finding
	err       error // the judge's failure
	answers   map[grid.Grid]answer
}

// answer is the reference's word on an input.
type answer struct {
	expected []byte
	cpu      time.Duration
}

// Run hunts for the slowest input within cfg, running the program by judge and the reference
// by answer. An error is the judge's failure; an interrupt through ctx is not an error, the
// result says so.
func Run(ctx context.Context, cfg Config, answerFn Answer, judgeFn Judge) (Result, error) {
	cfg.defaults()
	if cfg.MinGivens < 0 || cfg.MaxGivens > grid.Cells || cfg.MinGivens > cfg.MaxGivens {
		return Result{}, fmt.Errorf("givens %d-%d: want 0 <= A <= B <= %d", cfg.MinGivens, cfg.MaxGivens, grid.Cells)
	}
	climbCtx, cancel := context.WithCancel(ctx)
	defer cancel()
	h := &hunt{cfg: cfg, answer: answerFn, judge: judgeFn, start: cfg.Now(), cancel: cancel, answers: map[grid.Grid]answer{}}
	var wg sync.WaitGroup
	for i := range cfg.Parallel {
		wg.Go(func() {
			r := rng.New(rng.SeedFromArgs([]string{"climb", strconv.FormatUint(cfg.Seed, 10), strconv.Itoa(i)}))
			opt := climb.Options{
				MinGivens: cfg.MinGivens, MaxGivens: cfg.MaxGivens, StartGivens: cfg.MinGivens + startSpread,
				Steps: math.MaxInt, Patience: cfg.Patience,
				Keep: 1, Moves: cfg.Moves, Starts: cfg.Starts,
			}
			_, err := climb.Climb(r, opt, func(puzzle grid.Grid) (float64, bool, error) {
				return h.measure(climbCtx, puzzle)
			})
			if err != nil && !errors.Is(err, errStop) {
				h.fail(err)
			}
		})
	}
	wg.Wait()

	res := Result{Interrupted: ctx.Err() != nil}
	if h.err != nil && !res.Interrupted {
		return res, h.err
	}
	switch {
	case h.failure != nil:
		res.Failure = h.failure
	case h.over != nil:
		res.Slowest, res.Over, res.FirstOver = h.over, true, h.over.Elapsed
	default:
		if !res.Interrupted {
			if err := h.confirmFinalists(ctx); err != nil && ctx.Err() == nil {
				return res, err
			}
			res.Interrupted = ctx.Err() != nil
		}
		if h.failure != nil {
			res.Failure = h.failure
		} else if len(h.finalists) > 0 {
			res.Slowest = h.finalists[0]
			res.Over = res.Slowest.Median() > cfg.Limit
		}
	}
	res.Runs, res.Elapsed = h.runs, h.elapsed()
	return res, nil
}

func (cfg *Config) defaults() {
	cfg.Parallel = max(cfg.Parallel, 1)
	if cfg.Budget <= 0 {
		cfg.Budget = DefaultBudget
	}
	if cfg.Confirm <= 0 {
		cfg.Confirm = DefaultConfirm
	}
	if cfg.Finalists <= 0 {
		cfg.Finalists = DefaultFinalists
	}
	if cfg.Patience <= 0 {
		cfg.Patience = DefaultPatience
	}
	if cfg.Moves == nil {
		cfg.Moves = climb.Moves
	}
	if cfg.Starts == nil {
		cfg.Starts = climb.Starts
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
}

func (h *hunt) elapsed() time.Duration { return h.cfg.Now().Sub(h.start) }

// fail records the judge's failure and ends the hunt.
func (h *hunt) fail(err error) {
	h.mu.Lock()
	if h.err == nil {
		h.err = err
	}
	h.mu.Unlock()
	h.cancel()
}

// measure is the climbs' measure: the program's CPU time in seconds on puzzle, final when runs
// alone put it over the limit.
func (h *hunt) measure(ctx context.Context, puzzle grid.Grid) (float64, bool, error) {
	if ctx.Err() != nil || h.elapsed() >= h.cfg.Budget {
		return 0, false, errStop
	}
	h.gate.RLock()
	ans, err := h.reference(ctx, puzzle)
	var t Trial
	if err == nil {
		t, err = h.judge(ctx, []byte(puzzle.String()), ans.expected)
	}
	h.gate.RUnlock()
	if err != nil {
		return 0, false, h.stopped(ctx, err)
	}
	h.count(false)
	if h.failed(puzzle, t) {
		return 0, false, errStop
	}
	f := &Finding{Puzzle: puzzle, Trial: t, Reference: ans.cpu, Elapsed: h.elapsed()}
	if h.cfg.Parallel == 1 {
		f.add(t, ans.cpu)
	} else if float64(t.CPU) >= near*float64(h.cfg.Limit) {
		// Beside other runs the time may be the machine's: runs alone decide.
		if err := h.confirm(ctx, f, ans, 1, false); err != nil {
			return 0, false, h.stopped(ctx, err)
		}
		if h.failedAlready() {
			return 0, false, errStop
		}
	}
	if f.Median() > h.cfg.Limit {
		// Over the limit alone: over it for good when the median of runs alone is.
		if err := h.confirm(ctx, f, ans, h.cfg.Confirm, true); err != nil {
			return 0, false, h.stopped(ctx, err)
		}
		if h.failedAlready() {
			return 0, false, errStop
		}
		if f.Median() > h.cfg.Limit {
			h.mu.Lock()
			if h.over == nil {
				h.over = f
			}
			h.mu.Unlock()
			h.cancel()
			return f.Median().Seconds(), true, nil
		}
	}
	h.keep(f)
	return f.Median().Seconds(), false, nil
}

// stopped returns errStop for an error that the end of the hunt caused, err otherwise.
func (h *hunt) stopped(ctx context.Context, err error) error {
	if ctx.Err() != nil {
		return errStop
	}
	return err
}

// reference returns the reference's answer to puzzle, from the hunt's memory or run once, after
// checking that the input is one the hunt may make.
func (h *hunt) reference(ctx context.Context, puzzle grid.Grid) (answer, error) {
	h.mu.Lock()
	ans, ok := h.answers[puzzle]
	h.mu.Unlock()
	if ok {
		return ans, nil
	}
	input := []byte(puzzle.String())
	if _, err := validate.Target(bytes.NewReader(input), "the climbed input", validate.Rules{MinGivens: h.cfg.MinGivens}); err != nil {
		return ans, fmt.Errorf("the climb made an input the statement does not allow: %w", err)
	}
	if n := puzzle.Givens(); n > h.cfg.MaxGivens {
		return ans, fmt.Errorf("the climb made an input with %d givens, over %d", n, h.cfg.MaxGivens)
	}
	expected, cpu, err := h.answer(ctx, input)
	if err != nil {
		return ans, err
	}
	ans = answer{expected, cpu}
	h.mu.Lock()
	h.answers[puzzle] = ans
	h.mu.Unlock()
	return ans, nil
}

// confirm runs the program on f's input alone, with no other run beside it, the reference
// beside each run, until f has runs runs alone, or, early, until their majority is over the
// limit or under it; the run of the median becomes f's trial.
func (h *hunt) confirm(ctx context.Context, f *Finding, ans answer, runs int, early bool) error {
	h.gate.Lock()
	defer h.gate.Unlock()
	h.report(true)
	input := []byte(f.Puzzle.String())
	need := runs/2 + 1
	for len(f.CPU) < runs {
		if over := f.RunsOver(h.cfg.Limit); early && (over >= need || len(f.CPU)-over >= need) {
			break
		}
		t, err := h.judge(ctx, input, ans.expected)
		if err != nil {
			return err
		}
		h.count(true)
		if h.failed(f.Puzzle, t) {
			return nil
		}
		timeReference := h.answer
		if h.cfg.TimeReference != nil {
			timeReference = h.cfg.TimeReference
		}
		_, cpu, err := timeReference(ctx, input)
		if err != nil {
			return err
		}
		f.add(t, cpu)
	}
	return nil
}

// confirmFinalists confirms the slowest inputs met, slowest first, and puts the slowest by its
// median first.
func (h *hunt) confirmFinalists(ctx context.Context) error {
	defer slices.SortStableFunc(h.finalists, func(a, b *Finding) int { return cmp.Compare(b.Median(), a.Median()) })
	for _, f := range h.finalists {
		h.gate.RLock()
		ans, err := h.reference(ctx, f.Puzzle)
		h.gate.RUnlock()
		if err != nil {
			return err
		}
		if err := h.confirm(ctx, f, ans, h.cfg.Confirm, false); err != nil {
			return err
		}
		if h.failedAlready() {
			return nil
		}
	}
	return nil
}

// count counts a run and tells the progress.
func (h *hunt) count(alone bool) {
	h.mu.Lock()
	h.runs++
	h.mu.Unlock()
	h.report(alone)
}

// report tells the progress, if asked.
func (h *hunt) report(confirming bool) {
	if h.cfg.Progress == nil {
		return
	}
	h.mu.Lock()
	p := Progress{Elapsed: h.elapsed(), Runs: h.runs, Confirming: confirming}
	if len(h.finalists) > 0 {
		p.Slowest, p.Givens = h.finalists[0].Median(), h.finalists[0].Puzzle.Givens()
	}
	h.mu.Unlock()
	h.cfg.Progress(p)
}

// failed reports a run that failed otherwise than by time, the first of which ends the hunt.
func (h *hunt) failed(puzzle grid.Grid, t Trial) bool {
	if t.Verdict == outcome.Accepted || t.Verdict == outcome.TimeLimit {
		return false
	}
	h.mu.Lock()
	first := h.failure == nil
	if first {
		h.failure = &Finding{Puzzle: puzzle, Trial: t, Elapsed: h.elapsed()}
	}
	h.mu.Unlock()
	if first {
		h.cancel()
		if h.cfg.Failed != nil {
			h.cfg.Failed(*h.failure)
		}
	}
	return true
}

// failedAlready reports that the hunt met a failure.
func (h *hunt) failedAlready() bool {
	h.mu.Lock()
	defer h.mu.Unlock()
	return h.failure != nil
}

// keep remembers f among the slowest inputs met.
func (h *hunt) keep(f *Finding) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if i := slices.IndexFunc(h.finalists, func(old *Finding) bool { return old.Puzzle == f.Puzzle }); i >= 0 {
		if f.Median() <= h.finalists[i].Median() {
			return
		}
		h.finalists = slices.Delete(h.finalists, i, i+1)
	}
	i, _ := slices.BinarySearchFunc(h.finalists, f.Median(), func(e *Finding, d time.Duration) int {
		if e.Median() >= d {
			return -1
		}
		return 1
	})
	if i >= h.cfg.Finalists {
		return
	}
	h.finalists = slices.Insert(h.finalists, i, f)
	if len(h.finalists) > h.cfg.Finalists {
		h.finalists = h.finalists[:h.cfg.Finalists]
	}
}
