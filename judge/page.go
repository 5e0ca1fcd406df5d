package main

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"

	"bullseye/internal/answer"
	"bullseye/internal/contest"
	"bullseye/internal/grid"
	"bullseye/internal/htmlreport"
	"bullseye/internal/judging"
	"bullseye/internal/report"
	"bullseye/internal/safefile"
)

// newPage returns the HTML page of a judged contest. For target sudoku it draws each test's
// input and an optimal grid, which the reference solution of session ref finds (nil: none is
// drawn) and the cache keeps.
func newPage(ctx context.Context, cfg *config, ref *session, con *contest.Contest, cases []judging.Case, hashes []string) *htmlreport.Page {
	title := "Contest results: " + cfg.problem.Name + " sudoku"
	if cfg.htmlFile != "" && cfg.submission != "" {
		title = "Judgement of " + filepath.Base(cfg.submission)
	}
	p := &htmlreport.Page{Title: title, Contest: con, Date: time.Now().Format("2006-01-02 15:04")}
	for i, c := range cases {
		t := htmlreport.Test{Name: c.Name, Answer: firstLine(c.Answer)}
		if cfg.problem.Name == "target" {
			if puzzle, err := grid.Parse(c.Input); err == nil {
				t.Input = &puzzle
				if ref != nil {
					t.Optimal = optimalGrid(ctx, cfg, ref, c, hashes[i])
				}
			}
		}
		p.Tests = append(p.Tests, t)
	}
	return p
}

// optimalGrid returns a grid that scores the jury's answer, from the cache or the reference
// solution run with -grid; nil when the puzzle has none or the reference does not find it.
func optimalGrid(ctx context.Context, cfg *config, ref *session, c judging.Case, inputSHA256 string) *grid.Grid {
	cached := filepath.Join(cfg.cache, "optimal", ref.referenceKey+"-"+inputSHA256)
	output, err := os.ReadFile(cached)
	if err != nil {
		prog := ref.reference
		argv := prog.Argv
		prog.Argv = func(dir string) []string { return append(argv(dir), "-grid") }
		j := &judging.Judge{Sandbox: ref.sandbox, Program: prog, Problem: cfg.problem, Limits: cfg.limits}
		r, err := j.Run(ctx, c.Input)
		if err != nil || r.ExitCode != 0 || r.Signal != 0 || r.Stopped != "" {
			return nil
		}
		output = r.Output
		_ = safefile.WriteFile(cached, output) // a cache that cannot be written only costs a run
	}
	t, err := answer.ReadTarget(bytes.NewReader(output))
	if err != nil || !t.HasGrid || t.Score.Text != firstLine(c.Answer) {
		return nil
	}
	return &t.Grid
}

// className names a class by its folder's own name, the same for "class", "class/" and ".".
func className(dir string) string {
	abs, err := filepath.Abs(dir)
	if err != nil {
		abs = dir
	}
	return filepath.Base(abs)
}

func firstLine(data []byte) string {
	line, _, _ := strings.Cut(string(data), "\n")
	return strings.TrimSpace(line)
}

// submissionContest returns the judgement of one submission as a contest of one, for its page.
func submissionContest(cfg *config, rep *report.Report, cases []judging.Case, outputs []judging.Result) *contest.Contest {
	con := &contest.Contest{Problem: rep.Problem, TestSet: rep.Tests, Limits: rep.Limits, Isolated: rep.Isolated}
	setBounds(con, cfg, cases)
	x := contest.Contestant{Name: filepath.Base(rep.Submission), File: rep.Submission, Language: rep.Language, Status: contest.Judged, Warnings: rep.Warnings}
	if rep.Compile != nil {
		x.Status, x.Note = contest.CompileError, rep.Compile.Message
	}
	for i, c := range cases {
		con.Tests = append(con.Tests, c.Name)
		if i < len(outputs) {
			res := resultOf(c, outputs[i])
			if i < len(rep.Results) {
				res.Message = rep.Results[i].Message // naming the contestant's file
			}
			x.Results = append(x.Results, res)
		}
	}
	con.Contestants = []contest.Contestant{x}
	con.Contestants[0].Summarize(len(cases))
	con.Rank()
	return con
}

// writeSubmissionPage writes the HTML page of one submission's judgement.
func writeSubmissionPage(ctx context.Context, cfg *config, s *session, rep *report.Report, cases []judging.Case, hashes []string, results []judging.Result) error {
	page := newPage(ctx, cfg, s, submissionContest(cfg, rep, cases, results), cases, hashes)
	if err := writeFile(cfg.htmlFile, page.Write); err != nil {
		return failure(fmt.Errorf("writing the HTML report: %w", err))
	}
	return nil
}
