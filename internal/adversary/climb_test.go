package adversary

import (
	"errors"
	"strings"
	"testing"

	"bullseye/internal/classic"
	"bullseye/internal/grid"
	"bullseye/internal/rng"
)

// blanks counts the blank cells of g.
func blanks(g grid.Grid) int { return grid.Cells - g.Givens() }

func TestClimbKeepsGivensAndCompletions(t *testing.T) {
	for _, givens := range []int{0, 17, 24, 81} {
		var seen int
		measure := func(g grid.Grid) (float64, error) {
			seen++
			if got := g.Givens(); got != givens {
				t.Fatalf("measured an input with %d givens, want %d:\n%s", got, givens, g)
			}
			if _, ok := classic.Solve(classic.Puzzle(g)); !ok {
				t.Fatalf("measured an input without a completion:\n%s", g)
			}
			return float64(blanks(g) % 7), nil
		}
		res, err := Climb(rng.New(5), Options{Givens: givens, Steps: 60, Patience: 20, Keep: 3}, measure)
		if err != nil {
			t.Fatal(err)
		}
		if seen == 0 || len(res.Hardest) == 0 {
			t.Fatalf("%d givens: measured %d inputs, kept %d, want some", givens, seen, len(res.Hardest))
		}
		for i := 1; i < len(res.Hardest); i++ {
			if res.Hardest[i].Value > res.Hardest[i-1].Value {
				t.Errorf("%d givens: hardest not in decreasing order: %v", givens, res.Hardest)
			}
		}
	}
}

func TestClimbClimbs(t *testing.T) {
	// A measure with one clear direction: givens in the top band. The climb must find more of
	// them than a random input has (a third of the givens on average).
	topBand := func(g grid.Grid) (float64, error) {
		n := 0
		for cell := 0; cell < 27; cell++ {
			if g[cell] != 0 {
				n++
			}
		}
		return float64(n), nil
	}
	res, err := Climb(rng.New(7), Options{Givens: 20, Steps: 400, Keep: 1}, topBand)
	if err != nil {
		t.Fatal(err)
	}
	if got := res.Hardest[0].Value; got < 15 {
		t.Errorf("got %v givens in the top band after the climb, want at least 15", got)
	}
}

func TestClimbIsReproducible(t *testing.T) {
	measure := func(g grid.Grid) (float64, error) { return float64(g[40]) + float64(g[0]), nil }
	a, _ := Climb(rng.New(9), Options{Givens: 24, Steps: 100, Patience: 30, Keep: 5}, measure)
	b, _ := Climb(rng.New(9), Options{Givens: 24, Steps: 100, Patience: 30, Keep: 5}, measure)
	if len(a.Hardest) != len(b.Hardest) || a.Steps != b.Steps || a.Restarts != b.Restarts {
		t.Fatalf("two climbs from one seed differ: %+v vs %+v", a, b)
	}
	for i := range a.Hardest {
		if a.Hardest[i] != b.Hardest[i] {
			t.Fatalf("two climbs from one seed differ at %d: %v vs %v", i, a.Hardest[i], b.Hardest[i])
		}
	}
}

func TestClimbStopsOnAMeasureError(t *testing.T) {
	boom := errors.New("boom")
	_, err := Climb(rng.New(1), Options{Givens: 24, Steps: 10}, func(grid.Grid) (float64, error) { return 0, boom })
	if !errors.Is(err, boom) {
		t.Errorf("got %v, want the measure's error", err)
	}
}

func TestReadFamily(t *testing.T) {
	const grid81 = "053000080007080052820000730000000000308000020000000300060000800030000007080605203"
	tests := []struct {
		name    string
		text    string
		want    []int // answers
		wantErr string
	}{
		{name: "cases, comments and blank lines", text: "# a family\n\n" + grid81 + " 2872 # climb 1\n" + grid81 + "\t-1\n", want: []int{2872, -1}},
		{name: "empty", text: "", want: nil},
		{name: "short grid", text: grid81[:80] + " 2872\n", wantErr: "f:1: got 80 characters"},
		{name: "letter", text: "x" + grid81[1:] + " 2872\n", wantErr: "f:1: column 1"},
		{name: "no answer", text: grid81 + "\n", wantErr: "f:1: got 1 fields"},
		{name: "bad answer", text: "\n" + grid81 + " -2\n", wantErr: "f:2: got answer"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			cases, err := ReadFamily(strings.NewReader(tc.text), "f")
			if tc.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tc.wantErr) {
					t.Fatalf("got error %v, want one containing %q", err, tc.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if len(cases) != len(tc.want) {
				t.Fatalf("got %d cases, want %d", len(cases), len(tc.want))
			}
			for i, c := range cases {
				if c.Answer != tc.want[i] {
					t.Errorf("case %d: got answer %d, want %d", i, c.Answer, tc.want[i])
				}
			}
			if len(cases) > 0 && (cases[0].Givens[1] != 5 || cases[0].Note != "climb 1" || cases[0].Line != 3) {
				t.Errorf("first case: got %+v, want r1c2 = 5, note \"climb 1\", line 3", cases[0])
			}
		})
	}
}

func FuzzReadFamily(f *testing.F) {
	f.Add("053000080007080052820000730000000000308000020000000300060000800030000007080605203 2872 # x\n")
	f.Add("# only a comment\n")
	f.Fuzz(func(t *testing.T, text string) {
		cases, err := ReadFamily(strings.NewReader(text), "f")
		if err != nil {
			if !strings.HasPrefix(err.Error(), "f:") && !strings.HasPrefix(err.Error(), "reading f") {
				t.Errorf("error %q does not name the file", err)
			}
			return
		}
		for _, c := range cases {
			for _, v := range c.Givens {
				if v > 9 {
					t.Fatalf("a cell holds %d", v)
				}
			}
			if c.Answer < -1 {
				t.Fatalf("answer %d", c.Answer)
			}
		}
	})
}
