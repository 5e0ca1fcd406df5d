package clues

import (
	"fmt"
	"testing"

	"bullseye/internal/classic"
	"bullseye/internal/grid"
	"bullseye/internal/rng"
)

// keeps reports whether every clue of p is the digit of solution in its cell.
func keeps(p, solution classic.Puzzle) bool {
	for cell, v := range p {
		if v != 0 && v != solution[cell] {
			return false
		}
	}
	return true
}

func isSymmetric(p classic.Puzzle) bool {
	for cell := range cells {
		if (p[cell] == 0) != (p[mirror(cell)] == 0) {
			return false
		}
	}
	return true
}

// minimalUnder reports whether removing any unit of clues from p admits a second solution.
func minimalUnder(p classic.Puzzle, symmetric bool) bool {
	for _, unit := range units(symmetric) {
		if p[unit[0]] == 0 {
			continue
		}
		q := p
		for _, cell := range unit {
			q[cell] = 0
		}
		if classic.Count(q, 2) < 2 {
			return false
		}
	}
	return true
}

func TestMinimal(t *testing.T) {
	for _, symmetric := range []bool{false, true} {
		t.Run(fmt.Sprintf("symmetric %v", symmetric), func(t *testing.T) {
			r := rng.New(1)
			for i := range 30 {
				solution := classic.RandomSolution(r)
				p := Minimal(r, solution, symmetric)
				switch {
				case !keeps(p, solution):
					t.Errorf("puzzle %d: got clues that are not the solution's: %s", i, p)
				case classic.Count(p, 2) != 1:
					t.Errorf("puzzle %d: got %d solutions, want 1: %s", i, classic.Count(p, 2), p)
				case !minimalUnder(p, symmetric):
					t.Errorf("puzzle %d: got a clue that can go, want none: %s", i, p)
				case symmetric && !isSymmetric(p):
					t.Errorf("puzzle %d: got an asymmetric pattern: %s", i, p)
				}
			}
		})
	}
}

func TestDown(t *testing.T) {
	tests := []struct {
		clues     int
		symmetric bool
	}{{81, false}, {60, false}, {40, false}, {30, false}, {25, false}, {41, true}, {32, true}, {30, true}}
	for _, tc := range tests {
		t.Run(fmt.Sprintf("%d symmetric %v", tc.clues, tc.symmetric), func(t *testing.T) {
			r := rng.New(2)
			made := 0
			for attempt := range 200 {
				solution := classic.RandomSolution(r)
				p, ok := Down(r, solution, tc.clues, tc.symmetric)
				if classic.Count(p, 2) != 1 || !keeps(p, solution) {
					t.Fatalf("attempt %d: got a puzzle that is not a unique puzzle of the solution: %s", attempt, p)
				}
				if !ok {
					if p.Givens() <= tc.clues {
						t.Errorf("attempt %d: not ok with %d clues, want more than %d", attempt, p.Givens(), tc.clues)
					}
					continue
				}
				made++
				if p.Givens() != tc.clues || (tc.symmetric && !isSymmetric(p)) {
					t.Errorf("attempt %d: got %d clues (symmetric %v), want %d (symmetric %v)", attempt, p.Givens(), isSymmetric(p), tc.clues, tc.symmetric)
				}
			}
			if made < 100 {
				t.Errorf("got %d puzzles in 200 attempts, want most", made)
			}
		})
	}
}

func TestSymmetric(t *testing.T) {
	r := rng.New(3)
	for _, n := range []int{0, 1, 2, 17, 24, 25, 80, 81} {
		solution := classic.RandomSolution(r)
		p := Symmetric(r, solution, n)
		if p.Givens() != n || !isSymmetric(p) || !keeps(p, solution) {
			t.Errorf("n %d: got %d symmetric (%v) clues of the solution (%v), want %d: %s", n, p.Givens(), isSymmetric(p), keeps(p, solution), n, p)
		}
	}
}

func TestWithoutOneAndChanged(t *testing.T) {
	r := rng.New(4)
	for i := range 30 {
		symmetric := i%2 == 1
		solution := classic.RandomSolution(r)
		base := Minimal(r, solution, symmetric)

		several, ok := WithoutOne(r, base, solution, symmetric)
		wantClues := base.Givens() - 1
		if !ok || classic.Count(several, 2) != 2 || !keeps(several, solution) {
			t.Errorf("puzzle %d: WithoutOne: got ok %v, %d solutions, want a puzzle with several: %s", i, ok, classic.Count(several, 2), several)
		}
		if n := several.Givens(); n != wantClues && !(symmetric && n == wantClues-1) {
			t.Errorf("puzzle %d: WithoutOne: got %d clues, want one unit fewer than %d", i, n, base.Givens())
		}

		none, ok := Changed(r, base)
		differences := 0
		for cell := range cells {
			if none[cell] != base[cell] {
				differences++
			}
		}
		if !ok || classic.Count(none, 1) != 0 || !grid.Grid(none).Valid() || differences != 1 {
			t.Errorf("puzzle %d: Changed: got ok %v, valid %v, %d cells changed, want one clue changed, no clash and no solution: %s",
				i, ok, grid.Grid(none).Valid(), differences, none)
		}
	}
	full := classic.RandomSolution(r)
	if _, ok := WithoutOne(r, full, full, false); ok {
		// A full grid loses any one clue without a second solution.
		t.Errorf("WithoutOne of a full grid: got ok, want not ok")
	}
}

func TestRemovableAgreesWithCounting(t *testing.T) {
	r := rng.New(5)
	for i := range 40 {
		solution := classic.RandomSolution(r)
		p, _ := Down(r, solution, 26+i%10, false)
		for _, unit := range units(i%2 == 1) {
			if p[unit[0]] == 0 {
				continue
			}
			q := p
			for _, cell := range unit {
				q[cell] = 0
			}
			want := classic.Count(q, 2) == 1
			if got := removable(&p, &solution, unit); got != want {
				t.Errorf("puzzle %d, cells %v: removable got %v, want %v (counting): %s", i, unit, got, want, p)
			}
		}
	}
}
