package main

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"bullseye/internal/classic"
	"bullseye/internal/grid"
	"bullseye/internal/validate"
)

// generate runs the generator in process with args (after the program name) and returns its
// standard output, failing the test unless it exits with status 0.
func generate(t *testing.T, args ...string) []byte {
	t.Helper()
	var stdout, stderr bytes.Buffer
	if code := run(append([]string{"generator"}, args...), &stdout, &stderr); code != exitOK {
		t.Fatalf("generator %s: exit status %d, want 0: %s", strings.Join(args, " "), code, stderr.String())
	}
	return stdout.Bytes()
}

// generateTarget runs a target command and reads its output with the strict validator, which
// accepts only the exact sudoku.in format.
func generateTarget(t *testing.T, args ...string) grid.Grid {
	t.Helper()
	out := generate(t, args...)
	g, err := validate.Target(bytes.NewReader(out), "output", validate.Rules{AllowConflicts: true})
	if err != nil {
		t.Fatalf("generator %s: the validator rejects the output: %v", strings.Join(args, " "), err)
	}
	return g
}

// completions counts the completions of g up to 2 with the classic core.
func completions(g grid.Grid) int { return classic.Count(classic.Puzzle(g), 2) }

func givenBands(g grid.Grid) map[int]bool {
	return givenUnits(g, func(c int) int { return grid.RowOf(c) / 3 })
}
func givenStacks(g grid.Grid) map[int]bool {
	return givenUnits(g, func(c int) int { return grid.ColOf(c) / 3 })
}
func givenBoxes(g grid.Grid) map[int]bool { return givenUnits(g, grid.BoxOf) }

func givenUnits(g grid.Grid, unit func(cell int) int) map[int]bool {
	units := map[int]bool{}
	for cell, v := range g {
		if v != 0 {
			units[unit(cell)] = true
		}
	}
	return units
}

func symmetric(g grid.Grid) bool {
	for cell := range g {
		if (g[cell] == 0) != (g[grid.Cells-1-cell] == 0) {
			return false
		}
	}
	return true
}

func TestTargetKeepsItsPromises(t *testing.T) {
	tests := []struct {
		name   string
		args   []string
		givens int
		// check returns what is wrong with g, or "".
		check func(g grid.Grid) string
	}{
		{"random", []string{"--givens", "26"}, 26, func(g grid.Grid) string {
			return expect(g.Valid() && completions(g) > 0, "no completion")
		}},
		{"empty", []string{"--givens", "0"}, 0, func(g grid.Grid) string { return "" }},
		{"band", []string{"--givens", "24", "--shape", "band"}, 24, func(g grid.Grid) string {
			return expect(len(givenBands(g)) == 1 && completions(g) == 2, fmt.Sprintf("givens in bands %v", givenBands(g)))
		}},
		{"whole band", []string{"--givens", "27", "--shape", "band"}, 27, func(g grid.Grid) string {
			return expect(len(givenBands(g)) == 1 && g.Valid(), "not one valid band")
		}},
		{"stack", []string{"--givens", "24", "--shape", "stack"}, 24, func(g grid.Grid) string {
			return expect(len(givenStacks(g)) == 1 && completions(g) == 2, fmt.Sprintf("givens in stacks %v", givenStacks(g)))
		}},
		{"boxes drawn", []string{"--givens", "24", "--shape", "boxes"}, 24, func(g grid.Grid) string {
			return expect(len(givenBoxes(g)) == 3 && completions(g) == 2, fmt.Sprintf("givens in boxes %v", givenBoxes(g)))
		}},
		{"boxes chosen", []string{"--givens", "27", "--shape", "boxes", "--boxes", "1,5,9"}, 27, func(g grid.Grid) string {
			b := givenBoxes(g)
			return expect(len(b) == 3 && b[0] && b[4] && b[8], fmt.Sprintf("givens in boxes %v, want 0, 4 and 8", b))
		}},
		{"symmetric", []string{"--givens", "25", "--shape", "symmetric"}, 25, func(g grid.Grid) string {
			return expect(symmetric(g) && completions(g) > 0, "not symmetric or no completion")
		}},
		{"unique", []string{"--givens", "24", "--unique"}, 24, func(g grid.Grid) string {
			return expect(completions(g) == 1, fmt.Sprintf("%d completions, want 1", completions(g)))
		}},
		{"unique symmetric", []string{"--givens", "28", "--unique", "--shape", "symmetric"}, 28, func(g grid.Grid) string {
			return expect(symmetric(g) && completions(g) == 1, "not symmetric or not unique")
		}},
		{"hidden", []string{"--givens", "24", "--no-solution", "hidden"}, 24, func(g grid.Grid) string {
			return expect(g.Valid() && completions(g) == 0, "a clash or a completion")
		}},
		{"hidden few", []string{"--givens", "8", "--no-solution", "hidden"}, 8, func(g grid.Grid) string {
			return expect(g.Valid() && completions(g) == 0, "a clash or a completion")
		}},
		{"clash", []string{"--givens", "30", "--no-solution", "clash"}, 30, func(g grid.Grid) string {
			return expect(!g.Valid(), "no clash")
		}},
		{"full", []string{"--full"}, 81, func(g grid.Grid) string {
			return expect(g.Valid(), "breaks a rule")
		}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			for seed := 1; seed <= 5; seed++ {
				args := append([]string{"target", "--seed", fmt.Sprint(seed)}, tc.args...)
				g := generateTarget(t, args...)
				if got := g.Givens(); got != tc.givens {
					t.Errorf("seed %d: got %d givens, want %d", seed, got, tc.givens)
				}
				if problem := tc.check(g); problem != "" {
					t.Errorf("seed %d: %s:\n%s", seed, problem, g)
				}
			}
		})
	}
}

// expect returns "" when ok, else problem.
func expect(ok bool, problem string) string {
	if ok {
		return ""
	}
	return problem
}

func TestSeedComesFromTheArguments(t *testing.T) {
	tests := []struct {
		name  string
		a, b  []string
		equal bool
	}{
		{"same arguments", []string{"target", "--givens", "30"}, []string{"target", "--givens", "30"}, true},
		{"other givens", []string{"target", "--givens", "30"}, []string{"target", "--givens", "29"}, false},
		{"flags in another order", []string{"target", "--givens", "24", "--shape", "band"}, []string{"target", "--shape", "band", "--givens", "24"}, true},
		{"a value attached", []string{"target", "--givens", "24", "--shape", "band"}, []string{"target", "--shape=band", "--givens=24"}, true},
		{"a default spelled out", []string{"target", "--givens", "24"}, []string{"target", "--givens", "24", "--shape", "random"}, true},
		{"hard, flags in another order", []string{"hard", "--givens", "24", "--steps", "5", "--measure", "estimate"}, []string{"hard", "--measure", "estimate", "--steps", "5", "--givens", "24"}, true},
		{"hard, --verbose", []string{"hard", "--givens", "24", "--steps", "5"}, []string{"hard", "--verbose", "--givens", "24", "--steps", "5"}, true},
		{"explicit seed", []string{"target", "--givens", "30", "--seed", "1"}, []string{"target", "--seed", "1", "--givens", "30"}, true},
		{"another seed", []string{"target", "--givens", "30", "--seed", "1"}, []string{"target", "--givens", "30", "--seed", "2"}, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			a, b := generate(t, tc.a...), generate(t, tc.b...)
			if got := bytes.Equal(a, b); got != tc.equal {
				t.Errorf("outputs equal: got %v, want %v", got, tc.equal)
			}
		})
	}
}
