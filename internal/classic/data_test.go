package classic

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"testing"

	"bullseye/internal/rng"
)

// dataDir is the shared benchmark sets, relative to this package: ../shared/data/classic from the
// repository root. They are not part of the repository; tests using them skip when absent.
const dataDir = "../../../shared/data/classic"

// dataSets names the shared benchmark sets.
var dataSets = []string{"17_clue.txt", "top1465.txt"}

// loadDataSet reads a shared benchmark set, skipping the test or benchmark when it is absent.
func loadDataSet(tb testing.TB, name string) []Puzzle {
	tb.Helper()
	path := filepath.Join(dataDir, name)
	f, err := os.Open(path)
	if errors.Is(err, fs.ErrNotExist) {
		tb.Skipf("skipping: %s is absent (the shared data sets live in ../shared/data/classic beside the repository)", path)
	}
	if err != nil {
		tb.Fatalf("opening %s: %v", path, err)
	}
	defer f.Close()
	puzzles, err := ReadPuzzles(f)
	if err != nil {
		tb.Fatalf("reading %s: %v", path, err)
	}
	if len(puzzles) == 0 {
		tb.Fatalf("reading %s: got no puzzles, want some", path)
	}
	return puzzles
}

// loadHardSet reads testdata/hard.txt, the kit's own hard puzzles (see its header).
func loadHardSet(tb testing.TB) []Puzzle {
	tb.Helper()
	f, err := os.Open(filepath.Join("testdata", "hard.txt"))
	if err != nil {
		tb.Fatalf("opening the hard set: %v", err)
	}
	defer f.Close()
	puzzles, err := ReadPuzzles(f)
	if err != nil || len(puzzles) == 0 {
		tb.Fatalf("reading the hard set: %d puzzles, error %v; want puzzles", len(puzzles), err)
	}
	return puzzles
}

// minimalPuzzle empties the cells of the full grid solution in an order drawn from r, keeping
// each blank only while the puzzle stays unique, so that no given can be removed at the end.
func minimalPuzzle(r *rng.Rand, solution Puzzle) Puzzle {
	p := solution
	for _, cell := range r.Perm(cells) {
		given := p[cell]
		p[cell] = 0
		if Count(p, 2) != 1 {
			p[cell] = given
		}
	}
	return p
}

// generatedPuzzles returns n minimal unique puzzles drawn from seed, with their solutions.
func generatedPuzzles(seed uint64, n int) (puzzles, solutions []Puzzle) {
	r := rng.New(seed)
	for range n {
		solution := RandomSolution(r)
		puzzles = append(puzzles, minimalPuzzle(r, solution))
		solutions = append(solutions, solution)
	}
	return puzzles, solutions
}
