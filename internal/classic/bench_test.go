package classic

import (
	"testing"

	"bullseye/internal/rng"
)

// The benchmarks solve one puzzle per operation, cycling through a set, so ns/op is the time per
// puzzle; the counts report their guesses per puzzle too. The shared sets are used when present;
// the hard set of testdata and the generated set always are.

func benchmarkEach(b *testing.B, run func(b *testing.B, puzzles []Puzzle)) {
	for _, name := range dataSets {
		b.Run(name, func(b *testing.B) { run(b, loadDataSet(b, name)) })
	}
	b.Run("hard", func(b *testing.B) { run(b, loadHardSet(b)) })
	b.Run("generated", func(b *testing.B) {
		puzzles, _ := generatedPuzzles(1, 300)
		run(b, puzzles)
	})
}

func BenchmarkSolve(b *testing.B) {
	benchmarkEach(b, func(b *testing.B, puzzles []Puzzle) {
		for i := 0; b.Loop(); i++ {
			if _, ok := Solve(puzzles[i%len(puzzles)]); !ok {
				b.Fatalf("puzzle %d: got no solution, want one", i%len(puzzles))
			}
		}
	})
}

func BenchmarkCount2(b *testing.B) {
	benchmarkEach(b, func(b *testing.B, puzzles []Puzzle) {
		guesses, i := 0, 0
		for ; b.Loop(); i++ {
			n, g := CountGuesses(puzzles[i%len(puzzles)], 2)
			if n != 1 {
				b.Fatalf("puzzle %d: got %d solutions, want 1", i%len(puzzles), n)
			}
			guesses += g
		}
		b.ReportMetric(float64(guesses)/float64(i), "guesses/op")
	})
}

func BenchmarkRandomSolution(b *testing.B) {
	r := rng.New(1)
	for b.Loop() {
		RandomSolution(r)
	}
}
