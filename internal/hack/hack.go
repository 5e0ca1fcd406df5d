// Package hack is a practice contest's hacking phase: once a class is judged, it searches the
// inputs the statement allows for ones that break the students' programs, as people do by hand
// in a Codeforces round, and ends with a small set of inputs that together break as many
// programs as it can.
//
// The students are taken in turn. Each input found so far is judged on the student's program
// first; when one breaks it, nothing is searched against it. Otherwise the student gets a share
// of the budget left (the budget left over the students left, at least half an even share), a
// quarter of it stress testing
// (random inputs, package stress) and the rest climbing inputs against the program's CPU time
// (package hunt). An input found is shrunk when the program answered it wrongly (fewer givens,
// the same verdict; a time-out is kept as found, since blanking givens rarely keeps a search
// slow), answered by the reference, and judged on every other program, so that what each input
// breaks is known. A stress case the program ran out of time on is judged as a test first, and
// the search goes on when that judging does not confirm it. The set is then chosen greedily, as set cover is approximated: the input
// that breaks the most programs not yet broken first, until none breaks one more.
//
// Runs are injected (Student, hunt.Answer), as in package hunt: the phase is tested without a
// sandbox. What is deterministic: the stress cases of a student come from the seed and the
// student's place; the climbs are seeded likewise but follow CPU times, which no seed fixes, so
// two phases with the same seed give the same inputs when the programs' times fall the same
// way, and the same stress finds always.
package hack

import (
	"bytes"
	"cmp"
	"context"
	"fmt"
	"strconv"
	"sync"
	"time"

	"bullseye/internal/grid"
	"bullseye/internal/hunt"
	"bullseye/internal/outcome"
	"bullseye/internal/rng"
	"bullseye/internal/stress"
	"bullseye/internal/validate"
)

// Defaults of a hacking phase.
const (
	// DefaultBudget is the whole class's searching time.
	DefaultBudget = 3 * time.Minute
	// DefaultShrinkTime bounds the shrinking of one input.
	DefaultShrinkTime = 15 * time.Second
	// stressShare is the part of a student's share spent stress testing, the rest climbing:
	// a wrong answer shows on random inputs within seconds, a slow search needs a climb.
	stressShare = 4
	// maxStressCases bounds a student's stress cases.
	maxStressCases = 400
	// shrinkRuns bounds the runs spent shrinking one input.
	shrinkRuns = 200
	// The search kinds, as reports name them.
	Stress = "stress"
	Climb  = "climb"
)

// Case is an input with the reference's answer.
type Case struct {
	Puzzle grid.Grid
	Input  []byte
	Answer []byte
}

// Judged is a program's judged run on an input, as the judge judges a test: a run that came near a
// limit beside others, or was stopped by the wall clock, was run again alone and that run decides.
type Judged struct {
	Verdict outcome.Verdict
	Message string
	CPU     time.Duration
	// Output is the start of what the program printed.
	Output []byte
	// Alone tells that the verdict comes from a run alone, after a first run near a limit.
	Alone bool
}

// Broken reports whether the run breaks the program: any verdict but accepted.
func (r Judged) Broken() bool { return r.Verdict != outcome.Accepted }

// Student is one program of the class, as the phase runs it.
type Student struct {
	Name string
	// Climb runs the program on an input stopped a little above the time limit, as a hunt
	// does (hunt.Judge).
	Climb hunt.Judge
	// Judge judges the program on cases as the judge judges tests, one Judged per case in order.
	// An error is the judge's failure.
	Judge func(ctx context.Context, cases []Case) ([]Judged, error)
}

// Config configures a phase.
type Config struct {
	// Seed fixes the stress cases and seeds the climbs.
	Seed uint64
	// MinGivens and MaxGivens bound every input's givens.
	MinGivens, MaxGivens int
	// Parallel is the number of runs at once while searching.
	Parallel int
	// Budget is the searching time of the whole class (0: DefaultBudget). Judging the inputs
	// found on every program and confirming them come on top.
	Budget time.Duration
	// Limit is the time limit.
	Limit time.Duration
	// ShrinkTime bounds the shrinking of one input (0: DefaultShrinkTime).
	ShrinkTime time.Duration
	// Now is the clock, time.Now when nil.
	Now func() time.Time
	// Progress, when set, hears how the phase stands after each step.
	Progress func(Progress)
}

