package main

import (
	"testing"

	"bullseye/internal/classic"
	"bullseye/internal/rng"
)

// TestClimb checks a short climb: it returns a unique puzzle whose guesses are the ones it
// reports, and the same puzzle from the same seed.
func TestClimb(t *testing.T) {
	for seed := range uint64(3) {
		p, guesses := climb(rng.New(seed), 300)
		count, got := classic.CountGuesses(p, 2)
		if count != 1 {
			t.Fatalf("seed %d: got a puzzle with %d solutions, want 1", seed, count)
		}
		if got != guesses {
			t.Errorf("seed %d: got %d guesses reported, the search makes %d", seed, guesses, got)
		}
		if again, _ := climb(rng.New(seed), 300); again != p {
			t.Errorf("seed %d: got %v then %v, want the same puzzle from the same seed", seed, p, again)
		}
	}
}
