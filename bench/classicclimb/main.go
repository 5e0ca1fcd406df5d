// Command classicclimb hill-climbs hard classic sudoku puzzles against the kit's core: it keeps
// the unique puzzles on which internal/classic's search guesses the most when it counts to 2
// (CountGuesses, a figure that does not depend on the machine's load), so a run is reproducible
// from its seed. Each climb starts from a minimal puzzle carved from a random grid and moves by
// swapping a given for a blank of the same solution (and dropping a given when the puzzle stays
// unique without it), keeping a move that does not lower the guesses. It prints the hardest
// puzzle of each climb, one per line in the one-line format, then a comment with the climb's
// seed, its givens and its guesses.
//
// Usage: go run ./bench/classicclimb [-climbs N] [-seed S] [-steps N] > hard.txt
package main

import (
	"bufio"
	"flag"
	"fmt"
	"os"

	"bullseye/internal/classic"
	"bullseye/internal/rng"
)

func main() {
	climbs := flag.Int("climbs", 100, "climbs, each from its own seed (seed, seed+1, ...), each printing its hardest puzzle")
	seed := flag.Uint64("seed", 1, "seed of the first climb")
	steps := flag.Int("steps", 3000, "moves tried per climb")
	flag.Parse()
	if *climbs < 1 || *steps < 1 || flag.NArg() > 0 {
		fmt.Fprintln(os.Stderr, "usage: classicclimb [-climbs N] [-seed S] [-steps N]")
		os.Exit(2)
	}
	out := bufio.NewWriter(os.Stdout)
	defer out.Flush()
	for i := range *climbs {
		s := *seed + uint64(i)
		p, guesses := climb(rng.New(s), *steps)
		fmt.Fprintf(out, "%v\n# seed %d, %d givens, %d guesses\n", p, s, p.Givens(), guesses)
	}
}

// climb runs one climb of the given number of moves and returns the hardest puzzle it met.
func climb(r *rng.Rand, steps int) (classic.Puzzle, int) {
	solution := classic.RandomSolution(r)
	p := solution
	for _, cell := range r.Perm(81) {
		given := p[cell]
		p[cell] = 0
		if classic.Count(p, 2) != 1 {
			p[cell] = given
		}
	}
	_, guesses := classic.CountGuesses(p, 2)
	best, bestGuesses := p, guesses
	for range steps {
		q := p
		given, blank := pick(r, &q, true), pick(r, &q, false)
		q[given], q[blank] = 0, solution[blank]
		count, g := classic.CountGuesses(q, 2)
		if count != 1 || g < guesses {
			continue
		}
		p, guesses = q, g
		if g > bestGuesses {
			best, bestGuesses = q, g
		}
	}
	return best, bestGuesses
}

// pick returns a random cell of p that is a given (when given is true) or a blank.
func pick(r *rng.Rand, p *classic.Puzzle, given bool) int {
	for {
		cell := r.IntN(81)
		if (p[cell] != 0) == given {
			return cell
		}
	}
}
