package clues

import (
	"testing"

	"bullseye/internal/classic"
	"bullseye/internal/rng"
)

// BenchmarkMinimal measures the classic generator's inner loop: a random full grid carved into a
// minimal unique puzzle. The kit's goal is at least 1,000 a second on one core, under 1 ms each.
func BenchmarkMinimal(b *testing.B) {
	for _, tc := range []struct {
		name      string
		symmetric bool
	}{{"plain", false}, {"symmetric", true}} {
		b.Run(tc.name, func(b *testing.B) {
			r := rng.New(1)
			clues := 0
			for b.Loop() {
				clues += Minimal(r, classic.RandomSolution(r), tc.symmetric).Givens()
			}
			b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "puzzles/s")
			b.ReportMetric(float64(clues)/float64(b.N), "clues/puzzle")
		})
	}
}
