package hack

import (
	"context"
	"slices"
	"sync"
	"testing"
	"time"

	"bullseye/internal/grid"
	"bullseye/internal/hunt"
	"bullseye/internal/outcome"
	"bullseye/internal/stress"
)

// class is a pretend class on a pretend clock that each run advances by its CPU time: a phase
// against it depends on nothing else.
type class struct {
	mu     sync.Mutex
	now    time.Time
	limit  time.Duration
	judged map[string]int // judged runs by student
}

func newClass(limit time.Duration) *class {
	return &class{now: time.Unix(1e9, 0), limit: limit, judged: map[string]int{}}
}

func (c *class) clock() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

func (c *class) advance(d time.Duration) {
	c.mu.Lock()
	c.now = c.now.Add(d)
	c.mu.Unlock()
}

func (c *class) answer(_ context.Context, input []byte) ([]byte, time.Duration, error) {
	c.advance(time.Millisecond)
	return []byte("2906\n"), time.Millisecond, nil
}

// behaviour is a pretend program: its verdict and CPU time on an input.
type behaviour func(grid.Grid) (outcome.Verdict, time.Duration)

func (c *class) student(name string, b behaviour) Student {
	run := func(input []byte) (outcome.Verdict, time.Duration, error) {
		g, err := grid.Parse(input)
		if err != nil {
			return "", 0, err
		}
		v, cpu := b(g)
		c.advance(cpu + 30*time.Millisecond) // a sandboxed run's own cost
		return v, cpu, nil
	}
	return Student{
		Name: name,
		Climb: func(ctx context.Context, input, expected []byte) (hunt.Trial, error) {
			if err := ctx.Err(); err != nil {
				return hunt.Trial{}, err
			}
			v, cpu, err := run(input)
			if err != nil {
				return hunt.Trial{}, err
			}
			found := expected
			if v == outcome.WrongAnswer {
				found = []byte("-1\n")
			}
			return hunt.Trial{Trial: stress.Trial{Verdict: v, Expected: expected, Found: found}, CPU: cpu}, nil
		},
		Judge: func(ctx context.Context, cases []Case) ([]Judged, error) {
			var runs []Judged
			for _, k := range cases {
				v, cpu, err := run(k.Input)
				if err != nil {
					return nil, err
				}
				c.mu.Lock()
				c.judged[name]++
				c.mu.Unlock()
				runs = append(runs, Judged{Verdict: v, CPU: cpu})
			}
			return runs, nil
		},
	}
}

// The pretend programs: one wrong on inputs with five nines or more, one wrong there too, one
// slow on few givens and few nines, one right and fast.
func nines(g grid.Grid) int {
	n := 0
	for _, d := range g {
		if d == 9 {
			n++
		}
	}
	return n
}

func ninesWrong(g grid.Grid) (outcome.Verdict, time.Duration) {
	if nines(g) >= 5 {
		return outcome.WrongAnswer, time.Millisecond
	}
	return outcome.Accepted, time.Millisecond
}

func slowOnFew(limit time.Duration) behaviour {
	return func(g grid.Grid) (outcome.Verdict, time.Duration) {
		if g.Givens() <= 25 && nines(g) <= 2 {
			return outcome.TimeLimit, hunt.Cut(limit)
		}
		return outcome.Accepted, 20 * time.Millisecond
	}
}

func right(grid.Grid) (outcome.Verdict, time.Duration) { return outcome.Accepted, time.Millisecond }

func TestRunBreaksTheClassWithFewInputs(t *testing.T) {
	limit := 2 * time.Second
	c := newClass(limit)
	students := []Student{
		c.student("wrong", ninesWrong),
		c.student("wrong-too", ninesWrong),
		c.student("slow", slowOnFew(limit)),
		c.student("right", right),
	}
	res, err := Run(context.Background(), Config{Seed: 1, MinGivens: 24, MaxGivens: 80, Budget: 2 * time.Minute, Limit: limit, Now: c.clock}, students, c.answer)
	if err != nil {
		t.Fatal(err)
	}
	for s, want := range []outcome.Verdict{outcome.WrongAnswer, outcome.WrongAnswer, outcome.TimeLimit, ""} {
		k := res.By(s)
		if want == "" {
			if k >= 0 || res.Students[s].Broken {
				t.Errorf("%s: broken by input %d, want not broken", students[s].Name, k)
			}
			continue
		}
		if k < 0 {
			t.Errorf("%s: not broken, want %s", students[s].Name, want)
			continue
		}
		if got := res.Inputs[res.Set[k]].Runs[s].Verdict; got != want {
			t.Errorf("%s: got %s, want %s", students[s].Name, got, want)
		}
	}
	if got := len(res.Set); got != 2 {
		t.Errorf("got a set of %d inputs, want 2 (one breaking both wrong programs, one the slow one)", got)
	}
	if res.Students[1].Searched != 0 {
		t.Errorf("wrong-too: searched for %v, want 0: the input found against wrong breaks it", res.Students[1].Searched)
	}
	if res.Students[3].Searched == 0 || res.Students[3].Slowest != time.Millisecond {
		t.Errorf("right: searched for %v, slowest %v; want its share of the budget, and 1ms", res.Students[3].Searched, res.Students[3].Slowest)
	}
	for i, in := range res.Inputs {
		if len(in.Runs) != len(students) {
			t.Errorf("input %d: judged on %d programs, want every one of %d", i, len(in.Runs), len(students))
		}
		if in.Puzzle.Givens() < 24 || in.Puzzle.Givens() > 80 {
			t.Errorf("input %d: %d givens, want 24-80", i, in.Puzzle.Givens())
		}
		if string(in.Answer) != "2906\n" || string(in.Input) != in.Puzzle.String() {
			t.Errorf("input %d: input or answer not filled: %q %q", i, in.Input, in.Answer)
		}
	}
	first := res.Inputs[res.Set[0]]
	if first.How != Stress || first.Against != 0 || nines(first.Puzzle) < 5 {
		t.Errorf("first input: %s against %d, %d nines; want a stress case against wrong with five nines or more", first.How, first.Against, nines(first.Puzzle))
	}
	if first.ShrunkFrom != 0 && first.Puzzle.Givens() != 24 {
		t.Errorf("first input shrunk from %d to %d givens, want to the floor of 24", first.ShrunkFrom, first.Puzzle.Givens())
	}
	for _, name := range []string{"wrong", "wrong-too", "slow", "right"} {
		if c.judged[name] != len(res.Inputs) {
			t.Errorf("%s: judged %d times, want once per input found (%d)", name, c.judged[name], len(res.Inputs))
		}
	}
}

