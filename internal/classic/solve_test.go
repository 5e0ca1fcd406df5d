package classic

import (
	"bufio"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"bullseye/internal/tooltest"
)

var update = flag.Bool("update", false, "rewrite testdata/minimal.txt from the generator of the tests")

// Cases shared by the Solve and Count tables.
var (
	emptyGrid = strings.Repeat(".", 81)
	// Two 7s in the first row.
	rowConflict = "77" + strings.Repeat(".", 79)
	// Two 3s in the first column.
	columnConflict = "3" + strings.Repeat(".", 8) + "3" + strings.Repeat(".", 71)
	// Two 9s in the first box, in different rows and columns.
	boxConflict = "9" + strings.Repeat(".", 9) + "9" + strings.Repeat(".", 70)
	// No two givens clash, yet the last cell of the first row can only be 9, which its column has.
	noCompletion = "12345678." + "........9" + strings.Repeat(".", 63)
)

func TestSolve(t *testing.T) {
	tests := []struct {
		name   string
		puzzle string
		wantOK bool
		want   string // the expected solution; empty when any solution will do
	}{
		{name: "full grid", puzzle: solvedGrid, wantOK: true, want: solvedGrid},
		{name: "empty grid", puzzle: emptyGrid, wantOK: true},
		{name: "two solutions", puzzle: unavoidable, wantOK: true},
		{name: "row conflict", puzzle: rowConflict},
		{name: "column conflict", puzzle: columnConflict},
		{name: "box conflict", puzzle: boxConflict},
		{name: "no completion", puzzle: noCompletion},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p := mustParse(t, tc.puzzle)
			got, ok := Solve(p)
			if ok != tc.wantOK {
				t.Fatalf("got ok %v, want %v", ok, tc.wantOK)
			}
			if !ok {
				return
			}
			if !got.Solves(p) {
				t.Errorf("got %v, which does not solve %v", got, p)
			}
			if tc.want != "" && got.String() != tc.want {
				t.Errorf("got %v, want %v", got, tc.want)
			}
		})
	}
	t.Run("value above 9", func(t *testing.T) {
		p := Puzzle{10}
		if got, ok := Solve(p); ok {
			t.Errorf("got %v, true, want false", got)
		}
	})
	t.Run("two solutions, same answer every time", func(t *testing.T) {
		first, _ := Solve(mustParse(t, unavoidable))
		for range 3 {
			if again, _ := Solve(mustParse(t, unavoidable)); again != first {
				t.Fatalf("got %v, want %v as before", again, first)
			}
		}
		if s := first.String(); s != solvedGrid && s != swapped {
			t.Errorf("got %v, want %s or %s", s, solvedGrid, swapped)
		}
	})
}

// goldenPath holds minimal unique puzzles made by the tests' own generator, with their solutions.
var goldenPath = filepath.Join("testdata", "minimal.txt")

func TestSolveGolden(t *testing.T) {
	if *update {
		puzzles, solutions := generatedPuzzles(2009, 40)
		var text strings.Builder
		text.WriteString("# Minimal unique puzzles and their solutions, from generatedPuzzles(2009, 40);\n")
		text.WriteString("# rewrite with: go test ./internal/classic -run TestSolveGolden -update\n")
		for i, p := range puzzles {
			fmt.Fprintf(&text, "%v %v\n", p, solutions[i])
		}
		if err := os.WriteFile(goldenPath, []byte(text.String()), 0o644); err != nil {
			t.Fatalf("writing %s: %v", goldenPath, err)
		}
	}
	cases := readGolden(t)
	for i, c := range cases {
		t.Run(fmt.Sprintf("line %d", c.line), func(t *testing.T) {
			// The golden file is checked against the plain reference solver first.
			if n, ref := referenceCount(c.puzzle, 2); n != 1 || ref != c.solution {
				t.Fatalf("reference: got %d solutions, first %v, want 1, %v", n, ref, c.solution)
			}
			got, ok := Solve(c.puzzle)
			if !ok || got != c.solution {
				t.Errorf("case %d: got %v, %v, want %v, true", i, got, ok, c.solution)
			}
			if n := Count(c.puzzle, 2); n != 1 {
				t.Errorf("case %d: Count got %d, want 1", i, n)
			}
		})
	}
}

type goldenCase struct {
	line             int
	puzzle, solution Puzzle
}

