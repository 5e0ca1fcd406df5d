package main

import (
	"bytes"
	"fmt"
	"testing"

	"bullseye/internal/hardness"
)

func TestHardKeepsItsPromises(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name   string
		args   []string
		givens int
	}{
		{"nodes", []string{"--givens", "24", "--steps", "30", "--max-nodes", "200000"}, 24},
		{"completions", []string{"--givens", "30", "--steps", "30", "--max-nodes", "200000", "--measure", "completions"}, 30},
		{"estimate", []string{"--givens", "26", "--steps", "100", "--measure", "estimate"}, 26},
		{"restarts", []string{"--givens", "40", "--steps", "60", "--patience", "5"}, 40},
		{"full", []string{"--givens", "81", "--steps", "3"}, 81},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			for seed := 1; seed <= 3; seed++ {
				args := append([]string{"hard", "--seed", fmt.Sprint(seed)}, tc.args...)
				g := generateTarget(t, args...)
				if got := g.Givens(); got != tc.givens {
					t.Errorf("seed %d: got %d givens, want %d", seed, got, tc.givens)
				}
				if !g.Valid() || completions(g) == 0 {
					t.Errorf("seed %d: got an input without completion, want one with:\n%s", seed, g)
				}
				if again := generate(t, args...); !bytes.Equal(again, []byte(g.String())) {
					t.Errorf("seed %d: a second run gave\n%s\nwant\n%s", seed, again, g)
				}
			}
		})
	}
}

func TestHardBeatsItsStart(t *testing.T) {
	// The climb's first step is a random input; the result must be at least as hard.
	const cap = 1_000_000
	start := generateTarget(t, "hard", "--givens", "26", "--steps", "1", "--max-nodes", fmt.Sprint(cap), "--seed", "4")
	found := generateTarget(t, "hard", "--givens", "26", "--steps", "200", "--max-nodes", fmt.Sprint(cap), "--seed", "4")
	startWork, foundWork := hardness.Enumerate(start, cap), hardness.Enumerate(found, cap)
	if foundWork.Nodes < 10*startWork.Nodes {
		t.Errorf("got %d nodes after the climb, want at least ten times the %d of its start", foundWork.Nodes, startWork.Nodes)
	}
}
