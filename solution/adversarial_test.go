package main

import (
	"fmt"
	"testing"

	"bullseye/internal/adversary"
	"bullseye/internal/classic"
	"bullseye/internal/grid"
	"bullseye/internal/rng"
)

// adversarialPath holds the adversarial family: inputs hill-climbed against this solution by
// bench/targetclimb, each with the answer CBC proved when it was added.
const adversarialPath = "testdata/adversarial.txt"

// adversarialFamily reads the adversarial family, or panics: the file is part of the tests.
func adversarialFamily() []adversary.Case {
	cases, err := adversary.ReadFamilyFile(adversarialPath)
	if err != nil {
		panic(err)
	}
	return cases
}

func TestMaximizeAdversarialFamily(t *testing.T) {
	cases := adversarialFamily()
	if len(cases) < 15 {
		t.Fatalf("got %d adversarial inputs, want at least 15", len(cases))
	}
	for _, c := range cases {
		t.Run(fmt.Sprintf("line_%d", c.Line), func(t *testing.T) {
			if g := c.Givens.Givens(); g < 17 {
				t.Errorf("%d givens, want at least 17: the family keeps to hard legal-looking inputs", g)
			}
			best, fill := maximize(asInts(c.Givens))
			if best != c.Answer {
				t.Fatalf("got %d, want %d (proved by CBC); givens:\n%s", best, c.Answer, c.Givens)
			}
			if err := checkFill(c.Givens, best, fill); err != nil {
				t.Errorf("%v; givens:\n%s", err, c.Givens)
			}
		})
	}
}

// TestMaximizeAgainstBruteForceNearAdversarial completes each adversarial input to 40 or more
// givens, from a completion of its own, so that the brute force can answer: the shapes the
// climb found, with fewer blanks.
func TestMaximizeAgainstBruteForceNearAdversarial(t *testing.T) {
	r := rng.New(bruteForceSeed + 100)
	for _, c := range adversarialFamily() {
		completion, ok := classic.Solve(classic.Puzzle(c.Givens))
		if !ok {
			t.Fatalf("line %d: no completion, but the answer is %d", c.Line, c.Answer)
		}
		for variant := range 3 {
			givens := c.Givens
			want := r.IntBetween(40, 48)
			for _, cell := range r.Perm(grid.Cells) {
				if givens.Givens() >= want {
					break
				}
				givens[cell] = completion[cell]
			}
			best, fill := maximize(asInts(givens))
			if wantBest := bruteForceMax(givens); best != wantBest {
				t.Fatalf("line %d, variant %d: got %d, want %d (brute force); givens:\n%s", c.Line, variant, best, wantBest, givens)
			}
			if err := checkFill(givens, best, fill); err != nil {
				t.Errorf("line %d, variant %d: %v; givens:\n%s", c.Line, variant, err, givens)
			}
		}
	}
}
