package main

import (
	"bytes"
	"strings"
	"testing"

	"bullseye/internal/classic"
	"bullseye/internal/grid"
	"bullseye/internal/validate"
)

// generateClassic runs a classic command and reads its batch with the strict validator.
func generateClassic(t *testing.T, args ...string) []classic.Puzzle {
	t.Helper()
	out := generate(t, args...)
	grids, err := validate.Classic(bytes.NewReader(out), "output", validate.Rules{})
	if err != nil {
		t.Fatalf("generator %s: the validator rejects the output: %v", strings.Join(args, " "), err)
	}
	puzzles := make([]classic.Puzzle, len(grids))
	for i, g := range grids {
		puzzles[i] = classic.Puzzle(g)
	}
	return puzzles
}

// minimal reports whether removing any clue (any mirror pair, when symmetric) of the unique
// puzzle p admits a second solution.
func minimal(p classic.Puzzle, symmetric bool) bool {
	for cell, v := range p {
		if v == 0 || (symmetric && cell > grid.Cells-1-cell) {
			continue
		}
		q := p
		q[cell] = 0
		if symmetric {
			q[grid.Cells-1-cell] = 0
		}
		if classic.Count(q, 2) < 2 {
			return false
		}
	}
	return true
}

func TestClassicKeepsItsPromises(t *testing.T) {
	tests := []struct {
		name  string
		args  []string
		clues int // 0: any number
		check func(p classic.Puzzle) string
	}{
		{"minimal", nil, 0, func(p classic.Puzzle) string {
			return expect(classic.Count(p, 2) == 1 && minimal(p, false), "not unique and minimal")
		}},
		{"minimal symmetric", []string{"--symmetric"}, 0, func(p classic.Puzzle) string {
			return expect(symmetric(grid.Grid(p)) && classic.Count(p, 2) == 1 && minimal(p, true), "not symmetric, unique and minimal")
		}},
		{"clues", []string{"--clues", "30"}, 30, func(p classic.Puzzle) string {
			return expect(classic.Count(p, 2) == 1, "not unique")
		}},
		{"clues symmetric", []string{"--clues", "31", "--symmetric"}, 31, func(p classic.Puzzle) string {
			return expect(symmetric(grid.Grid(p)) && classic.Count(p, 2) == 1, "not symmetric and unique")
		}},
		{"several", []string{"--solutions", "several"}, 0, func(p classic.Puzzle) string {
			return expect(classic.Count(p, 2) == 2, "fewer than two solutions")
		}},
		{"several clues", []string{"--solutions", "several", "--clues", "30"}, 30, func(p classic.Puzzle) string {
			return expect(classic.Count(p, 2) == 2, "fewer than two solutions")
		}},
		{"several symmetric", []string{"--solutions", "several", "--clues", "30", "--symmetric"}, 30, func(p classic.Puzzle) string {
			return expect(symmetric(grid.Grid(p)) && classic.Count(p, 2) == 2, "not symmetric with two solutions")
		}},
		{"none", []string{"--solutions", "none"}, 0, func(p classic.Puzzle) string {
			return expect(grid.Grid(p).Valid() && classic.Count(p, 1) == 0, "a clash or a solution")
		}},
		{"none clues", []string{"--solutions", "none", "--clues", "40"}, 40, func(p classic.Puzzle) string {
			return expect(grid.Grid(p).Valid() && classic.Count(p, 1) == 0, "a clash or a solution")
		}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			args := append([]string{"classic", "--count", "20", "--seed", "1"}, tc.args...)
			puzzles := generateClassic(t, args...)
			if len(puzzles) != 20 {
				t.Fatalf("got %d puzzles, want 20", len(puzzles))
			}
			seen := map[classic.Puzzle]bool{}
			for i, p := range puzzles {
				if tc.clues > 0 && p.Givens() != tc.clues {
					t.Errorf("puzzle %d: got %d clues, want %d", i+1, p.Givens(), tc.clues)
				}
				if problem := tc.check(p); problem != "" {
					t.Errorf("puzzle %d: %s: %s", i+1, problem, p)
				}
				if seen[p] {
					t.Errorf("puzzle %d: a repeat of an earlier one: %s", i+1, p)
				}
				seen[p] = true
			}
		})
	}
}

func TestClassicBatchIsItsPrefix(t *testing.T) {
	// Puzzles are drawn one after another from one stream: a longer batch starts with the
	// shorter one, so a count can grow without changing the puzzles already in a test.
	short := generate(t, "classic", "--count", "3", "--seed", "9")
	long := generate(t, "classic", "--count", "6", "--seed", "9")
	if !bytes.HasPrefix(long, short) {
		t.Errorf("got a batch of 6 starting\n%s\nwant it to start with the batch of 3\n%s", long[:len(short)], short)
	}
	if got := bytes.Count(long, []byte("\n")); got != 6 {
		t.Errorf("got %d lines, want 6", got)
	}
}
