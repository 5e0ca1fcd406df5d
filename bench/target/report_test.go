package main

import (
	"errors"
	"strings"
	"testing"
	"time"

	"bullseye/internal/family"
)

func TestInputResultCheck(t *testing.T) {
	answered := func(answer int) *run { return &run{answer: answer, elapsed: time.Millisecond} }
	tests := []struct {
		name            string
		ours, cbc, seed *run
		cpp, floor      *run
		want            []string // substrings, one per expected problem
	}{
		{name: "all agree", ours: answered(2906), cbc: answered(2906), seed: answered(2906)},
		{name: "seed timed out", ours: answered(2906), cbc: answered(2906), seed: &run{timedOut: true}},
		{name: "seed crashed", ours: answered(2906), cbc: answered(2906), seed: &run{err: errors.New("status 139")}},
		{name: "ours only", ours: answered(-1)},
		{name: "ours disagrees with cbc", ours: answered(2905), cbc: answered(2906), want: []string{"DISAGREEMENT: kit's solution says 2905, cbc says 2906"}},
		{name: "seed disagrees with cbc", ours: answered(2906), cbc: answered(2906), seed: answered(-1), want: []string{"DISAGREEMENT: seed says -1, cbc says 2906"}},
		{name: "seed disagrees with ours", ours: answered(2906), seed: answered(2900), want: []string{"DISAGREEMENT: seed says 2900, kit's solution says 2906"}},
		{name: "ours timed out", ours: &run{timedOut: true, elapsed: 10 * time.Second}, cbc: answered(2906), want: []string{"kit's solution: timed out"}},
		{name: "floor failed", ours: answered(2906), floor: &run{err: errors.New("floor exited with status 1")}, want: []string{"start-up floor: floor exited with status 1"}},
		{name: "floor answers nothing sensible", ours: answered(2906), cbc: answered(2906), floor: answered(0)},
		{name: "c++ port agrees", ours: answered(2906), cpp: answered(2906), cbc: answered(2906)},
		{name: "c++ port disagrees with cbc", ours: answered(2906), cpp: answered(2905), cbc: answered(2906), want: []string{"DISAGREEMENT: C++ port says 2905, cbc says 2906"}},
		{name: "c++ port disagrees with ours", ours: answered(2906), cpp: answered(-1), want: []string{"DISAGREEMENT: C++ port says -1, kit's solution says 2906"}},
		{name: "c++ port crashed", ours: answered(2906), cpp: &run{err: errors.New("status 134")}, want: []string{"C++ port: status 134"}},
		{name: "cbc failed", ours: answered(2906), cbc: &run{err: errors.New("cbc wrote no solution file")}, want: []string{"cbc: cbc wrote no solution file"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := inputResult{ours: tc.ours, cbc: tc.cbc, seed: tc.seed, cpp: tc.cpp, floor: tc.floor}.check()
			if len(got) != len(tc.want) {
				t.Fatalf("got problems %q, want %d matching %q", got, len(tc.want), tc.want)
			}
			for i := range got {
				if !strings.Contains(got[i], tc.want[i]) {
					t.Errorf("problem %d: got %q, want one containing %q", i, got[i], tc.want[i])
				}
			}
		})
	}
}

func TestRatio(t *testing.T) {
	ms := func(n int) *run { return &run{elapsed: time.Duration(n) * time.Millisecond} }
	inputs := []inputResult{
		{ours: ms(2), seed: ms(200)},
		{ours: ms(3), seed: ms(300)},
		{ours: ms(5), seed: &run{timedOut: true}}, // left out: the seed did not finish
		{ours: ms(5)},                             // left out: the seed did not run
	}
	times, count := ratio(inputs, seedRun)
	if times != 100 || count != 2 {
		t.Errorf("got %vx on %d, want 100x on 2", times, count)
	}
}

func TestFormatDuration(t *testing.T) {
	tests := []struct {
		in   time.Duration
		want string
	}{
		{in: 1500 * time.Microsecond, want: "1.5 ms"},
		{in: 42 * time.Millisecond, want: "42 ms"},
		{in: 2500 * time.Millisecond, want: "2.50 s"},
	}
	for _, tc := range tests {
		t.Run(tc.want, func(t *testing.T) {
			if got := formatDuration(tc.in); got != tc.want {
				t.Errorf("got %q, want %q", got, tc.want)
			}
		})
	}
}

func TestFasterEach(t *testing.T) {
	ms := func(n int) *run { return &run{elapsed: time.Duration(n) * time.Millisecond} }
	inputs := []inputResult{
		{ours: ms(2), cbc: ms(20)},
		{ours: ms(30), cbc: ms(20)},
		{ours: ms(5), cbc: &run{timedOut: true}}, // left out: CBC did not finish
		{ours: ms(5)},                            // left out: CBC did not run
	}
	if faster, compared := fasterEach(inputs, cbcRun); faster != 1 || compared != 2 {
		t.Errorf("got %d faster of %d, want 1 of 2", faster, compared)
	}
}

func TestBeyondFloor(t *testing.T) {
	ms := func(n float64) *run { return &run{elapsed: time.Duration(n * float64(time.Millisecond))} }
	named := func(name string, ours, floor *run) inputResult {
		return inputResult{input: family.Input{Name: name}, ours: ours, floor: floor}
	}
	tests := []struct {
		name   string
		inputs []inputResult
		most   time.Duration
		worst  string
		ok     bool
	}{
		{"the largest difference, not the slowest run", []inputResult{
			named("a", ms(21), ms(1.4)),
			named("b", ms(20.5), ms(0.4)),
		}, 20100 * time.Microsecond, "b", true},
		{"a floor missing", []inputResult{named("a", ms(3), ms(1)), named("b", ms(4), nil)}, 0, "", false},
		{"a run that failed", []inputResult{named("a", &run{timedOut: true}, ms(1))}, 0, "", false},
		{"no inputs", nil, 0, "", false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			most, worst, ok := beyondFloor(tc.inputs)
			if most != tc.most || worst != tc.worst || ok != tc.ok {
				t.Errorf("got %v over the floor on %q (ok %v), want %v on %q (ok %v)", most, worst, ok, tc.most, tc.worst, tc.ok)
			}
		})
	}
}
