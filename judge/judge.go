package main

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"time"

	"bullseye/internal/iofiles"
	"bullseye/internal/judging"
	"bullseye/internal/outcome"
	"bullseye/internal/report"
	"bullseye/internal/testset"
	"bullseye/internal/untrusted"
)

// judge judges the submission over the tests and prints the report.
func judge(ctx context.Context, cfg *config, stdout, stderr io.Writer) error {
	tests, cases, hashes, err := readCases(cfg, stderr)
	if err != nil {
		return err
	}
	rep := &report.Report{
		Submission: cfg.submission, Language: cfg.lang.Name, Problem: cfg.problem.Name,
		Tests: cfg.testSetName(), Limits: report.LimitsOf(cfg.limits), Results: []report.Test{},
		Bounds: cfg.narrower, WithinOnly: cfg.withinOnly,
	}
	if cfg.narrower != nil {
		rep.BoundsName = cfg.narrower.Name
	}
	progress := cfg.progress(stderr)
	progress.Step(fmt.Sprintf("compiling %s and the reference solution", untrusted.Line(filepath.Base(cfg.submission))))
	s, ce, err := openSession(ctx, cfg, stderr)
	progress.Clear()
	if err != nil {
		return err
	}
	if ce != nil {
		rep.Compile = &report.Compile{Verdict: outcome.CompileError, Message: ce.Message}
		if cfg.htmlFile != "" {
			if err := writeSubmissionPage(ctx, cfg, nil, rep, cases, hashes, nil); err != nil {
				return err
			}
		}
		return finish(ctx, rep, cfg, stdout)
	}
	defer s.close(stderr)
	rep.Isolated, rep.ControlGroups = s.sandbox.Isolated(), s.sandbox.ControlGroups()
	rep.Warnings = s.warnings

	j := &judging.Judge{Sandbox: s.sandbox, Program: s.submission, Problem: cfg.problem, Limits: cfg.limits}
	results := j.All(ctx, cases, cfg.jobs, progress.Update)
	if err := ctx.Err(); err != nil {
		progress.Clear()
		return failure(errors.New("interrupted: every run is stopped"))
	}
	refs := referenceTimesFor(ctx, cfg, s, cases, hashes, progress)
	progress.Clear()

	wd, _ := os.Getwd()
	for i, r := range results {
		row := report.TestOf(cases[i].Name, r.Outcome, hashes[i])
		row.Message = s.rename(row.Message)
		row.Rerun, row.RerunWhy, row.Beyond = r.Rerun, r.RerunWhy, cases[i].Beyond
		if cpu, ok := refs[i]; ok {
			row.SetReference(cpu)
		}
		row.Detail = &report.Detail{
			InputFile: displayPath(wd, tests[i].Input), Input: cases[i].Input, Expected: cases[i].Answer,
			Found: r.Output, FoundSource: r.OutputSource, Compared: r.Compared,
		}
		rep.Results = append(rep.Results, row)
	}
	if cfg.htmlFile != "" {
		if err := writeSubmissionPage(ctx, cfg, s, rep, cases, hashes, results); err != nil {
			return err
		}
	}
	return finish(ctx, rep, cfg, stdout)
}

// finish prints the report, writes its JSON when asked, and returns the exit status's error.
func finish(ctx context.Context, rep *report.Report, cfg *config, stdout io.Writer) error {
	rep.Summarize()
	if rep.Compile == nil && rep.Summary.Verdict != outcome.Accepted {
		if source, err := os.ReadFile(cfg.submission); err == nil {
			rep.Hint = iofiles.Hint(ctx, cfg.lang.Name, source, cfg.problem.InputFile, cfg.problem.OutputFile)
		}
	}
	if cfg.jsonFile == "-" {
		if err := rep.WriteJSON(stdout); err != nil && !errors.Is(err, syscall.EPIPE) {
			return failure(err)
		}
	} else {
		style := report.Style{Color: colorFor(stdout)}
		writers := []func(io.Writer, report.Style) error{rep.WriteTable, rep.WriteSummary, rep.WriteFailure}
		if rep.Compile != nil {
			writers = writers[1:2] // the compiler's message, and nothing ran
		}
		for _, write := range writers {
			if err := write(stdout, style); errors.Is(err, syscall.EPIPE) {
				// The reader went away, as head(1) does once it has its lines: nobody
				// reads the rest, and the verdict stands.
				break
			} else if err != nil {
				return failure(err)
			}
		}
		if cfg.jsonFile != "" {
			if err := writeJSON(rep, cfg.jsonFile); err != nil {
				return failure(err)
			}
		}
	}
	switch rep.Summary.Verdict {
	case outcome.Accepted:
		return nil
	case outcome.Failure:
		return judgeFailed
	}
	return rejected
}

func writeJSON(rep *report.Report, name string) error {
	if err := writeFile(name, rep.WriteJSON); err != nil {
		return fmt.Errorf("writing the JSON report: %w", err)
	}
	return nil
}