func readGolden(t *testing.T) []goldenCase {
	t.Helper()
	f, err := os.Open(goldenPath)
	if err != nil {
		t.Fatalf("opening golden file: %v", err)
	}
	defer f.Close()
	var cases []goldenCase
	scanner := bufio.NewScanner(f)
	for line := 1; scanner.Scan(); line++ {
		text := scanner.Text()
		if text == "" || text[0] == '#' {
			continue
		}
		fields := strings.Fields(text)
		if len(fields) != 2 {
			t.Fatalf("%s:%d: got %d fields, want 2", goldenPath, line, len(fields))
		}
		cases = append(cases, goldenCase{line, mustParse(t, fields[0]), mustParse(t, fields[1])})
	}
	if err := scanner.Err(); err != nil {
		t.Fatalf("reading %s: %v", goldenPath, err)
	}
	if len(cases) == 0 {
		t.Fatalf("%s: got no cases, want some", goldenPath)
	}
	return cases
}

// TestSolveDataSets solves the puzzles of the shared benchmark sets (every twentieth every day,
// all of them in the long tier), checks each answer against the rules and checks that each
// puzzle is unique, as the sets promise.
func TestSolveDataSets(t *testing.T) {
	for _, name := range dataSets {
		t.Run(name, func(t *testing.T) {
			puzzles := loadDataSet(t, name)
			// Every day a sample spread over the set; the long tier solves all of it.
			step := tooltest.Pick(20, 1)
			for i := 0; i < len(puzzles); i += step {
				p := puzzles[i]
				got, ok := Solve(p)
				if !ok || !got.Solves(p) {
					t.Fatalf("puzzle %d (%v): got %v, %v, want a solution", i+1, p, got, ok)
				}
				if n := Count(p, 2); n != 1 {
					t.Fatalf("puzzle %d (%v): Count got %d, want 1", i+1, p, n)
				}
			}
		})
	}
}

// TestSolveGenerated checks Solve on puzzles with a spread of givens cut from random grids, many
// of them with several solutions, against the reference solver.
func TestSolveGenerated(t *testing.T) {
	puzzles := thinnedPuzzles(7, 300)
	for i, p := range puzzles {
		got, ok := Solve(p)
		n, _ := referenceCount(p, 1)
		if ok != (n == 1) {
			t.Fatalf("puzzle %d (%v): got ok %v, want %v", i, p, ok, n == 1)
		}
		if ok && !got.Solves(p) {
			t.Fatalf("puzzle %d (%v): got %v, which does not solve it", i, p, got)
		}
	}
}

func TestSolveAllocatesNothing(t *testing.T) {
	p := mustParse(t, unavoidable)
	hard := readGolden(t)[0].puzzle
	if n := testing.AllocsPerRun(100, func() { Solve(p); Solve(hard) }); n != 0 {
		t.Errorf("got %v allocations per run, want 0", n)
	}
	if n := testing.AllocsPerRun(100, func() { Count(hard, 2); Count(Puzzle{}, 50) }); n != 0 {
		t.Errorf("Count: got %v allocations per run, want 0", n)
	}
}

// FuzzSolve feeds arbitrary grids, values above 9 included: Solve must not fail, must agree with
// Count on whether a solution exists, and any answer must solve the grid.
func FuzzSolve(f *testing.F) {
	f.Add([]byte(unavoidable))
	f.Add([]byte(noCompletion))
	f.Add([]byte(strings.Repeat("\x00", 81)))
	f.Fuzz(func(t *testing.T, data []byte) {
		var p Puzzle
		for i := range p {
			if i < len(data) {
				// Mostly blanks, so that the grids are not hopeless from the start.
				if v := data[i]; v < 20 {
					p[i] = v % 11
				}
			}
		}
		got, ok := Solve(p)
		if n := Count(p, 1); ok != (n == 1) {
			t.Fatalf("%v: Solve got ok %v, Count got %d", p, ok, n)
		}
		if ok && !got.Solves(p) {
			t.Fatalf("%v: got %v, which does not solve it", p, got)
		}
	})
}

// TestSolveHardSet checks the kit's hard puzzles against the reference solver: each is unique,
// and Solve finds its solution.
func TestSolveHardSet(t *testing.T) {
	for i, p := range loadHardSet(t) {
		n, want := referenceCount(p, 2)
		if n != 1 {
			t.Fatalf("puzzle %d (%v): the reference counts %d solutions, want 1", i+1, p, n)
		}
		if got, ok := Solve(p); !ok || got != want {
			t.Fatalf("puzzle %d (%v): got %v, %v, want %v", i+1, p, got, ok, want)
		}
	}
}