// Progress is how a phase stands.
type Progress struct {
	Elapsed time.Duration
	// Student is the index of the student searched against, What what is done ("stress",
	// "climb", "judging the inputs found").
	Student int
	What    string
	Inputs  int // inputs found so far
	Broken  int // students broken so far
}

// Input is an input the phase found.
type Input struct {
	Case
	// Against is the index of the student it was searched against, How the search (Stress or
	// Climb), Seed that search's own seed.
	Against int
	How     string
	Seed    uint64
	// FoundAfter is when the phase found it, from its start.
	FoundAfter time.Duration
	// ShrunkFrom is the givens it had before shrinking; 0 when it was not shrunk.
	ShrunkFrom int
	// Runs holds its judged run on each student, by index.
	Runs map[int]Judged
}

// Breaks reports whether the input breaks student s.
func (in *Input) Breaks(s int) bool {
	r, ok := in.Runs[s]
	return ok && r.Broken()
}

// StudentResult is what the phase did against one student.
type StudentResult struct {
	// Searched is the time spent searching against the program: 0 when an input found
	// against another broke it first, or no budget was left.
	Searched time.Duration
	// BrokenAfter is when the phase first held an input that breaks it, from its start.
	BrokenAfter time.Duration
	Broken      bool
	// Slowest is the CPU time of the slowest input a climb against it met and confirmed, when
	// nothing broke it: how near the limit the search came.
	Slowest time.Duration
}

// Result is what a phase found.
type Result struct {
	// Inputs lists every input found, in the order found.
	Inputs []*Input
	// Set lists the chosen inputs, as indexes into Inputs, in the order chosen: each breaks a
	// student none before it breaks.
	Set      []int
	Students []StudentResult
	Elapsed  time.Duration
	// Interrupted tells that ctx ended the phase: what was found so far stands.
	Interrupted bool
}

// By returns the index into Set of the first chosen input that breaks student s, -1 for none.
func (r *Result) By(s int) int {
	for k, i := range r.Set {
		if r.Inputs[i].Breaks(s) {
			return k
		}
	}
	return -1
}

// phase is a phase's state.
type phase struct {
	cfg      Config
	students []Student
	answer   hunt.Answer
	start    time.Time
	res      *Result

	mu      sync.Mutex
	answers map[grid.Grid][]byte
}

// Run runs the phase against the students, the reference answering by answer. An error is the
// judge's failure; an interrupt through ctx is not, the result says so.
func Run(ctx context.Context, cfg Config, students []Student, answer hunt.Answer) (*Result, error) {
	cfg.defaults()
	if cfg.MinGivens < 0 || cfg.MaxGivens >= grid.Cells || cfg.MinGivens > cfg.MaxGivens {
		return nil, fmt.Errorf("givens %d-%d: want 0 <= A <= B < %d", cfg.MinGivens, cfg.MaxGivens, grid.Cells)
	}
	p := &phase{cfg: cfg, students: students, answer: answer, start: cfg.Now(), answers: map[grid.Grid][]byte{},
		res: &Result{Students: make([]StudentResult, len(students))}}
	for s := range students {
		if ctx.Err() != nil {
			break
		}
		p.report(s, "judging the inputs found")
		if err := p.judgeKnown(ctx, s); err != nil {
			return p.stopped(ctx, err)
		}
		if p.res.Students[s].Broken {
			continue
		}
		// The budget left over the programs left; at least half an even share, so that a
		// search that ran over its share (a time-out's confirmation) leaves the next programs
		// something.
		share := max((cfg.Budget-p.elapsed())/time.Duration(len(students)-s), cfg.Budget/time.Duration(2*len(students)))
		begun := p.elapsed()
		in, err := p.search(ctx, s, share)
		p.res.Students[s].Searched = p.elapsed() - begun
		if err != nil {
			return p.stopped(ctx, err)
		}
		if in == nil {
			continue
		}
		if err := p.add(ctx, s, in); err != nil {
			return p.stopped(ctx, err)
		}
	}
	p.res.Interrupted = ctx.Err() != nil
	p.res.Set = Cover(p.res.Inputs, len(students))
	p.res.Elapsed = p.elapsed()
	return p.res, nil
}