// readCases finds the tests the flags name and loads each one's input and answer.
func readCases(cfg *config, stderr io.Writer) ([]testset.Test, []judging.Case, []string, error) {
	tests, err := findTests(cfg, stderr)
	if err != nil {
		return nil, nil, nil, err
	}
	cases, hashes, err := loadCases(tests)
	if err != nil {
		return nil, nil, nil, failure(err)
	}
	if cfg.narrower != nil {
		for i := range cases {
			cases[i].Beyond = cfg.narrower.Beyond(cases[i].Input)
		}
	}
	if cfg.withinOnly {
		var keptTests []testset.Test
		var keptCases []judging.Case
		var keptHashes []string
		for i, c := range cases {
			if c.Beyond == "" {
				keptTests, keptCases, keptHashes = append(keptTests, tests[i]), append(keptCases, c), append(keptHashes, hashes[i])
			}
		}
		if len(keptCases) == 0 {
			return nil, nil, nil, usageError("--bounds %s: no test of %s lies within %s (%s)", cfg.narrower.Name, cfg.testSetName(), cfg.narrower.Title, cfg.narrower.Rule)
		}
		tests, cases, hashes = keptTests, keptCases, keptHashes
	}
	return tests, cases, hashes, nil
}

// testSetName names the tests in reports: the --tests folder, or else the group.
func (cfg *config) testSetName() string {
	if cfg.testsDir != "" {
		return cfg.testsDir
	}
	return cfg.group
}

// findTests returns the tests --tests or --group names, and says on stderr which tests of the
// group are absent from this machine.
func findTests(cfg *config, stderr io.Writer) ([]testset.Test, error) {
	if cfg.testsDir != "" {
		tests, err := testset.Dir(cfg.testsDir)
		if err != nil {
			return nil, usageError("--tests: %v", err)
		}
		return tests, nil
	}
	tests, skipped, err := testset.Group(cfg.kit, cfg.problem.Name, cfg.group)
	var unknown *testset.UnknownGroupError
	if errors.As(err, &unknown) {
		return nil, usageError("--group: %v", err)
	}
	if err != nil {
		return nil, failure(fmt.Errorf("reading the test set: %w", err))
	}
	for _, s := range skipped {
		fmt.Fprintf(stderr, "judge: skipping %s\n", s)
	}
	if len(tests) == 0 {
		return nil, failure(fmt.Errorf("group %s of problem %s has no test on this machine", cfg.group, cfg.problem.Name))
	}
	return tests, nil
}

// loadCases reads the tests and returns them with the sha256 of each input.
func loadCases(tests []testset.Test) ([]judging.Case, []string, error) {
	cases := make([]judging.Case, len(tests))
	hashes := make([]string, len(tests))
	for i, t := range tests {
		input, answer, err := t.Load()
		if err != nil {
			return nil, nil, err
		}
		sum := sha256.Sum256(input)
		cases[i] = judging.Case{Name: t.Name, Input: input, Answer: answer}
		hashes[i] = hex.EncodeToString(sum[:])
	}
	return cases, hashes, nil
}

// referenceTimesFor returns the reference solution's CPU time on each case it answers within
// the limits, from the cache or, once per reference build and input, measured.
func referenceTimesFor(ctx context.Context, cfg *config, s *session, cases []judging.Case, hashes []string, progress *report.Progress) map[int]time.Duration {
	times := loadReferenceTimes(cfg.cache)
	found := map[int]time.Duration{}
	var missing []judging.Case
	var missingAt []int
	for i := range cases {
		if cpu, ok := times.get(timeKey(s.referenceKey, cfg.problem.Name, hashes[i])); ok {
			found[i] = cpu
			continue
		}
		missing, missingAt = append(missing, cases[i]), append(missingAt, i)
	}
	if len(missing) == 0 {
		return found
	}
	ref := &judging.Judge{Sandbox: s.sandbox, Program: s.reference, Problem: cfg.problem, Limits: cfg.limits}
	results := ref.All(ctx, missing, cfg.jobs, func(done, total int, name string) {
		progress.Step(fmt.Sprintf("timing the reference solution %d/%d: %s", done+1, total, untrusted.Line(name)))
	})
	for k, r := range results {
		if r.Verdict != outcome.Accepted {
			continue // the ratio is then unknown, not wrong
		}
		i := missingAt[k]
		found[i] = r.Run.CPU()
		times.set(timeKey(s.referenceKey, cfg.problem.Name, hashes[i]), r.Run.CPU())
	}
	_ = times.save() // a cache that cannot be written only costs measuring again
	return found
}

// progress returns the progress of a judging on stderr: a line kept up to date on a terminal,
// else a line per step, nothing with --quiet.
func (cfg *config) progress(stderr io.Writer) *report.Progress {
	return report.NewProgressFor(stderr, isTerminal(stderr), cfg.quiet, "judge: ")
}

// displayPath returns name relative to the working folder when it lies below it.
func displayPath(wd, name string) string {
	if rel, err := filepath.Rel(wd, name); err == nil && !strings.HasPrefix(rel, "..") {
		return rel
	}
	return name
}
