package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"strings"

	"bullseye/internal/grid"
	"bullseye/internal/judging"
	"bullseye/internal/outcome"
	"bullseye/internal/safefile"
	"bullseye/internal/stress"
	"bullseye/internal/textdiff"
	"bullseye/internal/untrusted"
)

// stressTest tests the submission against the reference solution on random inputs and reports
// the first disagreement, shrunk and saved.
func stressTest(ctx context.Context, cfg *config, stdout, stderr io.Writer) error {
	s, ce, err := openSession(ctx, cfg, stderr)
	if err != nil {
		return err
	}
	if ce != nil {
		fmt.Fprintf(stdout, "CE: %s\n%s\n", outcome.CompileError.Name(), untrusted.Lines(ce.Message))
		return rejected
	}
	defer s.close(stderr)

	submission := &judging.Judge{Sandbox: s.sandbox, Program: s.submission, Problem: cfg.problem, Limits: cfg.limits}
	reference := &judging.Judge{Sandbox: s.sandbox, Program: s.reference, Problem: cfg.problem, Limits: cfg.limits}
	check := func(ctx context.Context, puzzle grid.Grid) (stress.Trial, error) {
		input := []byte(puzzle.String())
		r, err := reference.Run(ctx, input)
		if err != nil {
			return stress.Trial{}, err
		}
		if r.Stopped != "" || r.Signal != 0 || r.ExitCode != 0 || r.StartError != "" {
			return stress.Trial{}, fmt.Errorf("the reference solution failed: %s", r.Ended())
		}
		o := submission.Test(ctx, input, r.Output)
		if o.Verdict == outcome.Failure {
			return stress.Trial{}, errors.New(o.Message)
		}
		return stress.Trial{Verdict: o.Verdict, Message: o.Message, Expected: r.Output, Found: o.Output, Compared: o.Compared}, nil
	}

	color := colorFor(stdout)
	progress := newStressProgress(stderr, cfg.count, cfg.quiet)
	found, err := stress.Run(ctx, stress.Config{
		Seed: cfg.seed, Count: cfg.count, MinGivens: cfg.minGivens, MaxGivens: cfg.maxGivens,
		Parallel: cfg.jobs, ShrinkRuns: stress.DefaultShrinkRuns, ShrinkTime: cfg.shrinkTime,
		// The failure is news at once: shrinking may take a while, and may be interrupted.
		Found: func(c stress.Case, t stress.Trial) {
			clearLine(stderr)
			fmt.Fprintf(stdout, "%s on %v, seed %d: %s\n", paint(string(t.Verdict), "\x1b[31m", color), c, cfg.seed, untrusted.Line(t.Message))
			printCase(stdout, c.Puzzle, t, color)
			fmt.Fprintf(stdout, "shrinking it (at most %v, never below %d givens)...\n", cfg.shrinkTime, cfg.minGivens)
		},
		Shrinking: newShrinkProgress(stderr, cfg.quiet),
	}, check, progress)
	clearLine(stderr)
	if err != nil && ctx.Err() != nil {
		return failure(errors.New("interrupted: every run is stopped"))
	}
	if err != nil {
		return failure(fmt.Errorf("stress: %w", err))
	}
	if found == nil {
		fmt.Fprintf(stdout, "%s: all %d cases agree with the reference solution (seed %d, %d-%d givens)\n",
			paint("AC", "\x1b[32m", color), cfg.count, cfg.seed, cfg.minGivens, cfg.maxGivens)
		return nil
	}
	dir := cfg.save
	if dir == "" {
		name := strings.TrimSuffix(filepath.Base(cfg.submission), filepath.Ext(cfg.submission))
		dir = filepath.Join(cfg.cache, "stress", fmt.Sprintf("%s-seed%d", name, cfg.seed))
	}
	if err := saveFinding(dir, found); err != nil {
		return failure(err)
	}
	printFinding(stdout, cfg, found, dir, color, ctx.Err() != nil)
	return rejected
}

// saveFinding writes the original and the shrunk input, each with the reference's answer and
// the submission's, as NAME.in, NAME.ans and NAME.out: the folder is a test set for --tests.
func saveFinding(dir string, f *stress.Finding) error {
	d, err := safefile.OpenDir(dir)
	if err != nil {
		return fmt.Errorf("saving the case: %w", err)
	}
	defer d.Close()
	files := map[string][]byte{
		"original.in": []byte(f.Case.Puzzle.String()), "original.ans": f.Trial.Expected, "original.out": f.Trial.Found,
		"shrunk.in": []byte(f.Shrunk.String()), "shrunk.ans": f.ShrunkTrial.Expected, "shrunk.out": f.ShrunkTrial.Found,
	}
	for name, data := range files {
		if err := d.WriteFile(name, data); err != nil {
			return fmt.Errorf("saving the case: %w", err)
		}
	}
	return nil
}

