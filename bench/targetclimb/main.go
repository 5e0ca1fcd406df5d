// Command targetclimb hill-climbs target sudoku inputs against the kit's solution: it keeps the
// inputs on which the solution reports the most work with -stats (its "work" figure, a count
// of its inner steps that does not depend on the machine's load), so the climb is reproducible
// from its seed when stopped by its step budget. With -measure cpu it keeps instead the inputs
// that take the solution the most CPU time (user and system, the whole process, the least of
// -runs runs), which serves any program that reads standard input, the C++ port
// (solution/cpp/target.cpp) among them; such a climb depends on the machine and its load. It prints the hardest inputs found in the
// format of an adversarial family file (internal/adversary.ReadFamily): one per line, the 81
// digits in reading order, the answer CBC proves (cbc must be on PATH), then a note with the
// climb's seed and the work. The climb (internal/climb) keeps the number of givens and moves by
// Shift, Rebase and Relabel.
//
// Usage: go build -o BIN solution/main.go && go run ./bench/targetclimb -solution BIN [flags]
//
//	g++ -O2 -o BIN solution/cpp/target.cpp && go run ./bench/targetclimb -solution BIN -measure cpu
package main

import (
	"bytes"
	"context"
	"errors"
	"flag"
	"fmt"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"time"

	"bullseye/internal/cbc"
	"bullseye/internal/climb"
	"bullseye/internal/grid"
	"bullseye/internal/rng"
)

func main() {
	solution := flag.String("solution", "", "the kit's solution binary (go build -o BIN solution/main.go)")
	givens := flag.Int("givens", 24, "givens of every input, 0..81")
	steps := flag.Int("steps", 2000, "inputs measured per climb")
	climbs := flag.Int("climbs", 1, "climbs, each from its own seed (seed, seed+1, ...)")
	seed := flag.Uint64("seed", 1, "seed of the first climb")
	patience := flag.Int("patience", 300, "steps without improvement before a fresh start (0: never)")
	keep := flag.Int("keep", 10, "hardest inputs printed per climb")
	budget := flag.Duration("time", 0, "also stop each climb after this long (0: only the step budget)")
	measureBy := flag.String("measure", "work", "what the climb raises: work (the solution's -stats work) or cpu (its CPU time in ms)")
	runs := flag.Int("runs", 3, "with -measure cpu, runs per input: its CPU time is the least of them, the others' noise being the load's")
	flag.Parse()
	if *solution == "" || flag.NArg() > 0 || *givens < 0 || *givens > grid.Cells || (*measureBy != "work" && *measureBy != "cpu") {
		fmt.Fprintln(os.Stderr, "usage: targetclimb -solution BIN [-givens N] [-steps N] [-climbs N] [-seed S] [-patience N] [-keep N] [-time D] [-measure work|cpu] [-runs N]")
		os.Exit(2)
	}
	bin, err := filepath.Abs(*solution)
	if err != nil {
		fmt.Fprintln(os.Stderr, "targetclimb:", err)
		os.Exit(1)
	}
	dir, err := os.MkdirTemp("", "targetclimb-")
	if err != nil {
		fmt.Fprintln(os.Stderr, "targetclimb:", err)
		os.Exit(1)
	}
	defer os.RemoveAll(dir)
	measure := func(puzzle grid.Grid) (float64, bool, error) {
		w, err := work(bin, dir, puzzle)
		return w, false, err
	}
	if *measureBy == "cpu" {
		measure = func(puzzle grid.Grid) (float64, bool, error) {
			least := math.Inf(1)
			for range max(*runs, 1) {
				ms, err := cpuTime(bin, dir, puzzle)
				if err != nil {
					return 0, false, err
				}
				least = min(least, ms)
			}
			return least, false, nil
		}
	}
	for c := range *climbs {
		start := time.Now()
		opt := climb.Options{MinGivens: *givens, MaxGivens: *givens, Steps: *steps, Patience: *patience, Keep: *keep,
			Moves: []climb.Move{climb.Shift, climb.Rebase, climb.Relabel}}
		if *budget > 0 {
			opt.Deadline = start.Add(*budget)
		}
		res, err := climb.Climb(rng.New(*seed+uint64(c)), opt, measure)
		if err != nil {
			fmt.Fprintln(os.Stderr, "targetclimb:", err)
			os.RemoveAll(dir)
			os.Exit(1)
		}
		fmt.Printf("# climb seed %d, %d givens: %d steps, %d restarts, %v\n", *seed+uint64(c), *givens, res.Steps, res.Restarts, time.Since(start).Round(time.Second))
		for _, s := range res.Hardest {
			answer, _, err := cbc.Maximize(context.Background(), s.Puzzle)
			if err != nil {
				fmt.Fprintln(os.Stderr, "targetclimb:", err)
				os.RemoveAll(dir)
				os.Exit(1)
			}
			fmt.Printf("%s %d # climb seed %d, %d givens, %s %s\n", s.Puzzle.Line(), answer, *seed+uint64(c), *givens, *measureBy, strconv.FormatFloat(s.Value, 'f', -1, 64))
		}
	}
}

var workPattern = regexp.MustCompile(`\bwork (\d+)`)

// work runs the solution on puzzle with -stats and returns the work it reports.
func work(bin, dir string, puzzle grid.Grid) (float64, error) {
	_, stderr, err := runSolution(bin, dir, puzzle, "-stats")
	if err != nil {
		return 0, err
	}
	m := workPattern.FindSubmatch(stderr.Bytes())
	if m == nil {
		return 0, fmt.Errorf("solution -stats reported no work: %q", stderr.String())
	}
	return strconv.ParseFloat(string(m[1]), 64)
}

// cpuTime runs the solution on puzzle and returns the CPU time it took, user and system, in
// milliseconds.
func cpuTime(bin, dir string, puzzle grid.Grid) (float64, error) {
	cmd, _, err := runSolution(bin, dir, puzzle)
	if err != nil {
		return 0, err
	}
	used := cmd.ProcessState.UserTime() + cmd.ProcessState.SystemTime()
	return float64(used.Microseconds()) / 1000, nil
}

// runSolution runs the solution bin on puzzle, from standard input in the empty folder dir, with
// args, within a minute, and returns the finished command and its standard error.
func runSolution(bin, dir string, puzzle grid.Grid, args ...string) (*exec.Cmd, *bytes.Buffer, error) {
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, bin, args...)
	cmd.Dir = dir // empty, no sudoku.in: the solution reads standard input
	cmd.Stdin = strings.NewReader(puzzle.String())
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Run(); err != nil {
		var exitErr *exec.ExitError
		if errors.As(err, &exitErr) {
			return nil, nil, fmt.Errorf("solution exited with status %d: %s", exitErr.ExitCode(), strings.TrimSpace(stderr.String()))
		}
		return nil, nil, err
	}
	return cmd, &stderr, nil
}