func (cfg *Config) defaults() {
	cfg.Parallel = max(cfg.Parallel, 1)
	if cfg.Budget <= 0 {
		cfg.Budget = DefaultBudget
	}
	if cfg.ShrinkTime <= 0 {
		cfg.ShrinkTime = DefaultShrinkTime
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
}

func (p *phase) elapsed() time.Duration { return p.cfg.Now().Sub(p.start) }

// stopped returns what was found for an error that an interrupt caused, the error otherwise.
func (p *phase) stopped(ctx context.Context, err error) (*Result, error) {
	if ctx.Err() == nil {
		return nil, err
	}
	p.res.Interrupted = true
	p.res.Set = Cover(p.res.Inputs, len(p.students))
	p.res.Elapsed = p.elapsed()
	return p.res, nil
}

func (p *phase) report(s int, what string) {
	if p.cfg.Progress == nil {
		return
	}
	broken := 0
	for _, st := range p.res.Students {
		if st.Broken {
			broken++
		}
	}
	p.cfg.Progress(Progress{Elapsed: p.elapsed(), Student: s, What: what, Inputs: len(p.res.Inputs), Broken: broken})
}

// judgeKnown judges the inputs found so far on student s.
func (p *phase) judgeKnown(ctx context.Context, s int) error {
	var todo []*Input
	for _, in := range p.res.Inputs {
		if _, ok := in.Runs[s]; !ok {
			todo = append(todo, in)
		}
	}
	return p.judge(ctx, s, todo)
}

// judge judges inputs on student s and records the runs.
func (p *phase) judge(ctx context.Context, s int, inputs []*Input) error {
	if len(inputs) == 0 {
		return nil
	}
	cases := make([]Case, len(inputs))
	for i, in := range inputs {
		cases[i] = in.Case
	}
	runs, err := p.students[s].Judge(ctx, cases)
	if err != nil {
		return fmt.Errorf("judging %s's program: %w", p.students[s].Name, err)
	}
	if len(runs) != len(inputs) {
		return fmt.Errorf("judging %s's program: %d runs for %d inputs", p.students[s].Name, len(runs), len(inputs))
	}
	for i, in := range inputs {
		in.Runs[s] = runs[i]
		if runs[i].Broken() && !p.res.Students[s].Broken {
			p.res.Students[s].Broken, p.res.Students[s].BrokenAfter = true, p.elapsed()
		}
	}
	return nil
}

// add records an input found against student s and judges it on every student searched so
// far, s first unless it was judged there already.
func (p *phase) add(ctx context.Context, s int, in *Input) error {
	in.FoundAfter = p.elapsed()
	p.res.Inputs = append(p.res.Inputs, in)
	p.report(s, "judging the input found on the others")
	if in.Runs == nil {
		in.Runs = map[int]Judged{}
		if err := p.judge(ctx, s, []*Input{in}); err != nil {
			return err
		}
	}
	for t := range s {
		if err := p.judge(ctx, t, []*Input{in}); err != nil {
			return err
		}
	}
	return nil
}

// seedFor returns the seed of one search: the phase's seed, the kind, the student's place.
func (p *phase) seedFor(kind string, s int) uint64 {
	return rng.SeedFromArgs([]string{"hack", kind, strconv.FormatUint(p.cfg.Seed, 10), strconv.Itoa(s)})
}

// reference returns the reference's answer to puzzle, checking first that the input is one the
// phase may make.
func (p *phase) reference(ctx context.Context, puzzle grid.Grid) ([]byte, error) {
	p.mu.Lock()
	ans, ok := p.answers[puzzle]
	p.mu.Unlock()
	if ok {
		return ans, nil
	}
	if err := p.legal(puzzle); err != nil {
		return nil, err
	}
	ans, _, err := p.answer(ctx, []byte(puzzle.String()))
	if err != nil {
		return nil, err
	}
	p.mu.Lock()
	p.answers[puzzle] = ans
	p.mu.Unlock()
	return ans, nil
}

// legal checks that puzzle is an input the phase may make: valid, within the givens asked.
func (p *phase) legal(puzzle grid.Grid) error {
	if _, err := validate.Target(bytes.NewReader([]byte(puzzle.String())), "the input", validate.Rules{MinGivens: p.cfg.MinGivens}); err != nil {
		return fmt.Errorf("the phase made an input the statement does not allow: %w", err)
	}
	if n := puzzle.Givens(); n > p.cfg.MaxGivens {
		return fmt.Errorf("the phase made an input with %d givens, over %d", n, p.cfg.MaxGivens)
	}
	return nil
}

// check runs student s on puzzle as a search does: stopped a little above the limit.
func (p *phase) check(s int) stress.Check {
	return func(ctx context.Context, puzzle grid.Grid) (stress.Trial, error) {
		ans, err := p.reference(ctx, puzzle)
		if err != nil {
			return stress.Trial{}, err
		}
		t, err := p.students[s].Climb(ctx, []byte(puzzle.String()), ans)
		return t.Trial, err
	}
}

// search spends share searching for an input that breaks student s: stress first, then a
// climb. nil when none was found.
func (p *phase) search(ctx context.Context, s int, share time.Duration) (*Input, error) {
	begun := p.elapsed()
	p.report(s, Stress)
	in, err := p.stress(ctx, s, begun+share/stressShare)
	if err != nil || in != nil {
		return in, err
	}
	left := share - (p.elapsed() - begun)
	if left <= 0 || ctx.Err() != nil {
		return nil, nil
	}
	p.report(s, Climb)
	seed := p.seedFor(Climb, s)
	res, err := hunt.Run(ctx, hunt.Config{
		Seed: seed, MinGivens: p.cfg.MinGivens, MaxGivens: p.cfg.MaxGivens, Parallel: p.cfg.Parallel,
		Budget: left, Limit: p.cfg.Limit, Now: p.cfg.Now,
	}, func(ctx context.Context, input []byte) ([]byte, time.Duration, error) {
		return p.answer(ctx, input)
	}, p.students[s].Climb)
	if err != nil {
		return nil, err
	}
	switch {
	case res.Failure != nil:
		f := res.Failure
		return p.shrunk(ctx, s, &Input{Case: Case{Puzzle: f.Puzzle}, Against: s, How: Climb, Seed: seed}, f.Trial.Trial)
	case res.Over && res.Slowest != nil:
		return p.found(ctx, &Input{Case: Case{Puzzle: res.Slowest.Puzzle}, Against: s, How: Climb, Seed: seed})
	case res.Slowest != nil:
		p.res.Students[s].Slowest = res.Slowest.Median()
	}
	return nil, nil
}

// stress runs stress cases against student s, Parallel at a time, until one fails or the
// deadline (from the phase's start) passes; the first failing case in order wins.
func (p *phase) stress(ctx context.Context, s int, deadline time.Duration) (*Input, error) {
	seed := p.seedFor(Stress, s)
	hi := min(p.cfg.MaxGivens, max(p.cfg.MinGivens, stress.DefaultMaxGivens))
	check := p.check(s)
	for first := 1; first <= maxStressCases && p.elapsed() < deadline && ctx.Err() == nil; first += p.cfg.Parallel {
		n := min(p.cfg.Parallel, maxStressCases-first+1)
		cases := make([]stress.Case, n)
		trials := make([]stress.Trial, n)
		errs := make([]error, n)
		var wg sync.WaitGroup
		for k := range cases {
			// Givens that break a rule are beyond the bounds, as a climb's are.
			for index := first + k; ; index += maxStressCases {
				if cases[k] = stress.Generate(seed, index, p.cfg.MinGivens, hi); cases[k].Kind != "clash" {
					break
				}
			}
			wg.Go(func() { trials[k], errs[k] = check(ctx, cases[k].Puzzle) })
		}
		wg.Wait()
		for k := range cases {
			if errs[k] != nil {
				if ctx.Err() != nil {
					return nil, nil
				}
				return nil, fmt.Errorf("%v: %w", cases[k], errs[k])
			}
			if !trials[k].Failed() {
				continue
			}
			in := &Input{Case: Case{Puzzle: cases[k].Puzzle}, Against: s, How: Stress, Seed: seed}
			if trials[k].Verdict == outcome.TimeLimit {
				// A time-out beside other runs may be the machine's: the input is judged as a
				// test is (alone when the wall clock stopped it) before it ends the search.
				broken, err := p.confirmed(ctx, s, in)
				if ctx.Err() != nil {
					return nil, nil
				}
				if err != nil {
					return nil, err
				}
				if !broken {
					continue
				}
			}
			return p.shrunk(ctx, s, in, trials[k])
		}
	}
	return nil, nil
}

// confirmed completes an input that student s's program ran out of time on and judges it there
// as a test is judged, the run kept: whether that judging breaks the program.
func (p *phase) confirmed(ctx context.Context, s int, in *Input) (bool, error) {
	if _, err := p.found(ctx, in); err != nil || in.Input == nil {
		return false, err
	}
	in.Runs = map[int]Judged{}
	if err := p.judge(ctx, s, []*Input{in}); err != nil {
		return false, err
	}
	return in.Breaks(s), nil
}

// shrunk shrinks an input the program answered otherwise than by time, then completes it.
func (p *phase) shrunk(ctx context.Context, s int, in *Input, t stress.Trial) (*Input, error) {
	if t.Verdict != outcome.TimeLimit {
		sh := stress.Shrinker{MinGivens: p.cfg.MinGivens, Runs: shrinkRuns, Deadline: p.cfg.Now().Add(p.cfg.ShrinkTime), Now: p.cfg.Now}
		puzzle, _, _, _, err := sh.Shrink(ctx, in.Puzzle, t, p.check(s))
		if err != nil && ctx.Err() == nil {
			return nil, fmt.Errorf("shrinking: %w", err)
		}
		if puzzle != in.Puzzle {
			in.ShrunkFrom, in.Puzzle = in.Puzzle.Givens(), puzzle
		}
	}
	return p.found(ctx, in)
}

// found completes an input with its bytes and the reference's answer.
func (p *phase) found(ctx context.Context, in *Input) (*Input, error) {
	ans, err := p.reference(ctx, in.Puzzle)
	if err != nil {
		if ctx.Err() != nil {
			return nil, nil
		}
		return nil, err
	}
	in.Input, in.Answer = []byte(in.Puzzle.String()), ans
	return in, nil
}

// Cover chooses the inputs greedily, as set cover is approximated: the input that breaks the
// most students no input chosen before breaks, ties to the one that breaks the most students in
// all, then the fewest givens, then the first found; until none breaks one more. It returns
// indexes into inputs.
func Cover(inputs []*Input, students int) []int {
	covered := make([]bool, students)
	var set []int
	for {
		best, bestNew := -1, 0
		for i, in := range inputs {
			n := 0
			for s := range students {
				if !covered[s] && in.Breaks(s) {
					n++
				}
			}
			if n == 0 {
				continue
			}
			if best < 0 || n > bestNew || n == bestNew && better(in, inputs[best], students) {
				best, bestNew = i, n
			}
		}
		if best < 0 {
			return set
		}
		set = append(set, best)
		for s := range students {
			if inputs[best].Breaks(s) {
				covered[s] = true
			}
		}
	}
}

// better breaks a tie between a and b: more students broken in all, then fewer givens.
func better(a, b *Input, students int) bool {
	count := func(in *Input) int {
		n := 0
		for s := range students {
			if in.Breaks(s) {
				n++
			}
		}
		return n
	}
	if c := cmp.Compare(count(a), count(b)); c != 0 {
		return c > 0
	}
	return a.Puzzle.Givens() < b.Puzzle.Givens()
}
