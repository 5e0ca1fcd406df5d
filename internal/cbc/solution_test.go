package cbc

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"bullseye/internal/grid"
)

// threeGivens is the grid of testdata/three_givens.lp, whose cbc solution
// is testdata/optimal.sol.
func threeGivens() grid.Grid {
	var g grid.Grid
	g[grid.CellAt(0, 0)] = 5
	g[grid.CellAt(4, 4)] = 9
	g[grid.CellAt(8, 7)] = 1
	return g
}

func TestParseSolutionFixtures(t *testing.T) {
	tests := []struct {
		file         string
		wantFeasible bool
		wantBest     int
		wantErr      string // substring; empty for success
	}{
		{file: "optimal.sol", wantFeasible: true, wantBest: 2899},
		{file: "infeasible.sol", wantFeasible: false},
		// From a two-variable model whose LP relaxation is feasible: only its
		// status line matters here.
		{file: "integer_infeasible.sol", wantFeasible: false},
		{file: "stopped.sol", wantErr: "did not prove an optimum"},
	}
	for _, tc := range tests {
		t.Run(tc.file, func(t *testing.T) {
			sol, err := ReadSolutionFile(filepath.Join("testdata", tc.file))
			if tc.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tc.wantErr) {
					t.Fatalf("got error %v, want one containing %q", err, tc.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatalf("got error %v, want nil", err)
			}
			if sol.Feasible != tc.wantFeasible {
				t.Fatalf("Feasible: got %v, want %v", sol.Feasible, tc.wantFeasible)
			}
			if sol.Feasible && sol.Best != tc.wantBest {
				t.Errorf("Best: got %d, want %d", sol.Best, tc.wantBest)
			}
		})
	}
}

func TestOptimalFixtureVerifies(t *testing.T) {
	sol, err := ReadSolutionFile(filepath.Join("testdata", "optimal.sol"))
	if err != nil {
		t.Fatal(err)
	}
	if err := sol.Verify(threeGivens()); err != nil {
		t.Errorf("Verify against its own givens: got %v, want nil", err)
	}
	other := threeGivens()
	other[grid.CellAt(0, 0)] = 4
	if err := sol.Verify(other); err == nil {
		t.Errorf("Verify against other givens: got nil, want an error")
	}
	wrongScore := sol
	wrongScore.Best++
	if err := wrongScore.Verify(threeGivens()); err == nil {
		t.Errorf("Verify with a wrong objective: got nil, want an error")
	}
}

func TestParseSolutionErrors(t *testing.T) {
	optimal, err := os.ReadFile(filepath.Join("testdata", "optimal.sol"))
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(string(optimal), "\n")
	status, variables := lines[0], lines[1:]
	tests := []struct {
		name    string
		input   string
		wantErr string
	}{
		{name: "empty file", input: "", wantErr: "empty solution file"},
		{name: "blank lines only", input: "\n\n  \n", wantErr: "empty solution file"},
		{name: "not a solution file", input: "No match for model.sol - ? for list of commands\n", wantErr: "want a status line"},
		{name: "unbounded", input: "Unbounded - objective value 1e+50\n", wantErr: "did not prove an optimum"},
		{name: "objective not a number", input: "Optimal - objective value lots\n", wantErr: "objective value"},
		{name: "objective not an integer", input: "Optimal - objective value 2899.5\n" + strings.Join(variables, "\n"), wantErr: "not an integer"},
		{name: "fractional variable", input: status + "\n      0 x111 0.5 6\n", wantErr: "want 0 or 1"},
		{name: "unknown variable", input: status + "\n      0 y111 1 6\n", wantErr: "unknown variable"},
		{name: "short line", input: status + "\n      0 x111\n", wantErr: "want index, name, value"},
		{name: "cell without digit", input: strings.Join(lines[:len(lines)-2], "\n"), wantErr: "gets no digit"},
		{name: "two digits in a cell", input: string(optimal) + "  999 x111 1 6\n", wantErr: "gets both"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := ParseSolution(strings.NewReader(tc.input))
			if err == nil || !strings.Contains(err.Error(), tc.wantErr) {
				t.Errorf("got error %v, want one containing %q", err, tc.wantErr)
			}
		})
	}
}

func TestParseSolutionTolerance(t *testing.T) {
	optimal, err := os.ReadFile(filepath.Join("testdata", "optimal.sol"))
	if err != nil {
		t.Fatal(err)
	}
	// cbc may print values a hair off 0 or 1, mark a line with "**", use CRLF
	// or list variables at 0; none of that changes the answer.
	noisy := strings.Replace(string(optimal), "2899.00000000", "2898.9999999999", 1)
	noisy = strings.Replace(noisy, "      4 x115                     1", "**    4 x115          0.99999999999", 1)
	noisy = strings.ReplaceAll(noisy, "\n", "\r\n") + "    0 x111 0 6\r\n    1 x112 -1e-12 6\r\n"
	sol, err := ParseSolution(strings.NewReader(noisy))
	if err != nil {
		t.Fatalf("got error %v, want nil", err)
	}
	if sol.Best != 2899 {
		t.Errorf("Best: got %d, want 2899", sol.Best)
	}
	if err := sol.Verify(threeGivens()); err != nil {
		t.Errorf("Verify: got %v, want nil", err)
	}
}

func TestReadSolutionFileMissing(t *testing.T) {
	_, err := ReadSolutionFile(filepath.Join(t.TempDir(), "none.sol"))
	if err == nil || !strings.Contains(err.Error(), "no solution file") {
		t.Errorf("got error %v, want one saying cbc wrote no solution file", err)
	}
}

func FuzzParseSolution(f *testing.F) {
	for _, name := range []string{"optimal.sol", "infeasible.sol", "integer_infeasible.sol", "stopped.sol"} {
		data, err := os.ReadFile(filepath.Join("testdata", name))
		if err != nil {
			f.Fatal(err)
		}
		f.Add(string(data))
	}
	f.Add("Optimal - objective value 1\n 0 x111 1 6\n")
	f.Fuzz(func(t *testing.T, input string) {
		sol, err := ParseSolution(strings.NewReader(input))
		if err != nil || !sol.Feasible {
			return
		}
		// A parsed optimum always comes with a complete grid.
		if !sol.Fill.Complete() {
			t.Errorf("feasible solution with an incomplete grid:\n%s", sol.Fill)
		}
	})
}