func TestRunIsReproducible(t *testing.T) {
	limit := 2 * time.Second
	var lines [][]string
	for range 2 {
		c := newClass(limit)
		students := []Student{c.student("wrong", ninesWrong), c.student("slow", slowOnFew(limit))}
		res, err := Run(context.Background(), Config{Seed: 7, MinGivens: 24, MaxGivens: 80, Budget: time.Minute, Limit: limit, Now: c.clock}, students, c.answer)
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, in := range res.Inputs {
			got = append(got, in.Puzzle.Line())
		}
		lines = append(lines, got)
	}
	if !slices.Equal(lines[0], lines[1]) {
		t.Errorf("the same seed and times gave\n%v\nthen\n%v", lines[0], lines[1])
	}
}

func TestRunStopsOnInterrupt(t *testing.T) {
	limit := 2 * time.Second
	c := newClass(limit)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	res, err := Run(ctx, Config{Seed: 1, MinGivens: 24, MaxGivens: 80, Limit: limit, Now: c.clock}, []Student{c.student("right", right)}, c.answer)
	if err != nil {
		t.Fatal(err)
	}
	if !res.Interrupted || len(res.Inputs) != 0 {
		t.Errorf("got interrupted %v with %d inputs, want interrupted with none", res.Interrupted, len(res.Inputs))
	}
}

func TestRunRejectsBadGivens(t *testing.T) {
	c := newClass(time.Second)
	for _, g := range [][2]int{{-1, 80}, {30, 20}, {24, 81}} {
		if _, err := Run(context.Background(), Config{MinGivens: g[0], MaxGivens: g[1], Now: c.clock}, nil, c.answer); err == nil {
			t.Errorf("givens %d-%d: got no error, want one", g[0], g[1])
		}
	}
}

func TestCover(t *testing.T) {
	// breaks[i] lists the students input i breaks; every input has a different number of givens
	// (i+24), so that a tie in breaks goes to the earlier input.
	tests := []struct {
		name     string
		students int
		breaks   [][]int
		want     []int
	}{
		{"none", 3, [][]int{{}, {}}, nil},
		{"one breaking several beats several breaking one", 3, [][]int{{0}, {1}, {2}, {0, 1, 2}}, []int{3}},
		{"greedy order", 4, [][]int{{0}, {0, 1, 2}, {2, 3}}, []int{1, 2}},
		{"a tie to the one breaking more in all", 3, [][]int{{0}, {0, 1}, {1, 2}}, []int{1, 2}},
		{"a tie to fewer givens", 2, [][]int{{0}, {0}, {1}}, []int{0, 2}},
		{"no input adds nothing", 2, [][]int{{0, 1}, {0}, {1}}, []int{0}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var inputs []*Input
			for i, b := range tt.breaks {
				in := &Input{Runs: map[int]Judged{}}
				for k := range i + 24 {
					in.Puzzle[k] = 1 // givens only count
				}
				for s := range tt.students {
					in.Runs[s] = Judged{Verdict: outcome.Accepted}
				}
				for _, s := range b {
					in.Runs[s] = Judged{Verdict: outcome.WrongAnswer}
				}
				inputs = append(inputs, in)
			}
			if got := Cover(inputs, tt.students); !slices.Equal(got, tt.want) {
				t.Errorf("got %v, want %v", got, tt.want)
			}
		})
	}
}

// TestRunConfirmsAStressTimeOut runs the phase against a program whose runs beside others time
// out where it is right (a loaded machine's wall clock), and which is wrong elsewhere: a time-out
// the judging does not confirm must not end the search, which goes on to the wrong answer.
func TestRunConfirmsAStressTimeOut(t *testing.T) {
	limit := 2 * time.Second
	c := newClass(limit)
	st := c.student("loaded", ninesWrong)
	climbRun := st.Climb
	st.Climb = func(ctx context.Context, input, expected []byte) (hunt.Trial, error) {
		tr, err := climbRun(ctx, input, expected)
		if err == nil && tr.Verdict == outcome.Accepted {
			tr.Verdict, tr.CPU = outcome.TimeLimit, hunt.Cut(limit)
		}
		return tr, err
	}
	res, err := Run(context.Background(), Config{Seed: 1, MinGivens: 24, MaxGivens: 80, Budget: time.Minute, Limit: limit, Now: c.clock}, []Student{st}, c.answer)
	if err != nil {
		t.Fatal(err)
	}
	if k := res.By(0); k < 0 || res.Inputs[res.Set[k]].Runs[0].Verdict != outcome.WrongAnswer {
		t.Fatalf("got input %d of the set (inputs %d), want one on which the program answers wrongly", k, len(res.Inputs))
	}
	for i, in := range res.Inputs {
		if !in.Breaks(0) {
			t.Errorf("input %d: breaks nothing, want only inputs that break the program kept", i)
		}
	}
}
