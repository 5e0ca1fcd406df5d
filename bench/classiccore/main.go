// Command classiccore times the kit's classic core in one process, as tdoku_bench times tdoku:
// for each FILE (puzzles one a line, as classic.ReadPuzzles reads them) it runs Count(p, 2) and
// Solve(p) over every puzzle, five passes each, and prints the best pass of each as microseconds
// per puzzle, with the guesses per puzzle of the count (its work, which does not depend on the
// machine). No start-up and no output are counted. bench/classic.sh runs it beside tdoku_bench.
//
// Usage: classiccore [-passes N] FILE...
package main

import (
	"flag"
	"fmt"
	"os"
	"time"

	"bullseye/internal/classic"
)

func main() {
	passes := flag.Int("passes", 5, "passes over each set; the best is printed")
	flag.Usage = func() {
		fmt.Fprintln(os.Stderr, "usage: classiccore [-passes N] FILE...")
		flag.PrintDefaults()
	}
	flag.Parse()
	if flag.NArg() == 0 || *passes < 1 {
		flag.Usage()
		os.Exit(2)
	}
	for _, name := range flag.Args() {
		puzzles, err := load(name)
		if err != nil {
			fmt.Fprintf(os.Stderr, "classiccore: %v\n", err)
			os.Exit(2)
		}
		unique, guesses := 0, 0
		count := best(*passes, func() {
			unique, guesses = 0, 0
			for _, p := range puzzles {
				n, g := classic.CountGuesses(p, 2)
				if n == 1 {
					unique++
				}
				guesses += g
			}
		})
		solved := 0
		solve := best(*passes, func() {
			solved = 0
			for _, p := range puzzles {
				if _, ok := classic.Solve(p); ok {
					solved++
				}
			}
		})
		n := float64(len(puzzles))
		fmt.Printf("%s: %d puzzles, %d unique, %d solved: count2 %.2f us/puzzle, guesses %.2f, solve %.2f us/puzzle (best of %d passes)\n",
			name, len(puzzles), unique, solved, count/n, float64(guesses)/n, solve/n, *passes)
	}
}

// load reads the puzzles of the file name.
func load(name string) ([]classic.Puzzle, error) {
	f, err := os.Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	puzzles, err := classic.ReadPuzzles(f)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	if len(puzzles) == 0 {
		return nil, fmt.Errorf("%s: no puzzles", name)
	}
	return puzzles, nil
}

// best runs pass the given number of times and returns the fastest in microseconds.
func best(passes int, pass func()) float64 {
	fastest := time.Duration(1<<63 - 1)
	for range passes {
		start := time.Now()
		pass()
		fastest = min(fastest, time.Since(start))
	}
	return float64(fastest.Nanoseconds()) / 1e3
}