func printFinding(w io.Writer, cfg *config, f *stress.Finding, dir string, color, interrupted bool) {
	t := f.ShrunkTrial
	var why string
	switch {
	case interrupted:
		why = "interrupted; the smallest so far"
	case f.ShrinkCut:
		why = fmt.Sprintf("stopped at its bound, --shrink-time %v or %d runs; the smallest so far", cfg.shrinkTime, stress.DefaultShrinkRuns)
	case f.Shrunk.Givens() == cfg.minGivens:
		why = fmt.Sprintf("%d givens is the floor of --givens", cfg.minGivens)
	default:
		why = "no given can go without changing the verdict"
	}
	runs := fmt.Sprintf("%d runs", f.ShrinkRuns)
	if f.ShrinkRuns == 1 {
		runs = "1 run"
	}
	if f.Shrunk == f.Case.Puzzle {
		fmt.Fprintf(w, "shrunk in %s: the case above stays as it is (%s)\n", runs, why)
	} else {
		fmt.Fprintf(w, "shrunk in %s to %d givens, %s: %s (%s)\n", runs, f.Shrunk.Givens(), t.Verdict, untrusted.Line(t.Message), why)
		printCase(w, f.Shrunk, t, color)
	}
	fmt.Fprintf(w, "saved in %s (shrunk.in, shrunk.ans, shrunk.out; original.*); judge it again with\n", dir)
	fmt.Fprintf(w, "    ./judge.sh --tests %s %s\n", dir, cfg.submission)
}

// printCase shows an input, the reference's answer, the submission's, and how they differ.
func printCase(w io.Writer, puzzle grid.Grid, t stress.Trial, color bool) {
	fmt.Fprintf(w, "input:\n%s", indentLines(puzzle.String()))
	fmt.Fprintf(w, "expected (the reference solution):\n%s", indentLines(untrusted.Lines(string(t.Expected))))
	found := string(t.Found)
	if len(found) > 400 {
		found = found[:400] + "..."
	}
	found = untrusted.Lines(found)
	if strings.TrimSpace(found) == "" {
		found = "(nothing)"
	}
	fmt.Fprintf(w, "found:\n%s", indentLines(found))
	if t.Verdict != outcome.WrongAnswer && t.Verdict != outcome.PresentationError {
		return
	}
	var diff string
	if c := t.Compared; c != nil {
		diff = textdiff.Lines(c.FirstLine, c.Expected, c.Found, color)
	} else {
		diff = textdiff.Lines(1, outputLines(t.Expected), outputLines(t.Found), color)
	}
	if diff != "" {
		fmt.Fprint(w, diff)
	}
}

// outputLines splits an output into its first lines, for a diff.
func outputLines(data []byte) []string {
	text := strings.TrimRight(strings.ReplaceAll(string(data), "\r\n", "\n"), "\n")
	lines := strings.Split(text, "\n")
	return lines[:min(len(lines), 20)]
}

func indentLines(s string) string {
	s = strings.TrimRight(s, "\n")
	return "    " + strings.ReplaceAll(s, "\n", "\n    ") + "\n"
}

func paint(text, color string, on bool) string {
	if !on {
		return text
	}
	return color + text + "\x1b[0m"
}

// stressLogEvery is how many agreeing cases a line says when stderr is not a terminal.
const stressLogEvery = 100

// newStressProgress returns a progress function that keeps a line up to date on a terminal,
// and elsewhere writes a line every stressLogEvery cases; nil when quiet.
func newStressProgress(w io.Writer, count int, quiet bool) func(done int) {
	switch {
	case quiet:
		return nil
	case !isTerminal(w):
		next := stressLogEvery
		// done counts the cases checked so far; a batch may be several cases.
		return func(done int) {
			if done >= next {
				fmt.Fprintf(w, "stress: %d/%d cases agree\n", done, count)
				next = done/stressLogEvery*stressLogEvery + stressLogEvery
			}
		}
	}
	return func(done int) { fmt.Fprintf(w, "\r\x1b[Kstress: %d/%d cases agree", done, count) }
}

// newShrinkProgress returns a progress function for shrinking, on a terminal, unless quiet.
func newShrinkProgress(w io.Writer, quiet bool) func(runs, givens int) {
	if quiet || !isTerminal(w) {
		return nil
	}
	return func(runs, givens int) { fmt.Fprintf(w, "\r\x1b[Kshrinking: %d runs, %d givens left", runs, givens) }
}

func clearLine(w io.Writer) {
	if isTerminal(w) {
		fmt.Fprint(w, "\r\x1b[K")
	}
}
